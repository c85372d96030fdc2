"""Routing events: every pygame event reaches the host first, and goes to one taker.

One `Host` runs in every mode (window, browser, headless) and takes every event first, so a
scripted `key_down "1"` does exactly what the key does in a window. The order: the window
(`app.window`), the away events (`app.pausing`), the "more" menu, the scene list, the rewind
bar (`app.rewind`), the toolbar row (unless the scene's panel covers it), the host's keys
(P . , F11 Tab 1..9), a press that resumes a paused scene, and last the scene itself.

A part of `app.host.Host` (a base class of it): it reads the host's `window`, `menu`,
`scene_list`, `rewind`, `toolbar`, `paused`, `switchable` and `names`.
"""

import pygame

from .painting import CANVAS_EVENTS
from .pausing import AWAY_EVENTS

STEP_KEYS = (pygame.K_p, pygame.K_PERIOD, pygame.K_COMMA)
NUMBER_KEYS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}


class EventRouting:
    """The host's `handle(event)`."""

    def handle(self, event):
        """Take one pygame event: the host's own keys and buttons first, then the scene's."""
        self.window.handle(event)
        if event.type in CANVAS_EVENTS:
            self.forget_canvas()
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.scene.context.touch = bool(getattr(event, "touch", False))  # toolbar presses too
        if event.type in AWAY_EVENTS:
            self.went_away()
            return
        if self.menu.handle(event) or self.scene_list.handle(event) or self.rewind.handle(event):
            return
        if not self._row_covered() and self.toolbar.handle(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        if event.type == pygame.KEYUP and event.key in STEP_KEYS:
            return  # the step keys are the host's, both ways (a part-way frame stays so)
        if self.paused and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.resume_on_press(event)  # a click or tap resumes, and does nothing else
            return
        self.scene.handle(event)

    def _key(self, event):
        """Handle a host key; True when it was one."""
        key = event.key
        if key == pygame.K_p:
            self.toggle_pause()
        elif key == pygame.K_PERIOD:
            self.step_once()
        elif key == pygame.K_COMMA:
            self.step_phase_once()  # one phase of the frame (`Scene.step_phase`)
        elif key == pygame.K_F11:
            self.toggle_fullscreen()
        elif key == pygame.K_TAB and self.switchable:
            self.switch_by(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in NUMBER_KEYS and self.switchable:
            number = NUMBER_KEYS[key]
            if number <= len(self.names):
                self.switch(self.names[number - 1])
        else:
            return False
        return True
