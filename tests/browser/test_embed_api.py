"""The embed API in a cross-origin host page.

The frame posts ready (with the scene's parameters), size, started, failed (with its reason),
paused/resumed, param and event; it takes play, pause, resume, restart, set, overlay and step
from its parent, validated (each refusal is an `error` with the reason). The stand-in runtime
plays the app's side: it reads verletPage.takeCommands() every frame and reports back, as
app/page.py lets the app do. The frame pauses itself while scrolled out of view and goes
on when it is back; the host hears `paused` as the frame leaves (by its own clock), not when it
returns. A `state` request is answered at any time, before play too, and a `set` before play
is acknowledged.
"""

import pytest

from tests.support.embed import host_page, inner_frame, messages, wait_message, wait_until
from tests.support.standin import StandIn

pytestmark = pytest.mark.browser


def open_host(page, serve, web_build, tmp_path, query="scene=takopi", below=40):
    page.set_viewport_size({"width": 1280, "height": 800})
    frame_url = serve(web_build["dir"]) + "index.html?" + query
    page.goto(host_page(tmp_path, serve, frame_url, below=below))
    return wait_message(page, "ready")


def send(page, **message):
    page.evaluate("(message) => window.send(message)", {"verlet": 1, **message})


def app_state(page):
    return inner_frame(page).evaluate("window.standin.app")


def refused(page, count):
    """Wait for the `count`-th error message and return it."""
    wait_until(page, "(n) => window.got.filter((m) => m.type === 'error').length >= n", arg=count,
               what=f"error message number {count}")
    return messages(page, "error")[count - 1]


def test_ready_names_the_scene_its_parameters_and_size(page, serve, web_build, tmp_path):
    StandIn(page)
    ready = open_host(page, serve, web_build, tmp_path)
    assert ready["scene"] == "takopi" and ready["requested"] == "takopi"
    assert ready["params"]["iterations"] == {"min": 1, "max": 40, "default": 10, "integer": True}
    size = wait_message(page, "size")
    assert (size["width"], size["height"]) == (960, 540)


def test_commands_before_play_are_validated_and_set_goes_into_the_address(page, serve, web_build,
                                                                          tmp_path):
    standin = StandIn(page)
    open_host(page, serve, web_build, tmp_path)
    send(page, type="bogus")
    assert "unknown message type" in refused(page, 1)["reason"]
    send(page, type="set", name="nosuch", value=1)
    assert "unknown parameter" in refused(page, 2)["reason"]
    send(page, type="set", name="iterations", value=99)
    assert "between 1 and 40" in refused(page, 3)["reason"]
    send(page, type="set", name="iterations", value=2.5)
    assert "whole number" in refused(page, 4)["reason"]
    send(page, type="step")
    assert refused(page, 5)["reason"] == "not-started"
    page.evaluate("window.send({type: 'play'})")  # no `verlet: 1`: not ours, ignored
    send(page, type="set", name="iterations", value=1)
    page.wait_for_timeout(300)
    assert len(messages(page, "error")) == 5
    assert not standin.runtime_requested, "nothing may load before play"
    send(page, type="play")
    wait_message(page, "started", scene="takopi")
    search = inner_frame(page).evaluate("location.search")
    assert search.startswith("?scene=takopi") and "iterations=1" in search, search


def test_pause_step_set_overlay_resume_restart_while_running(page, serve, web_build, tmp_path):
    StandIn(page)
    open_host(page, serve, web_build, tmp_path, query="scene=takopi&autostart=1")
    wait_message(page, "started")
    send(page, type="pause")
    assert wait_message(page, "paused")["by"] == "page"
    steps = app_state(page)["steps"]
    send(page, type="step", count=3)
    inner_frame(page).wait_for_function("(n) => window.standin.app.steps === n + 3", arg=steps)
    send(page, type="step", count=601)
    assert "1 to 600" in refused(page, 1)["reason"]
    send(page, type="set", name="iterations", value="5")
    assert wait_message(page, "param", name="iterations")["value"] == 5
    send(page, type="overlay", on="yes")
    assert "true or false" in refused(page, 2)["reason"]
    send(page, type="overlay", on=True)
    send(page, type="resume")
    assert wait_message(page, "resumed")["by"] == "page"
    send(page, type="restart")
    wait_message(page, "event", name="restart")
    applied = [c["type"] for c in inner_frame(page).evaluate("window.standin.applied")]
    assert applied == ["pause", "step", "set", "overlay", "resume", "restart"], applied
    assert app_state(page)["overlay"] is True
    assert inner_frame(page).evaluate("document.getElementById('vp-live').textContent") == "iterations 5"


def test_failure_is_posted_with_its_reason(page, serve, web_build, tmp_path):
    StandIn(page, fail="import", line="ModuleNotFoundError: No module named 'pygame'")
    open_host(page, serve, web_build, tmp_path, query="scene=rope&autostart=1")
    failed = wait_message(page, "failed")
    assert failed["reason"] == "app" and "No module named" in failed["detail"]


