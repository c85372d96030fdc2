"""Scene parameters: one table per scene, shared by sliders, `--set` and the page query.

A `Param` is a named number with a default, an allowed range, a one-line meaning and its home:
where in a running model the value goes. Every way a value can arrive (a slider drag, a CLI
`--set name=value`, a `?name=value` in the page address) goes through `Param.parse` or
`Param.clamp`, so the same rules and the same messages apply everywhere, and a live change goes
through `ParamTable.apply`, the one place that clamps it, keeps it in the run's values and sends
it home. A model writes no code for its parameters: it reads the run's values (the dict it was
built with, which it keeps, never a copy) and its table says what each one sets. A table may
accept an old name for a parameter (`aliases`), so addresses and records made before a rename
still work. Pure Python: no pygame.
"""

import re
from dataclasses import dataclass
from math import isfinite

SPEC_LABEL = re.compile(r"\s*\((?:[TSP]\d{1,2}(?:[,;/ ]+|-|(?=\))))+\)")
"""A reference to the spec's numbered behaviours, like "(T5)" or "(S1, S5)": for code comments,
never for what a user reads."""


def plain(text):
    """`text` without spec labels, for the screen, `--list` and `--help`."""
    return SPEC_LABEL.sub("", text).strip()


def shorten(text, limit=40):
    """`text` cut to `limit` characters with an ellipsis, so a message stays one short line."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


class ParamError(ValueError):
    """A parameter value that cannot be used; the message is one line, fit to show a user."""


def downward(value):
    """A world's gravity for a slider's pull: (0, value), straight down (`Param(to=...)`)."""
    return 0.0, float(value)


def _owner(model, path):
    """(object, attribute name) that the dotted `path` ("web.world.gravity") names from `model`."""
    *way, last = path.split(".")
    owner = model
    for step in way:
        owner = getattr(owner, step)
    return owner, last


def _call(model, target, *args):
    """Call `target` for `model`: a function is given the model first, a dotted path
    ("sheet.set_limit") is the model's method or its part's."""
    if callable(target):
        return target(model, *args)
    owner, name = _owner(model, target)
    return getattr(owner, name)(*args)


def _calls(then):
    """`then` as a tuple of targets (one target or none may be given bare)."""
    if then is None:
        return ()
    return tuple(then) if isinstance(then, (tuple, list)) else (then,)


@dataclass(frozen=True)
class Param:
    """One tunable number of a scene, and where a live change of it goes.

    name     identifier used by `--set`, the page query and state files
    default  value a fresh scene starts with
    lo, hi   inclusive range; values outside it are refused (CLI) or clamped (sliders)
    help     one line saying what the number does, in the user's terms
    integer  whole numbers only (iteration counts)
    sets     the attribute of the model the value is written to, a dotted path
             ("world.gravity", "swarm.catch_force") ...
    to       ... as `to(value)` when given (gravity 0.3 is the world's (0.0, 0.3))
    calls    or what is called with the value: a dotted method path ("sheet.set_limit") or a
             function(model, value)
    then     what is called after, with nothing: a dotted method path or a function(model),
             or a tuple of them ("web.sleep.wake_all": the web moves again)
    With neither `sets` nor `calls` the value's only home is the run's values, which the model
    reads when it needs it (the hair's bend limit eases to it a frame at a time).
    """

    name: str
    default: float
    lo: float
    hi: float
    help: str
    integer: bool = False
    sets: str = None
    to: object = None
    calls: object = None
    then: object = None

    def __post_init__(self):
        if not self.lo <= self.default <= self.hi:
            raise ValueError(f"default of {self.name} lies outside [{self.lo}, {self.hi}]")
        if self.sets is not None and self.calls is not None:
            raise ValueError(f"{self.name} either sets an attribute or calls something, not both")
        if self.to is not None and self.sets is None:
            raise ValueError(f"{self.name} has `to` but sets nothing")

    @property
    def home(self):
        """Where a change goes, as text: "world.gravity", "sheet.set_limit()" or "values"."""
        if self.sets is not None:
            return self.sets
        if self.calls is not None:
            target = self.calls
            return (target if isinstance(target, str) else target.__name__) + "()"
        return "values"

    def send(self, model, value):
        """Deliver an accepted `value` to its home in `model`, then run `then`."""
        if self.sets is not None:
            owner, name = _owner(model, self.sets)
            setattr(owner, name, value if self.to is None else self.to(value))
        elif self.calls is not None:
            _call(model, self.calls, value)
        for follow in _calls(self.then):
            _call(model, follow)

    @property
    def meaning(self):
        """The one-line help as a user reads it (spec labels left out)."""
        return plain(self.help)

    def allowed(self):
        """The range as text, for messages and `--list`."""
        kind = "a whole number" if self.integer else "a number"
        return f"{kind} from {self.format(self.lo)} to {self.format(self.hi)}"

    def format(self, value):
        """Value as short text: integers without a decimal point, others to 4 significant digits."""
        return str(int(value)) if self.integer else f"{value:.4g}"

    def parse(self, text, called=None):
        """Turn user text into a value, or raise ParamError naming the value and what is allowed
        (under the name the user wrote, `called`, when it was an old one)."""
        shown = shorten(text)
        name = called or self.name
        try:
            value = float(text.strip())
        except ValueError:
            raise ParamError(f"{name}={shown!r} is not a number; use {self.allowed()}") from None
        if not isfinite(value):
            raise ParamError(f"{name}={shown!r} is not finite; use {self.allowed()}")
        if self.integer and value != int(value):
            raise ParamError(f"{name}={shown!r} must be {self.allowed()}")
        if not self.lo <= value <= self.hi:
            raise ParamError(f"{name}={shown!r} is out of range; use {self.allowed()}")
        return int(value) if self.integer else value

    def clamp(self, value):
        """Nearest allowed value (sliders): inside the range, rounded for integer parameters."""
        if not isfinite(value):
            return self.default
        value = min(self.hi, max(self.lo, value))
        return int(round(value)) if self.integer else value


class ParamTable:
    """The ordered parameters of one scene, the old names it still accepts for some of them
    (`aliases`, {old name: name}), and the one door a live change goes through (`apply`)."""

    def __init__(self, *params, aliases=None):
        self.params = {p.name: p for p in params}
        self.aliases = dict(aliases or {})
        for old, name in self.aliases.items():
            if name not in self.params or old in self.params:
                raise ValueError(f"alias {old!r} must name a parameter by another name")

    def __iter__(self):
        return iter(self.params.values())

    def __contains__(self, name):
        return name in self.params

    def __getitem__(self, name):
        return self.params[name]

    def names(self):
        return list(self.params)

    def defaults(self):
        """A fresh {name: default} dict."""
        return {p.name: p.default for p in self}

    def lookup(self, name):
        """The parameter called `name` (or once called so: `aliases`), or ParamError listing
        the known names."""
        name = self.aliases.get(name, name)
        if name not in self.params:
            known = ", ".join(self.params) or "none"
            raise ParamError(f"unknown parameter {shorten(name)!r}; this scene has: {known}")
        return self.params[name]

    def parse(self, name, text):
        """(parameter name, value) for user text given under `name` (an old name too), or
        ParamError in the words the user wrote."""
        param = self.lookup(name)
        return param.name, param.parse(text, called=name)

    def parse_assignment(self, text):
        """'name=value' -> (name, value), or ParamError."""
        name, sep, value = text.partition("=")
        if not sep:
            raise ParamError(f"--set needs NAME=VALUE, got {shorten(text)!r}")
        return self.parse(name.strip(), value)

    def apply(self, model, values, name, value):
        """A live change: parameter `name` of the run whose values are `values` and whose model
        is `model` becomes `value`, clamped (here, once) to its range; when that differs from
        the value now it is kept in `values` and sent to its home in the model (`Param.send`).
        Returns the value kept. A value that is no number is refused with a one-line ParamError."""
        param = self.checked(name, value)
        value = param.clamp(value)
        if value != values[param.name]:
            values[param.name] = value
            param.send(model, value)
        return value

    def checked(self, name, value):
        """The parameter `name` (an old name too) when `value` can be its value (a number,
        clamped later); else a one-line ParamError."""
        param = self.lookup(name)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ParamError(f"{param.name} needs a number, got {shorten(repr(value))}")
        return param

    def read(self, values, name):
        """The value of parameter `name` (an old name too) in the run's `values`."""
        return values[self.lookup(name).name]

    def describe(self):
        """{name: {default, min, max, help}} as `--list --json` reports it."""
        return {
            p.name: {"default": p.default, "min": p.lo, "max": p.hi, "help": p.meaning}
            for p in self
        }
