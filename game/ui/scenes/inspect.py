"""Inspect captures (TABLE.md §5.6, §5.10): every seat's pile large, by kind, with the names.

Opened by C or a click on a capture row; Escape, C or Enter close it. Public facts only: the
capture piles, card points and formed yaku of the view the table shows. One section per
seat at the table (the seats sitting out say so); cards at the left, fanned by kind as on
the table but larger, and at the right one line per kind naming every card.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _, ngettext
from game.play.terms import card_name, kind_glyph, term
from game.ui import theme
from game.ui.intents import Intent
from game.ui.layout import group_positions, height_of, width_of
from game.ui.model import KIND_ORDER, groups_of
from game.ui.scene import Scene

KIND_PLURAL = {"bright": N_("Brights"), "animal": N_("Animals"), "ribbon": N_("Ribbons"),
               "chaff": N_("Chaff")}


def names_line(cards: list[str]) -> str:
    """'Pine chaff ×2, Plum chaff' — repeated names counted, in the pile's month order."""
    counts: dict[str, int] = {}
    for c in cards:
        n = card_name(c)
        counts[n] = counts.get(n, 0) + 1
    return ", ".join(n if k == 1 else _("{card} ×{n}").format(card=n, n=k)
                     for n, k in counts.items())


def kind_lines(cards: list[str]) -> list[str]:
    """One line per kind present: '光 Brights (2): Crane, Phoenix'."""
    out = []
    for kind, group in zip(KIND_ORDER, groups_of(cards), strict=True):
        if group:
            out.append(_("{glyph} {kind} ({n}): {cards}").format(
                glyph=kind_glyph(kind), kind=_(KIND_PLURAL[kind]), n=len(group),
                cards=names_line(group)).strip())
    return out


def watch_line(progress: tuple) -> str:
    """'In reach: 青短 Aotan · Blue Ribbons 2/3 (1 on the field)', closest first; the
    engine's yaku watch, public cards only (TABLE.md §10)."""
    started = sorted((p for p in progress if p.have and not p.made),
                     key=lambda p: (p.need - p.have, p.id))
    parts = []
    for p in started:
        if p.on_field:
            parts.append(ngettext("{yaku} {have}/{need}, {n} on the field",
                                  "{yaku} {have}/{need}, {n} on the field",
                                  len(p.on_field)).format(yaku=term(p.id), have=p.have,
                                                          need=p.need, n=len(p.on_field)))
        else:
            parts.append(_("{yaku} {have}/{need}").format(yaku=term(p.id), have=p.have,
                                                          need=p.need))
    return _("In reach: {yaku}").format(yaku="; ".join(parts)) if parts else ""


