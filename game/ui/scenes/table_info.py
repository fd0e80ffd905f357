"""The card info popover at the table (TABLE.md §6.1; issue 23, minor 4): right-click a face-up
card, or press I on the focused (or hovered) card; Esc, a click elsewhere or I again closes
it. Opened from the keyboard, it follows the focus as ←/→ move it.

Kept apart from table.py, which only calls `key` and `draw`. The words and the drawing are
game.ui.card_info's; the facts the engine's (game.engine.cardinfo).
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
    from game.ui.scenes.table import TableScene

FOLLOW = (Intent.LEFT, Intent.RIGHT, Intent.UP, Intent.DOWN, Intent.NEXT_REGION,
          Intent.PREV_REGION)


def shown(table: TableScene) -> str | None:
    """The card whose popover is open, or None."""
    info = getattr(table, "_card_info", None)
    return info[0] if info else None


def open_for(table: TableScene, card: str, source: str) -> None:
    table._card_info = (card, source)


def close(table: TableScene) -> None:
    table._card_info = None
    table._card_info_rect = None


def focused_card(table: TableScene) -> str | None:
    """The card the keyboard focus is on (hand or candidates), else the hovered card."""
    if table.show_focus and table.focus_i >= 0:
        items = table._hand_cards() if table.row == "hand" else (
            table.candidates() if table.row == "targets" else [])
        if items:
            return items[max(0, min(table.focus_i, len(items) - 1))]
    hover = table.tv.hover_key
    return hover if is_visible(table.shown_view, hover) else None


def key(table: TableScene, event: pygame.event.Event, intent: Intent | None) -> bool:
    """Right-click on a face-up card and I open the popover; Esc, I, a click or any key that
    does not move the focus closes it (that key then acts as usual). True when consumed."""
    info = shown(table)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        card = table._card_at(event.pos)
        if card is not None and is_visible(table.shown_view, card):
            open_for(table, card, "mouse")
            return True
        if info:
            close(table)  # and a selected card goes back to the hand as before
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and info:
        rect = getattr(table, "_card_info_rect", None)
        close(table)
        return rect is not None and rect.collidepoint(event.pos)  # the click was on it
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_i and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT |
                                                     pygame.KMOD_META):
        card = focused_card(table)
        if info is not None and (card is None or card == info):
            close(table)
        elif card is not None:
            open_for(table, card, "key")
        else:
            from game.ui.scenes import table_hints

            table_hints.note(table, _("Choose a card first (its number key, or ←/→), then "
                                      "press I to see what it is worth here."))
        return True
    if info is None:
        return False
    if intent is Intent.BACK:
        close(table)
        return True
    if intent not in FOLLOW:
        close(table)
    return False


def draw(table: TableScene, surface: pygame.Surface, L: Layout) -> None:
    """The open popover, beside its card (drawn last: over the log drawer and tooltips)."""
    info = getattr(table, "_card_info", None)
    if not info:
        return
    card, source = info
    if source == "key":  # opened from the keyboard: it follows the focus
        now = focused_card(table)
        if now is not None and now != card:
            card = now
            open_for(table, card, source)
    rect = table.tv.card_rects.get(card)
    if rect is None or not is_visible(table.shown_view, card):
        close(table)
        return
    size = theme.size_of("small", L.window.h)
    table._card_info_rect = draw_popover(surface, rect, info_lines(table.session.rs, card),
                                         size)
