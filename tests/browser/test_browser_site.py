"""The example blog in Chromium: posters, click-to-play with one demo at a
time, layout, dark style, embed, credits, over the index and its four posts.

Generic over `main.py --list`: every scene of this build must have a visible poster; a scene the
post describes but this build lacks must show a visible notice instead (the site builder never
crashes on it). Screenshots at 375 and 1280 px go to build/test-artifacts/ to be looked at.
"""

import json
import re

import pytest

from web import bundle
from web import site as site_builder

pytestmark = pytest.mark.browser

POST_SCENES = ("takopi", "spider")
"""The demos the example post is about, as the source articles."""
RIGHTS_LINE = "©タイザン5／集英社・「タコピーの原罪」製作委員会"
SOURCE_LINKS = ("https://zalo.github.io/blog/constraints/",
                "https://en.wikipedia.org/wiki/Verlet_integration",
                "https://github.com/subprotocol/verlet-js", "pygame-web", "https://pyga.me/")


def pages_of(site):
    """{page file: [scenes it shows]} of the built site."""
    found = {}
    for name in site_builder.PAGES:
        text = (site["dir"] / f"{name}.html").read_text(encoding="utf-8")
        found[f"{name}.html"] = re.findall(r'<figure class="demo[^"]*"(?: id="[^"]*")? data-scene="([^"]+)"', text)
    return found


def open_post(page, serve, site, width=1280, name="index.html"):
    page.set_viewport_size({"width": width, "height": 900})
    base = serve(site["dir"])
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(base + name)
    page.wait_for_load_state("load")
    page.requests = requests
    page.base = base
    return base


def our_problems(page):
    """Console errors from the post and its files, not from a demo iframe (whose runtime cannot
    load here: its failed CDN request is logged with the CDN's address)."""
    return [(kind, text, url) for kind, text, url in page.problems
            if kind == "pageerror" or (url.startswith(page.base) and "/demo/" not in url)]


def test_post_places_both_article_demos_and_every_scene(site, scenes):
    shown = [scene for names in pages_of(site).values() for scene in names]
    for scene in POST_SCENES:
        assert scene in shown, f"the blog has no figure for {scene}"
    for scene in scenes:
        assert shown.count(scene) == 1, (scene, shown)  # each demo on exactly one page
        size = (site["dir"] / "demo" / "posters" / f"{scene}.jpg").stat().st_size
        assert 1000 < size <= 130 * 1024, (scene, size)  # 960 px, still small for a phone
    for name in pages_of(site):
        assert "{{" not in (site["dir"] / name).read_text(encoding="utf-8"), f"{name}: a placeholder left"
    missing = [scene for scene in POST_SCENES if scene not in scenes]
    for scene in missing:  # said clearly, on the page and by the builder
        assert f"{scene}:" in site["stderr"] and "POSTERS NOT RENDERED" in site["stderr"]


