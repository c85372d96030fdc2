"""The spider game's surroundings (issue 13): the hint that stays until the first successful shot
(and comes back with H or "?"), the hover preview of a shot (green where it would land, red where
it would fail, none for a finger), the restart that asks once mid-game, Enter/Space after game
over, the game-over panel's words, the overlay under the panel and the HUD, the footer's backing."""

import pickle
from math import cos, pi, sin

import pygame
import pytest

from scenes.kit.context import ViewContext
from scenes.spider.model import aim
from scenes.spider import view, view_aim, view_buttons, view_hud
from scenes.spider.model.session import CONFIRM_FRAMES, HINT_FADE_FRAMES

from tests.support.spider import quiet_model
from tests.support.spider_scene import (along_own_thread, click, hover, quiet_scene, send, steps,
                                        thread_target)
from tests.support.spider_view import canvas, drawn_texts, pixels_near, render
from scenes.kit.model.run import restart_record


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def key(scene, code):
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))


def end_game(scene):
    while not scene.model.game_over:
        scene.model.hurt(5)
        steps(scene, 61)


HINT_BOX = pygame.Rect(160, 84, 640, 50)


def hint_pixels(surface):
    """Pixels of the hint's warm yellow text inside its box."""
    return sum(1 for x in range(HINT_BOX.left, HINT_BOX.right, 2)
               for y in range(HINT_BOX.top, HINT_BOX.bottom)
               if (lambda p: p[0] > 240 and p[1] > 220 and p[2] < 190)(surface.get_at((x, y))))


# --- the hint ---------------------------------------------------------------------------------

def test_the_hint_stays_until_the_first_successful_shot():
    scene = quiet_scene()
    steps(scene, 60 * 20)  # 20 s: far past the old 7 s
    assert scene.session.hint_open and hint_pixels(render(scene)) > 300
    click(scene, along_own_thread(scene))  # a failed shot is no reason to fold it
    steps(scene, 2)
    assert scene.model.counts["failed_shots"] == 1 and scene.session.hint_open
    click(scene, thread_target(scene))
    steps(scene, 1)
    assert scene.model.counts["shots"] == 1 and not scene.session.hint_open
    steps(scene, HINT_FADE_FRAMES)
    assert hint_pixels(render(scene)) == 0
    scene.restart()  # a player who has shot once is not taught again after a restart
    steps(scene, 30)
    assert hint_pixels(render(scene)) == 0


def test_key_h_and_the_question_button_bring_the_hint_back():
    scene = quiet_scene()
    click(scene, thread_target(scene))
    steps(scene, HINT_FADE_FRAMES + 1)
    assert hint_pixels(render(scene)) == 0
    key(scene, pygame.K_h)
    steps(scene, 1)
    assert scene.session.hint_open and hint_pixels(render(scene)) > 300
    key(scene, pygame.K_h)  # H again folds it
    steps(scene, HINT_FADE_FRAMES + 1)
    assert hint_pixels(render(scene)) == 0
    click(scene, scene.help_button.rect.center)
    steps(scene, 1)
    assert hint_pixels(render(scene)) > 300
    assert scene.model.counts["shots"] == 1  # the "?" tap never reached the game
    click(scene, thread_target(scene, 200))  # and the next successful shot folds it
    steps(scene, HINT_FADE_FRAMES + 1)
    assert scene.model.counts["shots"] == 2 and hint_pixels(render(scene)) == 0


# --- the hover preview --------------------------------------------------------------------------

def test_hovering_previews_where_the_silk_lands_in_faint_green():
    scene = quiet_scene()
    target = thread_target(scene)
    hover(scene, target)
    plan = scene.hover_plan()
    assert plan.ok and plan.hit is not None
    surface = render(scene)
    end = canvas(scene, plan.end)
    assert view_aim.PREVIEW_OK in pixels_near(surface, end, 7)
    middle = canvas(scene, ((plan.origin[0] + plan.end[0]) / 2, (plan.origin[1] + plan.end[1]) / 2))
    assert any(g > r + 40 and g > b + 20 for r, g, b in pixels_near(surface, middle, 4))
    scene.hover = None
    assert view_aim.PREVIEW_OK not in pixels_near(render(scene), end, 7)
    assert scene.model.counts["shots"] == 0  # hovering never shoots


def test_hovering_into_empty_sky_previews_a_full_length_thread_and_its_anchor():
    scene = quiet_scene()
    model = scene.model
    anchor = max((k for k in model.web.knots if k.pinned), key=lambda k: k.x)  # the rightmost
    thread = max(anchor.threads, key=lambda t: min(t.a.x, t.b.x))
    model.spider.place(thread, 1.0 if thread.b is anchor else 0.0)
    steps(scene, 90)  # the camera follows it out to the frame
    sx, sy = model.spider.position
    point = canvas(scene, (sx + 400, sy - 60))  # outward, away from every thread
    hover(scene, point)
    plan = scene.hover_plan()
    assert plan.ok and plan.hit is None
    assert abs(plan.length - 320.0) < 1.0  # S3: the full length, then a new anchor
    end = canvas(scene, plan.end)
    assert view_aim.PREVIEW_OK in pixels_near(render(scene), end, 5)


