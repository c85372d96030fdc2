"""The accessibility gate: html-validate, axe-core and Lighthouse over the example blog and the frame.

    python -m web.audit [--site build/site] [--no-lighthouse] [--json out.json]

Run after `./build.sh site`. First html-validate 10 (node_modules/html-validate, its
"standard" preset) reads every page of the site and every frame page (demo/*.html): 0 errors.
Then it serves the site on 127.0.0.1 and audits, in light and dark mode, every page of the
example blog, a scene's own frame page (demo/spider.html) and the frame in its four states:
poster, loading, started and failed (the last three with the stand-in runtime of
tests/browser/standin/, since the real one cannot be fetched here), and, for axe alone, the
frame's copy field (shown when a host forbids the clipboard). axe-core 4 (node_modules/axe-core,
injected with playwright into Debian's Chromium) must report 0 violations, and Lighthouse 12
(node_modules/lighthouse, run by web/lighthouse_gate.mjs on the same Chromium) 100 for
accessibility, best practices and SEO. Prints one line per target and a summary; exit status 0
when the gate holds, 1 when it does not, 2 when a tool is missing (`npm ci`, `apt-get install
chromium`). Nothing leaves 127.0.0.1.
"""

import argparse
import functools
import http.server
import json
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LIGHTHOUSE = ROOT / "node_modules" / "lighthouse"
GATE_JS = ROOT / "web" / "lighthouse_gate.mjs"
HTML_VALIDATE = ROOT / "node_modules" / "html-validate" / "bin" / "html-validate.mjs"
CHROMIUM = "/usr/bin/chromium"
SCHEMES = ("light", "dark")
PAGES = ("index.html", "takopi.html", "spider.html", "fabric.html", "rope.html")
FAILURE_LINE = "ModuleNotFoundError: No module named 'pygame'"
FRAME_STATES = {  # label: (query, stand-in plan or None, the frame's state to wait for)
    "frame poster": ("scene=takopi", None, "poster"),
    "frame loading": ("scene=takopi&autostart=1", {"fail": "never", "stageMs": 100000}, "loading"),
    "frame started": ("scene=takopi&autostart=1", {}, "started"),
    "frame failed": ("scene=takopi&autostart=1", {"fail": "import", "line": FAILURE_LINE}, "failed"),
}
SCENE_PAGE = "spider.html"
"""The scene's own frame page audited beside index.html (web.bundle writes one a scene)."""
COPY_FIELD = ("window.verletPage.showCopyField('https://example.org/verlet/demo/takopi.html?seed=0',"
              " 'policy')")
"""Opens the frame's copy field, audited by axe (Lighthouse audits pages as they load)."""
CATEGORIES = ("accessibility", "best-practices", "seo")


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json"}

    def log_message(self, *args):
        pass


def serve(folder):
    """Serve `folder` on 127.0.0.1 (a free port); returns (base URL, server)."""
    handler = functools.partial(Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}/", server


def targets(base, site):
    """[(label, url, stand-in plan, frame state)] for the pages the site has and the frame."""
    found = [(f"page {name}", base + name, None, None) for name in PAGES if (site / name).is_file()]
    if (site / "demo" / SCENE_PAGE).is_file():
        found.append((f"frame {SCENE_PAGE}", f"{base}demo/{SCENE_PAGE}", None, "poster"))
    for label, (query, plan, state) in FRAME_STATES.items():
        found.append((label, f"{base}demo/index.html?{query}", plan, state))
    return found


def html_files(site):
    """Every page html-validate reads: the blog's pages and the frame's (demo/*.html)."""
    return sorted(site.glob("*.html")) + sorted((site / "demo").glob("*.html"))


def run_html_validate(site):
    """[(file relative to the site, line, rule, message)] for every error html-validate's
    standard preset finds in `html_files(site)`."""
    files = html_files(site)
    done = subprocess.run(["node", str(HTML_VALIDATE), "--preset", "standard", "--formatter", "json",
                           *map(str, files)], cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=False)
    try:
        reports = json.loads(done.stdout or "[]")
    except json.JSONDecodeError:
        raise RuntimeError(f"html-validate gave no report: {done.stderr.strip()[-300:]}") from None
    found = []
    for report in reports:
        name = Path(report["filePath"]).resolve().relative_to(site.resolve()).as_posix()
        found += [(name, m.get("line"), m.get("ruleId"), m.get("message"))
                  for m in report.get("messages", []) if m.get("severity") == 2]
    return found, len(files)


def open_target(page, url, plan, state):
    """Open one target in a playwright page (stand-in routed when `plan` is given)."""
    if plan is not None:
        from tests.support.standin import StandIn

        StandIn(page, fail=plan.get("fail"), line=plan.get("line", ""))
        if "stageMs" in plan:
            page.add_init_script(f"window.STANDIN.stageMs = {int(plan['stageMs'])};")
    page.goto(url)
    page.wait_for_load_state("load")
    if state:
        page.wait_for_function("(s) => window.verletPage && window.verletPage.state === s", arg=state,
                               timeout=20000)
    page.wait_for_timeout(300)


