"""The browser build: pygbag 0.9.3 packs the app into `build/web/` with our iframe template (P2).

    python -m web.bundle            build offline, check what ships, print the sizes
    python -m web.bundle --check    only check an existing build/web/

Run from the repository root (pygbag reads `pygbag.ini` from the current folder, and the app
folder, given last, is the root itself). Offline the build works because the template and the
icon are local files; pygbag would otherwise retry the CDN for ever, so the call has a timeout.
If `black` is importable, pygbag reformats the sources in place: we refuse to build then.

What must not ship to readers (tests, benchmarks, web, docs, build output, virtualenv, node
packages) is kept out by `pygbag.ini`; `check_bundle` proves it on the built archive.
"""

import argparse
import importlib.util
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
"""Logical canvas of every scene (scenes.base.SIZE): the template keeps its 16:9."""
BUILD_TIMEOUT = 300
"""Seconds before a hung pygbag (retrying a CDN it cannot reach) is stopped."""
FORBIDDEN = ("tests", "benchmarks", "web", "docs", "build", "node_modules", ".venv", ".git",
             ".ci", "artifacts")
"""Top-level folders of the repository that must never be inside the bundle."""
REQUIRED = ("main.py", "verlet/__init__.py", "scenes/__init__.py", "scenes/catalog.py")
"""Files the app cannot start without."""


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


def check_bundle(out=OUT):
    """Raise BundleError unless build/web holds our page, icon and a clean bundle."""
    index = out / "index.html"
    if not index.is_file():
        raise BundleError(f"no {index}")
    page = index.read_text(encoding="utf-8")
    if "verletLoader" not in page or "{{cookiecutter" in page:
        raise BundleError(f"{index} was not made from {TEMPLATE}")
    if not (out / "favicon.png").is_file():
        raise BundleError(f"no favicon.png in {out}")
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
    lines = [f"bundle {archive.name}: {human(archive.stat().st_size)} ({len(files)} files)"]
    if apk.is_file():
        lines.append(f"bundle {apk.name}: {human(apk.stat().st_size)}")
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
        files = check_bundle()
    except BundleError as error:
        print(f"web build: error: {error}", file=sys.stderr)
        return 1
    print(f"bundle checked: {len(files)} files, none from {', '.join(FORBIDDEN[:4])}")
    for line in report():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
