"""What still hangs on a pin, and what is joined to what: connectivity over particles and links.

`anchored(particles, links)` is the set of ids of the particles joined through the links to a
pinned one; `reach(starts, links_of)` walks the links breadth first from some particles.
`Connectivity` keeps the answers for an owner whose links change now and then (a web that is
spun and cut, a sheet or a bridge that tears): they are worked out once per `version`, which
moves whenever a link is added or removed, or a particle pinned, freed, added or removed, so
asking every frame costs nothing while nothing changes. Given a `signal` (the world: anything
with a `version` and a `changed()`, `World.version`) it follows the world's one change signal;
without, the owner bumps its own count with `relinked()`.
"""


def anchored(particles, links):
    """The set of ids of the particles joined through `links` to some pinned particle."""
    neighbours = {}
    for link in links:
        neighbours.setdefault(id(link.a), []).append(link.b)
        neighbours.setdefault(id(link.b), []).append(link.a)
    held = {id(p) for p in particles if p.pinned}
    queue = [p for p in particles if p.pinned]
    for particle in queue:
        for other in neighbours.get(id(particle), ()):
            if id(other) not in held:
                held.add(id(other))
                queue.append(other)
    return held


def reach(starts, links_of):
    """Every particle joined by links to one of `starts` (them first), breadth first, and the
    set of their ids; `links_of(particle)` gives the links on a particle, in the order they
    are walked."""
    seen = {id(particle) for particle in starts}
    order = list(starts)
    for current in order:
        for link in links_of(current):
            other = link.b if link.a is current else link.a
            if id(other) not in seen:
                seen.add(id(other))
                order.append(other)
    return order, seen


class Connectivity:
    """Anchored set, loose particles and components of live `particles` and `links` lists,
    kept per `version`.

    links_of  None (the links on each particle are read from `links`, in their order) or a
              function giving the links on a particle (one that keeps them, as a web's knots
              keep their threads): the walks then start from the particles they need.
    signal    None, or the world whose `version` the answers follow (`World.version`)
    version   the count of changes to the links: the signal's, or the owner's own, bumped with
              `relinked()`.
    """

    def __init__(self, particles, links, links_of=None, signal=None):
        self.particles = particles
        self.links = links
        self.links_of = links_of
        self.signal = signal
        self._own_version = 0
        self._held = set()  # ids of the particles that hang on a pin, for _held_version
        self._loose = []  # the other particles, in the order of `particles`
        self._held_version = -1
        self._pieces = {}  # id(particle) -> the links of its component, for _pieces_version
        self._pieces_version = -1

    def __getstate__(self):
        """A copy (pickle) works its answers out again: they are keyed by identities."""
        state = self.__dict__.copy()
        state["_pieces"], state["_pieces_version"] = {}, -1
        state["_held_version"] = -1
        return state

    @property
    def version(self):
        """The count of changes the answers are kept per (the signal's, when there is one)."""
        return self._own_version if self.signal is None else self.signal.version

    @version.setter
    def version(self, version):
        if self.signal is not None:
            raise ValueError("this connectivity follows its signal's version")
        self._own_version = version

    def relinked(self):
        """The links changed (or a particle was pinned, freed, added or removed)."""
        if self.signal is None:
            self._own_version += 1
        else:
            self.signal.changed()

    def _walker(self):
        """`links_of` for `reach`: the owner's, or one read from `links` now."""
        if self.links_of is not None:
            return self.links_of
        on = {}
        for link in self.links:
            on.setdefault(id(link.a), []).append(link)
            on.setdefault(id(link.b), []).append(link)
        return lambda particle: on.get(id(particle), ())

    def _find_held(self):
        if self._held_version == self.version:
            return
        if self.links_of is None:
            held = anchored(self.particles, self.links)
        else:
            held = reach([p for p in self.particles if p.pinned], self.links_of)[1]
        self._held = held
        self._loose = [p for p in self.particles if id(p) not in held]
        self._held_version = self.version

    def anchored(self):
        """The set of ids of the particles that hang on a pinned one."""
        self._find_held()
        return self._held

    def hangs(self, particle):
        """True when some chain of links joins `particle` to a pinned one."""
        self._find_held()
        return id(particle) in self._held

    def loose(self):
        """The particles that hang on no pin, in the order of `particles` (the list is kept:
        do not change it)."""
        self._find_held()
        return self._loose

    def component(self, particle):
        """Every particle joined to `particle` by links, breadth first (it first)."""
        return reach([particle], self._walker())[0]

    def component_links(self, particle):
        """The links of the component `particle` is in, in the order of `links`; each
        component is worked out once per version (the list is kept: do not change it)."""
        if self._pieces_version != self.version:
            self._pieces = {}
            self._pieces_version = self.version
        links = self._pieces.get(id(particle))
        if links is None:
            joined = reach([particle], self._walker())[1]
            links = [link for link in self.links if id(link.a) in joined]
            for key in joined:
                self._pieces[key] = links
        return links
