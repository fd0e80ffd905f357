"""The human's hands on the table: keys and clicks turned into choices (TABLE.md §6.2).

`TableInput` owns what input leaves behind between events: the focus row (hand, targets,
panel), the focused index, the selected hand card, the hovered card, whether the number keys
are in use (the hand cards then show them) and each hand card's number. It knows what the
human may choose now (`hand_cards`, `plays`, `candidates`, from the view's legal actions)
and turns a choice into an action for `TableScene.act`. `handle` is the table's whole
`process_event`: keys and clicks that belong to the log, the hints or the card popover go to
those parts first (TableChrome, TableHints, CardInfoPopover).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import CARD_IDS, INDEX
from game.ui.cards import CardState
from game.ui.intents import Intent, select_number

if TYPE_CHECKING:
    from game.ui.scenes.table_chrome import TableChrome
    from game.ui.scenes.table_context import TableContext, TableVerbs
    from game.ui.scenes.table_hints import TableHints
    from game.ui.scenes.table_info import CardInfoPopover
    from game.ui.scenes.table_stage import TableStage

# keys that reach their usual handlers while the table is still moving (others skip ahead)
WHILE_BUSY = (Intent.BACK, Intent.HELP, Intent.MUTE, Intent.FULLSCREEN)
ROW_KEYS = (Intent.UP, Intent.DOWN, Intent.NEXT_REGION, Intent.PREV_REGION)


class TableInput:
    """Focus, selection and hover at the table, and the choices they lead to."""

    def __init__(self, ctx: TableContext, verbs: TableVerbs, stage: TableStage,
                 hints: TableHints) -> None:
        self.ctx, self.verbs, self.stage, self.hints = ctx, verbs, stage, hints
        self.chrome: TableChrome | None = None  # wired once built (they call each other)
        self.card_info: CardInfoPopover | None = None
        self.selected: str | None = None  # the hand card whose target is being chosen
        self.row = "hand"  # keyboard focus row: hand, targets, panel
        self.focus_i = -1  # no hand card focused: the first number key only focuses
        self.show_focus = False  # the focus ring is drawn (the keyboard is in use)
        self.hover: str | None = None  # the card under the mouse
        self.keys_in_use = False  # the hand cards show their number keys (issue 23)
        self.numbers: dict[str, int] = {}  # each hand card's number key, kept while it stays
        self.ff_rect: pygame.Rect | None = None  # the sitting-out banner's button, as drawn
        self.hint_focused: tuple | None = None  # the decision whose hint Enter focused

    def wire(self, chrome: TableChrome, card_info: CardInfoPopover) -> None:
        """The two parts the input calls that call it too (built after it)."""
        self.chrome, self.card_info = chrome, card_info

    def reset(self) -> None:
        """A new turn starts unfocused, with nothing selected."""
        self.selected = None
        self.row = "hand"
        self.focus_i, self.show_focus = -1, False

    # --- what the human may choose ------------------------------------------------------
    def hand_cards(self) -> list[str]:
        """The face-up cards of the hand at the bottom, left to right."""
        m, seat = self.ctx.tv.model, self.stage.seating
        if m is None or seat is None:
            return []
        return [c for c in m.hands[seat.bottom] if c is not None]

    def hand_numbers(self) -> dict[str, int]:
        """The number key of each hand card, drawn on it: given left to right when a new
        hand shows and kept while cards leave, so a number stays on its card when a
        capture closes the hand up and a key always plays the card it is drawn on
        (issue 23). Undo brings a card back with its number."""
        hand = self.hand_cards()
        if not set(hand) <= set(self.numbers):
            self.numbers = {c: i + 1 for i, c in enumerate(hand)}
        return {c: self.numbers[c] for c in hand}

    def plays(self) -> dict[str, list[str]]:
        """Each playable hand card and the field cards it may take (a real choice each)."""
        table = self.ctx
        out: dict[str, list[str]] = {}
        for a in table.shown_view.legal if table.human_to_move() else ():
            if a.verb == PLAY:
                c = CARD_IDS[a.args[0]]
                out.setdefault(c, [])
                if len(a.args) == 2:
                    out[c].append(CARD_IDS[a.args[1]])
        return {c: self._distinct(ts) for c, ts in out.items()}

    def _distinct(self, cards: list[str]) -> list[str]:
        """Targets that are a real choice (the engine says which cards are interchangeable:
        two plain chaff of one month are never asked about)."""
        return [CARD_IDS[c] for c in self.ctx.session.rs.distinct(INDEX[t] for t in cards)]

    def candidates(self) -> list[str]:
        """The cards to choose between now: what the drawn card or the selected card may
        take; [] when there is no such choice."""
        table = self.ctx
        if not table.human_to_move():
            return []
        if table.shown_view.phase == "take":
            return self._distinct([CARD_IDS[a.args[0]] for a in table.shown_view.legal
                                   if a.verb == TAKE])
        if self.selected is not None:
            return self.plays().get(self.selected, [])
        return []

    def choose_card(self, card: str) -> None:
        """Play a hand card; with a choice of targets, select it and ask which."""
        plays = self.plays()
        table = self.ctx
        if card not in plays:
            table.app.audio.play("refuse")
            return
        if not plays[card]:
            self.verbs.act(Action(table.viewer, PLAY, (INDEX[card],)))
            return
        if len(plays[card]) == 1:  # the engine offers one target: nothing to ask
            self.verbs.act(Action(table.viewer, PLAY, (INDEX[card], INDEX[plays[card][0]])))
            return
        self.selected = card
        self.row = "targets"
        s = self.hints.current()  # the hint's target first, when it names one here
        self.focus_i = plays[card].index(s.target) if s is not None and s.card == card \
            and s.target in plays[card] else 0

    def choose_target(self, target: str) -> None:
        table = self.ctx
        if table.shown_view.phase == "take":
            self.verbs.act(Action(table.viewer, TAKE, (INDEX[target],)))
        elif self.selected is not None:
            self.verbs.act(Action(table.viewer, PLAY, (INDEX[self.selected], INDEX[target])))

    def rows(self) -> list[str]:
        """The focus rows there are now, in Tab order."""
        rows = []
        if self.hand_cards() and self.ctx.shown_view.phase == "play":
            rows.append("hand")
        if self.candidates():
            rows.append("targets")
        if self.ctx.panel.visible:
            rows.append("panel")
        return rows or ["hand"]

    def card_at(self, pos: tuple[int, int]) -> str | None:
        """The topmost card drawn at `pos`."""
        for key, rect in reversed(list(self.ctx.tv.card_rects.items())):
            if rect.collidepoint(pos):
                return key
        return None

    # --- what the cards show ----------------------------------------------------------
    def states(self) -> dict[str, CardState]:
        """Each marked card's state: the candidates, the selection, the focus or the
        hovered hand card with the field cards it would take, the advisor's suggestion."""
        states: dict[str, CardState] = {}
        if not self.ctx.human_to_move():
            return states
        hand = self.hand_cards()
        cands = self.candidates()
        for c in cands:
            states[c] = CardState.MATCH
        if self.selected:
            states[self.selected] = CardState.SELECTED
        focus_card = None
        if self.show_focus and self.row == "hand" and hand and self.focus_i >= 0:
            focus_card = hand[min(self.focus_i, len(hand) - 1)]
        elif self.show_focus and self.row == "targets" and cands:
            states[cands[max(0, min(self.focus_i, len(cands) - 1))]] = CardState.FOCUS
        probe = focus_card or (self.hover if self.hover in hand else None)
        if not cands:
            self._can_take(states)
        if probe and not cands:
            self._matches(states, probe, probe == focus_card)
        self.hints.mark(states)
        return states

    def takers(self) -> list[str]:
        """The playable hand cards that would take something now: the ruleset says which
        field cards each can capture (as the hover's matches ask it), never a rule of
        ours."""
        table = self.ctx
        model = table.tv.model
        if table.shown_view.phase != "play" or model is None:
            return []
        rs = table.session.rs
        field = model.field_cards
        return [c for c in self.plays() if any(rs.can_capture(c, f) for f in field)]

    def _can_take(self, states: dict[str, CardState]) -> None:
        """The gold notch on every hand card with a field match, without hovering (issue
        45), when the hints setting shows matches; a hovered, focused or hinted card shows
        its own state instead (set after this)."""
        if not self.hints.allows("matches"):
            return
        for c in self.takers():
            states.setdefault(c, CardState.CAN_TAKE)

    def _matches(self, states: dict[str, CardState], probe: str, focused: bool) -> None:
        """The field cards the focused or hovered hand card would take, the others dimmed
        (when the hints setting shows matches)."""
        table = self.ctx
        if table.shown_view.phase != "play" or not self.hints.allows("matches"):
            return
        rs = table.session.rs
        for c in table.tv.model.field_cards if table.tv.model else []:
            states[c] = CardState.MATCH if rs.can_capture(probe, c) else CardState.DIMMED
        states[probe] = CardState.FOCUS if focused else CardState.HOVER

    # --- events -------------------------------------------------------------------------
    def asks_fast_forward(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """F, or a click on the sitting-out banner's button (also under the reveal)."""
        clicked = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                   and self.ff_rect is not None and self.ff_rect.collidepoint(event.pos))
        return (intent is Intent.FAST_FORWARD or clicked) and self.ctx.sitting_out()

    def handle(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """The table's input, in order: undo, the keys of every table state (log, help,
        Inspect), hover, fast-forward, the card popover and the hints, a skip while things
        move, then clicks and keys on the cards and the panel. True when consumed."""
        table = self.ctx
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and \
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.verbs.undo()
            return True
        if self.chrome.global_input(event, intent):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            table.panel.group.handle(event, None)
            return False
        if self.asks_fast_forward(event, intent):
            self.verbs.fast_forward()
            return True
        if self.card_info.key(event, intent) or self.hints.key(event, intent):
            return True
        if self.verbs.busy() and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and intent not in WHILE_BUSY)):
            self.verbs.skip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.click(event)
        if intent is Intent.HELP:
            self.chrome.open_help()
            return True
        if intent is Intent.BACK:
            return self._back()
        return intent is not None and self.key(event, intent)

    def _back(self) -> bool:
        """Escape: a selected card goes back to the hand; a blocking decision takes the
        focus; else the pause menu."""
        if self.selected is not None:
            self.selected = None
            self.row, self.focus_i = "hand", -1
            return True
        panel = self.ctx.panel
        if panel.blocking:
            self.row = "panel"
            panel.group.show_focus = True
            return True
        self.verbs.open_pause()
        return True

    def click(self, event: pygame.event.Event) -> bool:
        """A click on a card (or the panel): choose it; a right click drops the selection."""
        table = self.ctx
        if event.button == 3:
            self.selected = None
            return True
        if table.panel.visible and table.panel.group.handle(event, None):
            return True
        card = self.card_at(event.pos)
        if card is None or not table.human_to_move():
            return False
        self.show_focus = self.keys_in_use = False
        self.focus_i = -1  # the mouse took over: a digit after a click only focuses
        if card in self.candidates():
            self.choose_target(card)
        elif card in self.hand_cards() and table.shown_view.phase == "play":
            if self.selected == card:
                self.selected = None
            else:
                self.choose_card(card)
        else:
            table.app.audio.play("refuse")
        return True

    def key(self, event: pygame.event.Event, intent: Intent) -> bool:
        """A key on the human's turn: numbers, arrows, Tab and Enter move the focus and
        choose (a hand card plays on a second press while its focus is on screen)."""
        table = self.ctx
        if not table.human_to_move():
            return False
        rows = self.rows()
        if table.panel.blocking:
            self.row = "panel"
        if self.row not in rows:
            self.row = rows[0]
        armed = self.show_focus and self.row == "hand" and self.focus_i >= 0
        self.show_focus = True
        if self.row == "panel" and (intent is not Intent.SELECT or table.panel.blocking):
            return self._panel_key(event, intent)  # numbers pick hand cards under Cancel
        items = self.candidates() if self.row == "targets" else self.hand_cards()
        self.keys_in_use = True
        if intent is Intent.SELECT:
            return self._number(event, items, armed)
        if intent in (Intent.LEFT, Intent.RIGHT) and items:
            if self.focus_i < 0:
                self.focus_i = 0 if intent is Intent.RIGHT else len(items) - 1
            else:
                step = 1 if intent is Intent.RIGHT else -1
                self.focus_i = (self.focus_i + step) % len(items)
            return True
        if intent in ROW_KEYS:
            step = -1 if intent in (Intent.DOWN, Intent.PREV_REGION) else 1
            self.row = rows[(rows.index(self.row) + step) % len(rows)]
            self.focus_i = 0
            if self.row == "panel":
                table.panel.group.show_focus = True
            return True
        if intent is Intent.CONFIRM and items:
            return self._confirm(items, armed)
        return False

    def _panel_key(self, event: pygame.event.Event, intent: Intent) -> bool:
        panel = self.ctx.panel
        if intent in (Intent.UP, Intent.DOWN) and not panel.blocking:
            self.row = "hand"
            return True
        if intent is Intent.CONFIRM and self._focus_suggested(panel.group):
            return True
        panel.group.show_focus = True
        return panel.group.handle(event, intent)

    def _focus_suggested(self, group) -> bool:  # noqa: ANN001 - the panel's ButtonGroup
        """The first Enter after a decision's hint focuses the suggested button (found by
        its verb, as the hint's frame finds it) instead of pressing whatever had focus."""
        s = self.hints.current()
        if s is None or s.key == self.hint_focused or s.card is not None:
            return False
        for i, b in enumerate(group.buttons):
            if getattr(b, "action_verb", None) == s.action.verb:
                self.hint_focused = s.key
                group.index, group.show_focus = i, True
                return True
        return False

    def _number(self, event: pygame.event.Event, items: list[str], armed: bool) -> bool:
        """A number key: a candidate by its number; a hand card by the number drawn on it
        (the first press focuses it, the second plays it)."""
        n = select_number(event)
        if self.row == "targets":
            if n is None or n > len(items):
                return False
            self.choose_target(items[n - 1])
            return True
        card = next((c for c, k in self.hand_numbers().items() if k == n), None)
        if card is None:
            return False
        if armed and items[self.focus_i:self.focus_i + 1] == [card]:
            self.choose_card(card)
        else:
            self.row, self.focus_i = "hand", items.index(card)
        return True

    def _hinted(self, items: list[str]) -> str | None:
        """The card of a hint not yet focused by Enter, when it is in `items` (issue 45:
        the first Enter after a hint goes to the card the hint marked); marks it
        focused."""
        s = self.hints.current()
        if s is None or s.key == self.hint_focused:
            return None
        card = s.target if self.row == "targets" and s.target in items else s.card
        if card not in items:
            return None
        self.hint_focused = s.key
        return card

    def _confirm(self, items: list[str], armed: bool) -> bool:
        """Enter: plays the focused card once its focus is on screen, else shows it; the
        first Enter after a hint shows the hinted card."""
        hinted = self._hinted(items)
        if hinted is not None:
            self.focus_i = items.index(hinted)
            return True
        if self.row == "hand" and not armed:
            self.focus_i = max(0, min(self.focus_i, len(items) - 1))
            return True  # Enter first shows which card it would play
        i = max(0, min(self.focus_i, len(items) - 1))
        if self.row == "targets":
            self.choose_target(items[i])
        else:
            self.choose_card(items[i])
        return True
