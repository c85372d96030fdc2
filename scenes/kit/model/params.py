"""Scene parameters: one table per scene, shared by sliders, `--set` and the page query.

A `Param` is a named number with a default, an allowed range and a one-line meaning. Every way a
value can arrive (a slider drag, a CLI `--set name=value`, a `?name=value` in the page address)
goes through `Param.parse` or `Param.clamp`, so the same rules and the same messages apply
everywhere. Pure Python: no pygame.
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


@dataclass(frozen=True)
class Param:
    """One tunable number of a scene.

    name     identifier used by `--set`, the page query and state files
    default  value a fresh scene starts with
    lo, hi   inclusive range; values outside it are refused (CLI) or clamped (sliders)
    help     one line saying what the number does, in the user's terms
    integer  whole numbers only (iteration counts)
    """

    name: str
    default: float
    lo: float
    hi: float
    help: str
    integer: bool = False

    def __post_init__(self):
        if not self.lo <= self.default <= self.hi:
            raise ValueError(f"default of {self.name} lies outside [{self.lo}, {self.hi}]")

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

    def parse(self, text):
        """Turn user text into a value, or raise ParamError naming the value and what is allowed."""
        shown = shorten(text)
        try:
            value = float(text.strip())
        except ValueError:
            raise ParamError(f"{self.name}={shown!r} is not a number; use {self.allowed()}") from None
        if not isfinite(value):
            raise ParamError(f"{self.name}={shown!r} is not finite; use {self.allowed()}")
        if self.integer and value != int(value):
            raise ParamError(f"{self.name}={shown!r} must be {self.allowed()}")
        if not self.lo <= value <= self.hi:
            raise ParamError(f"{self.name}={shown!r} is out of range; use {self.allowed()}")
        return int(value) if self.integer else value

    def clamp(self, value):
        """Nearest allowed value (sliders): inside the range, rounded for integer parameters."""
        if not isfinite(value):
            return self.default
        value = min(self.hi, max(self.lo, value))
        return int(round(value)) if self.integer else value


class ParamTable:
    """The ordered parameters of one scene."""

    def __init__(self, *params):
        self.params = {p.name: p for p in params}

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
        """The parameter called `name`, or ParamError listing the known names."""
        if name not in self.params:
            known = ", ".join(self.params) or "none"
            raise ParamError(f"unknown parameter {shorten(name)!r}; this scene has: {known}")
        return self.params[name]

    def parse_assignment(self, text):
        """'name=value' -> (name, value), or ParamError."""
        name, sep, value = text.partition("=")
        if not sep:
            raise ParamError(f"--set needs NAME=VALUE, got {shorten(text)!r}")
        param = self.lookup(name.strip())
        return param.name, param.parse(value)

    def describe(self):
        """{name: {default, min, max, help}} as `--list --json` reports it."""
        return {
            p.name: {"default": p.default, "min": p.lo, "max": p.hi, "help": p.meaning}
            for p in self
        }
