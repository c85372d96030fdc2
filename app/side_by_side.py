"""Side by side: two to four copies of one scene in a grid on the one canvas, fed the same input.

The host (`app.host`) shows a `CompareView` in place of one scene while compare mode is on (the
toolbar's compare button, `--compare NAME=V1,V2` or `compare=NAME:V1,V2` in the page query).
What the copies differ in is a `scenes.kit.model.side_by_side.Compare`; everything else about them
is the scene's own: each copy is a whole scene (its model, its view, its wind button), built
with the same seed and the same parameters but the one compared.

The grid: two copies side by side, three or four in two rows (three leave the top right, under
the toolbar, to a legend), each cell half the canvas in each direction (480 x 270), so a copy is its whole 960 x 540 picture at half size. A copy draws at
full size onto its own surface, which is scaled into its cell; a label names its value.

Input: a press in a cell goes to every copy at the same place of its own canvas (the position
inside the cell, scaled up: a press at the rope's third point in cell 2 presses the third point
of every rope). A drag stays with the cell it started in, also when it leaves it; moves with no
button held follow the cell under the pointer. Keys go to every copy; `o` is the view's own
overlay switch, which every copy follows.

`state()` gives the common keys and `compare`: {"param", "values", "labels", "states"}, each
copy's whole state in `states` (the world's solver, substeps and passes beside it).
"""

import pygame

from scenes.kit.context import ViewContext
from scenes.kit.model import side_by_side
from scenes.kit.scene import NOTE_FRAMES, NOTE_LIFT, NOTE_LINE
from scenes.kit.widgets import MUTED, TEXT, draw_text, panel_surface, rendered

CELL_SCALE = 0.5
"""A copy's picture in its cell: half the canvas in each direction."""
LABEL_SIZE = 18
LABEL_FILL = (18, 20, 34, 200)
LABEL_INSET = (8, 8)
"""Where a cell's label pill sits, px in from the cell's bottom-left corner (the copies' help
lines run along their top)."""
QUALITY_INSET = 12
"""The overlay's fps line, side by side: px in from the corner of the room it sits in."""
DIVIDER = (90, 94, 130)
BACKDROP = (12, 13, 22)
LEGEND_SIZE = 18
COPY_TIERS = {"high": "medium", "medium": "low", "low": "low"}
"""{the grid's tier: the tier its copies draw at}. Each copy's picture is scaled smoothly to half
size, which averages four pixels into one, the anti-aliasing of a supersampled layer already,
so the copies draw a tier lower than the grid: the same look for less work (the copies' draws
are most of a grid frame: benchmarks/side_by_side.py). A plain half-size scale would save about a
millisecond a copy but drops every other pixel row, and breaks a thin rope into dashes."""
POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def grid(count, size):
    """The cells of `count` copies on a canvas of `size`: [pygame.Rect] in the copies' order.
    Two sit side by side in the middle row, clear of the toolbar; four fill two rows; three
    leave the top right quarter, under the toolbar, to the legend (`legend_cell`)."""
    width, height = int(size[0] * CELL_SCALE), int(size[1] * CELL_SCALE)
    if count == 2:
        top = (size[1] - height) // 2
        return [pygame.Rect(i * width, top, width, height) for i in range(2)]
    places = [(0, 0), (0, 1), (1, 1)] if count == 3 else [(0, 0), (1, 0), (0, 1), (1, 1)]
    return [pygame.Rect(column * width, row * height, width, height) for column, row in places]


def legend_cell(count, size):
    """Where the legend goes, or None: the top right quarter a three-copy grid leaves free, the
    band under a pair; four copies leave no room."""
    width, height = int(size[0] * CELL_SCALE), int(size[1] * CELL_SCALE)
    if count == 3:
        return pygame.Rect(width, 0, width, height)
    if count == 2:
        top = (size[1] - height) // 2 + height
        return pygame.Rect(0, top, size[0], size[1] - top)
    return None


