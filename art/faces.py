"""The 48 compositions (CARDS.md §6) and the card back (§11), one small function each.

A composition only places shared motifs (art.plants, art.subjects, art.devices); no shape is
drawn twice in two places. The two chaff of a month are deliberate variations (weighted left
and right, different counts) so all 48 faces differ.
"""

from __future__ import annotations

from collections.abc import Callable

from art import plants as P
from art import subjects as S
from art.devices import POEM_AKAYOROSHI, POEM_MIYOSHINO, cloud, tanzaku
from art.svg import FINE, Affine, Face, H, W
from game.engine.cards import CARD_IDS

# --------------------------------------------------------------------------- 1 pine


def crane(f: Face) -> None:
    S.sun(f, 230, 74, 99)
    P.pine(f, 30, 388, width=90)
    P.pine(f, 252, 256, width=150)
    S.crane(f)


def pine_ribbon(f: Face) -> None:
    P.pine(f, 165, 186, width=130)
    P.pine(f, 60, 133, width=110)
    P.pine(f, 268, 239, width=110)
    tanzaku(f, "shu", POEM_AKAYOROSHI)


def pine_chaff_1(f: Face) -> None:
    P.pine(f, 232, 254, width=130)
    P.pine(f, 100, 95, width=170)


def pine_chaff_2(f: Face) -> None:
    P.pine(f, 220, 117, width=170)
    P.pine(f, 60, 292, width=100)
    P.pine(f, 120, 345, width=90, lean=10)


# --------------------------------------------------------------------------- 2 plum


def warbler(f: Face) -> None:
    cloud(f, ((10, 40, 46), (90, 54, 44), (170, 48, 44), (250, 56, 46), (322, 40, 44)))
    P.plum_branch(f, [(-10, 478), (90, 400), (78, 360), (170, 314), (250, 280), (330, 168)])
    P.plum_branch(f, [(90, 400), (180, 444), (262, 420)], 12)
    for x, y in ((34, 446), (132, 426), (214, 440), (274, 404), (300, 206), (60, 370),
                 (206, 330)):
        P.plum_blossom(f, x, y, 24, rot=x)
    for x, y in ((252, 452), (318, 178), (110, 392)):
        P.plum_bud(f, x, y)
    S.warbler(f)


def plum_ribbon(f: Face) -> None:
    P.plum_branch(f, [(330, 486), (240, 414), (250, 336), (150, 262), (160, 196), (60, 130),
                      (-10, 96)])
    P.plum_branch(f, [(150, 262), (70, 290), (30, 250)], 11)
    for x, y in ((52, 300), (30, 236), (84, 150), (26, 110), (250, 448), (290, 392),
                 (110, 330)):
        P.plum_blossom(f, x, y, 24, rot=y)
    P.plum_bud(f, 298, 460)
    tanzaku(f, "shu", POEM_AKAYOROSHI)


def plum_chaff_1(f: Face) -> None:
    P.plum_branch(f, [(-10, 540), (70, 440), (60, 380), (170, 300), (190, 220), (270, 150),
                      (330, 130)])
    P.plum_branch(f, [(170, 300), (250, 330), (280, 300)], 11)
    for x, y in ((74, 470), (110, 350), (52, 330), (200, 262), (244, 178), (290, 316),
                 (300, 120)):
        P.plum_blossom(f, x, y, 25, rot=x)


def plum_chaff_2(f: Face) -> None:
    P.plum_branch(f, [(330, 540), (260, 450), (274, 370), (170, 320), (150, 230), (70, 170),
                      (-10, 150)])
    P.plum_branch(f, [(170, 320), (90, 360), (60, 330)], 11)
    for x, y in ((246, 480), (220, 350), (120, 210), (56, 330), (290, 400), (40, 150)):
        P.plum_blossom(f, x, y, 25, rot=y)
    for x, y in ((160, 180), (100, 380), (300, 330)):
        P.plum_bud(f, x, y)


# --------------------------------------------------------------------------- 3 cherry


def curtain(f: Face) -> None:
    P.twig(f, [(-10, 200), (80, 150), (170, 110), (330, 60)])
    for x, y, s in ((50, 70, 120), (160, 40, 110), (276, 76, 120), (100, 180, 120),
                    (226, 190, 120), (10, 210, 90), (320, 215, 90)):
        P.cherry_cluster(f, x, y, s, red=(2, 5, 7), turn=x)
    S.curtain(f)


