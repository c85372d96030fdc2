"""The host around the scenes: one `Host` that shows a scene, composed of its jobs by name.

One `Host` runs in every mode (window, browser, headless) and takes every event first. Each job
is a base class in its own module:

- `app.switching`: which scene is shown (keys 1..N, Tab, the scene list), its toolbar, the
  chrome's layout for the canvas's shown size, the window's title.
- `app.pausing`: the pause policy (P, the pause button, the window or tab going away, a click
  to resume, `.` one step and `,` one phase while paused).
- `app.routing`: where each event goes (`handle`).
- `app.painting`: the scene, the veil and chrome over it, and what was painted over (`draw`).
- `app.governing`: the governor's feed (`present` times the frame's cost for the shown scene's
  `app.quality.QualityGovernor`).
- `app.ahead`: building ahead the models a reader's next action will need.

The toolbar (`app.toolbar`): compare, scenes, pause, overlay, fullscreen, restart; F11 toggles
fullscreen too. Restart hands the scene a "restart" record (`apply`). Side by side: the compare
button (or `compare=` at the start) shows an `app.side_by_side.CompareView` of the scene in its
place, copies that differ in one parameter; pressed again, the single scene comes back as it
was. The spider game stays single (a note says so). The slider panel's "copy link" / "copy
embed" are `app.share`'s.

`state()` is the shown scene's state plus `frame` (frames run), `paused` and `steps` (simulation
steps the shown scene has taken since it was made). It leaves the tier out on purpose: the
state is the simulation's, the same at every tier (the context's `tier` says what is drawn).

The host tells a scene everything through the scene's `context` (`scenes.kit.context`): tier,
touch, overlay, the toolbar's rects (`chrome`) and the slots it left free for the scene's own
buttons (`slots`), what it painted over the last frame (`painted_over`), and where records are
kept (`records`, handed over once through `Scene.use_records`).
"""

import time

from . import storage
from .ahead import BuildingAhead
from .governing import GovernorFeed
from .painting import Painting
from .pausing import PausePolicy
from .quality import DEFAULT_MODE, FrameRate
from .rewind import Rewind
from .routing import EventRouting
from .side_by_side import SideBySide
from .switching import TITLE, SceneSwitching  # noqa: F401 (main titles its window with it)
from .toolbar import BUTTON, GAP, MARGIN, SceneList
from scenes.kit.ui_scale import FULL_SIZE


class Host(SceneSwitching, PausePolicy, EventRouting, Painting, GovernorFeed, BuildingAhead):
    """The shown scene and everything around it, composed of its jobs (the bases).

    scene_classes  {name: Scene class} in `--list` order (keys 1..N follow it)
    make           function(name) -> a new scene of that name (the first uses the options)
    first          the name of the scene shown at the start
    window         a `app.window` window (title, fullscreen)
    switchable     whether the user may switch scenes
    quality        "auto" or a tier to pin (`app.quality.MODES`)
    governed       whether frames are timed and the tier governed (the live loop); else the
                   tier stays what `quality` names ("auto": high)
    timer          the clock frames are timed with (seconds); tests pass a fake one
    records        where scenes keep what outlives a run: `load(name)`, `save(name, record)`
                   (`app.storage`, which keeps nothing in a headless run)
    compare        None, or the `scenes.kit.model.side_by_side.Compare` the first scene opens with
    """

    def __init__(self, scene_classes, make, first, window, switchable=True,
                 quality=DEFAULT_MODE, governed=False, timer=time.perf_counter, records=storage,
                 compare=None):
        self.classes = dict(scene_classes)
        self.names = list(self.classes)
        self.make = make
        self.window = window
        self.switchable = switchable and len(self.names) > 1
        self.scenes = {}
        self.paused = False
        self.paused_by = None  # who paused: "reader", "page" or "visibility" (`app.embed`)
        self.frame_size = None  # the frame's CSS size from the page (`app.embed.PageLink`)
        self.frames = 0
        self.fullscreen_frame = 0  # a window just opened may see its focus shuffled too
        self.scene = None
        self.quality = quality
        self.governed = governed
        self.timer = timer
        self.records = records
        self.governors = {}  # scene name -> its QualityGovernor
        self.side_by_side = SideBySide(self)  # the scenes shown side by side (`app.side_by_side`)
        self.frame_rate = FrameRate()
        self.frame_start = None  # timer() when the current frame's steps began
        self.interval = None  # the display interval the loop measured, s (None: unknown)
        self.ui = FULL_SIZE  # the size the canvas is shown at (`lay_out`)
        self.rewind = Rewind(self)  # the timeline bar and [ ] while paused (`app.rewind`)
        right = window.surface.get_width() - MARGIN
        self.scene_list = SceneList([(name, cls.help) for name, cls in self.classes.items()],
                                    lambda: self.scene.name, self.switch, right,
                                    MARGIN + BUTTON + GAP)
        self.show(first)
        if compare is not None:
            self.side_by_side.start(compare)

    # -- the toolbar's actions on the window ----------------------------------------------

    def toggle_overlay(self):
        context = self.scene.context
        context.overlay = not context.overlay

    def toggle_fullscreen(self):
        self.fullscreen_frame = self.frames
        self.window.toggle_fullscreen()
        self.forget_canvas()

    # -- a frame and its state ----------------------------------------------------------

    def frame(self, steps, interval=None):
        """One displayed frame that runs `steps` simulation steps (none while paused).

        `interval` is the display interval the loop measured (s), for the quality governor."""
        self.frame_start = self.timer() if self.governed else None
        self.interval = interval
        self.frames += 1
        self.poll_away()
        if not self.paused:
            for _ in range(steps):
                self.scene.step()
        else:
            self.rewind.idle()
        self.build_ahead()

    def state(self):
        state = self.scene.state()
        state.update(scene=self.scene.name, frame=self.frames, paused=self.paused,
                     steps=self.scene.frame)
        state.setdefault("compare", None)
        return state
