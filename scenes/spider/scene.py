"""The spider scene: the game model, its sliders (S12), its buttons and its views.

Pointer events reach the widgets first: the ↺ button and the "?" button (top right, beside the
slider-panel button), the game-over panel's "play again" button, then the slider panel, and only
then the model, where a tap shoots and a hold crawls.

Restarting (S10). The ↺ button sits in the play field, where a tap aimed at a bug
under it would otherwise throw the game away, so mid-game a restart asks once: the first tap
lights the button and says how to confirm, and a second tap (or `R`) within three seconds
restarts; otherwise the question lapses (playing on meanwhile is fine, as with "press back again
to exit" on a phone). Key `R` follows the same rule (a player who
hits it by mistake gets the same second chance; pressing it twice restarts). Once the game is
over, the button, `R`, Enter, Space and "play again" all start a new game at once. The rule is
pure (`model.rules.GameRules`, the model's `restart_rule`), so a pure run of an events file
restarts exactly when this scene does; a "restart" record (`apply`) is that rule, for any other
restart control. The ↺ button sits in the toolbar's restart slot, which the host leaves free for it (the
context's `slots`); with no host around, just left of the slider-panel button.

Around the game (`session`): the best score is kept between runs where the host says records
are kept (the context's `records`: headless runs keep nothing unless VERLET_PLAYGROUND_DATA
names a folder; a scene with no host keeps nothing), the
how-to hint stays until the first successful shot and comes back with `H` or "?", and while a
mouse hovers without a button held, a faint preview shows where a shot would land (red where it
would fail). A finger does not hover: after touch input there is no preview until the mouse
moves again. A successful shot is marked first (its silk glows, "stuck!" where it attached;
`view_marks`) and the preview waits for that and for the pointer to move; an arrow key that
cannot move the spider gets "no thread that way" beside it.
"""

import pygame

from scenes.kit.model.run import restart_record
from scenes.kit.scene import Scene
from scenes.kit.ui_scale import FULL_SIZE
from scenes.kit.widgets import Button, draw_text

from . import model, view, view_aim, view_buttons, view_hud, view_marks
from .model import aim
from .model.session import CONFIRM_FRAMES, Session, valid_best

ALONE_GAP = 8
"""With no host around: the gap between the ↺ button and the slider-panel button, px."""
TOUCH_EVENTS = (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)


