"""The browser build: pygbag 0.9.3 packs the app into `build/web/` with our iframe template (P2).

    python -m web.bundle            build offline, posters, check what ships, print the sizes
    python -m web.bundle --check    only check an existing build/web/

Run from the repository root (pygbag reads `pygbag.ini` from the current folder, and the app
folder, given last, is the root itself). Offline the build works because the template and the
icon are local files; pygbag would otherwise retry the CDN for ever, so the call has a timeout.
If `black` is importable, pygbag reformats the sources in place: we refuse to build then.

What must not ship to readers (tests, benchmarks, web, docs, build output, virtualenv, node
packages) is kept out by `pygbag.ini`; `check_bundle` proves it on the built archive.

After pygbag, `finish` renders each scene's poster into build/web/posters/ (web.posters: the
frame shows it until the reader presses play) and fills the page's two build fields: the
bundle's content hash, which goes into every URL the page asks for (`web.tar.gz?v=HASH`, the
.apk and the posters), so a new build is never mixed with a reader's cached old bundle, and
the scenes' posters. It also copies the frame's embed API (web/embed.js) next to the page and
gives the page each scene's title and parameter ranges, so the frame can name the demo and
check a `set` message before any download.

Besides index.html (any scene by `?scene=`), `finish` writes one page a scene beside it,
SCENE.html: the same frame, opening that scene when its address names none, with that scene's
title (`scenes.catalog.share_title`), description and poster in its head, so a link to it
previews as that demo. The addresses crawlers need absolute (og:image, og:url, twitter:image,
the oEmbed link) wait in SHARE_MARK for `web.site`, which knows the site's address.

The build is reproducible: pygbag's gzip header carries the time of the build, which
`finish` sets to 0 (`steady_gzip`), so unchanged sources give a byte-identical bundle and the
same version (readers keep their cached copy across deploys).
"""

import argparse
import hashlib
import shutil
import importlib.util
import json
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path("web/verlet.tmpl")
ICON = Path("web/favicon.png")
OUT = ROOT / "build" / "web"
TITLE = "Verlet Playground"
CANVAS = (960, 540)
"""Logical canvas of every scene (scenes.kit.scene.SIZE): the template keeps its 16:9."""
BUILD_TIMEOUT = 300
"""Seconds before a hung pygbag (retrying a CDN it cannot reach) is stopped."""
FORBIDDEN = ("tests", "benchmarks", "web", "docs", "build", "node_modules", ".venv", ".git",
             ".ci", "artifacts")
"""Top-level folders of the repository that must never be inside the bundle."""
REQUIRED = ("main.py", "verlet/__init__.py", "scenes/__init__.py", "scenes/catalog.py",
            "app/page.py", "scenes/kit/fonts/playground-labels.ttf", "scenes/kit/fonts/OFL.txt")
"""Files the app cannot start without (and the labels' font, which a browser has no other
of, with its license, which must travel with it)."""
POSTERS = "posters"
"""Folder of build/web/ with one poster a scene (web.posters)."""
BUILD_FIELD = '"@VERLET_BUILD@"'
VERSION_FIELD = "@VERLET_VERSION@"
POSTER_FIELD = "@VERLET_POSTER@"
SCENE_FIELD = "@VERLET_PAGE_SCENE@"
TITLE_FIELD = "@VERLET_TITLE@"
DESCRIPTION_FIELD = "@VERLET_DESCRIPTION@"
SHARE_FIELD = "<!--@VERLET_SHARE@-->"
"""The template's fields that `finish` fills after pygbag (each page its own scene's)."""
SHARE_MARK = ("<!-- share: og:image, og:url, twitter:image and the oEmbed link are written here "
              "by web.site, which knows the site's address -->")
"""What SHARE_FIELD becomes in build/web/: `web.site` replaces it in its copy."""
DESCRIPTION = "An interactive Verlet physics demo in pure Python (pygame-ce, pygbag): press play to run it in this frame."
"""The generic page's description (index.html); a scene's page describes its scene."""
EMBED_JS = ROOT / "web" / "embed.js"
"""The frame's embed API, copied next to the page (web/verlet.tmpl loads it)."""


class BundleError(RuntimeError):
    """The build failed or produced something that must not ship; the message says what."""


def black_importable():
    """True when `black` can be imported by the Python that would run pygbag."""
    return importlib.util.find_spec("black") is not None


def pygbag_command(python=sys.executable):
    """The pygbag call: our template and icon, no click needed to start, the app folder last."""
    return [python, "-m", "pygbag", "--build", "--ume_block", "0", "--can_close", "1",
            "--template", str(TEMPLATE), "--icon", str(ICON), "--title", TITLE,
            "--width", str(CANVAS[0]), "--height", str(CANVAS[1]), "."]


