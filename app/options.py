"""What the user asked for: command-line arguments (desktop) and the page query (browser).

Both end as one `Options`. The command line is strict: a bad value raises `UsageError` with one
line naming it and what is allowed, and `main.py` exits 2. The page query is forgiving: a reader
cannot fix a broken link, so a bad value falls back to its default and a note says so on the
canvas. Parameter values go through the scene's `ParamTable` either way. Pure Python: no pygame.
"""

import argparse
import os
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

from scenes.catalog import describe
from scenes.kit.model import side_by_side
from scenes.kit.model.params import ParamError, shorten
from .quality import DEFAULT_MODE, MODES
from scenes.kit.model.script import ScriptError, load_script

MAX_FRAMES = 1_000_000
"""Longest headless run accepted: about 4.6 hours of simulated time."""
MAX_SEED = 2**63 - 1
DEFAULT_FRAMES = 120
MIN_FRAME_WIDTH, MAX_FRAME_WIDTH = 120, 7680
"""The CSS widths `--frame-width` takes."""


class UsageError(ValueError):
    """A command-line mistake; the message is one line."""


@dataclass
class Options:
    scene: str
    seed: int = 0
    values: dict = field(default_factory=dict)
    overlay: bool = False
    headless: bool = False
    frames: int = DEFAULT_FRAMES
    script: list = field(default_factory=list)
    state_path: str = None
    screenshot_path: str = None
    list: bool = False
    json: bool = False
    switchable: bool = True
    """Whether the user may switch scenes: not in a browser embed whose address names one."""
    quality: str = DEFAULT_MODE
    """Render quality: "auto" (governed in the live loop; high when headless) or a pinned tier."""
    reduced_motion: bool = False
    """Start calm (P6): the demos that move by themselves (the flag's wind, the spider's meteors)
    wait for the reader to start the motion (`--reduced-motion`, `reduced_motion=1`, or the
    browser's prefers-reduced-motion)."""
    frame_width: int = None
    """The CSS width the canvas is shown at (`--frame-width`): the chrome is laid out for it
    (`app.chrome`); None: full size. The browser gets it from its page instead."""
    touch: bool = False
    """Lay the chrome out for a finger (`--touch`)."""
    compare: object = None
    """None, or the `scenes.kit.model.side_by_side.Compare` to open side by side."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a mistake as a UsageError instead of printing and exiting."""

    def error(self, message):
        raise UsageError(f"{message} (main.py --help lists the options)")


def _parser(scenes, default_scene):
    parser = _Parser(
        prog="main.py",
        description="Verlet Playground: position-based physics demos (pygame-ce).",
        epilog="Scenes: " + ", ".join(scenes) + ". --list shows their parameters. In the "
               f"window: 1-{len(scenes)} or Tab switch scenes, P pauses, F11 fullscreen, "
               "Esc quits.",
    )
    parser.add_argument("--scene", default=default_scene, help=f"demo to run (default {default_scene})")
    parser.add_argument("--headless", action="store_true", help="no window: run --frames steps and exit")
    parser.add_argument("--frames", default=None, help=f"steps to run headless (default {DEFAULT_FRAMES})")
    parser.add_argument("--seed", default="0", help="seed of the scene's random generator")
    parser.add_argument("--input", metavar="EVENTS.json", help="scripted input for a headless run")
    parser.add_argument("--state", metavar="OUT.json", help="write the final state as JSON")
    parser.add_argument("--screenshot", metavar="OUT.png", help="write the final frame as PNG")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="set a parameter (repeatable)")
    parser.add_argument("--overlay", action="store_true", help="start with the explanatory overlay on")
    parser.add_argument("--reduced-motion", action="store_true",
                        help="start calm: no wind on the flag, a still sky over the spider "
                             "(Space or M starts the motion)")
    parser.add_argument("--compare", metavar="NAME=V1,V2", default=None,
                        help="side by side: 2 to 4 copies differing in one parameter, or in "
                             "solver or substeps (e.g. iterations=2,10,40)")
    parser.add_argument("--embed", action="store_true",
                        help="start as an embed that names its scene does (no scene list); for posters")
    parser.add_argument("--quality", default=DEFAULT_MODE, metavar="|".join(MODES),
                        help="render quality: auto drops decoration when frames run slow "
                             "(headless: high), or pin a tier (default auto)")
    parser.add_argument("--frame-width", metavar="CSS_PX",
                        help="lay the buttons and words out for a canvas shown this many CSS px "
                             f"wide ({MIN_FRAME_WIDTH}-{MAX_FRAME_WIDTH}; a phone: 390)")
    parser.add_argument("--touch", action="store_true",
                        help="lay the buttons out for a finger (32 CSS px each)")
    parser.add_argument("--list", action="store_true", help="list scenes and their parameters")
    parser.add_argument("--json", action="store_true", help="with --list: print JSON")
    return parser


def _whole_number(flag, text, lo, hi):
    try:
        value = int(text)
    except (TypeError, ValueError):
        raise UsageError(f"{flag} {shorten(text)!r} is not a whole number; use {lo} to {hi}") from None
    if not lo <= value <= hi:
        raise UsageError(f"{flag} {value} is out of range; use {lo} to {hi}")
    return value