def test_the_frame_pauses_out_of_view_and_goes_on_when_back(page, serve, web_build, tmp_path):
    """Out of view the frame tells the app to pause; Chromium also throttles an off-screen
    cross-origin frame's animation frames, so the app (here the stand-in) may only read the
    pause when it runs again: then it gets pause and resume, in that order, both posted."""
    StandIn(page)
    open_host(page, serve, web_build, tmp_path, query="scene=flag&autostart=1", below=60)
    wait_message(page, "started")
    frame = inner_frame(page)
    assert frame.evaluate("window.verletPage.away") is False
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    frame.wait_for_function("window.verletPage.away === true", polling=100)  # rAF stops off-screen
    page.evaluate("window.scrollTo(0, 0)")
    frame.wait_for_function("window.verletPage.away === false", polling=100)
    assert wait_message(page, "resumed")["by"] == "visibility"
    order = [(m["type"], m.get("by")) for m in messages(page) if m["type"] in ("paused", "resumed")]
    assert order == [("paused", "visibility"), ("resumed", "visibility")], order
    steps = app_state(page)["steps"]
    frame.wait_for_function("(n) => window.standin.app.steps > n", arg=steps)


def test_a_reader_pause_is_not_undone_by_coming_back_into_view(page, serve, web_build, tmp_path):
    StandIn(page)
    open_host(page, serve, web_build, tmp_path, query="scene=flag&autostart=1", below=60)
    wait_message(page, "started")
    send(page, type="pause")
    wait_message(page, "paused", by="page")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_timeout(400)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(400)
    assert app_state(page)["paused"] is True
    assert not messages(page, "resumed")


def test_frame_size_and_reduced_motion_for_the_app(page, serve, web_build):
    page.set_viewport_size({"width": 390, "height": 219})
    page.emulate_media(reduced_motion="reduce")
    page.goto(serve(web_build["dir"]) + "index.html?scene=flag")
    page.locator("#vp-play").wait_for(state="visible")
    size = page.evaluate("window.verletPage.frameSize()")
    assert (size["width"], size["height"]) == (389, 219)  # 16:9 inside 390 x 219
    assert abs(size["scale"] * 960 - size["width"]) < 1
    assert page.evaluate("window.verletPage.reducedMotion") is True
    assert page.evaluate("window.verletPage.away") is False
    assert page.evaluate("JSON.parse(window.verletPage.takeCommands())") == []


def test_announcements_go_to_the_live_region_at_a_sensible_rate(page, serve, web_build):
    page.goto(serve(web_build["dir"]) + "index.html?scene=cloth")
    page.locator("#vp-play").wait_for(state="visible")
    live = page.locator("#vp-live")
    assert live.get_attribute("aria-live") == "polite"
    page.evaluate("window.verletPage.announce('cloth torn, 12 links')")
    assert live.text_content() == "cloth torn, 12 links"
    page.evaluate("window.verletPage.announce('cloth torn, 13 links');"
                  "window.verletPage.announce('cloth torn, 14 links')")
    assert live.text_content() == "cloth torn, 12 links", "a second line came too soon"
    page.wait_for_function("document.getElementById('vp-live').textContent === 'cloth torn, 14 links'")


def test_share_links_carry_the_apps_pairs_and_nothing_else(page, serve, web_build):
    base = serve(web_build["dir"])
    page.goto(base + "index.html?scene=rope&autostart=0#debug")
    page.locator("#vp-play").wait_for(state="visible")
    links = page.evaluate("window.verletPage.shareLinks("
                          "'scene=rope&gravity=0.5&seed=3&overlay=1&autostart=1&x=<b>')")
    assert links["link"] == base + "rope.html?gravity=0.5&seed=3&overlay=1"  # the rope's own page
    assert links["embed"].startswith(f'<iframe src="{base}rope.html?gravity=0.5&amp;seed=3')
    assert 'title="Verlet rope · Verlet Playground"' in links["embed"]
    assert 'allow="autoplay; fullscreen; clipboard-write"' in links["embed"]


def test_a_hidden_tab_pauses_and_showing_it_resumes(page, serve, web_build, tmp_path):
    """The frame's visibilitychange handling (document.hidden is faked in the frame: a headless
    browser has no other tab to switch to)."""
    StandIn(page)
    open_host(page, serve, web_build, tmp_path, query="scene=cloth&autostart=1")
    wait_message(page, "started")
    frame = inner_frame(page)
    hide = ("(hidden) => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});"
            " document.dispatchEvent(new Event('visibilitychange')); }")
    frame.evaluate(hide, True)
    assert wait_message(page, "paused")["by"] == "visibility"
    assert frame.evaluate("window.verletPage.away") is True
    frame.evaluate(hide, False)
    assert wait_message(page, "resumed")["by"] == "visibility"
    assert app_state(page)["paused"] is False


