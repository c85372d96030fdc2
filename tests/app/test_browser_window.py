"""The browser side of the window (issue 12; touch, issue 11), with a stand-in for pygbag's
`platform.window` (the page's JavaScript objects): fullscreen through the page, hidden when the
page may not go fullscreen; a hidden tab or a frame that loses its focus pauses the scene."""

import sys
import types

import pygame
import pytest

import main
from scenes.catalog import SCENES
from app.options import parse_query
from app.window import BrowserWindow


class Document:
    def __init__(self, enabled=True):
        self.fullscreenEnabled = enabled
        self.fullscreenElement = None
        self.hidden = False
        self.focused = False
        self.calls = []
        self.documentElement = types.SimpleNamespace(requestFullscreen=self._request)

    def _request(self):
        self.calls.append("request")
        self.fullscreenElement = self.documentElement

    def exitFullscreen(self):
        self.calls.append("exit")
        self.fullscreenElement = None

    def hasFocus(self):
        return self.focused


@pytest.fixture
def page(monkeypatch):
    def install(document, verlet_page=None):
        window = types.SimpleNamespace(document=document)
        if verlet_page is not None:
            window.verletPage = verlet_page
        monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace(window=window))
        pygame.display.init()
        pygame.font.init()
        return BrowserWindow((960, 540), "Verlet Playground")
    return install


def test_fullscreen_goes_through_the_document_and_back(page):
    document = Document()
    window = page(document)
    assert window.fullscreen_available
    window.toggle_fullscreen()
    window.toggle_fullscreen()
    assert document.calls == ["request", "exit"]


def test_the_page_s_own_fullscreen_helper_is_preferred(page):
    calls = []
    window = page(Document(enabled=False),
                  types.SimpleNamespace(toggleFullscreen=lambda: calls.append(1)))
    assert window.fullscreen_available
    window.toggle_fullscreen()
    assert calls == [1]


def test_no_fullscreen_button_where_the_frame_may_not_go_fullscreen(page):
    window = page(Document(enabled=False))
    assert not window.fullscreen_available
    options, _ = parse_query("?stiffness=3", SCENES, "takopi")
    host = main.make_host(options, window)
    assert host.toolbar.rect("fullscreen") is None and host.toolbar.rect("scenes") is not None


def test_a_refused_fullscreen_changes_nothing_and_raises_nothing(page):
    document = Document()

    def refuse():
        raise RuntimeError("NotAllowedError")

    document.documentElement.requestFullscreen = refuse
    page(document).toggle_fullscreen()


def test_a_hidden_tab_or_a_frame_losing_its_focus_pauses(page):
    document = Document()
    window = page(document)
    options, _ = parse_query("?scene=spider", SCENES, "takopi")
    host = main.make_host(options, window)
    for _ in range(60):
        host.frame(1)
    assert not host.paused  # never focused yet (an embed before its first click): no pause
    document.focused = True
    for _ in range(60):
        host.frame(1)
    document.focused = False  # the reader clicked elsewhere on the host page
    for _ in range(60):
        host.frame(1)
    assert host.paused
    host.paused = False
    document.hidden = True
    for _ in range(60):
        host.frame(1)
    assert host.paused


def test_without_a_js_bridge_nothing_breaks(monkeypatch):
    monkeypatch.setitem(sys.modules, "platform", types.SimpleNamespace())
    pygame.display.init()
    window = BrowserWindow((960, 540), "x")
    assert not window.fullscreen_available and not window.away()
    window.toggle_fullscreen()
