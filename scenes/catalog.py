"""Every scene by name: what `--scene`, `--list`, the scene list and the page query choose from.

It also holds each demo's one title (TITLES, `title`): the name every share and embed gives it,
the blog's snippets, the frame's page title and card, its "copy embed", the oEmbed answers and
the desktop's copy embed alike.

The catalog knows each demo by its package and loads the demo's scene (which needs pygame) only
when it is asked for, so `main.py --help` and `--list` run where pygame is not installed: what
they show comes from the demo's pure model (its HELP and PARAMS, `describe`).
"""

import importlib
from collections.abc import Mapping
from typing import NamedTuple

from scenes.kit.model.run import SIZE

DEMOS = ("takopi", "spider", "rope", "cloth", "flag", "bridge", "hair")
"""The demos' packages under scenes/, in the order `--list` and the number keys show them."""
DEFAULT_SCENE = "takopi"
"""What opens when no scene is named."""
SITE_NAME = "Verlet Playground"
TITLES = {"takopi": "Takopi soft body", "spider": "Verlet spider web game", "rope": "Verlet rope",
          "cloth": "A cloak that tears", "flag": "A flag in gusty wind", "bridge": "A rope bridge",
          "hair": "A head of hair"}
"""Each demo's title wherever it is shared or embedded; a scene not named here (one added with
`register`) is titled from its hint (`title`)."""


class Description(NamedTuple):
    """What is known of a scene without loading it: its name, hint, parameters, canvas size."""

    name: str
    help: str
    params: object
    size: tuple


class Catalog(Mapping):
    """Scene classes by name, each imported the first time it is looked up."""

    def __init__(self, names):
        self._names = list(names)
        self._loaded = {}

    def __len__(self):
        return len(self._names)

    def __iter__(self):
        return iter(list(self._names))

    def __contains__(self, name):
        return name in self._names  # without loading it

    def __getitem__(self, name):
        if name not in self._names:
            raise KeyError(name)
        if name not in self._loaded:
            module = importlib.import_module(f"scenes.{name}.scene")
            self._loaded[name] = next(value for value in vars(module).values()
                                      if isinstance(value, type) and value.__dict__.get("name") == name)
        return self._loaded[name]

    def describe(self, name):
        """The scene's `Description`, read from its model module unless it is loaded already."""
        if name in self._loaded:
            scene = self._loaded[name]
            return Description(name, scene.help, scene.params, tuple(scene.size))
        if name not in self._names:
            raise KeyError(name)
        model = importlib.import_module(f"scenes.{name}.model")
        return Description(name, model.HELP, model.PARAMS, SIZE)

    def register(self, scene):
        """Add a scene class (last in the order); a name already here is refused."""
        if scene.name in self._names:
            raise ValueError(f"a scene named {scene.name!r} is in the catalog already")
        self._names.append(scene.name)
        self._loaded[scene.name] = scene
        return scene

    def unregister(self, name):
        """Take a registered scene out again (tests that add one)."""
        self._names.remove(name)
        self._loaded.pop(name, None)


SCENES = Catalog(DEMOS)
"""Every scene, in the order `--list` shows them."""


def register(scene):
    """Add a scene class to the catalog (last in `--list`), beside the seven demos."""
    return SCENES.register(scene)


def title(name, help_text=""):
    """The demo's title: TITLES, else the words of its hint before the first colon."""
    if name in TITLES:
        return TITLES[name]
    words = (help_text or "").split(":", 1)[0].strip() or name
    return words[:1].upper() + words[1:]


def share_title(name, help_text=""):
    """The demo's title with the site's name: "Verlet rope · Verlet Playground", the one text of
    every iframe title, frame page title, og:title and oEmbed title."""
    return f"{title(name, help_text)} \u00b7 {SITE_NAME}"


def describe(scenes, name):
    """`name`'s `Description` from a Catalog, or from any mapping of scene classes."""
    if isinstance(scenes, Catalog):
        return scenes.describe(name)
    scene = scenes[name]
    return Description(name, getattr(scene, "help", ""), scene.params,
                       tuple(getattr(scene, "size", SIZE)))
