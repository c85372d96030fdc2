"""The example blog: assembles `build/site/` from the browser build and our pages (P2, P4).

    python -m web.site [--out build/site] [--base-url https://example.org/verlet/] [--strict]

Run after `python -m web.bundle` (`./build.sh site` does both). Writes

    build/site/index.html       the index: contents, how to embed, the embed API, credits
    build/site/NAME.html        one page per post (web/posts/NAME.html, PAGES below)
    build/site/oembed/SCENE.json  static oEmbed (type rich) for each demo a page shows
    build/site/post.css, post.js, favicon.png
    build/site/images/NAME.png  every README picture a page shows (src="images/NAME.png"),
                                copied from docs/images/ (`./build.sh shots` renders them)
    build/site/demo/            the pygbag app (a copy of build/web/), one build for every scene,
                                with each scene's poster in demo/posters/ (web.bundle renders
                                them with `main.py --headless`; the pages show the same files)

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

from web import bundle, posters

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
POSTS = WEB / "posts"
PAGES = ("index", "takopi", "spider", "fabric", "rope")
"""The pages, index first: web/posts/NAME.html -> build/site/NAME.html."""
SITE_NAME = "Verlet Playground"
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


def demo_url(scene):
    """The app's address for one scene, relative to the post (scene always first)."""
    return f"{DEMO_DIR}/index.html?scene={scene}"


def embed_snippet(scene, label, base_url=None):
    """The iframe a blogger pastes (one line); absolute when the site's address is known.
    The frame shows its poster until the reader presses play; color-scheme:light keeps it
    transparent on pages that declare a dark color scheme."""
    src = (base_url.rstrip("/") + "/" if base_url else "") + demo_url(scene)
    return (f'<iframe src="{html.escape(src)}" title="{html.escape(label)}" width="960" height="540" '
            'style="width:100%;height:auto;aspect-ratio:16/9;border:0;color-scheme:light" '
            'loading="lazy" allow="autoplay; fullscreen" allowfullscreen></iframe>')


def figure(scene, label, help_text, missing_reason, base_url=None, version=""):
    """The HTML of one demo in the post: poster + play button, caption, embed snippet."""
    e = html.escape
    title = f"{label} (Verlet Playground)"
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
    <button class="poster" type="button" data-src="{e(url)}&amp;autostart=1" data-title="{e(title)}">
      <img src="{e(poster)}" alt="{e(label)}: {e(help_text)}" width="960" height="540" loading="lazy" decoding="async">
      <span class="play" aria-hidden="true"></span>
      <span class="hint">눌러서 실행 · <span lang="en">click to play</span></span>
    </button>
  </div>
  <figcaption>{e(label)} <span class="en" lang="en">{e(help_text)}</span>
    <a href="{e(url)}&amp;autostart=1" target="_blank" rel="noopener">전체 화면으로 열기 · <span lang="en">open full page</span></a></figcaption>
  <details class="embed">
    <summary>퍼가기 · embed this demo</summary>
    <pre><code{relative}>{e(snippet)}</code></pre>
    <p class="local-warning" role="alert" hidden>이 주소는 이 컴퓨터에서만 열려요.
      <code>./build.sh site --base-url https://YOUR-SITE/</code>로 빌드하세요.
      <span class="en" lang="en">This address only opens on this computer: build the site with
      <code>--base-url</code> set to its public address.</span></p>
    <button class="copy" type="button">복사 · copy</button>
  </details>
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


def oembed(scene, label, scenes, base_url=None, version=""):
    """The static oEmbed answer for one demo (type rich: the iframe snippet as html)."""
    return {"version": "1.0", "type": "rich", "provider_name": SITE_NAME,
            "title": label, "html": embed_snippet(scene, f"{label} ({SITE_NAME})", base_url),
            "width": 960, "height": 540,
            "thumbnail_url": absolute(poster_path(scene, version), base_url),
            "thumbnail_width": 960, "thumbnail_height": 540,
            "description": scenes.get(scene, {}).get("help", "")}


def meta_tags(title, description, name, shown, base_url=None, version=""):
    """Open Graph and Twitter card tags for a page, and an oEmbed link per demo it shows."""
    e = html.escape
    image = absolute(poster_path(shown[0] if shown else "takopi", version), base_url)
    url = absolute(f"{name}.html" if name != "index" else "", base_url) or "./"
    tags = [f'<meta property="og:type" content="{"website" if name == "index" else "article"}">',
            f'<meta property="og:site_name" content="{SITE_NAME}">',
            f'<meta property="og:title" content="{e(title)}">',
            f'<meta property="og:description" content="{e(description)}">',
            f'<meta property="og:image" content="{e(image)}">',
            '<meta property="og:image:width" content="960">',
            '<meta property="og:image:height" content="540">',
            f'<meta property="og:url" content="{e(url)}">',
            '<meta name="twitter:card" content="summary_large_image">',
            f'<meta name="twitter:title" content="{e(title)}">',
            f'<meta name="twitter:description" content="{e(description)}">',
            f'<meta name="twitter:image" content="{e(image)}">']
    for scene in shown:
        href = absolute(f"{OEMBED_DIR}/{scene}.json", base_url)
        tags.append(f'<link rel="alternate" type="application/json+oembed" href="{e(href)}" '
                    f'title="{e(scene)} ({SITE_NAME})">')
    return "\n".join(tags)


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
        page = page.replace("{{meta}}", meta_tags(title, description, name, shown, base_url, version))
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
    (out / OEMBED_DIR).mkdir(parents=True)
    pages, info = render_site(templates, scenes, missing, base_url, version)
    for name, page in pages.items():
        (out / f"{name}.html").write_text(page, encoding="utf-8")
    labels = {m.group(1): m.group(2).strip() for text in templates.values()
              for m in DEMO_PATTERN.finditer(text)}
    for scene in (s for page_info in info.values() for s in page_info["shown"]):
        answer = oembed(scene, labels.get(scene, scene), scenes, base_url, version)
        (out / OEMBED_DIR / f"{scene}.json").write_text(json.dumps(answer, ensure_ascii=False, indent=1),
                                                        encoding="utf-8")
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
    if base_url:  # the frame's own card image, absolute for crawlers
        frame = out / DEMO_DIR / "index.html"
        text = frame.read_text(encoding="utf-8")
        frame.write_text(text.replace('content="posters/', f'content="{absolute(DEMO_DIR, base_url)}/posters/'),
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
        result = build_site(args.out.resolve(), base_url=args.base_url)
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired, bundle.BundleError) as error:
        print(f"site: error: {error}", file=sys.stderr)
        return 1
    rendered = [scene for scene in dict.fromkeys(result["placed"] + result["scenes"])
                if scene not in result["missing"]]
    print(f"site written to {args.out}/ (pages {', '.join(n + '.html' for n in result['pages'])}; "
          f"app {DEMO_DIR}/, posters {POSTER_DIR}/, oEmbed {OEMBED_DIR}/)")
    print(f"posters rendered: {', '.join(rendered) or 'none'}")
    if result["missing"]:
        print("!!! POSTERS NOT RENDERED (the post shows a notice in their place):", file=sys.stderr)
        for scene, reason in result["missing"].items():
            print(f"!!!   {scene}: {reason}", file=sys.stderr)
        return 1 if args.strict else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
