"""Verlet Playground: one async pygame-ce main loop for the desktop and the browser (P1, P2).

    python main.py                       open a window with the default scene (Esc quits)
    python main.py --scene spider        another scene; `--list` shows them all
    python main.py --scene rope --headless --frames 300 --state s.json --screenshot s.png

In the browser (pygbag) the scene and its parameters come from the page address,
`index.html?scene=spider&stiffness=15&overlay=1`; bad values fall back with an on-canvas note.
The loop runs the simulation in fixed 1/60 s steps (`scenes.clock`) and yields to the browser
once per frame with `await asyncio.sleep(0)`.
"""

import asyncio
import json
import os
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean for --list --json

from scenes import page  # noqa: E402  (standard library only: reports to the browser page)

try:  # in the browser a failed import is shown in the frame (scenes.page), not a blank canvas
    import pygame  # noqa: E402  (after the variable above)

    from scenes.catalog import DEFAULT_SCENE, SCENES
    from scenes.base import script_event
    from scenes.clock import STEP_SECONDS, FixedStepClock
    from scenes.options import UsageError, parse_cli, parse_query, query_from_environ
    from scenes.replay import entries_by_frame
except Exception as error:
    page.report_failure(error)
    raise

IN_BROWSER = sys.platform == "emscripten"
TITLE = "Verlet Playground"


def page_query():
    """The page's query string in the browser: from the address, else from os.environ."""
    try:
        import platform

        return str(platform.window.location.search)
    except Exception:  # no JS bridge (older runtime): pygbag also copies k=v pairs to os.environ
        return query_from_environ(os.environ, SCENES)


def make_scene(options):
    return SCENES[options.scene](seed=options.seed, values=options.values, overlay=options.overlay)


def list_scenes(as_json):
    if as_json:
        print(json.dumps({
            name: {"help": scene.help, "size": list(scene.size), "params": scene.params.describe()}
            for name, scene in SCENES.items()
        }, indent=2))
        return
    for name, scene in SCENES.items():
        print(f"{name:8} {scene.help}")
        for param in scene.params:
            span = f"[{param.format(param.lo)} .. {param.format(param.hi)}]"
            print(f"    {param.name:13} {param.format(param.default):>6}  {span:13}  {param.help}")


def run_headless(options):
    """Exactly `options.frames` steps, each followed by a draw, as fast as possible; then write."""
    pygame.display.init()
    pygame.font.init()
    scene = make_scene(options)
    surface = pygame.Surface(scene.size)
    script = entries_by_frame(options.script)
    button_down = False
    for frame in range(options.frames):
        for entry in script.get(frame, ()):
            button_down = {"down": True, "up": False}.get(entry["type"], button_down)
            scene.handle(script_event(entry, button_down))
        scene.step()
        scene.draw(surface)
    if options.frames == 0:
        scene.draw(surface)
    if options.state_path:
        with open(options.state_path, "w", encoding="utf-8") as handle:
            json.dump(scene.state(), handle, indent=1)
    if options.screenshot_path:
        pygame.image.save(surface, options.screenshot_path)


async def run_live(options, notes=()):
    """The interactive loop: events, whole fixed steps, one draw and one yield per frame."""
    pygame.display.init()  # no pygame.init(): we use no audio, and the mixer would probe for it
    pygame.font.init()
    scene = make_scene(options)
    screen = pygame.display.set_mode(scene.size)
    pygame.display.set_caption(f"{TITLE}: {scene.name}")
    for note in notes:
        scene.add_note(note)
    clock = FixedStepClock()
    last = time.perf_counter()
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not IN_BROWSER
            ):
                running = False
            else:
                scene.handle(event)
        now = time.perf_counter()
        for _ in range(clock.advance(now - last)):
            scene.step()
        last = now
        scene.draw(screen)
        pygame.display.flip()
        page.report_first_frame()  # the browser page shows the canvas only from here
        if IN_BROWSER:
            await asyncio.sleep(0)  # the browser paces frames; never clock.tick() there
        else:
            await asyncio.sleep(max(0.0, STEP_SECONDS - (time.perf_counter() - now)))
    pygame.display.quit()  # close the window; fonts stay usable for whoever runs next


async def main(argv=None):
    if IN_BROWSER:
        try:
            options, notes = parse_query(page_query(), SCENES, DEFAULT_SCENE)
            await run_live(options, notes)
        except Exception as error:  # escaped a scene's step, draw or input: shown in the frame
            page.report_failure(error)
            raise
        return 0
    try:
        options = parse_cli(sys.argv[1:] if argv is None else argv, SCENES, DEFAULT_SCENE)
    except UsageError as error:
        print(f"main.py: error: {error}", file=sys.stderr)
        return 2
    if options.list:
        list_scenes(options.json)
        return 0
    if options.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        run_headless(options)
        return 0
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        print("main.py: error: no display here; try --headless --screenshot out.png", file=sys.stderr)
        return 2
    await run_live(options)
    return 0


if __name__ == "__main__":
    code = asyncio.run(main())
    if code:
        sys.exit(code)
