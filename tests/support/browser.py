"""What the real-browser tests and the Pyodide benchmarks (benchmarks/wasm.py) share: where
Chromium, pyodide and the artifacts are, the flags Chromium runs with, the route that keeps every
request on this machine, quiet local file servers, running a build tool, and the skip rule.

Skip rule (`unavailable`): without Chromium (or playwright, or the npm package pyodide) a test
skips with a loud reason naming the install command; when the environment variable CI is set it
fails instead, since CI installs all of them (`./build.sh test`). The fixtures built on these
are in tests/browser/conftest.py.
"""

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "build" / "test-artifacts"
PYODIDE = ROOT / "node_modules" / "pyodide"
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
"""The flags DESIGN.md lists for Chromium on these machines."""
LOCAL_PREFIXES = ("http://127.0.0.1:", "data:", "blob:", "about:")
BUILD_TIMEOUT = 300


def unavailable(reason):
    """Skip loudly on a developer box; fail under CI, which must have everything installed."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason} [CI is set: the browser tests must run there]", pytrace=False)
    pytest.skip(reason)


def chromium_executable():
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


class Blocked:
    """Requests the route refused because they would leave this machine."""

    def __init__(self):
        self.urls = []

    def route(self, route):
        url = route.request.url
        if url.startswith(LOCAL_PREFIXES):
            route.continue_()
        else:
            self.urls.append(url)
            route.abort("internetdisconnected")


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".js": "text/javascript", ".html": "text/html; charset=utf-8"}

    def log_message(self, *args):
        pass

    def end_headers(self):
        # The browser context lives for the whole run and a closed server's port comes back
        # for a later one: nothing may be served from its cache under another test's address.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class LocalServers:
    """Static file servers on 127.0.0.1, one per folder asked for, all stopped by `close`."""

    def __init__(self, handler=None):
        self.handler = handler or QuietHandler
        self.servers = []

    def __call__(self, folder):
        """Serve `folder`; returns 'http://127.0.0.1:PORT/'."""
        handler = functools.partial(self.handler, directory=str(folder))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.servers.append(server)
        return f"http://127.0.0.1:{server.server_port}/"

    def close(self):
        for server in self.servers:
            server.shutdown()
            server.server_close()


def run_tool(module, *args):
    """Run `python -m module args` from the root with a timeout; its output on failure."""
    done = subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=BUILD_TIMEOUT, check=False)
    assert done.returncode == 0, f"python -m {module} failed:\n{done.stdout}\n{done.stderr}"
    return done


def bundle_stem():
    """The built bundle's name without its suffix: pygbag names it after the repository's folder
    (`main.tar.gz` in a checkout called main), so tests never assume one."""
    from web import bundle

    return bundle.archive_path().name[: -len(".tar.gz")]
