"""The telling quantities of a demo, as numbers against their limits (pure: no pygame).

Each model's `measures()` returns a list of `Measure`s: the same numbers the phase readout
(`scenes.kit.phase_view`) prints and the overlay's strip charts (`scenes.kit.strip_chart`)
plot once a frame. The first measure is the frame's violation: the one whose shrinking over a
frame's iterations the readout's bars show ("iterations are stiffness"): how far it is from
where the constraints are met (`Measure.satisfied`: a stretch past the rest length, an area
short of its target, a bend past its range).

The helpers below measure the usual suspects: the worst stretch of a set of links, how far
past its limit that is, the worst bend of a set of strands.
"""

from math import atan2, degrees, hypot

from verlet.geometry import wrap_angle


class Measure:
    """One quantity now, against its limit.

    key      short name ("stretch", "area"): what a test or the state calls it
    label    the bilingual label, Korean then English ("넓이 area")
    value    the quantity now
    limit    the value it must not pass (a tear limit) or cannot reach (Takopi's target), or
             None
    limit_label  the limit's bilingual label
    low, high    the chart's fixed scale
    over     True: values above the limit are the violation; False: values below it
    satisfied    the value at which the solver's constraints are met (a link at its rest
             length: 1.0 for a stretch); by default the limit. The phase readout's violation is
             the distance past it: what an iteration has left to correct.
    """

    __slots__ = ("key", "label", "value", "limit", "limit_label", "low", "high", "over",
                 "satisfied")

    def __init__(self, key, label, value, limit=None, limit_label="", low=0.0, high=1.0,
                 over=True, satisfied=None):
        self.key = key
        self.label = label
        self.value = float(value)
        self.limit = limit
        self.limit_label = limit_label
        self.low = low
        self.high = high
        self.over = over
        self.satisfied = limit if satisfied is None else satisfied

    def violation(self):
        """How far the value is past where the constraints are met (`satisfied`), on the
        wrong side (0 when they are)."""
        if self.satisfied is None:
            return 0.0
        past = self.value - self.satisfied if self.over else self.satisfied - self.value
        return max(0.0, past)

    def __repr__(self):
        return f"Measure({self.key!r}, {self.value:.4f}, limit={self.limit!r})"


def worst_stretch(links):
    """The largest length / rest of `links` (objects with a, b, rest), 1.0 for none."""
    worst = 1.0 if not links else 0.0
    for link in links:
        a, b = link.a, link.b
        rest = link.rest
        if rest > 0.0:
            ratio = hypot(b.x - a.x, b.y - a.y) / rest
            if ratio > worst:
                worst = ratio
    return worst


def worst_share_of_limit(links):
    """The largest (length / rest) / limit of breakable `links` (with a `limit`): 1.0 is at
    the point of snapping; 0.0 for none."""
    worst = 0.0
    for link in links:
        a, b = link.a, link.b
        if link.rest > 0.0 and link.limit > 0.0:
            share = hypot(b.x - a.x, b.y - a.y) / (link.rest * link.limit)
            if share > worst:
                worst = share
    return worst


def bend_reading(strands):
    """(the most any joint of `strands` is bent past its range, degrees, 0 when none is; the
    mean |bend| / its range's half width over every joint, 0.0 for none): how hair is
    bent, with ranges symmetric about 0. Each joint's bend is `AngleRange.relative_angle`,
    worked out with one atan2 a segment: the direction of one segment is the reference of the
    next joint's."""
    past = total = 0.0
    count = 0
    for strand in strands:
        chain = strand.chain
        reference = strand.base_angle()
        for i, joint in enumerate(strand.limits):
            pivot, point = chain[i], chain[i + 1]
            angle = atan2(point.y - pivot.y, point.x - pivot.x)
            bend = abs(wrap_angle(angle - reference))
            width = max(abs(joint.lo), abs(joint.hi))
            past = max(past, bend - width)
            if width > 0.0:
                total += bend / width
                count += 1
            reference = angle
    return degrees(past), (total / count if count else 0.0)
