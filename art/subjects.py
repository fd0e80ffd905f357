"""Creatures, objects and people of the Bright and Animal cards, and the Bright discs.

Each function draws one subject at its place on the master canvas (CARDS.md §6); the
compositions in art.faces decide which plant goes behind it.
"""

from __future__ import annotations

import math

from art.svg import FINE, Affine, Face, Pt, bezier, ellipse_pts, polar

# --------------------------------------------------------------------------- discs


def sun(f: Face, cx: float, cy: float, r: float, rays: int = 0) -> None:
    """The red Bright sun, optionally with yellow rays (the Phoenix's sun)."""
    for i in range(rays):
        a = 360 * i / rays
        f.shape("field", [polar(cx, cy, r - 4, a - 9), polar(cx, cy, r * 1.55, a),
                          polar(cx, cy, r - 4, a + 9)], "ki", "ink", 5, smooth=False)
    f.circle("field", cx, cy, r, "shu", "ink", 6)


def crescent(f: Face, cx: float, cy: float, r: float, thick: float, toward: float) -> None:
    """A crescent: disc minus an equal disc shifted `thick` towards angle `toward`."""
    alpha = math.degrees(math.acos(thick / (2 * r)))
    outer = [polar(cx, cy, r, toward + alpha + (360 - 2 * alpha) * i / 30) for i in range(31)]
    icx, icy = polar(cx, cy, thick, toward)
    start = math.degrees(math.atan2(outer[-1][1] - icy, outer[-1][0] - icx))
    end = math.degrees(math.atan2(outer[0][1] - icy, outer[0][0] - icx))
    while end > start:
        end -= 360
    pts_in = [polar(icx, icy, r, start + (end - start) * i / 30) for i in range(31)]
    f.shape("subject", outer + pts_in, "shu", "ink", 6, smooth=False)


# --------------------------------------------------------------------------- month 1


def crane(f: Face) -> None:
    """Red-crowned crane in profile facing right, beak raised towards the sun."""
    for x0, x1 in ((104, 96), (126, 134)):  # legs
        f.line("subject", [(x0, 360), (x1, 486)], "ink", 7, False)
        f.line("subject", [(x1 - 16, 490), (x1 + 18, 488)], "ink", 6, False)
    neck = [(168, 290), (178, 240), (160, 196), (162, 158), (182, 128)]
    f.line("subject", neck, "ink", 26)
    body = [(44, 338), (62, 290), (110, 262), (160, 258), (192, 282), (186, 320), (150, 352),
            (96, 366)]
    f.shape("subject", body, "gofun", "ink", 6)
    plumes = [(70, 300), (40, 340), (26, 404), (44, 392), (50, 424), (70, 388), (80, 410),
              (96, 362), (112, 330)]
    f.shape("subject", plumes, "ink", "ink", 4)
    f.line("fine", [(84, 300), (130, 290), (176, 300)], "ink", FINE)
    f.line("fine", [(96, 320), (140, 312)], "ink", FINE)
    # head: black face, white nape, red crown, yellow beak pointing at the sun
    f.shape("subject", [(196, 106), (238, 66), (244, 72), (204, 118)], "ki", "ink", 4)
    f.ellipse("subject", 188, 122, 21, 15, "ink", "ink", 4, rot=-40)
    f.ellipse("subject", 176, 134, 9, 7, "gofun", None, rot=-40)
    f.circle("subject", 183, 109, 9, "shu", "ink", 3)
    f.circle("subject", 195, 117, 3.5, "gofun", None)


# --------------------------------------------------------------------------- month 3


