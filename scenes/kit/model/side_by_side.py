"""Side by side: what a compare run is (one parameter, two to four values) and how a copy differs.

A compare run shows copies of one scene that differ in one thing only: the same seed, the same
input, every other parameter the same. That one thing is

    a scene parameter   (`iterations`, `gravity`, ...): copy k is exactly the scene run with
                        `--set NAME=Vk`, built with that value
    "solver"            "gauss-seidel" or "jacobi": the world's solver (`verlet.solver`), set on
                        the model right after it is built (and after every restart)
    "substeps"          Macklin et al.'s small steps ("Small Steps in Physics Simulation", 2019):
                        copy k runs Vk substeps of N / Vk passes each, N the scene's passes a
                        frame, so every copy does the same N passes a frame: equal cost. Vk must
                        divide N. Set on the world after it is built, like the solver.

The engine choices are offered where the scene's model keeps one `World` they act on and the
result was checked (`ENGINE_CHOICES`); the spider game stays single (`SINGLE`).

`parse(text, ...)` reads "NAME=V1,V2" (the command line) or "NAME:V1,V2" (the page query) and
raises `CompareError` with one line naming what is wrong. Pure Python: no pygame.
"""

from dataclasses import dataclass

from .params import ParamError, shorten

ENGINE = ("solver", "substeps")
"""The choices set on a model's world rather than given to it as a parameter."""
SOLVERS = ("gauss-seidel", "jacobi")
SOLVER_LABELS = {"gauss-seidel": "Gauss-Seidel", "jacobi": "Jacobi"}
ENGINE_CHOICES = {
    "rope": ("solver", "substeps"),
    "cloth": ("substeps",),
    "takopi": ("solver", "substeps"),
}
"""The engine choices (beyond the scene's own parameters) each scene offers for comparing."""
SINGLE = ("spider",)
"""Scenes that stay single: a game keeps one board."""
PASSES_PARAMS = ("iterations",)
"""The name every scene gives its solver passes a frame."""
DEFAULTS = {
    "rope": ("iterations", (2, 10, 40)),
    "takopi": ("iterations", (2, 5, 20)),
    "cloth": ("iterations", (1, 2, 5)),
    "flag": ("iterations", (1, 4)),
    "bridge": ("iterations", (2, 6, 12)),
    "hair": ("bend", (5, 60)),
}
"""What the toolbar's compare button shows: the passes a frame at three settings, chosen so the
copies together step in at most three times a single scene's time (benchmarks/side_by_side.py
measures it); the flag, whose wind costs as much as its passes, at two passes; the hair,
which has no passes to set and whose copies each cost what it does, at two bends."""
MIN_COPIES, MAX_COPIES = 2, 4


class CompareError(ValueError):
    """A compare request that cannot be used; the message is one line."""


@dataclass(frozen=True)
class Compare:
    """param   what the copies differ in: a scene parameter, "solver" or "substeps"
    values  one value per copy, in the order the grid shows them
    passes  for "substeps": the scene's passes a frame N that every copy splits (else None)
    passes_param  for "substeps": the parameter naming N ("iterations")
    """

    param: str
    values: tuple
    passes: int = None
    passes_param: str = None

    @property
    def on_the_world(self):
        """Whether the copies differ in an engine choice, set on each model's world."""
        return self.param in ENGINE

    def label(self, value):
        """What the copy with `value` is labelled with: "iterations 10", "Jacobi",
        "4 substeps x 5 passes"."""
        if self.param == "solver":
            return SOLVER_LABELS[value]
        if self.param == "substeps":
            each = self.passes // value
            steps = "1 step" if value == 1 else f"{value} substeps"
            return f"{steps} x {each} pass{'' if each == 1 else 'es'}"
        text = str(int(value)) if float(value).is_integer() else f"{value:.4g}"
        return f"{self.param} {text}"

    def copy_values(self, values, value):
        """The parameter values copy `value` is built with (`values`: the scene's)."""
        if self.on_the_world:
            return dict(values)
        return {**values, self.param: value}

    def configure(self, model, value):
        """Set an engine choice on a freshly built model (nothing for a scene parameter)."""
        if self.param == "solver":
            model.world.solver = value
        elif self.param == "substeps":
            model.world.iterations = self.passes // value
            model.world.substeps = value
        return model

    def describe(self):
        return {"param": self.param, "values": list(self.values)}


