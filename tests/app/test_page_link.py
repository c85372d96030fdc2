"""The app obeys its page and tells it what happens (issue 23 items 4 and 5), with a fake page.

`app.embed.PageLink` drives a real host on a headless window; the fake page stands in for
`app.page` (the same functions), queues commands and records every report and live line.
"""

import json
import types
from pathlib import Path

import pygame
import pytest

import main
from app.embed import GATHER_FRAMES, PAUSED_LINE, RESUMED_LINE, PageLink
from app.options import Options
from app.window import HeadlessWindow
from scenes.kit.model.script import load_script, play
from scenes.kit.scene import script_event
from scenes.kit.model.run import set_record

KEYS = Path(__file__).resolve().parents[1] / "support" / "keyboard"
"""The keyboard-only events files (tests/support/keyboard/)."""


class FakePage:
    """`app.page`'s functions the link uses, recording what the app says."""

    def __init__(self, size=None):
        self.queue = []
        self.size = size
        self.said = []      # (kind, ...) of every report, in order
        self.lines = []     # the live region's lines
        self.states = []    # every whole state the app sent (report_state)

    def take_commands(self):
        taken, self.queue = self.queue, []
        return taken

    def frame_size(self):
        return self.size

    def announce(self, text):
        self.lines.append(text)

    def report_paused(self, by="reader"):
        self.said.append(("paused", by))

    def report_resumed(self, by="reader"):
        self.said.append(("resumed", by))

    def report_param(self, name, value):
        self.said.append(("param", name, value))

    def report_event(self, name, **detail):
        self.said.append(("event", name, detail))

    def report_state(self, state):
        json.dumps(state)  # the page gets it as JSON: it must be plain data
        self.states.append(state)


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def linked(scene="rope", size=None, **options):
    window = HeadlessWindow((960, 540))
    host = main.make_host(Options(scene=scene, **options), window)
    page = FakePage(size)
    return host, page, PageLink(host, page)


def send(page, link, *commands):
    page.queue.extend(commands)
    link.tick()


def key(host, name):
    host.handle(script_event({"type": "key_down", "key": name}, False))


# -- pause and resume: who paused decides who may resume ---------------------------------------

def test_the_page_pauses_and_resumes_and_a_view_coming_back_does_not_undo_its_pause():
    host, page, link = linked()
    send(page, link, {"type": "pause", "by": "page"})
    assert host.paused and page.said == [("paused", "page")]
    send(page, link, {"type": "pause", "by": "visibility"}, {"type": "resume", "by": "visibility"})
    assert host.paused and page.said == [("paused", "page")]
    send(page, link, {"type": "play"})
    assert not host.paused and page.said[-1] == ("resumed", "page")
    assert page.lines == [PAUSED_LINE, RESUMED_LINE]


def test_leaving_the_view_pauses_and_coming_back_resumes_where_it_was():
    host, page, link = linked()
    for _ in range(10):
        host.frame(1)
    steps = host.state()["steps"]
    send(page, link, {"type": "pause", "by": "visibility"})
    for _ in range(10):
        host.frame(1)
    assert host.state()["steps"] == steps  # no steps while out of view
    send(page, link, {"type": "resume", "by": "visibility"})
    assert not host.paused
    assert page.said == [("paused", "visibility"), ("resumed", "visibility")]
    assert page.lines == []  # nobody was looking: nothing said


def test_a_reader_s_own_pause_is_reported_and_stays_when_the_view_comes_back():
    host, page, link = linked()
    key(host, "p")
    link.tick()
    assert page.said == [("paused", "reader")]
    send(page, link, {"type": "pause", "by": "visibility"}, {"type": "resume", "by": "visibility"})
    assert host.paused and page.said == [("paused", "reader")]
    host.handle(script_event({"type": "down", "pos": [480, 300]}, True))  # a click goes on
    link.tick()
    assert not host.paused and page.said[-1] == ("resumed", "reader")


def test_a_window_gone_away_pauses_as_the_view_and_coming_back_resumes_it():
    host, page, link = linked()
    host.pause()  # what the host does when the tab is hidden or the window loses focus
    link.tick()
    assert page.said == [("paused", "visibility")]
    send(page, link, {"type": "resume", "by": "visibility"})
    assert not host.paused and page.said[-1] == ("resumed", "visibility")


# -- set, overlay, step, restart, frame size ---------------------------------------------------