def axe_violations(page):
    """[{id, impact, nodes, help}] that axe-core finds on the page as it is now."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']})"
                          ".then((r) => r.violations.map((v) => ({id: v.id, impact: v.impact, "
                          "nodes: v.nodes.length, help: v.help, where: v.nodes.slice(0, 3).map((n) => n.target.join(' '))})))")
    return found


def run_axe(base, site):
    """{(label, scheme): violations} over every target, in both schemes."""
    from playwright.sync_api import sync_playwright

    results = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-gpu"])
        try:
            for scheme in SCHEMES:
                copy_field = ("frame copy field", f"{base}demo/index.html?scene=takopi", None, "poster")
                for label, url, plan, state in targets(base, site) + [copy_field]:
                    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 800})
                    context.route("**/*", lambda route: route.continue_()
                                  if route.request.url.startswith(("http://127.0.0.1:", "data:", "blob:"))
                                  else route.abort("internetdisconnected"))
                    page = context.new_page()
                    try:
                        open_target(page, url, plan, state)
                        if label == copy_field[0]:
                            page.evaluate(COPY_FIELD)
                            page.wait_for_selector("#vp-copy:not([hidden])")
                        results[(label, scheme)] = axe_violations(page)
                    except Exception as error:  # a state never reached: a failure of the gate
                        results[(label, scheme)] = [{"id": "audit-error", "impact": "critical",
                                                     "nodes": 0, "help": str(error).splitlines()[0]}]
                    context.close()
        finally:
            browser.close()
    return results


def run_lighthouse(base, site):
    """{(label, scheme): {"scores", "failing"} or {"error"}} from web/lighthouse_gate.mjs."""
    plan = [{"label": label, "url": url, "scheme": scheme, "standin": extra}
            for scheme in SCHEMES for label, url, extra, _ in targets(base, site)]
    wanted = {label: state for label, _, _, state in targets(base, site)}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(plan, handle)
    done = subprocess.run(["node", str(GATE_JS), handle.name], cwd=ROOT, capture_output=True,
                          text=True, timeout=1800, env={"CHROME_PATH": CHROMIUM, "PATH": "/usr/bin:/bin"},
                          check=False)
    results = {}
    for line in done.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            key = (row["label"], row["scheme"])
            if "error" not in row and row.get("state") != wanted.get(row["label"]):
                row = {"error": f"audited in state {row.get('state')}, not {wanted.get(row['label'])}"}
            results[key] = row
    if not results:
        raise RuntimeError(f"lighthouse gave nothing: {done.stderr.strip()[-400:]}")
    return results


def summarise(axe, lighthouse, html=None):
    """Lines to print, and whether the gate holds."""
    lines, holds = [], True
    if html is not None:
        errors, files = html
        lines.append(f"html-validate (standard): {len(errors)} error{'' if len(errors) == 1 else 's'} "
                     f"in {files} pages")
        lines += [f"  {name}:{line} {rule}: {message}" for name, line, rule, message in errors[:20]]
        holds &= not errors
    for (label, scheme), violations in axe.items():
        ids = ", ".join(f"{v['id']} x{v['nodes']}" for v in violations) or "0 violations"
        row = f"{label:15} {scheme:5}  axe: {ids}"
        holds &= not violations
        if lighthouse is not None:
            found = lighthouse.get((label, scheme), {"error": "not run"})
            if label == "frame copy field":  # axe alone: Lighthouse audits pages as they load
                lines.append(row)
                continue
            if "error" in found:
                row += f"  lighthouse: error {found['error'][:80]}"
                holds = False
            else:
                scores = found["scores"]
                row += "  lighthouse: " + " / ".join(f"{name} {scores[name]}" for name in CATEGORIES)
                if found["failing"]:
                    row += f" ({', '.join(found['failing'])})"
                holds &= all(scores[name] == 100 for name in CATEGORIES)
        lines.append(row)
    lines.append("GATE HOLDS: html-validate 0 errors, axe 0 violations, Lighthouse 100/100/100 everywhere"
                 if holds else "GATE FAILS: see the lines above")
    return lines, holds


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m web.audit", description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "site", help="the built site")
    parser.add_argument("--no-lighthouse", action="store_true", help="html-validate and axe only (quick)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    missing = [what for what, there in (("node_modules/axe-core (npm ci)", AXE.is_file()),
                                        ("node_modules/html-validate (npm ci)", HTML_VALIDATE.is_file()),
                                        ("Chromium at /usr/bin/chromium", Path(CHROMIUM).is_file()),
                                        ("node_modules/lighthouse (npm ci)",
                                         args.no_lighthouse or LIGHTHOUSE.is_dir()),
                                        (f"{args.site}/demo/index.html (./build.sh site)",
                                         (args.site / "demo" / "index.html").is_file()))
               if not there]
    if missing:
        print(f"audit: error: missing {', '.join(missing)}", file=sys.stderr)
        return 2
    try:
        html = run_html_validate(args.site)
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        print(f"audit: error: {error}", file=sys.stderr)
        return 2
    base, server = serve(args.site.resolve())
    try:
        axe = run_axe(base, args.site)
        lighthouse = None if args.no_lighthouse else run_lighthouse(base, args.site)
    finally:
        server.shutdown()
    lines, holds = summarise(axe, lighthouse, html)
    print("\n".join(lines))
    if args.json:
        args.json.write_text(json.dumps({"html-validate": html[0],
                                         "axe": {f"{k[0]} ({k[1]})": v for k, v in axe.items()},
                                         "lighthouse": {f"{k[0]} ({k[1]})": v for k, v in (lighthouse or {}).items()}},
                                        indent=1), encoding="utf-8")
    return 0 if holds else 1


if __name__ == "__main__":
    sys.exit(main())
