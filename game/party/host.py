"""A party game's host (issue 28): one `GameSession`, with phones as some of its human seats.

Two front ends drive it the same way. `python -m game host` (no window) calls `poll()` in a
loop: it takes the phones' actions, makes the game's automatic steps with its own driver and
publishes. The window's table (game/ui/scenes/table.py) drives the game with its own
`PlayDriver` (`attach`), takes the phones' actions with `take()` when the table is still and
it is a phone's turn, feeds their events to its animation, and calls `sync()` every frame.

Every phone action is checked by the engine like any other: a stale, forged or illegal one is
refused and the game is unchanged. Each phone receives only its own seat's view; the read-only
table page the public part.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Mapping

from game import storage
from game.engine.actions import Action
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.i18n import _, speaking
from game.party.protocol import (
    encode,
    notice,
    over_message,
    rejected_message,
    status_message,
    table_message,
    view_message,
    waiting_message,
)
from game.party.server import PartyServer
from game.party.transport import Combined, PartFailed, SeatTransport
from game.play.driver import PlayDriver
from game.play.session import GameSession, Step

log = logging.getLogger(__name__)


class PartyHost:
    """Runs one party game: `start()`; then `poll()` until `over` (no window), or the table's
    `take()` and `sync()`; `stop()` closes the server."""

    def __init__(self, session: GameSession, phones: list[int] | None = None,
                 paths: storage.Paths | None = None, *, bind: str = "127.0.0.1",
                 port: int = 0, hints: bool = False, think: float = 0.0,
                 tokens: dict[int, str] | None = None, table_token: str | None = None,
                 auto_start: bool = True, default_names: dict[int, tuple[str, int]] | None = None,
                 window: bool = False, transport: SeatTransport | None = None,
                 relay: str | None = None, online_kept: Mapping[str, object] | None = None
                 ) -> None:
        """`phones`: human seats to play on phones (default: the session's phone seats).
        `auto_start`: the game starts once every phone has joined (no window); the window's
        lobby starts it with its Start button instead (`begin`). `default_names`: seats
        named by the program, not by a player ({seat: (N_("Phone {n}"), n)}): each page
        shows them in its own language. `window`: the desktop window hosts (its screen
        offers the next game). `transport`: what carries the seats' messages (default: the
        home network's PartyServer on `bind`:`port`; game.party.transport). `relay`: the
        relay's address for the session's online seats (issue 46), which then go through a
        RelayTransport (`online_kept`: its `kept()` of a continued game, whose relay serves
        when `relay` is None), the other phones through the PartyServer, both as one
        `Combined` transport."""
        if phones is not None:
            bad = [s for s in phones if not 0 <= s < len(session.seats)
                   or not session.seats[s].is_human]
            if bad:
                raise ValueError(f"phone seats must be human seats of the game, not {bad}")
            session.to_phone(phones)
        if not session.phones:
            raise ValueError("a party game needs at least one phone seat")
        self.session = session
        self.driver = PlayDriver(session, paths, min_think=lambda: think)
        self._own_driver = True
        self.server: SeatTransport = transport or _transport(
            session, bind, port, tokens, table_token, relay, online_kept)
        self.hints = hints
        self.auto_start = auto_start
        self.default_names = dict(default_names or {})
        self.window = window
        self.serial = 0
        self.refused = 0  # actions the engine or the turn order refused
        self.started = False  # the lobby is over
        self.applied_at: list[float] = []  # when each phone action was applied (latency)
        self._dirty = threading.Event()
        self._published: object = None  # the game's position last published
        self._away: tuple[int, ...] | None = None  # the away seats last told
        self._told_over = False
        self.events: list[tuple[object, int]] = []  # the game's events (its log), bounded

    @property
    def phones(self) -> list[int]:
        return self.session.phones

    @property
    def over(self) -> bool:
        return self.session.next_step() is Step.OVER

    def start(self) -> PartyHost:
        """Listen (OSError when the address or port cannot be had)."""
        self.server.start()
        self.publish()
        return self

    def stop(self) -> None:
        """Close the server (and the host's own driver; an attached table's is its own)."""
        self.sync()  # a game that just ended tells its pages before they close
        self.server.stop()
        if self._own_driver:
            self.driver.shutdown()

    def attach(self, driver: PlayDriver) -> None:
        """The window's table drives the game with its own driver (its thinking time, its
        messages, its autosave)."""
        if driver is not self.driver:
            self.driver.shutdown()
            self.driver = driver
            self._own_driver = False

    def names(self, lang: str | None = None) -> list[str]:
        """The seats' names in a page's language (the program's own names translated)."""
        with speaking(lang):
            names = self.session.names()
            for seat, (words, n) in self.default_names.items():
                if 0 <= seat < len(names):
                    names[seat] = _(words).format(n=n)
        return names

    # --- the seats ----------------------------------------------------------------------
    def away(self) -> tuple[int, ...]:
        """The phone seats with no page open now."""
        return tuple(s for s, here in self.server.joined().items() if not here)

    def all_joined(self) -> bool:
        """Every phone seat has been opened since its link was made (the lobby's Start)."""
        return all(st.joined_once for st in self.server.seats.values())

    def begin(self) -> None:
        """The lobby's Start: the game goes on."""
        self.started = True
        self._dirty.set()

    def link(self, seat: int) -> str:
        return self.server.link(seat)

    def reissue(self, seat: int) -> str:
        """A new link for a phone seat (the old one stops working: the host's kick); the
        seat waits for its phone again."""
        link = self.server.reissue(seat)
        self._dirty.set()
        return link

    def give_to_computer(self, seat: int, agent: str) -> None:
        """A computer plays this phone seat from now on (its phone went away for good)."""
        self.session.to_computer(seat, agent)
        self.server.retire(seat)
        self._dirty.set()

    def table_link(self) -> str | None:
        """The read-only table page's address (None: only online seats, no page here)."""
        table_link = getattr(self.server, "table_link", None)
        return table_link() if callable(table_link) else None

    @property
    def bind(self) -> str | None:
        """The home network's address the phones reach (None: no phone on it)."""
        server = self.server
        if isinstance(server, Combined):
            server = server.parts.get("home")  # type: ignore[assignment]
        return getattr(server, "bind", None)

    def is_online(self, seat: int) -> bool:
        """The seat is played from anywhere through the relay (its lobby card says Online)."""
        return 0 <= seat < len(self.session.seats) and self.session.seats[seat].online

    def keep(self) -> dict:
        """What a continued game needs to open the same links (game.party.keep): the
        transport's to say (an address and tokens, or a relay, a room and seat keys)."""
        return self.server.kept()

    # --- the heartbeat ---------------------------------------------------------------------
    def poll(self) -> bool:
        """One step of a party without a window; True when the game changed."""
        changed = self._keep(self.take() or [])
        if not self.started and self.auto_start and self.all_joined():
            self.begin()
            changed = True
        if self.started:
            events = self.driver.advance()
            if events is not None:
                self._keep(events)
                changed = True
        self.sync()
        return changed

    def take(self) -> list[Event] | None:
        """The phones' actions waiting, applied in order: their events (None when none was
        applied). A refused one is told to its phone, which sees the table as it is."""
        out: list[Event] | None = None
        while True:
            try:
                seat, action, serial = self.server.actions.get_nowait()
            except queue.Empty:
                return out
            events = self._apply(seat, action, serial)
            if events is None:
                self.refused += 1
                lang = self._lang(seat)
                self.server.tell(seat, rejected_message(serial, lang))
                self._publish_seat(seat)
                continue
            self.applied_at.append(time.perf_counter())
            self.sync()  # a second action must answer the view after this one
            out = (out or []) + events

    def _apply(self, seat: int, action: object, serial: int) -> list[Event] | None:
        """A phone's action, if it is that seat's turn and it answers the view on its
        screen: the engine's events; None when refused."""
        s = self.session
        if not self.started or not isinstance(action, Action) or serial != self.serial:
            return None
        if s.next_step() is not Step.PHONE or s.st.to_move != seat or action.seat != seat:
            return None
        try:
            return self.driver.apply(action)
        except (IllegalAction, ValueError) as e:
            log.info("party: seat %d's action %s refused: %s", seat, action, e)
            return None

    def note(self, events: list[Event]) -> None:
        """Events the window's table made (deals, computers, a human here): for the log."""
        self._keep(events)

    def _keep(self, events: list) -> bool:
        if not events:
            return False
        st = self.session.st  # the round the view would say, without building a view
        rnd = st.rounds_played + (0 if st.over else 1)
        self.events.extend((ev, rnd) for ev in events)
        del self.events[:-200]
        return True

    def _position(self) -> object:
        st = self.session.st
        return (self.session.move_key(), st.phase, st.to_move, len(st.results), self.started,
                tuple(self.phones))

    def sync(self) -> None:
        """Publish when the game moved (from any front end); when a phone came or went, its
        own view to it and only the news of who is here to the others (issue 42, item 9)."""
        joined = self._seat_news()
        position = self._position()
        moved = position != self._published
        if moved or self._dirty.is_set():
            self._dirty.clear()
            if moved:
                self.serial += 1
                self._published = position
            self.publish()
            return
        if not self.started and joined:  # the lobby: every page counts who has joined
            self.publish()
            return
        for seat in joined:
            self._publish_seat(seat)  # its language may be another than last time
        away = self.away()
        if away != self._away:
            self._away = away
            self.server.broadcast(status_message(away))

    def _seat_news(self) -> list[int]:
        """The seats whose page came since the last look (the server's events)."""
        joined = []
        while True:
            try:
                kind, seat = self.server.events.get_nowait()
            except queue.Empty:
                return joined
            if kind == "join" and seat not in joined:
                joined.append(seat)

    # --- publishing --------------------------------------------------------------------
    def _lang(self, seat: int) -> str | None:
        st = self.server.seats.get(seat)
        return st.lang if st is not None else None

    def publish(self) -> None:
        self._away = self.away()
        for seat in self.phones:
            self._publish_seat(seat)
        self.server.publish_table(table_message(self.session.public_view(), self.names(),
                                                self.serial, self._away, self.events))
        if self.over and not self._told_over:
            self._told_over = True
            self.server.game_over()

    def _publish_seat(self, seat: int) -> None:
        if seat not in self.server.seats:
            return
        lang = self._lang(seat)
        names = self.names(lang)
        if not self.started:
            joined = [s for s, st in self.server.seats.items() if st.joined_once]
            self.server.publish(seat, waiting_message(names, seat, joined, self.phones, lang))
            return
        view = self.session.view(seat)
        if self.over:
            winners = list(self.session.rs.game_winners(self.session.st))
            self.server.publish(seat, over_message(view, names, winners, self.serial, lang,
                                                   window=self.window))
            return
        msg = view_message(view, names, self.serial, lang, hints=self.hints,
                           away=self.away(), events=self.events)
        self.server.publish(seat, msg)

    def run(self, tick: float = 0.01, stop: threading.Event | None = None) -> storage.Kept:
        """Poll until the game is over (or `stop` is set); then keep the finished game."""
        while not self.over and not (stop is not None and stop.is_set()):
            if not self.poll():
                time.sleep(tick)
        self.poll()
        return self.driver.finish() if self.over else storage.Kept()


def _notices(kind: str, lang: str | None) -> str:
    return encode(notice(kind, lang))


def _transport(session: GameSession, bind: str, port: int, tokens: dict[int, str] | None,
               table_token: str | None, relay: str | None,
               online_kept: Mapping[str, object] | None) -> SeatTransport:
    """The phones on the home network; with online seats, those through the relay and the
    others on the home network, as one Combined transport (the relay first: it is the one
    that may not be reached). A ValueError when online seats have no relay."""
    online = session.online
    if not online:
        return PartyServer(session.phones, bind, port, tokens, table_token, notices=_notices)
    try:
        from game.online.transport import RelayTransport  # cryptography: online games only
    except ImportError as e:  # a player's install without the `online` extra
        raise PartFailed("online", OSError(
            'online seats need the cryptography package (pip install "hachihachi[online]")'
        )) from e

    events: queue.Queue[tuple[str, int]] = queue.Queue()
    actions: queue.Queue[tuple[int, object, int]] = queue.Queue()
    parts: dict[str, SeatTransport] = {"online": RelayTransport(
        online, relay, kept=online_kept, notices=_notices, events=events, actions=actions)}
    home = [s for s in session.phones if s not in online]
    if home:
        parts["home"] = PartyServer(home, bind, port, tokens, table_token, notices=_notices,
                                    events=events, actions=actions)
    return Combined(parts)


__all__ = ["PartyHost"]