def curtain(f: Face) -> None:
    """The flower-viewing curtain: swagged bands, cord with rings, crest disc."""
    rings = [20 + 56 * i for i in range(6)]

    def swag(y: float, sag: float) -> list[Pt]:
        pts: list[Pt] = [(-10, y)]
        for i in range(len(rings) - 1):
            pts.append((rings[i], y))
            pts.append(((rings[i] + rings[i + 1]) / 2, y + sag))
        pts.append((rings[-1], y))
        pts.append((330, y))
        return pts

    for top, sag, color in ((258, 12, "enji"), (307, 8, "fuji"), (445, 6, "shu")):
        edge = swag(top, sag)
        f.shape("subject", edge + [(330, 545), (-10, 545)], color, "ink", 6, smooth=False)
    for i in range(9):  # pleats, in short pieces so the crest hides only what it covers
        x = 8 + 38 * i
        for y in range(276, 520, 24):
            f.line("fine", [(x + 3 * math.sin(y / 80), y), (x + 3 * math.sin((y + 24) / 80),
                                                           y + 24)], "enji", FINE, False)
    f.line("subject", [(-10, 249), (330, 249)], "ink", 7, False)
    for x in rings:
        f.circle("subject", x, 253, 11, None, "ink", 11)
        f.circle("subject", x, 253, 11, None, "odo", 5)
    f.circle("subject", 160, 376, 61, "gofun", "ink", 6)
    from art.devices import cherry_crest  # local: devices imports svg only

    cherry_crest(f, 160, 376, 52)


# --------------------------------------------------------------------------- month 4


def cuckoo(f: Face) -> None:
    """Cuckoo diving down to the left, wings spread, across the red crescent."""
    f.shape("subject", [(226, 140), (286, 98), (296, 112), (292, 124), (236, 156)],
            "ink", "ink", 4)  # tail
    f.shape("subject", [(196, 150), (220, 60), (262, 30), (240, 92), (218, 160)],
            "ink", "ink", 4)  # far wing
    body = [(96, 212), (130, 176), (180, 148), (232, 140), (222, 164), (170, 196), (120, 226)]
    f.shape("subject", body, "ink", "ink", 4)
    belly = [(124, 220), (170, 194), (214, 166), (196, 186), (150, 214)]
    f.shape("subject", belly, "gofun", "ink", 3)
    for i in range(4):
        x, y = 150 + 16 * i, 206 - 10 * i
        f.line("fine", [(x - 4, y - 4), (x + 2, y + 4)], "ink", FINE, False)
    f.shape("subject", [(168, 168), (96, 92), (50, 70), (96, 132), (150, 188)],
            "ink", "ink", 4)  # near wing
    f.circle("subject", 98, 212, 19, "ink", "ink", 4)
    f.shape("subject", [(84, 220), (58, 240), (88, 228)], "ink", "ink", 3, smooth=False)
    f.circle("subject", 94, 207, 6, "shu", "ink", 2)


# --------------------------------------------------------------------------- month 5


def bridge(f: Face) -> None:
    """The eight-plank bridge: two plank runs in a zigzag over water, round posts."""
    f.rect("field", -10, 456, 340, 90, "ai", "ink", 6)
    for i in range(4):
        y = 472 + 16 * i
        wave = [(-10 + 30 * k, y + (5 if k % 2 else -3)) for k in range(13)]
        f.line("field", wave, "mizu", 5)
    for x, y in ((40, 420), (150, 470), (96, 500)):
        f.rect("subject", x - 8, y - 60, 16, 70, "cha", "ink", 5)
        f.ellipse("subject", x, y - 60, 8, 4, "odo", "ink", 3)
    run1 = [(-10, 336), (196, 400), (178, 438), (-10, 376)]
    run2 = [(196, 400), (178, 438), (40, 500), (20, 462)]
    for run in (run1, run2):
        f.shape("subject", run, "odo", "ink", 6, smooth=False)
    for i in range(1, 7):
        t = i / 7
        a = (-10 + 206 * t, 336 + 64 * t)
        b = (-10 + 188 * t, 376 + 62 * t)
        f.line("fine", [a, b], "ink", FINE, False)
    for i in range(1, 5):
        t = i / 5
        a = (196 - 176 * t, 400 + 62 * t)
        b = (178 - 138 * t, 438 + 62 * t)
        f.line("fine", [a, b], "ink", FINE, False)


# --------------------------------------------------------------------------- month 6


