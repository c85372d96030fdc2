"""The built index.html (our pygbag template) in Chromium, where the runtime cannot load.

The CPython runtime comes from the pygame-web CDN at run time and this machine cannot reach it,
so what can be checked here is everything of ours around it: the offline build and its bundle,
the page's configuration for the runtime, the loading indicator and the readable error, the
canvas geometry inside frames of any size, keys that never scroll the embedding page, and focus
on the first pointer-down. Host pages are served from another origin, as a blog would be.
"""

import os
import re
import subprocess
import sys

import pytest

from web import bundle

from tests.support.embed import MOVING
from tests.support.standin import StandIn

pytestmark = pytest.mark.browser

ROOT = bundle.ROOT
RUNTIME = re.compile(r"https://pygame-web\.github\.io/cdn/0\.9\.3/pythons\.js")
CDN = "https://pygame-web.github.io/cdn/0.9.3/"
SCROLL_KEYS = ("Space", "ArrowDown", "PageDown", "End", "ArrowRight")


def test_offline_build_ships_our_page_and_a_clean_bundle(web_build):
    out = web_build["dir"]
    files = bundle.check_bundle(out)
    tops = {name.split("/", 1)[0] for name in files}
    assert not tops & {"tests", "benchmarks", "web", "docs", "node_modules", ".venv"}, tops
    assert {"main.py", "verlet", "app", "scenes"} <= tops
    assert re.search(r"bundle \S+\.tar\.gz: [\d.]+ KiB", web_build["output"]), web_build["output"]
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<title>Verlet Playground</title>" in page
    assert re.search(r"ume_block: 0\b", page) and re.search(r"can_close: 1\b", page)
    assert 'script.dataset.os = "gui"' in page, "no terminal (vtx) feature"
    assert f'cdn: "{CDN}"' in page and 'RUNTIME = window.config.cdn + "pythons.js"' in page
    version = bundle.content_version(bundle.archive_path(out))
    assert re.findall(r'<script src="([^"]+)"', page) == [f"embed.js?v={version}"], \
        "before play the page loads only its own embed API, nothing off site"
    assert 'name="color-scheme"' not in page, "a color-scheme makes the frame opaque for dark readers"
    for unwanted in ("browserfs", "xterm.js", "vtx.js", "onbeforeunload"):
        assert unwanted not in page
    assert (out / "favicon.png").read_bytes() == (ROOT / "web" / "favicon.png").read_bytes()


