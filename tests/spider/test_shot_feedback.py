"""What a reader sees right after acting: a successful shot is marked as such before any preview
of the next one, a failing preview's reason stays readable, and an arrow that cannot move the
spider says why ("no thread that way")."""

import pygame
import pytest

from scenes.spider import view_marks
from scenes.spider.model.spider import best_turn

from tests.support.spider_scene import along_own_thread, click, hover, quiet_scene, steps, thread_target
from tests.support.spider_view import canvas, pixels_near, render


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def labels_drawn(monkeypatch):
    """Every label `view_marks.draw_label` draws, as (text, rect)."""
    seen = []
    original = view_marks.draw_label

    def spy(surface, text, *args, **kwargs):
        rect = original(surface, text, *args, **kwargs)
        seen.append((text, rect))
        return rect

    monkeypatch.setattr(view_marks, "draw_label", spy)
    return seen


def is_success(rgb):
    r, g, b = rgb
    return g > 200 and g > r + 60 and g > b + 40


@pytest.mark.slow
@pytest.mark.parametrize("distance", [100, 150, 250])
def test_a_successful_shot_is_marked_before_any_preview_with_the_pointer_left_still(distance):
    """Before: the red "along your thread" preview showed from the very next frame on and for
    59-60 of the next 60 frames. Now: no preview at all in the next second while the pointer
    rests, and the new silk glows with its "stuck!" mark for SUCCESS_FRAMES (45)."""
    scene = quiet_scene()
    target = thread_target(scene, distance)
    hover(scene, target)
    click(scene, target)
    failures = marked = 0
    for frame in range(60):
        scene.step()
        surface = render(scene)
        plan = scene.hover_plan()
        failures += plan is not None and not plan.ok
        assert plan is None
        shots, _ = view_marks.marks(scene.context)
        if frame < view_marks.SUCCESS_FRAMES - 1:
            assert shots.marking(scene.model)
            end = canvas(scene, (shots.thread.b.x, shots.thread.b.y))
            assert sum(map(is_success, pixels_near(surface, end, 12))) >= 20
            marked += 1
    assert scene.model.counts["shots"] == 1 and failures == 0
    assert marked == view_marks.SUCCESS_FRAMES - 1
    assert not view_marks.marks(scene.context)[0].marking(scene.model)
    hover(scene, along_own_thread(scene))  # the pointer moves on: previews as before
    assert scene.hover_plan() is not None


def test_the_success_mark_says_stuck_and_a_failed_shot_is_never_marked(monkeypatch):
    scene = quiet_scene()
    point = along_own_thread(scene)
    hover(scene, point)
    click(scene, point)  # fails: along the spider's own thread
    scene.step()
    seen = labels_drawn(monkeypatch)
    render(scene)
    assert scene.model.counts["failed_shots"] == 1
    assert "stuck!" not in [text for text, _ in seen]
    assert scene.hover_plan() is not None and not scene.hover_plan().ok
    target = thread_target(scene, 150)
    hover(scene, target)
    click(scene, target)
    scene.step()
    seen.clear()
    render(scene)
    assert "stuck!" in [text for text, _ in seen]


def test_a_restart_forgets_the_last_shot():
    scene = quiet_scene()
    target = thread_target(scene, 150)
    hover(scene, target)
    click(scene, target)
    steps(scene, 2)
    scene.restart()
    scene.model.director.countdown = float("inf")
    hover(scene, target)
    assert scene.hover_plan() is not None


@pytest.mark.parametrize("pointer", [(950, 300), (940, 534), (480, 530), (480, 100), (5, 5)])
def test_a_failing_previews_reason_stays_on_the_canvas_and_off_the_hud(monkeypatch, pointer):
    """Before: the reason sat at the pointer + (14, 10), cut off at the right and bottom edges
    and under the controls line and the hint box. Now it lies wholly on the canvas, 4 px from
    its edges, clear of every box of the HUD."""
    from scenes.spider import view_hud
    scene = quiet_scene()
    scene.model.silk = 1.0  # every aim fails: "out of silk" (or the aim's own reason)
    hover(scene, pointer)
    plan = scene.hover_plan()
    assert plan is not None and not plan.ok
    seen = labels_drawn(monkeypatch)
    surface = render(scene)
    rects = [rect for text, rect in seen if text == plan.reason]
    assert len(rects) == 1
    rect = rects[0]
    assert pygame.Rect(4, 4, 952, 532).contains(rect), rect
    boxes = view_hud.hud_boxes(surface, scene.model, scene.session, scene.context)
    assert rect.collidelist(boxes) < 0, (rect, boxes)


def test_an_arrow_where_no_thread_goes_says_so():
    """Before: the spider stood still for seconds with the arrow held, with no word. Now, within
    STALL_FRAMES (0.2 s) of standing still it says "no thread that way", and not while it moves."""
    scene = quiet_scene()
    model = scene.model
    anchor = max((k for k in model.web.knots if k.pinned), key=lambda k: k.x)  # rightmost
    thread = max(anchor.threads, key=lambda t: min(t.a.x, t.b.x))
    model.spider.place(thread, 1.0 if thread.b is anchor else 0.0)
    model.spider.sync()
    _, dot = best_turn(anchor, thread, (1.0, 0.0))
    assert dot < 0.5  # nothing goes on to the right of the rim's anchor
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                    scancode=0))
    stall = view_marks.marks(scene.context)[1]
    said = []
    for frame in range(40):
        scene.step()
        render(scene)
        said.append(stall.stalled())
    assert said.index(True) <= view_marks.STALL_FRAMES + 1 and all(said[view_marks.STALL_FRAMES + 1:])
    scene.handle(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="",
                                    scancode=0))
    for frame in range(20):  # back inward: it rides, and says nothing
        scene.step()
        render(scene)
        assert not stall.stalled()


def test_the_stall_note_is_drawn_beside_the_spider(monkeypatch):
    scene = quiet_scene()
    model = scene.model
    anchor = max((k for k in model.web.knots if k.pinned), key=lambda k: k.x)
    thread = max(anchor.threads, key=lambda t: min(t.a.x, t.b.x))
    model.spider.place(thread, 1.0 if thread.b is anchor else 0.0)
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                    scancode=0))
    for _ in range(30):
        scene.step()
        render(scene)
    seen = labels_drawn(monkeypatch)
    render(scene)
    rects = [rect for text, rect in seen if text == view_marks.STALL_TEXT]
    assert len(rects) == 1
    spider = canvas(scene, model.spider.position)
    gap = max(abs(rects[0].centerx - spider[0]), abs(rects[0].centery - spider[1]))
    assert gap < 120 and pygame.Rect(0, 0, *scene.size).contains(rects[0])