def butterfly(f: Face, x: float, y: float, s: float, facing_right: bool) -> None:
    """A butterfly in side view: indigo wings with yellow spots, ink body and veins."""
    t = Affine.at(x, y, s, 0, flip=not facing_right)
    fore = [(-4, -4), (-20, -44), (-2, -64), (26, -60), (40, -44), (10, -6)]
    hind = [(-2, 2), (-34, 4), (-50, 26), (-26, 40), (-4, 24)]
    back_fore = [(0, -6), (-36, -40), (-30, -54), (-4, -30)]
    f.shape("subject", t.pts(back_fore), "ai", "ink", 4)
    f.shape("subject", t.pts(hind), "ai", "ink", 5)
    f.shape("subject", t.pts(fore), "ai", "ink", 5)
    for px, py, r in ((14, -46, 7), (-4, -46, 5), (-28, 22, 6)):
        cx, cy = t.p(px, py)
        f.circle("subject", cx, cy, r * s, "ki", "ink", 3)
    for a, b in (((0, -6), (4, -58)), ((4, -8), (30, -46)), ((-2, 4), (-40, 22))):
        f.line("fine", t.pts([a, b]), "ink", 2, False)
    f.ellipse("subject", *t.p(6, -2), 6 * s, 20 * s, "ink", "ink", 2, rot=-60 if facing_right
              else 60)
    f.line("subject", t.pts([(18, -12), (34, -22), (40, -32)]), "ink", 3)


# --------------------------------------------------------------------------- month 7


def boar(f: Face) -> None:
    """Wild boar running to the left: ochre body, ink snout, legs and bristly ridge."""
    for a, b in (((86, 400), (40, 452)), ((116, 410), (92, 466)), ((236, 392), (292, 432)),
                 ((214, 404), (246, 464))):
        f.line("subject", [a, b], "ink", 14, False)
    body = [(22, 394), (38, 370), (82, 336), (150, 298), (230, 302), (284, 328), (292, 370),
            (270, 404), (190, 418), (110, 414), (62, 410), (32, 408)]
    f.shape("subject", body, "odo", "ink", 6)
    f.line("subject", [(78, 334), (150, 296), (230, 300), (278, 322)], "ink", 12)
    for i in range(12):  # bristles
        x = 96 + 15 * i
        y = 322 - 22 * math.sin(math.pi * min(1.0, (x - 70) / 220))
        f.line("fine", [(x, y), (x - 12, y + 22)], "ink", FINE, False)
    f.ellipse("subject", 24, 398, 10, 14, "ink", "ink", 3)
    f.shape("subject", [(84, 338), (92, 306), (104, 332)], "ink", "ink", 3, smooth=False)
    f.circle("subject", 66, 360, 4.5, "ink", None)
    f.shape("subject", [(40, 404), (34, 380), (52, 392)], "gofun", "ink", 3)
    f.line("subject", [(286, 336), (300, 324), (296, 312)], "ink", 5)


# --------------------------------------------------------------------------- month 9

KOTOBUKI: tuple[tuple[Pt, ...], ...] = (
    ((-16, -22), (16, -22)), ((-12, -14), (12, -14)), ((-22, -5), (22, -5)),
    ((0, -30), (0, 0)), ((-26, 5), (26, 5)), ((0, 0), (-10, 10), (-22, 16)),
    ((-8, 14), (20, 14)), ((10, 6), (10, 28), (3, 24)), ((-4, 18), (1, 23)),
)


def sake_cup(f: Face) -> None:
    """Shallow lacquer cup seen slightly from above, tilted, 寿 in yellow inside."""
    t = Affine.at(224, 364, 1.0, -15)
    f.shape("subject", t.pts([(-30, 40), (30, 40), (26, 64), (-26, 64)]), "odo", "ink", 5,
            smooth=False)
    bowl = ellipse_pts(0, 0, 86, 50, 20, 0, 0, 180)
    f.shape("subject", t.pts(bowl), "shu", "ink", 6)
    f.shape("subject", t.pts(ellipse_pts(0, 0, 88, 30, 28)), "odo", "ink", 6)
    f.shape("subject", t.pts(ellipse_pts(0, 2, 76, 22, 28)), "shu", "ink", 4)
    g = t @ Affine(1.4, 0, 0, 0.62, 0, 3)
    for stroke in KOTOBUKI:
        f.line("subject", g.pts(stroke), "ki", 5)


# --------------------------------------------------------------------------- month 10


