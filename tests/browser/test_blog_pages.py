"""The example blog tells its own story.

An index with a table of contents and one page per post; each post's first demo starts in the
first screen on a 1280 x 800 desktop and within two screens on a 390 x 844 phone; every demo
has a controls paragraph naming pointer, keys and phone; no build details for readers; Open
Graph and Twitter card tags on every page; share addresses (og:image, og:url, twitter:image,
oEmbed) absolute under --base-url and left out without it (said once); each scene's frame page
previews as that scene; one title per demo wherever it is copied; the snippet box warns about
a local address (and not with --base-url); the "try one
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

from tests.support.browser import run_tool
from tests.support.embed import MOVING
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


SHARE_URL = re.compile(r'(?:property="og:(?:image|url)"|name="twitter:image") content="([^"]*)"'
                       r'|type="application/json\+oembed" href="([^"]*)"')


def share_urls(html):
    return [a or b for a, b in SHARE_URL.findall(html)]


def test_without_an_address_the_share_metadata_is_left_out_and_said_once(site):
    """A default build wrote og:url "./" and relative og:image, twitter:image and oEmbed hrefs
    that no crawler can use, and said nothing."""
    said = [line for line in site["stdout"].splitlines() if "no site address" in line]
    assert len(said) == 1 and "--base-url" in said[0] and "pyproject.toml" in said[0]
    pages = ["index.html", *POSTS] + [f"demo/{p.name}" for p in sorted((site["dir"] / "demo").glob("*.html"))]
    assert len(pages) == 5 + 1 + 7
    for name in pages:
        html = built(site, name)
        for tag in ('property="og:title"', 'property="og:description"',
                    'name="twitter:card" content="summary_large_image"'):
            assert tag in html, (name, tag)
        assert share_urls(html) == [], (name, share_urls(html))
        assert site_builder.LEFT_OUT in html, name
    assert not (site["dir"] / "oembed").exists()


def test_with_a_base_url_every_share_address_is_absolute_and_each_scene_previews_as_itself(tmp_path, scenes):
    out = tmp_path / "public"
    done = run_tool("web.site", "--out", str(out), "--base-url", "https://blog.example/verlet")
    assert "no site address" not in done.stdout
    base = "https://blog.example/verlet/"
    for page in ["index.html", *POSTS, *(f"demo/{scene}.html" for scene in scenes), "demo/index.html"]:
        html = (out / page).read_text(encoding="utf-8")
        urls = share_urls(html)
        assert urls and all(url.startswith(base) for url in urls), (page, urls)
        assert site_builder.LEFT_OUT not in html
    for scene, info in scenes.items():
        frame = (out / "demo" / f"{scene}.html").read_text(encoding="utf-8")
        title = f"{info['title']} · Verlet Playground"
        assert f"<title>{title}</title>" in frame and f'property="og:title" content="{title}"' in frame
        assert f'property="og:image" content="{base}demo/posters/{scene}.jpg?v=' in frame
        assert f'property="og:url" content="{base}demo/{scene}.html"' in frame
        assert f'href="{base}oembed/{scene}.json"' in frame
        answer = json.loads((out / "oembed" / f"{scene}.json").read_text(encoding="utf-8"))
        assert answer["type"] == "rich" and answer["version"] == "1.0" and answer["title"] == title
        assert (answer["width"], answer["height"]) == (960, 540)
        src = re.search(r'<iframe src="([^"]+)"', answer["html"]).group(1)
        assert src == f"{base}demo/{scene}.html" and 'allow="autoplay; fullscreen; clipboard-write"' in answer["html"]
        assert answer["thumbnail_url"].startswith(f"{base}demo/posters/{scene}.jpg?v=")
        assert (out / answer["thumbnail_url"][len(base):].split("?")[0]).is_file()
    html = (out / "spider.html").read_text(encoding="utf-8")
    assert f'property="og:image" content="{base}demo/posters/spider.jpg?v=' in html
    assert f'property="og:url" content="{base}spider.html"' in html


def test_one_title_per_demo_wherever_it_is_copied(site, scenes):
    """The frame page's title and card, the blog's snippet, the oEmbed answer (above), the frame's own
    "copy embed" (test_embed_api) and the desktop's all name a demo alike (the rope had four
    names). The post's own iframe, made when its reader presses play, keeps the caption's
    label in both languages (test_browser_site)."""
    from types import SimpleNamespace

    from app import share

    for scene, info in scenes.items():
        names = set()
        frame = built(site, f"demo/{scene}.html")
        names.add(re.search(r"<title>(.*?)</title>", frame).group(1))
        names.add(re.search(r'property="og:title" content="([^"]*)"', frame).group(1))
        post = next(built(site, name) for name in ["index.html", *POSTS]
                    if f'data-scene="{scene}"' in built(site, name))
        figure = post[post.index(f'id="demo-{scene}"'):]
        names.add(re.search(r'title=&quot;(.*?)&quot;', figure).group(1))
        desktop = share.desktop_links(SimpleNamespace(name=scene, help=info["help"]), f"scene={scene}&seed=0")
        names.add(re.search(r'title="([^"]*)"', desktop["embed"]).group(1))
        assert names == {f"{info['title']} · Verlet Playground"}, (scene, names)


def test_snippet_box_warns_about_a_local_address(page, serve, site):
    page.goto(serve(site["dir"]) + "rope.html")
    box = page.locator("figure.demo .embed").first
    box.locator("summary").click()
    warning = box.locator(".local-warning")
    assert warning.is_visible() and "--base-url" in warning.inner_text()
    assert "127.0.0.1" in box.locator("pre code").inner_text()


def test_with_a_base_url_there_is_no_warning_and_addresses_are_absolute(page, serve, tmp_path, web_build):
    out = tmp_path / "public"
    run_tool("web.site", "--out", str(out), "--base-url", "https://blog.example/verlet/")
    html = (out / "takopi.html").read_text(encoding="utf-8")
    assert 'content="https://blog.example/verlet/demo/posters/takopi.jpg' in html
    assert 'href="https://blog.example/verlet/oembed/takopi.json"' in html
    frame = (out / "demo" / "index.html").read_text(encoding="utf-8")
    assert 'content="https://blog.example/verlet/demo/posters/takopi.jpg' in frame
    snippet = html[html.index("<pre><code>"):]
    assert snippet.startswith('<pre><code>&lt;iframe src=&quot;https://blog.example/verlet/demo/takopi.html&quot;')
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


def test_reduced_motion_stops_every_animation_on_the_blog(page, serve, site):
    """The play button grew on hover and a driven demo scrolled smoothly into view."""
    page.goto(serve(site["dir"]) + "takopi.html")
    page.locator("figure.demo .poster").first.hover()
    assert any("play" in name for name in page.evaluate(MOVING))
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(MOVING) == []
    page.emulate_media(reduced_motion="no-preference")
