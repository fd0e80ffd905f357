"""A party game's host (issue 28): one `GameSession` driven by the game's own driver
(game/ui/play_driver.py, the same as the window's table), with the phones as its human seats.

`poll()` is the host's heartbeat (the window's frame, or the headless loop of `python -m game
host`): it takes the phones' actions from the server's queue (each checked by the engine like
any other: a stale, forged or illegal one is refused and the game is unchanged), makes the
game's automatic steps (deals, chance, computers), and publishes every phone its own seat's
view and the table page the public part, whenever something changed.
"""

from __future__ import annotations

import logging
import queue
import threading
import time

from game import storage
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.party.protocol import table_message, view_message
from game.party.server import PartyServer
from game.ui.play_driver import PlayDriver
from game.ui.session import GameSession, Step

log = logging.getLogger(__name__)


class PartyHost:
    """Runs one party game: `start()`, then `poll()` until `over`; `stop()` closes it."""

    def __init__(self, session: GameSession, phones: list[int],
                 paths: storage.Paths | None = None, *, bind: str = "127.0.0.1",
                 port: int = 0, hints: bool = False, think: float = 0.0) -> None:
        bad = [s for s in phones if not 0 <= s < len(session.seats)
               or not session.seats[s].is_human]
        if bad:
            raise ValueError(f"phone seats must be human seats of the game, not {bad}")
        self.session = session
        self.phones = list(phones)
        self.driver = PlayDriver(session, paths, min_think=lambda: think)
        self.server = PartyServer(self.phones, bind, port)
        self.server.on_change = self._seats_changed
        self.hints = hints
        self.serial = 0
        self.refused = 0  # actions the engine or the turn order refused
        self.started = False  # the lobby is over: every phone joined once
        self.applied_at: list[float] = []  # when each phone action was applied (latency)
        self._dirty = threading.Event()
        self.events: list[tuple[object, int]] = []  # the game's events (its log), bounded

    @property
    def over(self) -> bool:
        return self.session.next_step() is Step.OVER

    def start(self) -> PartyHost:
        self.server.start()
        self.publish()
        return self

    def stop(self) -> None:
        self.server.stop()
        self.driver.shutdown()

    def _seats_changed(self) -> None:  # the server's thread: only a flag
        self._dirty.set()

    def away(self) -> tuple[int, ...]:
        return tuple(s for s, here in self.server.joined().items() if not here)

    # --- the heartbeat ---------------------------------------------------------------------
    def poll(self) -> bool:
        """One step of the party; True when the game changed."""
        changed = self._take_actions()
        if not self.started:
            if all(st.joined_once for st in self.server.seats.values()):
                self.started = True
                changed = True
        else:
            events = self.driver.advance()
            if events is not None:
                self._keep(events)
                changed = True
        if changed or self._dirty.is_set():
            self._dirty.clear()
            if changed:
                self.serial += 1
            self.publish()
        return changed

    def _take_actions(self) -> bool:
        changed = False
        while True:
            try:
                seat, action, serial = self.server.actions.get_nowait()
            except queue.Empty:
                return changed
            if self._apply(seat, action, serial):
                changed = True
                self.applied_at.append(time.perf_counter())
            else:
                self.refused += 1
                self._publish_seat(seat)  # the phone sees the table as it is

    def _apply(self, seat: int, action: object, serial: int) -> bool:
        """A phone's action, if it is that seat's turn, answers the view on its screen and
        the engine takes it."""
        s = self.session
        if not self.started or not isinstance(action, Action) or serial != self.serial:
            return False
        if s.next_step() is not Step.HUMAN or s.st.to_move != seat or action.seat != seat:
            return False
        try:
            self._keep(self.driver.apply(action))
        except (IllegalAction, ValueError) as e:
            log.info("party: seat %d's action %s refused: %s", seat, action, e)
            return False
        return True

    def _keep(self, events: list) -> None:
        rnd = self.session.view(self.phones[0] if self.phones else 0).round
        self.events.extend((ev, rnd) for ev in events)
        del self.events[:-200]

    # --- publishing --------------------------------------------------------------------
    def publish(self) -> None:
        for seat in self.phones:
            self._publish_seat(seat)
        view = self.session.view(self.phones[0] if self.phones else 0)
        self.server.publish_table(table_message(view, self.session.names(), self.serial,
                                                self.away(), self.events))

    def _publish_seat(self, seat: int) -> None:
        if not self.started:
            self.server.publish(seat, {"t": "waiting", "joined": [
                s for s, st in self.server.seats.items() if st.joined_once]})
            return
        lang = self.server.seats[seat].lang
        msg = view_message(self.session.view(seat), self.session.names(), self.serial, lang,
                           hints=self.hints, away=self.away(), events=self.events)
        self.server.publish(seat, msg)

    def run(self, tick: float = 0.01, stop: threading.Event | None = None) -> storage.Kept:
        """Poll until the game is over (or `stop` is set); then keep the finished game."""
        while not self.over and not (stop is not None and stop.is_set()):
            if not self.poll():
                time.sleep(tick)
        self.poll()
        return self.driver.finish() if self.over else storage.Kept()


__all__ = ["PartyHost"]
