"""What a click at a point would do, judged as `SpiderModel.shoot` judges it (S3).

`SpiderModel.preview_shot` gives where the ray would stick (a thread, or a new anchor in empty
space at the full length) and the one way the aim itself fails: a direction within ±15° of the
thread the spider rides. `shoot` then also refuses a shot when the silk gland holds less than the
shot costs, or when a riding spider's web has no room left (`shots.refusal`). `preview` adds
those two refusals, so that the hover preview is red exactly when that click would fail. Reads
the model, changes nothing. Pure Python.
"""

from .shots import refusal
from .spider import ShotPlan


def preview(model, world_point):
    """The ShotPlan a click at `world_point` would carry out now, or None once the game is over.

    A plan that would be refused keeps its `end` (where the silk would have gone, when the aim
    itself is fine) with `ok` False and the refusal as `reason`.
    """
    if model.game_over:
        return None
    plan = model.preview_shot(world_point)
    if plan is None or not plan.ok:
        return plan
    reason = refusal(model, plan)
    if not reason:
        return plan
    return ShotPlan(False, reason, plan.origin, plan.end, plan.hit, plan.u, plan.direction)