def test_set_changes_a_parameter_through_its_table_and_reports_it():
    host, page, link = linked()
    send(page, link, {"type": "set", "name": "gravity", "value": 0.9})
    assert host.scene.values["gravity"] == 0.9
    assert host.scene.model.world.gravity == (0.0, 0.9)
    send(page, link, {"type": "set", "name": "iterations", "value": 99})  # clamped to 40
    send(page, link, {"type": "set", "name": "iterations", "value": 7.4})  # rounded
    assert page.said == [("param", "gravity", 0.9), ("param", "iterations", 40),
                         ("param", "iterations", 7)]
    for bad in ({"type": "set", "name": "nosuch", "value": 1},
                {"type": "set", "name": "gravity", "value": "lots"},
                {"type": "set", "name": "gravity", "value": float("nan")},
                {"type": "set", "name": "gravity"}):
        send(page, link, bad)
    assert host.scene.values["gravity"] == 0.9 and len(page.said) == 3


def test_a_slider_and_the_defaults_button_are_reported_too():
    host, page, link = linked()
    host.scene.apply(set_record("gravity", 1.2))   # what a slider's drag calls
    link.tick()
    host.scene.panel.reset()               # the "defaults" button
    link.tick()
    assert page.said == [("param", "gravity", 1.2), ("param", "gravity", 0.3)]


def test_overlay_on_off_and_toggle():
    host, page, link = linked()
    context = host.scene.context
    send(page, link, {"type": "overlay", "on": True})
    assert context.overlay is True
    send(page, link, {"type": "overlay"})
    assert context.overlay is False
    send(page, link, {"type": "overlay"}, {"type": "overlay", "on": False})
    assert context.overlay is False


def test_step_takes_steps_only_while_paused():
    host, page, link = linked()
    send(page, link, {"type": "step", "count": 5})
    assert host.state()["steps"] == 0
    send(page, link, {"type": "pause", "by": "page"}, {"type": "step", "count": 5})
    assert host.state()["steps"] == 5 and host.paused
    send(page, link, {"type": "step", "count": 10_000})
    assert host.state()["steps"] == 5 + 600


def test_restart_follows_the_scene_s_restart_rule():
    host, page, link = linked("rope")
    send(page, link, {"type": "restart"})
    assert host.scene.run.restarts == 1
    spider, page, link = linked("spider")
    for _ in range(5):
        spider.frame(1)
    send(page, link, {"type": "restart"})
    assert spider.scene.run.restarts == 0  # mid-game the game asks first
    send(page, link, {"type": "restart"})
    assert spider.scene.run.restarts == 1


def test_the_frame_size_is_kept_for_the_chrome_at_the_start_and_on_resize():
    size = {"width": 390, "height": 219, "scale": 390 / 960, "touch": True,
            "frameWidth": 390, "frameHeight": 219}
    host, page, link = linked(size=size)
    assert host.frame_size == size and host.scene.context.css_scale == pytest.approx(0.40625)
    send(page, link, dict(size, type="frame-size", width=320, scale=1 / 3))
    assert host.frame_size["width"] == 320 and host.scene.context.css_scale == pytest.approx(1 / 3)
    send(page, link, {"type": "frame-size", "scale": -1})  # nonsense keeps the last good scale
    assert host.scene.context.css_scale == pytest.approx(1 / 3)


def test_an_unknown_or_malformed_command_is_skipped_and_the_rest_applies():
    host, page, link = linked()
    send(page, link, {"type": "dance"}, {"type": "step", "count": "many"},
         {"type": "pause", "by": "page"})
    assert host.paused


# -- moments: events and the live region ---------------------------------------------------------

def test_a_cut_made_with_the_keys_is_one_event_and_one_line_with_all_its_links():
    host, page, link = linked("cloth")
    entries = load_script(KEYS / "cloth.json")

    class Linked:  # the live loop's order: the link's tick, then the host's frame
        def apply(self, entry):
            host.handle(script_event(entry, 0))

        def step(self):
            link.tick()
            host.frame(1)

    play(Linked(), entries, 90 + GATHER_FRAMES + 2)
    cut = 237 - len(host.state()["links"])
    events = [said for said in page.said if said[0] == "event"]
    assert cut >= 8
    assert events == [("event", "cut", {"links": cut})]
    assert page.lines == [f"망토를 잘랐어요, {cut}곳 · cloth cut, {cut} links"]


def test_moments_that_count_gather_for_half_a_second_and_others_are_told_at_once():
    host, page, link = linked("spider")
    moments = host.scene.run.moments
    moments.extend([("caught", {"score": 3}), ("game-over", {"score": 7, "cause": "bitten"})])
    link.tick()
    assert page.said == [("event", "caught", {"score": 3}),
                         ("event", "game-over", {"score": 7, "cause": "bitten"})]
    assert page.lines == ["벌레가 걸렸어요, 점수 3 · bug caught, score 3",
                          "게임 끝, 점수 7 · game over, score 7"]
    moments.extend([("torn", {"links": 2}), ("torn", {"links": 5})])
    link.tick()
    moments.append(("torn", {"links": 5}))
    for _ in range(GATHER_FRAMES - 2):
        link.tick()
    assert len(page.said) == 2
    link.tick()
    assert page.said[-1] == ("event", "torn", {"links": 12})
    assert len(page.lines) == 2  # the spider has no words for a tear: an event, no line


