"""Drawing the table's big moments (issue 26; game/ui/moments.py says what and when).

- `draw_cutin`: a yaku or teyaku cut-in. The seat on screen gets a band across the field:
  its cards gathered in a row with a glow, each combination's name by the term style and its
  value counting up to the engine's. A computer seat gets a small card by its plate.
- `draw_field`: "大場 ×2 Large field" / "絶場 ×4 Grand field" announced over the field.
- `draw_winner`: the round winner's plate shining before the ledger opens.
- `draw_stamp`: a call stamped on a plate, like a seal, while it holds.

Every word arrives translated or comes from the catalogue (`terms.term`, `_()`); every
amount is the engine's. Under reduced motion the `Pose` is a plain fade (moments.pose).
"""

from __future__ import annotations

import functools

import pygame

from game.i18n import _
from game.play.numbers import amount
from game.play.terms import term
from game.ui import theme
from game.ui.cards import CardRenderer
from game.ui.layout import Layout, height_of
from game.ui.model import Seating
from game.ui.moments import Moment, Pose, counted
from game.ui.palette import GOFUN

STAMP_RED = (0xC8, 0x2A, 0x1E)


def plate_rect(L: Layout, seating: Seating, seat: int) -> pygame.Rect | None:
    """Where `seat`'s plate stands on screen (None: on the bench, or not shown)."""
    if seat == seating.bottom:
        return L.plate
    for s, rect in zip(seating.others, L.opponents, strict=False):
        if s == seat:
            return pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, round(L.small * 2.8)))
    return None


def seat_frame(L: Layout, seating: Seating, seat: int) -> pygame.Rect | None:
    """The whole of `seat`'s place on screen: the own plate, or an opponent's panel with
    its hand and captures (`plate_rect` is only its name row), for a ring around it."""
    if seat == seating.bottom:
        return L.plate
    for s, rect in zip(seating.others, L.opponents, strict=False):
        if s == seat:
            return pygame.Rect(rect)
    return None


def _layer(size: tuple[int, int]) -> pygame.Surface:
    return pygame.Surface(size, pygame.SRCALPHA)


def _value_text(value: int | None, share: float) -> str:
    if value is None:
        return ""
    return _("{amount} mon").format(amount=amount(counted(value, share)))


def cutin_lines(moment: Moment) -> list[tuple[str, str, bool]]:
    """(name, value words at full count, fresh) per combination, fresh ones first."""
    items = sorted(moment.items, key=lambda kv: kv[0] not in moment.fresh)
    return [(term(k), _value_text(v, 1.0), k in moment.fresh) for k, v in items]


