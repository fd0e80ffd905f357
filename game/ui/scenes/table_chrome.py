"""What sits around the cards of the table scene: the log drawer and its scrolling, the top-bar
buttons, the Inspect shortcut, the strip that shows a choice's candidates, card tooltips.

Kept out of `table.py` so that scene stays a wiring of parts. Every function takes the
`TableScene` and reads only what it shows (its view, model, layout); the view state that must
outlive a scene (drawer open, log scroll, which overlay is docked) lives on its `TableView`,
so the teyaku reveal, which sits on top of the table, can use the same keys.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import INDEX
from game.i18n import _
from game.ui.intents import Intent
from game.ui.layout import Layout
from game.ui.terms import card_name

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene

TOOLTIP_AFTER = 0.5  # seconds of hover before a card's name shows (TABLE.md §6.1)
WHEEL_LINES = 3


# --- docking -------------------------------------------------------------------------
def needs_dock(table: TableScene) -> bool:
    """True while something docked must have the panel rect: the teyaku reveal or a
    choice between candidates (the decision panel asks for it itself)."""
    return table.tv.dock is not None or bool(table.candidates())


def panel_rects(table: TableScene, L: Layout) -> tuple[pygame.Rect | None, pygame.Rect | None]:
    """(choice strip, decision panel) inside the docked panel rect; the strip takes the top
    when both show (a sage player may cancel or play a card that has two candidates)."""
    if L.panel is None:
        return None, None
    cands = table.candidates()
    if not cands:
        return None, L.panel
    if not table.panel.visible:
        return L.panel, None
    h = min(round(L.panel.h * 0.6),
            table.tv.choice_height(L.panel.w, len(cands), L.window.h, choice_w(L)))
    top = pygame.Rect(L.panel.x, L.panel.y, L.panel.w, h)
    rest = pygame.Rect(L.panel.x, top.bottom + 6, L.panel.w, L.panel.bottom - top.bottom - 6)
    return top, rest


def choice_w(L: Layout) -> int:
    """Candidates are shown a little larger than hand cards: they are being read."""
    return round(L.hand_w * 1.2)


def choice_title(table: TableScene) -> str:
    """'Ribbon or chaff?' style titles are the lead's words; this one names the card that
    takes, so the strip reads on its own: 'Your Maple ribbon takes: 1–2'."""
    n = len(table.candidates())
    model = table.tv.model
    if table.shown_view.phase == "take" and model is not None and model.reveal:
        return _("Drawn {card} takes: 1–{n}").format(card=card_name(model.reveal), n=n)
    if table.selected is not None:
        return _("Your {card} takes: 1–{n}").format(card=card_name(table.selected), n=n)
    return _("Choose a card: 1–{n}").format(n=n)


def draw_choice(table: TableScene, surface: pygame.Surface, L: Layout) -> None:
    """The candidates whole, side by side, numbered and named, in the docked strip."""
    rect, _strip = panel_rects(table, L)
    cands = table.candidates()
    table.tv.choice_rects = {}
    if rect is None or not cands:
        return
    focus = None
    if table.show_focus and table.row == "targets":
        focus = max(0, min(table.focus_i, len(cands) - 1))
    table.tv.choice_rects = table.tv.draw_choice(surface, rect, cands, focus,
                                                 choice_title(table), L.window.h, choice_w(L))


def reflow(table: TableScene, dt: float) -> None:
    """For an overlay docked over the frozen table: keep its motions running and move the
    cards when the layout changed (the field makes room for the dock)."""
    table.tv.anim.update(dt)
    table.current_layout()
    if table._layout_key != getattr(table, "_placed_key", None):
        table._placed_key = table._layout_key
        table._retarget(0.18)


# --- drawer, log, tooltip --------------------------------------------------------------
def draw_top(table: TableScene, surface: pygame.Surface, L: Layout) -> None:
    """Drawn last: the log drawer (when open) and a hovered card's name."""
    tv = table.tv
    if L.sidebar is not None:
        tv.drawer_open = False
    if tv.drawer_open and L.drawer is not None and table._seating is not None:
        tv.draw_sidebar(surface, L, table._info(), table._seating, 0, tv.log_scroll,
                        L.drawer)
    key = tv.hover_key
    if (key in INDEX and time.monotonic() - tv.hover_since >= TOOLTIP_AFTER
            and key in tv.card_rects and tv.card_rects[key].collidepoint(tv.mouse)
            and not (tv.drawer_open and L.drawer and L.drawer.collidepoint(tv.mouse))
            and not getattr(table, "_card_info", None)):  # the popover says it all
        from game.ui.card_info import is_visible, tooltip_text

        if is_visible(table.shown_view, key):  # a face-down card is never named
            tv.draw_tooltip(surface, tooltip_text(table.session.rs, key), tv.mouse, L.window.h)


