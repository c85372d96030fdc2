"""The pause policy: who may pause the shown scene, what goes on paused, what resumes it.

Key P, the pause button, and the window losing focus or being hidden (the tab hidden in the
browser) pause. A paused scene says so (`app.painting` draws the veil), takes no steps, and
resumes on a click or tap anywhere (that press does nothing else) or P. While paused, `.`
advances exactly one step and `,` one phase of it (`Scene.step_phase`): integrate, each
iteration, finish. Who paused (`paused_by`: the reader, "page", or "visibility" when the window
went away) is for `app.embed`. Focus losses in the first second after the window opened or
went fullscreen are the window manager's, not the reader's: they do not pause.

A part of `app.host.Host` (a base class of it): it reads and writes the host's `paused`,
`paused_by`, `frames` and `fullscreen_frame`.
"""

import pygame

FOCUS_GRACE_FRAMES = 60
"""Focus losses this soon after the window opened or switched fullscreen are the window manager
reshuffling, not the user leaving: no pause for them (one second)."""
AWAY_POLL_FRAMES = 15
"""How often the page is asked whether the tab is hidden (a JavaScript call), in frames."""
AWAY_EVENTS = (pygame.WINDOWFOCUSLOST, pygame.WINDOWHIDDEN, pygame.WINDOWMINIMIZED)


class PausePolicy:
    """The host's `toggle_pause`, `pause`, `step_once`, `step_phase_once` and the away rules."""

    def toggle_pause(self):
        self.paused, self.paused_by = not self.paused, "reader"

    def pause(self):
        """The window or tab went away: a pause that coming back into view may undo."""
        if not self.paused:
            self.paused, self.paused_by = True, "visibility"

    def step_once(self):
        """One simulation step while paused (key `.`)."""
        if self.paused:
            self.scene.step()

    def step_phase_once(self):
        """One phase of the frame while paused (key `,`, `Scene.step_phase`)."""
        if self.paused:
            self.scene.step_phase()

    def went_away(self):
        """The window lost focus or was hidden: a pause, unless it is the window manager's
        reshuffle just after opening or going fullscreen."""
        if self.frames - self.fullscreen_frame > FOCUS_GRACE_FRAMES:
            self.pause()

    def poll_away(self):
        """Every AWAY_POLL_FRAMES frames, pause if the page says the tab is hidden."""
        if self.frames % AWAY_POLL_FRAMES == 0 and self.window.away():
            self.pause()

    def resume_on_press(self, event):
        """A left press while paused: the panel's if it takes it, else it resumes and does
        nothing else."""
        panel = self.scene.panel
        if panel is None or not panel.handle(event):
            self.paused = False
