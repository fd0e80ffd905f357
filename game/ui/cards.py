"""Card renderer: rasterises the SVG art at any width and draws frames, states and marks.

The faces are vector files (art/cards/*.svg, made by ``python -m art.build``); SDL_image's
NanoSVG rasterises them at the exact pixel width needed, so cards stay crisp from 40 to
400 px. Everything that depends on settings or state (frame in the back colour, rounded
corners, shadow, accessibility corner mark, highlight rings) is drawn here, per CARDS.md
§9-§13. Each finished card is cached per (card, width, marks, back colour), in memory and,
when the renderer is given one, on disk (game.ui.card_cache): a start reads the cards back
instead of rasterising them again.

The review sheet of CARDS.md §14 is drawn by ``game.ui.card_sheet`` (``python -m
game.ui.card_sheet --sheet out.png``; the old ``python -m game.ui.cards --sheet`` still works).
"""

from __future__ import annotations

import enum
import functools
import hashlib
import io
import itertools
import math
import random
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import AKATAN, AOTAN, CARD_IDS, INDEX, KINDS
from game.resources import resource_dir
from game.ui.palette import BACK_COLORS, GAIN, GOFUN, INK, MATCH, SHADE

if TYPE_CHECKING:
    from game.ui.card_cache import CardCache

# ----------------------------------------------------------------------------- geometry

ASPECT_W, ASPECT_H = 32, 53  # mm, CARDS.md §1
FINE_MIN_WIDTH = 64  # below this the `fine` group is cut and the art is supersampled 2x


def card_height(width: int) -> int:
    """Height of a card `width` px wide (32 x 53 mm proportions)."""
    return round(width * ASPECT_H / ASPECT_W)


def card_size(width: int) -> tuple[int, int]:
    return width, card_height(width)


def width_for_height(height: int) -> int:
    """Widest card whose height does not exceed `height` (for layouts given a row height)."""
    w = max(1, math.floor(height * ASPECT_W / ASPECT_H))
    while card_height(w + 1) <= height:
        w += 1
    while w > 1 and card_height(w) > height:
        w -= 1
    return w


def corner_radius(width: int) -> int:
    return max(1, round(0.069 * width))


def frame_width(width: int) -> int:
    return max(1, round(0.034 * width))


def ring_width(width: int) -> int:
    """CardState ring thickness t = max(2 px, 0.04 W) (CARDS.md §12)."""
    return max(2, round(0.04 * width))


def lift(width: int, state: CardState) -> int:
    """How far a state raises the card (hover 8 %, selected 12 % of the height).

    CARDS.md §12 says 5 % for hover; at table sizes that is 3-4 px and players did not see it
    (issue 11), so hover lifts 8 % and adds a thin light ring."""
    h = card_height(width)
    return {CardState.HOVER: round(0.08 * h), CardState.SELECTED: round(0.12 * h)}.get(state, 0)


def state_margin(width: int) -> int:
    """Room needed around a card for any state: lift, chevron, rings, focus brackets."""
    return round(0.12 * card_height(width)) + round(0.2 * width) + 4


def mark_kind(card_id: str) -> str:
    """Corner-mark kind: bright, animal, poetry, blue, plain or chaff (CARDS.md §10)."""
    idx = INDEX[card_id]
    kind = KINDS[idx]
    if kind != "ribbon":
        return kind
    if AKATAN >> idx & 1:
        return "poetry"
    return "blue" if AOTAN >> idx & 1 else "plain"


class CardState(enum.Enum):
    """How a card is drawn at this moment: its ring, lift or shade (CARDS.md §12). Named
    apart from the engine's `State` (the game's position), which the table imports too."""

    NORMAL = "normal"
    HOVER = "hover"
    MATCH = "match"  # highlighted: a capture candidate
    SELECTED = "selected"
    DIMMED = "dimmed"
    HINT = "hint"
    FOCUS = "focus"
    CAN_TAKE = "can_take"  # a hand card with a field match: a gold notch on its top edge


# ----------------------------------------------------------------------------- art files


