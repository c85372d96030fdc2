"""The example blog page: assembles `build/site/` from the browser build and our post (P2, P4).

    python -m web.site [--out build/site] [--base-url https://example.org/verlet/] [--strict]

Run after `python -m web.bundle` (`./build.sh site` does both). Writes

    build/site/index.html       the post (web/post.html with its placeholders filled)
    build/site/post.css, post.js, favicon.png
    build/site/demo/            the pygbag app (a copy of build/web/), one build for every scene
    build/site/posters/NAME.png each scene's poster, rendered by `main.py --headless`

Placeholders in web/post.html, each in double braces:

    demo:SCENE|LABEL   that scene's figure: poster with a play button that swaps in the iframe,
                       caption, embed snippet; when SCENE is not in this build (or its poster
                       cannot be rendered) a visible notice says so instead
    others             a figure for every scene of `main.py --list` the post does not place
                       (the section between the others markers is dropped when there is none)
    params             each scene's page parameters, from `main.py --list --json`
    built              one line saying what this build holds

Everything is generic over `main.py --list --json`: a new scene gets its poster and figure
without a change here. A poster that cannot be rendered never stops the build; it is named
loudly at the end (and `--strict` turns that into exit status 1).
"""

import argparse
import concurrent.futures
import html
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
POST = WEB / "post.html"
STATIC = ("post.css", "post.js", "favicon.png")
"""Files copied from web/ next to the post."""
APP_BUILD = ROOT / "build" / "web"
DEFAULT_OUT = ROOT / "build" / "site"
DEMO_DIR = "demo"
POSTER_DIR = "posters"
POSTER_FRAMES = 240
"""Frames simulated before a poster is taken: four seconds, when every demo has settled."""
POSTER_TIMEOUT = 120
"""Seconds one poster render may take before it is given up."""
RECIPES = WEB / "posters"
"""Optional per-scene poster recipes, web/posters/SCENE.json: {"frames": N, "events": [...],
"set": {"name": value}, "overlay": true}, events as in EVENTS.json (scenes.replay); with
"overlay" the poster shows the scene's overlay (issue 15: links coloured by strain)."""

DEMO_PATTERN = re.compile(r"\{\{demo:([A-Za-z0-9_-]+)\|([^}]*)\}\}")
OTHERS_SECTION = re.compile(r"<!--others-->(.*?)<!--/others-->", re.S)
LEADING_COMMENT = re.compile(r"(<!doctype html>\s*)<!--.*?-->\s*", re.S | re.I)


