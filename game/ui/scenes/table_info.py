"""The card info popover at the table (TABLE.md §6.1; issue 23, minor 4): right-click a face-up
card, or press I on the focused (or hovered) card; Esc, a click elsewhere or I again closes
it. Opened from the keyboard, it follows the focus as ←/→ move it.

Kept apart from table.py, which builds a `CardInfoPopover` and calls its `key` and `draw`. The
words and the drawing are game.ui.card_info's; the facts the engine's (game.engine.cardinfo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui import theme
from game.ui.card_info import draw_popover, info_lines, is_visible
from game.ui.intents import Intent

if TYPE_CHECKING:
    from game.ui.layout import Layout
    from game.ui.scenes.table_context import TableContext
    from game.ui.scenes.table_hints import TableHints
    from game.ui.scenes.table_input import TableInput

FOLLOW = (Intent.LEFT, Intent.RIGHT, Intent.UP, Intent.DOWN, Intent.NEXT_REGION,
          Intent.PREV_REGION)


class CardInfoPopover:
    """The open popover: which card, opened by mouse or key, and where it was drawn."""

    def __init__(self, ctx: TableContext, input_: TableInput, hints: TableHints) -> None:
        self.ctx, self.input, self.hints = ctx, input_, hints
        self.card: str | None = None  # the card whose popover is open
        self.source = ""  # "mouse" or "key" (a popover opened by key follows the focus)
        self.rect: pygame.Rect | None = None  # where it was drawn last frame

    def shown(self) -> str | None:
        """The card whose popover is open, or None."""
        return self.card

    def open_for(self, card: str, source: str) -> None:
        self.card, self.source = card, source

    def close(self) -> None:
        self.card = None
        self.rect = None

    def focused_card(self) -> str | None:
        """The card the keyboard focus is on (hand or candidates), else the hovered card."""
        table = self.ctx
        inp = self.input
        if inp.show_focus and inp.focus_i >= 0:
            items = inp.hand_cards() if inp.row == "hand" else (
                inp.candidates() if inp.row == "targets" else [])
            if items:
                return items[max(0, min(inp.focus_i, len(items) - 1))]
        hover = table.tv.hover_key
        return hover if is_visible(table.shown_view, hover) else None

    def key(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """Right-click on a face-up card and I open the popover; Esc, I, a click or any key
        that does not move the focus closes it (that key then acts as usual). True when
        consumed."""
        info = self.card
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            card = self.input.card_at(event.pos)
            if card is not None and is_visible(self.ctx.shown_view, card):
                self.open_for(card, "mouse")
                return True
            if info:
                self.close()  # and a selected card goes back to the hand as before
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and info:
            rect = self.rect
            self.close()
            return rect is not None and rect.collidepoint(event.pos)  # the click was on it
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_i and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT |
                                                         pygame.KMOD_META):
            self._key_i()
            return True
        if info is None:
            return False
        if intent is Intent.BACK:
            self.close()
            return True
        if intent not in FOLLOW:
            self.close()
        return False

    def _key_i(self) -> None:
        """I: the popover for the focused card, or closed; a note when no card is chosen."""
        card = self.focused_card()
        if self.card is not None and (card is None or card == self.card):
            self.close()
        elif card is not None:
            self.open_for(card, "key")
        else:
            self.hints.note(_("Choose a card first (its number key, or ←/→), then "
                                    "press I to see what it is worth here."))

    def draw(self, surface: pygame.Surface, L: Layout) -> None:
        """The open popover, beside its card (drawn last: over the log drawer and
        tooltips)."""
        card = self.card
        if not card:
            return
        table = self.ctx
        if self.source == "key":  # opened from the keyboard: it follows the focus
            now = self.focused_card()
            if now is not None and now != card:
                card = now
                self.open_for(card, self.source)
        rect = table.tv.card_rects.get(card)
        if rect is None or not is_visible(table.shown_view, card):
            self.close()
            return
        size = theme.size_of("small", L.window.h)
        self.rect = draw_popover(surface, rect, info_lines(table.session.rs, card), size)
