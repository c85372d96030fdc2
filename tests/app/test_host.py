"""The host around the scenes (issue 12): switching, pause and step, the shared toolbar, the list.

Driven in-process with the same pygame events live input makes (through `script_event` where a
scripted entry exists), on a headless window.
"""

import pygame
import pytest

import main
from scenes.kit.scene import KEY_CODES, script_event
from scenes.catalog import SCENES
from app.pausing import FOCUS_GRACE_FRAMES
from app.options import Options, parse_query
from app.toolbar import BUTTON, ITEMS
from app.window import HeadlessWindow

NAMES = list(SCENES)


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def make(scene="takopi", switchable=True, fullscreen=True, **kwargs):
    window = HeadlessWindow((960, 540))
    window.fullscreen_available = fullscreen
    return main.make_host(Options(scene=scene, switchable=switchable, **kwargs), window)


def key(host, name, mod=0):
    event = script_event({"type": "key_down", "key": name}, False)
    event.mod = mod
    host.handle(event)


def press(host, pos, touch=False):
    host.handle(script_event({"type": "down", "pos": pos, "touch": touch}, True))
    host.handle(script_event({"type": "up", "pos": pos, "touch": touch}, False))


def center(rect):
    return (rect.centerx, rect.centery)


# -- switching -------------------------------------------------------------------------------

def test_number_keys_switch_in_list_order_and_tab_cycles_with_the_title_following():
    host = make()
    assert host.state()["scene"] == "takopi" and host.window.title.endswith("takopi")
    key(host, "2")
    assert host.state()["scene"] == NAMES[1] == "spider"
    assert host.window.title == "Verlet Playground: spider"
    key(host, "3")
    assert host.scene.name == NAMES[2]
    key(host, str(len(NAMES)))
    assert host.scene.name == NAMES[-1]
    key(host, "tab")
    assert host.scene.name == NAMES[0]  # wraps around
    key(host, "tab", mod=pygame.KMOD_SHIFT)
    assert host.scene.name == NAMES[-1]  # Shift+Tab goes back
    key(host, "9")  # no ninth scene: nothing happens
    assert host.scene.name == NAMES[-1]


def test_a_scene_left_and_shown_again_is_where_it_was():
    host = make("rope")
    for _ in range(30):
        host.frame(1)
    points = host.scene.model.points()
    key(host, "1")
    for _ in range(30):
        host.frame(1)
    key(host, "3")
    assert host.scene.model.points() == points and host.state()["steps"] == 30


def test_the_switcher_button_lists_every_scene_and_a_row_switches():
    host = make()
    press(host, center(host.toolbar.rect("scenes")))
    assert host.scene_list.open
    assert [name for name, _ in host.scene_list.entries] == NAMES
    assert all(help_text for _, help_text in host.scene_list.entries)
    surface = pygame.Surface((960, 540))
    host.draw(surface)  # draws without error; the list covers its rectangle
    row = host.scene_list.row_rect(NAMES.index("rope"))
    press(host, center(row))
    assert host.scene.name == "rope" and not host.scene_list.open


def test_the_list_closes_on_a_press_outside_it_or_escape_without_switching():
    host = make()
    host.toggle_scene_list()
    press(host, (100, 500))
    assert not host.scene_list.open and host.scene.name == "takopi"
    assert host.scene.model.pointer is None  # the closing press did not reach Takopi
    host.toggle_scene_list()
    host.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert not host.scene_list.open


def test_a_single_scene_embed_offers_no_switching():
    options, _ = parse_query("?scene=rope", SCENES, "takopi")
    assert not options.switchable
    options_free, _ = parse_query("?stiffness=3", SCENES, "takopi")
    assert options_free.switchable
    host = main.make_host(options, HeadlessWindow((960, 540)))
    assert host.toolbar.rect("scenes") is None
    key(host, "2")
    key(host, "tab")
    assert host.scene.name == "rope"


# -- pause and step --------------------------------------------------------------------------

def test_p_pauses_dot_steps_exactly_once_and_p_goes_on():
    host = make("rope")
    for _ in range(10):
        host.frame(1)
    key(host, "p")
    for _ in range(20):
        host.frame(1)
    state = host.state()
    assert state["paused"] is True and state["steps"] == 10 and state["frame"] == 30
    points = host.scene.model.points()
    key(host, ".")
    assert host.state()["steps"] == 11 and host.scene.model.points() != points
    key(host, "p")
    host.frame(1)
    assert host.state()["paused"] is False and host.state()["steps"] == 12


def test_dot_does_nothing_while_running():
    host = make("rope")
    key(host, ".")
    assert host.state()["steps"] == 0


def test_a_click_resumes_and_does_nothing_else():
    host = make("rope")
    host.pause()
    rope_point = host.scene.model.points()[8]
    press(host, rope_point)
    assert not host.paused
    assert host.scene.model.grabbed is None  # the resuming press did not grab the rope


def test_a_press_on_the_slider_panel_while_paused_does_not_resume():
    host = make("rope")
    host.pause()
    press(host, center(host.scene.panel.toggle.rect))
    assert host.paused and host.scene.panel.open