@functools.cache
def art_dir() -> Path:
    """Folder of the SVG files: the installed `art` package, or PyInstaller's bundle."""
    return resource_dir("art", "cards", holding="back.svg")


@functools.cache
def svg_text(name: str) -> str:
    return (art_dir() / f"{name}.svg").read_text(encoding="utf-8")


ART_NAMES = (*CARD_IDS, "back")  # every image a renderer draws, in warm-up order


def cache_key() -> str:
    """What the on-disk card cache is keyed by (game.ui.card_cache): the art's text and
    palette (the other backs' tints), this module's source where there is one (a checkout
    being edited; a frozen build has only bytecode, and its version), the frame colours,
    the app and the rasteriser versions."""
    from game.engine.version import VERSION
    from game.ui.card_cache import art_key

    def digest(path: Path) -> str:
        try:
            return hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            return f"no {path.name}"

    image = getattr(pygame.image, "get_sdl_image_version", lambda: None)()
    return art_key(((n, svg_text(n)) for n in ART_NAMES),
                   (VERSION, digest(Path(__file__)), digest(art_dir().parent / "palette.json"),
                    repr(sorted(BACK_COLORS.items())), pygame.version.ver, repr(image)))


_FINE_RE = re.compile(r'<g id="fine">.*?</g>', re.S)


def strip_fine(svg: str) -> str:
    """Drop the `fine` layer (needles, veins, rain) so small cards stay clean (§0)."""
    return _FINE_RE.sub('<g id="fine"></g>', svg, count=1)


def recolor_back(svg: str, back: str) -> str:
    """back.svg is drawn in the red tokens; swap them for another back colour's tints."""
    if back == "red":
        return svg
    from art.svg import PALETTE  # the palette file is the one source of hex values

    for suffix in ("", "_emboss", "_line"):
        old, new = PALETTE["back_red" + suffix], PALETTE[f"back_{back}{suffix}"]
        svg = svg.replace(f'"{old}"', f'"{new}"')
    return svg


def rasterize(svg: str, width: int) -> pygame.Surface:
    """SVG text -> SRCALPHA surface of card_size(width); small sizes at 2x, smooth-scaled."""
    size = card_size(width)
    if width < FINE_MIN_WIDTH:
        svg = strip_fine(svg)
        big = pygame.image.load_sized_svg(io.BytesIO(svg.encode()), (width * 2, size[1] * 2))
        return pygame.transform.smoothscale(big, size)
    return pygame.image.load_sized_svg(io.BytesIO(svg.encode()), size)


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


