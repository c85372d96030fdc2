"""The order of a frame's hooks: registration order, except where a hook declares its place.

A scene's work at one point of a frame (`World.on`) often depends on other work there: the keys
must move the hand before the hand places what it holds, the head must move before the hair's
roots follow it. A hook says so by name, `World.on(phase, hook, name=..., after=..., before=...)`,
and the order then holds whatever order the hooks were registered in. Hooks that declare
nothing about each other keep the order they were registered in: `in_order` is a topological
sort that always takes the earliest registered hook whose declared predecessors have run.
A declaration that names a hook not registered (yet) is kept and holds once it is; one that
goes round in a circle is refused.
"""


class Hook:
    """One registration: `run` is called; `name` (or None) is what others declare against;
    `after` and `before` are the names it must follow or precede."""

    __slots__ = ("run", "name", "after", "before")

    def __init__(self, run, name=None, after=(), before=()):
        self.run = run
        self.name = name
        self.after = _names(after)
        self.before = _names(before)

    def __getstate__(self):
        return (self.run, self.name, self.after, self.before)

    def __setstate__(self, state):
        self.run, self.name, self.after, self.before = state


def _names(names):
    """A name or some names as a tuple of names."""
    if isinstance(names, str):
        return (names,)
    names = tuple(names)
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"a hook is ordered against names, not {name!r}")
    return names


def in_order(hooks):
    """The `Hook`s (in registration order) in the order they run: each after every hook it
    declares `after` and every hook that declares it `before`, otherwise registration order."""
    at = {}
    for place, hook in enumerate(hooks):
        if hook.name is not None:
            if hook.name in at:
                raise ValueError(f"two hooks named {hook.name!r} at one phase")
            at[hook.name] = place
    waits = [set() for _ in hooks]  # places of the hooks each must wait for
    for place, hook in enumerate(hooks):
        for name in hook.after:
            if name in at:
                waits[place].add(at[name])
        for name in hook.before:
            if name in at:
                waits[at[name]].add(place)
    done, order = set(), []
    while len(order) < len(hooks):
        for place, hook in enumerate(hooks):
            if place not in done and waits[place] <= done:
                done.add(place)
                order.append(hook)
                break
        else:
            names = [hook.name or repr(hook.run) for place, hook in enumerate(hooks)
                     if place not in done]
            raise ValueError(f"the hooks {', '.join(names)} wait for each other in a circle")
    return order
