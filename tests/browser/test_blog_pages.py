"""The example blog tells its own story.

An index with a table of contents and one page per post; each post's first demo starts in the
first screen on a 1280 x 800 desktop and within two screens on a 390 x 844 phone; every demo
has a controls paragraph naming pointer, keys and phone; no build details for readers; Open
Graph and Twitter card tags on every page and an oEmbed link per demo to the JSON the build
wrote; the snippet box warns about a local address (and not with --base-url); the "try one
iteration" link sets Takopi's iterations to 1 through the embed API; the rope post shows every
instrument in a picture and opens three ropes side by side; the README's picture of the blog.
"""

import json
import re
import subprocess
import sys
from urllib.parse import parse_qs, urlparse

import pygame
import pytest

from app.options import parse_query
from scenes.catalog import SCENES
from web import site as site_builder

from .conftest import run_tool
from tests.support.standin import StandIn

pytestmark = pytest.mark.browser

POSTS = [f"{name}.html" for name in site_builder.PAGES if name != "index"]


def built(site, name):
    return (site["dir"] / name).read_text(encoding="utf-8")


def test_index_lists_every_post_and_shows_no_build_details(page, serve, site):
    page.goto(serve(site["dir"]) + "index.html")
    links = page.eval_on_selector_all("nav.toc a", "links => links.map(a => a.getAttribute('href'))")
    assert links == POSTS
    text = page.locator("body").inner_text()
    assert "build.sh" not in text and "생성" not in text, "build details shown to readers"
    for name in ["index.html", *POSTS]:
        html = built(site, name)
        title = re.search(r"<title>(.*?)</title>", html).group(1)
        description = re.search(r'<meta name="description" content="([^"]*)"', html).group(1)
        assert len(title) > 10 and len(description) > 40, name


@pytest.mark.parametrize("name", POSTS)
def test_each_post_has_its_demo_in_the_first_screen_and_controls_for_each(page, serve, site, name):
    base = serve(site["dir"])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base + name)
    first = page.locator("figure.demo .frame").first.bounding_box()
    assert first["y"] + first["height"] <= 800, f"{name}: the demo ends at {first['y'] + first['height']} px"
    figures = page.locator("figure.demo")
    for i in range(figures.count()):
        controls = figures.nth(i).locator("xpath=following-sibling::div[contains(@class,'controls')][1]")
        words = controls.inner_text()
        for part in ("Pointer:", "Keys:", "Phone:"):
            assert part in words, (name, i, words)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2,
                                                    "mobile": True})
    page.reload()
    first = page.locator("figure.demo .frame").first.bounding_box()
    assert first["y"] + first["height"] <= 2 * 844, f"{name} on a phone: the demo ends at {first['y']} px"


def test_open_graph_twitter_and_oembed_on_every_page(site):
    for name in ["index.html", *POSTS]:
        html = built(site, name)
        for tag in ('property="og:title"', 'property="og:description"', 'property="og:image"',
                    'name="twitter:card" content="summary_large_image"', 'name="twitter:image"'):
            assert tag in html, (name, tag)
        shown = re.findall(r'<figure class="demo" id="demo-[^"]+" data-scene="([^"]+)"', html)
        links = re.findall(r'<link rel="alternate" type="application/json\+oembed" href="([^"]+)"', html)
        assert links == [f"oembed/{scene}.json" for scene in shown], name
        for link in links:
            answer = json.loads((site["dir"] / link).read_text(encoding="utf-8"))
            assert answer["type"] == "rich" and answer["version"] == "1.0"
            assert (answer["width"], answer["height"]) == (960, 540)
            assert answer["html"].startswith("<iframe src=") and "scene=" in answer["html"]
            assert (site["dir"] / answer["thumbnail_url"].split("?")[0]).is_file()
    frame = built(site, "demo/index.html")
    assert 'property="og:image" content="posters/takopi.jpg' in frame


def test_snippet_box_warns_about_a_local_address(page, serve, site):
    page.goto(serve(site["dir"]) + "rope.html")
    box = page.locator("figure.demo .embed").first
    box.locator("summary").click()
    warning = box.locator(".local-warning")
    assert warning.is_visible() and "--base-url" in warning.inner_text()
    assert "127.0.0.1" in box.locator("pre code").inner_text()


