"""The example blog: assembles `build/site/` from the browser build and our pages (P2, P4).

    python -m web.site [--out build/site] [--base-url https://example.org/verlet/] [--strict]

Run after `python -m web.bundle` (`./build.sh site` does both). The site's public address is
set once: `--base-url`, else base_url in pyproject.toml's [tool.verlet-playground] table
(`app.base_url`). With it every share address is absolute: og:image, og:url, twitter:image,
the oEmbed links and answers, the embed snippets. Without it those are left out (a comment in
each page's head says so, and one line in the terminal), never written relative. Writes

    build/site/index.html       the index: contents, how to embed, the embed API, credits
    build/site/NAME.html        one page per post (web/posts/NAME.html, PAGES below)
    build/site/oembed/SCENE.json  static oEmbed (type rich) for each demo (with an address)
    build/site/post.css, post.js, favicon.png
    build/site/images/NAME.png  every README picture a page shows (src="images/NAME.png"),
                                copied from docs/images/ (`./build.sh shots` renders them)
    build/site/demo/            the pygbag app (a copy of build/web/), one build for every scene,
                                with each scene's poster in demo/posters/ (web.bundle renders
                                them with `main.py --headless`; the pages show the same files)
                                and each scene's own frame page, demo/SCENE.html: what the
                                snippets embed and "copy link" gives, previewing as that demo

Placeholders in web/posts/*.html, each in double braces:

    demo:SCENE|LABEL   that scene's figure: poster with a play button that swaps in the iframe
                       (with autostart=1: one click starts it), caption, embed snippet; when
                       SCENE is not in this build (or has no poster) a visible notice says so
    others             a figure for every scene of `main.py --list` no page places
                       (the section between the others markers is dropped when there is none)
    params             each scene's page parameters, from `main.py --list --json`
    meta               Open Graph and Twitter card tags, and an oEmbed link per demo
    nav, footer, toc   the site's navigation, its footer, the index's table of contents

Everything is generic over `main.py --list --json`: a new scene gets its poster and figure
without a change here. A poster that cannot be rendered never stops the build; it is named
loudly at the end (and `--strict` turns that into exit status 1).
"""

import argparse
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from app import base_url as site_address
from scenes.catalog import SITE_NAME, share_title
from web import bundle, posters

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
POSTS = WEB / "posts"
PAGES = ("index", "takopi", "spider", "fabric", "rope")
"""The pages, index first: web/posts/NAME.html -> build/site/NAME.html."""
OEMBED_DIR = "oembed"
NAV_LABELS = {"index": "차례 · <span lang=\"en\">Contents</span>", "takopi": "타코피", "spider": "거미줄",
              "fabric": "망토 · 깃발 · 다리 · 머리카락", "rope": "밧줄 · <span lang=\"en\">under the hood</span>"}
"""Short names of the pages in the site's navigation (one line on a desktop)."""
STATIC = ("post.css", "post.js", "favicon.png")
"""Files copied from web/ next to the post."""
APP_BUILD = ROOT / "build" / "web"
DEFAULT_OUT = ROOT / "build" / "site"
DEMO_DIR = "demo"
POSTER_DIR = f"{DEMO_DIR}/{bundle.POSTERS}"
"""Where the post finds each scene's poster: the app's own (web.bundle renders them)."""

DEMO_PATTERN = re.compile(r"\{\{demo:([A-Za-z0-9_-]+)\|([^}]*)\}\}")
IMAGE_PATTERN = re.compile(r'src="images/([A-Za-z0-9_-]+\.png)"')
"""A page's pictures: docs/images/NAME.png, copied into the site's images/."""
PICTURES = ROOT / "docs" / "images"
OTHERS_SECTION = re.compile(r"<!--others-->(.*?)<!--/others-->", re.S)
TITLE_TAG = re.compile(r"<title>(.*?)</title>", re.S)
DESCRIPTION_TAG = re.compile(r'<meta name="description" content="([^"]*)">')
H1_TAG = re.compile(r"<h1>(.*?)</h1>", re.S)
LEADING_COMMENT = re.compile(r"(<!doctype html>\s*)<!--.*?-->\s*", re.S | re.I)


