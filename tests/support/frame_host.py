"""A host on a headless 960 x 540 canvas made as main.py makes it, laid out for a frame shown
`width` CSS px wide (`--frame-width`), with a finger or a mouse; a press on it and a length in
CSS px. Shared by the chrome-layout and scene-word tests (tests/app/).
"""

import pygame

import main
from app.options import Options
from app.window import HeadlessWindow

CANVAS = pygame.Rect(0, 0, 960, 540)


def make(scene, width=None, touch=True, switchable=True):
    window = HeadlessWindow((960, 540))
    return main.make_host(Options(scene=scene, frame_width=width, touch=touch,
                                  switchable=switchable), window)


def press(host, pos, touch=True):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        host.handle(pygame.event.Event(kind, pos=tuple(pos), button=1, touch=touch))


def css(host, px):
    return px * host.ui.css_scale
