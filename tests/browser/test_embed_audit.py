"""The accessibility gate in pytest: html-validate (standard preset) finds 0 errors in every
page of the site and every frame page; axe-core reports 0 violations on every page of the
example blog, a scene's frame page, the frame as poster, loading, started (stand-in runtime)
and failed, and its copy field, in light and dark mode. Lighthouse takes minutes, so it runs in
`python -m web.audit` (which also runs the other two); this test is the quick half of the same
gate, with the same targets.
"""

import pytest

from web import audit

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def axe_ready():
    if not audit.AXE.is_file():
        pytest.skip("NO AXE-CORE: node_modules/axe-core is missing; run npm ci")
    return audit.AXE


@pytest.mark.parametrize("scheme", audit.SCHEMES)
def test_axe_finds_nothing_on_the_blog_and_the_frame(page, serve, site, axe_ready, scheme):
    base = serve(site["dir"])
    page.emulate_media(color_scheme=scheme)
    page.set_viewport_size({"width": 1280, "height": 800})
    found = {}
    for label, url, plan, state in audit.targets(base, site["dir"]):
        tab = page.context.new_page()
        tab.emulate_media(color_scheme=scheme)
        try:
            audit.open_target(tab, url, plan, state)
            found[label] = audit.axe_violations(tab)
        finally:
            tab.close()
    tab = page.context.new_page()
    tab.emulate_media(color_scheme=scheme)
    try:
        audit.open_target(tab, base + "demo/index.html?scene=takopi", None, "poster")
        tab.evaluate(audit.COPY_FIELD)
        tab.wait_for_selector("#vp-copy:not([hidden])")
        found["frame copy field"] = audit.axe_violations(tab)
    finally:
        tab.close()
    assert len(found) == len(audit.PAGES) + 1 + len(audit.FRAME_STATES) + 1
    assert {label: v for label, v in found.items() if v} == {}


@pytest.fixture(scope="module")
def html_validate():
    if not audit.HTML_VALIDATE.is_file():
        pytest.skip("NO HTML-VALIDATE: node_modules/html-validate is missing; run npm ci")
    return audit.HTML_VALIDATE


def test_html_validate_finds_no_error_in_the_site(site, html_validate):
    """Before: 8 errors (a <details> after each demo's <figcaption>, a frame <img> without src)."""
    errors, files = audit.run_html_validate(site["dir"])
    assert files == len(audit.PAGES) + 8  # the blog's pages; the frame's index.html and 7 scenes
    assert errors == []


def test_html_validate_in_the_gate_names_what_it_finds(tmp_path, html_validate):
    (tmp_path / "demo").mkdir()
    (tmp_path / "index.html").write_text('<!doctype html><html lang="en"><head><title>t</title></head>'
                                         '<body><img alt=""></body></html>', encoding="utf-8")
    errors, files = audit.run_html_validate(tmp_path)
    assert files == 1 and [(name, rule) for name, _, rule, _ in errors] == [
        ("index.html", "element-required-attributes")]
    lines, holds = audit.summarise({}, None, (errors, files))
    assert not holds and lines[0] == "html-validate (standard): 1 error in 1 pages"