def test_a_moment_with_a_bad_name_or_detail_is_dropped():
    host, page, link = linked("rope")
    host.scene.run.moments.extend([("Torn!", {}), ("torn", "12"), ("x" * 40, {}),
                                   ("odd", {"what": object()})])
    link.tick()
    assert page.said == []


# -- the real bridge (app.page) to a page that behaves like web/embed.js ----------------------

class EmbedJs:
    """window.verletPage as web/embed.js completes it: JSON text out, calls recorded."""

    def __init__(self, commands, size):
        self.commands, self.size, self.calls = commands, size, []
        self.reducedMotion = True  # noqa: N815 (the page's own name)

    def takeCommands(self):  # noqa: N802
        taken, self.commands = self.commands, []
        return json.dumps(taken)

    def frameSize(self):  # noqa: N802
        return self.size

    def __getattr__(self, name):  # reportPaused, reportParam, announce ...: recorded
        return lambda *args: self.calls.append((name, *args))


def test_the_link_works_through_app_page_against_the_embed_script(monkeypatch):
    from app import page

    size = {"width": 390, "height": 219, "scale": 0.40625, "touch": True}
    embed = EmbedJs([{"type": "pause", "by": "page"}, {"type": "step", "count": 3},
                     {"type": "set", "name": "gravity", "value": 1.0}], size)
    window = types.SimpleNamespace(verletPage=embed, JSON=types.SimpleNamespace(stringify=json.dumps))
    monkeypatch.setattr(page, "page_window", lambda: window)
    host = main.make_host(Options(scene="rope"), HeadlessWindow((960, 540)))
    link = PageLink(host)  # app.page itself
    link.tick()
    assert host.paused and host.state()["steps"] == 3 and host.scene.values["gravity"] == 1.0
    assert host.frame_size == size and host.scene.context.css_scale == 0.40625
    assert ("reportPaused", "page") in embed.calls and ("reportParam", "gravity", 1.0) in embed.calls
    assert page.reduced_motion() is True


def test_side_by_side_the_page_hears_the_first_copy_s_moments_in_its_words():
    """Side by side, a reader's press on a copy is a moment of every copy: the page hears the
    first copy's, in its words (the live loop's link asked the grid itself for its words and
    a desktop window closed with a traceback at the first grab)."""
    from app.side_by_side import CELL_SCALE
    from scenes.catalog import SCENES
    from scenes.kit.model import side_by_side
    options = Options(scene="rope")
    options.compare = side_by_side.parse("iterations=2,10,40", "rope", SCENES["rope"].params,
                                         options.values)
    host = main.make_host(options, HeadlessWindow((960, 540)))
    page = FakePage()
    link = PageLink(host, page)
    grid = host.scene
    x, y = grid.copies[0].model.points()[-1]  # the first copy's free end, on the screen:
    cell = grid.cells[0]
    end = (cell.x + x * CELL_SCALE, cell.y + y * CELL_SCALE)
    host.handle(script_event({"type": "down", "pos": list(end)}, True))
    for _ in range(3):
        link.tick()
        host.frame(1)
    events = [said for said in page.said if said[0] == "event"]
    assert [name for _, name, _ in events] == ["grabbed"]
    assert page.lines == [grid.copies[0].moment_line("grabbed", events[0][2])]
    assert page.lines[0] is not None and " · " in page.lines[0]
    # every command of the page works on the grid too
    send(page, link, {"type": "set", "name": "gravity", "value": 0.9},
         {"type": "set", "name": "iterations", "value": 5},  # the compared value: each copy's own
         {"type": "overlay", "on": True}, {"type": "pause"}, {"type": "step", "count": 2},
         {"type": "restart"}, {"type": "resume"})
    assert [copy.values["gravity"] for copy in grid.copies] == [0.9] * 3
    assert [copy.values["iterations"] for copy in grid.copies] == [2, 10, 40]
    assert ("param", "gravity", 0.9) in page.said and grid.context.overlay


def test_the_whole_state_is_sent_when_any_of_it_changes_and_only_then():
    host, page, link = linked("rope", seed=7)
    link.tick()
    first = page.states[-1]
    assert first == {"scene": "rope", "paused": False, "by": None, "params": dict(host.scene.values),
                     "seed": 7}
    link.tick()
    assert len(page.states) == 1, "an unchanged state is not sent again"
    send(page, link, {"type": "pause", "by": "visibility"})
    assert page.states[-1]["paused"] is True and page.states[-1]["by"] == "visibility"
    send(page, link, {"type": "set", "name": "gravity", "value": 0.5})
    assert page.states[-1]["params"]["gravity"] == 0.5 and len(page.states) == 3
