"""Cues about the game being played (issue 23, minor 13; TABLE.md §11), kept apart from
table.py, which builds a `TableCues` and calls its `title`, `update` and `draw`:

- the top bar names the game with what sets it apart: the curriculum tier badge ("Tier 4 ·
  Continuing (sage)"), Hachi's month-sum capture rule (hover it: which months each month
  takes), Nuki's card-point target (106 of the deck's 211);
- Nuki's missing months are marked in their field slots ("not in this deck");
- Hachi's agari progress stands in the prompt row (table_hints draws it with the phase line);
- a curriculum game opens with its tier's "New in this tier" card.

Every number and id comes from the engine (game.engine.cues, the ruleset, the view).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.cues import (
    agari_goal,
    card_point_target,
    deck_points,
    missing_months,
    partner_months,
    tier_additions,
)
from game.engine.rulesets.curriculum import TIER_NAMES, TIER_PRACTICE
from game.engine.vocab import CaptureRule
from game.i18n import N_, _, pgettext
from game.play.narrate import joined
from game.play.terms import month_word, term
from game.ui import theme
from game.ui.buttons import Button
from game.ui.scenes.overlay import OverlayScene

if TYPE_CHECKING:
    from game.ui.layout import Layout
    from game.ui.scenes.table_context import TableContext, TableVerbs

# the capture rule, as the top bar says it (the rule's full text is in the rules help)
RULE_CHIPS = {CaptureRule.MONTH_SUM: N_("takes month sums ending in 3 or 8")}
MOST_NEW = 4  # the "New in this tier" card names this many additions, then "and n more"


def month_table_lines(rs: object) -> list[str]:
    """Hachi's mini table: each month and the months its cards take."""
    return [_("{month} ({n}) takes {months}").format(
        month=month_word(m + 1), n=m + 1, months=joined(str(t) for t in takes))
        for m, takes in enumerate(partner_months(rs))]


class TableCues:
    """The game's own cues at the table; holds where the month table popover was drawn."""

    def __init__(self, ctx: TableContext, verbs: TableVerbs) -> None:
        self.ctx, self.verbs = ctx, verbs
        self.rule_popover: pygame.Rect | None = None  # Hachi's month table, as last drawn

    def title(self) -> str:
        """The game's name in the top bar, with its cues: tier, capture rule, target."""
        rs = self.ctx.session.rs
        parts = [_(rs.title)]
        if self.ctx.trial:  # a "Try it" from the game review
            parts.insert(0, _("Try it"))
        tier = rs.tier
        if tier in TIER_NAMES:
            parts.append(_("Tier {n} · {name}").format(n=tier, name=_(TIER_NAMES[tier])))
        rule = rs.capture_rule
        if rule in RULE_CHIPS:
            parts.append(_(RULE_CHIPS[rule]))
        target = card_point_target(rs)
        if target is not None:
            parts.append(_("{points} of {total} pts wins").format(
                points=target, total=deck_points(rs)))
        return " · ".join(parts)

    def agari_line(self) -> str | None:
        """Hachi's agari progress for the prompt row: "Agari: Ana 0 · Ren 1 (2 to win) ·
        Ren: one more win by 20+ is an agari" (Ren won the last round decisively); None
        without agari."""
        table = self.ctx
        rs = table.session.rs
        goal = agari_goal(rs)
        v = table.shown_view
        if goal is None or not v.agari:
            return None
        names = table.session.names()
        scores = " · ".join(f"{names[s]} {n}" for s, n in enumerate(v.agari) if s < len(names))
        line = _("Agari: {scores} ({n} to win)").format(scores=scores, n=goal.agari)
        if v.streak is not None and 0 <= v.streak < len(names):
            line = _("{line} · {name}: one more win by {margin}+ is an agari").format(
                line=line, name=names[v.streak], margin=goal.margin)
        return line

    def title_rect(self, L: Layout) -> pygame.Rect | None:
        """Where the game's name stands in the top bar (after the menu button)."""
        menu = self.ctx.tv.top_buttons.get("pause")
        if menu is None:
            return None
        size = theme.size_of("body", L.window.h)
        w = theme.text_width(self.title(), size)
        return pygame.Rect(menu.right + 12, L.top_bar.y, w, L.top_bar.h)

    def draw(self, surface: pygame.Surface, L: Layout) -> None:
        """Nuki's missing months in their slots; Hachi's month table while the title is
        hovered."""
        rs = self.ctx.session.rs
        small = theme.size_of("small", L.window.h)
        for m in missing_months(rs):
            _shade_slot(surface, L, L.slots[m - 1], small)
        if rs.capture_rule in RULE_CHIPS:
            rect = self.title_rect(L)
            if rect is not None and rect.collidepoint(self.ctx.tv.mouse):
                from game.ui.card_info import draw_popover

                lines = [(_("Which months a card takes"), theme.GOLD, True)] + [
                    (x, theme.TEXT, False) for x in month_table_lines(rs)]
                self.rule_popover = draw_popover(surface, rect, lines, small, below=True,
                                                 closes=False)

    def update(self) -> None:
        """Open the tier card once, when a new curriculum game with a human starts (not a
        continued one, not the guided game, whose tour teaches tier 1)."""
        table = self.ctx
        session = table.session
        rs = session.rs
        if (rs.tier is None or session.tier_card_shown or not session.humans
                or session.past_events or session.guided_stop
                or session.st.rounds_played or session.st.history):
            return
        session.tier_card_shown = True
        if rs.tier in TIER_NAMES and self.verbs.on_top():
            table.app.stack.push(TierCardScene(table.app, rs.tier))


