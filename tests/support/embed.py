"""Helpers of the embed tests: a blog on another origin that embeds the frame, and
real input through the DevTools protocol.

- `host_page(tmp_path, serve, frame_url, ...)`: writes a host page with text above and below
  one iframe (the snippet's style), served from its own 127.0.0.1 port, so the frame is
  cross-origin; the host keeps every message the frame posts on `window.got` (with the host's
  clock on `window.arrivals`), and `send(...)` posts one to the frame.
- `wait_message(page, kind, ...)` and `wait_until(page, script)`: wait for the frame's answer on
  a timer; a timeout says what the host got and what the stand-in app applied.
- `Input`: a CDP session that sends wheel and touch events as a reader's hardware would
  (`Input.dispatchMouseEvent`, `Input.dispatchTouchEvent`), and turns on phone emulation.
- `MOVING`: a script naming every element of a page that still animates or transitions.
"""

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>a stranger's blog</title>
<style>body {{ margin: 0; font: 18px/1.6 sans-serif; }} p {{ margin: 0 16px 12px; }}
#frame {{ display: block; width: 100%; height: auto; aspect-ratio: 16/9; border: 0; }}</style></head>
<body>
<h1>my post</h1>
{above}
<iframe id="frame" src="{src}" title="demo" width="960" height="540" allow="{allow}" allowfullscreen></iframe>
{below}
<script>
window.got = [];
window.arrivals = [];  // [type, performance.now()] of each message, as the host's clock saw it
window.addEventListener("message", (event) => {{
  if (event.source !== document.getElementById("frame").contentWindow) return;
  window.got.push(event.data);
  window.arrivals.push([event.data && event.data.type, performance.now()]);
}});
window.send = (message) => document.getElementById("frame").contentWindow.postMessage(message, "*");
</script>
</body></html>
"""
TEXT = "<p>" + "Words a reader scrolls past on the way to the demo. " * 6 + "</p>"


def host_page(tmp_path, serve, frame_url, above=2, below=40, allow="autoplay; fullscreen"):
    """The host page's URL: `above` and `below` paragraphs around the embedded frame, whose
    iframe has `allow` (a host's own snippet: without clipboard-write by default)."""
    folder = tmp_path / "blog"
    folder.mkdir(exist_ok=True)
    (folder / "post.html").write_text(HOST_PAGE.format(src=frame_url, above=TEXT * above,
                                                       below=TEXT * below, allow=allow), encoding="utf-8")
    return serve(folder) + "post.html"


def frame_of(page):
    """The embedded frame (playwright reaches into it across origins)."""
    return page.frame_locator("#frame")


def inner_frame(page):
    return next(frame for frame in page.frames if frame != page.main_frame)


def messages(page, kind=None):
    got = page.evaluate("window.got")
    return [m for m in got if kind is None or m.get("type") == kind]


WAIT_MS = 30000
"""How long a test waits for the frame's answer: the stand-in answers within a frame or two,
but a loaded CI machine once let 15 s pass."""


def wait_until(page, script, arg=None, what="the host's condition"):
    """`page.wait_for_function(script, arg)` polled on a timer (the host's animation frames are
    not what the test waits for); on a timeout, an assertion that says what the host got and
    what the frame's stand-in app applied, so a failure in a long run explains itself."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(script, arg=arg, polling=100, timeout=WAIT_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"waited {WAIT_MS / 1000:.0f} s for {what}; {what_came(page)}") from None


def what_came(page):
    """One line: the messages the host got, the host's and the frame's visibility, and the
    commands the stand-in app applied (when there is one)."""
    got = page.evaluate("window.got || []")
    said = [{k: v for k, v in m.items() if k not in ("verlet", "scene")} for m in got][-12:]
    frames = [frame for frame in page.frames if frame != page.main_frame]
    inside = "no frame"
    if frames:
        inside = frames[0].evaluate(
            "JSON.stringify({visibility: document.visibilityState, away: window.verletPage && "
            "window.verletPage.away, applied: window.standin && window.standin.applied, "
            "scenesInItsBuild: window.verletPage && Object.keys(window.verletPage.build.scenes || {}).length, "
            "address: location.href})")
    return (f"the host got {len(got)} messages, the last {said}; host page "
            f"{page.evaluate('document.visibilityState')}; frame {inside}")


def wait_message(page, kind, **fields):
    """Wait until the host has a message of `kind` with these fields; returns it."""
    wait_until(page, "([kind, fields]) => window.got.some((m) => m.type === kind && "
               "Object.entries(fields).every(([k, v]) => m[k] === v))", arg=[kind, fields],
               what=f"a {kind!r} message with {fields}")
    return [m for m in messages(page, kind) if all(m.get(k) == v for k, v in fields.items())][-1]


class Input:
    """Wheel and touch through Chromium's input pipeline, and phone emulation."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def phone(self, width, height):
        self.cdp.send("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        self.cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})

    def wheel(self, x, y, delta=400):
        self.cdp.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        self.cdp.send("Input.dispatchMouseEvent",
                      {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": delta})
        self.page.wait_for_timeout(600)  # let a smooth scroll finish before it is read

    def swipe(self, x, y, dy=-300, steps=10, hold=0):
        """A finger down at (x, y), moved by dy in `steps`, then lifted.

        With `hold` (ms) the finger rests at the end before it lifts, so the page scrolls by
        the finger's travel and no fling follows: a fling's length depends on how fast the
        moves arrived, which a loaded machine changes from run to run.
        """
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        end = {"x": x, "y": y + dy}
        for step in range(1, steps + 1):
            self.cdp.send("Input.dispatchTouchEvent",
                          {"type": "touchMove", "touchPoints": [{"x": x, "y": y + dy * step / steps}]})
            self.page.wait_for_timeout(16)
        if hold:
            self.page.wait_for_timeout(hold)
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [end]})
            self.page.wait_for_timeout(hold)
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.page.wait_for_timeout(600)


def scroll_y(page):
    return page.evaluate("window.scrollY")


def centre(page, selector):
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


MOVING = """() => Array.from(document.querySelectorAll('*')).flatMap((el) => {
  const moving = [];
  for (const pseudo of [null, '::before', '::after']) {
    const style = getComputedStyle(el, pseudo);
    const durations = (style.transitionDuration + ',' + style.animationDuration).split(',').map(parseFloat);
    if (style.animationName !== 'none' || durations.some((d) => d > 0)) {
      moving.push((el.id || el.className || el.tagName) + (pseudo || ''));
    }
  }
  return moving;
})"""
"""Every element (and its ::before/::after) that still animates or transitions."""
