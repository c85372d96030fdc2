"""Verlet Playground: one async pygame-ce main loop for the desktop and the browser (P1, P2).

    python main.py                       open a window with the default scene (Esc quits)
    python main.py --scene spider        another scene; --list shows them all
    python main.py --scene rope --headless --frames 300 --state s.json --screenshot s.png

In the window: the number keys (1 for the first scene of `--list`, one key a scene) or Tab
switch scenes, P pauses, F11 goes fullscreen (see `app.host`).
In the browser (pygbag) the scene and its parameters come from the page address,
`index.html?scene=spider&iterations=15&overlay=1&quality=low`; bad values fall back with an
on-canvas note. `--reduced-motion` / `reduced_motion=1` (or the browser's prefers-reduced-motion)
start the demos that move by themselves calm. In the browser the embedding page's commands and
reports go through `app.embed.PageLink`, once a frame. `--quality` / `quality=` pins the render tier; "auto" (the default) lets the
host drop decoration while frames run slow (`app.quality`).
The loop runs the simulation in fixed 1/60 s steps (`app.clock`) and yields to the browser
once per frame with `await asyncio.sleep(0)`.
"""

import asyncio
import json
import os
import signal
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean for --list --json

from app import page  # noqa: E402  (standard library only: reports to the browser page)

try:  # in the browser a failed import is shown in the frame (app.page), not a blank canvas
    from app.options import Options, UsageError, parse_cli, parse_query, query_from_environ
    from scenes.catalog import DEFAULT_SCENE, SCENES, describe, title  # pure: no pygame
    from scenes.kit.model.prepare import PREPARED
except Exception as error:
    page.report_failure(error)
    raise

IN_BROWSER = sys.platform == "emscripten"

try:  # --help and --list work without pygame; everything else says how to get it
    import pygame  # noqa: E402  (after the variable above)
except ImportError as error:
    if IN_BROWSER:
        page.report_failure(error)
        raise
    pygame = None

if pygame is not None:
    try:  # the same for the pygame side
        from app.clock import FixedStepClock, Pacer
        from app.embed import PageLink
        from app.headless import ScriptedHost
        from app.memory import set_aside_start_up
        from app.host import TITLE, Host
        from app.window import (BrowserWindow, DesktopWindow, HeadlessWindow, prepare_desktop,
                                shows_nothing)
        from scenes.kit.model.script import play
    except Exception as error:
        page.report_failure(error)
        raise

NO_PYGAME = ("pygame-ce is not installed for this Python ({python}); `./build.sh run` sets up "
             ".venv with it (or: {python} -m pip install pygame-ce)")
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
"""Ctrl-C: 128 + SIGINT, as a shell reports a program it interrupted."""


def page_query():
    """The page's query string in the browser: from the address, else from os.environ."""
    try:
        import platform

        return str(platform.window.location.search)
    except Exception:  # no JS bridge (older runtime): pygbag also copies k=v pairs to os.environ
        return query_from_environ(os.environ, SCENES)


def make_scene(options):
    return SCENES[options.scene](seed=options.seed, values=options.values, overlay=options.overlay,
                                 calm=options.reduced_motion)


def make_host(options, window, governed=False):
    """The host showing `options.scene` first; other scenes start at their defaults.

    `governed`: time each frame and let the quality governor pick the tier (the live loop)."""
    def make(name):
        if name == options.scene:
            return make_scene(options)
        return make_scene(Options(scene=name, seed=options.seed,
                                  reduced_motion=options.reduced_motion))

    host = Host(SCENES, make, options.scene, window, options.switchable, quality=options.quality,
                governed=governed, compare=options.compare)
    host.reduced_motion = bool(options.reduced_motion)
    PREPARED.enabled = governed  # the live loop builds ahead what R or a switch will need
    if options.frame_width is not None:  # --frame-width: the chrome for a canvas shown that wide
        host.lay_out(options.frame_width / window.surface.get_width(), options.touch)
    elif options.touch:
        host.lay_out(1.0, True)
    return host


def list_scenes(as_json):
    """Every scene with its hint and parameters, from the pure models (no pygame needed)."""
    scenes = [describe(SCENES, name) for name in SCENES]
    if as_json:
        print(json.dumps({
            scene.name: {"title": title(scene.name, scene.help), "help": scene.help, "size": list(scene.size),
                         "params": scene.params.describe(), "aliases": dict(scene.params.aliases)}
            for scene in scenes
        }, indent=2))
        return
    for scene in scenes:
        name = scene.name
        print(f"{name:8} {scene.help}")
        for param in scene.params:
            span = f"[{param.format(param.lo)} .. {param.format(param.hi)}]"
            print(f"    {param.name:13} {param.format(param.default):>6}  {span:13}  {param.meaning}")


