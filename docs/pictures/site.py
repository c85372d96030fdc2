"""The README's picture of the example blog (docs/images/site.png), taken as a reader sees it.

    python -m docs.pictures.site [--site build/site] [--out docs/images/site.png]

It serves the built blog (`./build.sh site` writes build/site/) on 127.0.0.1, opens its first
post (Takopi's) in Debian's headless Chromium at a laptop's width and keeps its first screen:
the blog's contents bar, the post's title and its demo as a poster, as a reader arrives. Nothing leaves 127.0.0.1. A missing
site or browser is one line on stderr and exit status 2.
"""

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from web.audit import CHROMIUM, serve  # noqa: E402

VIEWPORT = {"width": 1280, "height": 800}
"""A laptop's browser window, CSS px."""
PAGE = "takopi.html"
"""The post the picture shows."""
EXIT_BAD = 2


def take(site, out):
    """Screenshot the front page of the built blog in `site` into `out` (a PNG)."""
    from playwright.sync_api import sync_playwright

    base, server = serve(site)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-gpu"])
            try:
                context = browser.new_context(viewport=VIEWPORT, color_scheme="light")
                context.route("**/*", lambda route: route.continue_()
                              if route.request.url.startswith(("http://127.0.0.1:", "data:"))
                              else route.abort("internetdisconnected"))
                page = context.new_page()
                page.goto(base + PAGE, wait_until="load")
                page.wait_for_function("[...document.images].every(image => image.complete)")
                page.wait_for_timeout(300)  # the posters' fade-in
                page.screenshot(path=str(out))  # the first screen
            finally:
                browser.close()
    finally:
        server.shutdown()


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m docs.pictures.site", description=__doc__.splitlines()[0])
    parser.add_argument("--site", default=str(ROOT / "build" / "site"), help="the built blog (./build.sh site)")
    parser.add_argument("--out", default=str(ROOT / "docs" / "images" / "site.png"), help="the PNG to write")
    options = parser.parse_args(argv)
    site, out = Path(options.site), Path(options.out)
    if not (site / PAGE).is_file():
        print(f"site picture: error: no {site / PAGE}; run ./build.sh site first", file=sys.stderr)
        return EXIT_BAD
    if not Path(CHROMIUM).is_file():
        print(f"site picture: error: no Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return EXIT_BAD
    out.parent.mkdir(parents=True, exist_ok=True)
    take(site, out)
    print(f"site picture: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
