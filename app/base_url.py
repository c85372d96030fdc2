"""The site's public address, set once for every share URL.

`base_url` in pyproject.toml's `[tool.verlet-playground]` table (or `--base-url` for one build of
the site) is where the browser build is published, e.g. "https://example.org/verlet/". The site
build (`web.site`) makes every share address absolute with it (og:image, og:url, oEmbed, the
iframe snippets) and the desktop's "copy link" (`app.share`) gives the scene's page under it.
Standard library only; a checkout without pyproject.toml (the browser bundle) has no address.
"""

from pathlib import Path
from urllib.parse import urlsplit

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"
TABLE = "verlet-playground"
SETTING = f"[tool.{TABLE}] base_url in pyproject.toml"
"""How the setting is named in messages."""


def checked(url, where="--base-url"):
    """`url` with one trailing slash, or ValueError (one line) when it is no http(s) address."""
    text = str(url).strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ValueError(f"{where} must be an http(s) address such as https://example.org/verlet/, "
                         f"not {text!r}")
    return text.rstrip("/") + "/"


def configured(pyproject=None):
    """The project's base_url (with a trailing slash), or None when none is set (or no file).
    A value that is no http(s) address raises ValueError naming the setting."""
    import tomllib  # here, not at import: the browser's app never reads a config

    pyproject = pyproject or PYPROJECT
    try:
        with open(pyproject, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        return None
    except tomllib.TOMLDecodeError as error:
        raise ValueError(f"{pyproject.name} cannot be read: {error}") from None
    value = data.get("tool", {}).get(TABLE, {}).get("base_url", "")
    if not isinstance(value, str):
        raise ValueError(f"{SETTING} must be a string")
    return checked(value, SETTING) if value.strip() else None


def resolve(given=None, pyproject=None):
    """The address to use: `given` (--base-url) when set, else the project's, else None."""
    return checked(given) if given else configured(pyproject)