list_scenes = posters.list_scenes
last_line = posters.last_line


def poster_reasons(scenes, wanted, app_build=APP_BUILD):
    """{scene: why the post has no poster for it}, for the wanted scenes without one."""
    missing = {}
    for scene in wanted:
        if scene not in scenes:
            missing[scene] = (f"scene '{scene}' is not in this build (main.py --list has: "
                              f"{', '.join(scenes) or 'nothing'})")
        elif not (app_build / bundle.POSTERS / f"{scene}{posters.EXTENSION}").is_file():
            missing[scene] = "web.bundle rendered no poster for it (see its output)"
    return missing


LEFT_OUT = ("<!-- share metadata left out (og:image, og:url, twitter:image, oEmbed): built without "
            f"the site's address; set --base-url or {site_address.SETTING} -->")
"""What stands in a page's head for the share addresses a build without an address skips."""
NO_ADDRESS_LINE = (f"site: no site address (--base-url or {site_address.SETTING}): share metadata "
                   "left out (og:image, og:url, twitter:image, oEmbed); the snippets say this computer's address")
"""The one line a build without an address prints."""


def demo_url(scene):
    """The scene's own frame page, relative to the post (web.bundle writes demo/SCENE.html)."""
    return f"{DEMO_DIR}/{scene}.html"


def embed_snippet(scene, title, base_url=None):
    """The iframe a blogger pastes (one line); absolute when the site's address is known.
    The frame shows its poster until the reader presses play; color-scheme:light keeps it
    transparent on pages that declare a dark color scheme; clipboard-write lets its copy
    buttons work in any host (app.share.SNIPPET is the same text)."""
    src = (base_url.rstrip("/") + "/" if base_url else "") + demo_url(scene)
    return (f'<iframe src="{html.escape(src)}" title="{html.escape(title)}" width="960" height="540" '
            'style="width:100%;height:auto;aspect-ratio:16/9;border:0;color-scheme:light" '
            'loading="lazy" allow="autoplay; fullscreen; clipboard-write" allowfullscreen></iframe>')


def figure(scene, label, help_text, missing_reason, base_url=None, version=""):
    """The HTML of one demo in the post: poster + play button, caption with the embed snippet
    (inside the figcaption: a figure's caption is its first or last child). The snippet, what
    readers copy, carries the demo's one title (`share_title`); the post's own iframe, made on
    play, is named by the caption's label in both languages, as the post's readers read it."""
    e = html.escape
    title = share_title(scene, help_text)
    if missing_reason is not None:
        return (f'<figure class="demo missing" data-scene="{e(scene)}">\n'
                f'  <div class="frame"><p class="notice" role="note">'
                f'이 빌드에는 &lsquo;{e(scene)}&rsquo; 데모의 포스터가 없습니다.<br>'
                f'<span class="en" lang="en">No poster for the &lsquo;{e(scene)}&rsquo; demo in this build: '
                f'{e(missing_reason)}</span></p></div>\n'
                f'  <figcaption>{e(label)}</figcaption>\n</figure>')
    snippet = embed_snippet(scene, title, base_url)
    url = demo_url(scene)
    relative = "" if base_url else f' data-relative="{e(url)}"'
    poster = f"{POSTER_DIR}/{scene}{posters.EXTENSION}" + (f"?v={version}" if version else "")
    return f'''<figure class="demo" id="demo-{e(scene)}" data-scene="{e(scene)}">
  <div class="frame">
    <button class="poster" type="button" data-src="{e(url)}?autostart=1" data-title="{e(label)} · {SITE_NAME}">
      <img src="{e(poster)}" alt="{e(label)}: {e(help_text)}" width="960" height="540" loading="lazy" decoding="async">
      <span class="play" aria-hidden="true"></span>
      <span class="hint">눌러서 실행 · <span lang="en">click to play</span></span>
    </button>
  </div>
  <figcaption>{e(label)} <span class="en" lang="en">{e(help_text)}</span>
    <a href="{e(url)}?autostart=1" target="_blank" rel="noopener">전체 화면으로 열기 · <span lang="en">open full page</span></a>
  <details class="embed">
    <summary>퍼가기 · embed this demo</summary>
    <pre><code{relative}>{e(snippet)}</code></pre>
    <p class="local-warning" role="alert" hidden>이 주소는 이 컴퓨터에서만 열려요.
      <code>./build.sh site --base-url https://YOUR-SITE/</code>로 빌드하세요.
      <span class="en" lang="en">This address only opens on this computer: build the site with
      <code>--base-url</code> set to its public address.</span></p>
    <button class="copy" type="button">복사 · copy</button>
  </details></figcaption>
</figure>'''


