"""Draws the table: felt, bars, plates, month slots, pile, capture labels, card sprites.

Reads only a `TableInfo` (built from the view the table shows), the model's sprites and the
layout; it never sees the engine state. Card images come from the shared CardRenderer cache,
so a frame blits cached surfaces; only cards in flight with a changing width are scaled.
Its own words go through the catalog at each frame (issue 15), so they follow a language
switch by themselves; the texts in TableInfo and SeatInfo come translated from the caller.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.cards import INDEX
from game.i18n import N_, _
from game.play.narrate import joined
from game.play.present import SeatInfo
from game.play.terms import KIND_NAMES, badge, card_name, kind_glyph, plain, term
from game.ui import theme
from game.ui.anim import Animator, Frame
from game.ui.cards import CardRenderer, CardState, table_surface
from game.ui.layout import Layout, height_of, width_of
from game.ui.model import (
    KIND_ORDER,
    Seating,
    TableModel,
    groups_of,
    label_width,
    opponent_groups,
    opponent_parts,
    own_caps_rect,
    points_width,
    shown_cards,
)


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
    points_label: str = ""  # "" = the catalog's "pts"
    log: list[str] = field(default_factory=list)
    bottom_note: str = ""
    undo: bool = False  # an Undo button in the top bar (one human against computers)
    field_multiplier: bool = True  # False: this game has none (rs.carry_rule), so no chip


_SHARED: dict[tuple, CardRenderer] = {}
LOG_KEEP = 4  # lines the docked log keeps when the watch asks for more than its share
# the field multiplier chip in the top bar (a field with no name shows "×8")
MULTIPLIER_WORDS = {1: N_("小場 ×1"), 2: N_("大場 ×2 Large field"), 4: N_("絶場 ×4 Grand field")}


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
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.log_max_scroll = 0
        # the docked sidebar's yaku watch (TABLE.md §10): the share of the space under the
        # scores that the table gives it (0: none), the rect it got, and its own scroll
        self.watch_share = 0.0
        self.watch_need = 0  # the height (px) the watch asks for its top entries whole
        self.prompt_reserve = 0  # the prompt row's right part the scene's buttons take
        self.watch_rect = pygame.Rect(0, 0, 0, 0)
        self.watch_scroll = 0
        # view state shared by the scenes over the table (TABLE.md §1): the log drawer and
        # its scroll, what is docked in the panel rect, the choice strip, the hovered card
        self.drawer_open = False
        self.log_scroll = 0
        self.dock: str | None = None
        self.choice_rects: dict[str, pygame.Rect] = {}
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover_key: str | None = None
        self.hover_since = 0.0

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        if self._felt is None or self._felt.get_size() != size:
            self._felt = table_surface(size, "felt").convert()
        return self._felt

    # --- pieces -----------------------------------------------------------------------
    def draw_top_bar(self, s: pygame.Surface, L: Layout, info: TableInfo) -> None:
        r = L.top_bar
        theme.panel(s, r, radius=0)
        size = L.body
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
        if info.field_multiplier:  # say only what is true for this game
            parts.append(plain(_(MULTIPLIER_WORDS[m])) if m in MULTIPLIER_WORDS else f"×{m}")
        if info.carry and info.field_multiplier:
            parts.append(_("next {carry}").format(carry=" ".join(f"×{c}" for c in info.carry)))
        if info.pot:
            parts.append(_("Pot {pot}").format(pot=info.pot))
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
        if L.sidebar is None:  # narrow window: the log and scores live in a drawer (L)
            label = _("Log · L")
            lw = theme.text_width(label, size) + 20
            br = pygame.Rect(right - lw, r.y + 4, lw, r.h - 8)
            pygame.draw.rect(s, theme.GOLD if self.drawer_open else theme.PANEL, br,
                             border_radius=5)
            pygame.draw.rect(s, theme.GOLD, br, 1, border_radius=5)
            theme.blit_text(s, label, size, br.center,
                            theme.INK if self.drawer_open else theme.TEXT, False, "center")
            self.top_buttons["log"] = br
            right = br.x - 6
        if info.undo:  # shown only while an undo is possible (issue 14)
            label = _("Undo")
            lw = theme.text_width(label, size) + 20
            br = pygame.Rect(right - lw, r.y + 4, lw, r.h - 8)
            pygame.draw.rect(s, theme.PANEL, br, border_radius=5)
            pygame.draw.rect(s, theme.GOLD, br, 1, border_radius=5)
            theme.blit_text(s, label, size, br.center, theme.TEXT, False, "center")
            self.top_buttons["undo"] = br
            right = br.x - 6
        line = "   ·   ".join(parts)
        shown = theme.blit_text(s, theme.fit(line, size, right - x - 8), size, (x, cy),
                                theme.TEXT, False, "midleft")
        room = right - shown.right - 40
        if L.sidebar is None and info.log and room > 120:  # TABLE.md §4.3: the ticker
            small = L.small
            theme.blit_text(s, theme.fit("« " + info.log[-1] + " »", small, room), small,
                            (shown.right + 24, cy), theme.TEXT_DIM, False, "midleft")

    def draw_sidebar(self, s: pygame.Surface, L: Layout, info: TableInfo,
                     seating: Seating, panel_h: int, scroll: int = 0,
                     rect: pygame.Rect | None = None) -> None:
        """Scores and the event log, in the docked sidebar or in the drawer (`rect`).

        The score list takes one row per seat (two columns above four seats, so seven fit),
        and the log keeps the rest; `scroll` is how many lines the log is scrolled back.
        """
        r = rect or L.sidebar
        if r is None:
            return
        theme.panel(s, r, radius=0 if rect is None else 6, alpha=theme.PANEL_ALPHA if
                    rect is None else 248, line=theme.PANEL_LINE if rect is None else theme.GOLD)
        small = L.small
        lh = round(small * 1.35)
        y = r.y + 8 + panel_h
        theme.blit_text(s, _("SCORES"), small, (r.x + 10, y), theme.TEXT_DIM, True)
        y += round(small * 1.5)
        shown = [i for i in range(len(info.seats))
                 if i in (seating.bottom, *seating.others, *seating.bench)]
        cols = 2 if len(shown) > 4 else 1
        col_w = (r.w - 20 - 12 * (cols - 1)) // cols
        rows = -(-len(shown) // cols)
        for k, i in enumerate(shown):
            si = info.seats[i]
            cx = r.x + 10 + (k // rows) * (col_w + 12)
            cy = y + (k % rows) * lh
            total = theme.signed(si.total)
            tw = theme.text_width(total, small, True)
            theme.blit_text(s, theme.fit(si.name, small, col_w - tw - 8, True), small,
                            (cx, cy), theme.GOLD if i == seating.bottom else theme.TEXT, True)
            theme.blit_text(s, total, small, (cx + col_w, cy), theme.signed_color(si.total),
                            True, "topright")
        y += rows * lh
        for i in shown:  # formed yaku: one line per seat that has any
            si = info.seats[i]
            if si.yaku:
                line = _("{name}: {yaku}").format(name=si.name, yaku=joined(si.yaku))
                theme.blit_text(s, theme.fit(line, small, r.w - 20), small, (r.x + 10, y),
                                theme.MATCH)
                y += lh
        y += 6
        pygame.draw.line(s, theme.PANEL_LINE, (r.x + 6, y), (r.right - 6, y))
        y += 6
        theme.blit_text(s, _("EVENT LOG"), small, (r.x + 10, y), theme.TEXT_DIM, True)
        y += round(small * 1.5)
        lines: list[str] = []
        for entry in info.log[-200:]:
            lines.extend(theme.wrap(entry, small, r.w - 20))
        bottom = r.bottom
        if rect is None:  # the docked sidebar: the watch takes the lower part (TABLE.md §10)
            self.watch_rect = pygame.Rect(0, 0, 0, 0)
            h = self._watch_height(r.bottom - y, lh)
            if h >= 2 * lh + 8 and r.bottom - y - h >= 2 * lh:  # else the log keeps it all
                bottom = r.bottom - h
                pygame.draw.line(s, theme.PANEL_LINE, (r.x + 6, bottom), (r.right - 6, bottom))
                self.watch_rect = pygame.Rect(r.x, bottom + 4, r.w, h - 8)
        self.log_rect = pygame.Rect(r.x, y, r.w, max(0, bottom - 6 - y))
        room = max(0, (bottom - 6 - y) // lh)
        self.log_max_scroll = max(0, len(lines) - room)
        scroll = max(0, min(scroll, self.log_max_scroll))
        end = len(lines) - scroll
        visible = lines[max(0, end - room):end] if room else []
        if room and scroll < self.log_max_scroll:  # the hint wraps rather than being cut
            hint = theme.wrap(_("▲ {n} earlier · wheel or PgUp").format(n=end - room + 1),
                              small, r.w - 20)[:max(1, room - 1)]
            visible = visible[len(hint):]
            for part in hint:
                theme.blit_text(s, part, small, (r.x + 10, y), theme.TEXT_DIM)
                y += lh
        if scroll and visible:
            visible = visible[:-1]
        for line in visible:
            theme.blit_text(s, line, small, (r.x + 10, y), theme.TEXT)
            y += lh
        if scroll and room:
            theme.blit_text(s, theme.fit(_("▼ {n} newer · PgDn").format(n=scroll + 1), small,
                                      r.w - 20), small, (r.x + 10, y), theme.TEXT_DIM)

    def _watch_height(self, room: int, lh: int) -> int:
        """The docked watch's height out of the `room` under the log's heading: its share,
        or more when its top entries need it (issue 45, item 9: at 150-200 % the share held
        only its heading), as long as the log keeps LOG_KEEP lines above it."""
        if not self.watch_share:
            return 0
        h = round(room * self.watch_share)
        if self.watch_need > h:
            h = max(h, min(self.watch_need, room - LOG_KEEP * lh))
        return h

    def draw_choice(self, s: pygame.Surface, rect: pygame.Rect, cards: list[str],
                    focus: int | None, title: str, window_h: int,
                    max_w: int) -> dict[str, pygame.Rect]:
        """Every candidate whole, side by side, numbered and named (TABLE.md §5.6), so a
        card half hidden in its month slot can be seen before it is chosen."""
        theme.panel(s, rect, alpha=240, line=theme.GOLD)
        head = theme.size_of("panel_title", window_h)
        small = theme.size_of("small", window_h)
        y = rect.y + 8
        for part in theme.wrap(title, head, rect.w - 20, True)[:2]:
            theme.blit_text(s, part, head, (rect.x + 10, y), theme.TEXT, True)
            y += round(head * 1.3)
        n = max(1, len(cards))
        gap = 14
        badge = small + 8
        name_h = 2 * round(small * 1.3)
        y += badge + 8
        room_h = rect.bottom - 10 - y - name_h
        cw = min(max_w, (rect.w - 20 - gap * (n - 1)) // n, width_of(max(8.0, room_h)))
        cw = max(8, cw)
        x = rect.x + (rect.w - (n * cw + (n - 1) * gap)) // 2
        out: dict[str, pygame.Rect] = {}
        for i, c in enumerate(cards):
            r = self.renderer.draw(s, c, (x, y), cw, CardState.FOCUS if focus == i else
                                   CardState.NORMAL)
            if focus != i:
                pygame.draw.rect(s, theme.MATCH, r.inflate(6, 6), 2, border_radius=6)
            out[c] = r
            b = pygame.Rect(0, 0, badge, badge)
            b.midbottom = (r.centerx, r.y - 6)
            pygame.draw.ellipse(s, theme.GOLD, b)
            theme.blit_text(s, str(i + 1), small, b.center, theme.INK, True, "center")
            ny = r.bottom + 5
            for part in theme.wrap(card_name(c), small, cw + gap - 2)[:2]:
                theme.blit_text(s, part, small, (r.centerx, ny), theme.TEXT, False, "midtop")
                ny += round(small * 1.3)
            x += cw + gap
        return out

    def choice_height(self, rect_w: int, n: int, window_h: int, max_w: int) -> int:
        """Height the choice strip needs for n candidates at most `max_w` wide each."""
        head = theme.size_of("panel_title", window_h)
        small = theme.size_of("small", window_h)
        cw = min(max_w, (rect_w - 20 - 14 * (max(1, n) - 1)) // max(1, n))
        return (8 + round(head * 1.3) + small + 16 + height_of(cw) + 2 * round(small * 1.3)
                + 14)

    def draw_tooltip(self, s: pygame.Surface, label: str, pos: tuple[int, int],
                     window_h: int) -> None:
        small = theme.size_of("small", window_h)
        img = theme.text(label, small, theme.TEXT)
        r = img.get_rect().inflate(14, 8)
        r.bottomleft = (pos[0] + 12, pos[1] - 6)
        r.clamp_ip(s.get_rect())
        theme.panel(s, r, alpha=245, line=theme.GOLD, radius=4)
        s.blit(img, img.get_rect(center=r.center))

    def draw_plate(self, s: pygame.Surface, rect: pygame.Rect, si: SeatInfo, turn: bool,
                   size: int, small: int, bottom: bool, chip: bool = False,
                   lines: int = 1) -> None:
        theme.panel(s, rect)
        if turn:
            pygame.draw.rect(s, theme.GOLD, rect, 2, border_radius=6)
        x, y = rect.x + 8, rect.y + 4
        badges = []
        if si.dealer:
            badges.append(badge("oya"))
        if si.sage:
            badges.append(si.call_badge or badge("sage"))
        name = si.name + ("  " + " ".join(badges) if badges else "")
        total = theme.signed(si.total)
        tw = theme.text(total, size, theme.TEXT, True).get_width()
        if bottom:
            self._own_plate(s, rect, si, turn, name, total, size, small)
            return
        kind = _("{kind} · thinking…").format(kind=si.kind) if si.thinking else si.kind
        note = si.stamp or si.status
        if chip:  # a narrow seat chip: name and total on top, status and kind at the bottom
            # both shrink (not below 13 px) before the name is shortened (issue 23)
            csz = next((z for z in range(small, 12, -1)
                        if theme.text_width(name, z, True) + theme.text_width(total, z, True)
                        + 24 <= rect.w), 13)
            theme.blit_text(s, total, csz, (rect.right - 8, y + (small - csz) // 2),
                            theme.signed_color(si.total), True, "topright")
            tw_small = theme.text_width(total, csz, True)
            theme.blit_text(s, theme.fit(name, csz, rect.w - tw_small - 24, True), csz,
                            (x, y + (small - csz) // 2), theme.GOLD if turn else theme.TEXT,
                            True)
            self._chip_rows(s, rect, si, kind, note, small)
            return
        # the name row: the name, its details (kind · points · role, a status first) and the
        # total at the right; the details take the second line the layout gives when the
        # cards leave room, and shrink before they are shortened (issue 23: "b…" cut)
        shown = theme.fit(name, small, rect.w // 2, True)
        theme.blit_text(s, shown, small, (x, y), theme.GOLD if turn else theme.TEXT, True)
        theme.blit_text(s, total, small, (rect.right - 8, y), theme.signed_color(si.total),
                        True, "topright")
        lx = x + theme.text_width(shown, small, True) + 10
        room = rect.right - lx - tw - 20
        forms = self._details(si, kind, note)
        color = theme.MATCH if note else theme.TEXT_DIM
        if lines >= 2 and theme.text_width(forms[0], small) > room:
            lx, y, room = x, y + round(small * 1.35), rect.w - 16
        extra = next((f for f in forms if theme.text_width(f, small) <= room), forms[-1])
        sz, parts = theme.fit_label(extra, small, room, max_lines=1, minimum=min(small, 13))
        theme.blit_text(s, parts[0], sz, (lx, y + (small - sz) // 2), color)

    @staticmethod
    def _own_plate(s: pygame.Surface, rect: pygame.Rect, si: SeatInfo, turn: bool, name: str,
                   total: str, size: int, small: int) -> None:
        """The viewer's plate: name (two lines if it must), kind, total, points, role and
        status, one under the other. Only whole lines are drawn: when they are more than
        the plate holds, the kind ("Human") gives way first, then the role (issue 23: a
        status ran out of it, a long name was cut)."""
        w = rect.w - 16
        # (text, size, colour, bold, priority: lower goes first when short of room)
        nsz, nlines = theme.fit_label(name, size, w, max_lines=2, bold=True, minimum=small)
        rows: list[tuple[str, int, tuple, bool, int]] = [
            (part, nsz, theme.GOLD if turn else theme.TEXT, True, 9) for part in nlines]
        rows += [
            (theme.fit(si.kind, small, w), small, theme.TEXT_DIM, False, 0),
            (total, size, theme.signed_color(si.total), True, 9)]
        if si.points is not None:
            rows.append((_("{points} pts").format(points=si.points), small, theme.TEXT_DIM,
                         False, 8))
        if si.role:  # "Dealer · burden 100": smaller, then two lines, before it is cut
            rsz, parts = theme.fit_label(si.role, small, w, max_lines=2,
                                         minimum=min(small, 13))
            rows += [(part, rsz, theme.TEXT_DIM, False, 1) for part in parts]
        for line in dict.fromkeys(x for x in (si.status, si.stamp) if x):
            ssz, parts = theme.fit_label(line, small, w, max_lines=2, minimum=min(small, 13))
            rows += [(part, ssz, theme.MATCH, False, 5) for part in parts]

        def height(rs: list) -> int:
            return sum(round(r[1] * 1.38) for r in rs)

        room = rect.h - 6
        for low in range(10):  # drop the least needed lines until the rest fit
            if height(rows) <= room:
                break
            rows = [r for r in rows if r[4] > low]
        x, y = rect.x + 8, rect.y + 4
        for text, sz, color, bold, _prio in rows:
            theme.blit_text(s, text, sz, (x, y), color, bold)
            y += round(sz * 1.38)

    @staticmethod
    def _details(si: SeatInfo, kind: str, note: str) -> list[str]:
        """An opponent's details, longest first: with its kind, its short kind, none."""
        # the short form when crowded: the caller's short_kind (English callers that give
        # none: the level without "Computer · ", a fallback that only works in English)
        short_kind = si.short_kind or si.kind.removeprefix("Computer · ")
        if si.thinking:
            short_kind = _("{kind} · thinking…").format(kind=short_kind)
        out = []
        for k in dict.fromkeys((kind, short_kind, "")):  # crowded: the kind gives way
            extra = k
            if si.points is not None:
                extra = (_("{kind} · {points} pts").format(kind=extra, points=si.points)
                         if extra else _("{points} pts").format(points=si.points))
            extra += f" · {si.role}" if si.role and extra else si.role if si.role else ""
            if note:
                extra = note + " · " + extra if extra else note
            out.append(extra)
        return out

    @staticmethod
    def _chip_rows(s: pygame.Surface, rect: pygame.Rect, si: SeatInfo, kind: str, note: str,
                   small: int) -> None:
        """A seat chip's two lines under its backs (the layout keeps them): the status
        ("Dropped · paid 24") and the kind; each shrinks before it is shortened, a status
        too long for one line takes both, and a word is never split (issue 23: "Droppe /
        d" over the backs)."""
        w = rect.w - 16
        if theme.text_width(kind, small) > w and si.short_kind:  # the level alone
            kind = (_("{kind} · thinking…").format(kind=si.short_kind) if si.thinking
                    else si.short_kind)
        least = min(small, 13)
        if note and theme.text_width(note, least) > w:  # the status needs both lines
            kind = ""
        rows = [(t, c) for t, c in ((note, theme.MATCH), (kind, theme.TEXT_DIM)) if t]
        lh = round(small * 1.3)
        per = 1 if len(rows) > 1 else 2  # two lines in all
        parts: list[tuple[str, int, tuple]] = []
        for text, color in rows:
            sz, lines = theme.fit_label(text, small, w, lh * per, per, minimum=least)
            parts += [(part, sz, color) for part in lines]
        by = rect.bottom - 4 - lh * len(parts)
        for part, sz, color in parts:
            theme.blit_text(s, part, sz, (rect.x + 8, by + (small - sz) // 2), color)
            by += lh

    def draw_field(self, s: pygame.Surface, L: Layout, model: TableModel) -> None:
        small = L.small
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
        theme.blit_text(s, str(n), L.body,
                        (L.pile.centerx, L.pile.bottom + 4), theme.TEXT, True, "midtop")

    def draw_group_labels(self, s: pygame.Surface, L: Layout, cards: list[str],
                          rect: pygame.Rect, w: int, points: int | None,
                          points_label: str, small: int, par: int | None = None) -> None:
        """Kind glyph, count and kind name left of each group, at `small` px (the layout
        shrinks it in a row too short for four labelled groups), and the points label."""
        from game.ui.layout import group_positions

        label_w = label_width(L, small)
        groups = groups_of(cards)  # placed as the cards rest, counted as they land
        for kind, ((lx, ly), _cards), g in zip(KIND_ORDER, group_positions(
                rect, [len(x) for x in groups], w, label_w), self.landed(groups), strict=True):
            if g:  # the label stays inside its row when the cards are shorter than it
                ly = max(rect.y + round(small * 1.45) + 2,
                         min(ly, rect.bottom - round(small * 2.25)))
                theme.blit_text(s, kind_glyph(kind), small, (lx, ly - 2), theme.TEXT_DIM,
                                False, "midbottom")
                theme.blit_text(s, str(len(g)), small, (lx, ly), theme.TEXT, True, "midtop")
                # the glyph's translation, small, under the count (TABLE.md §0.7); it
                # shrinks to its label's width rather than run into the cards
                nsz, nparts = theme.fit_label(_(KIND_NAMES[kind]), max(9, round(small * 0.72)),
                                              label_w + max(4, round(0.15 * w)), max_lines=1,
                                              minimum=8)
                theme.blit_text(s, nparts[0], nsz, (lx, ly + round(small * 1.25)),
                                theme.TEXT_DIM, False, "midtop")
        if points is not None and (cards or par is not None):
            x, y = rect.right + points_width(L, small), rect.bottom - 2
            if par is not None:  # "31 / 88 pts": the target the engine names, one line
                unit = points_label or _("pts")
                label = (f"{points} / {par} {points_label}" if points_label else
                         _("{points} / {par} pts").format(points=points, par=par))
                if theme.text_width(label, small) > points_width(L, small) + 8:
                    theme.blit_text(s, unit, small, (x, y), theme.TEXT_DIM, False,
                                    "bottomright")  # too long for one line: two
                    y -= round(small * 1.3)
                    label = f"{points} / {par}"
            elif points_label:
                label = f"{points} {points_label}"
            else:
                label = _("{points} pts").format(points=points)
            theme.blit_text(s, label, small, (x, y), theme.TEXT_DIM, False, "bottomright")

    def landed(self, groups: list[list[str]]) -> list[list[str]]:
        """The cards of each group that have arrived: a label counts a capture when its
        card lands, not while it is still flying there (issue 23)."""
        return [[c for c in g if self.anim.arrived(c)] for g in groups]

    def draw_top_labels(self, s: pygame.Surface, L: Layout, cards: list[str],
                        rect: pygame.Rect) -> None:
        """An opponent's groups: a one-line label above each (glyph, count and, where the
        group is wide enough, the kind's name), so the row's width goes to the cards."""
        size = L.opp_label
        groups = groups_of(cards)
        for kind, (lab, _pos), g in zip(KIND_ORDER, opponent_groups(rect, L, groups),
                                        self.landed(groups), strict=True):
            if not g:
                continue
            count = str(len(g))
            cw = theme.text_width(count, size, True)
            mark = kind_glyph(kind)  # "" with Translation only: the name says it alone
            x = lab.x
            if mark:
                glyph = theme.fit(mark, size, max(size, lab.w - cw - 4))
                x = theme.blit_text(s, glyph, size, (x, lab.centery), theme.TEXT_DIM, False,
                                    "midleft").right + max(3, size // 4)
            r = theme.blit_text(s, count, size, (x, lab.centery), theme.TEXT, True, "midleft")
            # the glyph's translation (TABLE.md §0.7), smaller where the label is short
            name = _(KIND_NAMES[kind])
            room = lab.right - r.right - 5
            nsz = next((z for z in range(max(13, round(size * 0.82)), 8, -1)
                        if theme.text_width(name, z) <= room), 0)
            if not mark:  # the only word of the label: shown, shortened if it must be
                nsz = nsz or 9
                name = theme.fit(name, nsz, max(nsz, room))
            if nsz and name != mark:  # else too narrow (the own row names it) or no news
                theme.blit_text(s, name, nsz, (r.right + 5, lab.centery), theme.TEXT_DIM,
                                False, "midleft")

    def draw_numbers(self, s: pygame.Surface, numbers: dict[str, int], size: int) -> None:
        """Each hand card's number key in a gold disc at its top right, drawn on the card
        where it is this frame (so it travels with it while the hand closes up)."""
        for card, n in numbers.items():
            r = self.card_rects.get(card)
            if r is None:
                continue
            d = max(size + 6, round(r.w * 0.3))
            disc = pygame.Rect(0, 0, d, d)
            disc.topright = (r.right - max(2, r.w // 20), r.y + max(2, r.w // 20))
            pygame.draw.ellipse(s, theme.GOLD, disc)
            pygame.draw.ellipse(s, theme.INK, disc, 1)
            theme.blit_text(s, str(n), size, disc.center, theme.INK, True, "center")

    def draw_sprites(self, s: pygame.Surface, frames: list[Frame],
                     states: dict[str, CardState]) -> None:
        self.card_rects = {}
        for f in frames:
            cid = f.key if (f.face and f.key in INDEX) else None
            w = max(8, round(f.w))
            st = CardState.NORMAL if f.moving else states.get(f.key, CardState.NORMAL)
            fading = f.alpha < 0.999  # reduced motion: a card fades in where it lands
            if f.squash >= 0.999 and abs(f.w - round(f.w)) < 0.01 and not f.moving \
                    and not fading:
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
                if fading:
                    img = img.copy()
                    img.set_alpha(round(255 * max(0.0, f.alpha)))
                s.blit(img, rect)
            self.card_rects[f.key] = rect

    # --- whole table ------------------------------------------------------------------
    def draw(self, s: pygame.Surface, L: Layout, info: TableInfo, seating: Seating,
             states: dict[str, CardState], panel_h: int = 0) -> None:
        s.blit(self.felt(s.get_size()), (0, 0))
        self.widths = (L.hand_w, L.field_w, L.cap_w, L.opp_cap_w, L.back_w)
        model = self.model
        if model is None:
            return
        size = L.body
        small = L.small
        self.draw_top_bar(s, L, info)
        self.draw_sidebar(s, L, info, seating, panel_h, self.log_scroll)
        if L.bench is not None:
            x = L.bench.x + 8
            each = (L.bench.w - 8) // max(1, len(seating.bench)) - 24
            for b in seating.bench:
                si = info.seats[b]
                label = f"{si.name} · {si.status or _('sits out')}"  # the status names the fee
                sz, parts = theme.fit_label(label, small, min(360, each), max_lines=1,
                                            minimum=min(small, 13))  # smaller before cut
                img = theme.text(parts[0], sz, theme.TEXT_DIM)
                chip = pygame.Rect(x, L.bench.y + 3, img.get_width() + 16, L.bench.h - 6)
                if chip.right > L.bench.right:
                    break
                theme.panel(s, chip)
                s.blit(img, img.get_rect(center=chip.center))
                x = chip.right + 8
        for seat_no, rect in zip(seating.others, L.opponents, strict=False):
            si = info.seats[seat_no]
            self.draw_plate(s, rect, si, info.to_move == seat_no, size, small, False,
                            seating.phase == "dropout", L.opp_lines)
            if seating.phase == "play":  # the points are in the name row
                _row, _fan, caps = opponent_parts(rect, L, shown_cards(model, seat_no))
                self.draw_top_labels(s, L, model.captured[seat_no], caps)
        self.draw_field(s, L, model)
        b = seating.bottom
        theme.panel(s, L.captures, alpha=90)
        self.draw_group_labels(s, L, model.captured[b], own_caps_rect(L), L.cap_w,
                               info.seats[b].points, info.points_label, L.cap_label,
                               info.seats[b].par)
        self.draw_plate(s, L.plate, info.seats[b], info.to_move == b, size, small, True)
        if info.prompt:  # shrinks, then two lines, before it is cut (issue 15)
            psz, plines = theme.fit_label(info.prompt, size, L.prompt.w - 10 -
                                          self.prompt_reserve, L.prompt.h, 2, True,
                                          theme.min_size("body"))
            step = round(psz * 1.15)
            py = L.prompt.centery - step * (len(plines) - 1) // 2
            for k, part in enumerate(plines):
                theme.blit_text(s, part, psz, (L.prompt.x + 6, py + k * step), theme.TEXT,
                                True, "midleft")
        self.draw_sprites(s, self.anim.frames(), states)
        if info.bottom_note:
            theme.blit_text(s, info.bottom_note, small, (L.hand.centerx, L.hand.centery),
                            theme.TEXT_DIM, False, "center")


__all__ = ["SeatInfo", "TableInfo", "TableView", "shared_renderer", "term"]
