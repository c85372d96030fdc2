"""The overlay's solver instruments: a frame taken phase by phase, and live plots of the measures.

Every scene has one `Instruments` (`Scene.instruments`). It

- takes a phase (`step_phase`, the `,` key while paused) through `scenes.kit.model.phase_record`
  and keeps the record for the overlay: `scenes.kit.phase_view` draws what the phase moved;
- samples the model's `measures()` after every frame, into one strip chart per measure
  (`scenes.kit.strip_chart`) that the overlay shows: the last four seconds of each scene's
  telling quantity against its limit, whenever the overlay is turned on. The charts follow
  the timeline: each sample is kept under its frame, so a rewound moment shows the four
  seconds before it, and a frame taken again (playing on from a moment back) replaces what
  was kept after it.

It reads the model and never writes it: recording is copies of positions and the measures.
"""

from scenes.kit.model.phase_record import measures_of, take_phase
from collections import deque

from scenes.kit.model.run import SIZE
from scenes.kit.model.keyframes import KEEP
from . import phase_view
from .strip_chart import Limit, Series, StripChart
from .widgets import draw_text

CHART_SIZE = (300, 86)
"""One chart's size, px: the charts stack upward from above the fps label at the bottom right."""
CHART_RIGHT = 12
CHART_BOTTOM = 66
"""The lowest chart's bottom right corner, px in from the canvas's bottom right: above the
overlay's fps label (`app.host`, 32 px in and 26 px tall) and Takopi's credit line."""
CHART_GAP = 6
SERIES_COLORS = ((120, 220, 255), (255, 200, 120))
VALUE_COLOR = (236, 236, 244)


class Instruments:
    """A scene's phase record and strip charts."""

    def __init__(self, readout_corner):
        self.readout_corner = readout_corner
        self.record = None
        """The `PhaseRecord` of the last phase taken, None once a whole frame ran."""
        self.violations = []  # the record's bars, kept between the phases of one frame
        self.charts = None  # [(measure key, StripChart)], made from the first measures seen
        self.run = None  # the restart count the charts were sampled in (a restart clears them)
        self.frames = deque()  # the frame count of each kept sample, oldest first

    def step_phase(self, simulation):
        """Take the next phase of the frame and keep what it did."""
        self.record = take_phase(simulation, self.violations)
        if self.record.name == "finish":
            self.sample(simulation)

    def frame_done(self, simulation):
        """A whole frame ran: no phase to show; the charts take its measures."""
        self.record = None
        self.sample(simulation)

    def sample(self, simulation):
        """Push the measures of `simulation`'s model (a `Run`) into
        the charts, under its frame count (the charts are made on the first call)."""
        measures = measures_of(simulation.model)
        if not measures:
            return
        frame, run = simulation.frame, simulation.restarts
        if self.charts is None or run != self.run:
            self.charts = [(m.key, _chart(m, i, len(measures))) for i, m in enumerate(measures)]
            self.run = run
            self.frames = deque(maxlen=self.charts[0][1].values[0].maxlen)
        frames = self.frames
        while frames and frames[-1] >= frame:  # taken again: a new branch from a moment back
            frames.pop()
            for _, chart in self.charts:
                chart.drop_newest()
        frames.append(frame)
        for (_, chart), measure in zip(self.charts, measures):
            chart.push(measure.value)

    def behind(self, frame):
        """How many kept samples are newer than `frame` (the frame shown, when rewound)."""
        frames, count = self.frames, 0
        while count < len(frames) and frames[-1 - count] > frame:
            count += 1
        return count

    def draw(self, surface, simulation, charts=True, part_way=False):
        """The phase's picture (while a frame is part-way, or just finished phase by phase)
        and, with `charts`, the charts up to the frame `simulation` shows."""
        record = self.record
        if record is not None and (part_way or record.name == "finish"):
            phase_view.draw(surface, simulation.model, self.record, self.readout_corner)
        if charts and self.charts is not None and simulation.restarts == self.run:
            behind = self.behind(simulation.frame)
            for _, chart in self.charts:
                chart.draw(surface, behind)
                kept = chart.values[0]
                newest = kept[-1 - behind] if len(kept) > behind else None
                if newest is not None:
                    draw_text(surface, f"{newest:.3g}", (chart.rect.right - 8, chart.rect.top + 4),
                              16, VALUE_COLOR, anchor="topright", shadow=False)


def _chart(measure, index, count):
    """The strip chart of one measure, the `index`-th of `count` stacked from the top."""
    width, height = CHART_SIZE
    right = SIZE[0] - CHART_RIGHT
    bottom = SIZE[1] - CHART_BOTTOM - (count - 1 - index) * (height + CHART_GAP)
    rect = (right - width, bottom - height, width, height)
    limit = None if measure.limit is None else Limit(measure.limit, measure.limit_label)
    return StripChart(rect, [Series(measure.label, SERIES_COLORS[index % 2])], limit=limit,
                      low=measure.low, high=measure.high, history=KEEP)
