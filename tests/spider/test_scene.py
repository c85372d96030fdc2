"""The pygame side: headless contract, sliders (S12), ↺ button (S10), a touch-only game, the
look (S8 vermilion, S11 sky, green spider, red bugs, grey-purple corpses) and the overlay."""

import json
import subprocess
import sys
from math import hypot

import pygame
import pytest

from scenes.kit.context import ViewContext
from scenes.kit.scene import script_event
from scenes.catalog import SCENES
from app.options import parse_query
from scenes.spider import view
from scenes.spider.model.enemies import Enemy
from scenes.spider.scene import SpiderScene

from tests.support.spider import across, far_thread, launch
from tests.support.spider_players import Bot
from tests.support.spider_view import canvas, pixels_near, render


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def press(scene, kind, pos, down):
    scene.handle(script_event({"type": kind, "pos": pos}, down))


def click(scene, pos):
    press(scene, "down", pos, True)
    press(scene, "up", pos, False)


def quiet_scene(**kwargs):
    scene = SpiderScene(**kwargs)
    scene.model.director.countdown = float("inf")
    return scene








# --- contract ---------------------------------------------------------------------------------

@pytest.mark.slow
def test_the_headless_app_reports_every_state_key(tmp_path, repo_root):
    state_path, shot = tmp_path / "s.json", tmp_path / "s.png"
    subprocess.run([sys.executable, "main.py", "--scene", "spider", "--headless", "--frames",
                    "240", "--state", str(state_path), "--screenshot", str(shot),
                    "--set", "iterations=20", "--set", "gravity=0.1", "--set", "catch_force=1.5",
                    "--set", "relax_force=0.2"], cwd=repo_root, check=True, timeout=120)
    state = json.loads(state_path.read_text())
    assert state["params"] == {"iterations": 20, "gravity": 0.1, "catch_force": 1.5,
                               "relax_force": 0.2}
    assert all(len(n) == 3 and isinstance(n[2], bool) for n in state["nodes"])
    count = len(state["nodes"])
    assert all(0 <= i < count and 0 <= j < count and rest > 0 for i, j, rest in state["edges"])
    spider = state["spider"]
    assert set(spider) == {"pos", "edge", "t", "state", "facing"}
    assert spider["state"] == "riding" and len(spider["edge"]) == 2 and 0 <= spider["t"] <= 1
    i, j = spider["edge"]
    assert [i, j] in [[a, b] for a, b, _ in state["edges"]]
    assert state["hp"] == state["hp_max"] and state["score"] == 0
    assert 0 < state["silk"] <= state["silk_max"]
    assert state["game_over"] is False and len(state["camera"]) == 2
    for enemy in state["enemies"]:
        assert enemy["kind"] in ("walker", "cutter")
        assert enemy["state"] in ("spawning", "moving", "caught", "dead")
        assert len(enemy["pos"]) == 2
    assert shot.stat().st_size > 10_000


def test_parameters_by_page_query_with_fallback():
    options, notes = parse_query("scene=spider&iterations=15&gravity=0.2&catch_force=0.8"
                                 "&relax_force=0.1", SCENES, "takopi")
    assert options.values == {"iterations": 15, "gravity": 0.2, "catch_force": 0.8,
                              "relax_force": 0.1} and not notes
    options, notes = parse_query("scene=spider&stiffness=99", SCENES, "takopi")
    assert options.values == {} and "stiffness" in notes[0]


# --- sliders and buttons ----------------------------------------------------------------------

def test_s12_four_sliders_folded_by_default_usable_by_finger():
    scene = quiet_scene()
    assert scene.panel_params == ("iterations", "gravity", "catch_force", "relax_force")
    assert not scene.panel.open
    click(scene, scene.panel.toggle.rect.center)
    assert scene.panel.open
    wanted = {"iterations": 40, "gravity": 1.5, "catch_force": 2.0, "relax_force": 0.5}
    for slider in scene.panel.sliders:
        assert slider.rect.height >= 34  # a finger's row
        y = slider.rect.bottom - 10
        press(scene, "down", (slider.rect.centerx, y), True)
        press(scene, "move", (slider.rect.right + 300, y), True)
        press(scene, "up", (slider.rect.right + 300, y), False)
        assert scene.values[slider.param.name] == wanted[slider.param.name]
    model = scene.model
    assert model.web.stiffness == 40 and model.web.gravity == 1.5
    assert model.swarm.catch_force == 2.0 and model.swarm.relax_force == 0.5
    assert model.counts["shots"] == 0 and model.press is None  # the panel kept the pointer


def test_s10_the_restart_button_starts_a_new_game():
    scene = quiet_scene(seed=4)
    for _ in range(120):
        scene.step()
    scene.model.hurt(3)
    old = scene.model
    click(scene, scene.restart_button.rect.center)  # mid-game it asks once ...
    assert scene.model is old and scene.session.confirming
    click(scene, scene.restart_button.rect.center)  # ... and the second tap confirms
    assert scene.model is not old and scene.run.restarts == 1
    assert scene.model.hp == scene.model.observe()["hp_max"] and scene.model.frame == 0
    assert old.counts["shots"] == 0 and old.press is None  # the click never reached the game


def test_s10_game_over_panel_shows_and_play_again_restarts():
    scene = quiet_scene()
    while not scene.model.game_over:
        scene.model.hurt(5)
        for _ in range(61):
            scene.step()
    surface = render(scene)
    button = scene.play_again.rect
    assert surface.get_at(button.center) != surface.get_at((button.centerx, button.top - 40))
    click(scene, button.center)
    assert not scene.model.game_over and scene.run.restarts == 1


