"""The frame page's start-up in Chromium with the stand-in runtime.

Every failure stage shows its card (Korean and English, Reload) within the stated time; the
poster and play button ask nothing of any other site until the click; `autostart=1` starts at
once; the cards fit a 320 x 180 frame with Reload visible; the frame stays transparent for
dark-mode readers; #debug shows the runtime's output. The stand-in (tests.support.standin.py) plays
the CDN's scripts; main.py's own reports are exercised natively in test_page_report.py, and the
lines the stand-in reports here are made by app.page from real exceptions.
"""

import re

import pytest

from app import page as app_page

from tests.support.browser import bundle_stem
from tests.support.standin import CDN, StandIn

pytestmark = pytest.mark.browser

SIZES = [(1280, 720), (375, 211), (320, 180)]
CARD_MS = 5000
"""A failure's card must be up this soon after the failure happens."""
WATCHDOG_MS = 1500
"""The page's watchdog, shortened for the test (90 s in the product)."""


def import_failure_line():
    try:
        __import__("pygame_that_failed_to_install")
    except ImportError as error:
        return app_page.failure_line(error)


def frame_failure_line():
    try:
        1 / 0
    except ZeroDivisionError as error:
        return app_page.failure_line(error)


STAGES = {  # name: (StandIn arguments, Korean words, English words, detail words)
    "runtime-404": ({"missing": ["pythons.js"]}, "불러오지 못했어요", "could not be loaded",
                    "pythons.js"),
    "main-js-404": ({"missing": ["cpython312/main.js"]}, "불러오지 못했어요", "could not be loaded",
                    "cpython312/main.js"),
    "data-404": ({"missing": ["cpython312/main.data"]}, "받지 못했어요", "main.data",
                 "HTTP 404"),  # named, no longer a muted "Script error."
    "wasm-abort": ({"fail": "abort"}, "멈췄어요", "stopped while starting", "abort"),
    "import": ({"fail": "import", "line": import_failure_line()}, "오류로 멈췄어요",
               "stopped with an error", "ModuleNotFoundError: No module named"),
    "frame": ({"fail": "frame", "line": frame_failure_line()}, "오류로 멈췄어요",
              "stopped with an error", "ZeroDivisionError: division by zero"),
    "watchdog": ({"fail": "never", "watchdog_ms": WATCHDOG_MS}, "너무 오래", "taking too long",
                 "reload"),
}


def open_frame(page, serve, web_build, query="scene=rope&autostart=1", size=(1280, 720)):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(serve(web_build["dir"]) + "index.html?" + query, wait_until="domcontentloaded")


def fits(page, selector, size):
    box = page.locator(selector).bounding_box()
    return (box is not None and box["x"] >= 0 and box["y"] >= 0
            and box["x"] + box["width"] <= size[0] + 0.5 and box["y"] + box["height"] <= size[1] + 0.5)


def test_failure_lines_come_from_scenes_page():
    assert STAGES["import"][0]["line"] == "ModuleNotFoundError: No module named 'pygame_that_failed_to_install'"
    assert STAGES["frame"][0]["line"] == "ZeroDivisionError: division by zero"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("stage", list(STAGES))
