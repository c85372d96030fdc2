"""Scrolling belongs to the host page, in a cross-origin blog with real input.

Before play, a wheel turn or a swipe over the frame scrolls the host page as over its text.
After play (the stand-in runtime, which cancels wheel and touch events on the canvas as SDL's
listeners do), the wheel still scrolls the page and never reaches the runtime, a swipe that
starts on the canvas goes to the demo (the page stays put), and one that starts on the text
scrolls the page. Desktop at 1280 px, phones at 390 and 320 px with touch emulation.
"""

import pytest

from tests.support.embed import Input, centre, host_page, inner_frame, scroll_y
from tests.support.standin import StandIn

pytestmark = pytest.mark.browser


def open_host(page, serve, web_build, tmp_path, query="scene=rope", size=(1280, 800), phone=False):
    frame_url = serve(web_build["dir"]) + "index.html?" + query
    devices = Input(page)
    if phone:
        devices.phone(*size)
    else:
        page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(host_page(tmp_path, serve, frame_url))
    if "autostart" not in query:
        page.frame_locator("#frame").locator("#vp-play").wait_for(state="visible")
    return devices


def started(page):
    page.frame_locator("#frame").locator("#canvas").wait_for(state="attached")
    inner_frame(page).wait_for_function("window.verletPage.state === 'started'", timeout=15000)


def runtime_input(page):
    return inner_frame(page).evaluate("window.standin.input")


def test_wheel_over_the_frame_scrolls_the_host_before_and_after_play(page, serve, web_build, tmp_path):
    StandIn(page)
    devices = open_host(page, serve, web_build, tmp_path)
    x, y = centre(page, "#frame")
    devices.wheel(x, y, 400)
    before_play = scroll_y(page)
    assert before_play >= 300, f"a wheel over the poster scrolled the page {before_play} px"

    page.evaluate("window.scrollTo(0, 0)")
    page.frame_locator("#frame").locator("#vp-play").click()
    started(page)
    x, y = centre(page, "#frame")
    devices.wheel(x, y, 400)
    after_play = scroll_y(page)
    assert after_play >= 300, f"a wheel over the running demo scrolled the page {after_play} px"
    assert runtime_input(page)["wheel"] == 0, "the runtime saw the wheel: it would trap it"


@pytest.mark.parametrize("width,height", [(390, 844), (320, 640)])
def test_swipes_over_the_poster_scroll_the_host_page(page, serve, web_build, tmp_path, width, height):
    devices = open_host(page, serve, web_build, tmp_path, size=(width, height), phone=True)
    x, y = centre(page, "#frame")
    devices.swipe(x, y, dy=-300, hold=300)
    over_poster = scroll_y(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    text_y = page.locator("p").first.bounding_box()["y"] + 10
    devices.swipe(x, text_y, dy=-300, hold=300)
    over_text = scroll_y(page)
    # A held swipe scrolls by the finger's 300 px less the touch slop; a trapped one, 0 px.
    assert over_text >= 250, f"a swipe over the host's text scrolled {over_text} px"
    assert over_poster >= 0.9 * over_text, (
        f"a swipe over the poster scrolled {over_poster} px, over text {over_text} px")


def test_after_play_touches_on_the_canvas_go_to_the_demo_and_others_scroll(page, serve, web_build,
                                                                            tmp_path):
    StandIn(page)
    devices = open_host(page, serve, web_build, tmp_path, query="scene=rope&autostart=1",
                        size=(390, 844), phone=True)
    started(page)
    x, y = centre(page, "#frame")
    devices.swipe(x, y, dy=-150)
    assert scroll_y(page) == 0, "a drag on the running demo scrolled the host page"
    assert runtime_input(page)["touches"] >= 5, "the demo did not get the drag"
    text_y = page.locator("p").first.bounding_box()["y"] + 10
    devices.swipe(x, text_y, dy=-300)
    assert scroll_y(page) >= 200, "a swipe that starts outside the demo must scroll the page"
