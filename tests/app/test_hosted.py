"""The host's idea of a scene is declared once (`app.hosted.Hosted`) and every scene has it.

Every member the host's modules read of the scene they show is named in the protocol, and
every demo's scene and the side-by-side view of each demo that offers one provide them all: a
member the host starts to read fails here, not when compare mode is first opened.
"""

import os
import re
from pathlib import Path

import pygame
import pytest

from app.side_by_side import CompareView
from app.hosted import Hosted
from scenes.catalog import SCENES
from scenes.kit.model import side_by_side

ROOT = Path(__file__).resolve().parents[2]
HOST_MODULES = ("app/host.py", "app/switching.py", "app/pausing.py", "app/routing.py",
                "app/painting.py", "app/governing.py", "app/rewind.py", "app/toolbar.py",
                "app/embed.py", "app/share.py", "app/page.py", "app/headless.py", "app/chrome.py",
                "main.py")
"""What reads the shown scene: the host and its jobs, its rewind bar, toolbar, page link and
drivers."""
OPTIONAL = {"quality_corner", "copies", "model", "instruments"}
"""Read with a fallback (`getattr(scene, name, ...)`): only some scenes have them."""


@pytest.fixture(scope="module", autouse=True)
def display():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    yield


def declared():
    names = set()
    for cls in Hosted.__mro__:
        if cls is object:
            continue
        names |= {n for n in vars(cls) if not n.startswith("_")}
        names |= set(getattr(cls, "__annotations__", {}))
    return names


def read_by_the_host():
    names = set()
    for relative in HOST_MODULES:
        text = (ROOT / relative).read_text(encoding="utf-8")
        names |= set(re.findall(r"\bscene\.([a-z_]+)\b", text))
    return names


def test_every_member_the_host_reads_is_declared():
    missing = read_by_the_host() - declared() - OPTIONAL
    assert not missing, f"the host reads {sorted(missing)} of a scene: declare them in Hosted"
    assert {"apply", "run", "step", "state", "handle"} <= declared()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_scene_is_hosted(name):
    scene = SCENES[name](seed=0)
    assert isinstance(scene, Hosted)
    missing = [n for n in declared() if not hasattr(scene, n)]
    assert missing == []


@pytest.mark.parametrize("name", sorted(n for n in SCENES if side_by_side.offers(n)))
def test_every_side_by_side_view_is_hosted(name):
    cls = SCENES[name]
    view = CompareView(cls, side_by_side.default(name, cls.params), seed=0)
    assert isinstance(view, Hosted)
    missing = [n for n in declared() if not hasattr(view, n)]
    assert missing == []


def test_something_that_is_not_a_scene_is_not_hosted():
    class Half:
        name, help, size = "half", "", (960, 540)

        def step(self):
            pass

    assert not isinstance(Half(), Hosted)
