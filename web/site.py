"""The example blog page: assembles `build/site/` from the browser build and our post (P2, P4).

    python -m web.site [--out build/site] [--base-url https://example.org/verlet/] [--strict]

Run after `python -m web.bundle` (`./build.sh site` does both). Writes

    build/site/index.html       the post (web/post.html with its placeholders filled)
    build/site/post.css, post.js, favicon.png
    build/site/demo/            the pygbag app (a copy of build/web/), one build for every scene,
                                with each scene's poster in demo/posters/ (web.bundle renders
                                them with `main.py --headless`; the post shows the same files)

Placeholders in web/post.html, each in double braces:

    demo:SCENE|LABEL   that scene's figure: poster with a play button that swaps in the iframe
                       (with autostart=1: one click starts it), caption, embed snippet; when
                       SCENE is not in this build (or has no poster) a visible notice says so
    others             a figure for every scene of `main.py --list` the post does not place
                       (the section between the others markers is dropped when there is none)
    params             each scene's page parameters, from `main.py --list --json`
    built              one line saying what this build holds

Everything is generic over `main.py --list --json`: a new scene gets its poster and figure
without a change here. A poster that cannot be rendered never stops the build; it is named
loudly at the end (and `--strict` turns that into exit status 1).
"""

import argparse
import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

from web import bundle, posters

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
POST = WEB / "post.html"
STATIC = ("post.css", "post.js", "favicon.png")
"""Files copied from web/ next to the post."""
APP_BUILD = ROOT / "build" / "web"
DEFAULT_OUT = ROOT / "build" / "site"
DEMO_DIR = "demo"
POSTER_DIR = f"{DEMO_DIR}/{bundle.POSTERS}"
"""Where the post finds each scene's poster: the app's own (web.bundle renders them)."""

DEMO_PATTERN = re.compile(r"\{\{demo:([A-Za-z0-9_-]+)\|([^}]*)\}\}")
OTHERS_SECTION = re.compile(r"<!--others-->(.*?)<!--/others-->", re.S)
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
    return f'''<figure class="demo" data-scene="{e(scene)}">
  <div class="frame">
    <button class="poster" type="button" data-src="{e(url)}&amp;autostart=1" data-title="{e(title)}"
            aria-label="{e(label)}: 데모 실행 (play the demo)">
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


def render_post(template, scenes, missing, base_url=None, version=""):
    """Fill the post template; returns (html, scenes placed by the post)."""
    placed = [match.group(1) for match in DEMO_PATTERN.finditer(template)]

    def one(match):
        scene, label = match.group(1), match.group(2).strip()
        help_text = scenes.get(scene, {}).get("help", "")
        return figure(scene, label, help_text, missing.get(scene), base_url, version)

    page = DEMO_PATTERN.sub(one, template)
    others = [scene for scene in scenes if scene not in placed]
    if others:
        blocks = "\n".join(figure(scene, scene, scenes[scene]["help"], missing.get(scene), base_url,
                                  version)
                           for scene in others)
        page = OTHERS_SECTION.sub(lambda m: m.group(1).replace("{{others}}", blocks), page)
    else:
        page = OTHERS_SECTION.sub("", page)
    shown = [scene for scene in placed + others if scene not in missing]
    built = (f"Verlet Playground &middot; 이 페이지의 데모 {len(shown)}개: "
             f"{', '.join(shown) or '없음'} &middot; <code>./build.sh site</code>로 생성")
    page = page.replace("{{params}}", params_table(scenes)).replace("{{built}}", built)
    page = LEADING_COMMENT.sub(r"\1", page, count=1)
    return page, placed


def build_site(out=DEFAULT_OUT, python=sys.executable, base_url=None):
    """Assemble the site; returns {"scenes": [...], "placed": [...], "missing": {scene: reason}}."""
    if not (APP_BUILD / "index.html").is_file():
        raise RuntimeError(f"no browser build in {APP_BUILD}: run ./build.sh web first")
    scenes = list_scenes(python)
    template = POST.read_text(encoding="utf-8")
    wanted = list(dict.fromkeys([m.group(1) for m in DEMO_PATTERN.finditer(template)] + list(scenes)))
    missing = poster_reasons(scenes, wanted)
    version = bundle.content_version(bundle.archive_path(APP_BUILD))
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    page, placed = render_post(template, scenes, missing, base_url, version)
    (out / "index.html").write_text(page, encoding="utf-8")
    for name in STATIC:
        shutil.copy2(WEB / name, out / name)
    shutil.copytree(APP_BUILD, out / DEMO_DIR)
    return {"scenes": list(scenes), "placed": placed, "missing": missing}


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
    print(f"site written to {args.out}/ (post index.html, app {DEMO_DIR}/, posters {POSTER_DIR}/)")
    print(f"posters rendered: {', '.join(rendered) or 'none'}")
    if result["missing"]:
        print("!!! POSTERS NOT RENDERED (the post shows a notice in their place):", file=sys.stderr)
        for scene, reason in result["missing"].items():
            print(f"!!!   {scene}: {reason}", file=sys.stderr)
        return 1 if args.strict else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
