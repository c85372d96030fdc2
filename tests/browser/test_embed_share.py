"""Sharing from a frame on another origin, as a blog author and a crawler meet it (issue 32).

- The clipboard: a real click on the frame's copy button (the stand-in app's canvas plays
  the panel's button) inside a host on another origin. With allow="clipboard-write" in the
  host's iframe the link is on the clipboard (read back in the host page); without it the
  frame shows the link selected in its copy field, focused, with one line saying why, and
  Ctrl+C there copies it. Looked at in a 390 px phone frame.
- An oEmbed consumer: fetch a scene's frame page over HTTP, follow its discovery link, embed
  the answer's `html` in a host page on another origin, and see that scene's poster there.
"""

import io
import json
import re
import urllib.request

import pygame
import pytest

from tests.support.embed import host_page, inner_frame, wait_message
from tests.support.standin import StandIn

from tests.support.browser import run_tool

pytestmark = pytest.mark.browser

SENTINEL = "nothing copied yet"
CLIPBOARD = ["clipboard-read", "clipboard-write"]


def click_copy(page, serve, web_build, tmp_path, allow, width=1280):
    """A host on another origin with the frame started; a real click on the copy button."""
    StandIn(page, copy="link")
    frame_url = serve(web_build["dir"]) + "index.html?scene=rope&autostart=1"
    page.goto(host_page(tmp_path, serve, frame_url, below=4, allow=allow))
    page.evaluate("(text) => navigator.clipboard.writeText(text)", SENTINEL)
    wait_message(page, "started")
    box = page.locator("#frame").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    frame = inner_frame(page)
    frame.wait_for_function("window.standin.copied !== undefined")
    return frame


@pytest.fixture
def clipboard(browser):
    browser.grant_permissions(CLIPBOARD)
    yield
    browser.clear_permissions()


def test_with_clipboard_write_the_click_puts_the_scene_s_link_on_the_clipboard(page, serve, web_build,
                                                                               tmp_path, clipboard):
    frame = click_copy(page, serve, web_build, tmp_path, "autoplay; fullscreen; clipboard-write")
    assert frame.evaluate("document.featurePolicy.allowsFeature('clipboard-write')") is True
    frame.wait_for_function("document.getElementById('vp-toast').textContent.includes('copied')")
    base = frame.evaluate("location.origin")
    assert page.evaluate("navigator.clipboard.readText()") == f"{base}/rope.html?seed=0"
    assert frame.evaluate("window.standin.copied") is True
    assert frame.locator("#vp-copy").is_hidden()


def test_without_clipboard_write_the_link_is_shown_selected_with_why(page, serve, web_build, tmp_path,
                                                                    clipboard, artifacts):
    """The issue's host snippet: the panel said "could not copy" and nothing else."""
    frame = click_copy(page, serve, web_build, tmp_path, "autoplay; fullscreen")
    assert frame.evaluate("document.featurePolicy.allowsFeature('clipboard-write')") is False
    field = frame.locator("#vp-copy-text")
    field.wait_for(state="visible")
    link = frame.evaluate("location.origin") + "/rope.html?seed=0"
    assert field.input_value() == link
    assert frame.evaluate("[document.activeElement.id, document.activeElement.selectionStart, "
                          "document.activeElement.selectionEnd]") == ["vp-copy-text", 0, len(link)]
    why = frame.locator("#vp-copy-why").inner_text()
    assert "This page does not let the frame copy: select and copy it yourself" in why
    assert frame.evaluate("window.standin.copied") is False
    assert page.evaluate("navigator.clipboard.readText()") == SENTINEL  # the frame wrote nothing
    page.keyboard.press("Control+C")  # the reader's own copy of the selected field
    page.wait_for_function("(link) => navigator.clipboard.readText().then((t) => t === link)", arg=link,
                           timeout=5000)
    page.keyboard.press("Escape")
    field.wait_for(state="hidden")
    assert frame.evaluate("document.activeElement.id") == "canvas"


def test_the_copy_field_fits_a_390_px_phone_frame(page, serve, web_build, tmp_path, artifacts):
    page.set_viewport_size({"width": 390, "height": 844})
    StandIn(page)
    frame_url = serve(web_build["dir"]) + "index.html?scene=rope&autostart=1"
    page.goto(host_page(tmp_path, serve, frame_url, above=0, below=4))
    wait_message(page, "started")
    frame = inner_frame(page)
    snippet = frame.evaluate("window.verletPage.shareLinks('scene=rope&gravity=0.5&seed=3').embed")
    frame.evaluate("(text) => window.verletPage.showCopyField(text, 'policy')", snippet)
    frame.locator("#vp-copy").wait_for(state="visible")
    size = frame.evaluate("[innerWidth, innerHeight]")
    assert size[0] == 390 and 215 <= size[1] <= 222, size
    rect = "(id) => { const r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    left, top, right, bottom = frame.evaluate(rect, "vp-copy")  # in the frame's own CSS px
    assert left >= 0 and top >= 0 and right <= size[0] and bottom <= size[1] + 0.5, (left, top, right, bottom)
    field, close, words = (frame.evaluate(rect, name) for name in ("vp-copy-text", "vp-copy-close", "vp-copy-why"))
    assert field[3] - field[1] >= 30 and close[3] - close[1] >= 32, (field, close)
    assert words[3] - words[1] <= (bottom - top) / 2, "the why line takes the field's room"
    assert frame.evaluate("getComputedStyle(document.getElementById('vp-copy-why')).fontSize") == "12px"
    page.screenshot(path=str(artifacts / "copy-field-390-phone.png"))