def deer(f: Face) -> None:
    """Standing deer facing left, head turned back over its shoulder towards the upper right."""
    for pts in (((236, 372), (250, 430), (242, 492)), ((212, 380), (222, 436), (212, 494)),
                ((74, 380), (64, 490)), ((104, 388), (108, 494))):
        f.branch("subject", pts, 9, "odo", smooth=False)
        x, y = pts[-1]
        f.ellipse("subject", x, y, 7, 5, "ink", "ink", 2)
    f.shape("subject", [(246, 318), (262, 306), (258, 330)], "gofun", "ink", 4)
    body = [(56, 346), (72, 318), (130, 314), (200, 308), (246, 318), (258, 350), (240, 384),
            (180, 396), (110, 396), (70, 386)]
    f.shape("subject", body, "odo", "ink", 6)
    neck = [(72, 340), (78, 282), (112, 238), (160, 214), (176, 232), (134, 258), (116, 296),
            (112, 332)]
    f.shape("subject", neck, "odo", "ink", 6)
    head = [(150, 222), (170, 198), (200, 196), (234, 204), (236, 216), (204, 230), (172, 238)]
    f.shape("subject", head, "odo", "ink", 6)
    f.circle("subject", 233, 209, 4, "ink", None)
    f.shape("subject", [(168, 204), (146, 180), (176, 194)], "odo", "ink", 4)
    f.line("subject", [(182, 198), (176, 166), (164, 146)], "ink", 5)
    f.line("subject", [(178, 178), (196, 160)], "ink", 5)
    f.line("subject", [(194, 198), (202, 170), (214, 156)], "ink", 5)
    f.circle("subject", 196, 208, 4, "ink", None)
    for x, y in ((120, 336), (150, 350), (180, 332), (210, 346), (140, 374), (196, 372),
                 (100, 356), (228, 334)):
        f.circle("subject", x, y, 6, "gofun", None)


# --------------------------------------------------------------------------- month 11


def umbrella(f: Face, cx: float, cy: float, r: float) -> None:
    """Open umbrella seen from below: ochre disc, ink ribs and hub (the Rain Man's disc)."""
    f.circle("subject", cx, cy, r, "odo", "ink", 6)
    for i in range(16):
        f.line("subject", [(cx, cy), polar(cx, cy, r - 3, i * 22.5)], "ink", 3, False)
    f.circle("subject", cx, cy, r * 0.62, None, "ink", 3)
    f.circle("subject", cx, cy, 10, "ink", None)


def rain_man(f: Face) -> None:
    """Ono no Michikaze walking right: red robe, indigo hakama, black cap, under the umbrella."""
    f.shape("subject", [(126, 366), (206, 366), (236, 454), (192, 458), (168, 410), (146, 460),
                        (100, 456)], "ai", "ink", 6, smooth=False)
    f.ellipse("subject", 112, 464, 16, 7, "ink", "ink", 2)
    f.ellipse("subject", 230, 462, 16, 7, "ink", "ink", 2)
    robe = [(138, 250), (186, 248), (206, 300), (212, 372), (120, 374), (124, 300)]
    f.shape("subject", robe, "shu", "ink", 6)
    sleeve = [(134, 262), (100, 316), (96, 372), (138, 372), (150, 300)]
    f.shape("subject", sleeve, "shu", "ink", 6)
    f.line("fine", [(150, 260), (162, 372)], "enji", FINE)
    f.line("subject", [(176, 117), (184, 290)], "ink", 6, False)
    f.shape("subject", [(184, 262), (208, 284), (198, 300), (178, 290)], "shu", "ink", 5)
    f.circle("subject", 186, 288, 9, "gofun", "ink", 3)
    f.circle("subject", 160, 232, 20, "gofun", "ink", 5)
    f.shape("subject", [(142, 228), (136, 186), (152, 176), (176, 218)], "ink", "ink", 4)
    f.circle("subject", 170, 232, 2.5, "ink", None)
    umbrella(f, 176, 117, 93)


