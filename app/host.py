"""The host around the scenes: switching, pausing, the shared toolbar, the window's title.

One `Host` runs in every mode (window, browser, headless) and takes every event first, so a
scripted `key_down "1"` does exactly what the key does in a window:

- Scenes: keys 1..N (in `--list` order), Tab / Shift+Tab, or the toolbar's scene list switch the
  scene shown. Each scene is made the first time it is shown and kept, so coming back to the
  spider game finds it where it was. The window title follows. A single-scene browser embed
  (`?scene=` in its address) offers no switching at all.
- Pause: key P, the pause button, and the window losing focus or being hidden (the tab hidden in
  the browser). A paused scene says so, takes no steps, and resumes on a click or tap anywhere
  (that press does nothing else) or P. While paused, `.` advances exactly one step and `,` one
  phase of it (`Scene.step_phase`): integrate, each iteration, finish. Who paused
  (`paused_by`: the reader, or "visibility" when the window went away) is for `app.embed`.
- The toolbar (`app.toolbar`): compare, scenes, pause, overlay, fullscreen, restart; F11
  toggles fullscreen too. Restart hands the scene a "restart" record (`apply`).
- Side by side: the compare button (or `compare=` at the start) shows an `app.side_by_side.CompareView`
  of the scene in its place, copies that differ in one parameter; pressed again, the single
  scene comes back as it was. The spider game stays single (a note says so).
- Layout (`lay_out(css_scale, touch)`, `app.chrome`): the chrome grown for the size the page
  shows the canvas at, a "more" menu for what the row cannot hold; the scenes stay 960 x 540.
  The slider panel's "copy link" / "copy embed" are `app.share`'s.
- Quality: each scene has its own `app.quality.QualityGovernor`, so a costly scene
  dropping a tier leaves a cheap one at its best. In the live loop (`governed`) the host times
  each frame's steps, draw and present (`present`: the window scaling the canvas to its size
  and showing it, which costs more the larger the window) and feeds the shown scene's
  governor; the tier it picks becomes
  the scene context's `tier`, which only the views read. Headless runs are not governed: the tier stays
  the one asked for ("auto" draws at high), so screenshots and tests are stable. With the
  overlay on, a small label at the bottom right says frames per second and the tier.
- Building ahead (`app.ahead`, a base of Host): in the live loop every frame spends a couple of
  milliseconds building the models a reader's next action will need, so R, a first switch and
  the compare button take a settled model instead of settling it in their frame.

`state()` is the shown scene's state plus `frame` (frames run), `paused` and `steps` (simulation
steps the shown scene has taken since it was made). It leaves the tier out on purpose: the
state is the simulation's, the same at every tier (the context's `tier` says what is drawn).

The host tells a scene everything through the scene's `context` (`scenes.kit.context`): tier,
touch, overlay, the toolbar's rects (`chrome`) and the slots it left free for the scene's own
buttons (`slots`), what it painted over the last frame (`painted_over`), and where records are
kept (`records`, handed over once through `Scene.use_records`).
"""

import sys
import time

import pygame

from . import share, storage
from .chrome import QUALITY_LABEL_INSET, quality_pill, toolbar_of, veil  # noqa: F401
from .ahead import BuildingAhead
from .side_by_side import SideBySide
from .rewind import Rewind
from .quality import DEFAULT_MODE, FrameRate, QualityGovernor, budget_interval, label
from .toolbar import BUTTON, GAP, MARGIN, SceneList
from scenes.kit.ui_scale import FULL_SIZE, UiScale

TITLE = "Verlet Playground"
FOCUS_GRACE_FRAMES = 60
"""Focus losses this soon after the window opened or switched fullscreen are the window manager
reshuffling, not the user leaving: no pause for them (one second)."""
AWAY_POLL_FRAMES = 15
"""How often the page is asked whether the tab is hidden (a JavaScript call), in frames."""
AWAY_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED)
CANVAS_EVENTS = tuple(getattr(pygame, name) for name in (
    "VIDEORESIZE", "VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWRESIZED", "WINDOWSIZECHANGED",
    "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED", "WINDOWDISPLAYCHANGED")
    if hasattr(pygame, name))
"""Window events after which the canvas may no longer hold the last frame: the next one is
painted whole."""
STEP_KEYS = (pygame.K_p, pygame.K_PERIOD, pygame.K_COMMA)
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}


