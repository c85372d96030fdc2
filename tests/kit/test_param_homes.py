"""Every parameter of every scene reaches the home its `Param` declares, through one door.

A live change is a set record: `Run.apply` -> `ParamTable.apply`, clamped there once, kept in the
run's values (the dict the model keeps, never a copy of it) and sent where the table says: an
attribute (`sets`, through `to`), a call (`calls`), then its follow-ups (`then`). So no model
has a `set_param`; the knob of solver passes is `iterations` in every demo, and the old name
`stiffness` still reaches it where a demo used it (the spider's and the flag's `aliases`).
"""

import pytest

from app.options import parse_cli, parse_query
from scenes.catalog import SCENES
from scenes.kit.model import params as params_module
from scenes.kit.model.params import Param, ParamError, ParamTable, _owner
from scenes.kit.model.run import Run, set_record

NAMES = list(SCENES)


@pytest.fixture(scope="module")
def runs():
    """One fresh run of every scene, built once (the sheets and the web settle as they build)."""
    return {name: Run(name, SCENES[name].model_class, SCENES[name].params,
                      SCENES[name].size, seed=1) for name in NAMES}


def set_param(run, name, value):
    """A slider move, as every control makes it: a set record through the run's one door."""
    run.apply(set_record(name, value))


def every_param():
    return [(name, param.name) for name in NAMES for param in SCENES[name].params]


def other_value(param, now):
    """A value in range, not `now`: the far end of the range from it."""
    return param.lo if abs(now - param.hi) < abs(now - param.lo) else param.hi


def home_value(model, param):
    owner, attribute = _owner(model, param.sets)
    return getattr(owner, attribute)


def declared(param, value):
    return value if param.to is None else param.to(value)


def homes(model, table):
    """{name: value at its home} of every parameter that sets an attribute."""
    return {p.name: home_value(model, p) for p in table if p.sets is not None}


class Calls:
    """Stands in for a method on one object and counts what it was called with."""

    def __init__(self, owner, name):
        self.real, self.seen = getattr(owner, name), []
        setattr(owner, name, self)

    def __call__(self, *args):
        self.seen.append(args)
        return self.real(*args)


def watch(model, target):
    """A `Calls` in place of the dotted method `target` of `model` (None for a function)."""
    if callable(target):
        return None
    owner, name = _owner(model, target)
    return Calls(owner, name)


def test_no_model_has_a_setter_of_its_own():
    for name in NAMES:
        assert not hasattr(SCENES[name].model_class, "set_param"), name


def test_one_name_for_the_passes_a_frame():
    for name in NAMES:
        for param in SCENES[name].params:
            if param.sets is not None and param.sets.endswith(".iterations"):
                assert param.name == "iterations", (name, param.name)
        assert "stiffness" not in SCENES[name].params.names()
        assert "stiffness" not in getattr(SCENES[name], "panel_params", ()), name


@pytest.mark.parametrize("scene, name", every_param())
def test_a_fresh_model_holds_the_default_at_its_home(runs, scene, name):
    """The declared home is where the model put the value it was built with: a path that names
    nothing (a typo would make a new attribute) fails here."""
    run = runs[scene]
    param = run.params[name]
    assert run.values[name] == param.default
    if getattr(run.model, "values", None) is not None:
        assert run.model.values is run.values  # the run's values, not a copy
    if param.sets is not None:
        assert home_value(run.model, param) == declared(param, param.default)


@pytest.mark.parametrize("scene, name", every_param())
def test_setting_a_param_changes_its_home_and_nothing_else_declared(runs, scene, name):
    run = runs[scene]
    param, table = run.params[name], run.params
    before_homes, before_values = homes(run.model, table), dict(run.values)
    value = other_value(param, run.values[name])
    calls = watch(run.model, param.calls) if param.calls is not None else None
    follow_ups = [watch(run.model, target) for target in params_module._calls(param.then)]
    set_param(run, name, value)
    assert run.values == {**before_values, name: value}
    after = homes(run.model, table)
    if param.sets is not None:
        assert after[name] == declared(param, value) != before_homes[name]
    assert {k: v for k, v in after.items() if k != name} == {
        k: v for k, v in before_homes.items() if k != name}
    if calls is not None:
        assert calls.seen == [(value,)]
    for follow_up in follow_ups:
        assert follow_up is None or follow_up.seen == [()]  # once per change
    set_param(run, name, value)  # the same value again: nothing is sent
    if calls is not None:
        assert calls.seen == [(value,)]
    set_param(run, name, param.default)
    assert run.values[name] == param.default


@pytest.mark.parametrize("scene, name", every_param())
def test_a_value_out_of_range_is_clamped_once_on_its_way_home(runs, scene, name, monkeypatch):
    run = runs[scene]
    param = run.params[name]
    clamps = []
    real = Param.clamp
    monkeypatch.setattr(Param, "clamp", lambda self, v: clamps.append(v) or real(self, v))
    set_param(run, name, param.hi + 1000.0)
    assert clamps == [param.hi + 1000.0]
    assert run.values[name] == param.hi
    if param.sets is not None:
        assert home_value(run.model, param) == declared(param, param.hi)
    set_param(run, name, param.lo - 1000.0)
    assert run.values[name] == param.lo
    monkeypatch.undo()
    set_param(run, name, param.default)