def offers(scene):
    """Whether `scene` can run side by side at all."""
    return scene not in SINGLE


def choices(scene, table):
    """Every name `scene` can be compared by: its parameters, then its engine choices."""
    return table.names() + list(ENGINE_CHOICES.get(scene, ()))


def passes_param(table):
    """The name of the scene's passes-a-frame parameter, or None."""
    return next((name for name in PASSES_PARAMS if name in table), None)


def default(scene, table):
    """The compare the toolbar's button starts: `DEFAULTS`, else the passes at 2 / default /
    twice it (or the first parameter at its low, default and high end)."""
    if scene in DEFAULTS:
        name, values = DEFAULTS[scene]
        return Compare(name, tuple(values))
    name = passes_param(table) or table.names()[0]
    param = table[name]
    values = (param.lo, param.default, param.hi)
    if name in PASSES_PARAMS:
        values = (2, param.default, 2 * param.default)
    return Compare(name, tuple(dict.fromkeys(param.clamp(v) for v in values)))


def parse(text, scene, table, values, separator="="):
    """The `Compare` that "NAME=V1,V2[,V3,V4]" asks of `scene` (`table`: its parameters,
    `values`: the scene's values, for the passes "substeps" splits); CompareError otherwise.
    `separator` is "=" on the command line, ":" in the page query (which takes "=" as well)."""
    if not offers(scene):
        raise CompareError(f"the {scene} game stays single: no compare")
    text = str(text)
    if separator not in text and "=" in text:  # the page takes "compare=iterations=2,10" too
        separator = "="
    name, sep, listed = text.partition(separator)
    name = name.strip()
    name = table.aliases.get(name, name)  # an old name of a parameter (the flag's stiffness)
    if not sep or not name:
        raise CompareError(f"compare needs NAME{separator}V1,V2, got {shorten(text)!r}")
    known = choices(scene, table)
    if name not in known:
        raise CompareError(f"cannot compare {shorten(name)!r} in {scene}; "
                           f"choose one of {', '.join(known)}")
    texts = [piece.strip() for piece in listed.split(",")]
    if not MIN_COPIES <= len(texts) <= MAX_COPIES:
        raise CompareError(f"compare {name} needs {MIN_COPIES} to {MAX_COPIES} values, "
                           f"got {len(texts)}")
    if name == "solver":
        parsed = tuple(_solver(piece) for piece in texts)
        return Compare(name, parsed)
    if name == "substeps":
        return _substeps(texts, table, values)
    try:
        parsed = tuple(table[name].parse(piece) for piece in texts)
    except ParamError as error:
        raise CompareError(f"compare {error}") from None
    return Compare(name, parsed)


def _solver(text):
    word = text.lower()
    if word not in SOLVERS:
        raise CompareError(f"solver {shorten(text, 20)!r} is not one of {', '.join(SOLVERS)}")
    return word


def _substeps(texts, table, values):
    name = passes_param(table)
    passes = int(values.get(name, table[name].default))
    divisors = [n for n in range(1, passes + 1) if passes % n == 0]
    parsed = []
    for text in texts:
        try:
            count = int(text)
        except ValueError:
            raise CompareError(f"substeps {shorten(text, 20)!r} is not a whole number") from None
        if count not in divisors:
            raise CompareError(f"substeps {count} must divide the {passes} {name} a frame; "
                               f"use {', '.join(map(str, divisors))}")
        parsed.append(count)
    return Compare("substeps", tuple(parsed), passes, name)