def draw_cutin(s: pygame.Surface, L: Layout, moment: Moment, pose: Pose, who: str,
               renderer: CardRenderer, plate: pygame.Rect | None,
               starts: dict[str, pygame.Rect]) -> pygame.Rect:
    """The cut-in; returns the rectangle it covers. `who` is the headline ("Ana: yaku!"),
    `starts` each card's rectangle on the table, where the gathering starts from."""
    if not moment.own and plate is not None:
        return _small_cutin(s, L, moment, pose, who, plate, renderer)
    field = L.field
    size = L.body
    head = round(size * 1.9)
    # a card width the table already uses (its images are cached: no rasterising mid-beat)
    room = field.w - 40
    n = max(1, len(moment.cards))
    cw = next((w for w in (L.hand_w, L.field_w, L.cap_w, L.opp_cap_w)
               if n * w * 9 // 8 <= room), L.opp_cap_w)
    ch = height_of(cw) if moment.cards else 0
    lines = cutin_lines(moment)
    line_h = round(size * 1.45)
    band_h = 16 + round(head * 1.5) + 12 + (ch + 22 if ch else 0) + line_h * len(lines) + 12
    band_h = round(band_h * (0.85 + 0.15 * pose.grow))
    band = pygame.Rect(L.table.x, 0, L.table.w, band_h)
    band.centery = field.centery
    band = band.clip(s.get_rect())
    opaque = pose.alpha >= 0.999
    if opaque:  # most of the beat: drawn straight onto the screen (no band-sized blend)
        s.blit(_band(band.size), band)
        layer = s.subsurface(band)
    else:  # fading: drawn on its own layer, then blended once
        layer = _band(band.size).copy()
    y = 12
    theme.blit_text(layer, theme.fit(who, head, band.w - 40, True), head, (band.w // 2, y),
                    theme.MATCH, True, "midtop")
    y += round(head * 1.5) + 12  # room for the glow around the cards
    if moment.cards:
        gap = max(4, cw // 8)
        row_w = len(moment.cards) * cw + (len(moment.cards) - 1) * gap
        x0 = (band.w - row_w) // 2
        glow = round(4 + 6 * pose.glow)
        for i, c in enumerate(moment.cards):
            tx, ty = x0 + i * (cw + gap), y
            src = starts.get(c)
            if src is not None and pose.gather < 1:  # travel from its place on the table
                sx, sy = src.x - band.x, src.y - band.y
                tx = round(sx + (tx - sx) * pose.gather)
                ty = round(sy + (ty - sy) * pose.gather)
            r = pygame.Rect(tx, ty, cw, ch)
            pygame.draw.rect(layer, (*theme.MATCH, round(90 + 120 * pose.glow)),
                             r.inflate(glow * 2, glow * 2), border_radius=8)
            layer.blit(renderer.image(c, cw), r)
        y += ch + 22
    name_size = round(size * 1.15)
    for (_k, v), (name, _full, fresh) in zip(
            sorted(moment.items, key=lambda kv: kv[0] not in moment.fresh), lines,
            strict=True):
        color = theme.TEXT if fresh else theme.TEXT_DIM
        value = _value_text(v, pose.count if fresh else 1.0)
        vw = theme.text_width(value, name_size, True) if value else 0
        room = band.w - 80 - vw - 24
        label = theme.fit(name, name_size, room, fresh)
        lw = theme.text_width(label, name_size, fresh)
        x = (band.w - lw - vw - 24) // 2
        theme.blit_text(layer, label, name_size, (x, y), color, fresh)
        if value:
            theme.blit_text(layer, value, name_size, (x + lw + 24, y), theme.GAIN, True)
        y += line_h
    if not opaque:
        layer.set_alpha(round(255 * pose.alpha))
        s.blit(layer, band)
    return band


@functools.lru_cache(maxsize=16)
def _band(size: tuple[int, int]) -> pygame.Surface:
    """The cut-in's band: translucent panel with a gold line above and below (made once
    per size; the band keeps its size once it has grown)."""
    layer = _layer(size)
    layer.fill((*theme.PANEL, 225))
    gold = (*theme.GOLD, 255)
    pygame.draw.line(layer, gold, (0, 1), (size[0], 1), 3)
    pygame.draw.line(layer, gold, (0, size[1] - 2), (size[0], size[1] - 2), 3)
    return layer


def _small_cutin(s: pygame.Surface, L: Layout, moment: Moment, pose: Pose, who: str,
                 plate: pygame.Rect, renderer: CardRenderer) -> pygame.Rect:
    """A computer's cut-in: a small box under (or above) its plate with the cards that
    make it, glowing, and the names with their values."""
    small = L.small
    cw = max(18, L.opp_cap_w)
    ch = height_of(cw) if moment.cards else 0
    gap = max(2, cw // 10)
    cards_w = len(moment.cards) * (cw + gap) - gap if moment.cards else 0
    lines = cutin_lines(moment)
    rows = [(who, theme.MATCH, True)]
    for (_k, v), (name, _full, fresh) in zip(
            sorted(moment.items, key=lambda kv: kv[0] not in moment.fresh), lines,
            strict=True):
        value = _value_text(v, pose.count if fresh else 1.0)
        rows.append((f"{name}  {value}" if value else name,
                     theme.TEXT if fresh else theme.TEXT_DIM, fresh))
    w = min(max(max(theme.text_width(t, small, b) for t, _c, b in rows), cards_w) + 24,
            max(plate.w, round(L.table.w * 0.4)))
    h = len(rows) * round(small * 1.4) + 14 + (ch + 10 if ch else 0)
    box = pygame.Rect(0, 0, w, round(h * (0.8 + 0.2 * pose.grow)))
    box.midtop = (plate.centerx, plate.bottom + 4)
    if box.bottom > L.table.bottom:
        box.midbottom = (plate.centerx, plate.y - 4)
    box.clamp_ip(L.table)
    layer = _layer(box.size)
    layer.fill((*theme.PANEL, 235))
    pygame.draw.rect(layer, (*theme.MATCH, round(120 + 135 * pose.glow)), layer.get_rect(),
                     2, border_radius=6)
    y = 7
    for k, (text, color, bold) in enumerate(rows):
        theme.blit_text(layer, theme.fit(text, small, box.w - 16, bold), small, (10, y), color,
                        bold)
        y += round(small * 1.4)
        if k == 0 and ch:  # the cards under the headline
            x = 10
            for c in moment.cards:
                if x + cw > box.w - 6:
                    break
                r = pygame.Rect(x, y + 2, cw, ch)
                pygame.draw.rect(layer, (*theme.MATCH, round(90 + 120 * pose.glow)),
                                 r.inflate(6, 6), border_radius=4)
                layer.blit(renderer.image(c, cw), r)
                x += cw + gap
            y += ch + 10
    layer.set_alpha(round(255 * pose.alpha))
    s.blit(layer, box)
    return box


def draw_field(s: pygame.Surface, L: Layout, words: str, pose: Pose) -> pygame.Rect:
    """The field multiplier announced across the field ("絶場 ×4 Grand field")."""
    size = round(L.body * 2.4)  # one size: a font size per frame would load a font each
    full = min(L.field.w, theme.text_width(words, size, True) + 80)
    w = max(size * 2, round(full * (0.6 + 0.4 * pose.grow)))  # the box opens, the text stays
    box = pygame.Rect(0, 0, w, round(size * 2.0))
    box.center = L.field.center
    layer = _layer(box.size)
    layer.fill((*theme.PANEL, 230))
    pygame.draw.rect(layer, (*theme.GOLD, 255), layer.get_rect(), 3, border_radius=10)
    theme.blit_text(layer, theme.fit(words, size, full - 30, True), size,
                    (box.w // 2, box.h // 2), theme.MATCH, True, "center")
    layer.set_alpha(round(255 * pose.alpha))
    s.blit(layer, box)
    return box


def draw_winner(s: pygame.Surface, plate: pygame.Rect, words: str, pose: Pose,
                small: int) -> None:
    """The round winner's plate shines (a gold ring that pulses once) with a word on it."""
    ring = round(3 + 4 * pose.glow)
    layer = _layer(plate.inflate(ring * 4, ring * 4).size)
    r = layer.get_rect().inflate(-ring, -ring)
    pygame.draw.rect(layer, (*theme.MATCH, round(200 * pose.alpha)), r, ring,
                     border_radius=10)
    s.blit(layer, layer.get_rect(center=plate.center))
    if words:
        img = theme.text(words, small, theme.INK, True)
        chip = img.get_rect().inflate(14, 6)
        chip.midbottom = (plate.centerx, plate.y + 2)
        chip.clamp_ip(s.get_rect())
        pygame.draw.rect(s, theme.MATCH, chip, border_radius=6)
        s.blit(img, img.get_rect(center=chip.center))


@functools.lru_cache(maxsize=64)
def _seal(words: str, size: int) -> pygame.Surface:
    """The stamp itself, tilted: made once per words and size (drawn every frame)."""
    img = theme.text(words, size, STAMP_RED, True)
    box = _layer((img.get_width() + 14, img.get_height() + 8))
    box.fill((*GOFUN, 235))
    pygame.draw.rect(box, STAMP_RED, box.get_rect(), 2, border_radius=4)
    box.blit(img, (7, 4))
    return pygame.transform.rotate(box, 8)


def draw_stamp(s: pygame.Surface, plate: pygame.Rect, words: str, age: float, size: int,
               reduced: bool = False, low: bool = False) -> pygame.Rect:
    """A call stamped on the plate like a seal, tilted, under the name row at its left,
    over the hand's backs (`low`: the own plate's bottom right, clear of its total); it
    lands (shrinks from a larger size) in its first 0.2 s, or fades in under reduced
    motion. A stamp wider than the plate ("こいこい Koi-koi ×2!" on a narrow own plate)
    shrinks to fit it, not below 11 px, and never reaches past the plate's left edge."""
    land = min(1.0, age / 0.2)
    z = max(11, size)
    while z > 11 and theme.text_width(words, z, True) + 14 + round(z * 0.4) > plate.w - 8:
        z -= 1  # the seal's box (14 px wider than its words) and its tilt (about 0.4 x z)
    tilted = _seal(words, z)
    if not reduced and land < 1:  # lands: drawn larger, shrinking to its size
        k = 1.6 - 0.6 * land
        tilted = pygame.transform.smoothscale(
            tilted, (round(tilted.get_width() * k), round(tilted.get_height() * k)))
    elif reduced and land < 1:
        tilted = tilted.copy()
        tilted.set_alpha(round(255 * land))
    r = tilted.get_rect()
    if low:
        r.bottomright = (plate.right - 4, plate.bottom - 4)
        r.left = max(r.left, plate.x + 2)
    else:  # over the fan of hand backs, clear of the capture labels and the total
        r.topleft = (plate.x + 4, plate.y + round(size * 1.6))
    s.blit(tilted, r)
    return r


__all__ = ["cutin_lines", "draw_cutin", "draw_field", "draw_stamp", "draw_winner",
           "plate_rect", "seat_frame"]
