"""Takopi repaints only what changed (issue 14): with the host saying what it painted over the
last frame, the view puts the background back under that and under its own last frame only,
instead of copying the whole canvas. The picture must be the one a whole repaint gives, frame
for frame, whatever happens around it: pokes, drags, a press off the body, the overlay, pause
and its veil, a single step, toolbar hints, the scene list, the slider panel, a note, a switch
away and back, a restart, a touch, a body dragged over the help line, other tiers.

Two hosts play the same session in lockstep; the second is told nothing of its canvas before
every frame (so it always paints it whole). Every frame's pixels must be equal. No timing here.
"""

import pygame
import pytest

import main
from scenes.kit.scene import script_event
from app.options import Options
from scenes.takopi import view, view_canvas
from app.window import HeadlessWindow


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def new_host():
    window = HeadlessWindow((960, 540))
    return main.make_host(Options(scene="takopi"), window)


class Session:
    """Two hosts fed the same input; `frame()` steps and draws both and compares."""

    def __init__(self):
        self.quick, self.whole = new_host(), new_host()
        self.frames = 0
        self.partial = 0  # frames the quick host's Takopi restored only what changed
        self.button_down = False

    def event(self, entry):
        self.button_down = {"down": True, "up": False}.get(entry["type"], self.button_down)
        for host in (self.quick, self.whole):
            host.handle(script_event(dict(entry), self.button_down))

    def key(self, name):
        self.event({"type": "key_down", "key": name})
        self.event({"type": "key_up", "key": name})

    def click(self, pos, touch=False):
        self.event({"type": "down", "pos": pos, "touch": touch})
        self.event({"type": "up", "pos": pos, "touch": touch})

    def run(self, frames, each=None):
        for index in range(frames):
            if each is not None:
                each(index)
            self.frame()

    def frame(self):
        memory = self.quick.scene.context.memory.get("canvas")
        restored = []
        if memory is not None:
            real = memory.restore
            memory.restore = lambda *args: restored.append(real(*args)) or restored[-1]
        for host in (self.quick, self.whole):
            host.frame(1)
        self.whole.forget_canvas()
        for host in (self.quick, self.whole):
            host.draw(host.window.surface)
        if memory is not None:
            del memory.restore
            self.partial += bool(restored and restored[0])
        self.frames += 1
        quick = pygame.image.tobytes(self.quick.window.surface, "RGB")
        whole = pygame.image.tobytes(self.whole.window.surface, "RGB")
        assert quick == whole, f"frame {self.frames}: the repaint differs from a whole one"

    @property
    def model(self):
        return self.quick.scene.model

    def body_center(self):
        x, y = self.model.body.center()
        return (round(x), round(y))


