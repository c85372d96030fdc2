"""Driving the spider scene in tests: a quiet scene (no bugs come), clicks, hovers and steps
through its public input, and canvas points on a far thread or straight along its own."""

from math import hypot

import pygame

from scenes.kit.scene import script_event
from scenes.spider.scene import SpiderScene
from tests.support.spider import far_thread
from tests.support.spider_view import canvas


def quiet_scene(**kwargs):
    scene = SpiderScene(**kwargs)
    scene.model.director.countdown = float("inf")
    return scene


def send(scene, kind, pos, down):
    scene.handle(script_event({"type": kind, "pos": pos}, down))


def click(scene, pos):
    send(scene, "down", pos, True)
    send(scene, "up", pos, False)


def hover(scene, pos, buttons=(0, 0, 0), touch=False):
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons,
                                    touch=touch))


def steps(scene, frames):
    for _ in range(frames):
        scene.step()


def thread_target(scene, distance=150.0):
    """Canvas point of the middle of a spiral thread `distance` px from the spider."""
    return canvas(scene, far_thread(scene.model, distance=distance).point(0.5))


def along_own_thread(scene, reach=80.0):
    """Canvas point straight along the thread the spider rides (a shot there fails, S3)."""
    model = scene.model
    thread = model.spider.thread
    dx, dy = thread.b.x - thread.a.x, thread.b.y - thread.a.y
    length = hypot(dx, dy)
    x, y = model.spider.position
    return canvas(scene, (x + dx / length * reach, y + dy / length * reach))