def test_each_failure_stage_shows_its_card(page, serve, web_build, artifacts, stage, size):
    settings, korean, english, detail = STAGES[stage]
    runtime = StandIn(page, **settings)
    open_frame(page, serve, web_build, size=size)
    card = page.locator("#vp-error")
    if stage == "watchdog":
        page.wait_for_function("verletPage.stageName === 'scene'", timeout=CARD_MS)
        assert card.is_hidden(), "the watchdog fired before its time"
        card.wait_for(state="visible", timeout=WATCHDOG_MS + 1500)
    else:
        card.wait_for(state="visible", timeout=CARD_MS)
    text = card.inner_text()
    assert korean in text and english in text and detail in text, text
    assert page.locator("#transfer").is_hidden()
    assert page.evaluate("verletPage.state") == "failed"
    assert page.locator("#vp-reload").inner_text() == "다시 불러오기 · Reload"
    # It fits: the whole card and its Reload button inside the frame, nothing to scroll.
    assert fits(page, "#vp-error", size) and fits(page, "#vp-reload", size), page.locator("#vp-error").bounding_box()
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
    # Prose in the text face; only an address may be in code.
    faces = page.evaluate("""() => [getComputedStyle(document.querySelector('#vp-error-detail')).fontFamily,
        [...document.querySelectorAll('#vp-error code')].map(c => c.textContent)]""")
    assert "monospace" not in faces[0]
    assert all(re.fullmatch(r"https?://\S+", code) for code in faces[1]), faces[1]
    if stage == "frame":  # the frozen first frame stays visible behind the card
        assert page.locator("#canvas").evaluate("c => getComputedStyle(c).visibility") == "visible"
    if stage in ("runtime-404",):
        assert runtime.requests == ["pythons.js"]
    page.screenshot(path=str(artifacts / f"frame-{stage}-{size[0]}x{size[1]}.png"))
    # Reload starts again at once (the reader asked for the demo already).
    before = len(runtime.requests)
    with page.expect_navigation(url=re.compile(r"index\.html\?scene=rope&autostart=1$"),
                                wait_until="commit", timeout=5000):
        page.locator("#vp-reload").click()
    page.wait_for_function("window.verletPage && verletPage.state !== 'poster'", timeout=5000)
    page.wait_for_function("window.standin || verletPage.state === 'failed'", timeout=5000)
    assert len(runtime.requests) > before and runtime.requests[before] == "pythons.js"


def test_the_stages_shown_are_the_ones_that_happen(page, serve, web_build):
    runtime = StandIn(page)
    page.add_init_script("""window.seenStages = [];
        document.addEventListener('DOMContentLoaded', () => new MutationObserver(() => {
            const text = document.querySelector('#vp-stage-en').textContent;
            if (text && seenStages[seenStages.length - 1] !== text) seenStages.push(text);
        }).observe(document.querySelector('#vp-stage'), {subtree: true, childList: true, characterData: true}));""")
    open_frame(page, serve, web_build)
    page.wait_for_function("verletPage.state === 'started'", timeout=CARD_MS)
    seen = page.evaluate("seenStages")
    assert seen == ["Fetching the Python runtime\u2026", "Downloading Python (about 10 MB)\u2026",
                    "Starting Python\u2026", "Unpacking the demo\u2026", "Installing pygame-ce\u2026",
                    "Opening the scene\u2026"], seen
    assert runtime.requests[:4] == ["pythons.js", "cpython312/main.js", "cpython312/main.data",
                                    "cpython312/main.wasm"]
    assert page.evaluate("window.standin.unpacked") == f"{bundle_stem()}.tar.gz (tar.gz)"
    assert page.locator("#transfer").is_hidden() and page.locator("#vp-poster").is_hidden()
    assert page.locator("#canvas").evaluate("c => getComputedStyle(c).visibility") == "visible"
    # The app sees only its own query (scene first), and pythons.js was started exactly once.
    assert page.evaluate("location.search") == "?scene=rope"
    assert page.evaluate("[window.standin.query, window.standin.loads]") == ["?scene=rope", 1]
    assert page.evaluate("window.config.features") == ["gui"]


def test_data_progress_drives_the_bar(page, serve, web_build):
    StandIn(page, fail="never")
    open_frame(page, serve, web_build)
    page.wait_for_function("verletPage.stageName === 'scene'", timeout=CARD_MS)
    page.evaluate("verletPage.state = 'x'")  # a getter: assignment is ignored
    assert page.evaluate("verletPage.state") == "loading"
    # What the runtime reports while main.data downloads: the bar and "MB" detail follow it.
    page.evaluate("verletPage.stage('download'); Module.setStatus('Downloading data... (5242880/10485760)')")
    assert page.locator("#status").inner_text() == "5 / 10 MB"