def build(timeout=BUILD_TIMEOUT, log=None):
    """Run pygbag from the repository root; returns the archive path. Raises BundleError."""
    if black_importable():
        raise BundleError("black is importable: pygbag --build would reformat our sources in "
                          f"place. Uninstall it first: {sys.executable} -m pip uninstall black")
    for path in (TEMPLATE, ICON, Path("pygbag.ini")):
        if not (ROOT / path).is_file():
            raise BundleError(f"missing {path}: the offline build needs it")
    output = log if log is not None else subprocess.DEVNULL
    try:
        done = subprocess.run(pygbag_command(), cwd=ROOT, stdout=output, stderr=subprocess.STDOUT,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise BundleError(f"pygbag did not finish in {timeout} s (is it fetching a template or "
                          "icon from the network?)") from None
    if done.returncode != 0:
        raise BundleError(f"pygbag exited with code {done.returncode}")
    return archive_path()


def archive_path(out=OUT):
    """The bundle pygbag wrote (named after the app folder, so found by its suffix)."""
    archives = sorted(out.glob("*.tar.gz"))
    if len(archives) != 1:
        raise BundleError(f"expected one .tar.gz bundle in {out}, found {len(archives)}")
    return archives[0]


def bundle_files(archive):
    """Paths inside the bundle, relative to the app folder (pygbag stores them under assets/)."""
    with tarfile.open(archive, "r:gz") as tar:
        names = [member.name for member in tar.getmembers() if member.isfile()]
    return sorted(name.split("/", 1)[1] if name.startswith("assets/") else name for name in names)


def content_version(archive):
    """The first 12 hex digits of the bundle's SHA-256: changes whenever any shipped file does."""
    return hashlib.sha256(archive.read_bytes()).hexdigest()[:12]


def default_scene():
    """The scene the app opens without ?scene= (scenes.catalog), for the frame's poster."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from scenes.catalog import DEFAULT_SCENE

    return DEFAULT_SCENE


def steady_gzip(archive):
    """Set the gzip header's time (bytes 4-7, which pygbag's tarfile fills with the build's
    clock) to 0, so the same files always make the same bytes; the header has no checksum
    of its own (Python's gzip never sets FHCRC), so nothing else changes."""
    data = bytearray(archive.read_bytes())
    if data[:2] != b"\x1f\x8b" or data[3] & 0x02:
        raise BundleError(f"{archive.name} is not a plain gzip file")
    if data[4:8] != bytes(4):
        data[4:8] = bytes(4)
        archive.write_bytes(bytes(data))


def scene_title(help_text, name):
    """A demo's title: its entry in scenes.catalog.TITLES, else the words of its hint before
    the first colon."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from scenes.catalog import title

    return title(name, help_text)


def page_scenes(scenes):
    """{name: {"title", "params": {name: {min, max, default, integer}}, "aliases": {old name:
    name}}} for the frame (an old name of a parameter, in an address or a `set`, still works)."""
    return {
        name: {"title": info.get("title") or scene_title(info.get("help"), name),
               "params": {param: {"min": spec["min"], "max": spec["max"], "default": spec["default"],
                                  "integer": all(isinstance(spec[k], int) for k in ("min", "max", "default"))}
                          for param, spec in info.get("params", {}).items()},
               "aliases": dict(info.get("aliases", {}))}
        for name, info in scenes.items()}


def finish(out=OUT, python=sys.executable):
    """Posters into out/posters/, then the page's build fields; returns {scene: reason} for
    posters that could not be rendered (the frame then shows its play button alone)."""
    from web import posters

    scenes = posters.list_scenes(python)
    poster_dir = out / POSTERS
    missing = posters.render_posters(python, scenes, list(scenes), poster_dir)
    steady_gzip(archive_path(out))
    version = content_version(archive_path(out))
    build = {
        "version": version,
        "defaultScene": default_scene(),
        "posters": {scene: f"{POSTERS}/{scene}{posters.EXTENSION}?v={version}"
                    for scene in scenes if scene not in missing},
        "scenes": page_scenes(scenes),
    }
    index = out / "index.html"
    page = index.read_text(encoding="utf-8")
    if any(field not in page for field in (BUILD_FIELD, VERSION_FIELD, SCENE_FIELD, SHARE_FIELD)):
        raise BundleError(f"{index} lacks the build fields of {TEMPLATE}")
    page = page.replace(BUILD_FIELD, json.dumps(build, sort_keys=True)).replace(VERSION_FIELD, version)
    for scene in scene_pages(scenes):
        write_whole(out / f"{scene}.html", fill_page(page, build, scenes, scene))
    shutil.copy2(EMBED_JS, out / EMBED_JS.name)
    write_whole(index, fill_page(page, build, scenes, ""))
    return missing


def write_whole(path, text):
    """Write `text` to `path` in one step (a file beside it, then a rename), so a server reading
    the build while it is written hands out the old page or the new one, never half of either."""
    part = path.with_name(path.name + ".part")
    part.write_text(text, encoding="utf-8")
    os.replace(part, path)


def scene_pages(scenes):
    """The scenes that get a page of their own beside index.html (names safe as file names)."""
    return [name for name in scenes if name.replace("_", "").replace("-", "").isalnum() and name != "index"]


def fill_page(page, build, scenes, scene):
    """The frame page for `scene` ("" = the generic index.html, which shows the default scene
    unless its address names one): its title, description and poster."""
    from html import escape

    from scenes.catalog import SITE_NAME

    shown = scene or build["defaultScene"]
    info = build["scenes"].get(shown, {})
    title = f"{info['title']} \u00b7 {SITE_NAME}" if scene and info else TITLE
    help_text = (scenes.get(shown) or {}).get("help", "")
    description = (f"{info['title']}, an interactive Verlet physics demo in pure Python: "
                   f"{help_text.split(':', 1)[-1].strip()}." if scene and info else DESCRIPTION)
    poster = build["posters"].get(shown, "favicon.png")
    return (page.replace(SCENE_FIELD, scene).replace(TITLE_FIELD, escape(title))
            .replace(DESCRIPTION_FIELD, escape(description)).replace(POSTER_FIELD, escape(poster))
            .replace(SHARE_FIELD, SHARE_MARK))


def check_bundle(out=OUT):
    """Raise BundleError unless build/web holds our page, icon and a clean bundle."""
    index = out / "index.html"
    if not index.is_file():
        raise BundleError(f"no {index}")
    page = index.read_text(encoding="utf-8")
    if "verletPage" not in page or "{{cookiecutter" in page:
        raise BundleError(f"{index} was not made from {TEMPLATE}")
    if "@VERLET_" in page:
        raise BundleError(f"{index} still has unfilled build fields (run python -m web.bundle)")
    version = content_version(archive_path(out))
    if f"?v={version}" not in page:
        raise BundleError(f"{index} does not name the bundle's version {version}: a stale page")
    if not (out / "favicon.png").is_file():
        raise BundleError(f"no favicon.png in {out}")
    if not (out / EMBED_JS.name).is_file():
        raise BundleError(f"no {EMBED_JS.name} in {out} (the frame's embed API)")
    files = bundle_files(archive_path(out))
    leaked = sorted({name.split("/", 1)[0] for name in files if name.split("/", 1)[0] in FORBIDDEN})
    if leaked:
        raise BundleError(f"the bundle ships folders readers must not get: {', '.join(leaked)}")
    missing = [name for name in REQUIRED if name not in files]
    if missing:
        raise BundleError(f"the bundle lacks {', '.join(missing)}")
    return files


def human(size):
    return f"{size / 1024:.1f} KiB" if size < 1024 * 1024 else f"{size / 1048576:.2f} MiB"


def report(out=OUT):
    """Lines describing the build: bundle size and file count, whole folder size."""
    archive = archive_path(out)
    files = bundle_files(archive)
    total = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    apk = archive.with_suffix("").with_suffix(".apk")
    lines = [f"bundle {archive.name}: {human(archive.stat().st_size)} ({len(files)} files, "
             f"version {content_version(archive)})"]
    if apk.is_file():
        lines.append(f"bundle {apk.name}: {human(apk.stat().st_size)}")
    for poster in sorted((out / POSTERS).glob("*")):
        lines.append(f"poster {POSTERS}/{poster.name}: {human(poster.stat().st_size)}")
    lines.append(f"build/web total: {human(total)} (the CPython runtime and pygame-ce come from "
                 "the pygame-web CDN at run time)")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m web.bundle", description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check an existing build")
    args = parser.parse_args(argv)
    try:
        if not args.check:
            started = time.perf_counter()
            log_path = ROOT / "build" / "pygbag.log"
            log_path.parent.mkdir(exist_ok=True)
            with open(log_path, "w", encoding="utf-8") as log:
                build(log=log)
            print(f"pygbag build done in {time.perf_counter() - started:.1f} s (log: build/pygbag.log)")
            missing = finish()
            for scene, reason in missing.items():
                print(f"!!! NO POSTER for {scene} (the frame shows its play button alone): {reason}",
                      file=sys.stderr)
        files = check_bundle()
    except (BundleError, RuntimeError, OSError) as error:
        print(f"web build: error: {error}", file=sys.stderr)
        return 1
    print(f"bundle checked: {len(files)} files, none from {', '.join(FORBIDDEN[:4])}")
    for line in report():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