def frog(f: Face, x: float, y: float) -> None:
    """The leaping frog (light green), stretched up towards a willow strand."""
    t = Affine.at(x, y, 1.0, -55)
    for leg in ([(-22, 6), (-44, 18), (-60, 10), (-46, 2)], [(-18, -8), (-40, -22), (-56, -18),
                                                             (-38, -6)]):
        f.shape("subject", t.pts(leg), "moegi", "ink", 4)
    f.shape("subject", t.pts(ellipse_pts(0, 0, 30, 17, 16)), "moegi", "ink", 5)
    for arm in ([(18, 8), (40, 16), (46, 10)], [(16, -10), (40, -20), (46, -14)]):
        f.line("subject", t.pts(arm), "ink", 10)
        f.line("subject", t.pts(arm), "moegi", 5)
    for ex, ey in ((18, -9), (18, 9)):
        c = t.p(ex, ey)
        f.circle("subject", c[0], c[1], 6, "moegi", "ink", 3)
        f.circle("subject", c[0], c[1], 2.5, "ink", None)


def swallow(f: Face) -> None:
    """Swallow diving from the upper right to the lower left, long forked tail."""
    f.shape("subject", [(214, 232), (300, 176), (226, 246)], "shu", "ink", 4, smooth=False)
    f.shape("subject", [(222, 246), (290, 214), (230, 258)], "ki", "ink", 4, smooth=False)
    f.shape("subject", [(150, 262), (108, 196), (60, 176), (94, 214), (132, 284)],
            "ink", "ink", 4)
    body = ellipse_pts(152, 290, 84, 20, 20, -35)
    body = [(p[0], p[1]) for p in body]
    f.shape("subject", body, "ink", "ink", 4)
    f.shape("subject", [(168, 292), (236, 320), (262, 372), (212, 336), (150, 306)],
            "ink", "ink", 4)
    f.circle("subject", 88, 338, 16, "shu", "ink", 5)
    f.shape("subject", [(80, 350), (62, 368), (88, 356)], "ink", "ink", 3, smooth=False)
    f.circle("subject", 92, 332, 3.5, "ink", None)


def lightning(f: Face) -> None:
    """The demon card: all red, a jagged black storm column, a drum with tomoe, bolts."""
    f.rect("field", -10, -10, 340, 550, "shu", None)
    left = [(60 - (i % 2) * 22, -10 + 34 * i) for i in range(17)]
    right = [(176 + ((i + 1) % 2) * 22, 540 - 34 * i) for i in range(17)]
    f.shape("field", left + right, "ink", "ink", 4, smooth=False)
    for i in range(18):
        x = 56 + (i * 37) % 120
        y = 20 + (i * 61) % 480
        f.line("fine", [(x, y), (x - 10, y + 34)], "gofun", FINE, False)
    for pts in (((262, -10), (238, 60), (272, 72), (236, 170), (268, 182), (248, 266)),
                ((272, 72), (304, 118), (290, 128), (314, 196))):
        f.branch("subject", pts, 7, "odo", smooth=False)
    cx, cy, r = 166, 403, 48
    f.circle("subject", cx, cy, r, "gofun", "ink", 6)
    f.circle("subject", cx, cy, r - 4, None, "sumi_grey", 8)
    f.circle("subject", cx, cy, r - 9, None, "ink", 2)
    for k in range(3):
        a0 = 90 + 120 * k
        outer = [polar(cx, cy, r * (0.72 - 0.22 * s / 10), a0 + 11 * s) for s in range(11)]
        inner = [polar(cx, cy, r * (0.12 + 0.38 * s / 10), a0 + 11 * s) for s in range(10, -1, -1)]
        hc = polar(cx, cy, r * 0.42, a0)
        cap = [polar(hc[0], hc[1], r * 0.3, a0 + 180 + 180 * i / 8) for i in range(9)]
        f.shape("subject", cap[4:] + outer + inner + cap[:4], "ink", None, smooth=False)


# --------------------------------------------------------------------------- month 12


