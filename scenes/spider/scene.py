"""The spider scene: the game model, its sliders (S12), the ↺ restart button (S10) and its views.

Pointer events reach the widgets first: the ↺ button (always at the top right, beside the
slider-panel button), the game-over panel's "play again" button, then the slider panel, and
only then the model, where a tap shoots and a hold crawls. Restart makes a fresh model with the
next reproducible generator (`Simulation.restart`), exactly like key `r`.
"""

from scenes.base import Scene
from scenes.widgets import Button, draw_text

from . import model, view, view_hud


class SpiderScene(Scene):
    name = "spider"
    help = model.HELP
    params = model.PARAMS
    model_class = model.SpiderModel
    panel_params = ("stiffness", "gravity", "catch_force", "relax_force")
    panel_open = False  # folded: the game needs the whole view; one tap opens the sliders
    toolbar_items = ("scenes", "pause", "overlay", "fullscreen")  # its own ↺ is in the restart slot

    def __init__(self, seed=0, values=None, overlay=False):
        super().__init__(seed, values, overlay)
        toggle_x = self.size[0] - 12 - 40  # where the base panel puts its fold button
        self.restart_button = Button((toggle_x - 48, 12, 40, 40), "restart", self.restart,
                                     icon=view_hud.draw_restart_icon)
        self.play_again = Button(view_hud.play_again_rect(self.size), "\u21ba  play again",
                                 self.restart, icon=self._draw_play_again)

    def restart(self):
        self.sim.restart()

    @staticmethod
    def _draw_play_again(surface, rect):
        icon = rect.copy()
        icon.width = rect.height
        icon.x += 14
        view_hud.draw_restart_icon(surface, icon)
        draw_text(surface, "play again", (rect.x + 58, rect.centery), 26, anchor="midleft",
                  shadow=False)

    def handle(self, event):
        if self.restart_button.handle(event):
            return
        if self.model.game_over and self.play_again.handle(event):
            return
        super().handle(event)

    def render(self, surface):
        view.draw(surface, self.model)
        view_hud.draw_hud(surface, self.model)
        if self.model.game_over:
            view_hud.draw_game_over(surface, self.model)
            self.play_again.draw(surface)
        self.restart_button.draw(surface)

    def render_overlay(self, surface):
        view_hud.draw_overlay(surface, self.model)