@pytest.mark.slow
def test_a_session_repainted_in_parts_is_the_whole_repaint_frame_for_frame():
    session = Session()
    session.run(40)  # dropped in, settling: frames repainted in parts from the second on
    session.key("return")  # a poke (T8)
    session.run(45)
    cx, cy = session.body_center()
    session.event({"type": "down", "pos": (cx + 60, cy + 20)})  # a press on the side, dragged
    session.run(20, lambda i: session.event({"type": "move", "pos": (cx + 60 - 4 * i, cy + 20 - i)}))
    session.event({"type": "up", "pos": (cx - 20, cy)})
    session.run(20)
    session.event({"type": "down", "pos": (120, 300)})  # a press off the body: the circle alone
    session.run(12, lambda i: session.event({"type": "move", "pos": (120 + 8 * i, 300)}))
    session.event({"type": "up", "pos": (216, 300)})
    session.run(10)
    session.key("o")  # the overlay on and off
    session.run(8)
    session.key("o")
    session.run(8)
    session.key("p")  # pause: the veil; a single step; go on
    session.run(5)
    session.key(".")
    session.run(3)
    session.key("p")
    session.run(8)
    toolbar = session.quick.toolbar
    for item, button in toolbar.buttons.items():  # each button's hint, then away
        session.event({"type": "move", "pos": button.rect.center})
        session.run(2)
    session.event({"type": "move", "pos": (480, 300)})
    session.run(4)
    session.click(toolbar.buttons["scenes"].rect.center)  # the scene list open, then closed
    session.run(4)
    session.click(toolbar.buttons["scenes"].rect.center)
    session.run(4)
    panel = session.quick.scene.panel
    session.click(panel.toggle.rect.center)  # the slider panel open; a slider dragged; closed
    session.run(4)
    slider = panel.sliders[2]
    session.event({"type": "down", "pos": (slider.rect.x + 40, slider.rect.bottom - 10)})
    session.run(6, lambda i: session.event({"type": "move",
                                            "pos": (slider.rect.x + 40 + 10 * i,
                                                    slider.rect.bottom - 10)}))
    session.event({"type": "up", "pos": (slider.rect.x + 100, slider.rect.bottom - 10)})
    session.run(6)
    session.click(panel.toggle.rect.center)
    session.run(20)
    for host in (session.quick, session.whole):  # a note at the bottom, for a while
        host.scene.add_note("a note over the floor")
    session.run(10)
    session.key("2")  # away to the spider and back
    session.run(5)
    session.key("1")
    session.run(10)
    session.key("r")  # restart: dropped in again
    session.run(30)
    session.click(session.body_center(), touch=True)  # a touch: the help line changes
    session.run(20)
    cx, cy = session.body_center()
    session.event({"type": "down", "pos": (cx, cy)})  # dragged up over the help line
    session.run(40, lambda i: session.event({"type": "move", "pos": (cx - 8 * i, cy - 8 * i)}))
    session.event({"type": "up", "pos": (cx - 320, cy - 320)})
    session.run(60)
    assert session.frames > 300
    assert session.partial > session.frames // 2  # most frames took the quick path


@pytest.mark.slow
@pytest.mark.parametrize("tier", ["medium", "low"])
def test_the_cheaper_tiers_repaint_in_parts_as_whole(tier):
    session = Session()
    for host in (session.quick, session.whole):
        host.quality = tier
        host.scene.context.tier = tier
    session.run(20)
    session.key("return")
    session.run(45)
    cx, cy = session.body_center()
    session.event({"type": "down", "pos": (cx + 50, cy)})
    session.run(20, lambda i: session.event({"type": "move", "pos": (cx + 50 - 6 * i, cy - 2 * i)}))
    session.event({"type": "up", "pos": (cx - 70, cy - 40)})
    session.run(40)
    assert session.partial > 100


def test_a_draw_without_the_hosts_word_paints_the_whole_canvas():
    """Anyone but the host (a benchmark, a test) calls `draw` alone: nothing is assumed about
    the canvas, so what was on it does not show through."""
    host = new_host()
    scene = host.scene
    surface = pygame.Surface((960, 540))
    for _ in range(30):
        scene.step()
        scene.draw(surface)
    surface.fill((255, 0, 0))
    scene.step()
    scene.draw(surface)
    fresh = pygame.Surface((960, 540))
    view._still.__init__()
    scene.draw(fresh)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(fresh, "RGB")


def test_the_memory_asks_for_a_whole_frame_when_it_cannot_know():
    memory = view_canvas.CanvasMemory()
    canvas, other = pygame.Surface((60, 40)), pygame.Surface((60, 40))
    image = pygame.Surface((60, 40))
    assert not memory.restore(canvas, image, [])  # nothing painted yet
    memory.remember(canvas, image, [pygame.Rect(5, 5, 10, 10), None])
    assert memory.rects == [pygame.Rect(5, 5, 10, 10)]
    assert not memory.restore(canvas, image, None)  # the caller does not know its canvas
    assert not memory.restore(other, image, [])  # another canvas
    assert not memory.restore(canvas, pygame.Surface((60, 40)), [])  # another background
    image.fill((1, 2, 3))
    canvas.fill((200, 0, 0))
    assert memory.restore(canvas, image, [pygame.Rect(50, 30, 40, 40)])  # reaching off the canvas
    assert canvas.get_at((7, 7))[:3] == (1, 2, 3) and canvas.get_at((55, 35))[:3] == (1, 2, 3)
    assert canvas.get_at((30, 20))[:3] == (200, 0, 0)  # untouched between the rects
    memory.remember(canvas, image, None)  # the text printed over the character
    assert not memory.restore(canvas, image, [])
