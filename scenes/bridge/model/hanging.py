"""How the bridge hangs: its ropes, the shape it settles in, and the stretch that is not load.

A `Rope` is a max-only `verlet.Breakable` that knows how long it hangs in the empty bridge at
rest (`hang`, over its rest length, 1 or more) and snaps past `snap_share(strength, passes)` x
that (`strength` at 12 passes, more with fewer: the solver gives more under the same load).
Fewer solver passes or stronger gravity leave the ropes of a resting bridge longer than their
rest (the solver's give: 1.06 x at the defaults, 2.2 x at one pass and the strongest gravity);
that stretch is not a load, so it does not count toward snapping.

`settle` hangs a new bridge unseen until it is still, nothing breaking, and gives each rope its
`hang`; the shape and the hangs are kept per (iterations, gravity) in `SETTLED_SHAPES`, so a
restart with the same values opens at once. `rehang` is the same measure in the running bridge,
frame by frame, while the empty bridge settles after a live change of those sliders.
"""

from verlet import Breakable

ROPE_STIFFNESS = 0.6
"""Share of a rope's stretch undone per pass: rope gives under load, so a heavy crate stretches
it further than a light one."""
REHANG_FRAMES = 240
"""Frames the empty bridge settles in view after a live change of iterations or gravity."""
SETTLE_FRAMES = 1800
SETTLE_STILL = 0.001
SETTLE_DAMPING = 0.9
"""A new bridge hangs up to SETTLE_FRAMES frames unseen, damped to SETTLE_DAMPING, until no point
moves SETTLE_STILL px in one."""
REHANG_FRAMES = 240
"""Frames the empty bridge settles in view after a live change of iterations or gravity."""
SETTLED_SHAPES = {}
"""{(iterations, gravity): (settled (x, y) of every bridge point, every rope's hang)}: the
numbers the settling gives, reused by a restart with the same values."""
SETTLED_SHAPES_KEPT = 32
REFERENCE_PASSES = 12
"""The pass count (the slider's default) at which `strength` is the stretch over its hang a
rope snaps at ..."""
GIVE_EXPONENT = 0.8
"""... and how the solver's give grows with fewer passes: the empty bridge's ropes hang
(12 / passes) ** 0.8 times as far past their rest as at 12 passes (measured from 1 to 30
passes, at gravity 0.05 to 1.0: 7.0x at 1 pass, 4.1x at 2, 1.7x at 6, 0.46x at 30), and a
crate stretches them in the same proportion (a crate of 3: 4.8x at 2 passes, 1.75x at 6)."""


def snap_share(strength, passes):
    """The stretch over its hang at which a rope snaps, solved with `passes` passes a frame:
    1 + (strength - 1) x the solver's give there against REFERENCE_PASSES (`GIVE_EXPONENT`), so
    the same crate snaps the same ropes at any pass count (at 1 pass a crate of 3 snapped 6
    ropes, at 2 passes one of 8 snapped 8, when the limit was `strength` at every count)."""
    return 1.0 + (strength - 1.0) * (REFERENCE_PASSES / max(1, passes)) ** GIVE_EXPONENT


class Rope(Breakable):
    """A max-only rope link that snaps past `limit` x `rest`; `hang` is how long it hangs in the
    empty bridge at rest, over its rest (1 or more): the limit is `strength` x `hang`. `part`
    says which rope it is of: "deck", "rail" or "hanger"."""

    __slots__ = ("hang", "part")

    def __init__(self, a, b, rest, strength, part):
        super().__init__(a, b, rest, strength, ROPE_STIFFNESS, max_only=True)
        self.hang = 1.0
        self.part = part

    def stretch(self):
        """Its length over the length it hangs at when the bridge rests empty."""
        return self.length() / (self.rest * self.hang)


def settle(world, ropes, key):
    """Hang the bridge in `world` until no point moves SETTLE_STILL px in a frame (at most
    SETTLE_FRAMES frames, damped to SETTLE_DAMPING, `ropes` unbreakable), or put it in the shape
    kept for `key`; then every rope knows its hang and no point has any motion left. A
    generator: it yields after every frame it hangs (`BridgeModel.building`)."""
    kept = SETTLED_SHAPES.get(key)
    if kept is None:
        limits = [rope.limit for rope in ropes]
        for rope in ropes:
            rope.limit = float("inf")
        damping, world.damping = world.damping, SETTLE_DAMPING
        for _ in range(SETTLE_FRAMES):
            world.step()
            yield
            if all(abs(p.x - p.px) < SETTLE_STILL and abs(p.y - p.py) < SETTLE_STILL
                   for p in world.particles):
                break
        world.damping = damping
        for rope, limit in zip(ropes, limits):
            rope.limit = limit
        hangs = [max(1.0, rope.length() / rope.rest) for rope in ropes]
        if len(SETTLED_SHAPES) >= SETTLED_SHAPES_KEPT:
            SETTLED_SHAPES.pop(next(iter(SETTLED_SHAPES)))
        kept = SETTLED_SHAPES[key] = ([(p.x, p.y) for p in world.particles], hangs)
    for p, (x, y) in zip(world.particles, kept[0]):
        p.place(x, y)
    for rope, hang in zip(ropes, kept[1]):
        rope.hang = hang


def rehang(links, strength):
    """Every rope of `links` stretched past its hang hangs that long from now on (its limit
    `strength`, the snapping share of `snap_share`, x that)."""
    for rope in links:
        if isinstance(rope, Rope):
            stretch = rope.length() / rope.rest
            if stretch > rope.hang:
                rope.hang = stretch
                rope.limit = strength * stretch