def arrival(page, kind, by=None):
    """The host's clock (performance.now(), ms) when the first `kind` message (with `by`) came."""
    return page.evaluate("([kind, by]) => { const i = window.got.findIndex((m) => m.type === kind"
                         " && (by === null || m.by === by)); return i < 0 ? null : window.arrivals[i][1]; }",
                         [kind, by])


def test_the_host_hears_the_pause_as_the_frame_leaves_view_not_when_it_returns(page, serve, web_build,
                                                                                tmp_path):
    """Before, paused and resumed came together 21 ms after the frame came back (4 s after it
    left): the off-screen frame's app got no animation frames to report from."""
    StandIn(page)
    open_host(page, serve, web_build, tmp_path, query="scene=flag&autostart=1", below=60)
    wait_message(page, "started")
    left = page.evaluate("window.scrollTo(0, document.body.scrollHeight); performance.now()")
    page.wait_for_function("window.got.some((m) => m.type === 'paused')", timeout=3000)
    paused = arrival(page, "paused", "visibility")
    assert paused is not None and paused - left < 300, f"paused came {paused - left:.0f} ms after leaving"
    print(f"paused {{by: visibility}} reached the host {paused - left:.0f} ms after the frame left view")
    page.wait_for_timeout(1500)  # away for a while: nothing more, and still no resume
    assert [m["type"] for m in messages(page) if m["type"] in ("paused", "resumed")] == ["paused"]
    send(page, type="state")  # answered while the app, off-screen, gets no frames
    state = wait_message(page, "state")
    assert (state["stage"], state["paused"], state["by"], state["scene"]) == ("started", True, "visibility", "flag")
    back = page.evaluate("window.scrollTo(0, 0); performance.now()")
    resumed = wait_message(page, "resumed")
    assert resumed["by"] == "visibility" and arrival(page, "resumed") > back > paused
    print(f"resumed reached the host {arrival(page, 'resumed') - back:.0f} ms after the frame came back")
    order = [(m["type"], m.get("by")) for m in messages(page) if m["type"] in ("paused", "resumed")]
    assert order == [("paused", "visibility"), ("resumed", "visibility")], order  # said once each
    applied = [(c["type"], c.get("by")) for c in inner_frame(page).evaluate("window.standin.applied")]
    assert applied[:2] == [("pause", "visibility"), ("resume", "visibility")], applied


def test_state_is_answered_before_play_and_a_set_before_play_is_acknowledged(page, serve, web_build,
                                                                             tmp_path):
    standin = StandIn(page)
    ready = open_host(page, serve, web_build, tmp_path, query="scene=takopi&iterations=3&gravity=9&seed=5")
    send(page, type="state")
    state = wait_message(page, "state")
    defaults = {name: spec["default"] for name, spec in ready["params"].items()}
    assert state["stage"] == "poster" and state["paused"] is False and state["scene"] == "takopi"
    assert state["params"] == {**defaults, "iterations": 3}  # gravity=9 is out of range: the default
    assert state["seed"] == 5
    send(page, type="set", name="iterations", value=7)
    ack = wait_message(page, "param", name="iterations")
    assert ack == {"verlet": 1, "type": "param", "scene": "takopi", "name": "iterations", "value": 7,
                   "pending": True}
    page.evaluate("window.got.length = 0; window.arrivals.length = 0")
    send(page, type="state")
    assert wait_message(page, "state")["params"]["iterations"] == 7
    assert not standin.runtime_requested
    send(page, type="play")
    wait_message(page, "started")
    inner_frame(page).wait_for_function("window.standin.applied !== undefined")
    page.evaluate("window.got.length = 0; window.arrivals.length = 0")
    send(page, type="pause")
    wait_message(page, "paused", by="page")
    send(page, type="state")
    state = wait_message(page, "state")
    assert (state["stage"], state["paused"], state["by"]) == ("started", True, "page")
    assert state["params"]["iterations"] == 7 and state["seed"] == 5


def test_the_old_name_stiffness_still_reaches_the_spiders_iterations(page, serve, web_build,
                                                                    tmp_path):
    """The spider's and the flag's passes were `stiffness` until every demo called them
    `iterations`: an address or a `set` that uses the old name still sets them, and what the
    frame says back uses the new one (`ParamTable.aliases`, handed on by `page_scenes`)."""
    StandIn(page)
    ready = open_host(page, serve, web_build, tmp_path, query="scene=spider&stiffness=15")
    assert "stiffness" not in ready["params"] and ready["params"]["iterations"]["max"] == 40
    send(page, type="state")
    assert wait_message(page, "state")["params"]["iterations"] == 15
    send(page, type="set", name="stiffness", value=7)
    ack = wait_message(page, "param", name="iterations")
    assert (ack["value"], ack["pending"]) == (7, True)
    page.evaluate("window.got.length = 0; window.arrivals.length = 0")
    send(page, type="state")
    assert wait_message(page, "state")["params"]["iterations"] == 7
    send(page, type="set", name="stiffness", value=41)
    assert refused(page, 1)["reason"] == "iterations must be between 1 and 40"
