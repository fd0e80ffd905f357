"""The table scene: deal, pre-round windows, play, and the hand-offs to teyaku and scoring.

A wiring of parts; what goes where:

- `game.play.driver.PlayDriver` paces the game (deals, chance, the computers with their
  thinking time and fast-forward, the human's actions, undo, autosave, the finished game);
  no pygame, so another front end can drive a session the same way.
- `game.ui.table_flow` names the table's phases and decides the next one (`decide`); this
  scene runs a phase's entry once (`_enter`) and its update on every still frame
  (`_update_phase`), in the order of Tuxemon's combat phases (`_advance`).
- `table_input.TableInput`: keys and clicks turned into choices (focus, selection, hover).
- `table_chrome.TableChrome` (log drawer, top bar, Inspect, choice strip, tooltips),
  `table_hints.TableHints` (advisor, yaku watch), `table_cues.TableCues` (the game's own
  cues), `table_info.CardInfoPopover` (a card's popover): each owns its state.
- `TableView` draws and animates; `TableModel` holds what the table shows; `Chronicle` the log.
- The parts share a `table_context.TableContext` (the app, the session, the view, the panel
  and whose hand is face up) and call one another by name, never through this scene; what
  they ask of the table itself is `TableVerbs` (act, undo, open a screen).
- Two adapters hold the two kinds of table that differ: `table_party` (the phones of a
  party game, or none) and `table_trial` (a game kept, or a round tried from the review).

The scene itself keeps whose view is on screen (`shown_view`), feeds the engine's events to
the view one by one, and places the cards for the window's layout. `shown_view` is the private
view of the seat whose hand is face up on this screen (`face_up_seat`), and the engine's public
view (seat -1) whenever no hand is (a hot-seat table between turns and before the first
hand-over, a party game's shared table with nobody here): every part of the table reads it or
`live_view`, never a seat's view of its own choosing, so a face-down hand is never listed,
named or shown, and "you" is always the face-up seat (issue 42).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.actions import TAKE, Action
from game.engine.cards import INDEX
from game.engine.events import Event
from game.engine.view import PlayerView
from game.engine.vocab import EventKind
from game.i18n import N_, _
from game.play.chronicle import Chronicle
from game.play.driver import PlayDriver
from game.play.present import seat_infos
from game.play.prompt import Turn, sit_out_text, turn_prompt
from game.play.round_end import round_end_view
from game.play.session import GameSession, Step
from game.ui import theme
from game.ui.cues import DealTicks, cue_for
from game.ui.layout import Layout
from game.ui.model import Seating, TableModel
from game.ui.moments import LASTING
from game.ui.panels import DecisionPanel, draw_sit_out
from game.ui.scene import Scene
from game.ui.scenes.table_chrome import TableChrome
from game.ui.scenes.table_context import TableContext
from game.ui.scenes.table_cues import TableCues
from game.ui.scenes.table_hints import TableHints
from game.ui.scenes.table_info import CardInfoPopover
from game.ui.scenes.table_input import TableInput
from game.ui.scenes.table_moments import TableMoments
from game.ui.scenes.table_party import NoPhones, phones_for
from game.ui.scenes.table_stage import TableStage
from game.ui.scenes.table_trial import keeping_for

if TYPE_CHECKING:
    from game.party.host import PartyHost
from game.play.terms import plain, round_label
from game.ui.table_flow import Cue, Facts, TablePhase, decide
from game.ui.table_view import TableInfo, TableView

K = EventKind
# seconds at Normal speed (TABLE.md §8), by the engine's event kinds
DURATIONS = {K.DEALT: 0.22, K.PLAYED: 0.26, K.PLACED: 0.08, K.CAPTURED: 0.32, K.DREW: 0.15,
             K.RESHUFFLE: 0.3, K.TEYAKU: 0.2}
HOLDS = {K.CAPTURED: 0.12, K.DREW: 0.3}
STAMPS = {K.SAGE: N_("下げ Sage!"), K.SHOUBU: N_("勝負 Shoubu!"), K.CANCEL: N_("取消 Cancel!"),
          K.MIZUTEN: N_("不見転 Mizuten!"), K.JOIN: N_("Joined ✓"), K.DROP: N_("Dropped"),
          K.SWAP: N_("Swapped hands"), K.FORCED_OUT: N_("Forced out"),
          K.BLANK: N_("Blank card"), K.WALKOVER: N_("Walkover")}  # shown with _()
THINKING_AFTER = 0.4


class TableScene(Scene):
    name = "table"

    def __init__(self, app, session: GameSession, *, trial: bool = False,  # noqa: ANN001
                 party: PartyHost | None = None) -> None:
        super().__init__(app)
        self.session = session
        # a "Try it" from the game review (issue 27): this round only, and nothing written
        # (no autosave, record or statistics): its end goes back to the review
        self.keeping = keeping_for(trial)
        self.driver = PlayDriver(session, self.keeping.paths(app.paths), tell=self._tell,
                                 min_think=lambda: app.settings.ai_min_time, clock=app.now)
        self.worker = self.driver.worker  # the plates' "thinking" reads it
        # a party game (issue 28): the phones play their seats through the host, which this
        # table drives with its own driver; the window never shows a phone's hand
        self.phones: NoPhones = phones_for(party, self.driver,
                                           app.paths.autosave if app.paths else None)
        self.tv = TableView(app.renderer)
        self.tv.model = TableModel(len(session.seats))
        self.panel = DecisionPanel()
        self.panel.on_choose = self.act
        self.ctx = TableContext(app, session, self.tv, self.panel, speed=lambda: self.speed,
                                trial=trial)
        self._phase = TablePhase.START
        self.pending: list[Event] = []  # events fed and not shown yet
        self.dirty = False  # events were fed: the view is read again once they are shown
        self.chronicle = Chronicle(session.names(), session.rs.carry_rule is not None,
                                   session.rs.decision_words)
        self.log = self.chronicle.lines
        self.statuses = self.chronicle.statuses
        self.stamps: dict[int, tuple[str, float]] = {}  # seat -> (stamp, shown until)
        ctx = self.ctx  # the parts, each given the context and the peers it calls
        self.stage = TableStage(ctx)
        self.cues = TableCues(ctx, self)
        self.moments = TableMoments(ctx)  # cut-ins, stamps, the round-end beat (issue 26)
        self.deal_ticks = DealTicks()  # a tick as each dealt card lands
        self.hints = TableHints(ctx, self.stage, self.cues)
        self.input = TableInput(ctx, self, self.stage, self.hints)
        self.card_info = CardInfoPopover(ctx, self.input, self.hints)
        self.chrome = TableChrome(ctx, self, self.stage, self.input, self.card_info)
        self.input.wire(self.chrome, self.card_info)
        self.stage.docked = self.chrome.needs_dock
        self.ledgers_seen = len(session.st.results)  # rounds whose ledger was dismissed
        self._in_round: PlayerView | None = None  # the round's last view, for its ledger
        if session.st.history:  # a continued game: the log, the plates, the open ledger
            self.chronicle.replay(session.past_events)
            if session.next_step() is Step.DEAL and session.st.results:
                self.ledgers_seen = len(session.st.results) - 1
        self.shown_view: PlayerView = self._view()
        if session.st.history:  # show the table as it stands
            self.tv.model.sync(self.shown_view, self._show_hand_of())

    # --- the state the parts share (kept in the context) ----------------------------
    @property
    def shown_view(self) -> PlayerView:
        return self.ctx.shown_view  # type: ignore[return-value]

    @shown_view.setter
    def shown_view(self, view: PlayerView) -> None:
        self.ctx.shown_view = view

    @property
    def viewer(self) -> int:
        return self.ctx.viewer

    @viewer.setter
    def viewer(self, seat: int) -> None:
        self.ctx.viewer = seat

    @property
    def confirmed(self) -> bool:
        return self.ctx.confirmed

    @confirmed.setter
    def confirmed(self, value: bool) -> None:
        self.ctx.confirmed = value

    @property
    def hotseat(self) -> bool:
        return self.ctx.hotseat

    @property
    def trial(self) -> bool:
        return self.keeping.trial

    @property
    def phase(self) -> TablePhase:
        return self._phase

    @phase.setter
    def phase(self, phase: TablePhase) -> None:
        self._phase = phase
        self.ctx.handing_over = phase is TablePhase.HANDOVER

    @property
    def party(self) -> PartyHost | None:
        """The party host whose phones play here (the pause menu's Phones), or None."""
        return self.phones.host

    # --- whose view is on screen -----------------------------------------------------
    def face_up_seat(self) -> int | None:
        """The seat whose hand is face up here (TableContext.face_up_seat)."""
        return self.ctx.face_up_seat()

    def _show_hand_of(self) -> int | None:
        """The seat whose hand the model shows face up (`face_up_seat`; tests read it)."""
        return self.face_up_seat()

    def live_view(self) -> PlayerView:
        """The game as it stands now, as the table may show it (TableContext.live_view);
        `shown_view` is this view as of the last event shown."""
        return self.ctx.live_view()

    def _view(self) -> PlayerView:
        v = self.live_view()
        if len(v.results) > self.ledgers_seen and v.phase in ("deal", "over"):
            v = round_end_view(v, self._in_round)  # until its ledger is dismissed
        elif v.phase != "deal":
            self._in_round = v
        return v

    def human_to_move(self) -> bool:
        """The human on screen may act now (TableContext.human_to_move)."""
        return self.ctx.human_to_move()

    def relabel(self) -> None:
        """The language changed: the log is told again in the new words (issue 23)."""
        self.chronicle.retell(self._names())
        super().relabel()

    def input_context(self) -> object:
        """A held key never crosses a move, a decision panel or a hand-over (issue 23):
        a press belongs to the position, the seat on screen and the panel it went down in."""
        return (self.session.move_key(), self.viewer, self.confirmed, self.panel.visible,
                self.moments.active)

    def _names(self) -> list[str]:
        return self.session.names()

    # --- lifecycle --------------------------------------------------------------------
    def resume(self) -> None:
        self.stage.retarget(0)

    def shutdown(self) -> None:
        self.driver.shutdown()
        self.hints.shutdown()
        self.phones.stop()  # the server listens only while the party game is open

    @property
    def finished(self) -> bool:
        return self.phase is TablePhase.OVER

    @property
    def play_started(self) -> bool:
        """The round's first turn has been shown."""
        return self.chronicle.play_started

    @property
    def speed(self) -> float:
        return 0.0 if self.driver.fast else self.app.settings.speed_factor

    def busy(self) -> bool:
        """Cards are moving, a moment plays or events wait to be shown."""
        return self.tv.anim.running or bool(self.pending) or self.moments.active

    def sitting_out(self) -> bool:
        return self.ctx.sitting_out()

    def fast_forward(self) -> None:
        """Play the round the humans sit out to its ledger with instant animations."""
        if self.sitting_out():
            self.driver.fast = True
            self.skip()

    def skip(self) -> None:
        """Finish every queued motion at once (the end state is the resting table)."""
        for _i in range(1000):
            self.tv.anim.finish()
            self.moments.skip()
            if not self.pending:
                break
            self._animate_pending()
        self.tv.anim.finish()
        self.moments.skip()

    def open_pause(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.app.stack.push(PauseScene(self.app, self))

    def open_inspect(self) -> None:
        """C, or a click on a capture row: every captured card, by seat."""
        from game.ui.scenes.inspect import InspectScene

        self.app.stack.push(InspectScene(self.app, self))

    def on_top(self) -> bool:
        """No overlay over the table now."""
        return self.app.stack.top is self

    def process_event(self, event: pygame.event.Event, intent: object) -> bool:
        self._sync_panel()
        if self.moments.handle(event):  # a press that finishes a moment does nothing else
            return True
        return self.input.handle(event, intent)  # type: ignore[arg-type]

    def current_layout(self) -> tuple[Layout, Seating]:
        """The layout and seating on screen (TableStage.current)."""
        return self.stage.current()

    # --- events -> animation ----------------------------------------------------------
    def feed(self, events: list[Event]) -> None:
        """Queue an action's events; the table re-reads the view once they are shown
        (also when there are none: a pass changes the view without any event)."""
        self.pending.extend(events)
        self.dirty = True
        self.phones.note(events)  # the phones' log

    def _animate_pending(self) -> None:
        """Apply pending events to the model until one needs motion, then animate it."""
        model = self.tv.model
        while self.pending:
            ev = self.pending.pop(0)
            model.apply(ev)  # before the cues: a yaku cut-in gathers the cards shown
            if self._note(ev):
                return  # a moment plays first; the rest waits for it (update)
            dur = DURATIONS.get(ev.kind, 0.0)
            if ev.kind == K.DEALT:
                n = max(1, len(model.deal_order))
                step = min(0.06, 1.4 / n) * self.speed
                self.stage.retarget(DURATIONS[K.DEALT], stagger=model.deal_order,
                                    stagger_step=step)
                self.deal_ticks.arm(model.deal_order)
                return
            if dur:
                self.stage.retarget(dur, hold=HOLDS.get(ev.kind, 0.0) * self.speed)
                if self.tv.anim.running:
                    return
        # batch done: the view is the truth (hands flip face up for their owner here)
        self.dirty = False
        self.shown_view = self._view()
        model.sync(self.shown_view, self._show_hand_of())
        self.stage.retarget(0.2)

    def _note(self, ev: Event) -> bool:
        """Log line, sound, stamps and moments for one event; play's start and the round's
        end are cues for the flow (the reveal, the ledger). True when a moment starts."""
        first_turn = ev.kind == K.TURN and not self.chronicle.play_started
        self.chronicle.note(ev)
        sound = cue_for(ev)
        if sound:
            self.app.audio.play(sound)
        if ev.kind in STAMPS and ev.seat >= 0 and ev.kind not in LASTING:
            self.stamps[ev.seat] = (plain(_(STAMPS[ev.kind])), self.app.now() + 1.2)
        moment = self.moments.note(ev)  # a lasting call is stamped there
        if first_turn:
            self._advance(Cue.FIRST_TURN)
        elif ev.kind == K.ROUND_END:
            self._advance(Cue.ROUND_END)
        return moment

    # --- the flow -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.phones.sync()  # the phones see every move at once, animated here or not
        self.tv.anim.update(dt)
        if self.deal_ticks.landed(self.tv.anim.arrived):
            self.app.audio.play("deal_tick")
        self.moments.update(dt)
        self.hints.update()
        self.cues.update()  # a curriculum game opens with its tier's card
        self.stage.warm()
        if self.tv.anim.running or self.moments.active:
            return
        if self.pending or self.dirty:
            self._animate_pending()
            return
        if self.stage.place():
            return
        self._advance()

    def _facts(self) -> Facts:
        session, st = self.session, self.session.st
        return Facts(step=session.next_step(), teyaku=self.has_teyaku(),
                     reveal_due=self.chronicle.reveal_due,
                     ledger_open=len(st.results) > self.ledgers_seen,
                     guided_stop=0 < session.guided_stop <= st.rounds_played,
                     moment=self.moments.active,
                     handover=self.hotseat and (not self.confirmed
                                                or self.viewer != st.to_move))

    def _advance(self, cue: Cue = Cue.STILL) -> None:
        """The flow, as Tuxemon's combat runs its phases: decide the next phase (the one
        place that decides: table_flow.decide), run its entry once, then, on a still frame,
        its update."""
        phase = decide(self.phase, cue, self._facts())
        if phase is not self.phase:
            self.phase = phase
            self._enter(phase)
        if cue is Cue.STILL:
            self._update_phase()

    def _enter(self, phase: TablePhase) -> None:
        """A phase's entry, run once when the flow reaches it: the overlay it opens."""
        app = self.app
        if phase is TablePhase.REVEAL and not self.driver.fast:  # fast: the log has it
            from game.ui.scenes.teyaku import TeyakuScene

            app.stack.push(TeyakuScene(app, self))
        elif phase is TablePhase.LEDGER:
            self.driver.fast = False  # fast-forward stops at the ledger
            self.driver.autosave()
            from game.ui.scenes.scoring import ScoringScene

            app.stack.push(ScoringScene(app, self))
        elif phase is TablePhase.GUIDED_STOP:
            self.session.guided_stop = 0  # the guided game asks once (issue 13)
            from game.ui.scenes.tour import GuidedStopScene

            app.stack.push(GuidedStopScene(app))
        elif phase is TablePhase.HANDOVER:
            self._open_handover()
        elif phase is TablePhase.OVER:
            self._game_over()

    def _update_phase(self) -> None:
        """Every still frame in PLAY: the driver's next step, or the human's turn."""
        if self.phase is not TablePhase.PLAY:
            return
        events = self.driver.advance()
        if events is None and self.session.next_step() is Step.PHONE:
            events = self.phones.take()  # a phone's move, taken when the table is still
        if events is not None:
            self.feed(events)
        elif self.session.next_step() is Step.HUMAN:
            self._human_turn()

    def _open_handover(self) -> None:
        """Hot-seat: every hand face down, then the next human confirms (TABLE.md §5.11)."""
        from game.ui.scenes.handover import HandoverScene

        self.confirmed = False
        self.shown_view = self._view()
        self.tv.model.sync(self.shown_view, None)
        self.stage.retarget(0)
        self.app.stack.push(HandoverScene(self.app, self, self.session.st.to_move))

    def handover_confirmed(self, seat: int) -> None:
        self.viewer = seat
        self.confirmed = True
        self.shown_view = self._view()
        self.tv.model.sync(self.shown_view, self._show_hand_of())
        self.stage.replan()
        self.stage.retarget(0.2)
        self.app.audio.play("your_turn")

    def _human_turn(self) -> None:
        seat = self.session.st.to_move
        if self.viewer != seat:  # one human: never happens; keep the view consistent
            self.viewer = seat
        if self.shown_view.to_move != seat or not self.shown_view.legal:
            self.shown_view = self._view()
            self.tv.model.sync(self.shown_view, self._show_hand_of())
            self.stage.retarget(0.2)
        self._sync_panel()
        if self.shown_view.phase == "take":
            only = self.input.candidates()
            if len(only) == 1:  # one card to take, or only interchangeable ones: no question
                self.act(Action(self.viewer, TAKE, (INDEX[only[0]],)))

    def _sync_panel(self) -> None:
        """Show the decision panel exactly while the human on screen has a decision."""
        if self.human_to_move() and not self.pending and not self.dirty:
            self.panel.prepare(self.shown_view, self._names())
        elif self.panel.visible:
            self.panel.clear()

    def act(self, action: Action) -> bool:
        """The human's chosen action; False (and a thud) if the engine refuses it."""
        if not self.human_to_move() or action not in self.shown_view.legal:
            self.app.audio.play("refuse")
            return False
        self.input.reset()  # a new turn starts unfocused
        self.panel.clear()
        self.feed(self.driver.apply(action))
        if self.hotseat and not (self.session.next_step() is Step.HUMAN
                                 and self.session.st.to_move == self.viewer):
            self.confirmed = False  # privacy: the hand turns face down at once,
            self.tv.model.hide_hand(self.viewer)  # before its move is animated
            self.stage.retarget(0)
        self.shown_view = self._view()
        return True

    def next_round(self) -> None:
        """Called by the scoring overlay's Next button: the table moves on to the totals,
        dealer and round the engine already holds (or to the result)."""
        self.ledgers_seen = len(self.session.st.results)
        self.moments.ledger_closed()
        if self.keeping.leaves_after_round():  # the tried round is over: back to the review
            self.app.stack.pop(self)
            return
        self._advance(Cue.LEDGER_CLOSED)
        if not self.finished:
            self.shown_view = self._view()
            self.tv.model.sync(self.shown_view, self._show_hand_of())

    def _game_over(self) -> None:
        """The game ended: kept (record, statistics), then the result screen."""
        from game.ui.scenes.message import MessageScene
        from game.ui.scenes.result import ResultScene

        if self.keeping.leaves_at_end():  # never a result screen for a tried round
            self.app.stack.pop(self)
            return
        kept = self.driver.finish()
        self.app.last_record_path = kept.path
        self.phones.game_over()  # the game is over: its links with it
        self.app.stack.reset(ResultScene(self.app, self.session, kept.path))
        if kept.problem:
            self.app.stack.push(MessageScene(self.app, _("Record not saved"), kept.problem))
        if kept.told:
            self.app.stack.push(MessageScene(self.app, _("Statistics"), kept.told))

    # --- a party game (issue 28) ----------------------------------------------------------
    def phones_changed(self) -> None:
        """A phone seat went to a computer (the lobby's Computer plays): its plate says so
        at once; with no phone left, the server closes and its links are forgotten."""
        if self.phones.seat_left():
            self.phones = NoPhones()

    def open_lobby(self) -> None:
        """The pause menu's Phones: the links, who is here, a new link, a computer."""
        if self.party is None:
            return
        from game.ui.scenes.lobby import LobbyScene

        self.app.stack.push(LobbyScene(self.app, self.session, self.party, table=self))

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
        self.pending.clear()
        self.dirty = False
        self.tv.anim.finish()
        events = self.driver.undo()
        if events is None:
            self.app.audio.play("refuse")
            return False
        self.chronicle = Chronicle(self._names(), self.session.rs.carry_rule is not None,
                                   self.session.rs.decision_words)
        self.chronicle.replay(events)
        self.log, self.statuses = self.chronicle.lines, self.chronicle.statuses
        self.stamps.clear()
        self.moments.reset()
        self.input.reset()
        self.panel.clear()
        model = TableModel(len(self.session.seats))  # the round's cards in shown order
        for ev in events:
            model.apply(ev)
        self.tv.model = model
        self.shown_view = self._view()
        model.sync(self.shown_view, self._show_hand_of())
        model.origins = {}
        self.stage.retarget(0)
        self._advance(Cue.UNDONE)
        return True

    # --- files ------------------------------------------------------------------------
    def autosave(self) -> None:
        """Bring the autosave up to date (the pause menu's Save and quit)."""
        self.driver.autosave()

    def save_now(self) -> None:
        """One more autosave, said to nobody (the program is leaving: game.app.stop_now)."""
        self.driver.save_now()

    def _tell(self, title: str, text: str) -> None:
        """The driver's news (an autosave that failed), in a message over the table."""
        from game.ui.scenes.message import MessageScene

        self.app.stack.push(MessageScene(self.app, title, text))

    # --- drawing ------------------------------------------------------------------------
    def info(self) -> TableInfo:
        """What the top bar, the plates and the log show now (drawn, and read by the
        chrome's log drawer)."""
        return self._info()

    def _info(self) -> TableInfo:
        v = self.shown_view
        rs = self.session.rs
        now = self.app.now()
        thinking = self.driver.thinking(THINKING_AFTER)  # by the driver's clock: the app's
        specs = self.session.seats
        stamped = self.moments.stamp_words()  # a stamped call is not said twice on its plate
        statuses = {s: w for s, w in self.statuses.items() if stamped.get(s) != w}
        # a phone whose page is closed: its plate says so
        statuses.update({s: _("phone away") for s in self.phones.away()})
        seats = seat_infos(v, self._names(), [s.describe() for s in specs], rs, statuses,
                           {i: w for i, (w, until) in self.stamps.items() if until > now},
                           v.to_move if thinking else None, [s.describe_short() for s in specs])
        self.moments.adjust(seats)  # the round-end beat counts the totals up
        rnd = round_label(v.round, v.rounds_planned)
        return TableInfo(title=self.cues.title(), round_text=rnd, multiplier=v.multiplier,
                         carry=v.carry, pot=v.pot, to_move=v.to_move, seats=seats,
                         prompt=self._prompt(thinking), log=self.log,
                         undo=self.can_undo(), field_multiplier=rs.carry_rule is not None)

    def has_teyaku(self) -> bool:
        """The engine's catalogue has teyaku that stand in play: else no reveal panel
        (curriculum tier 1; Koi-Koi, whose dealt hands win before the first turn)."""
        rs = self.session.rs
        return rs.teyaku_stand_in_play and any(e.category == "teyaku" for e in rs.entries)

    def _prompt(self, thinking: bool) -> str:
        if self.busy():
            return ""
        if self.tv.dock == "teyaku":
            return _("Teyaku shown — Enter or Continue to play on")
        model, st = self.tv.model, self.session.st
        return turn_prompt(self.shown_view, self._names(), Turn(
            self.session.next_step(), st.to_move, self.viewer, self.human_to_move(),
            self.hotseat, thinking, len(self.input.candidates()), self.input.selected,
            model.reveal if model else None,
            st.to_move in self.phones.away()))

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
        self.tv.watch_share = self.hints.sidebar_share(L)  # log 60 %, watch 40 %
        self.tv.watch_need = self.hints.sidebar_need(L)  # or its top entries whole
        self.tv.prompt_reserve = self.hints.buttons_width(L)
        self.tv.draw(surface, L, info, seat, self.input.states(), panel_h)
        if self.input.keys_in_use and self.human_to_move() \
                and self.shown_view.phase == "play" and not self.input.candidates():
            self.tv.draw_numbers(surface, self.input.hand_numbers(), L.small)
        self.chrome.draw_choice(surface, L)  # candidates whole, numbered, named
        self.input.ff_rect = None
        if self.sitting_out():
            band = L.hand.clip(L.table)  # the prompt row above stays readable
            band.x, band.w = L.plate.right + 8, L.table.right - L.plate.right - 16
            self.input.ff_rect = draw_sit_out(
                surface, band, theme.size_of("body", L.window.h),
                sit_out_text(self._names(), self.session.humans,
                             self.hotseat or bool(self.session.phones)),
                self.driver.fast,
                # "You were forced out" only to the seat whose hand is face up here
                self.chronicle.why(self.viewer, not self.hotseat
                                   and self.face_up_seat() == self.viewer))
        decision_rect = self.chrome.panel_rects(L)[1]
        if self.panel.visible and decision_rect is not None and self.human_to_move():
            self.panel.draw(surface, decision_rect, theme.size_of("body", L.window.h),
                            self.input.row == "panel")
        self.cues.draw(surface, L)  # Nuki's missing months, Hachi's month table
        self.hints.draw(surface, L)
        self.moments.draw(surface, L, seat)  # stamps; a cut-in over the table
        self.chrome.draw_top(surface, L)
        self.card_info.draw(surface, L)  # the card info popover, over everything
