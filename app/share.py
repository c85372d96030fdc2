"""Share what the reader tuned: the parameter panel's "copy link" and "copy embed".

Both put the demo as it is now into a page address, `scene=rope&gravity=0.5&seed=3&overlay=1`:
the scene, every parameter that differs from its default (as the shortest text that reads back
as exactly that number), the seed and, when on, the overlay. Opening that address gives the same
demo (`app.options.parse_query` reads it). In the browser the page turns the query into the
frame's own address and its iframe snippet (`app.page.share_links`) and puts one on the
clipboard (`app.page.copy_text`, called while the click still counts as the reader's); where
the host page lets the frame not copy, the page shows the text selected in a field instead.
On the desktop there is no page: the same text, under the site's address (`app.base_url`:
base_url in pyproject.toml; else the README's placeholder YOUR-SITE, and the note says how to
set it), is printed and put on the system clipboard where pygame-ce can (else one line says
it could not). Either way a short note on the canvas says what happened. The address is the
scene's own frame page (demo/SCENE.html, which previews as that demo) and the snippet's title
the demo's one title (`scenes.catalog.share_title`).
"""

import sys
from urllib.parse import urlencode

from scenes.catalog import share_title

from . import base_url, page

PLACEHOLDER_SITE = "https://YOUR-SITE/"
"""The site's address when none is set, as the README's snippet writes it (replace YOUR-SITE)."""
FRAME_FOLDER = "demo"
"""Where the site keeps the browser build (web.site), under the site's address."""
SNIPPET = ('<iframe src="{src}" title="{title}" width="960" height="540" style="width:100%;'
           'height:auto;aspect-ratio:16/9;border:0;color-scheme:light" loading="lazy" '
           'allow="autoplay; fullscreen; clipboard-write" allowfullscreen></iframe>')
"""The embed snippet, as the page's `shareLinks`, the site and the README write it
(clipboard-write: the frame's own copy buttons work in the host's page)."""
COPIED = {"link": "link copied", "embed": "embed snippet copied"}
NOT_COPIED = {"link": "select the link and copy it", "embed": "select the snippet and copy it"}


def number_text(param, value):
    """The shortest text `param.parse` reads back as exactly `value` ("0.5", "12")."""
    if param.integer or float(value).is_integer():
        return str(int(value))
    return repr(float(value))


def share_query(scene):
    """The query that opens `scene` as it is now (without the leading "?")."""
    pairs = [("scene", scene.name)]
    for param in scene.params:
        value = scene.values[param.name]
        if value != param.default:
            pairs.append((param.name, number_text(param, value)))
    pairs.append(("seed", str(scene.run.seed)))
    if scene.context.overlay:
        pairs.append(("overlay", "1"))
    return urlencode(pairs)


def site_address():
    """(the site's address with a trailing slash, whether it is the placeholder): base_url
    from pyproject.toml, else PLACEHOLDER_SITE (also when the setting is no address)."""
    try:
        found = base_url.configured()
    except ValueError as error:
        print(f"copy: {error}; using {PLACEHOLDER_SITE}", file=sys.stderr)
        found = None
    return (found, False) if found else (PLACEHOLDER_SITE, True)


def desktop_links(scene, query, site=None):
    """{"link", "embed"} for the desktop: the scene's page under the site's address."""
    site = site or site_address()[0]
    rest = "&".join(pair for pair in query.split("&") if not pair.startswith("scene="))
    link = f"{site}{FRAME_FOLDER}/{scene.name}.html" + (f"?{rest}" if rest else "")
    title = share_title(scene.name, scene.help)
    return {"link": link, "embed": SNIPPET.format(src=link.replace("&", "&amp;"), title=title)}


def to_clipboard(text):
    """Put `text` on the system clipboard with pygame.scrap; None when done, else one line
    saying why not (no display, a pygame without scrap, a clipboard that refused)."""
    try:
        import pygame

        scrap = pygame.scrap
        if hasattr(scrap, "put_text"):  # pygame-ce 2.2 on: SDL's clipboard, no init
            scrap.put_text(text)
        else:
            scrap.init()
            scrap.put(pygame.SCRAP_TEXT, text.encode("utf-8"))
        return None
    except Exception as error:  # pygame.error, NotImplementedError, a missing module
        reason = " ".join(str(error).split()) or type(error).__name__
        return f"could not put it on the clipboard ({reason})"


def copy(host, kind):
    """The copy button `kind` ("link" or "embed") of the shown scene's panel was pressed."""
    scene = host.scene
    query = share_query(scene)
    links = page.share_links(query)
    if links is not None:  # the browser: the page knows the frame's own address
        copied = page.copy_text(links.get(kind, ""))
        scene.add_note(COPIED[kind] if copied else NOT_COPIED[kind])
        return links.get(kind)
    site, placeholder = site_address()
    text = desktop_links(scene, query, site)[kind]
    print(text, flush=True)
    if placeholder:
        print(f"copy {kind}: no site address set, so it says YOUR-SITE: set {base_url.SETTING}",
              file=sys.stderr)
    problem = to_clipboard(text)
    if problem is None:
        scene.add_note(f"{COPIED[kind]} (and printed)")
    else:
        print(f"copy {kind}: {problem}; the text is printed above", file=sys.stderr)
        scene.add_note(f"{kind} printed to the terminal ({problem.split(' (')[0]})")
    return text
