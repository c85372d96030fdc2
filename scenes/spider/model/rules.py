"""The spider game's restart rule and hint key, the same in the scene and in a pure run.

Mid-game a restart asks once: the first `R` (or restart control) arms a question for a few
seconds (`session.CONFIRM_FRAMES`), a second within that time restarts. Once the game is over,
`R`, Enter and Space start a new game at once. `H` folds the how-to hint away or brings it back.
The `Session` this rule keeps is the one the scene's HUD draws (best score, hint, question).
This is a restart rule of `scenes.kit.model.run`; pure Python.
"""

from .session import Session

PLAY_AGAIN_KEYS = ("return", "space")
"""Keys that start a new game once the game is over."""


class GameRules:
    """The spider game's restart rule around its `session` (a fresh `Session` unless given)."""

    def __init__(self, session=None):
        self.session = Session() if session is None else session

    def take_over(self, previous):
        """This rule, a copy from earlier in the run (a keyframe's), replaces `previous`: keep
        saving a new best where it saved."""
        self.session.save = previous.session.save

    def input(self, run, kind, value):
        if kind != "key_down":
            return False
        if value == "r":
            self.request_restart(run)
            return True
        if value == "h":
            self.session.toggle_hint()
            return True
        if value in PLAY_AGAIN_KEYS and run.model.game_over:
            run.start_again()
            return True
        return False

    def request_restart(self, run):
        if self.session.ask_restart(run.model.game_over):
            run.start_again()

    def restarted(self, run):
        self.session.new_game()

    def step(self, run):
        self.session.step(run.model)