def params_table(scenes):
    """Each scene's page-query parameters as a small definition list."""
    e = html.escape
    rows = []
    for name, info in scenes.items():
        items = "".join(
            f"<li><code>{e(param)}</code> {e(str(spec['min']))}&ndash;{e(str(spec['max']))} "
            f"(기본 {e(str(spec['default']))}): <span class=\"en\" lang=\"en\">{e(spec['help'])}</span></li>"
            for param, spec in info["params"].items())
        rows.append(f"<dt><code>scene={e(name)}</code></dt><dd><ul>{items}"
                    "<li><code>seed</code>, <code>overlay=1</code>, "
                    "<code>quality=auto|high|medium|low</code></li></ul></dd>")
    return '<dl class="params">\n' + "\n".join(rows) + "\n</dl>"


def absolute(path, base_url):
    """`path` under the site's public address when known, else as it is (relative)."""
    return (base_url.rstrip("/") + "/" + path) if base_url else path


def poster_path(scene, version=""):
    return f"{POSTER_DIR}/{scene}{posters.EXTENSION}" + (f"?v={version}" if version else "")


def oembed(scene, scenes, base_url, version=""):
    """The static oEmbed answer for one demo (type rich: the iframe snippet as html), every
    address in it absolute (there is none without `base_url`)."""
    title = share_title(scene, scenes.get(scene, {}).get("help", ""))
    return {"version": "1.0", "type": "rich", "provider_name": SITE_NAME,
            "provider_url": base_url, "title": title, "html": embed_snippet(scene, title, base_url),
            "width": 960, "height": 540,
            "thumbnail_url": absolute(poster_path(scene, version), base_url),
            "thumbnail_width": 960, "thumbnail_height": 540,
            "description": scenes.get(scene, {}).get("help", "")}


def share_tags(image, url, oembeds, base_url):
    """og:image, og:url, twitter:image and the oEmbed links ({scene: title}), all absolute;
    LEFT_OUT (a comment) without the site's address."""
    e = html.escape
    if not base_url:
        return [LEFT_OUT]
    tags = [f'<meta property="og:image" content="{e(absolute(image, base_url))}">',
            '<meta property="og:image:width" content="960">',
            '<meta property="og:image:height" content="540">',
            f'<meta property="og:url" content="{e(absolute(url, base_url))}">',
            f'<meta name="twitter:image" content="{e(absolute(image, base_url))}">']
    for scene, title in oembeds.items():
        href = absolute(f"{OEMBED_DIR}/{scene}.json", base_url)
        tags.append(f'<link rel="alternate" type="application/json+oembed" href="{e(href)}" '
                    f'title="{e(title)}">')
    return tags


def meta_tags(title, description, name, shown, base_url=None, version="", titles=None):
    """Open Graph and Twitter card tags for a page, and an oEmbed link per demo it shows."""
    e = html.escape
    titles = titles or {}
    tags = [f'<meta property="og:type" content="{"website" if name == "index" else "article"}">',
            f'<meta property="og:site_name" content="{SITE_NAME}">',
            f'<meta property="og:title" content="{e(title)}">',
            f'<meta property="og:description" content="{e(description)}">',
            '<meta name="twitter:card" content="summary_large_image">',
            f'<meta name="twitter:title" content="{e(title)}">',
            f'<meta name="twitter:description" content="{e(description)}">']
    image = poster_path(shown[0] if shown else "takopi", version)
    tags += share_tags(image, f"{name}.html" if name != "index" else "",
                       {scene: titles.get(scene, share_title(scene)) for scene in shown}, base_url)
    return "\n".join(tags)