def list_scenes(python=sys.executable):
    """{name: {"help", "size", "params"}} from `main.py --list --json` (the headless contract)."""
    done = subprocess.run([python, "main.py", "--list", "--json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"main.py --list --json failed: {last_line(done.stderr)}")
    return json.loads(done.stdout)


def last_line(text):
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1] if lines else "no message"


def poster_recipe(scene):
    """Frames, scripted events and parameter settings for a scene's poster."""
    recipe = {"frames": POSTER_FRAMES, "events": None, "set": {}}
    path = RECIPES / f"{scene}.json"
    if path.is_file():
        recipe.update(json.loads(path.read_text(encoding="utf-8")))
    return recipe


def poster_command(python, scene, out_png, recipe, events_path=None):
    command = [python, "main.py", "--scene", scene, "--headless",
               "--frames", str(recipe["frames"]), "--screenshot", str(out_png)]
    if events_path:
        command += ["--input", str(events_path)]
    for name, value in recipe["set"].items():
        command += ["--set", f"{name}={value}"]
    if recipe.get("overlay"):
        command.append("--overlay")
    return command


def render_poster(python, scene, out_png):
    """Render one poster; returns None on success, else the reason it failed (one line)."""
    try:
        recipe = poster_recipe(scene)
    except (OSError, ValueError) as error:
        return f"bad poster recipe web/posters/{scene}.json: {error}"
    events_path = None
    if recipe["events"]:
        events_path = out_png.with_suffix(".events.json")
        events_path.write_text(json.dumps(recipe["events"]), encoding="utf-8")
    try:
        done = subprocess.run(poster_command(python, scene, out_png, recipe, events_path), cwd=ROOT,
                              capture_output=True, text=True, timeout=POSTER_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        return f"main.py --headless took longer than {POSTER_TIMEOUT} s"
    finally:
        if events_path:
            events_path.unlink(missing_ok=True)
    if done.returncode != 0:
        return f"main.py --headless exited {done.returncode}: {last_line(done.stderr)}"
    if not out_png.is_file() or out_png.stat().st_size == 0:
        return "main.py --headless wrote no picture"
    return None


def render_posters(python, scenes, wanted, poster_dir):
    """Render posters of the `wanted` scenes that exist; {scene: reason} for those without one."""
    poster_dir.mkdir(parents=True, exist_ok=True)
    missing = {}
    for scene in wanted:
        if scene not in scenes:
            missing[scene] = (f"scene '{scene}' is not in this build (main.py --list has: "
                              f"{', '.join(scenes) or 'nothing'})")
    present = [scene for scene in wanted if scene in scenes]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        reasons = pool.map(lambda s: render_poster(python, s, poster_dir / f"{s}.png"), present)
        for scene, reason in zip(present, reasons):
            if reason:
                missing[scene] = reason
    return missing


def demo_url(scene):
    """The app's address for one scene, relative to the post (scene always first)."""
    return f"{DEMO_DIR}/index.html?scene={scene}"


def embed_snippet(scene, label, base_url=None):
    """The iframe a blogger pastes; absolute when the site's public address is known."""
    src = (base_url.rstrip("/") + "/" if base_url else "") + demo_url(scene)
    return (f'<iframe src="{html.escape(src)}" title="{html.escape(label)}" width="960" height="540" '
            'style="width:100%;height:auto;aspect-ratio:16/9;border:0" loading="lazy" '
            'allow="autoplay; fullscreen" allowfullscreen></iframe>')


def figure(scene, label, help_text, missing_reason, base_url=None):
    """The HTML of one demo in the post: poster + play button, caption, embed snippet."""
    e = html.escape
    title = f"{label} (Verlet Playground)"
    if missing_reason is not None:
        return (f'<figure class="demo missing" data-scene="{e(scene)}">\n'
                f'  <div class="frame"><p class="notice" role="note">'
                f'이 빌드에는 &lsquo;{e(scene)}&rsquo; 데모의 포스터가 없습니다.<br>'
                f'<span class="en">No poster for the &lsquo;{e(scene)}&rsquo; demo in this build: '
                f'{e(missing_reason)}</span></p></div>\n'
                f'  <figcaption>{e(label)}</figcaption>\n</figure>')
    snippet = embed_snippet(scene, title, base_url)
    url = demo_url(scene)
    relative = "" if base_url else f' data-relative="{e(url)}"'
    return f'''<figure class="demo" data-scene="{e(scene)}">
  <div class="frame">
    <button class="poster" type="button" data-src="{e(url)}" data-title="{e(title)}"
            aria-label="{e(label)}: 데모 실행 (play the demo)">
      <img src="{POSTER_DIR}/{e(scene)}.png" alt="{e(label)}: {e(help_text)}" width="960" height="540">
      <span class="play" aria-hidden="true"></span>
      <span class="hint">눌러서 실행 · click to play</span>
    </button>
  </div>
  <figcaption>{e(label)} <span class="en">{e(help_text)}</span>
    <a href="{e(url)}" target="_blank" rel="noopener">전체 화면으로 열기 · open full page</a></figcaption>
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
            f"(기본 {e(str(spec['default']))}): <span class=\"en\">{e(spec['help'])}</span></li>"
            for param, spec in info["params"].items())
        rows.append(f"<dt><code>scene={e(name)}</code></dt><dd><ul>{items}"
                    "<li><code>seed</code>, <code>overlay=1</code></li></ul></dd>")
    return '<dl class="params">\n' + "\n".join(rows) + "\n</dl>"


def render_post(template, scenes, missing, base_url=None):
    """Fill the post template; returns (html, scenes placed by the post)."""
    placed = [match.group(1) for match in DEMO_PATTERN.finditer(template)]

    def one(match):
        scene, label = match.group(1), match.group(2).strip()
        help_text = scenes.get(scene, {}).get("help", "")
        return figure(scene, label, help_text, missing.get(scene), base_url)

    page = DEMO_PATTERN.sub(one, template)
    others = [scene for scene in scenes if scene not in placed]
    if others:
        blocks = "\n".join(figure(scene, scene, scenes[scene]["help"], missing.get(scene), base_url)
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
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    missing = render_posters(python, scenes, wanted, out / POSTER_DIR)
    page, placed = render_post(template, scenes, missing, base_url)
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
    except (RuntimeError, OSError, ValueError, subprocess.TimeoutExpired) as error:
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
