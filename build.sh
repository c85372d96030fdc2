#!/usr/bin/env bash
# Verlet Playground: the one script a person runs. Each command sets up what it needs first.
#
#   ./build.sh run [ARGS]   set up, then open the demos (ARGS go to main.py, e.g. --scene spider)
#   ./build.sh test [ARGS]  set up everything the tests need, then run them all (ARGS go to pytest)
#   ./build.sh setup        only create .venv and install the Python packages
#   ./build.sh shots        render the README screenshots headlessly into docs/images/
#   ./build.sh web          build the browser app offline with pygbag into build/web/ (+ posters)
#   ./build.sh site [ARGS]  web, then the example blog page into build/site/ (--base-url URL)
#   ./build.sh serve [PORT] serve build/site/ on http://127.0.0.1:PORT/ (default 8000)
#   ./build.sh itch         web, then build/itch.zip to upload to itch.io as an HTML game
#   ./build.sh bench [ARGS] benchmarks (issue #6): markdown tables to benchmarks/results.md
#   ./build.sh soak [ARGS]  robustness soak (issue #7): 200,000 storm frames a scene, 50,000 traced
#
# Setup is idempotent and quick when nothing changed: packages are reinstalled only when
# pyproject.toml changes. Registries used: PyPI (pip), Debian (apt-get, for Chromium), npm.
set -euo pipefail
cd "$(dirname "$0")"

VENV=.venv
PY="$VENV/bin/python"
export PYGAME_HIDE_SUPPORT_PROMPT=1

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
warn() { printf '\033[1;33m!!! %s\033[0m\n' "$*" >&2; }

setup_python() {
    if [ ! -x "$PY" ]; then
        say "creating $VENV"
        python3 -m venv "$VENV"
    fi
    local stamp="$VENV/.installed" want
    want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        say "installing Python packages (pygame-ce, pytest, numpy, playwright, pygbag)"
        "$PY" -m pip install --quiet --upgrade pip
        "$PY" -m pip install --quiet -e ".[test,web]"
        echo "$want" > "$stamp"
    fi
    if "$PY" -c "import black" 2>/dev/null; then
        warn "black is installed in $VENV: pygbag would reformat the sources; run '$PY -m pip uninstall black'"
    fi
}

BROWSER_PACKAGES="chromium fonts-nanum fonts-ipafont-gothic"  # fonts: the post is Korean, the credit Japanese

setup_chromium() {
    # Browser tests drive Debian's Chromium; a test tool never downloads a browser of its own.
    # The CJK fonts make the page screenshots that the tests save readable.
    if command -v chromium >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi nanum; then
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
        say "installing npm packages (pyodide)"
        npm ci --no-audit --no-fund --loglevel=error
    fi
}

has_display() {
    [ "$(uname)" != Linux ] || [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]
}

shots() {
    mkdir -p "${1:-docs/images}"
    local out="${1:-docs/images}"
    "$PY" main.py --scene rope --headless --frames 90 --screenshot "$out/rope.png"
    for scene in $("$PY" main.py --list --json | "$PY" -c "import json,sys; print(' '.join(json.load(sys.stdin)))"); do
        [ "$scene" = rope ] && continue
        "$PY" main.py --scene "$scene" --headless --frames 240 --screenshot "$out/$scene.png"
    done
    say "screenshots in $out/"
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
    # the Pyodide tables say why and the rest still runs.
    say "running the benchmarks (about ten minutes; --quick for a shorter allocation check)"
    "$PY" -m benchmarks "$@"
}

soak() {
    # Never part of the tests: the long version of tests/test_robustness_fuzz.py (~30 min).
    say "robustness soak: 200,000 frames of seeded input storms per scene, spider memory over 50,000"
    "$PY" -m benchmarks.soak "$@"
}

command="${1:-help}"
shift || true
case "$command" in
    setup)
        setup_python
        ;;
    run)
        setup_python
        if has_display; then
            exec "$PY" main.py "$@"
        fi
        warn "no display here (DISPLAY is not set): writing headless screenshots instead of opening a window"
        shots build/screenshots
        ;;
    test)
        setup_python
        setup_chromium
        setup_node
        exec "$PY" -m pytest "$@"
        ;;
    shots)
        setup_python
        shots docs/images
        ;;
    web)
        setup_python
        web_build
        ;;
    site)
        setup_python
        site_build "$@"
        ;;
    serve)
        setup_python
        serve "$@"
        ;;
    itch)
        setup_python
        itch_build
        ;;
    bench)
        setup_python
        setup_chromium
        setup_node
        bench "$@"
        ;;
    soak)
        setup_python
        soak "$@"
        ;;
    help|-h|--help)
        sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
        ;;
    *)
        echo "build.sh: unknown command '$command'; use run, test, setup, shots, web, site, serve, itch, bench or soak" >&2
        exit 2
        ;;
esac
