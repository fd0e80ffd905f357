"""The host's side of online seats (issue 46): `RelayTransport`, the party host's seats carried
through a relay instead of the home network's `PartyServer` (game.party.transport).

The host opens ONE outbound WebSocket to the relay (game.relay, docs/design/RELAY.md) and
registers a room with a secret and each online seat's token; every seat's page opens its own
socket to the relay's room. Nothing the relay passes can be read by it: every message between
a seat's page and the host is the party protocol's JSON, sealed with that seat's key
(game.online.seal, docs/design/SEALING.md), which only the link's fragment carries.

The connection handshake (the lead's decision for issue 46), per page socket:

- the page, after the relay's `{"t":"ok",...}`, sends ONE binary frame in clear:
  b"C" + conn_id (16 random bytes it picked for this socket);
- the host, on a 17-byte frame starting b"C" from seat N, refuses a conn_id it has seen for
  that seat, else answers with ONE frame in clear: b"S" + host_nonce (16 random bytes of its
  own), and starts a fresh sealer (h2p) and opener (p2h) for N (dropping the old pair);
- both ends then seal every later frame of that socket with
  K_conn = `seal.derive(seat key, conn_id, host_nonce)` (HKDF-SHA256), counters from 1 per
  direction, the room, seat and direction bound in as ever; the host sends the seat's
  current message (the last `publish`). Any other frame from a seat without a live pair, or
  one that fails to open, is dropped and counted, never answered.

So a reloaded page, or the same link on a second device, starts again at counter 1 under a
key of its own, and old views cannot be replayed to it; and since the host's nonce is new
for every socket, a relay that replays a whole old connection (even to a host restarted
since, which has forgotten the ids it saw) replays frames that open under no key.

Threads, as PartyServer's: an asyncio loop in its own thread is the only owner of the seats,
the keys and the socket; the host's thread reads frozen snapshots (`seats`, `link`, `kept`)
and hands the loop its calls (`publish`, `reissue`, `retire`, `game_over`, `stop`). What the
pages do reaches the host through the `events` and `actions` queues.

Not carried online (for now): the read-only table page. `publish_table` keeps its message
(`last_table`) and sends nothing; `broadcast` (who is away) goes to the seats' pages only.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import random
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.aio import call_in, finish, post_to
from game.online.seal import (
    CONN_ID_BYTES,
    H2P,
    P2H,
    Opener,
    Sealer,
    SealError,
    derive,
    key_from_text,
    key_text,
    new_seat_key,
)
from game.party.protocol import BadMessage, encode, parse_client, valid_token
from game.party.server import Seat, new_token, notice_text, render_notices, seat_message
from game.relay import wire

log = logging.getLogger(__name__)

HANDSHAKE = b"C"  # the first byte of a page socket's one clear frame: b"C" + conn_id
HANDSHAKE_BYTES = 1 + CONN_ID_BYTES
ANSWER = b"S"  # the host's one clear frame in answer: b"S" + its nonce for that socket
CONNECT_SECONDS = 10.0  # to reach the relay and have the room registered
BACKOFF = (0.5, 15.0)  # seconds before reconnecting: the first wait, doubled up to the last
MAX_CONNS_PER_SEAT = 10_000  # conn_ids remembered for one seat's key: a bound on memory
MAX_FRAME = 2 * 64 * 1024  # bytes of one frame from the relay (its own limit is 64 KiB)
# the relay's closes after which trying again would only fight: another host holds the room
# (replaced), or the room is not ours (refused)
STOP_TRYING = frozenset({wire.CLOSE_REFUSED, wire.CLOSE_REPLACED})
WAITING = encode({"t": "waiting"})  # a page's first message before the host published any


class RelayRefused(OSError):
    """The relay refused the room: its secret is not ours (or another host replaced us)."""


def relay_urls(relay: str) -> tuple[str, str]:
    """(the relay's socket URL, the pages' base URL) from its address: ws://, wss://,
    http:// or https:// HOST[:PORT][/prefix], with or without the trailing /ws. A wss or
    https relay gives https links (WebCrypto needs a secure context)."""
    parts = urlsplit(relay.strip())
    schemes = {"ws": ("ws", "http"), "wss": ("wss", "https"),
               "http": ("ws", "http"), "https": ("wss", "https")}
    pair = schemes.get(parts.scheme.lower())
    if pair is None or not parts.hostname:
        raise ValueError(f"a relay's address is ws://, wss://, http:// or https://HOST[:PORT],"
                         f" not {relay!r}")
    netloc = parts.netloc.rsplit("@", 1)[-1]  # never a user or password in a link
    path = parts.path.rstrip("/").removesuffix("/ws")
    return f"{pair[0]}://{netloc}{path}/ws", f"{pair[1]}://{netloc}{path}"


@dataclass
class _Online:
    """The loop's own record of one online seat."""

    seat: int
    token: str
    key: bytes
    lang: str | None = None
    here: bool = False  # the relay says a page holds the seat
    joined_once: bool = False  # one has, since this link was made
    last: str | None = None  # the seat's current message, sent again on each new connection
    sent: bool = False  # `last` went out under the live pair
    sealer: Sealer | None = None  # the live connection's pair (None: no handshake yet)
    opener: Opener | None = None
    seen: set[bytes] = field(default_factory=set)  # conn_ids this key has had