@pytest.mark.slow
def test_a_short_game_by_pointer_events_only():
    scene = SpiderScene(seed=6)
    down = [False]

    def send(kind, value):
        if kind in ("down", "move", "up"):
            down[0] = {"down": True, "up": False}.get(kind, down[0])
            scene.handle(script_event({"type": kind, "pos": value}, down[0]))
        else:
            raise AssertionError("a touch player has no keys")

    bot = Bot(None, send=send, pointer_only=True, model_of=lambda: scene.model)
    start = scene.model.spider.position
    travelled = 0.0
    last = start
    for _ in range(2400):
        bot.act()
        scene.step()
        spider = scene.model.spider
        travelled += hypot(spider.x - last[0], spider.y - last[1])
        last = spider.position
    model = scene.model
    assert not any(e["type"] in ("key_down", "key_up") for e in bot.log)
    assert travelled > 500  # it crawled by holding the pointer
    assert model.counts["shots"] >= 2 and model.counts["caught"] >= 3
    assert model.score >= 1 and model.score == model.counts["collected"]
    click(scene, scene.restart_button.rect.center)  # and a restart by touch: two taps
    click(scene, scene.restart_button.rect.center)
    assert scene.model.frame == 0 and scene.run.restarts == 1


# --- the look ---------------------------------------------------------------------------------

def test_the_picture_night_sky_silver_threads_green_spider():
    scene = quiet_scene()
    for _ in range(30):
        scene.step()
    surface = render(scene)
    top = surface.get_at((600, 2))
    bottom = min(pixels_near(surface, (600, 500), 4), key=sum)  # the sky between the threads
    assert sum(top[:3]) < sum(bottom[:3]) < 200  # a dark gradient, lighter toward the horizon
    spider = canvas(scene, scene.model.spider.position)
    assert any(g > 150 and g > r + 60 and g > b + 60 for r, g, b in pixels_near(surface, spider, 8))
    thread = scene.model.web.threads[40]
    mid = canvas(scene, thread.point(0.5))
    assert any(min(p) > 120 and max(p) - min(p) < 60 for p in pixels_near(surface, mid, 1))


def test_s8_a_dead_spider_is_vermilion():
    scene = quiet_scene()
    scene.model.hp = 1
    scene.model.hurt(1)
    surface = pygame.Surface(scene.size)
    view.draw(surface, scene.model, ViewContext())  # the world alone, without the game-over panel's shade
    spider = canvas(scene, scene.model.spider.position)
    reds = [p for p in pixels_near(surface, spider, 10) if p == view.VERMILION]
    assert len(reds) > 20
    assert not any(g > 150 and g > r + 60 for r, g, b in pixels_near(surface, spider, 10))


def test_red_bugs_yellow_jawed_cutters_and_grey_purple_corpses():
    scene = quiet_scene(values={"gravity": 0.0})
    model = scene.model
    sx, sy = model.spider.position
    walker = model.swarm.add(Enemy("walker", sx + 100, sy - 100, 0.0, 10**6))
    cutter = model.swarm.add(Enemy("cutter", sx - 100, sy - 100, 0.0, 0))
    cutter.state = "moving"
    start, middle = across(far_thread(model, distance=150))
    corpse = launch(model, "walker", start, middle)
    while corpse.state != "dead":
        scene.step()
    walker.timer = 1  # spawning bugs blink: draw it in its visible phase
    surface = pygame.Surface(scene.size)
    view.draw(surface, model, ViewContext())  # the world alone: no hint or HUD over the bugs
    red = pixels_near(surface, canvas(scene, walker.position), 4)
    assert any(r > 180 and g < 90 and b < 90 for r, g, b in red)
    jaws = pixels_near(surface, canvas(scene, cutter.position), 11)
    assert any(r > 200 and g > 170 and b < 140 for r, g, b in jaws)
    grey = pixels_near(surface, canvas(scene, corpse.position), 3)
    assert any(abs(r - view.CORPSE[0]) < 25 and abs(b - view.CORPSE[2]) < 25 and g < r and g < b
               for r, g, b in grey)


def test_s11_stars_and_now_and_then_a_meteor():
    scene = quiet_scene()
    scene.session.hide_hint()  # a meteor may pass behind the hint's box
    sky = scene.model.sky
    seen = []
    for frame in range(1500):
        scene.step()
        if sky.meteor is not None and sky.meteor.age == 20:
            seen.append(frame)
            surface = render(scene)
            hx, hy = sky.meteor.head()
            assert any(sum(p) > 600 for p in pixels_near(surface, (round(hx), round(hy)), 3))
    assert 1 <= len(seen) <= 5 and len(sky.stars) > 100


def test_the_overlay_shows_the_ridden_edge_and_the_aim():
    scene = quiet_scene(overlay=True)
    model = scene.model
    thread = model.spider.thread
    sx, sy = model.spider.position
    aim = canvas(scene, (sx, sy - 150))
    press(scene, "move", aim, False)
    plan = model.preview_shot(model.to_world(aim))
    surface = render(scene)
    ridden = canvas(scene, thread.point(0.8))
    assert any(r > 230 and g > 190 and b < 120 for r, g, b in pixels_near(surface, ridden, 2))
    hit = canvas(scene, plan.hit.point(0.5 if plan.u < 0.3 or plan.u > 0.7 else 0.2))
    assert any(b > 230 and g > 200 and r < 180 for r, g, b in pixels_near(surface, hit, 3))
    plain = render(quiet_scene())
    assert pygame.image.tobytes(surface, "RGB") != pygame.image.tobytes(plain, "RGB")