def cherry_ribbon(f: Face) -> None:
    P.twig(f, [(330, 40), (240, 110), (150, 200), (60, 270), (-10, 300)])
    P.twig(f, [(330, 520), (260, 450)])
    P.cherry_cluster(f, 252, 86, 130, turn=10)
    P.cherry_cluster(f, 60, 284, 130, turn=40)
    P.cherry_cluster(f, 256, 450, 130, turn=70)
    tanzaku(f, "shu", POEM_MIYOSHINO)


def cherry_chaff_1(f: Face) -> None:
    P.twig(f, [(-10, 540), (60, 420), (140, 300), (100, 180), (80, 140)], 10)
    P.twig(f, [(140, 300), (230, 390)], 8)
    P.cherry_cluster(f, 96, 140, 150, turn=0)
    P.cherry_cluster(f, 232, 404, 150, turn=30)
    P.cherry_cluster(f, 170, 276, 80, count=5, turn=60)


def cherry_chaff_2(f: Face) -> None:
    P.twig(f, [(330, 540), (260, 420), (190, 300), (230, 190), (240, 150)], 10)
    P.twig(f, [(190, 300), (100, 390)], 8)
    P.cherry_cluster(f, 226, 160, 150, turn=15)
    P.cherry_cluster(f, 92, 410, 150, turn=45)
    P.cherry_cluster(f, 40, 48, 100, count=6, turn=75)


# --------------------------------------------------------------------------- 4 wisteria


def cuckoo(f: Face) -> None:
    S.crescent(f, 211, 143, 88, 38, -135)
    P.wisteria_vine(f, [(-10, 10), (60, 26), (140, 8)], 4)
    for x, ln in ((24, 330), (62, 370), (100, 300)):
        P.raceme(f, x, 20, ln, 8)
    P.wisteria_vine(f, [(330, 350), (280, 366), (250, 356)], 2)
    P.raceme(f, 276, 366, 130, 6)
    S.cuckoo(f)


def wisteria_ribbon(f: Face) -> None:
    P.wisteria_vine(f, [(-10, 18), (100, 34), (220, 12), (330, 30)], 7)
    for x, ln in ((30, 380), (76, 300), (260, 300), (300, 420)):
        P.raceme(f, x, 26, ln, 8)
    tanzaku(f, "shu")


def wisteria_chaff_1(f: Face) -> None:
    P.wisteria_vine(f, [(-10, 16), (110, 30), (220, 10), (330, 26)], 7)
    for x, ln in ((54, 424), (128, 300), (200, 350), (270, 230)):
        P.raceme(f, x, 24, ln, 10)


def wisteria_chaff_2(f: Face) -> None:
    P.wisteria_vine(f, [(-10, 26), (120, 10), (230, 30), (330, 14)], 6)
    f.line("plant", [(150, 14), (150, 50), (134, 70), (118, 60), (124, 44), (140, 48)], "cha", 5)
    for x, ln in ((70, 250), (170, 320), (262, 440)):
        P.raceme(f, x, 24, ln, 10)


# --------------------------------------------------------------------------- 5 iris


def bridge(f: Face) -> None:
    cloud(f, ((180, 24, 34), (236, 40, 40), (294, 44, 44)))
    P.iris_clump(f, 236, 450, 36, (330, 300, 350, 280, 240),
                 ((196, 214, False), (286, 262, False)))
    S.bridge(f)


def iris_ribbon(f: Face) -> None:
    P.iris_clump(f, 60, 540, 18, (360, 420, 380, 300), ((60, 212, False),))
    P.iris_clump(f, 268, 540, 18, (300, 380, 340, 260), ((272, 292, False),))
    tanzaku(f, "shu")


def iris_chaff_1(f: Face) -> None:
    P.iris_clump(f, 190, 540, -70, (320, 430, 400, 360, 300, 260),
                 ((110, 150, False), (200, 240, False)))


def iris_chaff_2(f: Face) -> None:
    P.iris_clump(f, 130, 540, 70, (280, 380, 440, 380, 300),
                 ((210, 170, False), (120, 250, True)))


# --------------------------------------------------------------------------- 6 peony