def _shade_slot(surface: pygame.Surface, L: Layout, slot: pygame.Rect, small: int) -> None:
    """A month missing from the deck: its field slot shaded and crossed, "not in this deck"
    as large as the slot allows, whole words only (else the cross alone)."""
    words = _("not in this deck")
    r = pygame.Rect(slot.x, slot.y, L.field_w, slot.h)
    shade = pygame.Surface(r.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 70))
    surface.blit(shade, r)
    pygame.draw.line(surface, theme.TEXT_DIM, r.topleft, r.bottomright, 1)
    tiny = max(9, min(round(small * 0.75), r.w // 5))
    if max(theme.text_width(w, tiny) for w in words.split()) > r.w - 4:
        return
    y = r.bottom - 4
    for part in reversed(theme.wrap(words, tiny, r.w - 4)[:3]):
        theme.blit_text(surface, part, tiny, (r.centerx, y), theme.TEXT, False, "midbottom")
        y -= round(tiny * 1.2)


# --- the "New in this tier" card ------------------------------------------------------
class TierCardScene(OverlayScene):
    """A curriculum game's first screen (TABLE.md §11): what the tier adds, in the engine's
    words (its catalogue's new ids, the curriculum's tier name and practice line)."""

    name = "tier_card"
    width_frac = 0.6

    def __init__(self, app, tier: int) -> None:  # noqa: ANN001
        self.tier = tier
        super().__init__(app, *self.content())

    def body_height(self, width: int, size: int) -> int:
        """The text, and the title's lines past its first (the box leaves room for one)."""
        H = self.app.screen.get_height()
        head = theme.size_of("heading", H)
        extra = len(theme.wrap(self.title, head, width, True)) - 1
        return super().body_height(width, size) + max(0, extra) * round(head * 1.35)

    def content(self) -> tuple[str, list[str], list[Button]]:
        t = self.tier
        lines = []
        added = [i for i in tier_additions(t) if i != "card_points" or t == 1]
        if added:
            named = joined(term(i) for i in added[:MOST_NEW])
            if len(added) > MOST_NEW:
                named = _("{items} and {n} more").format(items=named, n=len(added) - MOST_NEW)
            lines.append(_("It adds: {items}.").format(items=named))
        lines.append(_("Practise: {what}.").format(what=_(TIER_PRACTICE[t])))
        return (_("Tier {n} · New in this tier: {name}").format(n=t, name=_(TIER_NAMES[t])),
                lines, [Button(pgettext("button", "Play"), self.close, "primary")])