class Host(BuildingAhead):
    """The shown scene and everything around it.

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

    # -- scenes ----------------------------------------------------------------------------

    def show(self, name):
        """Show the scene called `name`, making it the first time."""
        overlay = self.scene.context.overlay if self.scene is not None else None
        if name not in self.scenes:
            self.scenes[name] = self.make(name)
            self.scenes[name].use_records(self.records)
            self.governors[name] = QualityGovernor(self.quality)
        self.scene = self.side_by_side.views.get(name) or self.scenes[name]
        context = self.scene.context
        if context.ui != self.ui:
            self.scene.lay_out(self.ui)
        if self.scene.panel is not None:
            self.scene.panel.on_share = lambda kind: share.copy(self, kind)
        self.governors[name].restart()  # its frames from before are no measure of now
        context.tier = self.governors[name].tier
        if overlay is not None:
            context.overlay = overlay  # the overlay button is the host's: it stays as it was
        self._install_toolbar()
        self.window.set_title(f"{TITLE}: {name}")

    def _install_toolbar(self):
        self.toolbar = self._toolbar()
        context = self.scene.context
        context.chrome = tuple(button.rect for button in self.toolbar.buttons.values())
        context.slots = dict(self.toolbar.free_slots)

    _frame_size = None

    @property
    def frame_size(self):
        """The page's last word on the frame's CSS size (the fields of `app.page.frame_size`),
        or None; setting it lays the chrome out for its "scale" and "touch"."""
        return self._frame_size

    @frame_size.setter
    def frame_size(self, size):
        self._frame_size = size
        if isinstance(size, dict) and "scale" in size:
            self.lay_out(size["scale"], size.get("touch", False))

    def lay_out(self, css_scale, touch=False):
        """Lay the chrome out for a canvas shown at `css_scale` CSS px per canvas px, for a
        finger (`touch`) or a mouse: every scene's panel and notes, the toolbar and its menu,
        the scene list and the veil (`app.chrome`). Scale 1 under a mouse is the designed
        layout. A scale that is no number is ignored (one line on stderr)."""
        try:
            ui = UiScale(float(css_scale), bool(touch))
        except (TypeError, ValueError) as error:
            print(f"lay_out: {error}; keeping the layout", file=sys.stderr)
            return
        if ui == self.ui:
            return  # a resize that keeps the scale (the page reports every one): nothing moves
        self.ui = ui
        for scene in self.scenes.values():
            scene.lay_out(ui)
        self.scene_list.lay_out(ui, self.window.surface.get_height() - ui.room(MARGIN))
        self._install_toolbar()
        self.forget_canvas()

    def switch(self, name):
        if self.switchable and name in self.classes and name != self.scene.name:
            self.show(name)

    def switch_by(self, offset):
        index = self.names.index(self.scene.name)
        self.switch(self.names[(index + offset) % len(self.names)])

    def _toolbar(self):
        """The shown scene's toolbar row (and, as `menu`, its "more" menu) for the layout."""
        toolbar, self.menu = toolbar_of(self)
        return toolbar

    # -- the toolbar's actions ---------------------------------------------------------------

    def toggle_scene_list(self):
        self.scene_list.open = not self.scene_list.open
        if self.scene_list.open and self.scene.panel is not None:
            self.scene.panel.open = False  # the two would overlap

    def toggle_pause(self):
        self.paused, self.paused_by = not self.paused, "reader"

    def toggle_compare(self):
        """The compare button: side by side, or back to the single scene (`app.side_by_side`)."""
        self.side_by_side.toggle()

    def pause(self):
        """The window or tab went away: a pause that coming back into view may undo."""
        if not self.paused:
            self.paused, self.paused_by = True, "visibility"

    def toggle_overlay(self):
        context = self.scene.context
        context.overlay = not context.overlay

    def toggle_fullscreen(self):
        self.fullscreen_frame = self.frames
        self.window.toggle_fullscreen()
        self.forget_canvas()

    def step_once(self):
        """One simulation step while paused (key `.`)."""
        if self.paused:
            self.scene.step()

    # -- events, steps, drawing --------------------------------------------------------------

    def handle(self, event):
        """Take one pygame event: the host's own keys and buttons first, then the scene's."""
        self.window.handle(event)
        if event.type in CANVAS_EVENTS:
            self.forget_canvas()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.scene.context.touch = bool(getattr(event, "touch", False))  # toolbar presses too
        if event.type in AWAY_EVENTS:
            if self.frames - self.fullscreen_frame > FOCUS_GRACE_FRAMES:
                self.pause()
            return
        if self.menu.handle(event) or self.scene_list.handle(event) or self.rewind.handle(event):
            return
        if not self._row_covered() and self.toolbar.handle(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.KEYUP and event.key in STEP_KEYS:
            return  # the step keys are the host's, both ways (a part-way frame stays so)
        if self.paused and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            panel = self.scene.panel
            if panel is None or not panel.handle(event):
                self.paused = False  # a click or tap resumes, and does nothing else
            return
        self.scene.handle(event)

    def _key(self, event):
        """Handle a host key; True when it was one."""
        key = event.key
        if key == pygame.K_p:
            self.toggle_pause()
        elif key == pygame.K_PERIOD:
            self.step_once()
        elif key == pygame.K_COMMA:
            if self.paused:
                self.scene.step_phase()  # one phase of the frame (`Scene.step_phase`)
        elif key == pygame.K_F11:
            self.toggle_fullscreen()
        elif key == pygame.K_TAB and self.switchable:
            self.switch_by(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in NUMBER_KEYS and self.switchable:
            number = NUMBER_KEYS[key]
            if number <= len(self.names):
                self.switch(self.names[number - 1])
        else:
            return False
        return True

    @property
    def governor(self):
        """The shown scene's quality governor."""
        return self.governors[self.scene.name]

    def frame(self, steps, interval=None):
        """One displayed frame that runs `steps` simulation steps (none while paused).

        `interval` is the display interval the loop measured (s), for the quality governor."""
        self.frame_start = self.timer() if self.governed else None
        self.interval = interval
        self.frames += 1
        if self.frames % AWAY_POLL_FRAMES == 0 and self.window.away():
            self.pause()
        if not self.paused:
            for _ in range(steps):
                self.scene.step()
        else:
            self.rewind.idle()
        self.build_ahead()

    def draw(self, surface):
        """The shown scene, then the veil, toolbar, scene list and label over it.

        The scene is told what was painted over its last frame (its context's `painted_over`): the
        toolbar's area, when that is all; nothing is known (None) after a veil, an open scene
        list, the overlay's label, a switch of scene, another surface or a window event that
        may have lost the picture (`forget_canvas`)."""
        chrome = self._chrome
        known = chrome is not None and chrome[0] is surface and chrome[1] is self.scene
        context = self.scene.context
        context.painted_over = chrome[2] if known else None
        self.scene.draw(surface)
        self.toolbar.keep_clear = (self.rewind.bar(),) if self.paused else ()
        painted = [self._toolbar_area()]
        if self.paused and not self.scene.part_way:  # part-way, the phase's readout says it
            word = context.pointer_word
            lines = ([f"{word} anywhere to go on"] if context.touch else
                     [f"{word} or press P to go on", "the . key: one step",
                      "the , key: one phase of it"])
            model = getattr(self.scene, "model", None)
            points = model.points() if hasattr(model, "points") else ()
            veil(surface, "paused", lines, self.ui, [self.rewind.bar()], points)
            self.rewind.draw(surface)
            painted = None
        if self.scene_list.open or self.menu.open:
            self.toolbar.hover = None  # a button's hint would peek out under the list
            painted = None
        if not self._row_covered():
            self.toolbar.draw(surface)
        self.menu.draw(surface)
        self.scene_list.draw(surface)
        if context.overlay:
            self._draw_quality_label(surface)
            painted = None
        self._chrome = None if painted is None else (surface, self.scene, painted)

    def _row_covered(self):
        """Whether the shown scene's open panel lies over the toolbar row (a small canvas):
        the row is then neither drawn nor pressed until the panel folds."""
        panel = self.scene.panel
        return bool(panel is not None and panel.open and getattr(panel, "covers_row", False))

    def present(self, waits_for_screen=False):
        """Show the drawn frame (the window scales the canvas to its size), then feed the frame's
        whole cost to the shown scene's governor: steps, draw and this present.

        `waits_for_screen` says the present blocks until the screen's refresh (vsync): then its
        time is mostly waiting, and only the part of the frame past the display interval
        counts as the present's cost (a present that makes its refresh costs nothing extra; one
        whose scaling pushes the frame past it costs what it overran)."""
        before = self.timer() if self.frame_start is not None else None
        self.window.present()
        if before is None:
            return
        now = self.timer()
        cost = now - before
        if waits_for_screen:
            overran = now - self.frame_start - budget_interval(self.interval)
            cost = min(cost, max(0.0, overran))
        self._govern(now, before - self.frame_start + cost)

    _chrome = None
    """(surface, scene, rects) of the last `draw`: what was painted over that scene's picture;
    None when not known."""

    def forget_canvas(self):
        """The next frame paints the whole canvas (the window's picture may be gone)."""
        self._chrome = None

    def _toolbar_area(self):
        """The canvas rect the toolbar paints within: its buttons and any button's hint below
        it (worked out once per toolbar)."""
        toolbar = self.toolbar
        if self._toolbar_painted is None or self._toolbar_painted[0] is not toolbar:
            self._toolbar_painted = (toolbar, toolbar.area(self.window.surface.get_width()))
        return self._toolbar_painted[1]

    _toolbar_painted = None  # (toolbar, its `_toolbar_area`)

    def _draw_quality_label(self, surface):
        """The overlay's fps and tier line on a small dark pill, readable on any sky."""
        corner = getattr(self.scene, "quality_corner", lambda: None)()  # side by side's own
        return quality_pill(surface, self.quality_label(), self.ui, corner)

    def _govern(self, now, work):
        """Feed the frame's work (steps, draw, present) to the shown scene's governor; apply
        its tier."""
        self.frame_rate.tick(now)
        if self.paused:  # a paused frame only draws: no measure of the running scene's cost
            self.governor.restart()
        else:
            self.scene.context.tier = self.governor.record(now, work, self.interval)
        self.frame_start = None

    def quality_label(self):
        """"58 fps · medium (auto)": the overlay's line (no fps when frames are not timed)."""
        return label(self.scene.context.tier, self.quality, self.frame_rate.fps())

    def state(self):
        state = self.scene.state()
        state.update(scene=self.scene.name, frame=self.frames, paused=self.paused,
                     steps=self.scene.frame)
        state.setdefault("compare", None)
        return state
