"""Building ahead: what the live loop builds in a displayed frame's spare milliseconds, so R, a
first switch of scene and the compare button take a settled model instead of settling it in
their frame (`scenes.kit.model.prepare`, benchmarks/hitches.py).

In the live loop (`scenes.kit.model.prepare.PREPARED` on) every frame that carries no switch or
restart spends up to PREPARE_SECONDS building the models a reader's next action will need
(`wanted_builds`, the likeliest first): the shown scene's next restart (each copy's, side by
side), its default side-by-side copies, then the first model of every scene not shown yet.

A part of `app.host.Host` (a base class of it): it reads the host's `scene`, `classes`, `scenes`
and `reduced_motion`, and of the shown scene its `name`, `values` and `sim` (a simulation's
`seed`, `restarts` and `build_key`), and side by side's `copies` when it has them.
"""

from scenes.kit.model import side_by_side as side_by_side_choices
from scenes.kit.model.prepare import PREPARED
from scenes.kit.model.run import planned_key

PREPARE_SECONDS = 0.002
"""How long a displayed frame spends building ahead what a reader's next action may need, s
(`scenes.kit.model.prepare`): a flag's 240 settling frames take about two seconds of frames."""


class BuildingAhead:
    """The host's `build_ahead()` (once a displayed frame) and `wanted_builds()`."""

    reduced_motion = False
    """Whether the reader asked for reduced motion: the scenes not made yet are prepared calm."""
    _last_shown = None

    def build_ahead(self):
        """In the live loop, a frame's few milliseconds of building ahead (none in a frame
        that carries a switch or a restart: it has done enough)."""
        if PREPARED.enabled and not self._acted():
            PREPARED.want(self.wanted_builds())
            PREPARED.work(PREPARE_SECONDS)

    def _acted(self):
        """True when the scene shown, or its run, is not the one of the last frame (a switch,
        side by side, a restart)."""
        scene = self.scene
        shown = (id(scene), tuple(copy.run.restarts for copy in getattr(scene, "copies", None)
                                  or [scene]))
        acted, self._last_shown = shown != self._last_shown, shown
        return acted

    def wanted_builds(self):
        """The models a reader's next action may need, the likeliest first
        (`scenes.kit.model.prepare`): the shown scene's next restart (each copy's, side by
        side), its default side-by-side copies, then the first model of every scene not
        shown yet."""
        scene = self.scene
        copies = getattr(scene, "copies", None)
        keys = [copy.run.build_key(copy.run.restarts + 1) for copy in (copies or [scene])]
        cls = self.classes[scene.name]
        if copies is None and side_by_side_choices.offers(scene.name):
            compare = side_by_side_choices.default(scene.name, cls.params)
            if not compare.on_the_world:
                keys += [planned_key(cls.model_class, cls.params, cls.size, scene.run.seed,
                                     compare.copy_values(scene.values, value))
                         for value in compare.values]
        seed = (copies[0] if copies else scene).run.seed
        for name, other in self.classes.items():
            if name not in self.scenes:
                keys.append(planned_key(other.model_class, other.params, other.size, seed,
                                        calm=self.reduced_motion))
        return keys