@pytest.mark.parametrize("name", [f"{n}.html" for n in site_builder.PAGES[1:]])
def test_posters_visible_and_click_swaps_in_the_iframe(page, serve, site, scenes, blocked, name):
    open_post(page, serve, site, name=name)
    shown = [scene for scene in pages_of(site)[name] if scene in scenes]
    for scene in shown:
        poster = page.locator(f'figure[data-scene="{scene}"] button.poster')
        poster.scroll_into_view_if_needed()
        assert poster.is_visible()
        image = poster.locator("img")
        image.evaluate("img => img.decode()")
        assert image.evaluate("img => img.naturalWidth") >= 480
        assert image.get_attribute("loading") == "lazy"
        hint = poster.locator(".hint").inner_text().strip()
        assert page.get_by_role("button", name=re.compile(re.escape(hint))).count() == len(shown)
    for scene in pages_of(site)[name]:
        if scene not in scenes:
            notice = page.locator(f'figure[data-scene="{scene}"] .notice')
            assert notice.is_visible() and scene in notice.inner_text()
    page.mouse.wheel(0, 20000)
    page.wait_for_timeout(300)
    assert not [url for url in page.requests if "/demo/" in url and "/demo/posters/" not in url], \
        "a reader who only scrolls must not load any demo"
    assert page.locator("iframe").count() == 0
    assert all(url.startswith(page.base) for url in page.requests), "the post loads only its own files"
    assert not page.problems, page.problems

    started = []
    for scene in shown:
        page.locator(f'figure[data-scene="{scene}"] button.poster').click()
        frame = page.locator(f'figure[data-scene="{scene}"] iframe')
        frame.wait_for(state="attached")
        src = frame.get_attribute("src")
        assert re.fullmatch(rf"demo/{scene}\.html\?autostart=1", src), src
        assert frame.get_attribute("allow") == "autoplay; fullscreen; clipboard-write"
        assert frame.get_attribute("loading") == "lazy"
        assert "Verlet Playground" in frame.get_attribute("title")
        # One demo at a time: the one started before is its poster again.
        assert page.locator("iframe").count() == 1
        for earlier in started:
            assert page.locator(f'figure[data-scene="{earlier}"] button.poster').is_visible()
        started.append(scene)
        box = frame.bounding_box()
        assert abs(box["width"] / box["height"] - 16 / 9) < 0.01
        # autostart=1: the frame starts at once (its runtime cannot load here: a card says so).
        page.frame_locator(f'figure[data-scene="{scene}"] iframe').locator("#vp-error").wait_for(
            state="visible", timeout=5000)
    page.wait_for_timeout(500)
    assert not our_problems(page), our_problems(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("name", ["takopi.html", "fabric.html"])
def test_layout_holds_at_phone_and_desktop_width(page, serve, site, artifacts, width, scheme, name):
    page.emulate_media(color_scheme=scheme)
    open_post(page, serve, site, width, name)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == ("rgb(21, 20, 28)" if scheme == "dark" else "rgb(251, 250, 247)")
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light", \
        "a dark color-scheme would paint our transparent demo frames opaque"
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px at {width}px"
    frames = page.locator("figure.demo .frame")
    assert frames.count() == len(pages_of(site)[name])
    for i in range(frames.count()):
        box = frames.nth(i).bounding_box()
        assert abs(box["width"] / box["height"] - 16 / 9) < 0.01
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
        if width == 375:
            assert box["width"] >= 375 - 0.5, "on a phone the demo uses the full width"
        else:
            assert 760 <= box["width"] <= 960
    text = page.locator("main p").first.bounding_box()
    assert text["width"] <= 760
    # The play button is clear of the scene's main figure (Takopi's face: the poster's centre).
    poster = page.locator("figure.demo button.poster").first.bounding_box()
    play = page.locator("figure.demo .play").first.bounding_box()
    assert play["x"] + play["width"] < poster["x"] + poster["width"] * 0.42, (play, poster)
    # Lazy posters below the fold load as a reader scrolls: load them all for the full picture.
    page.evaluate("""() => Promise.all([...document.images].map(image => {
        image.loading = 'eager'; return image.decode().catch(() => null); }))""")
    page.screenshot(path=str(artifacts / f"site-{name[:-5]}-{width}-{scheme}.png"), full_page=True)
    assert not our_problems(page), our_problems(page)


@pytest.mark.parametrize("name", [f"{n}.html" for n in site_builder.PAGES])
def test_every_heading_has_an_english_line_under_it(page, serve, site, name):
    open_post(page, serve, site, name=name)
    headings = page.evaluate("""() => [...document.querySelectorAll('h1, h2, h3')].map(h => [
        h.textContent.trim(), h.nextElementSibling && h.nextElementSibling.className,
        h.nextElementSibling && h.nextElementSibling.textContent.trim()])""")
    assert len(headings) >= 2
    for text, next_class, english in headings:
        assert next_class == "en" and re.search(r"[A-Za-z]{3}", english), text
        assert re.search(r"[\uac00-\ud7a3]", text), f"heading not in Korean: {text}"
    # Every English line says so (lang="en"), for screen readers and fonts.
    unmarked = page.evaluate("""() => [...document.querySelectorAll('.en')]
        .filter(e => e.closest('[lang]').getAttribute('lang') !== 'en').map(e => e.textContent)""")
    assert unmarked == [], unmarked


def test_every_figure_is_labelled_in_both_languages(page, serve, site, scenes):
    for name, shown in pages_of(site).items():
        if shown:
            check_figure_labels(page, serve, site, name, shown)


def check_figure_labels(page, serve, site, name, shown):
    open_post(page, serve, site, name=name)
    for scene in shown:
        figure = page.locator(f'figure[data-scene="{scene}"]')
        caption = figure.locator("figcaption").inner_text()
        label = figure.locator("button.poster img").get_attribute("alt")
        title = figure.locator("button.poster").get_attribute("data-title")
        for text in (caption, label, title):
            assert re.search(r"[\uac00-\ud7a3]", text) and re.search(r"[A-Za-z]{4}", text), (scene, text)


def test_query_example_names_parameters_the_scene_has(site, scenes):
    page = (site["dir"] / "index.html").read_text(encoding="utf-8")
    examples = re.findall(r"\?scene=(\w+)((?:&amp;\w+=[^&<]+)*)", page)
    assert examples, "the post shows no query example"
    for scene, rest in examples:
        names = re.findall(r"&amp;(\w+)=", rest)
        for name in names:
            assert name in scenes[scene]["params"] or name in ("seed", "overlay", "autostart"), (scene, name)


def test_credits_carry_the_rights_line_and_the_sources(page, serve, site):
    open_post(page, serve, site)
    rights = page.locator(".rights")
    assert rights.inner_text().strip() == RIGHTS_LINE
    notice = rights.locator("xpath=following-sibling::p[1]").inner_text()
    assert "팬아트" in notice and "non-commercial fan art" in notice and "rights holders" in notice
    links = page.eval_on_selector_all("#credits a", "links => links.map(a => a.href)")
    for source in SOURCE_LINKS:
        assert any(source in href for href in links), source


def test_embed_snippet_works_in_a_host_page(page, serve, site, scenes, tmp_path):
    snippets = {}
    for name, shown in pages_of(site).items():
        if shown:
            base = open_post(page, serve, site, name=name)
            snippets.update(snippets_of(page, base, shown))
    check_snippets_in_a_host(page, serve, scenes, snippets, tmp_path)


def snippets_of(page, base, shown):
    snippets = {}
    for scene in shown:
        code = page.locator(f'figure[data-scene="{scene}"] .embed pre code').text_content()
        assert f'src="{base}demo/{scene}.html"' in code, code
        for part in ('loading="lazy"', 'title="', "aspect-ratio:16/9", "color-scheme:light",
                     'allow="autoplay; fullscreen; clipboard-write"'):
            assert part in code
        snippets[scene] = code
    return snippets


def check_snippets_in_a_host(page, serve, scenes, snippets, tmp_path):
    page.requests = []
    page.on("request", lambda request: page.requests.append(request.url))
    # A blog on another origin pastes the snippets: each frame is our page for its scene.
    host = tmp_path / "blog"
    host.mkdir()
    (host / "post.html").write_text("<!doctype html><meta charset=utf-8><title>my blog</title>"
                                    "<h1>my post</h1>" + "\n".join(snippets.values()), encoding="utf-8")
    page.goto(serve(host) + "post.html")
    for scene in scenes:
        # loading="lazy": a frame far below the fold only loads once scrolled near (7 scenes)
        page.locator(f'iframe[src$="/{scene}.html"]').scroll_into_view_if_needed()
        frame = page.frame_locator(f'iframe[src$="/{scene}.html"]')
        frame.locator("#canvas").wait_for(state="attached")
        frame.locator("#vp-play").wait_for(state="visible")  # click-to-play: its poster first
    titles = [f.title() for f in page.frames[1:]]
    assert sorted(titles) == sorted(f"{info['title']} · Verlet Playground"
                                    for scene, info in scenes.items())
    assert not [url for url in page.requests if "pygame-web" in url], "a frame loaded its runtime unasked"


def test_builder_names_posters_it_could_not_render(tmp_path, monkeypatch):
    """A scene missing from the build or failing to render is reported, never a crash."""
    from web import posters

    monkeypatch.setattr(posters, "render_poster",
                        lambda python, scene, out: "main.py --headless exited 1: boom")
    missing = posters.render_posters("python", {"rope": {}}, ["ghost", "rope"], tmp_path)
    assert missing["rope"] == "main.py --headless exited 1: boom"
    assert "'ghost' is not in this build" in missing["ghost"] and "rope" in missing["ghost"]
    reasons = site_builder.poster_reasons({"rope": {}}, ["ghost", "rope"], app_build=tmp_path)
    assert "not in this build" in reasons["ghost"] and "no poster" in reasons["rope"]
    template = "<!doctype html><main>{{demo:ghost|Ghost}}<!--others--><h2>x</h2>{{others}}<!--/others-->{{params}}</main>"
    scenes = {"rope": {"help": "a rope", "size": [960, 540],
                       "params": {"gravity": {"default": 0.3, "min": 0, "max": 1.5, "help": "g"}}}}
    page, placed = site_builder.render_post(template, scenes, missing)
    assert placed == ["ghost"]
    assert 'class="demo missing" data-scene="ghost"' in page and "boom" in page
    assert 'class="demo missing" data-scene="rope"' in page
    assert "button" not in page.split('data-scene="rope"')[1].split("</figure>")[0]


def test_builder_drops_the_others_section_when_the_post_places_every_scene():
    scenes = {"ghost": {"help": "h", "size": [960, 540], "params": {}}}
    template = "<!doctype html><p>{{demo:ghost|G}}</p><!--others--><h2>More</h2>{{others}}<!--/others-->"
    page, _ = site_builder.render_post(template, scenes, {})
    assert "More" not in page and 'data-scene="ghost"' in page and "demo/posters/ghost.jpg" in page
    snippet = site_builder.embed_snippet("ghost", 'G "quoted"', "https://blog.example/verlet")
    assert snippet.startswith('<iframe src="https://blog.example/verlet/demo/ghost.html"')
    assert 'title="G &quot;quoted&quot;"' in snippet
    assert json.dumps(snippet)  # one line, pasteable