def butterflies(f: Face) -> None:
    cloud(f, ((0, 30, 44), (64, 24, 40)))
    cloud(f, ((256, 24, 40), (322, 32, 44)))
    P.peony_leaf(f, 120, 420, 110, 160)
    P.peony_leaf(f, 200, 420, 110, 20)
    P.peony_leaf(f, 160, 440, 100, 90)
    P.peony(f, 160, 371, 72)
    S.butterfly(f, 90, 200, 1.15, True)
    S.butterfly(f, 230, 190, 1.15, False)


def peony_ribbon(f: Face) -> None:
    P.peony_leaf(f, 150, 430, 130, 170)
    P.peony_leaf(f, 140, 470, 120, 120)
    P.peony_leaf(f, 230, 470, 100, 60)
    P.peony(f, 226, 414, 80)
    tanzaku(f, "ai")


def peony_chaff_1(f: Face) -> None:
    f.branch("plant", [(150, 470), (220, 340), (250, 250)], 6, "rokusho")
    P.peony_leaf(f, 120, 440, 120, 160)
    P.peony_leaf(f, 130, 450, 120, 30)
    P.peony_leaf(f, 120, 460, 100, 90)
    P.peony_bud(f, 252, 240)
    P.peony(f, 112, 360, 76)


def peony_chaff_2(f: Face) -> None:
    f.branch("plant", [(170, 480), (100, 330), (70, 270)], 6, "rokusho")
    f.branch("plant", [(170, 480), (150, 380), (170, 300)], 5, "rokusho")
    P.peony_leaf(f, 200, 450, 120, 150)
    P.peony_leaf(f, 210, 450, 120, 20)
    P.peony_leaf(f, 160, 470, 90, 100)
    P.peony_bud(f, 70, 260)
    P.peony_bud(f, 170, 292, 16)
    P.peony(f, 208, 371, 76)


# --------------------------------------------------------------------------- 7 bush clover


def boar(f: Face) -> None:
    cloud(f, ((0, 40, 50), (70, 46, 44), (138, 30, 36)))
    P.clover_frond(f, (330, 540), (320, 140), (120, 170), 10, 6)
    P.clover_frond(f, (300, 540), (250, 230), (60, 270), 9, 5)
    P.clover_frond(f, (330, 300), (270, 220), (200, 120), 6, 4)
    S.boar(f)


def clover_ribbon(f: Face) -> None:
    P.clover_frond(f, (-10, 540), (0, 140), (150, 80), 9, 6)
    P.clover_frond(f, (20, 540), (60, 300), (200, 260), 8, 5)
    P.clover_frond(f, (330, 540), (320, 180), (170, 140), 9, 6)
    P.clover_frond(f, (300, 540), (260, 380), (120, 430), 7, 4)
    tanzaku(f, "shu")


def clover_chaff_1(f: Face) -> None:
    P.clover_frond(f, (300, 540), (290, 130), (30, 170), 11, 7)
    P.clover_frond(f, (290, 540), (250, 290), (40, 330), 9, 5)
    P.clover_frond(f, (320, 540), (300, 360), (110, 450), 7, 4)


def clover_chaff_2(f: Face) -> None:
    P.clover_frond(f, (20, 540), (30, 170), (290, 130), 10, 6)
    P.clover_frond(f, (30, 540), (80, 300), (280, 300), 8, 6)
    P.clover_frond(f, (0, 540), (20, 400), (200, 420), 6, 3)


# --------------------------------------------------------------------------- 8 susuki


def moon(f: Face) -> None:
    f.rect("field", -10, -10, 340, 400, "shu", "ink")
    f.circle("subject", 160, 159, 106, "gofun", "ink", 6)
    P.hill(f, 160, 291, 280, grass=16)


def geese(f: Face) -> None:
    P.hill(f, 160, 329, 270)
    for x, y, s in ((236, 96, 1.05), (178, 168, 1.0), (118, 240, 0.95)):
        goose(f, x, y, s)