class CompareView:
    """Copies of one scene, side by side, that the host shows as one scene.

    scene_class  the scene's class (`scenes.kit.scene.Scene`)
    compare      what the copies differ in (`scenes.kit.model.side_by_side.Compare`)
    seed, values the scene's seed and parameter values, the same for every copy
    overlay      whether the overlay starts on
    """

    panel = None  # the copies' sliders would each change one copy: none while comparing

    def __init__(self, scene_class, compare, seed=0, values=None, overlay=False):
        self.name = scene_class.name
        self.help = scene_class.help
        self.size = tuple(scene_class.size)
        self.params = scene_class.params  # what the page's `set` is checked against
        self.compare = compare
        self.seed = seed
        self.values = {**scene_class.params.defaults(), **(values or {})}
        self.toolbar_items = tuple(scene_class.toolbar_items) + ("compare",)
        self.context = ViewContext(overlay=overlay)
        self.copies = [self._copy(scene_class, value) for value in compare.values]
        self.labels = [compare.label(value) for value in compare.values]
        self.cells = grid(len(self.copies), self.size)
        self.canvases = [pygame.Surface(self.size) for _ in self.copies]
        self.notes = []
        self.held = None  # the cell a press started in, while it is held
        self.panel = None  # the copies' sliders are left out: the compared value is each one's
        self.run = Runs([copy.run for copy in self.copies])
        """The copies' runs as one, for the rewind bar (their records go in through `apply`)."""
        self._whole = set()  # copies whose part-way frame (`step_phase`) is already whole

    def _copy(self, scene_class, value):
        """One copy: the scene with `value`, its sliders left out; an engine choice is set on
        its model now and on every model a restart builds."""
        compare = self.compare
        copy = scene_class(seed=self.seed, values=compare.copy_values(self.values, value))
        copy.panel = None
        if compare.on_the_world:
            sim = copy.run
            build = sim.model_class
            sim.model_class = lambda size, values, rng: compare.configure(build(size, values, rng),
                                                                          value)
            compare.configure(sim.model, value)
        return copy

    # -- what the host asks of a scene -----------------------------------------------------

    @property
    def frame(self):
        """Steps taken (every copy takes each one)."""
        return self.copies[0].frame

    @property
    def pointer_word(self):
        return self.context.pointer_word

    def apply(self, record):
        """One record to every copy's run: side by side is a fan-out behind the one door
        (`Run.apply`). A "set" of what the copies differ in (and, for substeps, the passes
        they split) stays each copy's own and goes to none."""
        if record["type"] == "set":
            name = record["name"]
            if name in (self.compare.param, self.compare.passes_param):
                return
            self.values[name] = self.copies[0].run.params.lookup(name).clamp(record["value"])
        for copy in self.copies:
            copy.apply(record)

    def use_records(self, records):
        self.context.records = records
        for copy in self.copies:
            copy.use_records(records)

    def add_note(self, text):
        """A short message along the bottom of the canvas for a few seconds."""
        self.notes.append([text, NOTE_FRAMES])

    def take_moments(self):
        """The first copy's moments (the others live the same moments at other settings)."""
        moments = self.copies[0].take_moments()
        for copy in self.copies[1:]:
            copy.take_moments()
        return moments

    def moment_line(self, name, detail):
        """The live region's words for a moment, the first copy's (`Scene.moment_line`)."""
        return self.copies[0].moment_line(name, detail)

    def lay_out(self, ui):
        self.context.ui = ui

    # -- steps and phases: the copies in lockstep ------------------------------------------

    @property
    def part_way(self):
        """Whether the copies are part-way through a frame taken phase by phase."""
        return bool(self._whole) or any(copy.part_way for copy in self.copies)

    def step_phase(self):
        """Key `,`: each copy takes its next phase; one whose frame is whole waits for the
        others (their iteration counts may differ), and the frame ends when all are whole."""
        for index, copy in enumerate(self.copies):
            if index not in self._whole:
                copy.step_phase()
                if not copy.part_way:
                    self._whole.add(index)
        if len(self._whole) == len(self.copies):
            self._whole = set()
            self._age_notes()

    def finish_frame(self):
        if self.part_way:
            self.step()

    def step(self):
        """One frame of every copy (or the rest of a part-way one)."""
        for index, copy in enumerate(self.copies):
            if index not in self._whole:
                copy.step()
        self._whole = set()
        self._age_notes()

    def _age_notes(self):
        for note in self.notes:
            note[1] -= 1
        self.notes = [note for note in self.notes if note[1] > 0]

    # -- input -----------------------------------------------------------------------------

    def cell_at(self, pos):
        """Index of the cell under `pos`, or None (the gaps of a two-copy grid)."""
        return next((i for i, cell in enumerate(self.cells) if cell.collidepoint(pos)), None)

    def to_copy(self, index, pos):
        """`pos` on the canvas as a position on the canvas of the copy in cell `index`."""
        cell = self.cells[index]
        return ((pos[0] - cell.x) / CELL_SCALE, (pos[1] - cell.y) / CELL_SCALE)

    def handle(self, event):
        """Pointer events go to every copy at the copy's own position; keys to every copy."""
        if event.type in POINTER_EVENTS:
            self.context.touch = bool(getattr(event, "touch", False))
            self._pointer(event)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o:
            self.context.overlay = not self.context.overlay
            return
        for copy in self.copies:
            copy.handle(event)

    def _pointer(self, event):
        pos = tuple(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and self.held is None:
            self.held = self.cell_at(pos)
        index = self.held if self.held is not None else self.cell_at(pos)
        if event.type == pygame.MOUSEBUTTONUP:
            self.held = None
        if index is None:
            return
        fields = dict(event.dict, pos=self.to_copy(index, pos))
        if "rel" in fields:
            fields["rel"] = (fields["rel"][0] / CELL_SCALE, fields["rel"][1] / CELL_SCALE)
        mapped = pygame.event.Event(event.type, fields)
        for copy in self.copies:
            copy.handle(mapped)

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, surface):
        """Every copy at half size in its cell, its label, the legend in a spare cell."""
        context = self.context
        context.kept = context.painted_over = None  # the grid is painted whole every frame
        surface.fill(BACKDROP)
        tier = COPY_TIERS[context.tier]
        for copy, canvas, cell, label in zip(self.copies, self.canvases, self.cells, self.labels):
            copy.context.tier = tier
            copy.context.overlay = context.overlay
            copy.context.touch = context.touch
            copy.draw(canvas)
            surface.blit(pygame.transform.smoothscale(canvas, cell.size), cell)
            self._draw_label(surface, cell, label)
        for cell in self.cells:
            pygame.draw.rect(surface, DIVIDER, cell, 1)
        room = legend_cell(len(self.cells), self.size)
        if room is not None:
            self._draw_legend(surface, room)
        for i, (text, _) in enumerate(reversed(self.notes)):
            draw_text(surface, text, (12, self.size[1] - NOTE_LIFT - NOTE_LINE * i), 20,
                      (255, 220, 120))

    def quality_corner(self):
        """Where the overlay's fps line ends (its bottom right), clear of the copies' charts at
        their cells' bottom right: the legend's corner (under a pair, beside three), or above
        the last copy's charts when four fill the canvas."""
        room = legend_cell(len(self.cells), self.size)
        if room is not None:
            return (room.right - QUALITY_INSET, room.bottom - QUALITY_INSET - 8)
        cell, charts = self.cells[-1], self.copies[-1].instruments.charts
        top = min(chart.rect.top for _, chart in charts) if charts else self.size[1]
        return (cell.right - QUALITY_INSET, cell.y + round(top * CELL_SCALE) - QUALITY_INSET)

    def _draw_label(self, surface, cell, text):
        image = rendered(text, LABEL_SIZE, TEXT)
        pill = image.get_rect(bottomleft=(cell.x + LABEL_INSET[0] + 7,
                                          cell.bottom - LABEL_INSET[1] - 4))
        pill.inflate_ip(14, 8)
        surface.blit(panel_surface(pill.size, LABEL_FILL, radius=pill.height // 2), pill)
        surface.blit(image, image.get_rect(center=pill.center))

    def legend(self):
        """The legend's lines: what the copies share and what the one difference does."""
        compare = self.compare
        shared = ["same start, same hand: press in any cell and", "every copy is pressed there"]
        if compare.param == "solver":
            return ["Gauss-Seidel against Jacobi", "Gauss-Seidel moves each link's ends at once;",
                    "Jacobi averages every correction, then moves", *shared]
        if compare.param == "substeps":
            return [f"{compare.passes} passes a frame in every copy: equal cost",
                    "small steps leave less to correct", "(Macklin et al., Small Steps, 2019)",
                    *shared]
        return ["side by side", f"the copies differ in {compare.param} only;", *shared]

    def _draw_legend(self, surface, rect):
        """The legend's lines in the room the grid leaves (`legend_cell`)."""
        lines = self.legend()
        top = rect.y + (100 if rect.height > 200 else 16)
        for i, text in enumerate(lines):
            size = LEGEND_SIZE + (4 if i == 0 else 0)
            draw_text(surface, text, (rect.x + 24, top + 24 * i), size, TEXT if i == 0 else MUTED,
                      shadow=False)

    # -- state -----------------------------------------------------------------------------

    def state(self):
        """The common keys of the first copy, the scene's own values, and `compare`."""
        first = self.copies[0].state()
        state = {key: first[key] for key in ("scene", "frame", "seed", "size", "steps")}
        state["params"] = dict(self.values)
        states = []
        for copy in self.copies:
            world = getattr(copy.model, "world", None)
            entry = copy.state()
            if world is not None:
                entry.update(solver=world.solver, substeps=world.substeps,
                             passes=world.iterations)
            states.append(entry)
        state["compare"] = dict(self.compare.describe(), labels=list(self.labels), states=states)
        state["phase"] = first.get("phase")
        state["timeline"] = self.run.reach()
        return state


class SideBySide:
    """The host's side by side: the scenes shown as copies (`CompareView` by scene name) and
    the compare button's action."""

    def __init__(self, host):
        self.host = host
        self.views = {}

    def lit(self):
        return self.host.scene.name in self.views

    def toggle(self):
        """Side by side with the scene's default compare, or back to the single scene."""
        host = self.host
        name = host.scene.name
        if name in self.views:
            del self.views[name]
            host.show(name)  # the overlay stays as it was, as on every switch
        elif side_by_side.offers(name):
            self.start(side_by_side.default(name, host.classes[name].params))
        else:
            host.scene.add_note(f"the {name} game stays single: no side by side")

    def start(self, compare):
        """Show copies of the shown scene that differ as `compare` says, from its start with
        its seed and its parameters now."""
        host = self.host
        single = host.scene
        view = CompareView(host.classes[single.name], compare, single.run.seed, single.values,
                           single.context.overlay)
        view.use_records(host.records)
        self.views[single.name] = view
        host.show(single.name)


class Runs:
    """The copies' runs moved along their kept frames as one (the copies step in lockstep, so
    their frames agree): what the rewind bar (`app.rewind`) drives while side by side."""

    def __init__(self, timelines):
        self.timelines = timelines
        self.first = timelines[0]

    @property
    def newest(self):
        return self.first.newest

    @property
    def frame(self):
        return self.first.frame

    @property
    def oldest(self):
        return max(timeline.oldest for timeline in self.timelines)

    @property
    def back(self):
        return self.first.back

    def reach(self):
        return self.first.reach()

    def go_to(self, frame):
        for timeline in self.timelines:
            timeline.go_to(frame)
        return self.first.frame

    def prepare(self, seconds):
        """Idle time shared out among the copies' timelines; True while any has more to do."""
        share = seconds / len(self.timelines)
        return any([timeline.prepare(share) for timeline in self.timelines])
