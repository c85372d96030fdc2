"""Serve the built site on this machine for a look (./build.sh serve; P2).

    python -m web.serve [PORT] [--directory build/site]

Binds 127.0.0.1 only (nothing on the network sees it) and prints the address to open. A static
server, plus one thing pygbag's runtime needs when the page is opened as http://localhost:PORT/:
it then takes the page's own server for the package CDN and asks it for /cdn/... and
/archives/... (the pygame-ce wheel). Those paths are answered with a redirect to pygame-web's
real CDN, so localhost works as well as 127.0.0.1. A port that is not a number in 1..65535, or
one already in use, gives one line and exit status 2.
"""

import argparse
import functools
import http.server
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIRECTORY = ROOT / "build" / "site"
DEFAULT_PORT = 8000
HOST = "127.0.0.1"
CDN_SITE = "https://pygame-web.github.io/"
"""Where /cdn/... and /archives/... really live."""
REDIRECTED = ("/cdn/", "/archives/")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, the runtime's CDN paths redirected, one short log line a request."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript",
                      ".mjs": "text/javascript", ".html": "text/html; charset=utf-8",
                      ".apk": "application/zip", ".gz": "application/gzip"}

    def cdn_redirect(self):
        if not self.path.startswith(REDIRECTED):
            return False
        self.send_response(307)  # temporary: the CDN, not us, decides what lives there
        self.send_header("Location", CDN_SITE + self.path.lstrip("/"))
        self.send_header("Content-Length", "0")
        self.end_headers()
        return True

    def do_GET(self):
        if not self.cdn_redirect():
            super().do_GET()

    def do_HEAD(self):
        if not self.cdn_redirect():
            super().do_HEAD()

    def log_message(self, format, *args):
        sys.stderr.write(f"{self.address_string()} {format % args}\n")


def port_number(text):
    """The port as an int, or ValueError with the line to show."""
    try:
        port = int(text)
    except ValueError:
        raise ValueError(f"'{text}' is not a port number (1-65535)") from None
    if not 0 <= port <= 65535:
        raise ValueError(f"{port} is not a port number (1-65535)")
    return port


def make_server(port, directory):
    handler = functools.partial(SiteHandler, directory=str(directory))
    return http.server.ThreadingHTTPServer((HOST, port), handler)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m web.serve", description=__doc__.split("\n")[0])
    parser.add_argument("port", nargs="?", default=str(DEFAULT_PORT),
                        help=f"port on {HOST} (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--directory", type=Path, default=DEFAULT_DIRECTORY, help="folder to serve")
    args = parser.parse_args(argv)
    try:
        port = port_number(args.port)
    except ValueError as error:
        print(f"serve: error: {error}", file=sys.stderr)
        return 2
    if not (args.directory / "index.html").is_file():
        print(f"serve: error: no {args.directory}/index.html: run ./build.sh site first", file=sys.stderr)
        return 2
    try:
        server = make_server(port, args.directory)
    except OSError as error:
        reason = "is in use (another server?)" if error.errno in (98, 48, 10048) else f"cannot be used: {error.strerror}"
        print(f"serve: error: port {port} {reason}; try another: ./build.sh serve {port + 1 if port else 8001}",
              file=sys.stderr)
        return 2
    port = server.server_port
    print(f"serving {args.directory} at http://{HOST}:{port}/ (or http://localhost:{port}/); "
          f"the app alone: http://{HOST}:{port}/demo/index.html?scene=takopi; Ctrl-C stops", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
