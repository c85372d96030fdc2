"""The quality governor in the host and at the edges (issue 14): timing, options, label, replay.

The host is driven with a fake timer: each frame's "work" is whatever the fake clock moves
while the host steps, draws and presents (a window stand-in whose present, the scaling to the
window, moves the clock too), so the governor sees exactly the load a test chooses.
"""

import asyncio
import json
import time

import pygame
import pytest

import main
from scenes.kit.scene import Scene
from scenes.catalog import DEFAULT_SCENE, SCENES
from app.chrome import QUALITY_LABEL_INSET
from app.options import Options, UsageError, parse_cli, parse_query, query_from_environ
from app.quality import TIERS
from app.window import HeadlessWindow

INTERVAL = 1.0 / 60.0


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


class FakeTimer:
    """A clock the test moves; the host reads it at a frame's start and after its draw."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class ScalingWindow(HeadlessWindow):
    """A window stand-in whose present costs `scale_share` of the interval on the fake clock,
    as scaling the canvas to a large window does; with `vsync` it then also waits for the next
    refresh, as a vsynced flip does."""

    def __init__(self, timer, size=(960, 540)):
        super().__init__(size)
        self.timer = timer
        self.scale_share = 0.0
        self.vsync = False
        self.frame_start = None

    def present(self):
        self.timer.now += self.scale_share * INTERVAL
        if self.vsync:  # wait for the refresh after the one the frame began on
            start = self.frame_start
            periods = max(1, -int(-(self.timer.now - start) // INTERVAL))
            self.timer.now = start + periods * INTERVAL


def governed_host(monkeypatch, scene="rope", quality="auto"):
    timer = FakeTimer()
    window = ScalingWindow(timer)
    host = main.Host(SCENES, lambda name: SCENES[name](), scene, window, quality=quality,
                     governed=True, timer=timer)
    cost = {"share": 0.0}
    real = Scene.draw

    def slow(scene, surface):  # every scene's draw costs cost["share"] of the interval
        real(scene, surface)
        timer.now += cost["share"] * INTERVAL

    monkeypatch.setattr(Scene, "draw", slow)
    return host, timer, cost


def run_frames(host, timer, seconds):
    """Frames 1/60 s apart (or as late as the last one ended), each stepped, drawn, presented."""
    start = timer.now
    for i in range(round(seconds * 60)):
        timer.now = max(timer.now, start + i * INTERVAL)
        host.window.frame_start = timer.now
        host.frame(1, INTERVAL)
        host.draw(host.window.surface)
        host.present(waits_for_screen=host.window.vsync)


def test_scaling_to_the_window_counts_in_the_frame_and_drops_the_tier(monkeypatch):
    """Maximised, the canvas's scaling to the window took most of each frame while the governor,
    which timed only steps and draw (0.3 of the interval here), kept the tier at high. Now the
    present counts: 0.3 + 0.6 of the interval drops a tier within 1.2 s, and the same frames
    with no scaling cost keep high."""
    host, timer, cost = governed_host(monkeypatch)
    cost["share"] = 0.3
    run_frames(host, timer, 1.2)
    assert host.scene.context.tier == "high"
    host.window.scale_share = 0.6
    run_frames(host, timer, 1.2)
    assert host.scene.context.tier == "medium"
    assert host.governor.mean_share() is None or host.governor.mean_share() > 0.8


def test_a_vsynced_present_counts_its_overrun_not_its_wait(monkeypatch):
    """With vsync the present waits for the screen: a frame of 0.3 work and 0.2 scaling that
    makes its refresh is not slow (the wait is not work), so high stays; 0.3 + 0.8 misses the
    refresh (the fps halves) and drops the tier."""
    host, timer, cost = governed_host(monkeypatch)
    host.window.vsync = True
    cost["share"] = 0.3
    host.window.scale_share = 0.2
    run_frames(host, timer, 4.0)
    assert host.scene.context.tier == "high"
    assert host.governor.mean_share() < 0.5
    host.window.scale_share = 0.8
    run_frames(host, timer, 2.4)
    assert host.scene.context.tier != "high"


def test_the_live_host_drops_the_tier_of_a_slow_scene_and_the_view_draws_at_it(monkeypatch):
    host, timer, cost = governed_host(monkeypatch)
    assert host.scene.context.tier == "high"
    cost["share"] = 0.95
    run_frames(host, timer, 1.2)
    assert host.scene.context.tier == "medium" and "quality" not in host.state()  # state is physics
    cost["share"] = 0.1
    run_frames(host, timer, 8.0)
    assert host.scene.context.tier == "high"


def test_each_scene_keeps_its_own_tier_across_a_switch(monkeypatch):
    host, timer, cost = governed_host(monkeypatch, scene="rope")
    cost["share"] = 1.5
    run_frames(host, timer, 4.0)
    assert host.scene.context.tier == "low"
    host.switch("hair")
    assert host.scene.name == "hair" and host.scene.context.tier == "high"
    cost["share"] = 0.1
    run_frames(host, timer, 0.5)
    host.switch("rope")
    assert host.scene.context.tier == "low"  # where the rope was left; it climbs back on its own


def test_a_pinned_quality_never_changes_in_the_live_host(monkeypatch):
    host, timer, cost = governed_host(monkeypatch, quality="high")
    cost["share"] = 2.0
    run_frames(host, timer, 6.0)
    assert host.scene.context.tier == "high"
    host.switch("cloth")
    assert host.scene.context.tier == "high"


def test_headless_auto_draws_at_high_and_a_pinned_tier_draws_at_that_tier(monkeypatch):
    hosts = []
    real_make_host = main.make_host

    def spy(options, window, governed=False):
        hosts.append(real_make_host(options, window, governed))
        return hosts[-1]

    monkeypatch.setattr(main, "make_host", spy)
    for asked, drawn in (("auto", "high"), ("high", "high"), ("medium", "medium"), ("low", "low")):
        assert main.run(["--scene", "bridge", "--headless", "--frames", "3", "--quality",
                         asked]) == 0
        assert not hosts[-1].governed and hosts[-1].scene.context.tier == drawn


# -- options -------------------------------------------------------------------------------

def test_cli_quality_accepts_the_four_modes_and_defaults_to_auto():
    assert parse_cli([], SCENES, DEFAULT_SCENE).quality == "auto"
    for mode in ("auto", "high", "medium", "low", " LOW "):
        assert parse_cli(["--quality", mode], SCENES, DEFAULT_SCENE).quality == mode.strip().lower()


def test_cli_bad_quality_is_one_line_and_exit_2(capsys):
    with pytest.raises(UsageError, match=r"--quality 'ultra' is not a quality \(auto, high"):
        parse_cli(["--quality", "ultra"], SCENES, DEFAULT_SCENE)
    assert main.run(["--quality", "ultra", "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--quality" in err and "auto, high, medium or low" in err


def test_page_quality_is_taken_and_a_bad_one_falls_back_to_auto_with_a_note():
    options, notes = parse_query("?scene=rope&quality=low", SCENES, DEFAULT_SCENE)
    assert options.quality == "low" and notes == []
    options, notes = parse_query("scene=rope&quality=<b>ultra</b>", SCENES, DEFAULT_SCENE)
    assert options.quality == "auto" and len(notes) == 1 and "using auto" in notes[0]
    options, notes = parse_query("scene=rope&quality=", SCENES, DEFAULT_SCENE)
    assert options.quality == "auto" and len(notes) == 1
    assert "quality=medium" in query_from_environ({"quality": "medium", "HOME": "/"}, SCENES)


# -- the overlay's label ---------------------------------------------------------------------

def label_box(surface):
    width, height = surface.get_size()
    right, bottom = width - QUALITY_LABEL_INSET[0], height - QUALITY_LABEL_INSET[1]
    return pygame.Rect(right - 190, bottom - 16, 190, 18)


@pytest.mark.parametrize("name", list(SCENES))
def test_the_overlay_shows_fps_and_tier_in_its_corner_clear_of_the_toolbar(name):
    window = HeadlessWindow((960, 540))
    host = main.make_host(Options(scene=name, quality="medium"), window)
    host.frame(1)
    box = label_box(window.surface)
    host.draw(window.surface)
    without = pygame.Surface(box.size)
    without.blit(window.surface, (0, 0), box)
    host.toggle_overlay()
    host.draw(window.surface)
    assert host.quality_label() == "-- fps · medium (pinned)"
    changed = sum(without.get_at((x, y)) != window.surface.get_at((box.x + x, box.y + y))
                  for x in range(box.width) for y in range(box.height))
    assert changed > 100  # the label's letters
    for button in host.toolbar.buttons.values():
        assert not button.rect.colliderect(box)
    if host.scene.panel is not None:
        assert not host.scene.panel.toggle.rect.colliderect(box)


def test_the_label_names_the_measured_fps_when_frames_are_timed(monkeypatch):
    host, timer, cost = governed_host(monkeypatch)
    run_frames(host, timer, 1.5)
    assert host.quality_label() == "60 fps · high (auto)"


# -- the governor never touches the simulation -------------------------------------------------

REPLAYS = {
    "rope": [{"frame": 5, "type": "down", "pos": [480, 300]},
             {"frame": 20, "type": "move", "pos": [700, 380]}, {"frame": 40, "type": "up",
                                                                "pos": [700, 380]}],
    "cloth": [{"frame": 5, "type": "down", "pos": [480, 200]},
              {"frame": 25, "type": "move", "pos": [700, 520]}, {"frame": 60, "type": "up",
                                                                 "pos": [700, 520]}],
    "flag": [{"frame": 5, "type": "down", "pos": [400, 200]},
             {"frame": 30, "type": "move", "pos": [300, 450]}, {"frame": 50, "type": "up",
                                                                "pos": [300, 450]}],
    "bridge": [{"frame": 3, "type": "key_down", "key": "space"},
               {"frame": 4, "type": "key_up", "key": "space"},
               {"frame": 10, "type": "down", "pos": [380, 200]},
               {"frame": 11, "type": "up", "pos": [380, 200]}],
    "takopi": [{"frame": 5, "type": "down", "pos": [480, 330]},
               {"frame": 30, "type": "move", "pos": [470, 380]}, {"frame": 50, "type": "up",
                                                                  "pos": [470, 380]},
               {"frame": 60, "type": "key_down", "key": "space"}],
    "spider": [{"frame": 10, "type": "key_down", "key": "left"},
               {"frame": 40, "type": "key_up", "key": "left"},
               {"frame": 45, "type": "down", "pos": [700, 120]},
               {"frame": 46, "type": "up", "pos": [700, 120]}],
    "hair": [{"frame": 5, "type": "down", "pos": [480, 270]},
             {"frame": 30, "type": "move", "pos": [300, 200]}, {"frame": 50, "type": "up",
                                                                "pos": [300, 200]}],
}


def replay(name, tier, tmp_path):
    script = tmp_path / f"{name}.json"
    script.write_text(json.dumps(REPLAYS[name]))
    state, shot = tmp_path / f"{name}-{tier}.json", tmp_path / f"{name}-{tier}.png"
    main.run(["--scene", name, "--headless", "--frames", "90", "--seed", "3", "--input",
              str(script), "--quality", tier, "--overlay", "--state", str(state),
              "--screenshot", str(shot)])
    result = json.loads(state.read_text())
    return result, pygame.image.load(str(shot))


OWN_TIERS = ("rope", "cloth", "flag", "bridge", "hair")
"""Scenes whose views this branch gives tiers (Takopi's and the spider's come with their own)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", list(REPLAYS))
def test_a_replay_gives_the_same_state_at_every_tier_though_the_picture_differs(name, tmp_path):
    states, pictures = {}, {}
    for tier in TIERS:
        states[tier], pictures[tier] = replay(name, tier, tmp_path)
    assert states["high"] == states["medium"] == states["low"]
    assert states["high"]["steps"] == 90
    if name in OWN_TIERS:
        high = pygame.image.tobytes(pictures["high"], "RGB")
        assert pygame.image.tobytes(pictures["low"], "RGB") != high  # low really draws otherwise