def frame_page_share(text, scene, base_url, version=""):
    """A frame page of demo/ with its share addresses in place of web.bundle's SHARE_MARK:
    its poster, its own address and (a scene's page) its oEmbed link."""
    page = f"{scene}.html" if scene else "index.html"
    image = poster_path(scene or bundle.default_scene(), version)
    oembeds = {scene: share_title(scene)} if scene else {}
    tags = "\n".join(share_tags(image, f"{DEMO_DIR}/{page}", oembeds, base_url))
    return text.replace(bundle.SHARE_MARK, tags)


def nav(current, titles):
    """The site's navigation: every page, the current one marked."""
    links = []
    for name in PAGES:
        href = "index.html" if name == "index" else f"{name}.html"
        mark = ' aria-current="page"' if name == current else ""
        links.append(f'<li><a href="{href}"{mark}>{NAV_LABELS.get(name, titles[name])}</a></li>')
    return f'<nav class="site" aria-label="사이트 · site"><ul>{"".join(links)}</ul></nav>'


def table_of_contents(pages):
    """The index's contents: each post's heading, its description and the demos it holds."""
    items = []
    for name, info in pages.items():
        if name == "index":
            continue
        demos = ", ".join(info["placed"])
        items.append(f'<li><a href="{name}.html">{info["h1"]}</a>'
                     f'<span class="toc-demos"> ({html.escape(demos)})</span></li>')
    return '<ol class="toc-list">' + "".join(items) + "</ol>"


FOOTER = ('<footer class="site"><p><a href="index.html">Verlet Playground</a> &middot; '
          '<span lang="en">pure-Python Verlet physics</span> &middot; '
          '<a href="index.html#credits">저작권과 참고 자료 · <span lang="en">credits</span></a></p></footer>')


def render_post(template, scenes, missing, base_url=None, version="", others=None):
    """Fill one page's demos (and `others`: the scenes it should add to its others section);
    returns (html, scenes the page places itself)."""
    placed = [match.group(1) for match in DEMO_PATTERN.finditer(template)]

    def one(match):
        scene, label = match.group(1), match.group(2).strip()
        help_text = scenes.get(scene, {}).get("help", "")
        return figure(scene, label, help_text, missing.get(scene), base_url, version)

    page = DEMO_PATTERN.sub(one, template)
    if others is None:
        others = [scene for scene in scenes if scene not in placed]
    if others:
        blocks = "\n".join(figure(scene, scene, scenes[scene]["help"], missing.get(scene), base_url,
                                  version)
                           for scene in others)
        page = OTHERS_SECTION.sub(lambda m: m.group(1).replace("{{others}}", blocks), page)
    else:
        page = OTHERS_SECTION.sub("", page)
    page = page.replace("{{params}}", params_table(scenes))
    page = LEADING_COMMENT.sub(r"\1", page, count=1)
    return page, placed


def page_texts(template):
    """(title, description, h1) of a page template."""
    pick = lambda pattern: (pattern.search(template) or [None, ""])[1].strip()  # noqa: E731
    return pick(TITLE_TAG), html.unescape(pick(DESCRIPTION_TAG)), pick(H1_TAG)


def render_site(templates, scenes, missing, base_url=None, version=""):
    """{name: html} for every page, and {name: its scenes}: others go to the last page with an
    others section."""
    placed = {name: [m.group(1) for m in DEMO_PATTERN.finditer(text)] for name, text in templates.items()}
    every = [scene for names in placed.values() for scene in names]
    others = [scene for scene in scenes if scene not in every]
    keeper = next((name for name in reversed(list(templates)) if OTHERS_SECTION.search(templates[name])), None)
    titles = {name: page_texts(text)[2] or name for name, text in templates.items()}
    info, pages = {}, {}
    for name, text in templates.items():
        page, own = render_post(text, scenes, missing, base_url, version,
                                others if name == keeper else [])
        shown = [s for s in own + (others if name == keeper else []) if s not in missing]
        info[name] = {"placed": own + (others if name == keeper else []), "shown": shown,
                      "h1": titles[name]}
        title, description, _ = page_texts(text)
        demo_titles = {scene: share_title(scene, scenes.get(scene, {}).get("help", "")) for scene in shown}
        page = page.replace("{{meta}}", meta_tags(title, description, name, shown, base_url, version,
                                                  demo_titles))
        pages[name] = page.replace("{{nav}}", nav(name, titles)).replace("{{footer}}", FOOTER)
    for name in pages:
        pages[name] = pages[name].replace("{{toc}}", table_of_contents(info))
    return pages, info


