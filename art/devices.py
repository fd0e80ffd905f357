"""Shared devices (CARDS.md §3): the tanzaku with its brush writing, and the scroll cloud.

The kana are our own stylised brush strokes in a 48-unit box (centre 0,0), drawn as thick
ink paths in the `ribbon` layer so the writing survives at 40 px (NanoSVG has no text).
"""

from __future__ import annotations

import math

from art.svg import FINE, Affine, Face, Pt, ellipse_pts

# One glyph = strokes; one stroke = points through which a smooth brush line runs.
KANA: dict[str, tuple[tuple[Pt, ...], ...]] = {
    "a": (((-15, -13), (0, -15), (13, -17)),
          ((-3, -23), (-2, -4), (3, 19)),
          ((9, -7), (1, 6), (-9, 15), (-16, 10), (-12, 1), (0, -3), (12, -1), (18, 8),
           (13, 17), (3, 22))),
    "ka": (((-21, -6), (2, -10), (9, -7), (7, 6), (1, 17), (-4, 14)),
           ((-6, -23), (-9, 2), (-17, 20)),
           ((14, -15), (20, -3))),
    "yo": (((1, -8), (15, -9)),
           ((-3, -23), (-2, 4), (-3, 12), (-9, 17), (-16, 13), (-10, 7), (4, 10), (18, 21))),
    "ro": (((-13, -18), (8, -20), (-14, 3), (2, -5), (15, 2), (13, 15), (-5, 21)),),
    "shi": (((-9, -23), (-9, 6), (-3, 17), (7, 16), (17, 6)),),
    "mi": (((-13, -18), (5, -20), (-10, 5), (-15, 15), (-8, 17), (3, 8), (21, 3)),
           ((12, -10), (11, 8), (2, 22))),
    "no": (((3, -14), (-3, 7), (-11, 14), (-18, 5), (-14, -9), (1, -18), (15, -11),
            (20, 3), (12, 15), (3, 20)),),
}

POEM_AKAYOROSHI = ("a", "ka", "yo", "ro", "shi")
POEM_MIYOSHINO = ("mi", "yo", "shi", "no")

# Fixed tanzaku geometry: top edge midpoint and axis angle (12 degrees).
_TOP_MID = (139.0, 113.5)
_LEAN = math.degrees(math.atan2(62.5, 293.0))  # about 12 degrees


def tanzaku_frame() -> Affine:
    """Local frame of the strip: x across (-32..32), y along (0..300), upright writing."""
    return Affine.at(_TOP_MID[0], _TOP_MID[1], 1.0, -_LEAN)


def tanzaku(f: Face, color: str, poem: tuple[str, ...] = ()) -> None:
    """The ribbon strip, slightly bowed, with optional brush writing down its axis."""
    t = tanzaku_frame()
    local = [(-32, 0), (0, -1.5), (32, 0), (34, 150), (32, 300), (0, 301.5), (-32, 300),
             (-30, 150)]
    f.shape("ribbon", t.pts(local), color, "ink", 6, smooth=False)
    if not poem:
        return
    pitch = 276 / len(poem)
    for i, name in enumerate(poem):
        g = t @ Affine.at(0, 14 + pitch * (i + 0.5), min(1.0, pitch / 52))
        for stroke in KANA[name]:
            f.line("ribbon", g.pts(stroke), "ink", 8.5)


def cloud(f: Face, lobes: tuple[tuple[float, float, float], ...]) -> None:
    """The red scroll cloud hanging from the top edge: a band with round lobes below.

    lobes: (cx, cy, r) circles; the shape is everything above their lower envelope.
    """
    x0 = min(cx - r for cx, _, r in lobes)
    x1 = max(cx + r for cx, _, r in lobes)
    pts: list[Pt] = [(x0, -10)]
    steps = max(8, int((x1 - x0) / 4))
    for i in range(steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = -10.0
        for cx, cy, r in lobes:
            if abs(x - cx) <= r:
                y = max(y, cy + math.sqrt(r * r - (x - cx) ** 2))
        pts.append((x, y))
    pts.append((x1, -10))
    f.shape("field", pts, "shu", "ink", 6, smooth=False)
    for cx, cy, r in lobes:  # scroll spirals
        spiral = [(cx + r * 0.7 * (1 - k / 14) * math.cos(math.radians(90 + k * 40)),
                   cy + r * 0.7 * (1 - k / 14) * math.sin(math.radians(90 + k * 40)))
                  for k in range(12)]
        f.line("fine", spiral, "ink", FINE)


def cherry_crest(f: Face, cx: float, cy: float, r: float, layer: str = "subject") -> None:
    """Our five-petal cherry crest (heart-shaped notched petals) for the curtain."""
    for i in range(5):
        a = -90 + 72 * i
        pts = ellipse_pts(0, 0, r * 0.34, r * 0.26, 16)
        petal = Affine.at(cx, cy, 1, a) @ Affine.at(r * 0.55, 0)
        pts = petal.pts(pts)
        f.shape(layer, pts, "shu", "ink", 4)
        tip = petal.p(r * 0.36, 0)
        f.shape(layer, [petal.p(r * 0.18, 0), petal.p(r * 0.38, -r * 0.07), tip,
                        petal.p(r * 0.38, r * 0.07)], "gofun", None, smooth=False)
    f.circle(layer, cx, cy, r * 0.14, "gofun", "ink", 4)