class SpiderScene(Scene):
    name = "spider"
    help = model.HELP
    params = model.PARAMS
    model_class = model.SpiderModel
    panel_params = ("iterations", "gravity", "catch_force", "relax_force")
    panel_open = False  # folded: the game needs the whole view; one tap opens the sliders
    toolbar_items = ("scenes", "pause", "overlay", "fullscreen")  # its own ↺ is in the restart slot
    moment_lines = {
        "caught": ("벌레가 걸렸어요, 점수 {score}", "bug caught, score {score}"),
        "eaten": ("벌레를 먹었어요, 점수 {score}", "bug eaten, score {score}"),
        "hurt": ("물렸어요, 체력 {hp}", "bitten, HP {hp}"),
        "hungry": ("배고파요, 체력 {hp}", "hungry, HP {hp}"),
        "game-over": ("게임 끝, 점수 {score}", "game over, score {score}"),
    }
    readout_corner = (618, 150)  # its own overlay lines and footer take the bottom left

    def __init__(self, seed=0, values=None, overlay=False, calm=False):
        super().__init__(seed, values, overlay, calm)
        toggle = self.panel.toggle.rect
        alone = toggle.move(-(toggle.width + ALONE_GAP), 0)
        self._restart_button = Button(alone, "restart", lambda: self.apply(restart_record()),
                                      icon=view_buttons.draw_restart_icon)
        hud = view_hud.HUD_BOX
        self.help_button = Button((hud[0] + hud[2] + 8, 12, 40, 40), "help", self.toggle_hint,
                                  icon=view_buttons.draw_help_icon)
        self.play_again = Button(view_hud.play_again_rect(self.size), "\u21ba  play again",
                                 self.restart, icon=self._draw_play_again)
        self._ui = FULL_SIZE
        self.hover = None  # canvas point of a mouse hovering with no button held, else None

    def lay_out(self, ui):
        """The panel and notes as every scene's, and the "?" button grown for a finger (the ↺
        follows the toolbar's slot, which the host grows)."""
        super().lay_out(ui)
        side = ui.side(40)
        self.help_button.rect.size = (side, side)
        self.help_button.rect.x = view_hud.hud_box(ui).right + ui.room(8)
        self.play_again.rect = view_hud.play_again_rect(self.size, ui)
        self._ui = ui

    @property
    def restart_button(self):
        """The ↺ button, placed in the toolbar's free restart slot when the host gave one."""
        slot = self.context.slots.get("restart")
        if slot is not None and self._restart_button.rect != slot:
            self._restart_button.rect = pygame.Rect(slot)
        return self._restart_button

    # --- restart, hint, best ------------------------------------------------------------------
    @property
    def session(self):
        """Best score, hint and restart question (`model.session`), kept by the restart rule."""
        return self.run.rules.session

    def restart(self):
        """A new game at once (the next reproducible one): a "restart" record, at once."""
        self.run.apply(restart_record(at_once=True))

    def toggle_hint(self):
        """The help button: the hint key's work, kept on the timeline like the key."""
        self.run.apply({"type": "key_down", "key": "h"})

    def use_records(self, records):
        """Read the best score from `records`, and keep every new best there."""
        super().use_records(records)
        best = valid_best(records.load(self.name).get("best")) if records is not None else 0
        self.run.rules.session = Session(best=best, save=self._keep_best)
        self.run.begin_here()  # the run now starts with that session

    def _keep_best(self, best):
        records = self.context.records
        if records is None:
            return
        record = records.load(self.name)
        record["best"] = best
        records.save(self.name, record)  # a failed write only means it is not kept

    # --- input ----------------------------------------------------------------------------------
    def handle(self, event):
        self._follow_hover(event)
        if self.restart_button.handle(event) or self.help_button.handle(event):
            return
        if self.model.game_over and self.play_again.handle(event):
            return
        super().handle(event)

    def _follow_hover(self, event):
        """Keep `hover`: where a mouse rests with no button held (never a finger)."""
        if event.type in TOUCH_EVENTS or getattr(event, "touch", False):
            self.hover = None
        elif event.type == pygame.MOUSEMOTION:
            held = any(getattr(event, "buttons", ()))
            self.hover = None if held else tuple(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.hover = None
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.hover = tuple(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.hover = None

    def _on_widget(self, point):
        rects = [self.restart_button.rect, self.help_button.rect, *self.context.chrome]
        if self.panel is not None:
            rects.append(self.panel.toggle.rect)
            if self.panel.open:
                rects.append(self.panel.body)
        return any(rect.collidepoint(point) for rect in rects)

    # --- frames -----------------------------------------------------------------------------------
    def hover_plan(self):
        """The ShotPlan the hover preview shows now, or None (no hover, over a widget, over,
        or a successful shot still being marked / the pointer still resting where it shot)."""
        if self.hover is None or self._on_widget(self.hover):
            return None
        shots, _ = view_marks.marks(self.context)
        shots.follow(self.model, self.hover)
        if not shots.preview_allowed(self.model, self.hover):
            return None
        return aim.preview(self.model, self.model.to_world(self.hover))

    def render(self, surface):
        """World, overlay (when on), the last shot's success mark, hover preview, the stalled
        spider's note, HUD, game-over panel, buttons: the overlay lies under the HUD and the
        panel, never over them, and labels keep off the HUD's boxes."""
        game, context = self.model, self.context
        shots, stall = view_marks.marks(context)
        shots.follow(game, self.hover)
        stall.follow(game)
        view.draw(surface, game, context)
        if context.overlay:
            view_hud.draw_overlay(surface, game)
        if context.overlay or self.part_way:
            self.draw_instruments(surface)
        boxes = view_hud.hud_boxes(surface, game, self.session, context)
        shots.draw_label(surface, game, boxes, context.ui)
        plan = self.hover_plan()
        if plan is not None:
            view_aim.draw_preview(surface, game, plan, self.hover, boxes, context.ui)
        stall.draw(surface, game, boxes, context.ui)
        view_hud.draw_hud(surface, game, self.session, context)
        if game.game_over:
            view_hud.draw_game_over(surface, game, self.session, context.ui)
            self.play_again.draw(surface)
        self.help_button.draw(surface)
        self.restart_button.draw(surface)
        if self.session.confirming:
            row_left = min([self.restart_button.rect.x] + [r.x for r in context.chrome])
            view_buttons.draw_restart_confirm(surface, self.restart_button.rect, row_left - 8,
                                              self.session.confirm_left / CONFIRM_FRAMES,
                                              context.ui)

    instruments_in_render = True  # beneath the HUD and the panel too

    def render_overlay(self, surface):
        """Nothing here: `render` draws the overlay itself, beneath the HUD and the panel."""

    def _draw_play_again(self, surface, rect):
        """The ↺ and "play again" on the button (grown with it on a small canvas)."""
        ui = self._ui
        icon = rect.copy()
        icon.width = min(rect.height, ui.side(40)) if rect.height > 50 else rect.height
        icon.x += ui.grow(14, rect.height / 50)
        view_buttons.draw_restart_icon(surface, icon)
        left = rect.x + 58 if rect.height <= 50 else icon.right + ui.room(8)
        draw_text(surface, "play again", (left, rect.centery), ui.text(26), anchor="midleft",
                  shadow=False)
