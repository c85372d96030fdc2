"""The frame as a guest: an unknown scene, names, focus, the
noscript poster, the posters themselves, and the smaller cards.

- `?scene=nosuch` and `?scene=Takopi` show the default scene's poster and a line saying so in
  Korean and English, with nothing downloaded;
- the play button's accessible name contains its visible label; the canvas is named in a
  landmark; the canvas and buttons show a focus ring;
- without JavaScript the frame shows the default poster and a line;
- every poster is 960 px wide and has no scene-list button;
- the runtime-missing card at 320 x 180 shows the CDN's host name whole, a missing main.data
  is named as such, and Cancel on the loading card goes back to the poster.
"""

import os
import re

import pytest

from tests.support.standin import CDN, StandIn

pytestmark = pytest.mark.browser


def open_frame(page, serve, web_build, query, size=(960, 540)):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(serve(web_build["dir"]) + "index.html?" + query)
    page.wait_for_load_state("load")


@pytest.mark.parametrize("asked", ["nosuch", "Takopi"])
def test_unknown_scene_shows_the_default_poster_and_says_so(page, serve, web_build, asked):
    standin = StandIn(page)
    open_frame(page, serve, web_build, f"scene={asked}", size=(320, 180))
    note = page.locator("#vp-note")
    note.wait_for(state="visible")
    text = note.text_content()
    assert f"\u2018{asked}\u2019" in text and "takopi" in text
    assert "장면은 없어서" in text and "No scene called" in text
    image = page.locator("#vp-poster-img")
    assert "posters/takopi.jpg" in image.get_attribute("src")
    page.wait_for_function("document.getElementById('vp-poster-img').naturalWidth === 960")
    box = note.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 320 and box["y"] + box["height"] <= 180
    assert not standin.requests, "an unknown scene must not download anything"


def test_names_contain_the_visible_labels_and_the_canvas_is_named(page, serve, web_build):
    open_frame(page, serve, web_build, "scene=spider")
    play = page.locator("#vp-play")
    visible = play.locator(".label").inner_text().strip()
    assert visible == "눌러서 실행 · Play"
    assert page.get_by_role("button", name=re.compile(re.escape(visible))).count() == 1
    name = page.evaluate("document.getElementById('vp-play').textContent.replace(/\\s+/g, ' ').trim()")
    assert "Verlet spider web game" in name
    canvas = page.locator("main canvas#canvas")
    assert canvas.get_attribute("role") == "application"
    assert canvas.get_attribute("aria-label").startswith("Verlet spider web game")
    assert page.locator("h1").text_content() == "Verlet spider web game · Verlet Playground"
    assert page.title() == "Verlet spider web game · Verlet Playground"


def test_keyboard_focus_shows_a_ring_on_play(page, serve, web_build):
    open_frame(page, serve, web_build, "scene=rope")
    page.locator("#vp-play").wait_for(state="visible")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "vp-play"
    width = page.evaluate("getComputedStyle(document.activeElement).outlineWidth")
    style = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert style == "solid" and float(width.rstrip("px")) >= 2


def test_without_javascript_the_frame_shows_its_poster_and_a_line(page, serve, web_build):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setScriptExecutionDisabled", {"value": True})
    open_frame(page, serve, web_build, "scene=rope", size=(640, 360))
    box = page.locator("#vp-noscript")
    assert box.is_visible()
    assert "needs JavaScript" in box.inner_text() and "자바스크립트" in box.inner_text()
    page.wait_for_function("document.querySelector('#vp-noscript img').naturalWidth === 960")


def test_posters_are_960_wide_without_the_scene_list_button(web_build, scenes):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    for scene in scenes:
        path = web_build["dir"] / "posters" / f"{scene}.jpg"
        image = pygame.image.load(str(path))
        assert image.get_size() == (960, 540), (scene, image.get_size())
    from web import posters

    command = posters.poster_command("python", "rope", "x.png", posters.poster_recipe("rope"))
    assert "--embed" in command and "--overlay" not in command