def goose(f: Face, x: float, y: float, s: float) -> None:
    """A goose flying left, both wings raised in a V: a dark chevron with white wing bars."""
    t = Affine.at(x, y, s)
    far = [(-6, -6), (-26, -44), (-44, -66), (-32, -68), (-6, -38), (10, -6)]
    near = [(-12, -4), (-2, -40), (16, -74), (30, -78), (32, -48), (24, -18), (20, -2)]
    f.shape("subject", t.pts(far), "ink", "ink", 3)
    f.shape("subject", t.pts(near), "ink", "ink", 3)
    f.line("subject", t.pts([(0, -30), (14, -58)]), "gofun", 5 * s)
    f.line("subject", t.pts([(-16, -34), (-30, -54)]), "gofun", 4 * s)
    body = [(-40, 2), (-20, -8), (20, -8), (46, -6), (54, -12), (50, 4), (20, 10), (-20, 10)]
    f.shape("subject", t.pts(body), "ink", "ink", 3)
    f.line("subject", t.pts([(-34, 0), (-56, 2), (-70, 8)]), "ink", 9 * s)
    f.line("subject", t.pts([(-72, 9), (-86, 13)]), "ki", 4 * s, False)


def susuki_chaff_1(f: Face) -> None:
    P.hill(f, 160, 238, 270, grass=18)


def susuki_chaff_2(f: Face) -> None:
    P.hill(f, 226, 276, 220, grass=12)
    P.hill(f, 70, 350, 150, grass=7)


# --------------------------------------------------------------------------- 9 chrysanthemum


def sake_cup(f: Face) -> None:
    cloud(f, ((190, 30, 36), (246, 46, 42), (304, 50, 46)))
    f.rect("field", -10, 477, 340, 70, "cha", "ink")
    P.chrys_plant(f, (70, 480), ((80, 176, 52, 1.0), (126, 304, 44, 1.0)), 50)
    S.sake_cup(f)


def chrysanthemum_ribbon(f: Face) -> None:
    P.chrys_plant(f, (150, 540), ((76, 146, 52, 1.0), (248, 426, 54, 1.0)), 60)
    tanzaku(f, "ai")


def chrysanthemum_chaff_1(f: Face) -> None:
    P.chrys_plant(f, (110, 540), ((90, 170, 60, 1.0), (150, 330, 52, 1.0)), 66)


def chrysanthemum_chaff_2(f: Face) -> None:
    P.chrys_plant(f, (220, 540), ((234, 140, 52, 1.0), (150, 280, 48, 1.0),
                                  (270, 350, 44, 0.5)), 60)


# --------------------------------------------------------------------------- 10 maple


def deer(f: Face) -> None:
    P.maple_spray(f, [(-10, 30), (110, 80), (220, 60), (330, 100)],
                  ((40, 70, 44), (120, 36, 40), (168, 128, 44), (252, 36, 40), (292, 152, 42),
                   (64, 160, 40), (230, 120, 34)), start=0)
    f.ellipse("field", 160, 520, 190, 40, "moegi", "ink")
    S.deer(f)


def maple_ribbon(f: Face) -> None:
    P.maple_spray(f, [(330, -10), (260, 80), (170, 60)],
                  ((264, 160, 48), (282, 280, 46), (60, 190, 48), (50, 330, 46),
                   (272, 410, 46), (80, 462, 44), (206, 36, 40), (236, 492, 38)), start=1)
    tanzaku(f, "ai")


def maple_chaff_1(f: Face) -> None:
    P.maple_spray(f, [(-10, -10), (70, 80), (150, 110), (200, 180)],
                  ((60, 150, 52), (150, 190, 50), (236, 250, 52), (130, 320, 50),
                   (250, 380, 48), (180, 470, 46), (50, 290, 44)), start=2)


def maple_chaff_2(f: Face) -> None:
    P.maple_spray(f, [(330, -10), (250, 80), (170, 110), (120, 180)],
                  ((260, 150, 52), (170, 190, 50), (84, 250, 52), (196, 330, 50),
                   (70, 400, 48), (150, 470, 46)), start=4)


# --------------------------------------------------------------------------- 11 willow


def rain_man(f: Face) -> None:
    f.shape("field", [(-10, 300), (80, 290), (200, 320), (330, 296), (330, 350), (210, 372),
                      (90, 340), (-10, 356)], "mizu", "ink", 6)
    P.willow_curtain(f, (12, 44, 76), 0, (430, 330, 250))
    P.willow_curtain(f, (250, 282, 312), 0, (260, 360, 440))
    for x, y in ((262, 420), (292, 448)):
        f.rect("subject", x, y, 16, 120, "cha", "ink", 5)
    for i in range(22):  # slanted rain, hidden where the figure covers it
        x = (i * 53) % 340 - 10
        y = (i * 97) % 500
        f.line("fine", [(x, y), (x - 12, y + 40)], "ink", 2.5, False)
    S.frog(f, 50, 462)
    S.rain_man(f)