def scroll_log(table: TableScene, lines: int) -> None:
    """Scroll the log back (positive) or forward; it stays where the reader left it."""
    tv = table.tv
    tv.log_scroll = max(0, min(tv.log_max_scroll, tv.log_scroll + lines))


def _page(table: TableScene) -> int:
    from game.ui import theme

    small = theme.size_of("small", table.app.screen.get_height())
    return max(1, table.tv.log_rect.h // max(1, round(small * 1.35)) - 2)


def _log_shown(table: TableScene) -> bool:
    L = table._layout
    return L is not None and (L.sidebar is not None or table.tv.drawer_open)


# --- input -----------------------------------------------------------------------------
def open_inspect(table: TableScene) -> None:
    from game.ui.scenes.inspect import InspectScene

    table.app.stack.push(InspectScene(table.app, table))


def open_help(table: TableScene) -> None:
    """F1: the reference page for what is on screen: the teyaku reveal's page while it is
    up, a decision panel's (sage/shoubu: the yaku; join/drop, mizuten, swap: before play),
    else how a turn goes."""
    from game.ui.scenes.reference import page_for
    from game.ui.scenes.rules_help import RulesHelpScene

    rs = table.session.rs
    if table.tv.dock == "teyaku":
        situation = "teyaku"
    else:
        key = table.panel._key if table.panel.visible else None
        situation = key[1] if key else None
    table.app.stack.push(RulesHelpScene(table.app, rs, page_for(rs, situation)))


def press_top_button(table: TableScene, name: str) -> None:
    if name == "pause":
        table.open_pause()
    elif name == "help":
        open_help(table)
    elif name == "log":
        table.tv.drawer_open = not table.tv.drawer_open
    elif name == "undo":
        table.undo()
    else:
        from game.ui.scenes.settings_menu import SettingsScene

        table.app.stack.push(SettingsScene(table.app))


def capture_area_at(table: TableScene, pos: tuple[int, int]) -> bool:
    """Is `pos` on a capture row (own strip or an opponent's groups)?"""
    from game.ui.model import opponent_parts

    L, seat = table._layout, table._seating
    if L is None or seat is None:
        return False
    if L.captures.collidepoint(pos):
        return True
    if seat.phase != "play":
        return False
    return any(opponent_parts(r, L)[2].collidepoint(pos) for r in L.opponents)


def global_input(table: TableScene, event: pygame.event.Event, intent: Intent | None) -> bool:
    """Keys and clicks that work in every state of the table, also while the teyaku reveal
    is docked over it: the top-bar buttons, F1, L (log drawer), C (Inspect), the log's
    wheel and PgUp/PgDn, Escape closing an open drawer. True when consumed."""
    tv = table.tv
    if event.type == pygame.MOUSEMOTION:
        tv.mouse = event.pos
        key = table._card_at(event.pos)
        if key != tv.hover_key:
            tv.hover_key, tv.hover_since = key, time.monotonic()
        return False
    if event.type == pygame.MOUSEWHEEL:
        if _log_shown(table) and tv.log_rect.collidepoint(tv.mouse):
            scroll_log(table, WHEEL_LINES * event.y)
            return True
        return False
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        if _log_shown(table):
            scroll_log(table, _page(table) * (1 if event.key == pygame.K_PAGEUP else -1))
            return True
        return False
    if intent is Intent.LOG:
        L = table._layout
        if L is not None and L.sidebar is None:
            tv.drawer_open = not tv.drawer_open
        return True
    if intent is Intent.HELP:
        open_help(table)
        return True
    if event.type == pygame.KEYDOWN and event.key == pygame.K_c and not event.mod & (
            pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
        open_inspect(table)
        return True
    if intent is Intent.BACK and tv.drawer_open:
        tv.drawer_open = False
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        for name, rect in tv.top_buttons.items():
            if rect.collidepoint(event.pos):
                press_top_button(table, name)
                return True
        L = table._layout
        if tv.drawer_open and L is not None and L.drawer and L.drawer.collidepoint(event.pos):
            return True  # the drawer is on top: clicks never reach the cards below
        for card, rect in tv.choice_rects.items():
            if rect.collidepoint(event.pos) and card in table.candidates():
                table.choose_target(card)
                return True
        if capture_area_at(table, event.pos) and table._card_at(event.pos) not in \
                table.candidates():
            open_inspect(table)
            return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
        return _log_shown(table) and tv.log_rect.collidepoint(event.pos)
    return False
