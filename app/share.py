"""Share what the reader tuned: the parameter panel's "copy link" and "copy embed".

Both put the demo as it is now into a page address, `scene=rope&gravity=0.5&seed=3&overlay=1`:
the scene, every parameter that differs from its default (as the shortest text that reads back
as exactly that number), the seed and, when on, the overlay. Opening that address gives the same
demo (`app.options.parse_query` reads it). In the browser the page turns the query into the
frame's own address and its iframe snippet (`app.page.share_links`) and puts one on the
clipboard (`app.page.copy_text`, called while the click still counts as the reader's). On the
desktop there is no page: the same text, under the README's placeholder address, is printed
and put on the system clipboard where pygame-ce can (else one line says it could not). Either
way a short note on the canvas says what happened.
"""

import sys
from urllib.parse import urlencode

from . import page

DESKTOP_ADDRESS = "https://YOUR-SITE/demo/index.html"
"""Where the web build is published, as the README's snippet writes it: the desktop knows no
address of its own (replace YOUR-SITE)."""
SNIPPET = ('<iframe src="{src}" title="{title}" width="960" height="540" style="width:100%;'
           'height:auto;aspect-ratio:16/9;border:0;color-scheme:light" loading="lazy" '
           'allow="autoplay; fullscreen" allowfullscreen></iframe>')
"""The embed snippet, as the page's `shareLinks` and the README write it."""
COPIED = {"link": "link copied", "embed": "embed snippet copied"}


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
    pairs.append(("seed", str(scene.sim.seed)))
    if scene.context.overlay:
        pairs.append(("overlay", "1"))
    return urlencode(pairs)


def desktop_links(scene, query):
    """{"link", "embed"} for the desktop, under DESKTOP_ADDRESS."""
    link = f"{DESKTOP_ADDRESS}?{query}"
    title = f"{scene.name} (Verlet Playground)"
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
        scene.add_note(COPIED[kind] if copied else "could not copy")
        return links.get(kind)
    text = desktop_links(scene, query)[kind]
    print(text, flush=True)
    problem = to_clipboard(text)
    if problem is None:
        scene.add_note(f"{COPIED[kind]} (and printed)")
    else:
        print(f"copy {kind}: {problem}; the text is printed above", file=sys.stderr)
        scene.add_note(f"{kind} printed to the terminal ({problem.split(' (')[0]})")
    return text