def test_a_shot_that_would_fail_previews_red_with_its_reason():
    scene = quiet_scene()
    point = along_own_thread(scene)
    hover(scene, point)
    plan = scene.hover_plan()
    assert not plan.ok and plan.reason == "along your thread"
    surface = render(scene)
    assert view_aim.PREVIEW_FAIL in pixels_near(surface, point, 8)
    assert view_aim.PREVIEW_OK not in pixels_near(surface, point, 8)
    scene.model.silk = 2.0  # an aim that is fine, but the gland is empty: red too
    target = thread_target(scene)
    hover(scene, target)
    plan = scene.hover_plan()
    assert not plan.ok and plan.reason == "out of silk"
    assert view_aim.PREVIEW_FAIL in pixels_near(render(scene), canvas(scene, plan.end), 7)


def test_a_finger_a_held_button_or_a_widget_shows_no_preview():
    scene = quiet_scene()
    target = thread_target(scene)
    play_field = pygame.Rect(0, 0, scene.size[0], scene.size[1] - 40)  # the footer's wording
    plain = pygame.image.tobytes(render(scene).subsurface(play_field), "RGB")  # follows touch
    hover(scene, target, touch=True)  # touch arrives as mouse motion with .touch set
    assert scene.hover is None
    assert pygame.image.tobytes(render(scene).subsurface(play_field), "RGB") == plain
    hover(scene, target)
    assert scene.hover_plan() is not None
    scene.handle(pygame.event.Event(pygame.FINGERDOWN, x=0.5, y=0.5, dx=0, dy=0, touch_id=0,
                                    finger_id=0, pressure=1.0))
    assert scene.hover is None
    hover(scene, target, buttons=(1, 0, 0))  # dragging is a crawl, not a hover
    assert scene.hover is None
    hover(scene, scene.restart_button.rect.center)
    assert scene.hover is not None and scene.hover_plan() is None
    hover(scene, target)
    scene.handle(pygame.event.Event(pygame.WINDOWLEAVE))
    assert scene.hover is None
    send(scene, "down", target, True)  # a touch tap (touch=True) leaves no hover behind
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1, touch=True))
    assert scene.hover is None


def at_the_rim(model):
    """Put the spider on the thread of the rightmost anchor, facing empty sky (long shots)."""
    anchor = max((k for k in model.web.knots if k.pinned), key=lambda k: k.x)
    thread = max(anchor.threads, key=lambda t: min(t.a.x, t.b.x))
    model.spider.place(thread, 1.0 if thread.b is anchor else 0.0)
    model.spider.sync()


def game_for_aiming(rim, silk, falling):
    game = quiet_model(5)
    if rim:
        at_the_rim(game)
    for _ in range(3):
        game.step()
    game.silk = silk
    if falling:
        game.spider.let_go()
        game.step()
    return game


def test_the_preview_is_red_exactly_where_a_click_would_fail():
    """Over a ring of aims from the hub and from the rim, with a full, a low and an empty
    gland, riding and falling, the preview's verdict is what `shoot` then does on an
    identical game."""
    verdicts = {}
    for rim in (False, True):
        for silk in (100.0, 14.0, 3.0):
            for falling in (False, True):
                game = pickle.dumps(game_for_aiming(rim, silk, falling))  # copied for each aim
                for i in range(12):
                    preview_game = pickle.loads(game)
                    sx, sy = preview_game.spider.position
                    angle = 2 * pi * i / 12 + 0.1
                    target = (sx + cos(angle) * 260, sy + sin(angle) * 260)
                    plan = aim.preview(preview_game, target)
                    shot = pickle.loads(game).shoot(target)
                    assert shot == plan.ok, (rim, silk, falling, i, plan.reason)
                    verdicts[plan.reason] = verdicts.get(plan.reason, 0) + 1
    assert verdicts[""] >= 20 and verdicts["along your thread"] >= 2
    assert verdicts["out of silk"] >= 20


# --- restart asks once -------------------------------------------------------------------------

def test_mid_game_the_restart_button_asks_once_and_a_second_tap_confirms():
    scene = quiet_scene(seed=4)
    steps(scene, 120)
    old = scene.model
    button = scene.restart_button.rect.center
    click(scene, button)
    assert scene.model is old and scene.session.confirming
    surface = render(scene)
    ring = pixels_near(surface, (scene.restart_button.rect.left - 2, button[1]), 1)
    assert view_buttons.CONFIRM in ring  # the button is lit ...
    note_row = [tuple(surface.get_at((x, 16)))[:3] for x in range(400, scene.restart_button.rect.x - 8)]
    assert sum(1 for p in note_row if p == (30, 24, 20)) < len(note_row)  # ... with its note
    steps(scene, CONFIRM_FRAMES - 10)
    click(scene, button)
    assert scene.model is not old and scene.run.restarts == 1 and not scene.session.confirming
    assert old.counts["shots"] == 0 and old.press is None  # no tap reached the old game


