"""Rules & cards: a browsable reference per ruleset, drawn with the table's card art.

Every number on these pages comes from the configured ruleset (card values, the catalogue's
amounts under the current options, which months capture which), so the reference cannot
disagree with the game; only words live in game/ui/terms.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.engine import rulesets
from game.engine.cards import CARD_IDS, KINDS, MONTH_NAMES
from game.engine.rulesets import Ruleset
from game.engine.vocab import CaptureRule, Category
from game.i18n import N_, _, pgettext
from game.ui import theme
from game.ui.cards import CardRenderer, card_height
from game.ui.intents import Intent
from game.ui.scene import Scene
from game.ui.terms import (
    CAPTURE_RULES,
    GLOSSARY,
    KIND_GLYPH,
    KIND_NAMES,
    ROUND_WORDS,
    TERMS,
    TEYAKU_SHAPES,
    term,
)

PAGES: tuple[tuple[str, str], ...] = (
    ("cards", N_("Cards")), ("combinations", N_("Combinations")), ("capture", N_("Capture")),
    ("round", N_("Round & payments")), ("glossary", N_("Glossary")))
PAGE_IDS = tuple(p for p, _ in PAGES)
# The page that explains a table decision (the panel's phase); anything else: the cards
PHASE_PAGES = {"decide": "round", "teyaku": "combinations", "claim": "combinations"}
_renderer: CardRenderer | None = None


def renderer() -> CardRenderer:
    global _renderer
    if _renderer is None:
        _renderer = CardRenderer()
    return _renderer


def resolve(ruleset: str | Ruleset) -> Ruleset:
    """A configured ruleset; a name means its default options (unknown names: Hachi-Hachi)."""
    if isinstance(ruleset, Ruleset):
        return ruleset
    try:
        return rulesets.get(ruleset)
    except ValueError:
        return rulesets.get("hachihachi")


def has_teyaku(rs: Ruleset) -> bool:
    return any(e.category == Category.TEYAKU for e in rs.entries)


# --- what the pages say (pure: the tests compare these with the engine) ------------------
@dataclass
class CardRow:
    card: str
    kind: str
    points: int


def card_rows(rs: Ruleset) -> list[list[CardRow]]:
    """The ruleset's deck by month: each card with its kind and its points here."""
    months: dict[int, list[CardRow]] = {}
    for c in rs.deck_cards:
        months.setdefault(c // 4, []).append(CardRow(CARD_IDS[c], KINDS[c], rs.values[c]))
    return [months[m] for m in sorted(months)]


@dataclass
class Combo:
    id: str
    category: Category
    value: int | None
    cards: list[str] = field(default_factory=list)
    need: int = 0
    positions: tuple[int, ...] | None = None  # turn-order positions that can make it


ORDINALS = (N_("first"), N_("second"), N_("third"), N_("fourth"), N_("fifth"), N_("sixth"),
            N_("seventh"))


def positions_words(positions: tuple[int, ...]) -> str:
    """'first or second': the turn-order places that can make a combination."""
    return pgettext("either", " or ").join(_(ORDINALS[p]) for p in positions)


def combos(rs: Ruleset) -> list[Combo]:
    """Teyaku and dekiyaku of the catalogue with their amounts under the current options."""
    out = []
    for e in rs.entries:
        if e.category not in (Category.TEYAKU, Category.DEKIYAKU):
            continue
        cards = [CARD_IDS[i] for i in range(48) if e.cards >> i & 1]
        out.append(Combo(e.id, e.category, e.value, cards, e.need or len(cards), e.positions))
    return out


def month_pairs(rs: Ruleset) -> list[tuple[int, list[int]]]:
    """Which months a card of each month captures, from the engine's capture relation."""
    firsts = {}
    for c in rs.deck_cards:
        firsts.setdefault(c // 4, c)
    out = []
    for m, a in sorted(firsts.items()):
        out.append((m, [n for n, b in sorted(firsts.items())
                        if a != b and rs.can_capture(CARD_IDS[a], CARD_IDS[b])]))
    return out


def page_text(rs: Ruleset, page: str) -> list[str]:
    """The paragraphs of the text pages."""
    if page == "capture":
        lines = [_(CAPTURE_RULES[rs.capture_rule])]
        if rs.capture_rule == CaptureRule.MONTH_SUM:
            lines.append(_("Which months a card takes (its month + theirs ends in 3 or 8):"))
            for m, others in month_pairs(rs):
                lines.append(_("{n} {month}: {months}").format(
                    n=f"{m + 1:>2}", month=_(MONTH_NAMES[m]), months=", ".join(
                        f"{n + 1} {_(MONTH_NAMES[n])}" for n in others)))
        return lines
    if page == "round":
        lines = [_("{game}: {summary}").format(game=_(rs.title), summary=_(rs.summary))]
        if getattr(rs, "decision", None) == "sage":
            lines += [_(t) for t in ROUND_WORDS["decide"]]
        from game.ui.scenes.rules_help import COMMON, TEXTS  # words per game, no amounts

        lines += [_(t) for t in TEXTS.get(rs.name, []) if "Shoubu" not in t]  # the English id
        lines += [_(t) for t in ROUND_WORDS["end"][:2 if has_teyaku(rs) else 1]]
        total = rs.points(rs.deck_mask)
        lines.append(_("The deck holds {total} card points.").format(total=total))
        par = rs.par(0, rs.active_count)
        if par is not None:
            lines.append(_("Par with {n} players: {pars}").format(
                n=rs.active_count, pars=", ".join(
                    _("seat {n} {par}").format(n=p + 1, par=rs.par(p, rs.active_count))
                    for p in range(rs.active_count))))
        if rs.kan > 1 and has_teyaku(rs):
            lines.append(_("1 kan = {mon} mon.").format(mon=rs.kan))
        return lines + [_(t) for t in COMMON]
    if page == "glossary":
        lines = [f"{jp} {pgettext('reading', rd)} — {_(en)}" for jp, rd, en in GLOSSARY.values()]
        named = [term(e.id) for e in rs.entries
                 if e.id in TERMS and not term(e.id).isascii()]  # the Japanese names
        if named:
            lines.append(_("What {game} pays for: {names}.").format(game=_(rs.title),
                                                                   names="; ".join(named)))
        return lines
    return []


def amount_words(rs: Ruleset, c: Combo) -> str:
    """'20 kan · 240 mon' for a teyaku paid in kan, '50 mon' otherwise."""
    if c.value is None:
        return _("varies")
    if c.category == Category.TEYAKU and rs.kan > 1 and c.value % rs.kan == 0:
        return _("{kan} kan · {mon} mon").format(kan=c.value // rs.kan, mon=c.value)
    return _("{amount} mon").format(amount=c.value)


# --- the scene ---------------------------------------------------------------------------
class ReferenceScene(Scene):
    """Tabs of pages; ←/→ pages, ↑/↓ and the wheel scroll, Tab changes the ruleset when the
    reference was opened from the title (a name, not the game's configured ruleset)."""

    transparent = True
    name = "reference"

    def __init__(self, app, ruleset: str | Ruleset = "hachihachi",  # noqa: ANN001
                 page: str | None = None) -> None:
        super().__init__(app)
        self.rs = resolve(ruleset)
        self.browse = not isinstance(ruleset, Ruleset)  # the title: every ruleset to look at
        self.page = page if page in PAGE_IDS else "cards"
        self.scroll = 0
        self._max_scroll = 0
        self._view_h = 400  # the page area's height, known once drawn
        self.tabs: list[tuple[pygame.Rect, str]] = []
        self.ruleset_tabs: list[tuple[pygame.Rect, str]] = []
        self.close_rect = pygame.Rect(0, 0, 0, 0)

    # input
    def set_page(self, page: str) -> None:
        self.page, self.scroll = page, 0

    def step_page(self, d: int) -> None:
        i = PAGE_IDS.index(self.page)
        self.set_page(PAGE_IDS[(i + d) % len(PAGE_IDS)])

    def set_ruleset(self, name: str) -> None:
        self.rs, self.scroll = resolve(name), 0

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * 60)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, page in self.tabs:
                if rect.collidepoint(event.pos):
                    self.set_page(page)
                    return True
            for rect, name in self.ruleset_tabs:
                if rect.collidepoint(event.pos):
                    self.set_ruleset(name)
                    return True
            if self.close_rect.collidepoint(event.pos):
                self.app.stack.pop(self)
            return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_TAB and self.browse:
                names = rulesets.names()
                i = names.index(self.rs.name) if self.rs.name in names else -1
                d = -1 if event.mod & pygame.KMOD_SHIFT else 1
                self.set_ruleset(names[(i + d) % len(names)])
                return True
            if k in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                page = max(60, self._view_h - 60)  # a view, keeping a line of context
                self._scroll_by(page if k == pygame.K_PAGEDOWN else -page)
                return True
        if intent is Intent.BACK or intent is Intent.HELP:
            self.app.stack.pop(self)
            return True
        if intent is Intent.RIGHT:
            self.step_page(1)
            return True
        if intent is Intent.LEFT:
            self.step_page(-1)
            return True
        if intent is Intent.DOWN:
            self._scroll_by(60)
            return True
        if intent is Intent.UP:
            self._scroll_by(-60)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)  # modal

    def _scroll_by(self, d: int) -> None:
        self.scroll = max(0, min(self._max_scroll, self.scroll + d))

    # drawing
    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        theme.dim(surface, 170)
        box = pygame.Rect(0, 0, round(W * 0.94), round(H * 0.94))
        box.center = (W // 2, H // 2)
        theme.panel(surface, box, alpha=248, line=theme.GOLD)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        head = theme.size_of("heading", H)
        x, y = box.x + 20, box.y + 12
        theme.blit_text(surface, _("Rules & cards — {game}").format(game=_(self.rs.title)),
                        head, (x, y), theme.TEXT, True)
        self.close_rect = theme.blit_text(surface, _("Close (Esc)"), body,
                                          (box.right - 20, y + 4), theme.TEXT_DIM, False,
                                          "topright").inflate(12, 8)
        y += round(head * 1.5)
        self.ruleset_tabs = []
        if self.browse:  # the tabs flow onto more rows when the text is large (issue 15)
            hint = _("Tab: another game")
            theme.blit_text(surface, hint, small, (box.right - 20, y + 3), theme.TEXT_DIM,
                            False, "topright")
            limit = box.right - 32 - theme.text_width(hint, small)
            tx = x
            for name in rulesets.names():
                label = _(resolve(name).title)
                tw = theme.text_width(label, small, name == self.rs.name)
                if tx > x and tx + tw + 16 > limit:
                    tx, y, limit = x, y + round(small * 1.9), box.right - 20
                r = theme.blit_text(surface, theme.fit(label, small, limit - x - 16), small,
                                    (tx + 8, y + 3),
                                    theme.TEXT if name == self.rs.name else theme.TEXT_DIM,
                                    name == self.rs.name)
                r = r.inflate(16, 6)
                if name == self.rs.name:
                    pygame.draw.rect(surface, theme.GOLD, r, 1, 4)
                self.ruleset_tabs.append((r, name))
                tx = r.right + 6
            y += round(small * 1.9)
        self.tabs = []
        tx = x
        hint = _("←/→ pages · ↑/↓ scroll")
        theme.blit_text(surface, hint, small, (box.right - 20, y + 8), theme.TEXT_DIM, False,
                        "topright")
        limit = box.right - 32 - theme.text_width(hint, small)
        for pid, mark in PAGES:
            label = _(mark)
            if tx > x and tx + theme.text_width(label, body, True) + 24 > limit:
                tx, y, limit = x, y + round(body * 2.1), box.right - 20
            on = pid == self.page
            r = theme.blit_text(surface, label, body, (tx + 12, y + 5),
                                theme.INK if on else theme.TEXT, on)
            r = r.inflate(24, 10)
            if on:
                pygame.draw.rect(surface, theme.GOLD, r, 0, 5)
                theme.blit_text(surface, label, body, (tx + 12, y + 5), theme.INK, True)
            else:
                pygame.draw.rect(surface, theme.GOLD, r, 1, 5)
            self.tabs.append((r, pid))
            tx = r.right + 8
        y += round(body * 2.1)
        view = pygame.Rect(x, y, box.w - 40, box.bottom - 12 - y)
        self._view_h = view.h
        canvas = surface.subsurface(view)
        drawn = self._draw_page(canvas, -self.scroll, body, small)
        self._max_scroll = max(0, drawn - view.h)
        self.scroll = min(self.scroll, self._max_scroll)
        if self._max_scroll:
            frac = view.h / (drawn or 1)
            bar_h = max(20, round(view.h * frac))
            bar_y = view.y + round((view.h - bar_h) * self.scroll / self._max_scroll)
            pygame.draw.rect(surface, theme.GOLD, (box.right - 12, bar_y, 4, bar_h), 0, 2)

    def _draw_page(self, s: pygame.Surface, y0: int, body: int, small: int) -> int:
        """Draw the current page at vertical offset y0; returns the content's height."""
        if self.page == "cards":
            return self._draw_cards(s, y0, body, small)
        if self.page == "combinations":
            return self._draw_combos(s, y0, body, small)
        return self._draw_lines(s, y0, page_text(self.rs, self.page), body)

    def _grid(self, s: pygame.Surface, y0: int, cols: int, items: list,
              height: Callable[[int, object], int], draw_one: Callable) -> int:
        gap = 16
        cw = (s.get_width() - gap * (cols - 1)) // cols
        y = y0
        for i in range(0, len(items), cols):
            row = items[i:i + cols]
            h = max(height(cw, it) for it in row)
            for j, it in enumerate(row):
                if y + h >= 0 and y <= s.get_height():
                    draw_one(s, pygame.Rect(j * (cw + gap), y, cw, h), it)
            y += h + gap
        return y - y0

    def _draw_cards(self, s: pygame.Surface, y0: int, body: int, small: int) -> int:
        lh = round(small * 1.3)
        # a card's two labels ("カス 1", "Chaff") set its column when they are wider than
        # the card (large UI scale): fewer months per row then (issue 15)
        label_w = max([theme.text_width(f"{g} 20", small, True) for g in KIND_GLYPH.values()]
                      + [theme.text_width(_(n), small) for n in KIND_NAMES.values()]) + 8
        cols = 3 if s.get_width() < 1500 else 4
        while cols > 1 and (s.get_width() - 16 * (cols - 1)) // cols < 4 * label_w:
            cols -= 1

        def width(cw: int) -> int:
            return max(30, min(110, (cw - 30) // 4))

        def step(w: int) -> int:
            return max(w + 8, label_w)

        def height(cw: int, _month: object) -> int:
            return round(body * 1.5) + card_height(width(cw)) + 2 * lh + 8

        def one(surf: pygame.Surface, r: pygame.Rect, month: list[CardRow]) -> None:
            m = CARD_IDS.index(month[0].card) // 4
            theme.blit_text(surf, _("{n}. {month}").format(n=m + 1, month=_(MONTH_NAMES[m])), body,
                            (r.x, r.y),
                            theme.GOLD, True)
            w = width(r.w)
            for k, row in enumerate(month):
                cx = r.x + (step(w) - w - 8) // 2 + k * step(w)
                cy = r.y + round(body * 1.5)
                renderer().draw(surf, row.card, (cx, cy), w)
                ly = cy + card_height(w) + 3
                theme.blit_text(surf, f"{KIND_GLYPH[row.kind]} {row.points}", small,
                                (cx + w // 2, ly), theme.TEXT, True, "midtop")
                theme.blit_text(surf, _(KIND_NAMES[row.kind]), small, (cx + w // 2, ly + lh),
                                theme.TEXT_DIM, False, "midtop")

        rows = card_rows(self.rs)
        head = [_("Card points in {game}: {total} in the deck of {n} cards.").format(
            game=_(self.rs.title), total=self.rs.points(self.rs.deck_mask),
            n=len(self.rs.deck_cards))]
        y = self._draw_lines(s, y0, head, body)
        return y + self._grid(s, y0 + y, cols, rows, height, one)

    def _draw_combos(self, s: pygame.Surface, y0: int, body: int, small: int) -> int:
        items = combos(self.rs)
        if not items:
            return self._draw_lines(s, y0, [_("This game pays for no combinations: card "
                                              "points alone decide.")], body)
        cols = 2  # a name, its amount and up to ten cards side by side
        lh = round(small * 1.35)

        def width(cw: int) -> int:
            return max(26, min(64, (cw - 10) // 10))

        def crowded(cw: int, c: Combo) -> bool:
            """The name and its amount do not fit one line: the amount goes below it."""
            return theme.text_width(term(c.id), body, True) + 16 + \
                theme.text_width(amount_words(self.rs, c), body, True) > cw

        def shape_lines(cw: int, c: Combo) -> list[str]:
            words = _(TEYAKU_SHAPES[c.id]) if c.id in TEYAKU_SHAPES else \
                _("A shape of the dealt hand.")
            if c.positions is not None:
                words += " " + _("Only the {places} player in turn order.").format(
                    places=positions_words(c.positions))
            return theme.wrap(_("手役 {words}").format(words=words), small, cw)

        def height(cw: int, c: Combo) -> int:
            return round(body * 1.5) * (2 if crowded(cw, c) else 1) + (
                card_height(width(cw)) + 6 if c.cards else
                max(2, len(shape_lines(cw, c))) * lh) + 6

        def one(surf: pygame.Surface, r: pygame.Rect, c: Combo) -> None:
            pygame.draw.line(surf, theme.PANEL_LINE, (r.x, r.bottom + 7), (r.right, r.bottom + 7))
            amount = amount_words(self.rs, c)
            name = theme.blit_text(surf, term(c.id), body, (r.x, r.y), theme.TEXT, True)
            y = r.y + round(body * 1.5)
            if crowded(r.w, c):
                theme.blit_text(surf, amount, body, (r.x, y), theme.GOLD, True)
                y += round(body * 1.5)
            else:
                theme.blit_text(surf, amount, body, (r.right, r.y), theme.GOLD, True,
                                "topright")
            if c.cards:
                notes = [_("any {n} of these").format(n=c.need)] if c.need < len(c.cards) \
                    else []
                if c.positions is not None:
                    notes.append(_("only the {places} player in turn order").format(
                        places=positions_words(c.positions)))
                if notes:
                    theme.blit_text(surf, " · ".join(notes), small,
                                    (name.right + 10, name.bottom - 2), theme.TEXT_DIM,
                                    False, "bottomleft")
                w = width(r.w)
                for k, cid in enumerate(c.cards[:10]):
                    renderer().draw(surf, cid, (r.x + k * (w + 4), y), w)
            else:
                yy = y
                for line in shape_lines(r.w, c):
                    theme.blit_text(surf, line, small, (r.x, yy), theme.TEXT_DIM)
                    yy += lh

        head = [_("Amounts in mon from each opponent under this game's options.")]
        if self.rs.kan > 1 and has_teyaku(self.rs):
            head[0] += " " + _("1 kan = {mon} mon.").format(mon=self.rs.kan)
        y = self._draw_lines(s, y0, head, body)
        for cat, title in ((Category.TEYAKU, _("手役 Teyaku — shapes of the dealt hand")),
                           (Category.DEKIYAKU, _("出来役 Dekiyaku — sets of captured cards"))):
            group = [c for c in items if c.category == cat]
            if group:
                y += self._draw_heading(s, y0 + y, title, body)
                y += self._grid(s, y0 + y, cols, group, height, one)
        return y

    def _draw_heading(self, s: pygame.Surface, y: int, title: str, body: int) -> int:
        if -body * 2 <= y <= s.get_height():
            theme.blit_text(s, title, body, (0, y), theme.GOLD, True)
        return round(body * 1.8)

    def _draw_lines(self, s: pygame.Surface, y0: int, lines: list[str], body: int) -> int:
        lh = round(body * 1.4)
        y = y0
        width = min(s.get_width(), body * 60)
        for para in lines:
            for part in theme.wrap(para, body, width):
                if -lh <= y <= s.get_height():
                    theme.blit_text(s, part, body, (0, y), theme.TEXT)
                y += lh
            y += lh // 2
        return y - y0
