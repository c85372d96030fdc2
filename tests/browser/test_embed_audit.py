"""The accessibility gate in pytest: axe-core reports 0 violations on every
page of the example blog and on the frame as poster, loading, started (stand-in runtime) and
failed, in light and dark mode. Lighthouse takes minutes, so it runs in `python -m web.audit`
(which also runs axe); this test is the quick half of the same gate, with the same targets.
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
    assert len(found) == len(audit.PAGES) + len(audit.FRAME_STATES)
    assert {label: v for label, v in found.items() if v} == {}