def meta(html, attribute, value):
    found = re.search(rf'<(?:meta|link)[^>]*{attribute}="{re.escape(value)}"[^>]*>', html)
    return found and re.search(r'(?:content|href)="([^"]*)"', found.group(0)).group(1)


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers.get_content_type(), response.read()


def thumbnail(png_or_jpeg, name, size=(16, 9)):
    """The picture as 16 x 9 mean colours."""
    surface = pygame.image.load(io.BytesIO(png_or_jpeg), name)
    small = pygame.transform.smoothscale(surface.convert(24) if surface.get_bitsize() != 24 else surface, size)
    return [small.get_at((x, y))[:3] for y in range(size[1]) for x in range(size[0])]


def distance(a, b):
    """Mean difference of two thumbnails, per channel (0..255)."""
    return sum(abs(p - q) for one, two in zip(a, b) for p, q in zip(one, two)) / (3 * len(a))


def test_an_oembed_consumer_sees_the_spider_as_the_spider(page, serve, web_build, tmp_path, scenes):
    out = tmp_path / "public"
    base = serve(out)  # the site's address is known before it is built
    run_tool("web.site", "--out", str(out), "--base-url", base)
    status, kind, body = fetch(base + "demo/spider.html")  # what "copy link" gives
    html = body.decode("utf-8")
    assert status == 200 and kind == "text/html"
    title = f"{scenes['spider']['title']} · Verlet Playground"
    assert meta(html, "property", "og:title") == title
    image = meta(html, "property", "og:image")
    assert image.startswith(base + "demo/posters/spider.jpg")
    assert fetch(image)[:2] == (200, "image/jpeg")
    discovery = meta(html, "type", "application/json+oembed")
    answer = json.loads(fetch(discovery)[2])
    assert answer["title"] == title and answer["thumbnail_url"] == image
    host = tmp_path / "consumer"
    host.mkdir()
    (host / "card.html").write_text("<!doctype html><html lang=en><meta charset=utf-8><title>a reader</title>"
                                    f"<body style='margin:0;width:960px'>{answer['html']}</body></html>",
                                    encoding="utf-8")
    page.set_viewport_size({"width": 960, "height": 700})
    page.goto(serve(host) + "card.html")
    frame = page.frame_locator("iframe")
    frame.locator("#vp-poster-img").wait_for(state="visible")
    child = next(f for f in page.frames if f != page.main_frame)
    child.wait_for_function("document.getElementById('vp-poster-img').naturalWidth === 960")
    assert "posters/spider.jpg" in child.evaluate("document.getElementById('vp-poster-img').src")
    assert child.title() == title
    seen = thumbnail(page.locator("iframe").screenshot(), "shot.png")
    spider = distance(seen, thumbnail(fetch(image)[2], "poster.jpg"))
    takopi = distance(seen, thumbnail(fetch(base + "demo/posters/takopi.jpg")[2], "takopi.jpg"))
    assert spider < 8 and takopi > 3 * spider, (spider, takopi)  # the spider's poster, not Takopi's


def test_a_scene_s_own_page_opens_that_scene_with_the_link_s_values(page, serve, web_build):
    """What "copy link" gives (SCENE.html?pairs) starts that scene: the app reads `scene` first."""
    StandIn(page)
    base = serve(web_build["dir"])
    page.goto(base + "spider.html?gravity=0.5&seed=3")
    page.locator("#vp-play").wait_for(state="visible")
    assert "posters/spider.jpg" in page.locator("#vp-poster-img").get_attribute("src")
    assert page.evaluate("window.verletPage.scene()") == "spider"
    page.locator("#vp-play").click()
    page.wait_for_function("window.verletPage.state === 'started'", timeout=15000)
    assert page.evaluate("location.pathname + location.search") == "/spider.html?scene=spider&gravity=0.5&seed=3"
    links = page.evaluate("window.verletPage.shareLinks('scene=spider&gravity=0.5&seed=3')")
    assert links["link"] == base + "spider.html?gravity=0.5&seed=3"