class _Frozen(NamedTuple):
    """What other threads read, replaced whole by the loop after each change."""

    seats: Mapping[int, Seat]
    links: Mapping[int, str]
    kept: Mapping[str, Mapping[str, str]]


class _Outbox:
    """The socket's frames, written in order by one task (a relay that stops reading is
    cut by the ping timeout, and its frames go with it: the pages get the latest view
    again after the reconnection)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.items: asyncio.Queue[str | bytes | None] = asyncio.Queue()
        self.task = asyncio.ensure_future(self._write())

    def put(self, item: str | bytes) -> None:
        self.items.put_nowait(item)

    async def _write(self) -> None:
        while True:
            item = await self.items.get()
            if item is None:
                return
            try:
                await self.ws.send(item)
            except ConnectionClosed:
                return

    async def flush(self, timeout: float = 3.0) -> None:
        """Everything queued is written (or the socket is gone, or `timeout` passed)."""
        self.items.put_nowait(None)
        try:
            await asyncio.wait_for(asyncio.shield(self.task), timeout)
        except (TimeoutError, asyncio.TimeoutError, asyncio.CancelledError):
            self.task.cancel()


class RelayTransport:
    """Carries one party game's online seats through a relay (game.party.transport's
    SeatTransport). `start()` connects and registers the room; `stop()` leaves it (for the
    relay's grace period, so a continued game can come back) unless the game is over."""

    def __init__(self, seats: list[int], relay: str | None = None, *,
                 kept: Mapping[str, object] | None = None,
                 notices: Callable[[str, str | None], str] | None = None,
                 connect_seconds: float = CONNECT_SECONDS,
                 backoff: tuple[float, float] = BACKOFF,
                 events: queue.Queue[tuple[str, int]] | None = None,
                 actions: queue.Queue[tuple[int, object, int]] | None = None) -> None:
        """`relay`: the relay's address (`relay_urls`); `kept`: what `kept()` gave for a
        continued game (its relay is used when `relay` is None; what is missing or not valid
        in it is made anew, so those links change). `notices(kind, lang)`: a closed page's
        last message, as PartyServer's (called here, up front). `events`, `actions`: queues
        shared with the home network's server when a game has both kinds of seats
        (game.party.transport.Combined); new ones by default."""
        data = dict(kept or {})
        address = relay or data.get("relay")
        if not isinstance(address, str):
            raise ValueError("an online game needs a relay's address")
        if any(not 0 <= s < wire.MAX_SEATS for s in seats):
            raise ValueError(f"online seats are 0..{wire.MAX_SEATS - 1}, not {seats}")
        self.relay = address
        self.url, self.page_base = relay_urls(address)
        self.room = _kept(data, "room", wire.ID_PATTERN.fullmatch) or secrets.token_urlsafe(16)
        self.secret = (_kept(data, "secret", wire.SECRET_PATTERN.fullmatch)
                       or secrets.token_urlsafe(24))
        self.table_token = _kept(data, "table", valid_token) or new_token()
        old = _kept_seats(data.get("seats"))
        self._live = {s: _Online(s, *old.get(s, (new_token(), new_seat_key()))) for s in seats}
        self.actions: queue.Queue[tuple[int, object, int]] = (
            queue.Queue() if actions is None else actions)
        # ("join", seat) or ("leave", seat), for the host: who is here changed
        self.events: queue.Queue[tuple[str, int]] = queue.Queue() if events is None else events
        self.refused = 0  # frames dropped (forged, replayed, unknown, bad): tests and logs
        self.last_table: str | None = None  # kept, not sent: no table page online yet
        self.online = False  # registered at the relay now
        self.registrations = 0  # times the room was registered (1 + reconnections)
        self.failed: str | None = None  # why it stopped trying, if it did
        self.on_change: Callable[[], None] | None = None  # told (loop thread) of seat changes
        self._notices = render_notices(notices)
        self._connect_seconds = connect_seconds
        self._backoff = backoff
        self._over = False  # the game ended: the room ends once the pages had their last
        self._ended = False  # {"t":"end"} sent: never reconnect
        self._closing = False
        self._ws: ClientConnection | None = None
        self._outbox: _Outbox | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._task: asyncio.Task | None = None
        self._ready = threading.Event()
        self._start_error: BaseException | None = None
        self._frozen = _Frozen({}, {}, {})
        self._refresh()

    # --- what other threads read -------------------------------------------------------
    @property
    def seats(self) -> Mapping[int, Seat]:
        """The online seats as they stand (a frozen copy the loop replaces on each change)."""
        return self._frozen.seats

    def link(self, seat: int) -> str:
        """`{page base}/o/{room}/{seat}/{token}#{key}`: the relay serves the page at that
        path; the key after '#' never leaves the friend's browser."""
        return self._frozen.links[seat]

    def joined(self) -> dict[int, bool]:
        return {s: st.here for s, st in self.seats.items()}

    def kept(self) -> dict:
        """What a continued game needs to open the same links (secrets: the room's, each
        seat's token and key): give it back as `kept=` to a new transport."""
        return {"relay": self.relay, "room": self.room, "secret": self.secret,
                "table": self.table_token,
                "seats": {s: dict(v) for s, v in self._frozen.kept.items()}}

    def _refresh(self) -> None:  # the loop (or the constructor): new frozen copies
        live = self._live
        self._frozen = _Frozen(
            MappingProxyType({s: Seat(s, o.token, o.here, o.joined_once, o.lang)
                              for s, o in live.items()}),
            MappingProxyType({s: f"{self.page_base}/o/{self.room}/{s}/{o.token}"
                                 f"#{key_text(o.key)}" for s, o in live.items()}),
            MappingProxyType({str(s): MappingProxyType({"token": o.token,
                                                        "key": key_text(o.key)})
                              for s, o in live.items()}))

    # --- calls handed to the loop ----------------------------------------------------
    def _call(self, fn: Callable[[], object]) -> object:
        """Run `fn` on the loop and wait for it (game.aio.call_in)."""
        return call_in(self._loop, self._thread, fn)

    def _post(self, fn: Callable[[], None]) -> None:
        """Hand `fn` to the loop without waiting, in order with every other call."""
        post_to(self._loop, fn)

    def publish(self, seat: int, message: dict) -> None:
        """The seat's current message: kept, sealed and sent if its page has a connection
        (and sent again on the page's next connection)."""
        text = encode(message)

        def deliver() -> None:
            live = self._live.get(seat)
            if live is not None:
                live.last, live.sent = text, False
                self._send_last(live)

        self._post(deliver)

    def tell(self, seat: int, message: dict) -> None:
        """A one-off message to the seat's page (not kept): a refused move's notice."""
        text = encode(message)
        self._post(lambda: self._seal_send(self._live.get(seat), text))

    def publish_table(self, message: dict) -> None:
        """Kept only: there is no read-only table page online (yet)."""
        text = encode(message)

        def keep() -> None:
            self.last_table = text

        self._post(keep)

    def broadcast(self, message: dict, *, tables: bool = True) -> None:
        """A small message to every seat's page (who is here); not kept. `tables` is
        accepted for the surface's sake: no table page online."""
        text = encode(message)

        def deliver() -> None:
            for live in self._live.values():
                self._seal_send(live, text)

        self._post(deliver)

    def reissue(self, seat: int) -> str:
        """A new token and key for `seat`: the old page is told (sealed), the relay closes
        it (its token is gone, 4004) and refuses the old link; the seat waits for its page."""

        def change() -> None:
            old = self._live[seat]
            self._seal_send(old, notice_text(self._notices, "new_link", old.lang))
            self._live[seat] = _Online(seat, new_token(), new_seat_key(), lang=old.lang)
            self._send_seats()
            self._refresh()
            self.events.put(("leave", seat))
            self._changed()

        self._call(change)
        return self.link(seat)

    def retire(self, seat: int) -> None:
        """A computer plays the seat: its page is told (sealed) and its token leaves the
        relay's seats, which closes that page and refuses its link from now on."""

        def change() -> None:
            live = self._live.pop(seat, None)
            if live is None:
                return
            self._seal_send(live, notice_text(self._notices, "retired", live.lang))
            self._send_seats()
            self._refresh()

        self._call(change)

    def game_over(self) -> None:
        """The game ended: each page with a connection gets its last message (if it has not
        yet), then the room ends at the relay (its pages closed, 4005). Offline now: done
        right after the next registration."""

        def change() -> None:
            self._over = True
            self._finish()

        self._post(change)

    # --- the loop's own work ---------------------------------------------------------
    def _send_last(self, live: _Online) -> None:
        """The seat's current message under its live pair, if it has one."""
        if self._seal_send(live, live.last or WAITING):
            live.sent = live.last is not None

    def _seal_send(self, live: _Online | None, text: str) -> bool:
        """Seal `text` for the seat's live connection and queue `N ‖ frame`; False when
        there is no pair or no socket (nothing is sealed then: no counter is spent)."""
        if live is None or live.sealer is None or self._outbox is None:
            return False
        frame = live.sealer.seal(text.encode("utf-8"))
        self._outbox.put(wire.to_host(live.seat, frame))
        return True

    def _send_seats(self) -> None:
        """The relay's seats from now on (a changed or missing token closes that page)."""
        if self._outbox is not None:
            self._outbox.put(wire.encode({"t": "seats", "seats": self._tokens()}))

    def _tokens(self) -> dict[str, str]:
        return {str(s): o.token for s, o in self._live.items()}

    def _finish(self) -> None:
        """The game is over and the relay is reachable: last messages, then the end."""
        if self._outbox is None or self._ended:
            return
        for live in self._live.values():
            if not live.sent:
                self._send_last(live)
        self._outbox.put(wire.encode({"t": "end"}))
        self._ended = True

    def _changed(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # noqa: BLE001 - the host's callback must not kill the socket
                log.warning("online: on_change failed", exc_info=True)

    def _drop(self, why: str) -> None:
        self.refused += 1
        log.debug("online: dropped a frame: %s", why)

    # --- frames from the relay -----------------------------------------------------------
    def _receive(self, raw: str | bytes) -> None:
        if isinstance(raw, str):
            self._control(raw)
            return
        split = wire.from_host(raw)  # the same layout: the seat byte, then the payload
        live = self._live.get(split[0]) if split is not None else None
        if split is None or live is None:
            self._drop("no such online seat")
            return
        payload = split[1]
        if len(payload) == HANDSHAKE_BYTES and payload[:1] == HANDSHAKE:
            self._handshake(live, payload[1:])
        elif live.opener is None:
            self._drop("no connection key yet")
        else:
            self._sealed(live, live.opener, payload)

    def _handshake(self, live: _Online, conn_id: bytes) -> None:
        """A page's new socket: a fresh pair under its own key, and the seat's message."""
        if conn_id in live.seen or len(live.seen) >= MAX_CONNS_PER_SEAT:
            self._drop("a connection id seen before")
            return
        live.seen.add(conn_id)
        host_nonce = secrets.token_bytes(CONN_ID_BYTES)
        if self._outbox is None:
            return
        self._outbox.put(wire.to_host(live.seat, ANSWER + host_nonce))
        key = derive(live.key, conn_id, host_nonce)
        live.sealer = Sealer(key, self.room, live.seat, H2P)
        live.opener = Opener(key, self.room, live.seat, P2H)
        live.sent = False
        self._send_last(live)

    def _sealed(self, live: _Online, opener: Opener, payload: bytes) -> None:
        """A page's sealed message: opened, checked as the party server checks one."""
        try:
            msg = parse_client(opener.open(payload).decode("utf-8"))
        except (SealError, UnicodeDecodeError, BadMessage) as e:
            self._drop(str(e))
            return
        if msg["t"] == "hello":
            self._hello(live, msg)
            return
        try:
            reply = seat_message(msg, live.seat, self.actions)
        except BadMessage as e:
            self._drop(str(e))
            return
        if reply is not None:
            self._seal_send(live, reply)

    def _hello(self, live: _Online, hello: dict) -> None:
        """The page's hello (sealed): its language; the host publishes again in it."""
        if not secrets.compare_digest(hello["token"], live.token):
            self._drop("a hello with another token")
            return
        live.lang = hello["lang"] or live.lang
        live.here = live.joined_once = True
        self._refresh()
        self.events.put(("join", live.seat))
        self._changed()

    def _control(self, raw: str) -> None:
        """`here` / `away` from the relay: a page took the seat, or left it."""
        try:
            msg = json.loads(raw)
        except ValueError:
            msg = None
        kind, seat = (msg.get("t"), msg.get("seat")) if isinstance(msg, dict) else (None, None)
        live = self._live.get(seat) if type(seat) is int else None
        if live is None or kind not in ("here", "away"):
            self._drop("a control message not understood")
            return
        if kind == "here" and live.here:  # a new socket replaced the page's: a new pair
            live.sealer = live.opener = None  # comes with its handshake, next
        elif kind == "here":
            live.here = live.joined_once = True
            if not live.sent:  # the host came back to pages that kept their sockets
                self._send_last(live)
        else:
            live.here, live.sealer, live.opener = False, None, None
        self._refresh()
        self.events.put(("join" if kind == "here" else "leave", live.seat))
        self._changed()

    # --- the socket ------------------------------------------------------------------
    async def _open(self) -> ClientConnection:
        """Connect and register the room (RelayRefused, OSError or a websockets error)."""
        ws = await connect(self.url, proxy=None, open_timeout=self._connect_seconds,
                           close_timeout=2, max_size=MAX_FRAME, compression=None,
                           ping_interval=20, ping_timeout=20)
        try:
            await ws.send(wire.encode({"t": "host", "room": self.room, "secret": self.secret,
                                       "seats": self._tokens()}))
            answer = await ws.recv()
        except ConnectionClosed as e:
            if e.rcvd is not None and e.rcvd.code in STOP_TRYING:
                raise RelayRefused("the relay refused this game's room") from e
            raise
        if not (isinstance(answer, str) and _json(answer) == {"t": "ok", "room": self.room}):
            await ws.close(1002, "unexpected answer")
            raise OSError("the relay answered something else than ok")
        return ws

    async def _attempt(self) -> ClientConnection:
        return await asyncio.wait_for(self._open(), self._connect_seconds)

    def _registered(self, ws: ClientConnection) -> None:
        """A socket whose room is registered: it carries everything from now on."""
        self._ws, self._outbox, self.online = ws, _Outbox(ws), True
        self.registrations += 1
        if self._over:
            self._finish()

    async def _serve(self) -> int | None:
        """Read the socket until it closes; then every seat is away (the relay says `here`
        again on the next registration). The close code."""
        ws = self._ws
        assert ws is not None
        try:
            async for raw in ws:
                self._receive(raw)
        except ConnectionClosed:
            pass
        finally:
            self.online = False
            if self._outbox is not None:
                self._outbox.task.cancel()
            self._ws = self._outbox = None
            self._all_away()
        return ws.close_code

    def _all_away(self) -> None:
        for live in self._live.values():
            live.sent = False  # frames in flight may be lost: each gets its message again
            if live.here:
                live.here = False
                self.events.put(("leave", live.seat))
        self._refresh()
        self._changed()

    async def _keep_connected(self) -> None:
        """Serve the socket; when it drops, reconnect with backoff and register again (the
        relay keeps the room for its grace period), until stopped, ended or refused."""
        while True:
            code = await self._serve()
            if self._closing or self._ended:
                return
            if code in STOP_TRYING:
                self._give_up(f"the relay closed the room's connection ({code})")
                return
            try:
                ws = await self._reconnect()
            except RelayRefused as e:
                self._give_up(str(e))
                return
            if ws is None:
                return
            self._registered(ws)

    async def _reconnect(self) -> ClientConnection | None:
        delay = self._backoff[0]
        while not self._closing:
            await asyncio.sleep(delay * random.uniform(0.5, 1.0))  # jitter: not all at once
            delay = min(delay * 2, self._backoff[1])
            if self._closing:
                break
            try:
                return await self._attempt()
            except RelayRefused:
                raise
            except _NETWORK_ERRORS as e:
                log.info("online: the relay is not reachable yet: %s", e)
        return None

    def _give_up(self, why: str) -> None:
        self.failed = why
        log.warning("online: %s; not trying again", why)
        self._changed()

    # --- running -----------------------------------------------------------------------
    def start(self, timeout: float | None = None) -> RelayTransport:
        """Connect to the relay and register the room; OSError with a sentence when the
        relay cannot be reached (or refuses the room) within `timeout` seconds (default
        the constructor's `connect_seconds`)."""
        if timeout is not None:
            self._connect_seconds = timeout
        self._thread = threading.Thread(target=self._run, name="relay-transport", daemon=True)
        self._thread.start()
        if not self._ready.wait(self._connect_seconds + 5) or self._start_error is not None:
            cause = self._start_error
            self._thread.join(2)
            if isinstance(cause, RelayRefused):
                raise OSError(f"the relay at {self.relay} refused this game's room (another "
                              "game holds it)") from cause
            raise OSError(f"the relay at {self.relay} could not be reached"
                          + (f": {cause}" if cause else "")) from cause
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            ws = loop.run_until_complete(self._attempt())
        except (RelayRefused, *_NETWORK_ERRORS) as e:
            log.info("online: %s", e)  # start() raises it as its sentence: said once
            self._start_error = e
            loop.close()
            self._ready.set()
            return
        self._loop = loop

        def begin() -> None:
            self._registered(ws)
            self._task = loop.create_task(self._keep_connected())
            self._ready.set()

        loop.call_soon(begin)
        loop.run_forever()
        finish(loop)  # the socket's tasks end here, not in a later garbage collection

    def stop(self) -> None:
        """Leave the relay: what was handed before goes out first; a game not over keeps
        its room for the relay's grace period (a continued game comes back to it)."""
        loop = self._loop
        if loop is None:
            return

        async def close() -> None:
            self._closing = True
            if self._outbox is not None:
                await self._outbox.flush()
            if self._ws is not None:
                await self._ws.close(1000, "host closed")
            if self._task is not None:
                self._task.cancel()

        try:
            asyncio.run_coroutine_threadsafe(close(), loop).result(8)
        except Exception:  # noqa: BLE001 - closing must never fail the game
            log.warning("online: close", exc_info=True)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)
        self._loop = None


_NETWORK_ERRORS = (OSError, TimeoutError, asyncio.TimeoutError, InvalidHandshake, InvalidURI,
                   ConnectionClosed)


def _json(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _kept(data: Mapping[str, object], name: str, valid: Callable[[str], object]) -> str | None:
    value = data.get(name)
    return value if isinstance(value, str) and valid(value) else None


def _kept_seats(value: object) -> dict[int, tuple[str, bytes]]:
    """The kept seats that are still valid: {seat: (token, key)}."""
    out: dict[int, tuple[str, bytes]] = {}
    if not isinstance(value, Mapping):
        return out
    for seat, entry in value.items():
        if not (isinstance(seat, str) and seat.isdigit() and isinstance(entry, Mapping)):
            continue
        token, text = entry.get("token"), entry.get("key")
        if not (isinstance(token, str) and valid_token(token)
                and wire.SECRET_PATTERN.fullmatch(token) and isinstance(text, str)):
            continue
        try:
            out[int(seat)] = (token, key_from_text(text))
        except SealError:
            continue
    return out


__all__ = ["ANSWER", "BACKOFF", "CONNECT_SECONDS", "HANDSHAKE", "HANDSHAKE_BYTES", "RelayRefused",
           "RelayTransport", "relay_urls"]