def quality_mode(text):
    """The quality mode `text` names (any case, spaces around ignored); ValueError otherwise."""
    mode = str(text).strip().lower()
    if mode not in MODES:
        raise ValueError(f"{shorten(str(text), 20)!r} is not a quality ({', '.join(MODES[:-1])} "
                         f"or {MODES[-1]})")
    return mode


def _writable(flag, path):
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{flag} {path!r}: folder {folder!r} does not exist")
    if os.path.isdir(path):
        raise UsageError(f"{flag} {path!r} is a folder, not a file name")
    return path


def parse_cli(argv, scenes, default_scene):
    """Options from command-line words; raises UsageError for anything unusable."""
    args = _parser(scenes, default_scene).parse_args(argv)
    if args.json and not args.list:
        raise UsageError("--json goes with --list")
    if args.scene not in scenes:
        raise UsageError(f"unknown scene {shorten(args.scene)!r}; choose one of {', '.join(scenes)}")
    options = Options(scene=args.scene, overlay=args.overlay, headless=args.headless,
                      list=args.list, json=args.json, switchable=not args.embed,
                      reduced_motion=args.reduced_motion)
    options.seed = _whole_number("--seed", args.seed, 0, MAX_SEED)
    try:
        options.quality = quality_mode(args.quality)
    except ValueError as error:
        raise UsageError(f"--quality {error}") from None
    needs_headless = [flag for flag, given in (("--frames", args.frames), ("--input", args.input),
                      ("--state", args.state), ("--screenshot", args.screenshot)) if given is not None]
    if needs_headless and not args.headless:
        raise UsageError(f"{needs_headless[0]} needs --headless")
    if args.frames is not None:
        options.frames = _whole_number("--frames", args.frames, 0, MAX_FRAMES)
    if args.frame_width is not None:
        options.frame_width = _whole_number("--frame-width", args.frame_width, MIN_FRAME_WIDTH,
                                            MAX_FRAME_WIDTH)
    options.touch = args.touch
    table = describe(scenes, args.scene).params
    for assignment in args.set:
        try:
            name, value = table.parse_assignment(assignment)
        except ParamError as error:
            raise UsageError(f"--set: {error} (scene {args.scene})") from None
        options.values[name] = value
    if args.compare is not None:
        try:
            options.compare = side_by_side.parse(args.compare, args.scene, table,
                                                 options.values)
        except side_by_side.CompareError as error:
            raise UsageError(f"--compare: {error}") from None
    if args.input is not None:
        try:
            options.script = load_script(args.input)
        except ScriptError as error:
            raise UsageError(f"--input: {error}") from None
    if args.state is not None:
        options.state_path = _writable("--state", args.state)
    if args.screenshot is not None:
        options.screenshot_path = _writable("--screenshot", args.screenshot)
    return options


QUERY_FLAGS = ("overlay", "reduced_motion")
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off", "")


def parse_query(query, scenes, default_scene):
    """Options from a page query (`?scene=spider&iterations=15`) and the notes to show.

    Never raises: each unusable piece is dropped with a short note, and the rest still applies.
    `query` is the query string, with or without its leading '?'.
    """
    notes = []
    pairs = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    given = {}
    for key, value in pairs:
        given.setdefault(key.strip(), value)
    switchable = "scene" not in given  # an embed that names its scene stays that scene
    scene = given.pop("scene", default_scene)
    if scene not in scenes:
        notes.append(f"unknown scene {shorten(scene, 30)!r}: showing {default_scene}")
        scene = default_scene
    options = Options(scene=scene, switchable=switchable)
    if "seed" in given:
        text = given.pop("seed")
        try:
            options.seed = _whole_number("seed", text, 0, MAX_SEED)
        except UsageError as error:
            notes.append(f"{error}: using 0")
    if "quality" in given:
        text = given.pop("quality")
        try:
            options.quality = quality_mode(text)
        except ValueError as error:
            notes.append(f"quality {error}: using {DEFAULT_MODE}")
    for flag in QUERY_FLAGS:
        if flag in given:
            text = given.pop(flag).strip().lower()
            if text in TRUE_WORDS or text in FALSE_WORDS:
                setattr(options, flag, text in TRUE_WORDS)
            else:
                notes.append(f"{flag}={shorten(text, 20)!r} is not on/off: ignored")
    table = describe(scenes, scene).params
    compare = given.pop("compare", None)
    for key, text in given.items():
        try:
            name, value = table.parse(key, text)
            options.values[name] = value
        except ParamError as error:
            notes.append(f"{error}: using the default")
    if compare is not None:
        try:
            options.compare = side_by_side.parse(compare, scene, table, options.values, ":")
        except side_by_side.CompareError as error:
            notes.append(f"{error}: showing one")
    return options, notes


def query_from_environ(environ, scenes):
    """Rebuild the query from environment variables, as the pygbag runtime passes `k=v` pairs.

    Only names the app knows are taken (the environment holds much else); used when the page's
    own address cannot be read.
    """
    known = {"scene", "seed", "quality", "compare", *QUERY_FLAGS}
    for scene in scenes.values():
        known.update(scene.params.names())
    return urlencode([(key, environ[key]) for key in sorted(known) if key in environ])
