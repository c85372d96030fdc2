"""Takopi's face, drawn from the crown and turned with the body's tilt (T9; pygame).

The face is a drawing, not simulation: it is laid out in the body's own frame, with the origin
at the crown point, "right" along the crown line and "down" square to it, and scaled by the
body's current height (crown to bottom point) and width, so it follows a tilt and squashes with
the body. The one thing it learns from the model is whether Takopi is pressed: two dot eyes
normally, closed eyes with tear streaks while pressed. The mouth is the same in both.
"""

from math import cos, hypot, sin

from verlet.geometry import catmull_rom_open

from .view_paint import arc_points

INK = (58, 34, 48)
"""Eyes, mouth line and outlines: the same dark as the body's outline."""
CHEEK = (255, 104, 140, 120)
MOUTH_FILL = (232, 96, 132)
TEAR = (150, 210, 255)
TEAR_EDGE = (86, 150, 220)
HIGHLIGHT = (255, 255, 255)

EYE_HEIGHT = 0.5
"""Eyes sit this share of the body's height below the crown."""
EYE_SPREAD = 0.4
"""Each eye is this share of the half-width from the middle."""
MOUTH_HEIGHT = 0.63
CHEEK_HEIGHT = 0.6
CHEEK_SPREAD = 0.62
TEAR_LENGTH = 0.34
"""How far the tear streaks run down, as a share of the body's height."""
TEAR_SAMPLES = 4
"""Spline samples per half of a tear streak (about 6 px apart; the streak barely bends)."""
LID_SAMPLES = 8
"""Segments of a closed eye's lid arc (a small arc some 20 px long: 2-3 px steps)."""


FACE_SWAY = 0.23
"""How far (in half-widths) the face may sit off the body's middle to stay under the crown;
beyond it the face stops following the crown sideways, so the cheeks never leave the body."""


class FaceFrame:
    """The body's own axes at the crown: maps (across, down) shares to canvas points.

    origin      the crown, moved along the crown line towards the middle if a lopsided squash
                put it more than FACE_SWAY half-widths off centre
    tilt        the crown line's tilt: "right" runs along it, "down" square to it
    height      from the crown down to the body's lowest extent along "down", px
    half_width  half the body's extent along "right", px
    """

    def __init__(self, origin, tilt, height, half_width):
        self.origin = origin
        self.right = (cos(tilt), sin(tilt))
        self.down = (-sin(tilt), cos(tilt))
        self.height = max(10.0, height)
        self.half_width = max(10.0, half_width)
        self.tilt = tilt
        # Features are sized by the body's size, not stretched with it.
        self.unit = (self.height * self.half_width) ** 0.5

    def at(self, across, down):
        x = self.origin[0] + self.right[0] * across * self.half_width + self.down[0] * down * self.height
        y = self.origin[1] + self.right[1] * across * self.half_width + self.down[1] * down * self.height
        return (x, y)


def face_frame(model):
    """The face's frame for the model's body as it is now (T9: from the crown, with the tilt)."""
    body = model.body
    points = body.positions()
    crown = points[0]
    tilt = body.tilt()
    rx, ry = cos(tilt), sin(tilt)
    across = [(x - crown[0]) * rx + (y - crown[1]) * ry for x, y in points]
    below = [(y - crown[1]) * rx - (x - crown[0]) * ry for x, y in points]
    half_width = (max(across) - min(across)) / 2.0
    middle = (max(across) + min(across)) / 2.0
    shift = max(-FACE_SWAY * half_width, min(FACE_SWAY * half_width, -middle)) + middle
    origin = (crown[0] + rx * shift, crown[1] + ry * shift)
    return FaceFrame(origin, tilt, max(below), half_width)


