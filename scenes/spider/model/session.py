"""What lasts across the games of one sitting, beside the model.

- The best score: read once when the scene starts (`app.storage`), raised as soon as a game's
  score passes it and written then (so closing the window mid-game loses nothing); "new best!"
  means the game beat the best that stood when it began.
- The how-to hint: shown from the start until the player's first successful shot; key `H` or the
  "?" button shows it again (and hides it), and the next successful shot folds it away again.
- The restart that asks once: mid-game, a first request (the ↺ button, a toolbar's restart,
  key `R`) only arms a confirmation for CONFIRM_FRAMES; a second request within that time
  restarts; after that the question lapses. Once the game is over a request restarts at once.

Pure Python: the scene feeds it and the HUD reads it.
"""

HINT_FADE_FRAMES = 20
"""Frames the hint takes to fade out once it is folded away."""
CONFIRM_FRAMES = 180
"""How long a first restart request waits for the second one: three seconds."""
BEST_LIMIT = 10 ** 9
"""A kept best score above this (or below 0, or not a whole number) is not believed."""


def valid_best(value):
    """A best score read from storage, or 0 when it is missing or not a plausible score."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= BEST_LIMIT:
        return 0
    return value


class Session:
    """The best score, the hint and the restart confirmation; see the module docstring.

    best      the best score known (kept between runs when `save` keeps it)
    save      function(best) that keeps a new best, or None; its failures are its own business
    """

    def __init__(self, best=0, save=None):
        self.best = valid_best(best)
        self.best_before = self.best  # the best when the current game began
        self.save = save
        self.hint_open = True
        self.hint_fade = 0  # frames of fade-out left after the hint folded away
        self.confirm_left = 0  # frames left to confirm a restart; 0 = nothing asked
        self._shots = 0  # the model's successful shots seen so far this game

    def __getstate__(self):
        """A copy (pickle, the timeline's) is the game's state; where the best is kept (`save`)
        is outside the game, so it is left out and the rule a copy replaces hands it over
        (`GameRules.take_over`)."""
        state = self.__dict__.copy()
        state["save"] = None
        return state

    # --- the game's life ------------------------------------------------------------------
    def new_game(self):
        """A fresh game began (a restart): its "new best" is judged against the best now."""
        self.best_before = self.best
        self.confirm_left = 0
        self._shots = 0

    def step(self, model):
        """One frame of the game passed: follow its shots and its score."""
        shots = model.counts["shots"]
        if shots > self._shots:
            self._shots = shots
            self.hide_hint()
        if self.hint_fade > 0:
            self.hint_fade -= 1
        if model.game_over:
            self.confirm_left = 0  # from now on a restart needs no confirming
        elif self.confirm_left > 0:
            self.confirm_left -= 1
        if model.score > self.best:
            self.best = model.score
            if self.save is not None:
                self.save(self.best)

    def is_new_best(self, score):
        """Whether `score` beat the best that stood when this game began."""
        return score > 0 and score > self.best_before

    # --- the hint ---------------------------------------------------------------------------
    def show_hint(self):
        self.hint_open = True
        self.hint_fade = 0

    def hide_hint(self):
        if self.hint_open:
            self.hint_open = False
            self.hint_fade = HINT_FADE_FRAMES

    def toggle_hint(self):
        """Key `H` and the "?" button."""
        if self.hint_open:
            self.hide_hint()
        else:
            self.show_hint()

    def hint_strength(self):
        """1 while the hint is shown, falling to 0 as it fades out."""
        if self.hint_open:
            return 1.0
        return self.hint_fade / HINT_FADE_FRAMES

    # --- restart ------------------------------------------------------------------------------
    def ask_restart(self, game_over):
        """A restart was asked for; True when it should happen now."""
        if game_over or self.confirm_left > 0:
            self.confirm_left = 0
            return True
        self.confirm_left = CONFIRM_FRAMES
        return False

    @property
    def confirming(self):
        return self.confirm_left > 0