def host_page(tmp_path, name, frame_src, size=(640, 360), extra_style="", frame_style=""):
    host = tmp_path / name
    host.mkdir()
    (host / "index.html").write_text(
        f"<!doctype html><meta charset=utf-8><title>blog</title><body style='margin:0;{extra_style}'>"
        f"<iframe src='{frame_src}' title='demo' style='width:{size[0]}px;height:{size[1]}px;"
        f"border:0;display:block;{frame_style}'></iframe>"
        "<p>a post</p>", encoding="utf-8")
    return host


def test_poster_asks_nothing_off_site_until_play(page, serve, web_build, tmp_path, artifacts):
    runtime = StandIn(page)
    demo_base = serve(web_build["dir"])
    host_base = serve(host_page(tmp_path, "blog", demo_base + "index.html?scene=takopi"))
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.set_viewport_size({"width": 800, "height": 500})
    page.goto(host_base + "index.html")
    frame = page.frame_locator("iframe")
    poster = frame.locator("#vp-poster")
    poster.wait_for(state="visible")
    image = frame.locator("#vp-poster-img")
    image.evaluate("img => img.decode()")
    assert image.evaluate("img => img.naturalWidth") >= 480
    assert frame.locator("#vp-play").is_visible()
    page.wait_for_timeout(1500)  # a page that would fetch its runtime on its own has done so
    assert runtime.requests == [], runtime.requests
    off_site = [url for url in requests if not url.startswith((demo_base, host_base))]
    assert off_site == [], off_site
    assert any(re.search(r"/posters/takopi\.jpg\?v=[0-9a-f]{12}$", url) for url in requests), requests
    # The play button is clear of Takopi's face (centre of the canvas, 100 px across at 960).
    canvas = frame.locator("#vp-poster").bounding_box()
    play = frame.locator("#vp-play").bounding_box()
    scale = canvas["width"] / 960
    face = (canvas["x"] + 430 * scale, canvas["y"] + 300 * scale, canvas["x"] + 530 * scale,
            canvas["y"] + 430 * scale)
    assert play["x"] + play["width"] < face[0] or play["y"] > face[3], (play, face)
    page.screenshot(path=str(artifacts / "frame-poster-in-blog.png"))
    frame.locator("#vp-play").click()
    frame.locator("body.vp-started").wait_for(timeout=CARD_MS)
    assert runtime.requests[0] == "pythons.js"
    assert any(url.startswith(CDN) for url in requests)


def test_autostart_starts_at_once_and_poster_needs_a_click_otherwise(page, serve, web_build):
    runtime = StandIn(page)
    open_frame(page, serve, web_build, query="scene=spider&stiffness=15&autostart=1")
    page.wait_for_function("verletPage.state === 'started'", timeout=CARD_MS)
    assert page.evaluate("location.search") == "?scene=spider&stiffness=15"
    assert runtime.requests[0] == "pythons.js"
    # The same page without autostart waits for the reader.
    open_frame(page, serve, web_build, query="scene=spider")
    page.locator("#vp-play").wait_for(state="visible")
    page.wait_for_timeout(500)
    assert page.evaluate("verletPage.state") == "poster"
    page.mouse.click(640, 360)  # anywhere on the poster starts it
    page.wait_for_function("verletPage.state === 'started'", timeout=CARD_MS)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_poster_and_loading_card_fit_small_frames(page, serve, web_build, artifacts, size):
    StandIn(page, fail="never")
    open_frame(page, serve, web_build, query="scene=spider", size=size)
    page.locator("#vp-play").wait_for(state="visible")
    assert fits(page, "#vp-play", size)
    page.screenshot(path=str(artifacts / f"frame-poster-{size[0]}x{size[1]}.png"))
    page.locator("#vp-play").click()
    page.wait_for_function("verletPage.stageName === 'scene'", timeout=CARD_MS)
    assert fits(page, "#transfer", size)
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
    page.screenshot(path=str(artifacts / f"frame-loading-{size[0]}x{size[1]}.png"))