def build_site(out=DEFAULT_OUT, python=sys.executable, base_url=None):
    """Assemble the site; returns {"scenes": [...], "placed": [...], "missing": {scene: reason}}."""
    if not (APP_BUILD / "index.html").is_file():
        raise RuntimeError(f"no browser build in {APP_BUILD}: run ./build.sh web first")
    scenes = list_scenes(python)
    templates = {name: (POSTS / f"{name}.html").read_text(encoding="utf-8") for name in PAGES}
    wanted = list(dict.fromkeys([m.group(1) for text in templates.values()
                                 for m in DEMO_PATTERN.finditer(text)] + list(scenes)))
    missing = poster_reasons(scenes, wanted)
    version = bundle.content_version(bundle.archive_path(APP_BUILD))
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    pages, info = render_site(templates, scenes, missing, base_url, version)
    for name, page in pages.items():
        (out / f"{name}.html").write_text(page, encoding="utf-8")
    if base_url:  # an oEmbed answer holds nothing but addresses: none without the site's
        (out / OEMBED_DIR).mkdir()
        for scene in (s for s in scenes if s not in missing):
            answer = oembed(scene, scenes, base_url, version)
            (out / OEMBED_DIR / f"{scene}.json").write_text(
                json.dumps(answer, ensure_ascii=False, indent=1), encoding="utf-8")
    for name in STATIC:
        shutil.copy2(WEB / name, out / name)
    pictures = sorted({m.group(1) for text in templates.values() for m in IMAGE_PATTERN.finditer(text)})
    if pictures:
        (out / "images").mkdir()
    for name in pictures:
        if not (PICTURES / name).is_file():
            raise RuntimeError(f"a page shows images/{name}, which is not in docs/images/")
        shutil.copy2(PICTURES / name, out / "images" / name)
    shutil.copytree(APP_BUILD, out / DEMO_DIR)
    for frame in sorted((out / DEMO_DIR).glob("*.html")):  # index.html and each SCENE.html
        scene = "" if frame.stem == "index" else frame.stem
        text = frame.read_text(encoding="utf-8")
        frame.write_text(frame_page_share(text, scene if scene in scenes else "", base_url, version),
                         encoding="utf-8")
    placed = [s for page_info in info.values() for s in page_info["placed"]]
    return {"scenes": list(scenes), "placed": placed, "missing": missing, "pages": list(pages)}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m web.site", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the site")
    parser.add_argument("--base-url", help="public address of the site, for absolute embed snippets")
    parser.add_argument("--strict", action="store_true", help="exit 1 if any poster is missing")
    args = parser.parse_args(argv)
    try:
        base_url = site_address.resolve(args.base_url)
    except ValueError as error:
        print(f"site: error: {error}", file=sys.stderr)
        return 2
    if base_url is None:
        print(NO_ADDRESS_LINE)
    try:
        result = build_site(args.out.resolve(), base_url=base_url)
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired, bundle.BundleError) as error:
        print(f"site: error: {error}", file=sys.stderr)
        return 1
    rendered = [scene for scene in dict.fromkeys(result["placed"] + result["scenes"])
                if scene not in result["missing"]]
    shares = f"oEmbed {OEMBED_DIR}/, share addresses under {base_url}" if base_url else "no oEmbed"
    print(f"site written to {args.out}/ (pages {', '.join(n + '.html' for n in result['pages'])}; "
          f"app {DEMO_DIR}/ with a frame page a scene, posters {POSTER_DIR}/; {shares})")
    print(f"posters rendered: {', '.join(rendered) or 'none'}")
    if result["missing"]:
        print("!!! POSTERS NOT RENDERED (the post shows a notice in their place):", file=sys.stderr)
        for scene, reason in result["missing"].items():
            print(f"!!!   {scene}: {reason}", file=sys.stderr)
        return 1 if args.strict else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
