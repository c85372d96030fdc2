"""app/page.py's embed bridge, natively with a fake `platform.window`.

take_commands() parses the page's JSON queue and drops anything that is not a command;
frame_size(), reduced_motion() and the reports go to window.verletPage; outside the browser
every call is a quiet no-op that returns nothing useful (an empty list, None, False).
"""

import json
import types

import pytest

from app import page


class EmbedPage:
    """window.verletPage with web/embed.js's additions, recording what the app calls."""

    def __init__(self, queue):
        self.queue = queue
        self.calls = []
        self.reducedMotion = True

    def takeCommands(self):
        text, self.queue = self.queue, "[]"
        return text

    def frameSize(self):
        return {"width": 390, "height": 219, "scale": 390 / 960, "touch": True}

    def __getattr__(self, name):  # reportPaused, reportParam, announce, ...
        return lambda *args: self.calls.append((name, *args))


@pytest.fixture
def embed(monkeypatch):
    def install(queue="[]"):
        verlet = EmbedPage(queue)
        window = types.SimpleNamespace(verletPage=verlet,
                                       JSON=types.SimpleNamespace(stringify=json.dumps))
        monkeypatch.setattr(page, "page_window", lambda: window)
        return verlet
    return install


def test_commands_are_parsed_once_and_junk_is_dropped(embed):
    embed(json.dumps([{"type": "pause", "by": "visibility"}, {"no": "type"}, 3,
                      {"type": "set", "name": "iterations", "value": 1}]))
    assert page.take_commands() == [{"type": "pause", "by": "visibility"},
                                    {"type": "set", "name": "iterations", "value": 1}]
    assert page.take_commands() == []


def test_a_broken_queue_is_an_empty_list(embed, capsys):
    embed("not json")
    assert page.take_commands() == []
    assert "verletPage" in capsys.readouterr().err


def test_frame_size_motion_and_reports_reach_the_page(embed):
    verlet = embed()
    assert page.frame_size() == {"width": 390, "height": 219, "scale": 390 / 960, "touch": True}
    assert page.reduced_motion() is True
    page.report_paused("visibility")
    page.report_resumed()
    page.report_param("iterations", 5)
    page.report_event("caught", score=3)
    page.announce("bug caught, score 3")
    page.want_size(960, 540)
    assert verlet.calls[-1] == ("wantSize", 960.0, 540.0)
    verlet.calls.pop()
    assert verlet.calls == [("reportPaused", "visibility"), ("reportResumed", "reader"),
                            ("reportParam", "iterations", 5.0),
                            ("reportEvent", "caught", '{"score": 3}'),
                            ("announce", "bug caught, score 3")]


def test_outside_the_browser_the_bridge_is_quiet(monkeypatch):
    monkeypatch.setattr(page, "page_window", lambda: None)
    assert page.take_commands() == []
    assert page.frame_size() is None
    assert page.reduced_motion() is False
    assert page.announce("x") is False and page.report_event("torn", links=12) is False


def test_share_links_and_copy_go_through_the_page(embed):
    verlet = embed()
    verlet.shareLinks = lambda query: {"link": "https://x/demo/index.html?" + query, "embed": "<iframe>"}
    assert page.share_links("scene=rope&seed=3") == {"link": "https://x/demo/index.html?scene=rope&seed=3",
                                                      "embed": "<iframe>"}
    page.copy_text("https://x/")
    assert verlet.calls[-1] == ("copyText", "https://x/")