def test_build_refuses_when_black_is_importable(tmp_path, web_build):
    fake = tmp_path / "black"
    fake.mkdir()
    (fake / "__init__.py").write_text("")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    before = (ROOT / "build" / "web" / "index.html").stat().st_mtime_ns
    done = subprocess.run([sys.executable, "-m", "web.bundle"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "black is importable" in done.stderr
    shell = subprocess.run(["bash", "build.sh", "web"], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=120)
    assert shell.returncode != 0 and "refusing to build" in shell.stderr
    assert (ROOT / "build" / "web" / "index.html").stat().st_mtime_ns == before


def test_loading_indicator_then_readable_error(page, serve, web_build):
    held = []
    page.route(RUNTIME, lambda route: held.append(route))  # held until we let it fail
    page.set_viewport_size({"width": 800, "height": 450})
    page.goto(serve(web_build["dir"]) + "index.html?scene=rope&iterations=12&autostart=1",
              wait_until="domcontentloaded")
    loader = page.locator("#transfer")
    loader.wait_for(state="visible")
    assert "Fetching the Python runtime" in loader.inner_text() and "파이썬" in loader.inner_text()
    assert page.title() == "Verlet rope · Verlet Playground"
    bar = page.locator("#vp-bar-fill").evaluate("el => el.getBoundingClientRect().width")
    assert bar > 0
    page.wait_for_timeout(200)
    assert len(held) == 1 and held[0].request.url.endswith("pythons.js")
    # Emscripten's download reports drive the same bar.
    page.evaluate("verletPage.runtimeStatus('Downloading data... (5242880/10485760)')")
    assert page.locator("#status").inner_text() == "5 / 10 MB"
    # The bar eases to its new width (a CSS transition): wait for it to pass the old one.
    page.wait_for_function(
        "w => document.querySelector('#vp-bar-fill').getBoundingClientRect().width > w + 50",
        arg=bar, timeout=5000)
    held[0].abort("internetdisconnected")
    error = page.locator("#vp-error")
    error.wait_for(state="visible", timeout=5000)
    assert "Python runtime could not be loaded" in error.inner_text()
    assert "pythons.js" in error.inner_text() and "connection" in error.inner_text()
    assert loader.is_hidden()
    assert page.locator("#vp-reload").inner_text() == "다시 불러오기 · Reload"


def test_runtime_alerts_show_inside_the_frame(page, serve, web_build):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    StandIn(page)
    page.goto(serve(web_build["dir"]) + "index.html?scene=rope&autostart=1")
    page.wait_for_function("verletPage.state === 'started'", timeout=5000)
    page.evaluate("alert('Error occurred: late')")  # after the start: a note, not a stop
    assert page.locator("#vp-toast").is_visible() and "late" in page.locator("#vp-toast").inner_text()
    assert page.locator("#vp-error").is_hidden()
    page.route(RUNTIME, lambda route: None)  # runtime never answers: we stay "loading"
    page.goto(serve(web_build["dir"]) + "index.html?scene=rope&autostart=1", wait_until="domcontentloaded")
    page.locator("#transfer").wait_for(state="visible")
    page.evaluate("alert('Error occurred: boom')")  # what the runtime does on a JS error
    assert page.locator("#vp-error").is_visible() and "boom" in page.locator("#vp-error").inner_text()
    assert dialogs == []


@pytest.mark.parametrize("frame_size", [(800, 300), (320, 560), (960, 540)])
def test_canvas_fills_any_frame_at_16_9_centred_and_transparent(page, serve, web_build, tmp_path,
                                                                frame_size):
    width, height = frame_size
    host = tmp_path / "host"
    host.mkdir()
    demo = serve(web_build["dir"]) + "index.html?scene=rope"
    (host / "index.html").write_text(
        f"<!doctype html><meta charset=utf-8><body style='margin:0;background:#0f0'>"
        f"<iframe src='{demo}' style='width:{width}px;height:{height}px;border:0;display:block'"
        f" title='demo'></iframe>", encoding="utf-8")
    page.goto(serve(host) + "index.html")
    frame = page.frame_locator("iframe")
    canvas = frame.locator("#canvas")
    canvas.wait_for(state="attached")
    box = canvas.evaluate("c => { const r = c.getBoundingClientRect(); return [r.x, r.y, r.width, r.height] }")
    x, y, w, h = box
    assert abs(w / h - 16 / 9) < 0.01
    assert abs(w - width) < 1 or abs(h - height) < 1, "as large as the frame allows"
    assert abs(x - (width - w) / 2) < 1 and abs(y - (height - h) / 2) < 1, "centred"
    styles = canvas.evaluate("""c => [getComputedStyle(c).touchAction,
        getComputedStyle(document.body).backgroundColor,
        getComputedStyle(document.documentElement).backgroundColor]""")
    assert styles == ["none", "rgba(0, 0, 0, 0)", "rgba(0, 0, 0, 0)"]


def host_with_frame(tmp_path, demo_url, name, size=(640, 360)):
    """A tall blog page on another origin, with the demo framed at the top."""
    host = tmp_path / name
    host.mkdir()
    (host / "index.html").write_text(
        "<!doctype html><meta charset=utf-8><title>host</title><body style='margin:0'>"
        f"<iframe src='{demo_url}' title='demo' style='width:{size[0]}px;height:{size[1]}px;"
        "border:0;display:block'></iframe>"
        "<div style='height:4000px;background:linear-gradient(#fff,#888)'>long post</div>",
        encoding="utf-8")
    return host


def press_scroll_keys(page):
    page.mouse.click(320, 180)  # a pointer-down inside the frame, as a reader does
    for key in SCROLL_KEYS:
        page.keyboard.press(key)
    page.wait_for_timeout(400)  # smooth scrolling would have started by now
    return page.evaluate("window.scrollY")


def test_keys_in_the_frame_never_scroll_the_host_page(page, serve, web_build, tmp_path):
    # Control: a framed page without our key handling does scroll its host. So the check can fail.
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "index.html").write_text("<!doctype html><body style='margin:0;overflow:hidden'>"
                                      "<canvas tabindex=0 width=640 height=360></canvas>")
    page.set_viewport_size({"width": 800, "height": 600})
    page.goto(serve(host_with_frame(tmp_path, serve(plain) + "index.html", "control")) + "index.html")
    assert press_scroll_keys(page) > 100, "control frame did not scroll its host: test is blind"

    demo = serve(web_build["dir"]) + "index.html?scene=rope"
    page.goto(serve(host_with_frame(tmp_path, demo, "blog")) + "index.html")
    frame = page.frame_locator("iframe")
    frame.locator("#vp-play").wait_for(state="visible")
    # The keys' default action is cancelled in the frame (for every browser). The frame's root
    # chains scrolling to its parent (a wheel or a swipe belongs to the host page).
    frame.locator("body").evaluate("""() => { window.seen = [];
        window.addEventListener('keydown', e => seen.push([e.key, e.defaultPrevented])); }""")
    assert press_scroll_keys(page) == 0
    seen = frame.locator("body").evaluate("() => window.seen")
    assert [key for key, _ in seen] == [" ", "ArrowDown", "PageDown", "End", "ArrowRight"]
    assert all(prevented for _, prevented in seen), seen
    root = frame.locator("html").evaluate("h => getComputedStyle(h).overscrollBehaviorY")
    assert root == "auto"


def test_first_pointer_down_focuses_the_canvas(page, serve, web_build, tmp_path):
    # A frame wider than 16:9 leaves empty bands beside the canvas; a press there (or on a
    # card) would focus nothing that takes keys, were it not for our handler.
    StandIn(page)
    demo = serve(web_build["dir"]) + "index.html?scene=rope&autostart=1"
    page.goto(serve(host_with_frame(tmp_path, demo, "focus", (800, 300))) + "index.html")
    frame = page.frame_locator("iframe")
    frame.locator("body.vp-started").wait_for(timeout=5000)
    assert page.evaluate("document.activeElement.tagName") == "BODY"
    page.mouse.move(40, 150)  # in the left band, outside the canvas
    page.mouse.down()
    assert page.evaluate("document.activeElement.tagName") == "IFRAME"
    assert frame.locator("body").evaluate("b => document.activeElement.id") == "canvas"
    page.mouse.up()




def test_reduced_motion_stops_every_animation_in_the_frame(page, serve, web_build):
    """The progress bar's transition came after the reduced-motion rule, so it still ran."""
    StandIn(page, fail="never")
    page.add_init_script("window.STANDIN.stageMs = 100000;")
    page.goto(serve(web_build["dir"]) + "index.html?scene=rope&autostart=1")
    page.locator("#transfer .spinner").wait_for(state="visible")
    moving = page.evaluate(MOVING)
    assert "vp-bar-fill" in moving and "spinner" in moving, moving  # they do move normally
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(MOVING) == []
    page.emulate_media(reduced_motion="no-preference")


def test_unchanged_sources_build_a_byte_identical_bundle(web_build):
    """The gzip header carried the build's clock, so every build of the same sources was a new
    version, and every deploy made readers download the bundle again."""
    import hashlib
    import time

    from tests.support.browser import run_tool

    out = web_build["dir"]
    archive = bundle.archive_path(out)
    watched = [archive, archive.with_suffix("").with_suffix(".apk"), out / "index.html", out / "spider.html"]
    before = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in watched}
    assert archive.read_bytes()[4:8] == bytes(4), "the gzip header still holds a time"
    time.sleep(1.1)  # another second on the clock the header would have taken
    run_tool("web.bundle")
    after = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in watched}
    assert after == before