def swallow(f: Face) -> None:
    f.shape("plant", [(-10, -10), (40, -10), (30, 200), (46, 400), (36, 540), (-10, 540)],
            "cha", "ink", 6)
    for y in (120, 300, 450):
        f.line("fine", [(6, y), (28, y + 14)], "ink", FINE)
    P.willow_curtain(f, (178, 210, 242, 274, 306), 0, (240, 330, 420, 300, 380))
    S.swallow(f)


def willow_ribbon(f: Face) -> None:
    f.shape("plant", [(-10, 420), (40, 430), (70, 540), (-10, 540)], "cha", "ink", 6)
    P.willow_curtain(f, (16, 46, 76), 0, (320, 400, 290))
    P.willow_curtain(f, (246, 276, 306), 0, (300, 440, 360))
    tanzaku(f, "shu")


def lightning(f: Face) -> None:
    S.lightning(f)


# --------------------------------------------------------------------------- 12 paulownia

KIRI_LEAVES = ((70, 470, 96, -14), (250, 476, 96, 14), (160, 500, 110, 0))


def phoenix(f: Face) -> None:
    S.sun(f, 256, 42, 64, rays=12)
    f.rect("field", -10, 488, 340, 60, "ki", "ink")
    P.paulownia(f, 160, ((0, 330),), ((76, 452, 80, -16), (244, 456, 80, 16),
                                      (160, 484, 92, 0)), base=440)
    S.phoenix(f)


def paulownia_yellow(f: Face) -> None:
    """Chaff 1's plant lifted so the leaves just overlap the top of the yellow band (§8)."""
    f.rect("field", -10, 382, 340, 170, "ki", "ink")
    leaves = tuple((x, y - 84, s, r) for x, y, s, r in KIRI_LEAVES)
    P.paulownia(f, 160, ((-70, 150), (0, 50), (70, 150)), leaves, base=340)


def paulownia_chaff_1(f: Face) -> None:
    P.paulownia(f, 160, ((-70, 210), (0, 95), (70, 210)), KIRI_LEAVES, base=420)


def paulownia_chaff_2(f: Face) -> None:
    leaves = tuple((x + 30, y, s, r) for x, y, s, r in KIRI_LEAVES)
    P.paulownia(f, 190, ((-70, 270), (0, 110), (70, 200)), leaves, base=420)
    f.rect("plant", 22, 460, 34, 34, "shu", "ink", 4)
    f.line("plant", [(34, 470), (32, 480), (27, 487)], "gofun", 4)
    f.line("plant", [(43, 469), (46, 479), (51, 486)], "gofun", 4)


# --------------------------------------------------------------------------- registry

COMPOSITIONS: dict[str, Callable[[Face], None]] = {cid: globals()[cid] for cid in CARD_IDS}


def face_svg(card_id: str) -> str:
    f = Face(card_id)
    COMPOSITIONS[card_id](f)
    return f.to_svg()


def back_svg() -> str:
    """The card back in back_red (the renderer recolours it to back_black by token)."""
    f = Face("back")
    f.layers["bg"] = []
    f.rect("bg", -10, -10, W + 20, H + 20, "back_red", None)
    m = 0.06 * W
    f.rect("field", m, m, W - 2 * m, H - 2 * m, None, "back_red_line", 5)
    cx, cy, r = W / 2, H / 2, 0.45 * W / 2
    f.circle("subject", cx, cy, r, None, "back_red_emboss", 9)
    f.circle("subject", cx, cy, r - 14, None, "back_red_emboss", 3)
    f.line("subject", [(cx - 12, cy - 36), (cx - 18, cy + 2), (cx - 40, cy + 34)],
           "back_red_emboss", 14)
    f.line("subject", [(cx + 10, cy - 34), (cx + 18, cy + 6), (cx + 44, cy + 34)],
           "back_red_emboss", 14)
    return f.to_svg()

