"""The stand-in runtime for the browser tests: the CDN's pythons.js and main.js, served locally.

The real runtime (pygame-web's CDN) cannot be reached from these machines, so a page's requests
for it are answered by a playwright route with tests/browser/standin/ (pythons.js, main.js; see
their headers for what they do), a 2 MB main.data and an 8-byte main.wasm, as the CDN would:
cross-origin, pythons.js with CORS (a module script needs it), main.js without (so its errors
reach the page muted, as the real one's do). `missing` names files answered with a 404; `copy`
("link" or "embed") makes a click on the canvas the panel's copy button; `fail`
tells main.js where to fail ("abort", "import", "frame", "never") and `line` what main.py's
report says (app.page.failure_line of a real exception); `watchdog_ms` shortens the page's
watchdog. Every request for the CDN is recorded, in order, on `requests`.
"""

import json
from pathlib import Path

CDN = "https://pygame-web.github.io/cdn/0.9.3/"
FILES = Path(__file__).resolve().parents[1] / "browser" / "standin"
DATA_BYTES = 2 * 1024 * 1024
CORS = {"access-control-allow-origin": "*"}


class StandIn:
    def __init__(self, page, missing=(), fail=None, line="", watchdog_ms=None, copy=None):
        self.missing = set(missing)
        self.requests = []
        settings = {"fail": fail, "line": line, "copy": copy}
        script = f"window.STANDIN = {json.dumps(settings)};"
        if watchdog_ms:
            script += f"window.VERLET_WATCHDOG_MS = {int(watchdog_ms)};"
        page.add_init_script(script)
        page.route(CDN + "**", self.answer)

    def answer(self, route):
        name = route.request.url[len(CDN):].split("?", 1)[0]
        self.requests.append(name)
        if name in self.missing:
            route.fulfill(status=404, body="not found", headers=CORS)
        elif name == "pythons.js":
            route.fulfill(status=200, body=(FILES / "pythons.js").read_text(encoding="utf-8"),
                          headers={**CORS, "content-type": "text/javascript"})
        elif name == "cpython312/main.js":
            route.fulfill(status=200, body=(FILES / "main.js").read_text(encoding="utf-8"),
                          headers={"content-type": "text/javascript"})
        elif name == "cpython312/main.data":
            route.fulfill(status=200, body=bytes(DATA_BYTES),
                          headers={**CORS, "content-type": "application/octet-stream"})
        elif name == "cpython312/main.wasm":
            route.fulfill(status=200, body=b"\0asm\x01\0\0\0",
                          headers={**CORS, "content-type": "application/wasm"})
        else:
            route.fulfill(status=404, body="not in the stand-in", headers=CORS)

    @property
    def runtime_requested(self):
        return "pythons.js" in self.requests