def edge_parts(frame, crying):
    """(centre, reach) of the face's parts nearest the body's edge, canvas px: the cheeks, the
    eyes and, while crying, the tear streaks' lower ends (T9). Drawn without a clip (the "high"
    tier's `ringed_body`), the face must keep these inside the outline."""
    unit = frame.unit
    parts = []
    for side in (-1.0, 1.0):
        parts.append((frame.at(side * CHEEK_SPREAD, CHEEK_HEIGHT), 0.13 * unit))
        parts.append((frame.at(side * EYE_SPREAD, EYE_HEIGHT), 0.1 * unit))
        if crying:
            end = frame.at(side * (EYE_SPREAD + 0.02), EYE_HEIGHT + 0.03 + TEAR_LENGTH)
            parts.append((end, (0.1 * unit + 3.0) / 2.0 + 1.0))
    return parts


def draw_face(layer, frame, crying):
    """Cheeks, eyes (dots, or closed with tears) and the mouth, on the supersampled layer."""
    unit = frame.unit
    for side in (-1.0, 1.0):
        cheek = frame.at(side * CHEEK_SPREAD, CHEEK_HEIGHT)
        layer.ellipse(CHEEK, cheek, 0.13 * unit, 0.075 * unit, frame.tilt)
    for side in (-1.0, 1.0):
        eye = frame.at(side * EYE_SPREAD, EYE_HEIGHT)
        if crying:
            _crying_eye(layer, frame, eye, side)
        else:
            _dot_eye(layer, frame, eye)
    _mouth(layer, frame)


def _dot_eye(layer, frame, eye):
    unit = frame.unit
    layer.ellipse(INK, eye, 0.06 * unit, 0.085 * unit, frame.tilt)
    glint = (eye[0] - frame.right[0] * 0.022 * unit - frame.down[0] * 0.035 * unit,
             eye[1] - frame.right[1] * 0.022 * unit - frame.down[1] * 0.035 * unit)
    layer.disc(HIGHLIGHT, glint, 0.022 * unit)


def _crying_eye(layer, frame, eye, side):
    """A squeezed-shut lid and a tear streak running down from under it."""
    unit = frame.unit
    top = frame.at(side * EYE_SPREAD, EYE_HEIGHT + 0.03)
    end = frame.at(side * (EYE_SPREAD + 0.02), EYE_HEIGHT + 0.03 + TEAR_LENGTH)
    wobble = frame.at(side * (EYE_SPREAD - 0.03), EYE_HEIGHT + 0.03 + TEAR_LENGTH * 0.5)
    streak = catmull_rom_open([top, wobble, end], TEAR_SAMPLES)
    width = 0.1 * unit
    layer.strokes(streak, ((TEAR_EDGE, width + 3.0), (TEAR, width)))
    lid = arc_points(eye, 0.08 * unit, 0.05 * unit, frame.tilt, 3.3, 6.12, LID_SAMPLES)
    layer.stroke(INK, lid, max(2.4, 0.035 * unit))


def _mouth(layer, frame):
    """A small filled oval with a dark rim: the rim's outer edge, then the fill inside it."""
    unit = frame.unit
    mouth = frame.at(0.0, MOUTH_HEIGHT)
    rim = max(1.6, 0.022 * unit) / 2.0  # half the rim's width, either side of the oval
    rx, ry = 0.065 * unit, 0.05 * unit
    layer.ellipse(INK, mouth, rx + rim, ry + rim, frame.tilt)
    inner = rim + 0.5  # the fill's own edge pixels take about half a px off the rim: give it back
    layer.ellipse(MOUTH_FILL, mouth, rx - inner, ry - inner, frame.tilt)


def face_center(model):
    """Middle of the face on the canvas (between the eyes and the mouth)."""
    frame = face_frame(model)
    return frame.at(0.0, (EYE_HEIGHT + MOUTH_HEIGHT) / 2.0)


def face_radius(model):
    """Rough radius of the face region, px."""
    frame = face_frame(model)
    return hypot(frame.half_width * (EYE_SPREAD + 0.15), frame.height * 0.2)