def test_the_spider_wakes_its_web_once_a_change(runs):
    run = runs["spider"]
    wakes = Calls(run.model.web.sleep, "wake_all")
    for name, value in (("iterations", 12), ("gravity", 0.9), ("catch_force", 1.5),
                        ("relax_force", 0.3)):
        set_param(run, name, value)
    assert len(wakes.seen) == 4
    assert run.model.web.world.iterations == 12 and run.model.web.world.gravity == (0.0, 0.9)
    for param in run.params:
        set_param(run, param.name, param.default)


@pytest.mark.parametrize("scene", ["spider", "flag"])
def test_the_old_name_stiffness_reaches_iterations(runs, scene):
    run = runs[scene]
    table = run.params
    assert table.aliases == {"stiffness": "iterations"}
    set_param(run, "stiffness", 3)
    assert run.values["iterations"] == 3 and "stiffness" not in run.values
    assert run.model.world.iterations == 3
    set_param(run, "iterations", table["iterations"].default)
    options, notes = parse_query(f"scene={scene}&stiffness=5", SCENES, "takopi")
    assert options.values == {"iterations": 5} and not notes
    options, notes = parse_query(f"scene={scene}&stiffness=99", SCENES, "takopi")
    assert options.values == {} and "stiffness='99' is out of range" in notes[0]
    assert parse_cli(["--scene", scene, "--set", "stiffness=7"], SCENES, "takopi").values == {
        "iterations": 7}
    built = Run(scene, SCENES[scene].model_class, table, SCENES[scene].size,
                values={"stiffness": 6})
    assert built.values["iterations"] == 6 and built.model.world.iterations == 6


def test_a_scene_that_never_had_stiffness_refuses_it(runs):
    with pytest.raises(ParamError, match="unknown parameter 'stiffness'; this scene has: "
                                         "iterations, gravity"):
        set_param(runs["rope"], "stiffness", 3)


@pytest.mark.parametrize("value, words", [("abc", "gravity needs a number, got 'abc'"),
                                          (None, "gravity needs a number, got None"),
                                          (True, "gravity needs a number, got True")])
def test_a_bad_value_is_one_line_and_changes_nothing(runs, value, words):
    run = runs["rope"]
    before = (dict(run.values), run.model.world.gravity)
    with pytest.raises(ParamError) as error:
        set_param(run, "gravity", value)
    assert str(error.value) == words and "\n" not in str(error.value)
    assert (dict(run.values), run.model.world.gravity) == before


def test_not_a_number_falls_back_to_the_default(runs):
    run = runs["rope"]
    set_param(run, "gravity", 1.0)
    set_param(run, "gravity", float("nan"))
    assert run.values["gravity"] == 0.3 and run.model.world.gravity == (0.0, 0.3)


def test_a_table_refuses_declarations_that_cannot_work():
    with pytest.raises(ValueError, match="not both"):
        Param("x", 1, 0, 2, "x", sets="world.x", calls="set_x")
    with pytest.raises(ValueError, match="sets nothing"):
        Param("x", 1, 0, 2, "x", to=float)
    with pytest.raises(ValueError, match="alias"):
        ParamTable(Param("x", 1, 0, 2, "x"), aliases={"y": "z"})
    with pytest.raises(ValueError, match="alias"):
        ParamTable(Param("x", 1, 0, 2, "x"), Param("y", 1, 0, 2, "y"), aliases={"y": "x"})


def test_the_homes_read_as_text():
    spider = SCENES["spider"].params
    assert [p.home for p in spider] == ["web.world.iterations", "web.world.gravity",
                                        "swarm.catch_force", "swarm.relax_force"]
    cloth = SCENES["cloth"].params
    assert [p.home for p in cloth] == ["sheet.set_limit()", "set_wind()", "world.iterations",
                                       "world.gravity"]
    assert SCENES["hair"].params["bend"].home == "values"


def test_a_rewind_takes_the_value_and_its_home_back_together():
    """The run keeps the model and its values in one keyframe, so after going back the model
    still reads the run's own dict, and a change after that reaches it."""
    scene = SCENES["hair"]
    run = Run("hair", scene.model_class, scene.params, scene.size, seed=2, every=2)
    for frame in range(12):
        if frame == 5:
            set_param(run, "gravity", 1.0)
            set_param(run, "bend", 50)
        run.step()
    assert run.model.world.gravity == (0.0, 1.0) and run.model.bend > 20
    run.go_to(3)
    assert run.values["gravity"] == 0.35 and run.model.world.gravity == (0.0, 0.35)
    assert run.model.values is run.values and run.values["bend"] == 20
    set_param(run, "bend", 2)  # a new branch from frame 3
    for _ in range(30):
        run.step()
    assert run.model.bend == 2 and run.model.values is run.values
