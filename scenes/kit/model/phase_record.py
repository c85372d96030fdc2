"""What one phase of a frame did, for the overlay that shows it (pure: no pygame).

`take_phase(simulation, frame_so_far)` takes the next phase (`Run.step_phase`) and
returns a `PhaseRecord`: every particle's position before and after it (copies: recording reads
the run, never writes it, so a frame taken this way is still the frame to the bit), the links
whose ends it moved, the demo's measures after it (`scenes.kit.model.measures`), and the
violation after each phase of the frame so far (the readout's bars: "iterations are stiffness").

For a Jacobi world (Takopi's body) the record also holds what each kind of constraint asked of
every point in an iteration, before the average was applied (T6): the spacing links' and the
area's contributions, each already times the point's share, so the two add up to the averaged
move (the hard projections after the pass may move a point further).
"""

from verlet.solver import jacobi_shares

KIND_NAMES = {"Distance": "spacing", "Area": "area"}
"""What the overlay calls a Jacobi contribution, by its constraint's class."""


class PhaseRecord:
    """One phase of a frame, as the overlay draws it.

    name, index, count   the phase: ("integrate" | "iteration" | "finish", k or None, n)
    particles            the world's particles when the phase began (the same objects)
    before, after        their (x, y) before and after the phase
    acted                the links it moved (an end moved) as (a, b) particle pairs, in
                         solving order: the world's constraints with two ends, or the
                         model's own `phase_links()` where its solver pass is a hook (hair)
    contributions        None, or {kind: [(dx, dy) per particle]} (Jacobi iterations)
    measures             the demo's measures after the phase
    violations           the first measure's violation after each phase of this frame so far
    """

    def __init__(self, phase, particles, before, after, acted, contributions, measures,
                 violations):
        self.name, self.index, self.count = phase
        self.particles = particles
        self.before = before
        self.after = after
        self.acted = acted
        self.contributions = contributions
        self.measures = measures
        self.violations = violations

    def moves(self):
        """[(dx, dy)] of every particle over the phase."""
        return [(x1 - x0, y1 - y0) for (x0, y0), (x1, y1) in zip(self.before, self.after)]

    def largest_move(self):
        """The longest move of any particle in the phase, px."""
        return max((abs(dx) + abs(dy) for dx, dy in self.moves()), default=0.0)


def measures_of(model):
    """The model's `measures()`, or none for a model that offers none."""
    measures = getattr(model, "measures", None)
    return measures() if measures is not None else []


def _next_is_iteration(simulation):
    phase = simulation.phase
    if phase is None:
        return False  # the next phase is the integration
    name, index, count = phase
    return name == "integrate" and count > 0 or name == "iteration" and index < count


def jacobi_contributions(world):
    """{kind: [(dx, dy) per particle of the world]}: what the next Jacobi pass asks of every
    particle, by kind of constraint, times the particle's share (the average's weight)."""
    order = {id(p): i for i, p in enumerate(world.particles)}
    shares = {id(p): share for p, share in jacobi_shares(world.constraints)}
    asked = {}

    for constraint in world.constraints:
        kind = KIND_NAMES.get(type(constraint).__name__, type(constraint).__name__.lower())
        totals = asked.setdefault(kind, [[0.0, 0.0] for _ in world.particles])

        def collect(particle, dx, dy, totals=totals):
            if not particle.pinned and id(particle) in order:
                share = shares.get(id(particle), 0.0)
                total = totals[order[id(particle)]]
                total[0] += dx * share
                total[1] += dy * share

        constraint.project(collect)
    return {kind: [tuple(t) for t in totals] for kind, totals in asked.items()}


def _links(model):
    """(a, b) of every link of the model, in the order its solver passes them."""
    own = getattr(model, "phase_links", None)
    if own is not None:
        return own()
    return [(link.a, link.b) for link in model.world.constraints if hasattr(link, "a")]


def _acted(links, moved):
    """The links (a, b) one of whose ends is in `moved` (ids)."""
    return [(a, b) for a, b in links if id(a) in moved or id(b) in moved]


def take_phase(simulation, violations):
    """Take the simulation's next phase and return its `PhaseRecord`. `violations` is the list
    the record's bars come from: it is started afresh at a frame's integration and has this
    phase's violation added (the caller keeps it between the calls of one frame)."""
    world = simulation.model.world
    particles = list(world.particles)
    before = [(p.x, p.y) for p in particles]
    contributions = None
    if world.solver == "jacobi" and _next_is_iteration(simulation):
        contributions = jacobi_contributions(world)
    phase = simulation.step_phase()
    world = simulation.model.world  # (the same world: a phase never makes a new model)
    after = [(p.x, p.y) for p in particles]
    moved = {id(p) for p, b, a in zip(particles, before, after) if a != b}
    acted = _acted(_links(simulation.model), moved)
    measures = measures_of(simulation.model)
    if phase[0] == "integrate":
        del violations[:]
    violations.append(measures[0].violation() if measures else 0.0)
    return PhaseRecord(phase, particles, before, after, acted, contributions, measures,
                       list(violations))