def run_headless(options):
    """Exactly `options.frames` frames of one step and one draw, as fast as possible; then write."""
    pygame.display.init()
    pygame.font.init()
    window = HeadlessWindow(SCENES[options.scene].size)
    host = make_host(options, window)
    play(ScriptedHost(host, window.surface), options.script, options.frames)
    if options.frames == 0:
        host.draw(window.surface)
    if options.state_path:
        with open(options.state_path, "w", encoding="utf-8") as handle:
            json.dump(host.state(), handle, indent=1)
    if options.screenshot_path:
        pygame.image.save(window.surface, options.screenshot_path)


def follow_window_size(host, window):
    """A desktop window resized: its chrome laid out for the size the canvas is now shown at,
    by the code that lays the browser frame out for its CSS width (`Host.lay_out`)."""
    scale = window.shown_scale()
    if scale is not None and abs(scale - host.ui.css_scale) > 1e-3:
        host.lay_out(scale, host.ui.touch)


def wants_to_quit(event, host):
    """The window's close button, or Esc on the desktop (Esc first closes an open scene list)."""
    if event.type == pygame.QUIT:
        return True
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not IN_BROWSER
            and not host.scene_list.open)


async def run_live(options, notes=()):
    """The interactive loop: events, whole fixed steps, one draw and one yield per frame."""
    pygame.display.init()  # no pygame.init(): we use no audio, and the mixer would probe for it
    pygame.font.init()
    size, title = SCENES[options.scene].size, f"{TITLE}: {options.scene}"
    window = BrowserWindow(size, title) if IN_BROWSER else DesktopWindow(size, title)
    set_aside_start_up()  # later collections walk what the scenes make, not the modules
    host = make_host(options, window, governed=True)
    link = PageLink(host)  # the embedding page's commands and reports (quiet outside it)
    for note in notes:
        host.scene.add_note(note)
    clock = FixedStepClock()
    pacer = Pacer(vsync=not IN_BROWSER and window.vsync)
    last = time.perf_counter()
    running = True
    while running:
        for event in pygame.event.get():
            if wants_to_quit(event, host):
                running = False
            else:
                host.handle(event)
        link.tick()
        follow_window_size(host, window)
        now = time.perf_counter()
        host.frame(clock.advance(now - last), clock.period())
        last = now
        host.draw(window.surface)
        host.present(waits_for_screen=not IN_BROWSER and pacer.vsync)  # scaling counts too
        page.report_first_frame()  # the browser page shows the canvas only from here
        if IN_BROWSER:
            await asyncio.sleep(0)  # the browser paces frames; never clock.tick() there
        else:
            await asyncio.sleep(pacer.delay(now, time.perf_counter()))
    PREPARED.enabled = False  # and what was built ahead goes with the loop
    PREPARED.clear()
    pygame.display.quit()  # close the window; fonts stay usable for whoever runs next


def no_display():
    """Why no window can open here (one line), or None: checked before and after SDL starts."""
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        return "no display here (DISPLAY is not set); try --headless --screenshot out.png"
    prepare_desktop()
    pygame.display.init()
    if shows_nothing():  # SDL fell back to drawing nowhere: a stale DISPLAY, WSL without X
        driver = pygame.display.get_driver()
        pygame.display.quit()
        return (f"no display: SDL could only start its '{driver}' driver, which shows nothing; "
                "check DISPLAY or try --headless --screenshot out.png")
    return None


async def main(argv=None):
    if IN_BROWSER:
        try:
            options, notes = parse_query(page_query(), SCENES, DEFAULT_SCENE)
            options.reduced_motion = options.reduced_motion or page.reduced_motion()
            await run_live(options, notes)
        except Exception as error:  # escaped a scene's step, draw or input: shown in the frame
            page.report_failure(error)
            raise
        return 0
    try:
        options = parse_cli(sys.argv[1:] if argv is None else argv, SCENES, DEFAULT_SCENE)
    except UsageError as error:
        print(f"main.py: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    if options.list:
        list_scenes(options.json)
        sys.stdout.flush()  # a closed pipe shows up here, inside run()'s handler
        return 0
    if pygame is None:
        print(f"main.py: error: {NO_PYGAME.format(python=sys.executable)}", file=sys.stderr)
        return EXIT_USAGE
    if options.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        run_headless(options)
        return 0
    reason = no_display()
    if reason:
        print(f"main.py: error: {reason}", file=sys.stderr)
        return EXIT_USAGE
    await run_live(options)
    return 0


def interrupt(signum, frame):
    """Ctrl-C at once, wherever the program is. (asyncio.run's own handler only cancels the
    main task at its next await: a headless run, which never awaits, would ignore it.)"""
    raise KeyboardInterrupt


def run(argv=None):
    """main() with quiet endings: Ctrl-C exits 130, a closed output pipe ends without a word."""
    if not IN_BROWSER:
        signal.signal(signal.SIGINT, interrupt)
    try:
        return asyncio.run(main(argv))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `main.py --list | head -1`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no error at exit flush
        return 0


if __name__ == "__main__":
    code = run()
    if code:
        sys.exit(code)