def test_with_a_base_url_there_is_no_warning_and_addresses_are_absolute(page, serve, tmp_path):
    out = tmp_path / "public"
    run_tool("web.site", "--out", str(out), "--base-url", "https://blog.example/verlet/")
    html = (out / "takopi.html").read_text(encoding="utf-8")
    assert 'content="https://blog.example/verlet/demo/posters/takopi.jpg' in html
    assert 'href="https://blog.example/verlet/oembed/takopi.json"' in html
    frame = (out / "demo" / "index.html").read_text(encoding="utf-8")
    assert 'content="https://blog.example/verlet/demo/posters/takopi.jpg' in frame
    page.goto(serve(out) + "takopi.html")
    box = page.locator("figure.demo .embed").first
    box.locator("summary").click()
    assert box.locator(".local-warning").is_hidden()


def test_try_one_iteration_drives_takopi(page, serve, site):
    StandIn(page)
    page.goto(serve(site["dir"]) + "takopi.html")
    link = page.locator("a.drive")
    assert "try one iteration" in link.inner_text()
    link.click()
    frame = page.locator('figure[data-scene="takopi"] iframe')
    frame.wait_for(state="attached")
    assert "iterations=1" in frame.get_attribute("src")
    inner = page.frame_locator('figure[data-scene="takopi"] iframe')
    inner.locator("#canvas").wait_for(state="attached")
    child = next(f for f in page.frames if f != page.main_frame)
    child.wait_for_function("window.verletPage.state === 'started'", timeout=15000)
    assert "iterations=1" in child.evaluate("location.search")
    child.evaluate("window.standin.applied.length = 0")
    link.click()  # running now: the link sends a `set` message
    child.wait_for_function("window.standin.app.params.iterations === 1")
    assert child.evaluate("window.standin.applied") == [{"type": "set", "name": "iterations", "value": 1}]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_keyboard_focus_on_a_poster_is_drawn_above_its_image(page, serve, site, scheme):
    page.emulate_media(color_scheme=scheme)
    page.goto(serve(site["dir"]) + "spider.html")
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.className") == "poster":
            break
    assert page.evaluate("document.activeElement.className") == "poster"
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement, '::after');
        return [s.content, s.position, s.zIndex, s.boxShadow]; }""")
    assert ring[0] == '""' and ring[1] == "absolute" and int(ring[2]) >= 1 and "inset" in ring[3], ring
    image_filter = page.evaluate("getComputedStyle(document.activeElement.querySelector('img')).filter")
    assert image_filter == "none", "a filter on the focused image would paint over the ring"


def test_the_readme_s_site_picture_is_the_first_screen_of_the_first_post(site, tmp_path):
    out = tmp_path / "site.png"
    done = subprocess.run([sys.executable, "-m", "docs.pictures.site", "--site", str(site["dir"]),
                           "--out", str(out)], cwd=site["dir"].parents[1], capture_output=True,
                          text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 800)
    colours = {picture.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 800, 40)}
    assert len(colours) > 20  # a page with a poster in it, not a blank screen


def test_the_rope_post_shows_every_instrument_in_a_picture_and_opens_side_by_side(page, serve,
                                                                                   site):
    base = serve(site["dir"])
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + "rope.html#instruments")
    images = page.locator("#instruments figure.still img")
    shown = set()
    for i in range(images.count()):
        image = images.nth(i)
        image.scroll_into_view_if_needed()
        page.wait_for_function("image => image.complete && image.naturalWidth > 0",
                               arg=image.element_handle())
        assert image.evaluate("image => image.naturalWidth") == 960
        assert image.get_attribute("alt").count(" · ") == 1  # in both languages
        box = image.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # in the column on a phone
        shown.add(image.get_attribute("src"))
    assert shown == {"images/phase-takopi.png", "images/plots-cloth.png", "images/rewind.png",
                     "images/compare-rope.png"}
    link = page.locator("#instruments a[href*='compare=']").get_attribute("href")
    query = urlparse(link).query
    assert parse_qs(query)["compare"] == ["iterations:2,10,40"]
    app_query = "&".join(pair for pair in query.split("&") if not pair.startswith("autostart"))
    options, notes = parse_query(app_query, SCENES, "rope")  # the page keeps autostart itself
    assert not notes and options.compare is not None
    assert list(options.compare.values) == [2, 10, 40]
    text = page.locator("#instruments").inner_text()
    for key in ("(,)", "[", "]", "compare=iterations:2,10,40"):
        assert key in text
