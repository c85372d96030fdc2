"""Drawing the web: mooring lines, threads (silvery, anti-aliased; fresh silk brighter, a new
shot flying out) and the anchors.

Anti-aliased lines cost per pixel and per call. The per-call part is cut by drawing every thread
that is not fresh silk as part of a polyline (`pygame.draw.aalines`): a run of connected threads
of one colour. Which threads make up the runs depends only on the web's topology and on which
silk is still fresh, so the runs are worked out once (`WebRuns`) and kept until the web changes
(`Web.version`), a fresh thread ages, or another web is drawn (a restart); each frame only reads
the knots' positions. Fresh silk changes colour as it ages and is drawn thread by thread on top.

Quality tiers (`app.quality`): "high" and "medium" draw all this anti-aliased;
"low" draws the same lines plain (`pygame.draw.lines`), fresh silk as one line instead of two.
"""

import weakref
from math import hypot, inf

import pygame

from scenes.kit.draw import disc

from scenes.spider.model.enemies import FRESH_FRAMES
from .model import WEB_CENTER
from .view_colors import ANCHOR, MOORING, SKY_BOTTOM, STRAND, THREAD, THREAD_FRESH, mix

SHOT_FLIGHT_FRAMES = 8
"""Frames a new thread takes to fly out to its end on screen."""
MOORING_LENGTH = 150.0
"""How far the woven anchors' mooring lines run on past the frame, px."""
MOORING_FADE = [mix(SKY_BOTTOM, MOORING, (1.0 - i / 6) * 0.8) for i in range(6)]
"""Colours of a mooring line's pieces, from the anchor outward."""


def draw_web(surface, model, camera, quality="high"):
    """Mooring lines, then the threads, then the anchors, all shifted by `camera`; at "low"
    with plain lines."""
    web = model.web
    runs = web_runs(web)
    cx, cy = camera
    smooth = quality != "low"
    line, lines = ((pygame.draw.aaline, pygame.draw.aalines) if smooth
                   else (pygame.draw.line, pygame.draw.lines))
    _draw_moorings(surface, runs.moored, cx, cy, line)
    for color, knots in runs.runs:
        points = [(knot.x - cx, knot.y - cy) for knot in knots]
        if len(points) == 2:
            line(surface, color, points[0], points[1])
        else:
            lines(surface, color, False, points)
    now = web.frame
    for thread in runs.fresh:
        _draw_fresh(surface, thread, now - thread.born, cx, cy, smooth)
    width, height = surface.get_size()
    for knot in runs.anchors:
        x, y = knot.x - cx, knot.y - cy
        if -6 < x < width + 6 and -6 < y < height + 6:
            disc(surface, ANCHOR, (x, y), 2.5 if knot.born == 0 else 3.5)


def _draw_fresh(surface, thread, age, cx, cy, smooth=True):
    """A fresh silk thread: brighter the younger it is, doubled (single and plain unless
    `smooth`), flying out while brand new."""
    a, b = thread.a, thread.b
    x0, y0, x1, y1 = a.x - cx, a.y - cy, b.x - cx, b.y - cy
    if age < SHOT_FLIGHT_FRAMES:
        p = (age + 1) / SHOT_FLIGHT_FRAMES
        x1, y1 = x0 + (x1 - x0) * p, y0 + (y1 - y0) * p
    color = mix(THREAD, THREAD_FRESH, 1.0 - age / FRESH_FRAMES)
    if not smooth:
        pygame.draw.line(surface, color, (x0, y0), (x1, y1))
        return
    pygame.draw.aaline(surface, color, (x0, y0), (x1, y1))
    pygame.draw.aaline(surface, color, (x0 + 0.5, y0 + 0.5), (x1 + 0.5, y1 + 0.5))