def band_pixel(page, x, y):
    """The colour the page shows at (x, y), as [r, g, b], from a real screenshot."""
    import io

    import pygame

    shot = page.screenshot()
    image = pygame.image.load(io.BytesIO(shot), "shot.png")
    return list(image.get_at((x, y)))[:3]


@pytest.mark.parametrize("host_scheme", ["light", "dark"])
def test_frame_stays_transparent_for_dark_mode_readers(page, serve, web_build, tmp_path, artifacts,
                                                       host_scheme):
    StandIn(page, missing=["pythons.js"])
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 900, "height": 400})
    demo = serve(web_build["dir"]) + "index.html?scene=rope"
    if host_scheme == "light":  # a light blog that declares nothing: the common case
        style, frame_style, colour = "background:#ffffff", "", [255, 255, 255]
    else:  # a dark blog that declares color-scheme: dark; the snippet's style keeps us clear
        style, frame_style, colour = "background:#202830;color-scheme:dark", "color-scheme:light", [32, 40, 48]
    # Control: the same frame with the old <meta name=color-scheme content="light dark"> is opaque.
    control = tmp_path / "control"
    control.mkdir()
    (control / "index.html").write_text("<!doctype html><meta name=color-scheme content='light dark'>"
                                        "<body style='margin:0;background:transparent'>", encoding="utf-8")
    page.goto(serve(host_page(tmp_path, "control-host", serve(control) + "index.html", (800, 300),
                              style, frame_style)) + "index.html")
    page.wait_for_timeout(300)
    opaque = band_pixel(page, 20, 150)
    if host_scheme == "light":
        assert opaque != colour, "control frame was transparent: the test would be blind"
    page.goto(serve(host_page(tmp_path, f"host-{host_scheme}", demo, (800, 300), style,
                              frame_style)) + "index.html")
    page.frame_locator("iframe").locator("#vp-play").wait_for(state="visible")
    page.wait_for_timeout(300)
    assert band_pixel(page, 20, 150) == colour, "the frame is painted over the host page"
    page.screenshot(path=str(artifacts / f"frame-dark-reader-{host_scheme}-host-poster.png"))
    page.frame_locator("iframe").locator("#vp-play").click()
    page.frame_locator("iframe").locator("#vp-error").wait_for(state="visible", timeout=CARD_MS)
    assert band_pixel(page, 20, 150) == colour
    page.screenshot(path=str(artifacts / f"frame-dark-reader-{host_scheme}-host-error.png"))


def test_debug_in_the_address_shows_the_runtime_output(page, serve, web_build, artifacts):
    StandIn(page)
    open_frame(page, serve, web_build, query="scene=rope&autostart=1#debug")
    page.wait_for_function("verletPage.state === 'started'", timeout=CARD_MS)
    assert page.evaluate("window.config.features") == ["gui", "stdout"]
    output = page.locator("#stdout")
    assert output.is_visible() and f"unpacked {bundle_stem()}.tar.gz" in output.inner_text()
    page.screenshot(path=str(artifacts / "frame-debug.png"))


def test_fullscreen_is_offered_to_the_app(page, serve, web_build):
    StandIn(page)
    open_frame(page, serve, web_build)
    page.wait_for_function("verletPage.state === 'started'", timeout=CARD_MS)
    assert page.evaluate("verletPage.canFullscreen") is True
    page.locator("#canvas").click()  # a user gesture, as the app's button press would be
    assert page.evaluate("verletPage.toggleFullscreen()") is True
    page.wait_for_function("document.fullscreenElement === document.documentElement", timeout=3000)
    assert page.evaluate("verletPage.toggleFullscreen()") is False
    page.wait_for_function("document.fullscreenElement === null", timeout=3000)
