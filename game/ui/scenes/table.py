"""The table scene: deal, pre-round windows, play, and the hand-offs to teyaku and scoring.

It owns one `TableView` (sprites, animation) for the whole game, feeds the engine's events
to it one by one, asks the AI worker for computer moves, and turns clicks and keys into the
human's legal actions. What it draws comes only from `self.shown_view`, the view of the seat
on screen (with the hand removed whenever that hand must stay private).
"""

from __future__ import annotations

import dataclasses
import logging
import time

import pygame

from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import INDEX
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.engine.view import PlayerView
from game.i18n import N_, _
from game.ui import theme
from game.ui.cards import CardState
from game.ui.chronicle import Chronicle
from game.ui.cues import cue_for
from game.ui.intents import Intent, select_number
from game.ui.layout import Layout, layout
from game.ui.model import Seating, TableModel, round_end_view, seating, sits_out, targets
from game.ui.narrate import joined
from game.ui.panels import DecisionPanel, draw_sit_out
from game.ui.present import seat_infos
from game.ui.scene import Scene
from game.ui.scenes import table_chrome, table_cues, table_hints, table_info
from game.ui.session import AiWorker, GameSession
from game.ui.table_view import TableInfo, TableView
from game.ui.terms import (
    card_name,
    month_name,
    plain,
    round_label,
    seat_role,
    target_prompt,
)

log = logging.getLogger(__name__)

# seconds at Normal speed (TABLE.md §8)
DURATIONS = {"dealt": 0.22, "played": 0.26, "placed": 0.08, "captured": 0.32, "drew": 0.15,
             "reshuffle": 0.3, "teyaku": 0.2}
HOLDS = {"captured": 0.12, "drew": 0.3}
STAMPS = {"sage": N_("下げ Sage!"), "shoubu": N_("勝負 Shoubu!"), "cancel": N_("取消 Cancel!"),
          "mizuten": N_("不見転 Mizuten!"), "join": N_("Joined ✓"), "drop": N_("Dropped"),
          "swap": N_("Swapped hands"), "forced_out": N_("Forced out"),
          "blank": N_("Blank card"), "walkover": N_("Walkover")}  # shown with _()
THINKING_AFTER = 0.4