@pytest.mark.parametrize("event_type", [pygame.WINDOWFOCUSLOST, pygame.WINDOWHIDDEN,
                                        pygame.WINDOWMINIMIZED])
def test_leaving_the_window_pauses(event_type):
    host = make("spider")
    for _ in range(FOCUS_GRACE_FRAMES + 1):
        host.frame(1)
    host.handle(pygame.event.Event(event_type, window=None))
    assert host.paused
    steps = host.state()["steps"]
    for _ in range(3600):  # a minute away costs nothing
        host.frame(1)
    assert host.state()["steps"] == steps and not host.scene.model.game_over


def test_focus_lost_right_after_a_fullscreen_switch_is_not_leaving():
    host = make()
    for _ in range(200):
        host.frame(1)
    key(host, "f11")
    assert host.window.fullscreen
    host.handle(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
    assert not host.paused


def test_a_hidden_browser_tab_pauses():
    host = make()
    host.window.away = lambda: True
    for _ in range(20):
        host.frame(1)
    assert host.paused


def test_the_paused_scene_says_so_and_names_taps_after_a_touch():
    host = make("rope")
    host.frame(1)
    surface = pygame.Surface((960, 540))
    host.draw(surface)
    running = surface.copy()
    host.pause()
    host.draw(surface)
    box = pygame.Rect(330, 110, 300, 80)
    assert any(surface.get_at((x, y)) != running.get_at((x, y))
               for x in range(box.left, box.right, 4) for y in range(box.top, box.bottom, 4))
    assert host.scene.pointer_word == "click"
    host.handle(script_event({"type": "move", "pos": (10, 500), "touch": True}, False))
    assert host.scene.pointer_word == "tap"


# -- the toolbar -----------------------------------------------------------------------------

def toolbar_rects(host):
    return {item: host.toolbar.rect(item) for item in ITEMS}


def test_the_toolbar_is_the_same_in_every_scene_and_sized_for_a_thumb():
    layouts = {name: toolbar_rects(make(name)) for name in NAMES}
    for name, rects in layouts.items():
        for item, rect in rects.items():
            if rect is None:
                continue
            assert rect.width >= 40 and rect.height >= 40 and rect.top >= 0
            assert rect.right <= 960
    reference = layouts["takopi"]
    assert all(reference[item] is not None for item in ITEMS)
    for rects in layouts.values():
        for item, rect in rects.items():
            assert rect is None or rect == reference[item]
    rects = sorted(reference.values(), key=lambda r: r.x)
    assert all(a.right < b.left for a, b in zip(rects, rects[1:]))  # no overlaps


def test_the_spider_keeps_its_own_restart_button_in_the_restart_slot():
    host = make("spider")
    assert host.toolbar.rect("restart") is None
    assert host.scene.restart_button.rect == make("takopi").toolbar.rect("restart")


def test_each_toolbar_button_does_its_job():
    host = make("rope")
    press(host, center(host.toolbar.rect("overlay")))
    assert host.scene.context.overlay
    press(host, center(host.toolbar.rect("pause")))
    assert host.paused
    press(host, center(host.toolbar.rect("pause")))
    assert not host.paused
    press(host, center(host.toolbar.rect("fullscreen")))
    assert host.window.fullscreen
    requests = []
    host.scene.apply = requests.append
    host.toolbar = host._toolbar()
    press(host, center(host.toolbar.rect("restart")))
    assert requests == [{"type": "restart"}]
    key(host, "2")
    assert host.scene.context.overlay  # the overlay button's state carries over a switch


def test_restart_by_the_toolbar_starts_the_scene_again():
    host = make("rope")
    host.scene.model.press(host.scene.model.points()[16])
    press(host, center(host.toolbar.rect("restart")))
    assert host.scene.run.restarts == 1 and host.scene.model.grabbed is None


def test_no_fullscreen_button_where_the_page_cannot_go_fullscreen():
    host = make(fullscreen=False)
    assert host.toolbar.rect("fullscreen") is None
    assert host.toolbar.rect("restart") == make().toolbar.rect("restart")


def test_hovering_a_button_with_a_mouse_names_it():
    host = make()
    surface = pygame.Surface((960, 540))
    host.draw(surface)
    plain = surface.copy()
    rect = host.toolbar.rect("pause")
    host.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                   buttons=(0, 0, 0), touch=False))
    host.draw(surface)
    below = pygame.Rect(rect.x - 20, rect.bottom + 4, rect.width + 40, 20)
    assert any(surface.get_at((x, y)) != plain.get_at((x, y))
               for x in range(below.left, below.right, 2) for y in range(below.top, below.bottom, 2))


def test_every_new_key_has_a_code():
    for name in ("1", "9", "tab", "p", ".", "h", "f11"):
        assert name in KEY_CODES
    assert BUTTON >= 40


def test_the_rope_s_hint_names_taps_after_a_touch():
    from scenes.rope.view import help_line

    host = make("rope")
    assert "click" in help_line(host.scene.pointer_word)
    press(host, center(host.toolbar.rect("overlay")), touch=True)  # even a toolbar tap counts
    assert host.scene.pointer_word == "tap"
    line = help_line(host.scene.pointer_word)
    assert line.startswith("tap") and "O:" not in line