def test_the_question_lapses_after_three_seconds_and_play_goes_on_meanwhile():
    scene = quiet_scene()
    button = scene.restart_button.rect.center
    click(scene, button)
    steps(scene, CONFIRM_FRAMES + 1)
    assert not scene.session.confirming
    click(scene, button)  # too late: this asks again
    assert scene.run.restarts == 0 and scene.session.confirming
    click(scene, thread_target(scene))  # the game goes on while it asks
    steps(scene, 2)
    assert scene.model.counts["shots"] == 1 and scene.session.confirming
    click(scene, button)
    assert scene.run.restarts == 1


def test_key_r_asks_once_mid_game_and_restarts_at_once_after_game_over():
    scene = quiet_scene()
    key(scene, pygame.K_r)
    assert scene.run.restarts == 0 and scene.session.confirming
    key(scene, pygame.K_r)
    assert scene.run.restarts == 1 and scene.model.frame == 0
    click(scene, scene.restart_button.rect.center)
    key(scene, pygame.K_r)  # the button and R share the one question
    assert scene.run.restarts == 2
    end_game(scene)
    key(scene, pygame.K_r)
    assert scene.run.restarts == 3 and not scene.model.game_over
    end_game(scene)
    click(scene, scene.restart_button.rect.center)
    assert scene.run.restarts == 4 and not scene.model.game_over
    end_game(scene)
    scene.apply(restart_record())  # what a common toolbar's restart calls
    assert scene.run.restarts == 5


def test_a_pending_question_is_dropped_at_game_over():
    scene = quiet_scene()
    click(scene, scene.restart_button.rect.center)
    end_game(scene)
    assert not scene.session.confirming
    assert view_buttons.CONFIRM not in pixels_near(render(scene), scene.restart_button.rect.midleft, 3)


def test_enter_or_space_plays_again_only_once_the_game_is_over():
    scene = quiet_scene()
    for code in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
        key(scene, code)
    steps(scene, 5)
    assert scene.run.restarts == 0 and not scene.session.confirming
    for restarts, code in enumerate((pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER), 1):
        end_game(scene)
        key(scene, code)
        assert scene.run.restarts == restarts and not scene.model.game_over


# --- game-over panel, overlay, footer ------------------------------------------------------------


def test_the_game_over_panel_says_what_the_score_counts(monkeypatch):
    scene = quiet_scene()
    scene.model.score = 4
    end_game(scene)
    texts = drawn_texts(scene, monkeypatch)
    assert "score 4" in texts
    assert any("dead bug collected" in text for text in texts)
    assert any(text.startswith("new best!") for text in texts)
    assert any("Enter" in text for text in texts)


def test_the_overlay_lies_under_the_game_over_panel_and_the_hud():
    scene = quiet_scene()
    end_game(scene)
    steps(scene, 40)
    panel = view_hud.game_over_rect(scene.size).inflate(-8, -8)
    knots = [canvas(scene, (k.x, k.y)) for k in scene.model.web.knots]
    assert sum(1 for k in knots if panel.collidepoint(k)) > 3  # knots lie behind the panel
    plain = render(scene)
    scene.context.overlay = True
    shown = render(scene)
    hud = pygame.Rect(view_hud.HUD_BOX).inflate(-8, -8)
    for rect in (panel, hud):  # the overlay shows through the panels at most faintly
        worst = max(max(abs(a - b) for a, b in zip(plain.get_at((x, y))[:3],
                                                   shown.get_at((x, y))[:3]))
                    for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))
        assert worst <= 40
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(shown, "RGB")


def test_the_footer_has_a_backing_no_thread_crosses():
    scene = quiet_scene()
    surface = render(scene)
    width, height = scene.size
    image = view_hud.rendered(view_hud.CONTROLS, 18, (200, 204, 224))
    text = image.get_rect(center=(width // 2, height - 14))
    bright = 0
    for y in (text.top - 2, text.bottom + 1):  # inside the backing, above and below the text
        for x in range(text.left, text.right):
            r, g, b = surface.get_at((x, y))[:3]
            bright += max(r, g, b) > 90
    assert bright == 0
    scene_world = pygame.Surface(scene.size)
    view.draw(scene_world, scene.model, ViewContext())
    behind = [max(scene_world.get_at((x, text.top - 2))[:3]) for x in range(text.left, text.right)]
    assert max(behind) > 150  # threads do run behind it