class TableScene(Scene):
    name = "table"

    def __init__(self, app, session: GameSession) -> None:  # noqa: ANN001 - App
        super().__init__(app)
        self.session = session
        self.tv = TableView(app.renderer)
        self.tv.model = TableModel(len(session.seats))
        self.worker = AiWorker()
        self.pending: list[Event] = []
        self.chronicle = Chronicle(session.names(),
                                   session.rs.carry_rule is not None)
        self.log = self.chronicle.lines
        self.statuses = self.chronicle.statuses
        humans = session.humans
        self.hotseat = len(humans) >= 2
        self.viewer = humans[0] if humans else 0
        self.confirmed = not self.hotseat  # hot-seat: the viewer confirmed the hand-over
        self.ai_action: Action | None = None
        self.stamps: dict[int, tuple[str, float]] = {}
        self.teyaku_pending = False
        self.play_started = False
        self.round_end_pending = False
        self.selected: str | None = None
        self.row = "hand"  # keyboard focus row: hand, targets, panel
        self.focus_i = -1  # no hand card focused: the first number key only focuses
        self.show_focus = False
        self.fast = False  # fast-forward while every human sits the round out
        self._ff_rect: pygame.Rect | None = None
        self.hover: str | None = None
        self.keys_in_use = False  # the hand cards show their number keys (issue 23)
        self._numbers: dict[str, int] = {}
        self.panel = DecisionPanel()
        self.panel.on_choose = self.act
        self.ledgers_seen = len(session.st.results)  # rounds whose ledger was dismissed
        self._in_round: PlayerView | None = None
        if session.st.history:
            self._resume()
        self.shown_view: PlayerView = self._view()
        self._layout_key: tuple | None = None
        self._layout: Layout | None = None
        self._seating: Seating | None = None
        self.finished = False
        self.handover_open = False
        self.dirty = False
        self.save_problem: str | None = None  # the failing autosave's sentence, told once
        self._notes_saved: dict | None = None  # the AI notes last written beside it
        if session.st.history:  # continued game: show the table as it stands
            self.tv.model.sync(self.shown_view, self._show_hand_of())

    def _resume(self) -> None:
        """A continued game: re-narrate the saved record's events, so the log, the plates
        and the hand-over summary are what they were, and reopen what was open then (the
        teyaku reveal before the first card, the ledger of a round just settled)."""
        self.chronicle.replay(self.session.past_events)
        self.play_started = self.chronicle.play_started
        self.teyaku_pending = self.chronicle.reveal_due and self.has_teyaku()
        st = self.session.st
        if self.session.next_step() == "deal" and st.results:
            self.round_end_pending = True
            self.ledgers_seen = len(st.results) - 1

    # --- whose view is on screen -----------------------------------------------------
    def _show_hand_of(self) -> int | None:
        if not self.session.humans:
            return None
        return self.viewer if self.confirmed else None

    def _view(self) -> PlayerView:
        v = self.session.view(self.viewer)
        if len(v.results) > self.ledgers_seen and v.phase in ("deal", "over"):
            v = round_end_view(v, self._in_round)  # until its ledger is dismissed
        elif v.phase != "deal":
            self._in_round = v
        if self._show_hand_of() != self.viewer:
            v = dataclasses.replace(v, hand_mask=0, legal=())
        return v

    def human_to_move(self) -> bool:
        return (self.session.next_step() == "human" and self.confirmed
                and self.session.st.to_move == self.viewer)

    def relabel(self) -> None:
        """The language changed: the log is told again in the new words (issue 23)."""
        self.chronicle.retell(self._names())
        super().relabel()

    def input_context(self) -> object:
        """A held key never crosses a move, a decision panel or a hand-over (issue 23):
        a press belongs to the position, the seat on screen and the panel it went down in."""
        return (self.session.move_key(), self.viewer, self.confirmed, self.panel.visible)

    # --- lifecycle --------------------------------------------------------------------
    def resume(self) -> None:
        self._retarget(0)

    def shutdown(self) -> None:
        self.worker.shutdown()
        table_hints.shutdown(self)

    @property
    def speed(self) -> float:
        return 0.0 if self.fast else self.app.settings.speed_factor

    def sitting_out(self) -> bool:
        return sits_out(self.session.view(self.viewer), self.session.humans)

    def fast_forward(self) -> None:
        """Play the round the humans sit out to its ledger with instant animations."""
        if self.sitting_out():
            self.fast = True
            self.skip()

    def asks_fast_forward(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """F, or a click on the sitting-out banner's button (also under the reveal)."""
        clicked = (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
                   and self._ff_rect is not None and self._ff_rect.collidepoint(event.pos))
        return (intent is Intent.FAST_FORWARD or clicked) and self.sitting_out()

    # --- layout -----------------------------------------------------------------------
    def current_layout(self) -> tuple[Layout, Seating]:
        v = self.shown_view
        seat = seating(v, self.viewer, self.session.rs.active_count)
        w, h = self.app.screen.get_size()
        need_panel = self.panel.visible or table_chrome.needs_dock(self)
        text = theme.effective_scale() / 100  # the bands grow with the text (issue 15)
        rs = self.session.rs  # seats with a role (Sudaoshi) need a second line on plates
        lines = 2 if any(seat_role(rs.name, p, par) for p, par in zip(v.positions, v.par,
                                                                       strict=False)) else 1
        key = (w, h, seat.bottom, tuple(seat.others), tuple(seat.bench), seat.phase,
               need_panel, text, lines)
        if key != self._layout_key:
            self._layout_key = key
            self._layout = layout(w, h, seat.active, v.seats, seat.phase, need_panel,
                                  text=text, name_lines=lines)
        self._seating = seat
        assert self._layout is not None
        return self._layout, seat

    def _targets(self) -> dict:
        L, seat = self.current_layout()
        assert self.tv.model is not None
        return targets(self.tv.model, L, seat)

    def _origin(self, key: str):  # noqa: ANN202 - Place | None
        from game.ui.model import Place

        L, _ = self.current_layout()
        model = self.tv.model
        assert model is not None
        org = model.origins.get(key)
        if org is None:
            return None
        if org[0] == "pile":
            return Place(L.pile.x, L.pile.y, L.field_w, False, 50)
        if org[0] == "hand":
            _, seat_no, i = org
            prev = self.tv.anim.rest.get(model.hidden_key(seat_no, i))
            if prev is not None:
                return Place(prev.x, prev.y, prev.w, False, 50)
        return None

    def _retarget(self, duration: float, **kw: object) -> None:
        self.tv.anim.go(self._targets(), duration * self.speed, self._origin, **kw)

    # --- events -> animation ----------------------------------------------------------
    def feed(self, events: list[Event]) -> None:
        """Queue an action's events; the table re-reads the view once they are shown
        (also when there are none: a pass changes the view without any event)."""
        self.pending.extend(events)
        self.dirty = True

    def _names(self) -> list[str]:
        return self.session.names()

    def _animate_pending(self) -> None:
        """Apply pending events to the model until one needs motion, then animate it."""
        model = self.tv.model
        assert model is not None
        while self.pending:
            ev = self.pending.pop(0)
            self._note(ev)
            model.apply(ev)
            dur = DURATIONS.get(ev.kind, 0.0)
            if ev.kind == "dealt":
                n = max(1, len(model.deal_order))
                step = min(0.06, 1.4 / n) * self.speed
                self._retarget(DURATIONS["dealt"], stagger=model.deal_order, stagger_step=step)
                return
            if dur:
                self._retarget(dur, hold=HOLDS.get(ev.kind, 0.0) * self.speed)
                if self.tv.anim.running:
                    return
        # batch done: the view is the truth (hands flip face up for their owner here)
        self.dirty = False
        self.shown_view = self._view()
        model.sync(self.shown_view, self._show_hand_of())
        self._retarget(0.2)

    def _note(self, ev: Event) -> None:
        """Log line, sound, stamps and scene hand-offs for one event."""
        self.chronicle.note(ev)
        cue = cue_for(ev)
        if cue:
            self.app.audio.play(cue)
        if ev.kind in STAMPS and ev.seat >= 0:
            self.stamps[ev.seat] = (plain(_(STAMPS[ev.kind])), time.monotonic() + 1.2)
        if ev.kind == "round_start":
            self.play_started = False
            self.fast = False  # fast-forward never outlives the round it was asked for
        elif ev.kind == "turn" and not self.play_started:
            self.play_started = True
            self.teyaku_pending = self.has_teyaku()
        elif ev.kind == "round_end":
            self.round_end_pending = True

    # --- the loop -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.tv.anim.update(dt)
        table_hints.update(self)
        table_cues.update(self)  # a curriculum game opens with its tier's card
        self._warm()
        if self.tv.anim.running:
            return
        if self.pending or self.dirty:
            self._animate_pending()
            return
        self.current_layout()
        if self.tv.anim.rest and self._layout_key != getattr(self, "_placed_key", None):
            self._placed_key = self._layout_key
            self._retarget(0.18)
            return
        self._placed_key = self._layout_key
        if self.finished:
            return
        if self.teyaku_pending:
            self.teyaku_pending = False
            if self.fast:
                return  # fast-forward: the reveal's facts stay in the log
            from game.ui.scenes.teyaku import TeyakuScene

            self.app.stack.push(TeyakuScene(self.app, self))
            return
        if self.round_end_pending:
            self.round_end_pending = False
            self.fast = False  # fast-forward stops at the ledger
            self._autosave()
            from game.ui.scenes.scoring import ScoringScene

            self.app.stack.push(ScoringScene(self.app, self))
            return
        step = self.session.next_step()
        if step == "deal" and getattr(self.session, "guided_stop", 0) \
                and self.session.st.rounds_played >= self.session.guided_stop:
            self.session.guided_stop = 0  # the guided game asks once (issue 13)
            from game.ui.scenes.tour import GuidedStopScene

            self.app.stack.push(GuidedStopScene(self.app))
            return
        if step == "deal":
            self.feed(self.session.deal())
            self._autosave()
        elif step == "chance":
            self.feed(self.session.chance())
        elif step == "ai":
            self._ai_turn()
        elif step == "human":
            self._human_turn()
        elif step == "over":
            self.game_over()

    def _warm(self) -> None:
        if self._layout is None:
            return
        L = self._layout
        r = self.tv.renderer
        for w in (L.hand_w, L.field_w, L.cap_w, L.opp_cap_w, L.back_w):
            if not r.warm(w, limit=2):
                return

    def _ai_turn(self) -> None:
        st = self.session.st
        seat = st.to_move
        if self.ai_action is None and not self.worker.busy:
            self.worker.start(self.session.agents[seat], self.session.view(seat))
        if self.ai_action is None:
            self.ai_action = self.worker.result()
        if self.ai_action is None:
            return
        if not self.fast and time.monotonic() - self.worker.started < \
                self.app.settings.ai_min_time:
            return
        action, self.ai_action = self.ai_action, None
        try:
            self.feed(self.session.apply(action))
        except IllegalAction:
            log.exception("computer player chose an illegal action %s", action)
            self.feed(self.session.apply(self.session.view(seat).legal[0]))
        self._autosave()

    def _human_turn(self) -> None:
        seat = self.session.st.to_move
        if self.hotseat and (not self.confirmed or self.viewer != seat):
            if not self.handover_open:
                self.confirmed = False
                self.shown_view = self._view()
                assert self.tv.model is not None
                self.tv.model.sync(self.shown_view, None)
                self._retarget(0)
                from game.ui.scenes.handover import HandoverScene

                self.handover_open = True
                self.app.stack.push(HandoverScene(self.app, self, seat))
            return
        if self.viewer != seat:  # one human: never happens; keep the view consistent
            self.viewer = seat
        if self.shown_view.to_move != seat or not self.shown_view.legal:
            self.shown_view = self._view()
            assert self.tv.model is not None
            self.tv.model.sync(self.shown_view, self._show_hand_of())
            self._retarget(0.2)
        self._sync_panel()
        if self.shown_view.phase == "take":
            only = self.candidates()
            if len(only) == 1:  # one card to take, or only interchangeable ones: no question
                self.act(Action(self.viewer, TAKE, (INDEX[only[0]],)))

    def _sync_panel(self) -> None:
        """Show the decision panel exactly while the human on screen has a decision."""
        if self.human_to_move() and not self.pending and not self.dirty:
            self.panel.prepare(self.shown_view, self._names())
        elif self.panel.visible:
            self.panel.clear()

    def handover_confirmed(self, seat: int) -> None:
        self.handover_open = False
        self.viewer = seat
        self.confirmed = True
        self.shown_view = self._view()
        assert self.tv.model is not None
        self.tv.model.sync(self.shown_view, self._show_hand_of())
        self._layout_key = None
        self._retarget(0.2)
        self.app.audio.play("your_turn")

    def act(self, action: Action) -> bool:
        """The human's chosen action; False (and a thud) if the engine refuses it."""
        if not self.human_to_move() or action not in self.shown_view.legal:
            self.app.audio.play("refuse")
            return False
        self.selected = None
        self.row = "hand"
        self.focus_i, self.show_focus = -1, False  # a new turn starts unfocused
        self.panel.clear()
        self.feed(self.session.apply(action))
        self._autosave()
        if self.hotseat and not (self.session.next_step() == "human"
                                 and self.session.st.to_move == self.viewer):
            self.confirmed = False  # privacy: the hand turns face down at once
        self.shown_view = self._view()
        return True

    # --- undo against the computer (issue 14) -------------------------------------------
    def can_undo(self) -> bool:
        """Undo is offered with one human against computers, while the round is in play
        and the table is on top (never in hot-seat, never once a ledger has shown)."""
        return (not self.hotseat and not self.finished and self.app.stack.top is self
                and self.session.can_undo)

    def undo(self) -> bool:
        """Ctrl+Z / Undo: back to the human's last decision; the table then shows what it
        showed before it (log, plates, cards), the computer's thinking is dropped."""
        if not self.can_undo():
            self.app.audio.play("refuse")
            return False
        self.worker.cancel()
        self.ai_action = None
        self.pending.clear()
        self.dirty = False
        self.tv.anim.finish()
        try:
            events = self.session.undo()
        except ValueError:  # cannot happen for a game this program played; never a crash
            log.exception("undo failed")
            events = None
        if events is None:
            self.app.audio.play("refuse")
            return False
        self.chronicle = Chronicle(self._names(), self.session.rs.carry_rule is not None)
        self.chronicle.replay(events)
        self.log, self.statuses = self.chronicle.lines, self.chronicle.statuses
        self.stamps.clear()
        self.play_started = self.chronicle.play_started
        self.teyaku_pending = self.round_end_pending = self.fast = False
        self.selected, self.row, self.focus_i, self.show_focus = None, "hand", -1, False
        self.panel.clear()
        model = TableModel(len(self.session.seats))  # the round's cards in shown order
        for ev in events:
            model.apply(ev)
        self.tv.model = model
        self.shown_view = self._view()
        model.sync(self.shown_view, self._show_hand_of())
        model.origins = {}
        self._retarget(0)
        self._autosave()
        return True

    def save_now(self) -> None:
        """One more autosave, said to nobody (the program is leaving: game.app.stop_now)."""
        if self.app.paths is not None:
            from game import storage

            storage.save_autosave(self.app.paths, self.session.record())

    def _autosave(self) -> None:
        if self.app.paths is None:
            return
        from game import storage

        # A failed save (a full disk) is told once, then retried quietly after every move
        # until one works again (issue 12).
        problem = storage.save_autosave(self.app.paths, self.session.record())
        notes = self.session.ai_notes
        if problem is None and self._notes_saved != notes:
            from game import replays  # the AIs' notes beside the autosave, for Continue

            replays.write_notes(self.app.paths.autosave, notes)
            self._notes_saved = dict(notes)
        if problem and not self.save_problem:
            from game.ui.scenes.message import MessageScene

            self.app.stack.push(MessageScene(self.app, _("Not saved"), problem))
        self.save_problem = problem

    def next_round(self) -> None:
        """Called by the scoring overlay's Next button: the table moves on to the totals,
        dealer and round the engine already holds."""
        self.ledgers_seen = len(self.session.st.results)
        if self.session.next_step() == "over":
            self.game_over()
            return
        self.shown_view = self._view()
        assert self.tv.model is not None
        self.tv.model.sync(self.shown_view, self._show_hand_of())

    def game_over(self) -> None:
        if self.finished:
            return
        self.finished = True
        from game import storage
        from game.ui.scenes.result import ResultScene

        path = problem = told = None
        if self.app.paths is not None:  # record, statistics, autosave: game.storage
            kept = storage.keep_finished(
                self.app.paths, self.session.record(), self.session.ai_notes,
                self.session.st, source=self.app.paths.autosave, save_first=True,
                resumed=bool(self.session.past_events))
            path, problem, told = kept.path, kept.problem, kept.told
        self.app.last_record_path = path
        self.app.stack.reset(ResultScene(self.app, self.session, path))
        from game.ui.scenes.message import MessageScene

        if problem:
            self.app.stack.push(MessageScene(self.app, _("Record not saved"), problem))
        if told:
            self.app.stack.push(MessageScene(self.app, _("Statistics"), told))

    # --- input --------------------------------------------------------------------------
    def _hand_cards(self) -> list[str]:
        m = self.tv.model
        if m is None or self._seating is None:
            return []
        return [c for c in m.hands[self._seating.bottom] if c is not None]

    def hand_numbers(self) -> dict[str, int]:
        """The number key of each hand card, drawn on it: given left to right when a new
        hand shows and kept while cards leave, so a number stays on its card when a
        capture closes the hand up and a key always plays the card it is drawn on
        (issue 23). Undo brings a card back with its number."""
        hand = self._hand_cards()
        if not set(hand) <= set(self._numbers):
            self._numbers = {c: i + 1 for i, c in enumerate(hand)}
        return {c: self._numbers[c] for c in hand}

    def _plays(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        from game.engine.cards import CARD_IDS

        for a in self.shown_view.legal if self.human_to_move() else ():
            if a.verb == PLAY:
                c = CARD_IDS[a.args[0]]
                out.setdefault(c, [])
                if len(a.args) == 2:
                    out[c].append(CARD_IDS[a.args[1]])
        return {c: self._distinct(ts) for c, ts in out.items()}

    def _distinct(self, cards: list[str]) -> list[str]:
        """Targets that are a real choice (the engine says which cards are interchangeable:
        two plain chaff of one month are never asked about)."""
        from game.engine.cards import CARD_IDS

        return [CARD_IDS[c] for c in self.session.rs.distinct(INDEX[t] for t in cards)]

    def candidates(self) -> list[str]:
        from game.engine.cards import CARD_IDS

        if not self.human_to_move():
            return []
        if self.shown_view.phase == "take":
            return self._distinct([CARD_IDS[a.args[0]] for a in self.shown_view.legal
                                   if a.verb == TAKE])
        if self.selected is not None:
            return self._plays().get(self.selected, [])
        return []

    def choose_card(self, card: str) -> None:
        plays = self._plays()
        if card not in plays:
            self.app.audio.play("refuse")
            return
        if not plays[card]:
            self.act(Action(self.viewer, PLAY, (INDEX[card],)))
            return
        if len(plays[card]) == 1:  # the engine offers one target: nothing to ask
            self.act(Action(self.viewer, PLAY, (INDEX[card], INDEX[plays[card][0]])))
            return
        self.selected = card
        self.row = "targets"
        self.focus_i = 0

    def choose_target(self, target: str) -> None:
        if self.shown_view.phase == "take":
            self.act(Action(self.viewer, TAKE, (INDEX[target],)))
        elif self.selected is not None:
            self.act(Action(self.viewer, PLAY, (INDEX[self.selected], INDEX[target])))

    def _rows(self) -> list[str]:
        rows = []
        if self._hand_cards() and self.shown_view.phase == "play":
            rows.append("hand")
        if self.candidates():
            rows.append("targets")
        if self.panel.visible:
            rows.append("panel")
        return rows or ["hand"]

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        self._sync_panel()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and \
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.undo()
            return True
        if table_chrome.global_input(self, event, intent):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._card_at(event.pos)
            self.panel.group.handle(event, None)
            return False
        if self.asks_fast_forward(event, intent):
            self.fast_forward()
            return True
        if table_info.key(self, event, intent) or table_hints.key(self, event, intent):
            return True
        busy = self.tv.anim.running or bool(self.pending)
        if busy and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and intent not in (
                    Intent.BACK, Intent.HELP, Intent.MUTE, Intent.FULLSCREEN))):
            self.skip()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._click(event)
        if intent is None:
            return False
        if intent is Intent.HELP:
            table_chrome.open_help(self)
            return True
        if intent is Intent.BACK:
            if self.selected is not None:
                self.selected = None
                self.row, self.focus_i = "hand", -1
                return True
            if self.panel.blocking:
                self.row = "panel"
                self.panel.group.show_focus = True
                return True
            self.open_pause()
            return True
        return self._key(event, intent)

    def skip(self) -> None:
        """Finish every queued motion at once (the end state is the resting table)."""
        for _i in range(1000):
            self.tv.anim.finish()
            if not self.pending:
                break
            self._animate_pending()
        self.tv.anim.finish()

    def open_pause(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    def _card_at(self, pos: tuple[int, int]) -> str | None:
        for key, rect in reversed(list(self.tv.card_rects.items())):
            if rect.collidepoint(pos):
                return key
        return None

    def _click(self, event: pygame.event.Event) -> bool:
        for name, rect in self.tv.top_buttons.items():
            if rect.collidepoint(event.pos) and event.button == 1:
                if name == "pause":
                    self.open_pause()
                elif name == "help":
                    from game.ui.scenes.rules_help import RulesHelpScene

                    self.app.stack.push(RulesHelpScene(self.app, self.session.rs))
                else:
                    from game.ui.scenes.settings_menu import SettingsScene

                    self.app.stack.push(SettingsScene(self.app))
                return True
        if event.button == 3:
            self.selected = None
            return True
        if self.panel.visible and self.panel.group.handle(event, None):
            return True
        card = self._card_at(event.pos)
        if card is None or not self.human_to_move():
            return False
        self.show_focus = self.keys_in_use = False
        self.focus_i = -1  # the mouse took over: a digit after a click only focuses
        if card in self.candidates():
            self.choose_target(card)
        elif card in self._hand_cards() and self.shown_view.phase == "play":
            if self.selected == card:
                self.selected = None
            else:
                self.choose_card(card)
        else:
            self.app.audio.play("refuse")
        return True

    def _key(self, event: pygame.event.Event, intent: Intent) -> bool:
        if not self.human_to_move():
            return False
        rows = self._rows()
        if self.panel.blocking:
            self.row = "panel"
        if self.row not in rows:
            self.row = rows[0]
        # a hand card plays only on a second press while its focus is on screen
        armed = self.show_focus and self.row == "hand" and self.focus_i >= 0
        self.show_focus = True
        if self.row == "panel":
            if intent in (Intent.UP, Intent.DOWN) and not self.panel.blocking:
                self.row = "hand"
                return True
            if intent is Intent.SELECT and not self.panel.blocking:
                pass  # numbers pick hand cards while the cancel panel is open
            else:
                self.panel.group.show_focus = True
                return self.panel.group.handle(event, intent)
        items = self.candidates() if self.row == "targets" else self._hand_cards()
        self.keys_in_use = True
        if intent is Intent.SELECT:
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
        if intent in (Intent.LEFT, Intent.RIGHT) and items:
            if self.focus_i < 0:
                self.focus_i = 0 if intent is Intent.RIGHT else len(items) - 1
            else:
                step = 1 if intent is Intent.RIGHT else -1
                self.focus_i = (self.focus_i + step) % len(items)
            return True
        if intent in (Intent.UP, Intent.DOWN, Intent.NEXT_REGION, Intent.PREV_REGION):
            step = -1 if intent in (Intent.DOWN, Intent.PREV_REGION) else 1
            self.row = rows[(rows.index(self.row) + step) % len(rows)]
            self.focus_i = 0
            if self.row == "panel":
                self.panel.group.show_focus = True
            return True
        if intent is Intent.CONFIRM and items:
            if self.row == "hand" and not armed:
                self.focus_i = max(0, min(self.focus_i, len(items) - 1))
                return True  # Enter first shows which card it would play
            i = max(0, min(self.focus_i, len(items) - 1))
            if self.row == "targets":
                self.choose_target(items[i])
            else:
                self.choose_card(items[i])
            return True
        return False

    # --- drawing ------------------------------------------------------------------------
    def _sit_out_text(self) -> str:
        if not self.hotseat:
            return _("You sit out")
        names = [self._names()[h] for h in self.session.humans]
        if len(names) < 2:
            return _("{names} sit out").format(names=joined(names))
        return _("{names} and {last} sit out").format(names=joined(names[:-1]),
                                                      last=names[-1])

    def _info(self) -> TableInfo:
        v = self.shown_view
        rs = self.session.rs
        now = time.monotonic()
        thinking = (self.worker.busy and now - self.worker.started > THINKING_AFTER)
        specs = self.session.seats
        seats = seat_infos(v, self._names(), [s.describe() for s in specs], rs, self.statuses,
                           {i: w for i, (w, until) in self.stamps.items() if until > now},
                           v.to_move if thinking else None, [s.describe_short() for s in specs])
        rnd = round_label(v.round, v.rounds_planned)
        return TableInfo(title=table_cues.title(self), round_text=rnd, multiplier=v.multiplier,
                         carry=v.carry, pot=v.pot, to_move=v.to_move, seats=seats,
                         prompt=self._prompt(thinking), log=self.log,
                         undo=self.can_undo(), field_multiplier=rs.carry_rule is not None)

    def has_teyaku(self) -> bool:
        """The engine's catalogue has teyaku: else no reveal panel (curriculum tier 1)."""
        return any(e.category == "teyaku" for e in self.session.rs.entries)

    def _prompt(self, thinking: bool) -> str:
        v = self.shown_view
        st_step = self.session.next_step()
        names = self._names()
        if self.tv.anim.running or self.pending:
            return ""
        if self.tv.dock == "teyaku":
            return _("Teyaku shown — Enter or Continue to play on")
        if st_step == "ai":
            who = names[self.session.st.to_move]
            return (_("{name} is thinking…") if thinking else _("{name}'s turn")).format(
                name=who)
        if st_step != "human":
            return ""
        if not self.human_to_move():
            return _("{name}'s turn").format(name=names[self.session.st.to_move])
        if v.phase == "take":
            n = len(self.candidates())
            if self.tv.model and self.tv.model.reveal:
                return _("Choose which card the {card} takes (1–{n})").format(
                    card=card_name(self.tv.model.reveal), n=n)
            return _("Choose which card the drawn card takes (1–{n})").format(n=n)
        if self.selected is not None:
            n = len(self.candidates())
            ask = target_prompt(v.capture_rule).format(month=month_name(self.selected),
                                                        card=card_name(self.selected))
            return _("{prompt} (1–{n})").format(prompt=ask, n=n)
        name = names[self.viewer]
        if v.phase == "play":
            return _("{name}, your turn — play a card").format(name=name) if self.hotseat \
                else _("Your turn — play a card")
        return _("{name}, your decision — see the panel").format(name=name) if self.hotseat \
            else _("Your decision — see the panel")

    def _states(self) -> dict[str, CardState]:
        states: dict[str, CardState] = {}
        if not self.human_to_move():
            return states
        hand = self._hand_cards()
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
        if probe and not cands and self.shown_view.phase == "play" \
                and table_hints.allows(self, "matches"):
            rs = self.session.rs
            for c in self.tv.model.field_cards if self.tv.model else []:
                states[c] = CardState.MATCH if rs.can_capture(probe, c) else CardState.DIMMED
            states[probe] = CardState.FOCUS if probe == focus_card else CardState.HOVER
        table_hints.states(self, states)
        return states

    def draw(self, surface: pygame.Surface) -> None:
        with theme.table_text(self.current_layout()[0].text):  # as its layout holds it
            self._draw(surface)

    def _draw(self, surface: pygame.Surface) -> None:
        self._sync_panel()
        L, seat = self.current_layout()
        info = self._info()
        panel_h = 0
        if L.panel is not None and L.sidebar is not None:
            panel_h = L.panel.h + 6
        self.tv.watch_share = table_hints.sidebar_share(self, L)  # log 60 %, watch 40 %
        self.tv.prompt_reserve = table_hints.buttons_width(self, L)
        self.tv.draw(surface, L, info, seat, self._states(), panel_h)
        if self.keys_in_use and self.human_to_move() and self.shown_view.phase == "play" \
                and not self.candidates():
            self.tv.draw_numbers(surface, self.hand_numbers(), L.small)
        table_chrome.draw_choice(self, surface, L)  # candidates whole, numbered, named
        self._ff_rect = None
        if self.sitting_out():
            band = L.hand.clip(L.table)  # the prompt row above stays readable
            band.x, band.w = L.plate.right + 8, L.table.right - L.plate.right - 16
            self._ff_rect = draw_sit_out(surface, band, theme.size_of("body", L.window.h),
                                         self._sit_out_text(), self.fast,
                                         self.chronicle.why(self.viewer, not self.hotseat))
        decision_rect = table_chrome.panel_rects(self, L)[1]
        if self.panel.visible and decision_rect is not None and self.human_to_move():
            self.panel.draw(surface, decision_rect, theme.size_of("body", L.window.h),
                            self.row == "panel")
        table_cues.draw(self, surface, L)  # Nuki's missing months, Hachi's month table
        table_hints.draw(self, surface, L)
        table_chrome.draw_top(self, surface, L)
        table_info.draw(self, surface, L)  # the card info popover, over everything
