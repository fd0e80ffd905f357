"""The twelve month plants (CARDS.md §5), each drawn once and placed by the compositions.

Every function draws in master-canvas units onto a Face. Silhouettes are chosen so each
month reads in greyscale at 40 px: pine cones, plum zigzag, cherry clusters, hanging
wisteria chains, iris blades, the round peony, airy clover arcs, the black susuki dome,
rayed chrysanthemums, star-shaped maple leaves, dark willow strands, paulownia leaves with
flower spikes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from art.svg import FINE, Face, Pt, along, bezier, ellipse_pts, polar

# --------------------------------------------------------------------------- pine (1)


def pine_tuft(f: Face, cx: float, cy: float, r: float, buds: bool = False) -> None:
    """A fan of needles: scalloped half-disc opening upwards, needle lines in `fine`."""
    edge = []
    for i in range(25):
        a = 180 + 180 * i / 24
        bump = 1 + 0.10 * abs(math.sin(math.radians(a * 4)))
        edge.append(polar(cx, cy, r * bump, a))
    base = [(cx + r * 0.55, cy + r * 0.22), (cx, cy + r * 0.32), (cx - r * 0.55, cy + r * 0.22)]
    f.shape("plant", edge + base, "rokusho")
    for i in range(9):
        a = 192 + 156 * i / 8
        f.line("fine", [(cx, cy + r * 0.2), polar(cx, cy, r * 0.92, a)], "ink", FINE, False)
    if buds:
        for a in (235, 270, 305):
            x, y = polar(cx, cy, r * 1.02, a)
            f.circle("plant", x, y, max(5.0, r * 0.11), "ki", "ink", 4)


def pine(f: Face, x: float, top: float, base: float = 545, width: float = 150,
         lean: float = 0) -> None:
    """A cone-shaped pine clump: straight trunk, tiers of fans widening downwards."""
    height = base - top
    f.branch("plant", [(x + lean * 0.5, base), (x + lean, top + 40)], 16, smooth=False)
    tiers = max(2, min(5, int(height / 80)))
    step = (height - 40) / tiers
    for t in range(tiers - 1, -1, -1):
        frac = (t + 0.6) / tiers
        y = top + 38 + t * step
        r = 28 + 0.30 * width * frac
        n = 1 if t == 0 else (2 if frac < 0.6 else 3)
        span = width * frac * 0.45
        cx0 = x + lean * (1 - (y - top) / height)
        for j in range(n):
            dx = 0 if n == 1 else -span + 2 * span * j / (n - 1)
            pine_tuft(f, cx0 + dx, y - (0 if n == 1 or j in (0, n - 1) else 10), r,
                      buds=(t == 0 or (t == 1 and j == 0)))
    # sand speckles at the foot, fine detail only
    for i in range(5):
        f.circle("fine", x - 50 + i * 24, min(base, 525) - (i % 2) * 6, 2.5, "cha", None)


# --------------------------------------------------------------------------- plum (2)


def flower(cx: float, cy: float, r: float, petals: int = 5, rot: float = -90,
           notch: float = 0.0, n: int = 60) -> list[Pt]:
    """Outline of a round-petalled flower; notch > 0 cuts a cherry-style notch in each tip."""
    out = []
    for i in range(n):
        a = 360 * i / n
        u = ((a / (360 / petals)) % 1.0) - 0.5  # -0.5..0.5 across one petal
        rr = 0.52 + 0.48 * math.sqrt(max(0.0, math.cos(math.pi * u)))
        if notch:
            rr -= notch * max(0.0, 1 - abs(u) / 0.09)
        out.append(polar(cx, cy, r * rr, a + rot + 180 / petals))
    return out


def plum_blossom(f: Face, x: float, y: float, r: float = 24, rot: float = -90) -> None:
    f.shape("plant", flower(x, y, r, 5, rot), "shu", smooth=False)
    f.circle("plant", x, y, r * 0.30, "enji", "ink", 3)
    for i in range(5):
        px, py = polar(x, y, r * 0.62, rot + 36 + 72 * i)
        f.line("fine", [(x, y), (px, py)], "ki", FINE, False)
        f.circle("fine", px, py, 2.5, "ki", None)


def plum_bud(f: Face, x: float, y: float, r: float = 10) -> None:
    f.circle("plant", x, y, r, "shu", "ink", 4)
    f.circle("plant", x, y + r * 0.7, r * 0.45, "cha", "ink", 3)


def plum_branch(f: Face, pts: Sequence[Pt], width: float = 20) -> None:
    """The crooked zigzag plum limb: straight segments, tapering along its length."""
    n = len(pts)
    for i in range(n - 1):
        w = width * (1 - 0.45 * i / max(1, n - 2))
        f.branch("plant", [pts[i], pts[i + 1]], w, smooth=False)
    for i in range(1, n - 1):  # knots
        f.circle("fine", pts[i][0], pts[i][1], 4, "ink", None)


# --------------------------------------------------------------------------- cherry (3)


def cherry_blossom(f: Face, x: float, y: float, r: float, color: str = "sakura",
                   rot: float = -90) -> None:
    f.shape("plant", flower(x, y, r, 5, rot, notch=0.2), color, sw=5, smooth=False)
    f.circle("plant", x, y, r * 0.24, "enji" if color != "enji" else "shu", "ink", 3)
    for i in range(5):
        f.line("fine", [(x, y), polar(x, y, r * 0.55, rot + 36 + 72 * i)], "enji", FINE, False)


# layout of a blossom cluster: (dx, dy, size factor), front blossoms last
_CLUSTER = ((-0.55, -0.35, 0.8), (0.5, -0.45, 0.85), (0.05, -0.75, 0.75), (-0.75, 0.35, 0.75),
            (0.75, 0.3, 0.8), (0.0, 0.55, 0.85), (-0.25, -0.05, 1.0), (0.35, 0.1, 0.95))


def cherry_cluster(f: Face, x: float, y: float, size: float = 90, count: int = 8,
                   red: Sequence[int] = (2, 5), turn: float = 0) -> None:
    """A dense round cluster of notched blossoms, mostly pink with a few red ones."""
    r = size * 0.32
    for i, (dx, dy, k) in enumerate(_CLUSTER[:count]):
        color = "shu" if i in red else "sakura"
        cherry_blossom(f, x + dx * size * 0.5, y + dy * size * 0.5, r * k, color,
                       rot=-90 + turn + 23 * i)


def twig(f: Face, pts: Sequence[Pt], width: float = 8) -> None:
    f.branch("plant", pts, width)


# --------------------------------------------------------------------------- wisteria (4)


def raceme(f: Face, x: float, top: float, length: float, sway: float = 10) -> None:
    """A hanging chain of small ovals, widest at the top, tapering to a point."""
    stem = bezier((x, top), (x + sway * 2, top + length * 0.5), (x - sway, top + length), 20)
    f.line("plant", stem, "ink", 5)
    count = max(4, int(length / 20))
    for i in range(count):
        t = i / (count - 1)
        (px, py), _ = along(stem, t * 0.96)
        side = -1 if i % 2 else 1
        rr = 12 * (1 - 0.6 * t) + 4
        ox = side * rr * 0.55
        color = "fuji_light" if i % 3 == 2 else "fuji"
        f.ellipse("plant", px + ox, py, rr, rr * 0.78, color, "ink", 4, rot=side * 20)
        if rr > 9:
            f.ellipse("fine", px + ox - side * 3, py - 3, rr * 0.4, rr * 0.25, "fuji_light", None)


def leaf(f: Face, x: float, y: float, length: float, width: float, angle: float,
         color: str = "rokusho", sw: float = 4, vein: bool = True) -> None:
    """A pointed lanceolate leaf from its base (x, y) towards angle (degrees)."""
    tip = polar(x, y, length, angle)
    mid = polar(x, y, length * 0.45, angle)
    l1 = polar(mid[0], mid[1], width / 2, angle - 90)
    r1 = polar(mid[0], mid[1], width / 2, angle + 90)
    f.shape("plant", [(x, y), l1, tip, r1], color, "ink", sw)
    if vein:
        f.line("fine", [(x, y), lerp_pt((x, y), tip, 0.8)], "ink", 2, False)


def lerp_pt(p: Pt, q: Pt, t: float) -> Pt:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def wisteria_vine(f: Face, pts: Sequence[Pt], leaves: int = 6) -> None:
    """The vine along the top edge with small leaves (hangs from the top: month identity)."""
    f.branch("plant", pts, 9)
    for i in range(leaves):
        (px, py), a = along(pts, (i + 0.5) / leaves)
        leaf(f, px, py, 34, 14, a + (50 if i % 2 else -50) + 90, "rokusho")


# --------------------------------------------------------------------------- iris (5)


def sword_leaf(f: Face, base: Pt, tip: Pt, width: float = 22, bend: float = 0) -> None:
    """A tall sword-shaped iris blade, slightly bent, pointed tip."""
    bx, by = base
    tx, ty = tip
    ang = math.atan2(ty - by, tx - bx)
    nx, ny = -math.sin(ang), math.cos(ang)
    mid = ((bx + tx) / 2 + nx * bend, (by + ty) / 2 + ny * bend)
    left = [(bx - nx * width / 2, by - ny * width / 2),
            (mid[0] - nx * width * 0.45, mid[1] - ny * width * 0.45)]
    right = [(mid[0] + nx * width * 0.45, mid[1] + ny * width * 0.45),
             (bx + nx * width / 2, by + ny * width / 2)]
    f.shape("plant", left + [tip] + right, "rokusho", "ink", 5)
    f.line("fine", [(bx, by), mid, lerp_pt(mid, tip, 0.7)], "ink", 2)


def iris_flower(f: Face, x: float, y: float, s: float = 1.0, bud: bool = False) -> None:
    """Three drooping purple falls with yellow signal patches, upright lilac standards."""
    if bud:
        f.shape("plant", [(x - 10 * s, y + 24 * s), (x - 12 * s, y - 10 * s), (x, y - 42 * s),
                          (x + 12 * s, y - 10 * s), (x + 10 * s, y + 24 * s)], "fuji", sw=5)
        f.shape("plant", [(x - 12 * s, y + 20 * s), (x, y + 2 * s), (x + 12 * s, y + 20 * s),
                          (x, y + 40 * s)], "rokusho", sw=4)
        return
    for a in (-120, -60):  # standards
        tip = polar(x, y - 6 * s, 42 * s, a)
        mid = polar(x, y - 6 * s, 24 * s, a)
        f.shape("plant", [(x - 6 * s, y), polar(mid[0], mid[1], 11 * s, a - 90), tip,
                          polar(mid[0], mid[1], 11 * s, a + 90), (x + 6 * s, y)],
                "fuji_light", sw=5)
    for a in (150, 90, 30):  # falls, drooping
        tip = polar(x, y, 46 * s, a)
        mid = polar(x, y, 28 * s, a)
        pts = [(x, y - 4 * s), polar(mid[0], mid[1], 15 * s, a - 90), tip,
               polar(mid[0], mid[1], 15 * s, a + 90)]
        f.shape("plant", pts, "fuji", sw=5)
        px, py = polar(x, y, 20 * s, a)
        f.ellipse("plant", px, py, 7 * s, 4 * s, "ki", "ink", 3, rot=a)
    f.circle("plant", x, y - 2 * s, 8 * s, "fuji", "ink", 4)


def iris_clump(f: Face, x: float, base: float, fan: float, heights: Sequence[float],
               blooms: Sequence[tuple[float, float, bool]] = ()) -> None:
    """Blades fanning from one root; blooms at (x, y, is_bud) on stems."""
    n = len(heights)
    for i, h in enumerate(heights):
        t = (i - (n - 1) / 2) / max(1, n - 1)
        tip = (x + fan * t * 2 + fan * 0.3, base - h)
        sword_leaf(f, (x + t * 24, base), tip, 24, bend=fan * 0.15 * (1 if t >= 0 else -1))
    for bx, by, is_bud in blooms:
        f.branch("plant", [(bx * 0.3 + x * 0.7, base), (bx, by + 30)], 5, "rokusho")
        iris_flower(f, bx, by, 1.0, is_bud)


# --------------------------------------------------------------------------- peony (6)


def peony(f: Face, x: float, y: float, r: float) -> None:
    """A big round many-petalled bloom: outer and inner rings of lobed petals."""
    for ring, (rr, n, color, off) in enumerate(((1.0, 9, "shu", 0), (0.72, 7, "shu", 20),
                                                 (0.45, 5, "enji", 5))):
        for i in range(n):
            a = off + 360 * i / n - 90
            cx, cy = polar(x, y, r * rr * 0.55, a)
            pr = r * rr * 0.5
            pts = ellipse_pts(cx, cy, pr, pr * 0.8, 14, a)
            f.shape("plant", pts, color, "ink", 5 if ring < 2 else 4)
            f.line("fine", [polar(x, y, r * rr * 0.35, a), polar(x, y, r * rr * 0.9, a)],
                   "enji", 2, False)
    f.circle("plant", x, y, r * 0.16, "ki", "ink", 4)


def peony_bud(f: Face, x: float, y: float, r: float = 22) -> None:
    f.shape("plant", [(x, y - r * 1.3), (x + r, y), (x, y + r * 0.9), (x - r, y)], "shu", sw=5)
    f.shape("plant", [(x - r * 0.9, y + 2), (x, y + r * 1.5), (x + r * 0.9, y + 2),
                      (x, y + r * 0.5)], "rokusho", sw=4)


def peony_leaf(f: Face, x: float, y: float, s: float, angle: float) -> None:
    """A large dark leaf of three broad pointed leaflets joined at the stalk (x, y)."""
    for a, k in ((-42, 0.78), (42, 0.78), (0, 1.0)):
        leaf(f, x, y, s * k, s * 0.5 * k, angle + a, "rokusho", 5)


# --------------------------------------------------------------------------- clover (7)


def clover_frond(f: Face, base: Pt, ctrl: Pt, tip: Pt, leaves: int = 9,
                 beads: int = 5) -> None:
    """A thin arching frond with tiny paired leaves and red bead flowers."""
    stem = bezier(base, ctrl, tip, 16)
    f.line("plant", stem, "cha", 5)
    for i in range(leaves):
        t = 0.15 + 0.8 * i / max(1, leaves - 1)
        (px, py), a = along(stem, t)
        for side in (-1, 1):
            leaf(f, px, py, 22 - 8 * t, 11, a + side * 60, "rokusho", 3, vein=False)
    for i in range(beads):
        t = 0.45 + 0.55 * i / max(1, beads - 1)
        (px, py), a = along(stem, t)
        q = polar(px, py, 10, a - 80)
        f.circle("plant", q[0], q[1], 6, "shu", "ink", 3)


# --------------------------------------------------------------------------- susuki (8)


def hill(f: Face, cx: float, crown: float, half: float, fill: str = "ink",
         grass: int = 14) -> None:
    """The black susuki dome, with white grass strokes (fine) and a few plumes on top."""
    pts = [(cx - half, 560)]
    for i in range(1, 24):
        t = i / 24
        x = cx - half + 2 * half * t
        y = crown + (560 - crown) * (1 - math.sin(math.pi * t)) ** 1.6
        pts.append((x, y))
    pts.append((cx + half, 560))
    f.shape("plant", pts, fill, "ink", 6)
    for i in range(grass):  # grass strokes
        t = (i + 0.5) / grass
        x = cx - half * 0.8 + 1.6 * half * t
        ytop = crown + (560 - crown) * (1 - math.sin(math.pi * (0.1 + 0.8 * t))) ** 1.6
        y0 = ytop + 22 + (i * 37) % 60
        f.line("fine", [(x, y0 + 40), (x + 6, y0 + 12), (x + 22, y0)], "gofun", FINE)
        f.line("fine", [(x + 10, y0 + 70), (x + 14, y0 + 48), (x + 4, y0 + 30)], "gofun", FINE)
    for i in range(-2, 3):  # plumes standing above the crown
        x = cx + i * half * 0.18
        ytop = crown + (560 - crown) * (1 - math.sin(math.pi * (0.5 + i * 0.09))) ** 1.6
        f.line("plant", [(x, ytop + 8), (x + 4 + i * 3, ytop - 26), (x + 12 + i * 6, ytop - 44)],
               "ink", 5)


# --------------------------------------------------------------------------- chrysanthemum (9)


def chrysanthemum(f: Face, x: float, y: float, r: float, open_: float = 1.0) -> None:
    """A rayed yellow head with a red centre; open_ < 1 draws a half-open upper fan."""
    for ring, (rr, n, off) in enumerate(((1.0, 16, 0), (0.72, 12, 15))):
        for i in range(n):
            a = off + 360 * i / n - 90
            if open_ < 1 and not (-200 < a < 20):
                continue
            tip = polar(x, y, r * rr, a)
            side1 = polar(x, y, r * rr * 0.55, a - 180 / n * 0.8)
            side2 = polar(x, y, r * rr * 0.55, a + 180 / n * 0.8)
            f.shape("plant", [polar(x, y, r * 0.2, a), side1, tip, side2], "ki", "ink",
                    4 if ring else 5)
    f.circle("plant", x, y, r * 0.3, "shu", "ink", 5)
    for i in range(6):
        f.line("fine", [polar(x, y, r * 0.08, i * 60), polar(x, y, r * 0.25, i * 60 + 30)],
               "enji", 2)


def chrys_leaf(f: Face, x: float, y: float, s: float, angle: float) -> None:
    """A lobed chrysanthemum leaf (five rounded lobes), stalk at (x, y)."""
    pts = [(x, y)]
    for a, ln in ((-70, 0.5), (-40, 0.8), (0, 1.0), (40, 0.8), (70, 0.5)):
        pts.append(polar(x, y, s * ln * 0.7, angle + a - 14))
        pts.append(polar(x, y, s * ln, angle + a))
        pts.append(polar(x, y, s * ln * 0.7, angle + a + 14))
    f.shape("plant", pts, "rokusho", "ink", 5)
    f.line("fine", [(x, y), polar(x, y, s * 0.85, angle)], "ink", 2, False)


def chrys_plant(f: Face, base: Pt, heads: Sequence[tuple[float, float, float, float]],
                leaf_size: float = 56) -> None:
    """Upright stems from base to each head (x, y, r, open), lobed leaves along the stems."""
    stems = []
    for hx, hy, _, _ in heads:
        stem = bezier(base, ((base[0] + hx) / 2 + 10, (base[1] + hy) / 2), (hx, hy), 12)
        f.branch("plant", stem, 6, "rokusho")
        stems.append(stem)
    for i, stem in enumerate(stems):
        for j, t in enumerate((0.3, 0.62)):
            (px, py), a = along(stem, t)
            side = 1 if (i + j) % 2 else -1
            chrys_leaf(f, px, py, leaf_size * (1.1 - 0.3 * t), a + side * 75)
    for hx, hy, r, o in heads:
        chrysanthemum(f, hx, hy, r, o)


# --------------------------------------------------------------------------- maple (10)


def maple_leaf(f: Face, x: float, y: float, s: float, rot: float, color: str) -> None:
    """A seven-pointed star leaf centred on (x, y); stalk pointing away from the top lobe."""
    lens = (1.0, 0.88, 0.7, 0.42, 0.42, 0.7, 0.88)
    pts = []
    for i, ln in enumerate(lens):
        a = rot - 90 + i * 360 / 7
        pts.append(polar(x, y, s * ln, a))
        pts.append(polar(x, y, s * 0.5 * (0.75 if i in (3, 4) else 1), a + 180 / 7))
    f.shape("plant", pts, color, "ink", 4, smooth=False)
    stalk = polar(x, y, s * 0.7, rot + 90)
    f.line("plant", [(x, y), stalk], "ink", 4, False)
    for i in range(7):
        f.line("fine", [(x, y), polar(x, y, s * lens[i] * 0.75, rot - 90 + i * 360 / 7)],
               "ink", 2, False)


MAPLE_COLORS = ("shu", "ki", "shu", "rokusho", "shu", "ki", "shu", "shu", "rokusho", "ki")


def maple_spray(f: Face, branch: Sequence[Pt], spots: Sequence[tuple[float, float, float]],
                start: int = 0) -> None:
    """A branch from a top corner and star leaves at spots (x, y, size)."""
    f.branch("plant", branch, 12)
    for i, (x, y, s) in enumerate(spots):
        maple_leaf(f, x, y, s, (i * 47 + start * 13) % 60 - 30,
                   MAPLE_COLORS[(i + start) % len(MAPLE_COLORS)])


# --------------------------------------------------------------------------- willow (11)


def willow_strand(f: Face, x: float, top: float, length: float, sway: float = 12,
                  density: int = 9) -> None:
    """A long drooping strand: black stem, narrow green leaves hanging along it."""
    stem = bezier((x, top), (x + sway, top + length * 0.55), (x - sway * 0.4, top + length), 18)
    f.line("plant", stem, "ink", 6)
    for i in range(density):
        t = 0.08 + 0.9 * i / max(1, density - 1)
        (px, py), a = along(stem, t)
        side = 1 if i % 2 else -1
        leaf(f, px, py, 40 - 10 * t, 11, a + side * 24, "rokusho", 3, vein=False)


def willow_curtain(f: Face, xs: Sequence[float], top: float, lengths: Sequence[float],
                   sway: float = 12) -> None:
    """Several strands hung close together from a black bough along the top."""
    f.line("plant", [(xs[0] - 30, top - 10), ((xs[0] + xs[-1]) / 2, top + 12),
                     (xs[-1] + 30, top - 6)], "ink", 14)
    for i, (x, ln) in enumerate(zip(xs, lengths, strict=True)):
        willow_strand(f, x, top, ln, sway * (1 if i % 2 else -0.7))


# --------------------------------------------------------------------------- paulownia (12)


def kiri_leaf(f: Face, x: float, y: float, s: float, rot: float = 0) -> None:
    """A broad heart-shaped paulownia leaf with three shallow points; stalk at (x, y+s*0.1)."""
    local = [(0, 0.08), (-0.35, -0.05), (-0.75, 0.05), (-0.95, -0.25), (-0.85, -0.6),
             (-0.55, -0.85), (-0.25, -0.95), (0, -1.15), (0.25, -0.95), (0.55, -0.85),
             (0.85, -0.6), (0.95, -0.25), (0.75, 0.05), (0.35, -0.05)]
    r = math.radians(rot)
    cr, sr = math.cos(r), math.sin(r)

    def tp(px: float, py: float) -> Pt:
        return (x + s * (px * cr - py * sr), y + s * (px * sr + py * cr))

    f.shape("plant", [tp(px, py) for px, py in local], "rokusho", "ink", 6)
    f.line("fine", [tp(0, 0), tp(0, -0.95)], "ink", 2.5, False)
    for side in (-1, 1):
        for k in (0.3, 0.6):
            f.line("fine", [tp(0, -k), tp(side * 0.6, -k - 0.3)], "ink", 2.5, False)


def kiri_spike(f: Face, x: float, base: float, top: float) -> None:
    """An upright spike of purple bell flowers, fewer and smaller towards the tip."""
    f.line("plant", [(x, base), (x, top)], "ink", 5, False)
    rows = max(3, int((base - top) / 34))
    for i in range(rows):
        t = i / (rows - 1)
        y = base - 14 - (base - top - 14) * t
        rr = 15 - 7 * t
        for side in (-1, 1) if t < 0.85 else (0,):
            bx = x + side * (rr + 2)
            pts = [(bx - rr * 0.6, y + rr * 0.5), (bx - rr * 0.45, y - rr * 0.6),
                   (bx, y - rr * 0.9), (bx + rr * 0.45, y - rr * 0.6),
                   (bx + rr * 0.6, y + rr * 0.5), (bx, y + rr * 0.8)]
            f.shape("plant", pts, "fuji", "ink", 4)
            f.ellipse("fine", bx, y + rr * 0.45, rr * 0.4, rr * 0.22, "fuji_light", None)


def paulownia(f: Face, cx: float, spikes: Sequence[tuple[float, float]],
              leaves: Sequence[tuple[float, float, float, float]], base: float = 440) -> None:
    """Spikes (dx, top) rising from behind leaves (x, y, size, rot) across the bottom."""
    for dx, top in spikes:
        kiri_spike(f, cx + dx, base, top)
    for lx, ly, s, r in leaves:
        kiri_leaf(f, lx, ly, s, r)
