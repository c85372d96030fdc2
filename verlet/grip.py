"""A hand's grip: how hard it holds what it took, and when what it holds slips out of it.

A held point follows the hand only as far as the body it belongs to lets it. A `Grip` watches
the links that join what the hand holds to the rest of the body (a link with one end held and
the other free, as they were when the hand took hold) and says when the body pulls harder
than the hand can hold: after the frame's solve, a watched link longer than `stretch` x the
longer of its rest and its length when the hand took hold (a rope already sagging at one
solver pass is not pulled by that) makes the hand let go, so a drag past what the body allows
slips out of the fingers instead of stretching it like rubber.

With `whole` the grip watches every link of the body (every link of the world when the hand
took hold), not only those at the hand: a chain held by a point of its middle and pulled
from its pin stretches along its length, not where the hand is (Gauss-Seidel leaves the
link at a pinned point exact).

With `base` (a function of a link: the length its stretch is measured against now, or None
for a link the grip ignores) the body says what "too far" is, link by link and frame by frame
(a bridge's ropes, against the length they hang at).

With `yank`, a hand that moved at least that far in the frame holds on whatever the pull: a
hard fast yank, in any direction, takes what it holds with it and what joins it to the body
tears (a slow drag still slips); without it the hand slips whenever the body pulls too hard.

`verlet.Hand(grip=...)` keeps one and asks it each frame (`Hand.slip`).
"""


class Grip:
    """stretch  a watched link longer than this x its base length lets what is held slip
    yank     None, or how far the hand moves in a frame, px, from which it holds on regardless
    whole    watch every link of the body, not only those at the hand
    base     None, or a function of a link giving the length to measure it against, read at
             every check (None from it: the link is not watched); a module-level function, so
             a hand that keeps it can still be copied (pickled)
    """

    def __init__(self, stretch, yank=None, whole=False, base=None):
        self.stretch = stretch
        self.yank = yank
        self.whole = whole
        self.base = base
        self.watched = []  # [(link, base length or None: `base` says)]

    def take(self, held, links):
        """The hand took hold of `held` (particles): watch the links of `links` between one of
        them and a point not held (with `whole`, all of them), each against the longer of its
        rest and its length now."""
        ids = {id(p) for p in held}
        whole = self.whole
        base = self.base
        self.watched = [(link, None if base else max(link.rest, link.length()))
                        for link in links
                        if hasattr(link, "rest") and hasattr(link, "a")
                        and (whole or (id(link.a) in ids) != (id(link.b) in ids))
                        and (base is None or base(link) is not None)]

    def release(self):
        self.watched = []

    def slips(self, moved, stretch=None, yank=None):
        """True when the body pulls harder than the grip holds: a watched link (not broken)
        past `stretch` x its base length, the hand having moved less than `yank` px in the
        frame (`moved`); either given here wins over the grip's own."""
        yank = self.yank if yank is None else yank
        if yank is not None and moved >= yank:
            return False
        reach = self.stretch if stretch is None else stretch
        measure = self.base
        for link, base in self.watched:
            if getattr(link, "broken", False):
                continue
            if measure is not None:
                base = measure(link)
            if link.length() > reach * base:
                return True
        return False