# -- the live loop -------------------------------------------------------------------------

def test_the_live_loop_times_its_frames_and_drops_a_tier_when_drawing_is_slow(monkeypatch):
    """Real time, forced load: every draw sleeps 30 ms, far over a 60 Hz frame's budget."""
    seen = {}
    real_make_host = main.make_host

    def spy(options, window, governed=False):
        seen["host"] = real_make_host(options, window, governed)
        return seen["host"]

    real_draw = Scene.draw

    def slow_draw(scene, surface):
        real_draw(scene, surface)
        time.sleep(0.03)

    monkeypatch.setattr(main, "make_host", spy)
    monkeypatch.setattr(Scene, "draw", slow_draw)

    async def quit_later():
        await asyncio.sleep(1.8)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    async def both():
        await asyncio.gather(main.run_live(Options(scene="rope")), quit_later())

    asyncio.run(both())
    host = seen["host"]
    assert host.governed and host.governor.changes, "no tier change in 1.8 s of 30 ms frames"
    assert host.governor.changes[0][1] == "medium"
    fps = host.frame_rate.fps()
    assert fps is not None and fps < 40  # 30 ms frames: at most ~33 a second


def test_the_browser_takes_quality_from_the_page_address(monkeypatch):
    seen = {}

    async def fake_run_live(options, notes=()):
        seen["options"], seen["notes"] = options, list(notes)

    monkeypatch.setattr(main, "IN_BROWSER", True)
    monkeypatch.setattr(main, "page_query", lambda: "?scene=cloth&quality=medium")
    monkeypatch.setattr(main, "run_live", fake_run_live)
    assert asyncio.run(main.main()) == 0
    assert seen["options"].quality == "medium" and seen["notes"] == []


@pytest.mark.slow
def test_paused_frames_are_not_taken_as_room_to_climb(monkeypatch):
    host, timer, cost = governed_host(monkeypatch)
    cost["share"] = 0.95
    run_frames(host, timer, 1.2)
    assert host.scene.context.tier == "medium"
    host.toggle_pause()
    cost["share"] = 0.05  # a paused frame only draws the veil over the scene: cheap
    run_frames(host, timer, 10.0)
    assert host.scene.context.tier == "medium"
