"""The panel's "copy link" and "copy embed": the address holds the scene, every changed
parameter, the seed and the overlay, and opening it gives the same demo."""

import pygame
import pytest

import main
from app import base_url, page, share
from app.options import Options, parse_query
from app.window import HeadlessWindow
from scenes.catalog import DEFAULT_SCENE, SCENES
from scenes.kit.model.run import set_record


@pytest.fixture(autouse=True)
def fonts():
    pygame.display.init()
    pygame.font.init()


def make(scene="rope", seed=3, width=None):
    window = HeadlessWindow((960, 540))
    return main.make_host(Options(scene=scene, seed=seed, frame_width=width, touch=width is not None),
                          window)


def press(host, pos):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        host.handle(pygame.event.Event(kind, pos=tuple(pos), button=1, touch=True))


def test_the_query_names_scene_changed_values_seed_and_overlay_and_reads_back():
    host = make()
    host.scene.apply(set_record("gravity", 0.5))
    host.scene.context.overlay = True
    query = share.share_query(host.scene)
    assert query == "scene=rope&gravity=0.5&seed=3&overlay=1"
    options, notes = parse_query("?" + query, SCENES, DEFAULT_SCENE)
    assert notes == []
    assert (options.scene, options.values, options.seed, options.overlay) == ("rope", {"gravity": 0.5}, 3, True)


@pytest.mark.parametrize("width", (None, 390))
def test_a_dragged_slider_value_comes_back_exactly_and_the_demo_runs_the_same(width):
    host = make("cloth", seed=7, width=width)
    panel = host.scene.panel
    press(host, panel.toggle.rect.center)
    slider = panel.sliders[0]
    x = slider.rect.x + slider.rect.width * 0.37
    host.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, slider.rect.centery), button=1,
                                   touch=True))
    host.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x + 3, slider.rect.centery), button=1,
                                   touch=True))
    name = slider.param.name
    tuned = host.scene.values[name]
    assert tuned != slider.param.default
    options, notes = parse_query(share.share_query(host.scene), SCENES, DEFAULT_SCENE)
    assert notes == [] and options.values == {name: tuned} and options.seed == 7
    again = main.make_scene(options)
    original = main.make_scene(Options(scene="cloth", seed=7, values={name: tuned}))
    for _ in range(30):
        again.step()
        original.step()
    assert again.state() == original.state()


def test_defaults_leave_the_parameters_out():
    host = make("takopi", seed=0)
    assert share.share_query(host.scene) == "scene=takopi&seed=0"


def test_the_desktop_prints_the_embed_and_says_so_without_a_clipboard(monkeypatch, capsys):
    host = make()
    host.scene.apply(set_record("iterations", 12))
    monkeypatch.setattr(share, "to_clipboard", lambda text: "could not put it on the clipboard (no display)")
    press(host, host.scene.panel.toggle.rect.center)
    press(host, host.scene.panel.share_button("embed").rect.center)
    out, err = capsys.readouterr()
    assert out.startswith('<iframe src="https://YOUR-SITE/demo/rope.html?iterations=12&amp;seed=3" '
                          'title="Verlet rope · Verlet Playground"')
    assert 'allow="autoplay; fullscreen; clipboard-write"' in out
    assert err.count("\n") == 2 and "Traceback" not in err and "base_url in pyproject.toml" in err
    assert host.scene.notes[-1][0] == "embed printed to the terminal (could not put it on the clipboard)"


def test_the_desktop_clipboard_gets_the_link(monkeypatch, capsys):
    host = make()
    put = []
    monkeypatch.setattr(share, "to_clipboard", lambda text: put.append(text))
    press(host, host.scene.panel.toggle.rect.center)
    press(host, host.scene.panel.share_button("link").rect.center)
    assert put == ["https://YOUR-SITE/demo/rope.html?seed=3"]
    assert capsys.readouterr().out == put[0] + "\n"
    assert host.scene.notes[-1][0] == "link copied (and printed)"


def test_the_desktop_link_is_under_the_project_s_base_url(monkeypatch, tmp_path, capsys):
    config = tmp_path / "pyproject.toml"
    config.write_text('[tool.verlet-playground]\nbase_url = "https://blog.example/verlet"\n')
    monkeypatch.setattr(base_url, "PYPROJECT", config)
    host = make("spider", seed=0)
    put = []
    monkeypatch.setattr(share, "to_clipboard", lambda text: put.append(text))
    press(host, host.scene.panel.toggle.rect.center)
    press(host, host.scene.panel.share_button("link").rect.center)
    assert put == ["https://blog.example/verlet/demo/spider.html?seed=0"]
    assert capsys.readouterr().err == ""
    config.write_text('[tool.verlet-playground]\nbase_url = "ftp:/nope"\n')
    press(host, host.scene.panel.share_button("link").rect.center)
    assert put[-1] == "https://YOUR-SITE/demo/spider.html?seed=0"
    err = capsys.readouterr().err
    assert "must be an http(s) address" in err and "Traceback" not in err


def test_a_real_clipboard_attempt_never_raises():
    result = share.to_clipboard("hello")  # the dummy video driver: usually it cannot
    assert result is None or (result.startswith("could not") and "\n" not in result)


def test_in_the_browser_the_page_builds_the_address_and_copies_it(monkeypatch):
    host = make(width=320)
    asked, copied = [], []
    monkeypatch.setattr(page, "share_links", lambda query: asked.append(query) or
                        {"link": "https://blog.example/f?" + query, "embed": "<iframe ...>"})
    monkeypatch.setattr(page, "copy_text", lambda text: copied.append(text) or True)
    host.scene.context.overlay = True
    press(host, host.scene.panel.toggle.rect.center)
    press(host, host.scene.panel.share_button("link").rect.center)
    assert asked == ["scene=rope&seed=3&overlay=1"]
    assert copied == ["https://blog.example/f?scene=rope&seed=3&overlay=1"]
    assert host.scene.notes[-1][0] == "link copied"