class InspectScene(Scene):
    transparent = True
    name = "inspect"

    def __init__(self, app, table) -> None:  # noqa: ANN001 - App, TableScene
        super().__init__(app)
        self.table = table
        self.scroll = 0  # sections scrolled past
        self._max_scroll = 0

    def seats(self) -> list[int]:
        """Seats in table order: the bottom seat, the others in turn order, the bench."""
        s = self.table.stage.seating
        if s is None:
            return list(range(len(self.table.session.seats)))
        return [s.bottom, *s.others, *s.bench]

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if intent in (Intent.BACK, Intent.CONFIRM) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_c):
            self.app.stack.pop(self)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self._max_scroll, self.scroll - event.y))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP,
                                                          pygame.K_DOWN, pygame.K_UP):
            step = 1 if event.key in (pygame.K_PAGEDOWN, pygame.K_DOWN) else -1
            self.scroll = max(0, min(self._max_scroll, self.scroll + step))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.app.stack.pop(self)  # a click anywhere closes, as a popover would
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        theme.dim(surface, 170)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        head = theme.size_of("heading", H)
        box = pygame.Rect(0, 0, min(W - 40, max(900, round(W * 0.86))), round(H * 0.9))
        box.center = (W // 2, H // 2)
        theme.panel(surface, box, alpha=248, line=theme.GOLD)
        x, y = box.x + 20, box.y + 12
        theme.blit_text(surface, _("Captures"), head, (x, y), theme.TEXT, True)
        theme.blit_text(surface, _("Esc, C or a click closes · wheel scrolls"), small,
                        (box.right - 20, y + head // 2), theme.TEXT_DIM, False, "midright")
        y += round(head * 1.5)
        info = self.table._info()
        model = self.table.tv.model
        seats = self.seats()
        benched = self.table.stage.seating.bench if self.table.stage.seating is not None else []
        active = [s for s in seats
                  if s not in benched or (model is not None and model.captured[s])]
        bench = [s for s in seats if s not in active]
        lh = round(small * 1.35)
        # a section: header line + up to four kind lines; the cards take the same height
        bottom = box.bottom - 12 - (lh if bench else 0)
        least = round(body * 1.5) + max(4 * lh, round(0.11 * H)) + 14
        section_h = max(least, min(round(0.26 * H), (bottom - y) // max(1, len(active))))
        fit = max(1, (bottom - y) // section_h)
        self._max_scroll = max(0, len(active) - fit)
        self.scroll = min(self.scroll, self._max_scroll)
        cards_w = round(box.w * 0.52)
        for s in active[self.scroll:self.scroll + fit]:
            si = info.seats[s]
            cards = model.captured[s] if model is not None else []
            header = (si.name if si.points is None else
                      _("{name} · {points} pts").format(name=si.name, points=si.points))
            if si.yaku:
                header += " · " + ", ".join(si.yaku)
            theme.blit_text(surface, theme.fit(header, body, box.w - 40, True), body, (x, y),
                            theme.GOLD if s == self.table.face_up_seat() else theme.TEXT,
                            True)
            y += round(body * 1.5)
            ch = section_h - round(body * 1.5) - 14
            label_w = round(small * 2.2)
            groups = groups_of(cards)
            counts = [len(g) for g in groups if g]
            # as large as the section allows, but small enough that every group keeps the
            # table's 42 % fan: a pile is read here, not squeezed
            units = sum(1 + 0.42 * (c - 1) for c in counts) + 0.3 * max(0, len(counts) - 1)
            by_width = (cards_w - label_w * max(1, len(counts))) / units if units else ch
            cw = max(24, min(width_of(ch), int(by_width)))
            area = pygame.Rect(x, y, cards_w, height_of(cw))
            for kind, ((lx, ly), pos), group in zip(
                    KIND_ORDER, group_positions(area, [len(g) for g in groups], cw, label_w),
                    groups, strict=True):
                if not group:
                    continue
                theme.blit_text(surface, kind_glyph(kind), small, (lx, ly - 2), theme.TEXT_DIM,
                                False, "midbottom")
                theme.blit_text(surface, str(len(group)), small, (lx, ly), theme.TEXT, True,
                                "midtop")
                for c, p in zip(group, pos, strict=True):
                    self.table.tv.renderer.draw(surface, c, p, cw)
            tx = x + cards_w + 20
            ty = y
            lines = kind_lines(cards) or [_("No captures yet.")]
            watch = self.table.shown_view.watch
            reach = watch_line(watch[s]) if s < len(watch) else ""
            for line, color in [(x, theme.TEXT) for x in lines] + [(reach, theme.MATCH)]:
                for part in (theme.wrap(line, small, box.right - 20 - tx)[:2] if line
                             else []):
                    if ty + lh <= y + ch + 6:
                        theme.blit_text(surface, part, small, (tx, ty), color)
                    ty += lh
            y += ch + 14
            pygame.draw.line(surface, theme.PANEL_LINE, (x, y - 7), (box.right - 20, y - 7))
        if self._max_scroll:
            theme.blit_text(surface, _("{first}–{last} of {n}").format(
                                first=self.scroll + 1, last=self.scroll + fit, n=len(active)),
                            small, (box.right - 20, bottom), theme.TEXT_DIM, False,
                            "bottomright")
        if bench:
            names = ", ".join(info.seats[s].name for s in bench)
            theme.blit_text(surface, theme.fit(_("Sitting out this round: {names}").format(
                                                   names=names), small,
                                               box.w - 40), small, (x, box.bottom - 10),
                            theme.TEXT_DIM, False, "bottomleft")