def _draw_moorings(surface, anchors, cx, cy, line=pygame.draw.aaline):
    """From each woven anchor a line fading outward: the thread that ties the frame to the world.

    A line is drawn as len(MOORING_FADE) pieces of fading colour. Most lie off the canvas (the
    anchors sit at the edge of the view and the lines run outward) and are skipped before the
    call: a line or piece whose box misses the canvas by 2 px leaves no pixel on it.
    """
    width, height = surface.get_size()
    pieces = len(MOORING_FADE)
    step = MOORING_LENGTH / pieces
    left, top, right, bottom = -2, -2, width + 2, height + 2
    for knot in anchors:
        x, y = knot.x - cx, knot.y - cy
        dx, dy = knot.x - WEB_CENTER[0], knot.y - WEB_CENTER[1]
        length = hypot(dx, dy) or 1.0
        ux, uy = dx / length * step, dy / length * step
        if not _meets(x, y, x + ux * pieces, y + uy * pieces, left, top, right, bottom):
            continue
        for i, color in enumerate(MOORING_FADE):
            x0, y0, x1, y1 = x + ux * i, y + uy * i, x + ux * (i + 1), y + uy * (i + 1)
            if _meets(x0, y0, x1, y1, left, top, right, bottom):
                line(surface, color, (x0, y0), (x1, y1))


def _meets(x0, y0, x1, y1, left, top, right, bottom):
    """True when the box of segment (x0, y0)-(x1, y1) overlaps the box left..right x top..bottom."""
    return ((x0 > left or x1 > left) and (x0 < right or x1 < right)
            and (y0 > top or y1 > top) and (y0 < bottom or y1 < bottom))


# --- the runs -------------------------------------------------------------------------------

class WebRuns:
    """One web's threads sorted for drawing, valid while its topology and fresh silk stay.

    runs     [(colour, [knot, ...])]: polylines covering every thread that is not fresh silk
    fresh    the fresh silk threads, drawn one by one
    anchors  the pinned knots; `moored` those of the woven frame, which get mooring lines
    """

    def __init__(self, web):
        self.web = weakref.ref(web)
        self.version = web.version
        self.count = len(web.threads)
        now = web.frame
        self.fresh, settled = [], []
        for thread in web.threads:
            young = thread.kind == "silk" and now - thread.born < FRESH_FRAMES
            (self.fresh if young else settled).append(thread)
        self.until = min((t.born + FRESH_FRAMES for t in self.fresh), default=inf)
        self.runs = chain_runs(settled)
        self.anchors = [knot for knot in web.knots if knot.pinned]
        self.moored = [k for k in self.anchors if k.kind == "anchor" and k.born == 0]

    def fits(self, web):
        """True while these runs still describe `web`."""
        return (self.web() is web and web.version == self.version
                and len(web.threads) == self.count and web.frame < self.until)


_runs = weakref.WeakKeyDictionary()
"""WebRuns by web; an entry goes with its web (a restart makes a new one)."""


def web_runs(web):
    """The current WebRuns of `web`, worked out again only when they no longer fit."""
    runs = _runs.get(web)
    if runs is None or not runs.fits(web):
        runs = _runs[web] = WebRuns(web)
    return runs


def thread_color(thread):
    """The colour of a thread that is not fresh silk."""
    return STRAND if thread.kind == "strand" else THREAD


def chain_runs(threads):
    """Cover `threads` with polylines of one colour each: [(colour, [knot, ...])].

    Every thread is in exactly one run. Greedy: a run starts at the first thread not yet used
    and grows at both ends along unused threads of its colour (the spiral becomes one long run,
    each spoke another).
    """
    left = {id(thread): thread for thread in threads}
    runs = []
    for thread in threads:
        if id(thread) not in left:
            continue
        del left[id(thread)]
        color = thread_color(thread)
        knots = [thread.a, thread.b]
        _grow(knots, left, color)
        knots.reverse()
        _grow(knots, left, color)
        runs.append((color, knots))
    return runs


def _grow(knots, left, color):
    """Extend the run `knots` at its last knot while an unused thread of `color` goes on."""
    knot = knots[-1]
    while True:
        for thread in knot.threads:
            if id(thread) in left and thread_color(thread) == color:
                del left[id(thread)]
                knot = thread.b if thread.a is knot else thread.a
                knots.append(knot)
                break
        else:
            return
