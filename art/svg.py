"""A tiny SVG writer for the NanoSVG subset the card art may use (CARDS.md §0).

Shapes are given in master-canvas units (320 x 530) and written with one decimal, so the
output is byte-identical on every run. Geometry is transformed here in Python, never with
SVG ``transform`` attributes, so every outline keeps its nominal ink weight.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterable, Sequence
from importlib import resources

W, H = 320, 530
OUTLINE = 6  # ink outline weight of every coloured shape
FINE = 3  # line weight inside the `fine` group
LAYERS = ("bg", "field", "plant", "subject", "ribbon", "fine")

Pt = tuple[float, float]


def load_palette() -> dict[str, str]:
    """Token -> '#RRGGBB' from art/palette.json (the single source of colour values)."""
    text = resources.files("art").joinpath("palette.json").read_text(encoding="utf-8")
    return json.loads(text)


PALETTE = load_palette()


def num(v: float) -> str:
    """One-decimal number without a trailing '.0' or '-0' (stable, compact output)."""
    s = f"{v:.1f}"
    if s.endswith(".0"):
        s = s[:-2]
    return "0" if s == "-0" else s


class Affine:
    """2-D affine map; motifs draw in local units and place themselves with one of these."""

    __slots__ = ("a", "b", "c", "d", "e", "f")

    def __init__(self, a: float = 1, b: float = 0, c: float = 0, d: float = 1,
                 e: float = 0, f: float = 0) -> None:
        self.a, self.b, self.c, self.d, self.e, self.f = a, b, c, d, e, f

    @classmethod
    def at(cls, x: float = 0, y: float = 0, s: float = 1, rot: float = 0,
           flip: bool = False) -> Affine:
        """Scale by s, rotate by rot degrees (clockwise on screen), mirror in x, then move."""
        r = math.radians(rot)
        cs, sn = math.cos(r) * s, math.sin(r) * s
        fx = -1 if flip else 1
        return cls(cs * fx, sn * fx, -sn, cs, x, y)

    def __matmul__(self, o: Affine) -> Affine:
        return Affine(self.a * o.a + self.c * o.b, self.b * o.a + self.d * o.b,
                      self.a * o.c + self.c * o.d, self.b * o.c + self.d * o.d,
                      self.a * o.e + self.c * o.f + self.e, self.b * o.e + self.d * o.f + self.f)

    @property
    def scale(self) -> float:
        return math.sqrt(abs(self.a * self.d - self.b * self.c))

    def p(self, x: float, y: float) -> Pt:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def pts(self, pts: Iterable[Pt]) -> list[Pt]:
        return [self.p(x, y) for x, y in pts]


def d_poly(pts: Sequence[Pt], closed: bool = True) -> str:
    out = "M" + " L".join(f"{num(x)} {num(y)}" for x, y in pts)
    return out + ("Z" if closed else "")


def d_smooth(pts: Sequence[Pt], closed: bool = True, k: float = 1 / 6) -> str:
    """Catmull-Rom spline through pts as cubic Beziers (NanoSVG renders cubics exactly)."""
    n = len(pts)
    if n < 3:
        return d_poly(pts, closed)
    out = [f"M{num(pts[0][0])} {num(pts[0][1])}"]
    last = n if closed else n - 1
    for i in range(last):
        p0 = pts[(i - 1) % n] if (closed or i > 0) else pts[0]
        p1, p2 = pts[i], pts[(i + 1) % n]
        p3 = pts[(i + 2) % n] if (closed or i + 2 < n) else pts[n - 1]
        c1 = (p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k)
        c2 = (p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k)
        out.append(f"C{num(c1[0])} {num(c1[1])} {num(c2[0])} {num(c2[1])} "
                   f"{num(p2[0])} {num(p2[1])}")
    return " ".join(out) + ("Z" if closed else "")


def polar(cx: float, cy: float, r: float, deg: float) -> Pt:
    a = math.radians(deg)
    return (cx + r * math.cos(a), cy + r * math.sin(a))


def ellipse_pts(cx: float, cy: float, rx: float, ry: float, n: int = 24,
                rot: float = 0, a0: float = 0, a1: float = 360) -> list[Pt]:
    """Points on an (optionally rotated) ellipse arc from angle a0 to a1 (degrees)."""
    out = []
    r = math.radians(rot)
    cr, sr = math.cos(r), math.sin(r)
    closed = abs(a1 - a0) >= 360
    steps = n if closed else n - 1
    for i in range(n):
        t = math.radians(a0 + (a1 - a0) * i / steps)
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + x * cr - y * sr, cy + x * sr + y * cr))
    return out


def lerp(p: Pt, q: Pt, t: float) -> Pt:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def bezier(p0: Pt, p1: Pt, p2: Pt, n: int = 12) -> list[Pt]:
    """Sample a quadratic Bezier (handy for arching stems that carry leaves)."""
    out = []
    for i in range(n):
        t = i / (n - 1)
        a, b = lerp(p0, p1, t), lerp(p1, p2, t)
        out.append(lerp(a, b, t))
    return out


def along(pts: Sequence[Pt], t: float) -> tuple[Pt, float]:
    """Point at fraction t of a polyline's length and the direction there (degrees)."""
    seg = [math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
    total = sum(seg) or 1.0
    goal = t * total
    for i, s in enumerate(seg):
        if goal <= s or i == len(seg) - 1:
            u = 0 if s == 0 else min(1.0, goal / s)
            p, q = pts[i], pts[i + 1]
            return lerp(p, q, u), math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
        goal -= s
    return pts[-1], 0.0  # pragma: no cover


class Face:
    """One card face: shapes collected per layer, written in the fixed layer order."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.layers: dict[str, list[str]] = {k: [] for k in LAYERS}
        # Fine lines are written last (CARDS.md §0), so anything drawn over them later must
        # hide them by leaving them out: occluders are the later filled shapes.
        self._seq = 0
        self._fine: list[tuple[int, list[Pt], str]] = []
        self._occluders: list[tuple[int, tuple[float, float, float, float], list[Pt]]] = []
        self.rect("bg", -10, -10, W + 20, H + 20, fill="stock", stroke=None)

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, sw: float, cap: str | None,
               join: str | None, evenodd: bool) -> str:
        out = f' fill="{PALETTE[fill]}"' if fill else ' fill="none"'
        if stroke:
            out += f' stroke="{PALETTE[stroke]}" stroke-width="{num(sw)}"'
            if cap:
                out += f' stroke-linecap="{cap}"'
            if join:
                out += f' stroke-linejoin="{join}"'
        if evenodd:
            out += ' fill-rule="evenodd"'
        return out

    def _add(self, layer: str, element: str, pts: Sequence[Pt], filled: bool) -> None:
        self._seq += 1
        if layer == "fine":
            self._fine.append((self._seq, _samples(pts), element))
            return
        self.layers[layer].append(element)
        if filled and layer != "bg" and len(pts) >= 3:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            self._occluders.append((self._seq, (min(xs), min(ys), max(xs), max(ys)), list(pts)))

    def _visible_fine(self) -> list[str]:
        out = []
        for seq, pts, element in self._fine:
            hidden = any(
                later > seq and any(bx0 <= x <= bx1 and by0 <= y <= by1
                                    and _inside(x, y, poly) for x, y in pts)
                for later, (bx0, by0, bx1, by1), poly in self._occluders)
            if not hidden:
                out.append(element)
        return out

    def path(self, layer: str, d: str, fill: str | None = None, stroke: str | None = "ink",
             sw: float = OUTLINE, cap: str | None = None, join: str | None = "round",
             evenodd: bool = False, pts: Sequence[Pt] = ()) -> None:
        """Raw path; pts (its outline points) feed the fine-line occlusion."""
        self._add(layer, f'<path d="{d}"{self._paint(fill, stroke, sw, cap, join, evenodd)}/>',
                  pts, fill is not None)

    def shape(self, layer: str, pts: Sequence[Pt], fill: str | None, stroke: str | None = "ink",
              sw: float = OUTLINE, smooth: bool = True) -> None:
        """Closed outline through pts (smooth spline or straight polygon)."""
        d = d_smooth(pts) if smooth else d_poly(pts)
        self.path(layer, d, fill, stroke, sw, pts=pts)

    def line(self, layer: str, pts: Sequence[Pt], color: str = "ink", sw: float = FINE,
             smooth: bool = True, cap: str = "round") -> None:
        """Open stroke (stems, needles, writing)."""
        d = d_smooth(pts, closed=False) if smooth else d_poly(pts, closed=False)
        self.path(layer, d, None, color, sw, cap=cap, pts=pts)

    def branch(self, layer: str, pts: Sequence[Pt], width: float, color: str = "cha",
               smooth: bool = True) -> None:
        """An ink-outlined limb: a wide ink stroke under a narrower coloured one."""
        self.line(layer, pts, "ink", width + 2 * OUTLINE, smooth)
        self.line(layer, pts, color, width, smooth)

    def circle(self, layer: str, cx: float, cy: float, r: float, fill: str | None,
               stroke: str | None = "ink", sw: float = OUTLINE) -> None:
        self._add(layer, f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}"'
                  f'{self._paint(fill, stroke, sw, None, None, False)}/>',
                  ellipse_pts(cx, cy, r, r, 12) if layer != "fine" else [(cx, cy)],
                  fill is not None)

    def ellipse(self, layer: str, cx: float, cy: float, rx: float, ry: float,
                fill: str | None, stroke: str | None = "ink", sw: float = OUTLINE,
                rot: float = 0) -> None:
        if rot:
            self.shape(layer, ellipse_pts(cx, cy, rx, ry, 16, rot), fill, stroke, sw)
            return
        self._add(layer, f'<ellipse cx="{num(cx)}" cy="{num(cy)}" rx="{num(rx)}" ry="{num(ry)}"'
                  f'{self._paint(fill, stroke, sw, None, None, False)}/>',
                  ellipse_pts(cx, cy, rx, ry, 12) if layer != "fine" else [(cx, cy)],
                  fill is not None)

    def rect(self, layer: str, x: float, y: float, w: float, h: float, fill: str | None,
             stroke: str | None = "ink", sw: float = OUTLINE) -> None:
        self._add(layer, f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"'
                  f'{self._paint(fill, stroke, sw, None, None, False)}/>',
                  [(x, y), (x + w, y), (x + w, y + h), (x, y + h)], fill is not None)

    def to_svg(self) -> str:
        out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 530" '
               'width="320" height="530">']
        for layer in LAYERS:
            out.append(f'<g id="{layer}">')
            out.extend(self._visible_fine() if layer == "fine" else self.layers[layer])
            out.append("</g>")
        out.append("</svg>")
        return "\n".join(out) + "\n"


def _samples(pts: Sequence[Pt]) -> list[Pt]:
    """Points along a polyline (ends and quarter points) to test for being covered."""
    out = list(pts)
    for p, q in itertools.pairwise(pts):
        out.extend(lerp(p, q, t) for t in (0.25, 0.5, 0.75))
    return out


def _inside(x: float, y: float, poly: Sequence[Pt]) -> bool:
    """Even-odd point-in-polygon test."""
    inside = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside
