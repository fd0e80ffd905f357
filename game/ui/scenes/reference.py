"""Rules & cards: a browsable reference per ruleset, drawn with the table's card art.

Every shape, number and name on these pages comes from the configured ruleset (card values,
the catalogue's amounts under the current options, the teyaku definitions and their example
hands, specials, achievements, fees, which months capture which), written into sentences by
game/ui/rule_words.py, so the reference cannot disagree with the game; only words live in
game/play/terms.py. F1 at the table opens the page for what is on screen (``page_for``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game import i18n
from game.engine import rulesets
from game.engine.cardinfo import card_facts
from game.engine.cards import (
    CARD_IDS,
    GRAND_BRIGHTS,
    KINDS,
    LARGE_BRIGHTS,
    MONTH_NAMES,
    names_of,
)
from game.engine.multiplier import field_brights
from game.engine.rulesets import Ruleset
from game.engine.vocab import CaptureRule, Category
from game.i18n import N_, _, ngettext, pgettext
from game.play import yaku_facts
from game.play.terms import (
    CAPTURE_RULES,
    GLOSSARY,
    TERMS,
    M,
    card_name,
    category_short,
    category_term,
    inline,
    kind_glyph,
    kind_label,
    style,
    term,
)
from game.ui import fonts, rule_words, theme
from game.ui.cards import CardRenderer, card_height
from game.ui.intents import Intent
from game.ui.rule_words import ORDINALS, positions_words  # noqa: F401 - kept importable
from game.ui.scene import Scene

# page id -> its tab's words (None: the category's term, written by the term style)
PAGES: tuple[tuple[str, str | None], ...] = (
    ("cards", N_("Cards")), ("play", N_("A turn")), ("teyaku", None), ("yaku", None),
    ("before", N_("Before play")), ("scoring", N_("Scoring")), ("glossary", N_("Glossary")))
PAGE_IDS = tuple(p for p, _ in PAGES)
PAGE_CATEGORY = {"teyaku": Category.TEYAKU, "yaku": Category.DEKIYAKU}
# What is on screen at the table -> the page that explains it (TABLE.md §0.7: F1 opens the
# help page for what is on screen): the teyaku reveal, a decision panel's phase
SITUATION_PAGES = {"teyaku": "teyaku", "decide": "yaku", "play": "yaku", "dropout": "before",
                   "mizuten": "before", "swap": "before"}
DEFAULT_PAGE = "play"  # anything else: how a turn goes
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


def page_ids(rs: Ruleset) -> tuple[str, ...]:
    """The pages this ruleset has something for, in tab order (no teyaku page without
    teyaku, no "before play" page without mizuten, a hand swap or a drop-out phase, no
    glossary of Japanese words with the term style "Translation only")."""
    out = []
    for pid in PAGE_IDS:
        if pid == "teyaku" and not rs.teyaku_rules():
            continue
        if pid == "yaku" and not any(e.category == Category.DEKIYAKU for e in rs.entries):
            continue
        if pid == "before" and not rule_words.before_lines(rs):
            continue
        if pid == "glossary" and style() == "translation" and not i18n.is_japanese():
            continue
        out.append(pid)
    return tuple(out)


def page_for(rs: Ruleset, situation: str | None) -> str:
    """The page for what is on the table's screen: the teyaku reveal ("teyaku"), a decision
    panel's phase ("decide", "dropout" ...), or None for ordinary play."""
    page = SITUATION_PAGES.get(situation or "", DEFAULT_PAGE)
    return page if page in page_ids(rs) else DEFAULT_PAGE


def page_title(pid: str) -> str:
    if pid in PAGE_CATEGORY:
        return category_short(PAGE_CATEGORY[pid])
    return _(dict(PAGES)[pid] or pid)


# --- what the pages say (pure: the tests compare these with the engine) ------------------
@dataclass
class CardRow:
    card: str
    kind: str
    points: int | None  # None where card points never count (Koi-Koi)
    yaku: tuple[str, ...] = ()  # the capture combinations it is part of (engine ids)
    counts_as_chaff: bool = False  # the Willow rule applies to it here
    notes: tuple[str, ...] = ()  # what else the engine does with it (yaku_facts), in words


def willow_rule(rs: Ruleset) -> bool:
    """The Willow rule is a rule of teyaku shapes and round-end specials: a ruleset without
    either (Koi-Koi, whose dealt hands are no shapes of kinds) has none, whatever its
    catalogue calls its dealt hands."""
    return bool(rs.teyaku_rules() or rs.special_rules())


ALSO_AS = {"bright": N_("Counts as a bright too, toward {name}."),
           "animal": N_("Counts as an animal too, toward {name}."),
           "ribbon": N_("Counts as a ribbon too, toward {name}."),
           "chaff": N_("Counts as a chaff too, toward {name}.")}


def card_notes(rs: Ruleset, card: str) -> tuple[str, ...]:
    """What a card does beyond its kind, found by asking the engine: a yaku of its kind that
    leaves it out (Koi-Koi's Rain Man and Three Brights), a yaku of another kind that counts
    it too (Koi-Koi's sake cup and the Chaff yaku)."""
    notes = []
    out = yaku_facts.left_out_of(rs, card)
    if out:
        notes.append(_("Does not count toward {names}.").format(
            names=rule_words.either_list([term(y) for y in out])))
    for yaku, kind in yaku_facts.also_counts(rs, card):
        notes.append(_(ALSO_AS[kind]).format(name=term(yaku)))
    return tuple(notes)


def card_rows(rs: Ruleset) -> list[list[CardRow]]:
    """The ruleset's deck by month: each card with its kind, its points here and the yaku it
    is part of (the card popover's facts, ``card_facts``)."""
    months: dict[int, list[CardRow]] = {}
    willow = willow_rule(rs)
    for c in rs.deck_cards:
        f = card_facts(rs, c)
        yaku = tuple(r.id for r in f.roles if r.category == Category.DEKIYAKU)
        chaff = f.counts_as_chaff and willow
        months.setdefault(c // 4, []).append(
            CardRow(CARD_IDS[c], KINDS[c], rs.values[c] if rs.counts_card_points else None,
                    yaku, chaff, () if chaff else card_notes(rs, CARD_IDS[c])))
    return [months[m] for m in sorted(months)]


def card_words(row: CardRow) -> list[tuple[str, str]]:
    """What the cards page says beside a card, each with its role (name, facts, yaku, note):
    its name as the log and hints say it, its kind and points, the yaku it is part of."""
    facts = kind_label(row.kind) if row.points is None else ngettext(
        "{kind} · {points} point", "{kind} · {points} points", row.points).format(
        kind=kind_label(row.kind), points=row.points)
    out = [(card_name(row.card), "name"), (facts, "facts")]
    if row.yaku:  # one item a yaku, so a line breaks between yaku names, not inside one
        items = [term(y) for y in row.yaku]
        out.append((_("Yaku: {names}").format(names=items[0]), "yaku"))
        out += [(item, "yaku") for item in items[1:]]
    if row.counts_as_chaff:
        out.append((_("Counts as chaff for teyaku and specials (the Willow rule)."), "note"))
    out += [(note, "note") for note in row.notes]
    return out


@dataclass
class Combo:
    id: str
    category: Category
    value: int | None
    cards: list[str] = field(default_factory=list)  # a yaku's cards (the engine's mask)
    need: int = 0
    positions: tuple[int, ...] | None = None  # turn-order positions that can make it
    example: list[str] = field(default_factory=list)  # a teyaku: the engine's example hand
    words: list[str] = field(default_factory=list)  # what makes it, from its definition


def combos(rs: Ruleset) -> list[Combo]:
    """Teyaku and dekiyaku of the catalogue with their amounts under the current options,
    each with its definition in words and the cards to draw: a yaku's own cards, a teyaku's
    example hand (both the engine's)."""
    rules = {r.id: r for r in rs.teyaku_rules()}
    standing = rule_words.standing_line(rs)
    out = []
    facts = {} if rs.counts_card_points else yaku_facts.yaku_facts(rs)
    for e in rs.entries:
        if e.category == Category.TEYAKU and e.id not in rules:
            continue  # a hand that wins as dealt (Koi-Koi): its words are on "Before play"
        if e.category == Category.TEYAKU:
            rule = rules[e.id]
            words = rule_words.teyaku_lines(rs, rule)
            if standing and any(allowed and max(allowed) for _h, allowed in rule.shapes):
                words.append(standing)  # a teyaku that needs a standing triplet says what it is
            out.append(Combo(e.id, e.category, e.value, [], 0, e.positions,
                             names_of(rs.teyaku_example(e.id)), words))
        elif e.category == Category.DEKIYAKU and not e.cards:  # the round's cards (Koi-Koi's
            # Cards of the Month): no cards to draw, the sentence says which
            month = yaku_facts.month_line(rs) if e.id == "tsukifuda" else None
            out.append(Combo(e.id, e.category, e.value, [], e.need, e.positions,
                             words=[month] if month else []))
        elif e.category == Category.DEKIYAKU:
            cards = names_of(e.cards & rs.deck_mask)
            need = e.need or len(cards)
            # a game scored by its yaku alone (Koi-Koi) is scored by how they combine, so
            # each cell says it; the 88 family's cells keep their one line
            f = None if rs.counts_card_points else facts.get(e.id)
            words = rule_words.yaku_lines(rs, f, e.positions) if f is not None else []
            out.append(Combo(e.id, e.category, e.value, cards, need, e.positions,
                             words=words or [rule_words.yaku_note(need, len(cards),
                                                                  e.positions)]))
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


# Words about a game that carry no amount (every number comes from the engine)
GAME_NOTES = {
    "nuki-hachihachi": [N_("Phoenix and a Paulownia chaff both dealt to the field go to the "
                           "dealer (the Paulownia rule).")],
    "curriculum": [N_("The rules one layer at a time: each tier adds one rule; the last "
                      "tier is full Hachi-Hachi.")],
}
SCORING_NOTES = {
    "sudaoshi": [N_("A round's score: card points + 2 × own yaku − the opponents' yaku − the "
                    "burden; the highest score wins.")],
    "koikoi": [N_("Cards have no points here: a round is won only by stopping with yaku.")],
}
GAME_NOTES["koikoi"] = [N_("Both players' captures lie face up: watch which yaku the other "
                           "player is close to, and take the cards they need.")]
KOI_GLOSSARY = N_("play on after a new yaku, for more; the other player may then stop first")
KIND_READINGS = {"bright": M.pgettext("reading", "hikari"), "animal": M.pgettext("reading",
                                                                                 "tane"),
                 "ribbon": M.pgettext("reading", "tan"), "chaff": M.pgettext("reading",
                                                                             "kasu")}


def multiplier_line(rs: Ruleset) -> str | None:
    """The field multiplier: which brights dealt to the field multiply the round, by how
    much (the engine's field_brights of each bright)."""
    if rs.carry_rule is None:
        return None
    grand = rs.carry_rule.grand

    def by(mask: int) -> tuple[str, int]:
        cards = [c for c in range(48) if mask >> c & 1]
        return (rule_words.either_list([card_name(CARD_IDS[c]) for c in cards]),
                field_brights(1 << cards[0], grand=grand)[0])

    large, m = by(LARGE_BRIGHTS)
    if grand:
        gcards, gm = by(GRAND_BRIGHTS)
        return _("{ooba}: {cards} dealt to the field multiplies every payment of the round by "
                 "{m}; {zeppa}: {grand_cards}, by {grand_m}.").format(
            ooba=inline("ooba"), cards=large, m=m, zeppa=inline("zeppa"), grand_cards=gcards,
            grand_m=gm)
    return _("{ooba}: {cards} dealt to the field multiplies every payment of the round by "
             "{m}.").format(ooba=inline("ooba"), cards=large, m=m)


def kinds_legend() -> str | None:
    """'光 hikari: Brights · 種 tane: Animals …' (the glyphs the cards page and the table
    use, with their readings); None with "Translation only", where no glyph is shown."""
    names = rule_words.kind_names()
    parts = [f"{kind_glyph(k)} {pgettext('reading', KIND_READINGS[k])}: {names[k]}"
             for k in ("bright", "animal", "ribbon", "chaff") if kind_glyph(k)]
    return " · ".join(parts) if parts else None


def page_text(rs: Ruleset, page: str) -> list[str]:
    """The paragraphs of a page (the cards and combination pages draw a grid below them)."""
    if page == "cards":
        head = [_("Card points in {game}: {total} in the deck of {n} cards.").format(
            game=_(rs.title), total=rs.points(rs.deck_mask), n=len(rs.deck_cards))
                if rs.counts_card_points else
                _("In {game} the {n} cards have no points: they count only toward the yaku "
                  "named beside them.").format(game=_(rs.title), n=len(rs.deck_cards))]
        legend = kinds_legend()
        return head + ([legend] if legend else [])
    if page == "play":
        lines = [_("{game}: {summary}").format(game=_(rs.title), summary=_(rs.summary)),
                 _(CAPTURE_RULES[rs.capture_rule])]
        if rs.capture_rule == CaptureRule.MONTH_SUM:
            lines.append(_("Which months a card takes (its month + theirs ends in 3 or 8):"))
            for m, others in month_pairs(rs):
                lines.append(_("{n} {month}: {months}").format(
                    n=f"{m + 1:>2}", month=_(MONTH_NAMES[m]), months=rule_words.listing(
                        [f"{n + 1} {_(MONTH_NAMES[n])}" for n in others])))
        mult = multiplier_line(rs)
        if mult:
            lines.append(mult)
        lines += [_(t) for t in GAME_NOTES.get(rs.name, [])]
        from game.ui.scenes.rules_help import common_lines

        return lines + common_lines()
    if page == "teyaku":
        return rule_words.teyaku_head(rs)
    if page == "yaku":
        if rs.active_count == 2 and rs.max_seats == 2:
            amounts = _("Amounts in mon, paid by the other player, under this game's options.")
        else:
            amounts = _("Amounts in mon from each opponent under this game's options.")
        combine = [] if rs.counts_card_points else rule_words.replace_lines(rs)
        return (rule_words.decide_lines(rs) + yaku_facts.round_yaku_lines(rs) + combine
                + [amounts])
    if page == "before":
        return rule_words.before_lines(rs)
    if page == "scoring":
        if not rs.counts_card_points:  # a round is scored by its stop alone (Koi-Koi)
            lines = [_(t) for t in SCORING_NOTES.get(rs.name, [])]
            lines += yaku_facts.round_end_lines(rs) + yaku_facts.doubling_lines(rs)
            if rs.rounds_planned:
                lines.append(_("The game lasts {n} rounds; the highest total wins.").format(
                    n=rs.rounds_planned))
            return lines
        lines = rule_words.card_point_lines(rs) + rule_words.hachi_lines(rs)
        lines += [_(t) for t in SCORING_NOTES.get(rs.name, [])]
        kan = rule_words.kan_line(rs)
        if kan:
            lines.append(kan)
        if rs.rounds_planned and not rule_words.hachi_lines(rs):
            lines.append(_("The game lasts {n} rounds; the highest total wins.").format(
                n=rs.rounds_planned))
        return lines + rule_words.special_lines(rs) + rule_words.achievement_lines(rs)
    if page == "glossary":
        lines = [f"{jp} {pgettext('reading', rd)} — {_(en)}" for key, (jp, rd, en)
                 in GLOSSARY.items() if rule_words.glossary_applies(rs, key)]
        if rs.decision_words == "koikoi":
            jp, rd, _en = TERMS["koikoi"]
            lines.insert(1, f"{jp} {pgettext('reading', rd)} — {_(KOI_GLOSSARY)}")
        named = [term(e.id) for e in rs.entries
                 if e.id in TERMS and not term(e.id).isascii()]  # the Japanese names
        if named:
            lines.append(_("What {game} pays for: {names}.").format(game=_(rs.title),
                                                                   names="; ".join(named)))
        return lines
    return []


def amount_words(rs: Ruleset, c: Combo) -> str:
    """'20 kan · 240 mon' where the engine states the amount in kan, '50 mon' otherwise."""
    return rule_words.entry_amount(rs, c.id, c.value)


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
        self.page = page if page in page_ids(self.rs) else "cards"
        self.scroll = 0
        self._max_scroll = 0
        self._view_h = 400  # the page area's height, known once drawn
        self.tabs: list[tuple[pygame.Rect, str]] = []
        self.ruleset_tabs: list[tuple[pygame.Rect, str]] = []
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        # what was drawn, for the contract test: combination id -> its cards on the page
        self.drawn: dict[str, list[str]] = {}
        self.cells: dict[str, pygame.Rect] = {}  # combination id -> its cell, page coords
        self.parts: dict[str, list[pygame.Rect]] = {}  # id -> what its cell drew (on screen)
        # the cards page: card id -> (its month's cell, each line drawn beside it), on screen
        self.card_parts: dict[str, tuple[pygame.Rect, list[tuple[str, pygame.Rect]]]] = {}

    @property
    def pages(self) -> tuple[str, ...]:
        return page_ids(self.rs)

    # input
    def set_page(self, page: str) -> None:
        self.page, self.scroll = page, 0
        self.drawn, self.cells, self.parts = {}, {}, {}

    def step_page(self, d: int) -> None:
        pages = self.pages
        i = pages.index(self.page) if self.page in pages else 0
        self.set_page(pages[(i + d) % len(pages)])

    def set_ruleset(self, name: str) -> None:
        self.rs = resolve(name)
        self.set_page(self.page if self.page in self.pages else "cards")

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
        for pid in self.pages:
            label = page_title(pid)
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
        self.parts = {}  # this frame's cells only
        y = self._draw_lines(s, y0, page_text(self.rs, self.page), body)
        if self.page == "cards":
            return y + self._draw_cards(s, y0 + y, body, small)
        if self.page in PAGE_CATEGORY:
            return y + self._draw_combos(s, y0 + y, body, small, PAGE_CATEGORY[self.page])
        return y

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
        """The deck by month, each card beside its name, kind, points and yaku (issue 45:
        words before numbers); fewer months a row when the words need the room."""
        months = card_rows(self.rs)
        need = max(theme.text_width(t, small if role == "yaku" else body, role == "name")
                   for m in months for r in m for t, role in card_words(r) if role != "note")
        cols = 3 if s.get_width() < 1500 else 4
        while cols > 1 and self._deck_card_w((s.get_width() - 16 * (cols - 1)) // cols) \
                + 10 + need > (s.get_width() - 16 * (cols - 1)) // cols:
            cols -= 1

        def height(cw: int, month: list[CardRow]) -> int:
            w = self._deck_card_w(cw)
            return self._head_h(body) + sum(
                self._card_row_h(w, self._card_text(row, cw - w - 10, body, small))
                for row in month)

        def one(surf: pygame.Surface, r: pygame.Rect, month: list[CardRow]) -> None:
            m = CARD_IDS.index(month[0].card) // 4
            theme.blit_text(surf, _("{n}. {month}").format(n=m + 1, month=_(MONTH_NAMES[m])),
                            body, (r.x, r.y), theme.GOLD, True)
            w = self._deck_card_w(r.w)
            y = r.y + self._head_h(body)
            for row in month:
                lines = self._card_text(row, r.w - w - 10, body, small)
                renderer().draw(surf, row.card, (r.x, y), w)
                parts, ty = [], y
                for text, size, colour, bold in lines:
                    parts.append((text, theme.blit_text(surf, text, size, (r.x + w + 10, ty),
                                                        colour, bold)))
                    ty += self._line_h(size)
                self.card_parts[row.card] = (r.move(0, 0), parts)
                y += self._card_row_h(w, lines)

        self.card_parts = {}
        return self._grid(s, y0, cols, months, height, one)

    @staticmethod
    def _deck_card_w(cw: int) -> int:
        """A card on the cards page: large enough to know it again at the table."""
        return max(40, min(72, cw // 6))

    def _card_text(self, row: CardRow, width: int, body: int,
                   small: int) -> list[tuple[str, int, tuple, bool]]:
        """A card's words wrapped to `width`: (text, size, colour, bold) a line."""
        look = {"name": (body, theme.TEXT, True), "facts": (small, theme.TEXT, False),
                "yaku": (small, theme.MATCH, False), "note": (small, theme.TEXT_DIM, False)}
        out: list[tuple[str, int, tuple, bool]] = []
        sep = pgettext("list", ", ")
        for text, role in card_words(row):
            size, colour, bold = look[role]
            if role == "yaku" and out and out[-1][2] == colour and \
                    theme.text_width(out[-1][0] + sep + text, size) <= width:
                out[-1] = (out[-1][0] + sep + text, size, colour, bold)  # joins the list
                continue
            if role == "yaku" and out and out[-1][2] == colour:
                out[-1] = (out[-1][0] + sep.rstrip(), size, colour, bold)
            out += [(part, size, colour, bold) for part in theme.wrap(text, size, width, bold)]
        return out

    def _card_row_h(self, w: int, lines: list[tuple[str, int, tuple, bool]]) -> int:
        return max(card_height(w), sum(self._line_h(size) for _t, size, _c, _b in lines)) + 8

    def _cell(self, cw: int, c: Combo, body: int, small: int) -> tuple[bool, list[str],
                                                                          list[list[str]], int]:
        """A combination's cell at width cw: (amount below the name?, its words wrapped,
        its cards in rows, the cell's height)."""
        crowded = theme.text_width(term(c.id), body, True) + 16 + \
            theme.text_width(amount_words(self.rs, c), body, True) > cw
        lines = [part for w in c.words for part in theme.wrap(w, small, cw)]
        cards = c.example or c.cards
        w = self._card_w(cw)
        per_row = max(1, (cw + 4) // (w + 4) - (1 if c.example else 0))  # room for gaps
        rows = [cards[i:i + per_row] for i in range(0, len(cards), per_row)]
        h = self._head_h(body) * (2 if crowded else 1) + len(lines) * self._line_h(small)
        h += len(rows) * (card_height(w) + 6) + 6
        return crowded, lines, rows, h

    @staticmethod
    def _line_h(size: int) -> int:
        """A line of words: its font's own height at least (Japanese is taller)."""
        return max(round(size * 1.35), fonts.text_size("Ág字", size)[1] + 1)

    @classmethod
    def _head_h(cls, body: int) -> int:
        return max(round(body * 1.5), cls._line_h(body))

    @staticmethod
    def _card_w(cw: int) -> int:
        return max(26, min(64, (cw - 10) // 10))

    def _draw_combos(self, s: pygame.Surface, y0: int, body: int, small: int,
                     cat: Category) -> int:
        items = [c for c in combos(self.rs) if c.category == cat]
        cols = 2  # a name, its amount and up to ten cards side by side
        lh = self._line_h(small)

        def height(cw: int, c: Combo) -> int:
            return self._cell(cw, c, body, small)[3]

        def one(surf: pygame.Surface, r: pygame.Rect, c: Combo) -> None:
            crowded, lines, rows, _h = self._cell(r.w, c, body, small)
            self.cells[c.id] = pygame.Rect(r.x, r.y + self.scroll, r.w, r.h)
            pygame.draw.line(surf, theme.PANEL_LINE, (r.x, r.bottom + 7), (r.right, r.bottom + 7))
            amount = amount_words(self.rs, c)
            parts = [theme.blit_text(surf, theme.fit(term(c.id), body, r.w, True), body,
                                     (r.x, r.y), theme.TEXT, True)]
            y = r.y + self._head_h(body)
            if crowded:
                parts.append(theme.blit_text(surf, theme.fit(amount, body, r.w, True), body,
                                             (r.x, y), theme.GOLD, True))
                y += self._head_h(body)
            else:
                parts.append(theme.blit_text(surf, amount, body, (r.right, r.y), theme.GOLD,
                                             True, "topright"))
            for line in lines:
                parts.append(theme.blit_text(surf, line, small, (r.x, y), theme.TEXT_DIM))
                y += lh
            w = self._card_w(r.w)
            shown = []
            for row in rows:
                x, last = r.x, None
                for cid in row:
                    month = CARD_IDS.index(cid) // 4
                    if c.example and last is not None and month != last:
                        x += w // 3  # the example hand grouped by month
                    renderer().draw(surf, cid, (x, y), w)
                    parts.append(pygame.Rect(x, y, w, card_height(w)))
                    shown.append(cid)
                    x += w + 4
                    last = month
                y += card_height(w) + 6
            self.drawn[c.id] = shown
            self.parts[c.id] = parts

        y = self._draw_heading(s, y0, category_term(cat), body)
        return y + self._grid(s, y0 + y, cols, items, height, one)

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
