"""The game's driver: moves one `GameSession` on, for any front end. No pygame here.

The table scene calls it every still frame; the party mode's network host can call it the
same way. It paces the game's steps (`step`: deal, chance, computer, human, over), runs the
computers in an `AiWorker` with a minimum thinking time (none while fast-forwarding), draws
the chance outcomes, applies a human's action, takes one back (`undo`), keeps the autosave up
to date (a failing save is told once, the AI notes are written beside it) and, at the end,
keeps the finished game (record, statistics: `game.storage.keep_finished`).

What a front end shows is its own business: the driver returns each step's engine events and
tells problems through `tell(title, text)`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from game import storage
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.i18n import _
from game.play.session import GameSession, Step
from game.play.worker import AiWorker

log = logging.getLogger(__name__)


def _quiet(title: str, text: str) -> None:
    """The default `tell`: a front end without a screen logs what it would have said."""
    log.warning("%s: %s", title, text)


class PlayDriver:
    """Paces one game: `advance()` makes the next automatic step (a deal, a chance outcome,
    a computer's move once it has thought long enough), `apply` a human's action, `undo`
    takes the human's last decision back, `finish` keeps the ended game."""

    def __init__(self, session: GameSession, paths: storage.Paths | None = None, *,
                 min_think: Callable[[], float] = lambda: 0.0,
                 tell: Callable[[str, str], None] = _quiet,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.session = session
        self.paths = paths  # None: nothing is written (a test, a front end without files)
        self.worker = AiWorker()
        self.ai_action: Action | None = None  # the computer's choice, held for its time
        self.thinking_since = 0.0  # when the computer to move began to think
        # fast-forward: the round the humans sit out plays on with no thinking time; the
        # front end turns it on, a new round turns it off
        self.fast = False
        self.save_problem: str | None = None  # the failing autosave's sentence, told once
        self._notes_saved: dict | None = None  # the AI notes last written beside it
        self._min_think = min_think  # seconds a computer seems to think (a setting)
        self._tell = tell
        self._clock = clock

    @property
    def step(self) -> Step:
        return self.session.next_step()

    def thinking(self, after: float) -> bool:
        """A computer has been thinking for more than `after` seconds."""
        return self.worker.busy and self._clock() - self.thinking_since > after

    # --- the steps ---------------------------------------------------------------------
    def advance(self) -> list[Event] | None:
        """The game's next automatic step, when it is due: the events it made (a pass may
        make none), or None when nothing happened (a computer still thinking, a human to
        act, the game over)."""
        step = self.step
        if step is Step.DEAL:
            events = self.session.deal()
            self.fast = False  # fast-forward never outlives the round it was asked for
            self.autosave()
            return events
        if step is Step.CHANCE:
            return self.session.chance()
        if step is Step.AI:
            return self._computer()
        return None

    def _computer(self) -> list[Event] | None:
        """The computer to move: start it thinking, and play its choice once it is ready
        and has seemed to think for the minimum time (no wait while fast-forwarding)."""
        session = self.session
        seat = session.st.to_move
        if self.ai_action is None and not self.worker.busy:
            self.thinking_since = self._clock()
            self.worker.start(session.agents[seat], session.view(seat))
        if self.ai_action is None:
            self.ai_action = self.worker.result()
        if self.ai_action is None:
            return None
        if not self.fast and self._clock() - self.thinking_since < self._min_think():
            return None
        action, self.ai_action = self.ai_action, None
        try:
            events = session.apply(action)
        except IllegalAction:
            log.exception("computer player chose an illegal action %s", action)
            events = session.apply(session.view(seat).legal[0])
        self.autosave()
        return events

    def apply(self, action: Action) -> list[Event]:
        """A human's action (IllegalAction, a ValueError, when the engine refuses it: the
        game is then unchanged)."""
        events = self.session.apply(action)
        self.autosave()
        return events

    def undo(self) -> list[Event] | None:
        """Take back the human's last decision (GameSession.undo): the game's public events
        so far, to tell again, or None when there is nothing to undo. The computer's thinking
        is dropped; so is fast-forward once the move is taken back."""
        self.worker.cancel()
        self.ai_action = None
        try:
            events = self.session.undo()
        except ValueError:  # cannot happen for a game this program played; never a crash
            log.exception("undo failed")
            return None
        if events is not None:
            self.fast = False
            self.autosave()
        return events

    # --- files -------------------------------------------------------------------------
    def autosave(self) -> None:
        """Bring the autosave up to the last move, the AI notes beside it. A failed save (a
        full disk) is told once, then retried quietly after every move until one works
        again (issue 12)."""
        if self.paths is None:
            return
        problem = storage.save_autosave(self.paths, self.session.record())
        notes = self.session.ai_notes
        if problem is None and self._notes_saved != notes:
            from game import replays  # the AIs' notes beside the autosave, for Continue

            replays.write_notes(self.paths.autosave, notes)
            self._notes_saved = dict(notes)
        if problem and not self.save_problem:
            self._tell(_("Not saved"), problem)
        self.save_problem = problem

    def save_now(self) -> None:
        """One more autosave, said to nobody (the program is leaving: game.app.stop_now)."""
        if self.paths is not None:
            storage.save_autosave(self.paths, self.session.record())

    def finish(self) -> storage.Kept:
        """The game is over: its record written and counted in the statistics, once
        (game.storage.keep_finished); what became of it, to tell."""
        if self.paths is None:
            return storage.Kept()
        session = self.session
        return storage.keep_finished(
            self.paths, session.record(), session.ai_notes, session.st,
            source=self.paths.autosave, save_first=True, resumed=bool(session.past_events))

    def shutdown(self) -> None:
        self.worker.shutdown()


__all__ = ["PlayDriver", "Step"]
