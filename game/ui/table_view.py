"""Draws the table: felt, bars, plates, month slots, pile, capture labels, card sprites.

Reads only a `TableInfo` (built from the view the table shows), the model's sprites and the
layout; it never sees the engine state. Card images come from the shared CardRenderer cache,
so a frame blits cached surfaces; only cards in flight with a changing width are scaled.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.cards import INDEX
from game.ui import theme
from game.ui.anim import Animator, Frame
from game.ui.cards import CardRenderer, State, table_surface
from game.ui.layout import Layout, height_of
from game.ui.model import (
    KIND_ORDER,
    Seating,
    TableModel,
    groups_of,
    label_width,
    opponent_parts,
    own_caps_rect,
    points_width,
)
from game.ui.terms import KIND_GLYPH, term


@dataclass
class SeatInfo:
    name: str
    kind: str
    total: int
    points: int | None = None
    yaku: list[str] = field(default_factory=list)
    dealer: bool = False
    sage: bool = False
    status: str = ""
    stamp: str = ""
    thinking: bool = False


@dataclass
class TableInfo:
    title: str
    round_text: str
    multiplier: int
    carry: tuple[int, ...]
    pot: int
    to_move: int
    seats: list[SeatInfo]
    prompt: str
    points_label: str = "pts"
    log: list[str] = field(default_factory=list)
    bottom_note: str = ""


_SHARED: dict[tuple, CardRenderer] = {}


def _gear(s: pygame.Surface, c: tuple[int, int], r: float) -> None:
    """A small gear for the settings button (Noto Sans has no ⚙)."""
    import math

    pts = []
    for i in range(32):
        a = i * math.pi / 16
        rr = r if (i // 2) % 2 == 0 else r * 0.72
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pygame.draw.polygon(s, theme.TEXT, pts)
    pygame.draw.circle(s, theme.PANEL, c, max(2, round(r * 0.35)))


def shared_renderer(back: str = "red", marks: bool = False) -> CardRenderer:
    """One renderer per (back, marks) for the process: card art is rasterised once."""
    key = (back, marks)
    if key not in _SHARED:
        _SHARED[key] = CardRenderer(back, marks)
    return _SHARED[key]


class TableView:
    def __init__(self, renderer: CardRenderer) -> None:
        self.renderer = renderer
        self.model: TableModel | None = None
        self.anim = Animator()
        self._felt: pygame.Surface | None = None
        self.top_buttons: dict[str, pygame.Rect] = {}
        self.card_rects: dict[str, pygame.Rect] = {}
        self.widths: tuple[int, ...] = ()

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != size:
            self._felt = table_surface(size, "felt").convert()
        return self._felt

    # --- pieces -----------------------------------------------------------------------
    def draw_top_bar(self, s: pygame.Surface, L: Layout, info: TableInfo) -> None:
        r = L.top_bar
        theme.panel(s, r, radius=0)
        size = theme.size_of("body", L.window.h)
        cy = r.centery
        self.top_buttons = {}
        pad = 8
        b = pygame.Rect(r.x + pad, r.y + 4, r.h - 8, r.h - 8)
        pygame.draw.rect(s, theme.PANEL, b, border_radius=5)
        pygame.draw.rect(s, theme.GOLD, b, 1, border_radius=5)
        theme.blit_text(s, "≡", size, b.center, theme.TEXT, True, "center")
        self.top_buttons["pause"] = b
        x = b.right + 12
        parts = [info.title, info.round_text]
        m = info.multiplier
        chip = {1: "小場 ×1", 2: "大場 ×2 Large field", 4: "絶場 ×4 Grand field"}.get(m, f"×{m}")
        parts.append(chip)
        if info.carry:
            parts.append("next " + " ".join(f"×{c}" for c in info.carry))
        if info.pot:
            parts.append(f"Pot {info.pot}")
        right = r.right - pad
        for key, glyph in (("settings", ""), ("help", "?")):
            br = pygame.Rect(right - (r.h - 8), r.y + 4, r.h - 8, r.h - 8)
            pygame.draw.rect(s, theme.PANEL, br, border_radius=5)
            pygame.draw.rect(s, theme.GOLD, br, 1, border_radius=5)
            if glyph:
                theme.blit_text(s, glyph, size, br.center, theme.TEXT, True, "center")
            else:
                _gear(s, br.center, br.h * 0.3)
            self.top_buttons[key] = br
            right = br.x - 6
        line = "   ·   ".join(parts)
        theme.blit_text(s, theme.fit(line, size, right - x - 8), size, (x, cy), theme.TEXT,
                        False, "midleft")

    def draw_sidebar(self, s: pygame.Surface, L: Layout, info: TableInfo,
                     seating: Seating, panel_h: int) -> None:
        if L.sidebar is None:
            return
        r = L.sidebar
        theme.panel(s, r, radius=0)
        small = theme.size_of("small", L.window.h)
        y = r.y + 8 + panel_h
        theme.blit_text(s, "SCORES", small, (r.x + 10, y), theme.TEXT_DIM, True)
        y += round(small * 1.5)
        for i, si in enumerate(info.seats):
            if i not in [seating.bottom, *seating.others, *seating.bench]:
                continue
            line = f"{si.name}"
            theme.blit_text(s, theme.fit(line, small, r.w - 110), small, (r.x + 10, y),
                            theme.TEXT, True)
            theme.blit_text(s, theme.signed(si.total), small, (r.right - 10, y),
                            theme.signed_color(si.total), True, "topright")
            y += round(small * 1.35)
            if si.yaku:
                txt = ", ".join(si.yaku)
                for part in theme.wrap(txt, small, r.w - 30)[:2]:
                    theme.blit_text(s, part, small, (r.x + 20, y), theme.MATCH)
                    y += round(small * 1.35)
        y += 6
        pygame.draw.line(s, theme.PANEL_LINE, (r.x + 6, y), (r.right - 6, y))
        y += 6
        theme.blit_text(s, "EVENT LOG", small, (r.x + 10, y), theme.TEXT_DIM, True)
        y += round(small * 1.5)
        lh = round(small * 1.35)
        lines: list[str] = []
        for entry in info.log[-40:]:
            lines.extend(theme.wrap(entry, small, r.w - 20))
        room = max(0, (r.bottom - 6 - y) // lh)
        for line in lines[-room:] if room else []:
            theme.blit_text(s, line, small, (r.x + 10, y), theme.TEXT)
            y += lh

    def draw_plate(self, s: pygame.Surface, rect: pygame.Rect, si: SeatInfo, turn: bool,
                   size: int, small: int, bottom: bool) -> None:
        theme.panel(s, rect)
        if turn:
            pygame.draw.rect(s, theme.GOLD, rect, 2, border_radius=6)
        x, y = rect.x + 8, rect.y + 4
        badges = []
        if si.dealer:
            badges.append("親")
        if si.sage:
            badges.append("下げ")
        name = si.name + ("  " + " ".join(badges) if badges else "")
        total = theme.signed(si.total)
        tw = theme.text(total, size, theme.TEXT, True).get_width()
        if bottom:
            theme.blit_text(s, theme.fit(name, size, rect.w - 16, True), size, (x, y),
                            theme.GOLD if turn else theme.TEXT, True)
            y += round(size * 1.4)
            theme.blit_text(s, theme.fit(si.kind, small, rect.w - 16), small, (x, y),
                            theme.TEXT_DIM)
            y += round(small * 1.4)
            theme.blit_text(s, total, size, (x, y), theme.signed_color(si.total), True)
            y += round(size * 1.4)
            if si.points is not None:
                theme.blit_text(s, f"{si.points} pts", small, (x, y), theme.TEXT_DIM)
                y += round(small * 1.4)
            for line in dict.fromkeys(x for x in (si.status, si.stamp) if x):
                for part in theme.wrap(line, small, rect.w - 16)[:2]:
                    if y + small < rect.bottom:
                        theme.blit_text(s, part, small, (x, y), theme.MATCH)
                    y += round(small * 1.35)
            return
        kind = si.kind + (" · thinking…" if si.thinking else "")
        left = f"{name}"
        theme.blit_text(s, theme.fit(left, small, rect.w // 2, True), small, (x, y),
                        theme.GOLD if turn else theme.TEXT, True)
        lx = x + theme.text(theme.fit(left, small, rect.w // 2, True), small,
                            theme.TEXT, True).get_width() + 10
        extra = kind
        if si.points is not None:
            extra += f" · {si.points} pts"
        if si.stamp:
            extra = si.stamp + " · " + extra
        elif si.status:
            extra = si.status + " · " + extra
        theme.blit_text(s, theme.fit(extra, small, rect.right - lx - tw - 20), small,
                        (lx, y), theme.MATCH if (si.stamp or si.status) else theme.TEXT_DIM)
        theme.blit_text(s, total, small, (rect.right - 8, y), theme.signed_color(si.total),
                        True, "topright")

    def draw_field(self, s: pygame.Surface, L: Layout, model: TableModel) -> None:
        small = theme.size_of("small", L.window.h)
        for m, slot in enumerate(L.slots):
            r = pygame.Rect(slot.x, slot.y, L.field_w, slot.h)
            ghost = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(ghost, (255, 255, 255, 18), ghost.get_rect(), border_radius=5)
            s.blit(ghost, r)
            theme.blit_text(s, str(m + 1), small, r.center, (0x5F, 0x85, 0x74), True, "center")
        # reveal outline and pile
        pygame.draw.rect(s, (0x5F, 0x85, 0x74), L.reveal, 1, border_radius=5)
        n = model.pile
        if n:
            for i in range(min(6, (n + 3) // 4)):
                self.renderer.draw(s, None, (L.pile.x - i, L.pile.y - i), L.field_w)
        else:
            pygame.draw.rect(s, (0x5F, 0x85, 0x74), L.pile, 1, border_radius=5)
        theme.blit_text(s, str(n), theme.size_of("body", L.window.h),
                        (L.pile.centerx, L.pile.bottom + 4), theme.TEXT, True, "midtop")

    def draw_group_labels(self, s: pygame.Surface, L: Layout, cards: list[str],
                          rect: pygame.Rect, w: int, points: int | None,
                          points_label: str, label_w: int) -> None:
        from game.ui.layout import group_positions

        small = theme.size_of("small", L.window.h)
        groups = groups_of(cards)
        for kind, ((lx, ly), _), g in zip(KIND_ORDER, group_positions(
                rect, [len(x) for x in groups], w, label_w), groups, strict=True):
            if g:
                theme.blit_text(s, KIND_GLYPH[kind], small, (lx, ly - 2), theme.TEXT_DIM,
                                False, "midbottom")
                theme.blit_text(s, str(len(g)), small, (lx, ly), theme.TEXT, True, "midtop")
        if points is not None and cards:
            theme.blit_text(s, f"{points} {points_label}", small,
                            (rect.right + points_width(L), rect.bottom - 2), theme.TEXT_DIM,
                            False, "bottomright")

    def draw_sprites(self, s: pygame.Surface, frames: list[Frame],
                     states: dict[str, State]) -> None:
        self.card_rects = {}
        for f in frames:
            cid = f.key if (f.face and f.key in INDEX) else None
            w = max(8, round(f.w))
            st = State.NORMAL if f.moving else states.get(f.key, State.NORMAL)
            if f.squash >= 0.999 and abs(f.w - round(f.w)) < 0.01 and not f.moving:
                rect = self.renderer.draw(s, cid, (round(f.x), round(f.y)), w, st)
            else:
                # in flight: scale a cached size, never rasterise an in-between width
                base = min(self.widths, key=lambda k: (k < w, abs(k - w))) if self.widths \
                    else w
                img = self.renderer.image(cid, base)
                h = height_of(w)
                if base != w:
                    img = pygame.transform.scale(img, (w, h))
                sw = max(1, round(img.get_width() * f.squash))
                if (sw, h) != img.get_size():
                    img = pygame.transform.scale(img, (sw, h))
                x = round(f.x + (w - sw) / 2)
                rect = pygame.Rect(x, round(f.y), sw, h)
                s.blit(img, rect)
            self.card_rects[f.key] = rect

    # --- whole table ------------------------------------------------------------------
    def draw(self, s: pygame.Surface, L: Layout, info: TableInfo, seating: Seating,
             states: dict[str, State], panel_h: int = 0) -> None:
        s.blit(self.felt(s.get_size()), (0, 0))
        self.widths = (L.hand_w, L.field_w, L.cap_w, L.opp_cap_w, L.back_w)
        model = self.model
        if model is None:
            return
        size = theme.size_of("body", L.window.h)
        small = theme.size_of("small", L.window.h)
        self.draw_top_bar(s, L, info)
        self.draw_sidebar(s, L, info, seating, panel_h)
        if L.bench is not None:
            x = L.bench.x + 8
            for b in seating.bench:
                si = info.seats[b]
                label = f"{si.name} · {si.status or 'sits out'} · {theme.signed(si.total)}"
                img = theme.text(theme.fit(label, small, 360), small, theme.TEXT_DIM)
                chip = pygame.Rect(x, L.bench.y + 3, img.get_width() + 16, L.bench.h - 6)
                if chip.right > L.bench.right:
                    break
                theme.panel(s, chip)
                s.blit(img, img.get_rect(center=chip.center))
                x = chip.right + 8
        for seat_no, rect in zip(seating.others, L.opponents, strict=False):
            si = info.seats[seat_no]
            self.draw_plate(s, rect, si, info.to_move == seat_no, size, small, False)
            if seating.phase == "play":
                _, _, caps = opponent_parts(rect, L)
                self.draw_group_labels(s, L, model.captured[seat_no], caps, L.opp_cap_w,
                                       si.points, info.points_label, label_width(L) * 3 // 4)
        self.draw_field(s, L, model)
        b = seating.bottom
        theme.panel(s, L.captures, alpha=90)
        self.draw_group_labels(s, L, model.captured[b], own_caps_rect(L), L.cap_w,
                               info.seats[b].points, info.points_label, label_width(L))
        self.draw_plate(s, L.plate, info.seats[b], info.to_move == b, size, small, True)
        if info.prompt:
            theme.blit_text(s, theme.fit(info.prompt, size, L.prompt.w - 10), size,
                            (L.prompt.x + 6, L.prompt.centery), theme.TEXT, True, "midleft")
        self.draw_sprites(s, self.anim.frames(), states)
        if info.bottom_note:
            theme.blit_text(s, info.bottom_note, small, (L.hand.centerx, L.hand.centery),
                            theme.TEXT_DIM, False, "center")


__all__ = ["SeatInfo", "TableInfo", "TableView", "shared_renderer", "term"]
