"""What sits around the cards of the table scene: the log drawer and its scrolling, the top-bar
buttons, the Inspect shortcut, the strip that shows a choice's candidates, card tooltips.

Kept out of `table.py` so that scene stays a wiring of parts. `TableChrome` reads only what
the table shows (its view, model, layout) and holds no state of its own: the view state that
must outlive a scene (drawer open, log scroll, which overlay is docked) lives on the table's
`TableView`, so the teyaku reveal, which sits on top of the table, can use the same keys
(`TeyakuScene` calls `global_input` and `draw_top`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.cards import INDEX
from game.i18n import _
from game.play.terms import card_name
from game.ui.intents import Intent
from game.ui.layout import Layout

if TYPE_CHECKING:
    from game.ui.scenes.table_context import TableContext, TableVerbs
    from game.ui.scenes.table_info import CardInfoPopover
    from game.ui.scenes.table_input import TableInput
    from game.ui.scenes.table_stage import TableStage

TOOLTIP_AFTER = 0.5  # seconds of hover before a card's name shows (TABLE.md §6.1)
WHEEL_LINES = 3


def choice_w(L: Layout) -> int:
    """Candidates are shown a little larger than hand cards: they are being read."""
    return round(L.hand_w * 1.2)


class TableChrome:
    """The log drawer, the top bar's buttons, Inspect, the choice strip and tooltips."""

    def __init__(self, ctx: TableContext, verbs: TableVerbs, stage: TableStage,
                 input_: TableInput, card_info: CardInfoPopover) -> None:
        self.ctx, self.verbs = ctx, verbs
        self.stage, self.input, self.card_info = stage, input_, card_info

    # --- docking ---------------------------------------------------------------------
    def needs_dock(self) -> bool:
        """True while something docked must have the panel rect: the teyaku reveal or a
        choice between candidates (the decision panel asks for it itself)."""
        return self.ctx.tv.dock is not None or bool(self.input.candidates())

    def panel_rects(self, L: Layout) -> tuple[pygame.Rect | None, pygame.Rect | None]:
        """(choice strip, decision panel) inside the docked panel rect; the strip takes the
        top when both show (a sage player may cancel or play a card that has two
        candidates)."""
        if L.panel is None:
            return None, None
        table = self.ctx
        cands = self.input.candidates()
        if not cands:
            return None, L.panel
        if not table.panel.visible:
            return L.panel, None
        h = min(round(L.panel.h * 0.6),
                table.tv.choice_height(L.panel.w, len(cands), L.window.h, choice_w(L)))
        top = pygame.Rect(L.panel.x, L.panel.y, L.panel.w, h)
        rest = pygame.Rect(L.panel.x, top.bottom + 6, L.panel.w,
                           L.panel.bottom - top.bottom - 6)
        return top, rest

    def choice_title(self) -> str:
        """'Ribbon or chaff?' style titles are the lead's words; this one names the card
        that takes, so the strip reads on its own: 'Your Maple ribbon takes: 1–2'."""
        table = self.ctx
        n = len(self.input.candidates())
        model = table.tv.model
        if table.shown_view.phase == "take" and model is not None and model.reveal:
            return _("Drawn {card} takes: 1–{n}").format(card=card_name(model.reveal), n=n)
        if self.input.selected is not None:
            return _("Your {card} takes: 1–{n}").format(card=card_name(self.input.selected),
                                                        n=n)
        return _("Choose a card: 1–{n}").format(n=n)

    def draw_choice(self, surface: pygame.Surface, L: Layout) -> None:
        """The candidates whole, side by side, numbered and named, in the docked strip."""
        tv, inp = self.ctx.tv, self.input
        rect, _strip = self.panel_rects(L)
        cands = inp.candidates()
        tv.choice_rects = {}
        if rect is None or not cands:
            return
        focus = None
        if inp.show_focus and inp.row == "targets":
            focus = max(0, min(inp.focus_i, len(cands) - 1))
        tv.choice_rects = tv.draw_choice(surface, rect, cands, focus, self.choice_title(),
                                         L.window.h, choice_w(L))

    # --- drawer, log, tooltip ----------------------------------------------------------
    def draw_top(self, surface: pygame.Surface, L: Layout) -> None:
        """Drawn last: the log drawer (when open) and a hovered card's name."""
        table = self.ctx
        tv = table.tv
        if L.sidebar is not None:
            tv.drawer_open = False
        if tv.drawer_open and L.drawer is not None and self.stage.seating is not None:
            tv.draw_sidebar(surface, L, self.verbs.info(), self.stage.seating, 0, tv.log_scroll,
                            L.drawer)
        key = tv.hover_key
        if (key in INDEX and self.ctx.app.now() - tv.hover_since >= TOOLTIP_AFTER
                and key in tv.card_rects and tv.card_rects[key].collidepoint(tv.mouse)
                and not (tv.drawer_open and L.drawer and L.drawer.collidepoint(tv.mouse))
                and self.card_info.shown() is None):  # the popover says it all
            from game.ui.card_info import is_visible, tooltip_text

            if is_visible(table.shown_view, key):  # a face-down card is never named
                tv.draw_tooltip(surface, tooltip_text(table.session.rs, key), tv.mouse,
                                L.window.h)

    def scroll_log(self, lines: int) -> None:
        """Scroll the log back (positive) or forward; it stays where the reader left it."""
        tv = self.ctx.tv
        tv.log_scroll = max(0, min(tv.log_max_scroll, tv.log_scroll + lines))

    def _page(self) -> int:
        from game.ui import theme

        small = theme.size_of("small", self.ctx.app.screen.get_height())
        return max(1, self.ctx.tv.log_rect.h // max(1, round(small * 1.35)) - 2)

    def _log_shown(self) -> bool:
        L = self.stage.layout
        return L is not None and (L.sidebar is not None or self.ctx.tv.drawer_open)

    # --- input -------------------------------------------------------------------------
    def open_inspect(self) -> None:
        self.verbs.open_inspect()

    def open_help(self) -> None:
        """F1: the reference page for what is on screen: the teyaku reveal's page while it
        is up, a decision panel's (sage/shoubu: the yaku; join/drop, mizuten, swap: before
        play), else how a turn goes."""
        from game.ui.scenes.reference import page_for
        from game.ui.scenes.rules_help import RulesHelpScene

        table = self.ctx
        rs = table.session.rs
        if table.tv.dock == "teyaku":
            situation = "teyaku"
        else:
            key = table.panel._key if table.panel.visible else None
            situation = key[1] if key else None
        table.app.stack.push(RulesHelpScene(table.app, rs, page_for(rs, situation)))

    def press_top_button(self, name: str) -> None:
        table = self.ctx
        if name == "pause":
            self.verbs.open_pause()
        elif name == "help":
            self.open_help()
        elif name == "log":
            table.tv.drawer_open = not table.tv.drawer_open
        elif name == "undo":
            self.verbs.undo()
        else:
            from game.ui.scenes.settings_menu import SettingsScene

            table.app.stack.push(SettingsScene(table.app))

    def capture_area_at(self, pos: tuple[int, int]) -> bool:
        """Is `pos` on a capture row (own strip or an opponent's groups)?"""
        from game.ui.model import opponent_parts

        L, seat = self.stage.layout, self.stage.seating
        if L is None or seat is None:
            return False
        if L.captures.collidepoint(pos):
            return True
        if seat.phase != "play":
            return False
        return any(opponent_parts(r, L)[2].collidepoint(pos) for r in L.opponents)

    def global_input(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """Keys and clicks that work in every state of the table, also while the teyaku
        reveal is docked over it: the top-bar buttons, F1, L (log drawer), C (Inspect), the
        log's wheel and PgUp/PgDn, Escape closing an open drawer. True when consumed."""
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            return self._wheel(event.y)
        if event.type == pygame.KEYDOWN:
            return self._key(event, intent)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5):
            return self._log_shown() and self.ctx.tv.log_rect.collidepoint(event.pos)
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        tv = self.ctx.tv
        tv.mouse = pos
        key = self.input.card_at(pos)
        if key != tv.hover_key:
            tv.hover_key, tv.hover_since = key, self.ctx.app.now()

    def _wheel(self, y: int) -> bool:
        if self._log_shown() and self.ctx.tv.log_rect.collidepoint(self.ctx.tv.mouse):
            self.scroll_log(WHEEL_LINES * y)
            return True
        return False

    def _key(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        tv = self.ctx.tv
        if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            if self._log_shown():
                self.scroll_log(self._page() * (1 if event.key == pygame.K_PAGEUP else -1))
                return True
            return False
        if intent is Intent.LOG:
            L = self.stage.layout
            if L is not None and L.sidebar is None:
                tv.drawer_open = not tv.drawer_open
            return True
        if intent is Intent.HELP:
            self.open_help()
            return True
        if event.key == pygame.K_c and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            self.open_inspect()
            return True
        if intent is Intent.BACK and tv.drawer_open:
            tv.drawer_open = False
            return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        table = self.ctx
        tv = table.tv
        for name, rect in tv.top_buttons.items():
            if rect.collidepoint(pos):
                self.press_top_button(name)
                return True
        L = self.stage.layout
        if tv.drawer_open and L is not None and L.drawer and L.drawer.collidepoint(pos):
            return True  # the drawer is on top: clicks never reach the cards below
        cands = self.input.candidates()
        for card, rect in tv.choice_rects.items():
            if rect.collidepoint(pos) and card in cands:
                self.input.choose_target(card)
                return True
        if self.capture_area_at(pos) and self.input.card_at(pos) not in cands:
            self.open_inspect()
            return True
        return False