def feather(f: Face, base: Pt, ctrl: Pt, tip: Pt, width: float, color: str) -> None:
    """One long tapering plume along a curve, with a red eye near its tip."""
    spine = bezier(base, ctrl, tip, 12)
    left, right = [], []
    for i, (x, y) in enumerate(spine):
        t = i / (len(spine) - 1)
        nxt = spine[min(i + 1, len(spine) - 1)]
        prv = spine[max(i - 1, 0)]
        ang = math.atan2(nxt[1] - prv[1], nxt[0] - prv[0])
        w = width * (0.35 + 0.65 * math.sin(math.pi * min(1.0, t * 1.1)) if t < 0.95 else 0.05)
        left.append((x - math.sin(ang) * w / 2, y + math.cos(ang) * w / 2))
        right.append((x + math.sin(ang) * w / 2, y - math.cos(ang) * w / 2))
    f.shape("subject", left + right[::-1], color, "ink", 5)
    ex, ey = spine[8]
    f.circle("subject", ex, ey, width * 0.22, "shu", "ink", 3)


def phoenix(f: Face) -> None:
    """The phoenix: head looking left, red crest and wattle, great plumes sweeping right."""
    tail = (((210, 220), (320, 200), (330, 330), 36, "ai"),
            ((204, 226), (300, 260), (276, 330), 34, "fuji"),
            ((196, 230), (250, 290), (206, 318), 30, "ai"),
            ((214, 214), (330, 150), (340, 262), 30, "fuji"),
            ((190, 232), (190, 300), (140, 316), 26, "fuji"))
    for base, ctrl, tip, w, color in tail:
        feather(f, base, ctrl, tip, w, color)
    for i, (ang, ln) in enumerate(((-108, 112), (-92, 124), (-76, 128), (-60, 122),
                                   (-44, 110))):  # raised wing: a fan of long feathers
        base = (176, 186)
        tip = polar(base[0], base[1], ln, ang)
        ctrl = polar(base[0], base[1], ln * 0.6, ang - 12)
        feather(f, base, ctrl, tip, 34, "fuji" if i % 2 else "ai")
    body = [(128, 184), (170, 160), (222, 190), (220, 236), (170, 248), (134, 220)]
    f.shape("subject", body, "ai", "ink", 6)
    for i in range(4):
        f.line("subject", [(150 + 16 * i, 196 + 4 * i), (160 + 16 * i, 226 + 2 * i)],
               "fuji_light", 4)
    neck = [(124, 196), (108, 150), (112, 110), (136, 100), (146, 132), (156, 184)]
    f.shape("subject", neck, "rokusho", "ink", 6)
    for tip in ((104, 50), (122, 38), (142, 48)):
        f.shape("subject", [(116, 102), tip, (134, 98)], "shu", "ink", 4, smooth=False)
    f.shape("subject", [(116, 104), (98, 100), (88, 112), (102, 120), (116, 122)], "rokusho",
            "ink", 5)
    f.shape("subject", [(102, 118), (92, 146), (114, 130)], "shu", "ink", 4)
    f.shape("subject", [(92, 104), (70, 114), (92, 116)], "ki", "ink", 3, smooth=False)
    f.circle("subject", 110, 108, 5, "gofun", "ink", 2)
    for i in range(5):
        f.line("fine", [(116 + 4 * i, 140 + 10 * i), (140 + 4 * i, 136 + 10 * i)], "ki", 2)


# --------------------------------------------------------------------------- month 2


def warbler(f: Face) -> None:
    """Bush warbler perched facing left: olive body, yellow belly, ink eye and beak."""
    f.line("subject", [(240, 262), (280, 252), (296, 238)], "uguisu", 14)
    f.line("subject", [(240, 262), (280, 252), (296, 238)], "ink", 2)
    body = [(110, 240), (132, 208), (170, 200), (212, 216), (246, 254), (222, 286), (170, 298),
            (128, 282)]
    f.shape("subject", body, "uguisu", "ink", 6)
    belly = [(122, 268), (150, 252), (196, 270), (170, 294), (132, 284)]
    f.shape("subject", belly, "ki", "ink", 4)
    f.shape("subject", [(112, 232), (90, 238), (112, 246)], "ink", "ink", 3, smooth=False)
    f.circle("subject", 130, 228, 5, "ink", None)
    f.line("subject", [(168, 236), (206, 246), (234, 262)], "ink", 4)
    f.line("subject", [(176, 252), (212, 264)], "ink", 4)
    for x in (160, 186):
        f.line("subject", [(x, 296), (x - 4, 312)], "ink", 4, False)
