"""The governor's feed: each displayed frame's cost, timed, to the shown scene's quality governor.

Each scene has its own `app.quality.QualityGovernor`, so a costly scene dropping a tier leaves
a cheap one at its best. In the live loop (`governed`) the host times each frame's steps, draw
and present (`present`: the window scaling the canvas to its size and showing it, which costs
more the larger the window) and feeds the shown scene's governor; the tier it picks becomes the
scene context's `tier`, which only the views read. Headless runs are not governed: the tier
stays the one asked for ("auto" draws at high), so screenshots and tests are stable. A paused
frame only draws, so it is no measure: the governor starts over.

A part of `app.host.Host` (a base class of it): it reads the host's `timer`, `frame_start`,
`interval`, `governors`, `frame_rate`, `quality`, `paused` and `window`.
"""

from .quality import budget_interval, label


class GovernorFeed:
    """The host's `present()`, `governor` and `quality_label()`."""

    @property
    def governor(self):
        """The shown scene's quality governor."""
        return self.governors[self.scene.name]

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