def test_embed_flag_drops_the_scene_list_as_an_embed_does():
    from scenes.catalog import DEFAULT_SCENE, SCENES
    from app.options import parse_cli, parse_query

    assert parse_cli(["--embed", "--headless"], SCENES, DEFAULT_SCENE).switchable is False
    assert parse_cli(["--headless"], SCENES, DEFAULT_SCENE).switchable is True
    assert parse_query("scene=rope", SCENES, DEFAULT_SCENE)[0].switchable is False


def test_runtime_missing_card_shows_the_host_whole_in_a_small_frame(page, serve, web_build):
    StandIn(page, missing=["pythons.js"])
    open_frame(page, serve, web_build, "scene=rope&autostart=1", size=(320, 180))
    page.locator("#vp-error").wait_for(state="visible")
    host = page.locator("#vp-error-detail .vp-host")
    assert host.text_content() == CDN.split("/")[2]
    box, card = host.bounding_box(), page.locator("#vp-error").bounding_box()
    assert box["x"] >= card["x"] and box["x"] + box["width"] <= card["x"] + card["width"] + 0.5
    assert box["y"] + box["height"] <= card["y"] + card["height"]
    assert page.evaluate("document.querySelector('#vp-error-detail .vp-host').scrollWidth "
                         "<= document.querySelector('#vp-error-detail .vp-host').clientWidth + 1")
    assert page.locator("#vp-reload").is_visible()
    reload = page.locator("#vp-reload").bounding_box()
    assert reload["height"] >= 32 and reload["y"] + reload["height"] <= 180  # a thumb's target
    assert reload["y"] + reload["height"] <= card["y"] + card["height"]  # not clipped by the card


def test_missing_main_data_is_named(page, serve, web_build):
    StandIn(page, missing=["cpython312/main.data"])
    open_frame(page, serve, web_build, "scene=rope&autostart=1", size=(640, 360))
    page.locator("#vp-error").wait_for(state="visible")
    text = page.locator("#vp-error").inner_text()
    assert "main.data" in text and "HTTP 404" in text and "Script error" not in text
    assert page.evaluate("window.verletPage.failure") == "data"


def test_cancel_on_the_loading_card_returns_to_the_poster(page, serve, web_build):
    StandIn(page, fail="never")
    open_frame(page, serve, web_build, "scene=bridge&stiffness=3&autostart=1", size=(320, 180))
    cancel = page.locator("#vp-cancel")
    cancel.wait_for(state="visible")
    box = cancel.bounding_box()
    assert box["y"] + box["height"] <= 180, "Cancel must fit a 320 x 180 frame"
    assert box["height"] >= 32, f"Cancel is {box['height']} px tall: a thumb needs 32"
    cancel.click()
    page.locator("#vp-play").wait_for(state="visible")
    assert page.evaluate("window.verletPage.state") == "poster"
    assert "autostart" not in page.url and "scene=bridge" in page.url
    assert page.locator("#transfer").is_hidden()


def test_reduced_motion_stops_the_spinner(page, serve, web_build):
    page.emulate_media(reduced_motion="reduce")
    StandIn(page, fail="never")
    open_frame(page, serve, web_build, "scene=rope&autostart=1")
    page.locator("#transfer").wait_for(state="visible")
    assert page.evaluate("getComputedStyle(document.querySelector('#transfer .spinner')).animationName") == "none"


def test_open_full_page_fills_the_width_centred_in_the_readers_scheme(page, serve, web_build):
    page.emulate_media(color_scheme="dark")
    open_frame(page, serve, web_build, "scene=rope", size=(390, 844))
    page.locator("#vp-play").wait_for(state="visible")
    box = page.locator("#vp-poster").bounding_box()
    assert box["width"] == 390 and abs(box["y"] - (844 - box["height"]) / 2) <= 1
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background == "rgb(21, 20, 28)"