def _finish(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha for fast blits when a display exists (headless tools skip it)."""
    return surface.convert_alpha() if _display_ready() else surface


def _aa_round_rect(size: tuple[int, int], radius: float, color: tuple[int, int, int, int],
                   inset: float = 0.0, ring: float = 0.0) -> pygame.Surface:
    """Anti-aliased rounded rect (or ring) drawn at 4x and smooth-scaled down."""
    k = 4
    big = pygame.Surface((size[0] * k, size[1] * k), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, size[0] * k, size[1] * k).inflate(-2 * inset * k, -2 * inset * k)
    pygame.draw.rect(big, color, rect, width=round(ring * k), border_radius=round(radius * k))
    return pygame.transform.smoothscale(big, size)


# ----------------------------------------------------------------------------- marks


def _glyph(kind: str, box: int) -> pygame.Surface:
    """The kind glyph of §10 (shape carries the meaning; Okabe-Ito colours), at 4x then down."""
    k = 4
    s = box * k
    g = pygame.Surface((s, s), pygame.SRCALPHA)
    c = s / 2
    black, verm, green, blue = (0, 0, 0), (0xD5, 0x5E, 0x00), (0x00, 0x9E, 0x73), (0, 0x72, 0xB2)
    lw = max(k, round(s * 0.1))
    if kind == "bright":
        pygame.draw.circle(g, black, (c, c), s * 0.48)
        pygame.draw.circle(g, (255, 255, 255), (c, c), s * 0.48 - lw)
        pygame.draw.circle(g, verm, (c, c), s * 0.26)
    elif kind == "animal":
        pts = [(c, s * 0.06), (s * 0.96, s * 0.9), (s * 0.04, s * 0.9)]
        pygame.draw.polygon(g, green, pts)
        pygame.draw.polygon(g, black, pts, lw)
    elif kind == "chaff":
        pygame.draw.rect(g, black, (s * 0.1, c - s * 0.09, s * 0.8, s * 0.18))
    else:
        a = math.radians(12)
        hw, hh = s * 0.17, s * 0.47

        def rot(x: float, y: float) -> tuple[float, float]:
            return (c + x * math.cos(a) - y * math.sin(a), c + x * math.sin(a) + y * math.cos(a))

        bar = [rot(-hw, -hh), rot(hw, -hh), rot(hw, hh), rot(-hw, hh)]
        if kind in ("poetry", "blue"):
            pygame.draw.polygon(g, verm if kind == "poetry" else blue, bar)
        if kind == "poetry":
            for y in (-0.18, 0.12):
                pygame.draw.line(g, GOFUN, rot(-hw * 0.6, s * y), rot(hw * 0.6, s * y),
                                 max(k, round(s * 0.09)))
        pygame.draw.polygon(g, black, bar, lw)
    return pygame.transform.smoothscale(g, (box, box))


def draw_mark(surface: pygame.Surface, card_id: str) -> None:
    """Top-left plate: month number over the kind glyph (CARDS.md §10)."""
    from game.ui import fonts

    w, h = surface.get_size()
    month = INDEX[card_id] // 4 + 1
    font = fonts.get_font(fonts.LATIN, max(10, round(0.22 * w)), bold=True)
    text = font.render(str(month), True, INK)
    box = max(7, round(0.13 * w))
    tw, th = text.get_size()
    digits_h = max(1, round(th * 0.78))  # Noto's line box has spare room above digits
    plate_w = max(round(0.29 * w), tw + 4)
    plate_h = max(round(0.195 * h), digits_h + box + 4)
    plate = _aa_round_rect((plate_w, plate_h), 0.12 * plate_w, (*GOFUN, 235))
    pygame.draw.rect(plate, INK, plate.get_rect(), 1, border_radius=round(0.12 * plate_w))
    ty = round(plate_h * 0.55 / 2 - th / 2 + (th - digits_h) * 0.1)
    ty = max(-round(th - digits_h) // 2, min(ty, plate_h - box - th))
    plate.blit(text, ((plate_w - tw) // 2, ty))
    gy = plate_h - box - max(1, round((plate_h * 0.45 - box) / 2))
    plate.blit(_glyph(mark_kind(card_id), box), ((plate_w - box) // 2, gy))
    surface.blit(plate, (round(0.04 * w), round(0.025 * h)))


# ----------------------------------------------------------------------------- renderer


class CardRenderer:
    """Renders and caches finished cards; one instance per window is enough.

    Cache key: (card id or "back", width, marks, back colour). Call `drop_sizes` on resize.
    Nothing is drawn before it is asked for (`face`, `back`, `draw`) or warmed (`warm`);
    `disk`, when set, is asked before the art is rasterised and keeps what was.
    """

    def __init__(self, back: str = "red", marks: bool = False,
                 disk: CardCache | None = None) -> None:
        if back not in BACK_COLORS:
            raise ValueError(f"unknown back colour {back!r}")
        self.back_color = back
        self.marks = marks
        self.disk = disk
        self._cards: dict[tuple[str, int, bool, str], pygame.Surface] = {}
        self._misc: dict[tuple, pygame.Surface] = {}

    # --- finished card images -------------------------------------------------------
    def face(self, card_id: str, width: int, marks: bool | None = None) -> pygame.Surface:
        """Face-up card with frame and rounded corners; the same object on every call."""
        if card_id not in INDEX:
            raise ValueError(f"unknown card id: {card_id!r}")
        return self._card(card_id, width, self.marks if marks is None else marks)

    def back(self, width: int) -> pygame.Surface:
        return self._card("back", width, False)

    def image(self, card_id: str | None, width: int, marks: bool | None = None) -> pygame.Surface:
        """Face for a card id, the back for None (a hidden card)."""
        return self.back(width) if card_id is None else self.face(card_id, width, marks)

    def _card(self, name: str, width: int, marks: bool) -> pygame.Surface:
        key = (name, width, marks, self.back_color)
        surf = self._cards.get(key)
        if surf is None:
            surf = self._load(name, width, marks)
            self._cards[key] = surf
        return surf

    def _load(self, name: str, width: int, marks: bool) -> pygame.Surface:
        """From the disk cache when it has the card, else rasterised (and kept there)."""
        disk = self.disk
        if disk is None or width < 8:
            return self._render(name, width, marks)
        stored = disk.load(name, width, marks, self.back_color, card_size(width))
        if stored is not None:
            return _finish(stored)
        surf = self._render(name, width, marks)
        disk.store(name, width, marks, self.back_color, surf)
        return surf

    def _render(self, name: str, width: int, marks: bool) -> pygame.Surface:
        if width < 8:
            raise ValueError(f"card width too small: {width}")
        svg = svg_text(name)
        if name == "back":
            svg = recolor_back(svg, self.back_color)
        surf = rasterize(svg, width)
        if marks:
            draw_mark(surf, name)
        size = surf.get_size()
        surf.blit(self._mask(size), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(self._frame(size), (0, 0))
        if name == "back":  # a dark edge, so backs fanned in a hand stay apart when dimmed
            surf.blit(_aa_round_rect(size, corner_radius(size[0]), (0x1E, 0x1B, 0x18, 200),
                                     ring=1.0), (0, 0))
        return _finish(surf)

    def _mask(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("mask", size)
        if key not in self._misc:
            self._misc[key] = _aa_round_rect(size, corner_radius(size[0]), (255, 255, 255, 255))
        return self._misc[key]

    def _frame(self, size: tuple[int, int]) -> pygame.Surface:
        key = ("frame", size, self.back_color)
        if key not in self._misc:
            fw = frame_width(size[0])
            self._misc[key] = _aa_round_rect(size, corner_radius(size[0]),
                                             (*BACK_COLORS[self.back_color], 255), ring=fw)
        return self._misc[key]

    def shadow(self, width: int) -> tuple[pygame.Surface, int]:
        """Blurred 35 % black rounded rect and its padding (it is larger than the card)."""
        key = ("shadow", width)
        w, h = card_size(width)
        pad = max(2, round(0.04 * h))
        if key not in self._misc:
            base = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            pygame.draw.rect(base, (0, 0, 0, 89), (pad, pad, w, h),
                             border_radius=corner_radius(width))
            small = pygame.transform.smoothscale(
                base, (max(1, base.get_width() // 4), max(1, base.get_height() // 4)))
            self._misc[key] = _finish(pygame.transform.smoothscale(small, base.get_size()))
        return self._misc[key], pad

    def _dim(self, width: int) -> pygame.Surface:
        key = ("dim", width)
        if key not in self._misc:
            self._misc[key] = _aa_round_rect(card_size(width), corner_radius(width), (*SHADE, 115))
        return self._misc[key]

    # --- cache control ----------------------------------------------------------------
    def drop_sizes(self, keep: Iterable[int]) -> None:
        """Forget every size not in `keep` (call after a window resize)."""
        keep = set(keep)
        self._cards = {k: v for k, v in self._cards.items() if k[1] in keep}
        self._misc = {k: v for k, v in self._misc.items()
                      if not isinstance(k[1], int) or k[1] in keep}

    def warm(self, width: int, limit: int = 4, marks: bool | None = None,
             until: float | None = None) -> bool:
        """Render up to `limit` missing faces at `width`; True when all are cached.

        `until`: a time.perf_counter() value after which no further face is started (one
        always is). Call once per frame so start-up never blocks on 49 rasterisations.
        """
        m = self.marks if marks is None else marks
        done = 0
        for name in ART_NAMES:
            if (name, width, m and name != "back", self.back_color) not in self._cards:
                if done == limit or (done and until is not None
                                     and time.perf_counter() >= until):
                    return False
                self._card(name, width, m and name != "back")
                done += 1
        return True

    # --- drawing ----------------------------------------------------------------------
    def draw(self, target: pygame.Surface, card_id: str | None, topleft: tuple[int, int],
             width: int, state: CardState = CardState.NORMAL,
             marks: bool | None = None) -> pygame.Rect:
        """Draw a card (None: face down) with shadow and state; returns the card's rect."""
        w, h = card_size(width)
        up = lift(width, state)
        x, y = topleft
        shadow, pad = self.shadow(width)
        dy = round(0.02 * h) * (2 if up else 1)
        target.blit(shadow, (x - pad, y - pad + dy))
        rect = pygame.Rect(x, y - up, w, h)
        target.blit(self.image(card_id, width, marks), rect)
        t = ring_width(width)
        r = corner_radius(width)
        if state is CardState.DIMMED:
            target.blit(self._dim(width), rect)
        elif state is CardState.MATCH:
            _ring(target, rect, t, MATCH, r)
            cw, ch, gap = 0.30 * w, 0.12 * w, 0.06 * w
            top = rect.top - gap - ch - t
            tri = [(rect.centerx - cw / 2, top), (rect.centerx + cw / 2, top),
                   (rect.centerx, top + ch)]
            pygame.draw.polygon(target, MATCH, tri)
            pygame.draw.polygon(target, INK, tri, 1)
        elif state is CardState.SELECTED:
            _ring(target, rect, t + 1, (255, 255, 255), r)
        elif state is CardState.HOVER:
            _ring(target, rect, max(1, t - 1), (0xF3, 0xEC, 0xD8), r)
        elif state is CardState.HINT:
            _dashed_ring(target, rect.inflate(2 * t, 2 * t), t, GAIN, 0.12 * w, 0.06 * w)
        elif state is CardState.FOCUS:
            _brackets(target, rect.inflate(round(0.08 * w), round(0.08 * w)), t,
                      round(0.18 * w))
        elif state is CardState.CAN_TAKE:
            _notch(target, rect, t)
        return rect


def _ring(target: pygame.Surface, rect: pygame.Rect, t: int, color: tuple[int, int, int],
          radius: int) -> None:
    """A ring t px wide just outside the card with a 1 px ink line outside it."""
    pygame.draw.rect(target, INK, rect.inflate(2 * t + 2, 2 * t + 2), 1,
                     border_radius=radius + t + 1)
    pygame.draw.rect(target, color, rect.inflate(2 * t, 2 * t), t, border_radius=radius + t)


def _notch(target: pygame.Surface, rect: pygame.Rect, t: int) -> None:
    """The "has a match" notch (issue 45; TABLE.md §6.4): a short gold tab astride the
    card's top edge, in the Match ring's gold, so a hand card that can take something shows
    it without hovering; a shape, not a colour alone, and smaller than any ring."""
    w = max(8, round(0.34 * rect.w))
    h = max(5, 2 * t)
    tab = pygame.Rect(0, 0, w, h)
    tab.center = (rect.centerx, rect.top)
    pygame.draw.rect(target, MATCH, tab, border_radius=h // 2)
    pygame.draw.rect(target, INK, tab, 1, border_radius=h // 2)


def _dashed_ring(target: pygame.Surface, rect: pygame.Rect, t: int,
                 color: tuple[int, int, int], dash: float, gap: float) -> None:
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in itertools.pairwise(corners):
        length = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < length:
            end = min(length, pos + dash)
            a = (x0 + (x1 - x0) * pos / length, y0 + (y1 - y0) * pos / length)
            b = (x0 + (x1 - x0) * end / length, y0 + (y1 - y0) * end / length)
            pygame.draw.line(target, INK, a, b, t + 2)
            pygame.draw.line(target, color, a, b, t)
            pos = end + gap


def _brackets(target: pygame.Surface, rect: pygame.Rect, t: int, length: int) -> None:
    for cx, cy, sx, sy in ((rect.left, rect.top, 1, 1), (rect.right, rect.top, -1, 1),
                           (rect.left, rect.bottom, 1, -1), (rect.right, rect.bottom, -1, -1)):
        pygame.draw.line(target, (255, 255, 255), (cx, cy), (cx + sx * length, cy), t)
        pygame.draw.line(target, (255, 255, 255), (cx, cy), (cx, cy + sy * length), t)


# ----------------------------------------------------------------------------- table

TABLES = {  # base, texture colour or None, edge colour or None, noise
    "felt": ((0x1F, 0x45, 0x36), None, (0x14, 0x30, 0x2A), 0.03),
    "tatami": ((0x62, 0x5A, 0x31), (0x53, 0x4C, 0x29), (0x44, 0x3F, 0x22), 0.0),
    "zabuton": ((0x5B, 0x1E, 0x22), None, (0x3C, 0x12, 0x16), 0.03),
    "charcoal": ((0x24, 0x27, 0x2C), None, None, 0.0),
    "contrast": ((0x0A, 0x0D, 0x0C), None, None, 0.0),  # Settings → High contrast
}


_chosen_table = "felt"  # Settings → Table surface (issue 26, item 7)


def set_table_style(style: str) -> None:
    """The surface the player chose; the screens that ask for the default "felt" get it."""
    global _chosen_table
    if style not in TABLES or style == "contrast":
        raise ValueError(f"unknown table surface {style!r}")
    _chosen_table = style


def chosen_table_style() -> str:
    return _chosen_table


def _grain(base: tuple[int, int, int], noise: float, seed: int) -> pygame.Surface:
    """64 x 64 pixels of the base colour, each scaled by 1 ± `noise` (rng.uniform's own
    arithmetic, so the cloth is the same as ever); built as bytes, not 4096 set_at calls,
    since the title paints it before its first frame."""
    rng = random.Random(seed)
    r, g, b = base
    ks = [1 + (-noise + 2 * noise * rng.random()) for _ in range(64 * 64)]
    px = bytes([v for k in ks
                for v in (min(255, round(r * k)), min(255, round(g * k)), min(255, round(b * k)))])
    return pygame.image.frombytes(px, (64, 64), "RGB")


_FELTS: dict[tuple[tuple[int, int], str, int], pygame.Surface] = {}  # the last cloths painted


def table_surface(size: tuple[int, int], style: str = "felt", seed: int = 88) -> pygame.Surface:
    """Procedural table cloth (CARDS.md §12): base, 2 px grain or weave, corner vignette.
    "felt" means the table the player chose in Settings (the felt unless they changed it).

    A new surface each call (callers draw on it), copied from the last ones painted: the
    title and the table ask for the same cloth, and painting one at 1280x720 takes ~12 ms
    of the table's first frame."""
    from game.ui import palette

    if style == "felt":
        style = "contrast" if palette.high_contrast() else _chosen_table
    key = (tuple(size), style, seed)
    if key not in _FELTS:
        if len(_FELTS) >= 2:
            del _FELTS[next(iter(_FELTS))]
        _FELTS[key] = _paint_table(key[0], style, seed)
    return _FELTS[key].copy()


def _paint_table(size: tuple[int, int], style: str, seed: int) -> pygame.Surface:
    base, weave, edge, noise = TABLES[style]
    surf = pygame.Surface(size)
    surf.fill(base)
    if noise:
        tile = pygame.transform.scale(_grain(base, noise, seed), (128, 128))
        for y in range(0, size[1], 128):
            for x in range(0, size[0], 128):
                surf.blit(tile, (x, y))
    if weave:
        for y in range(0, size[1], 5):
            pygame.draw.line(surf, weave, (0, y), (size[0], y))
    if edge:
        small = pygame.Surface((32, 18), pygame.SRCALPHA)
        for y in range(18):
            for x in range(32):
                d = math.hypot((x + 0.5) / 16 - 1, (y + 0.5) / 9 - 1) / math.sqrt(2)
                small.set_at((x, y), (*edge, round(255 * max(0.0, d - 0.45) / 0.55)))
        surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    return surf


if __name__ == "__main__":  # the sheet command's old name (game.ui.card_sheet is its home)
    from game.ui.card_sheet import main

    raise SystemExit(main())
