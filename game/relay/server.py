"""The relay (issue 46, items 4-6): a host anywhere opens one WebSocket out to it, its online
seats' pages open theirs, and the relay passes opaque frames between them. It keeps routing
state only (which connection is which room's host or seat), never a payload: it does not log
one, parse one or store one. Frames are sealed end to end (game.online.seal), so all it could
read is sizes and timing anyway.

Wire format (docs/design/RELAY.md says the same with the reasons), on `ws(s)://HOST:PORT/ws`:

- Text frames are JSON control messages (at most 1 KiB); binary frames are payloads.
- The first message of every connection, within `Limits.hello_seconds`, is one of:
  host  `{"t":"host","room":R,"secret":S,"seats":{"0":T0,"1":T1}}` registers room R (or
        takes it back, from any instance, with the same secret) and says which seats a page
        may join and each seat's token; answered `{"t":"ok","room":R}`.
  page  `{"t":"join","room":R,"seat":N,"token":T}` takes seat N; answered
        `{"t":"ok","room":R,"seat":N,"host":true|false}` (whether the host is connected).
  R: 8-64 characters of [A-Za-z0-9_-]; S and T: 16-128 of the same; N: 0-7. A seat's token
  (not the room secret) is what its link carries, so a page can take only its own seat, and
  the host can cut one link without touching the others.
- Page → relay: binary P. Relay → host: binary (seat byte N) + P.
- Host → relay: binary (seat byte N) + P. Relay → page of seat N: binary P (header
  stripped). A frame for a seat nobody holds is dropped.
- Relay → host, text: `{"t":"here","seat":N}` / `{"t":"away","seat":N}` as pages come and go
  (again for every present seat when the host reconnects).
- Relay → page, text: `{"t":"host","here":false|true}` when the host goes or comes back.
- Host → relay, text: `{"t":"seats","seats":{...}}` (the seats from now on: a seat whose
  token changed or went is closed with CLOSE_REVOKED) or `{"t":"end"}` (the room goes now,
  its pages are closed with CLOSE_EXPIRED).
- A second connection for the same seat (or host) replaces the first (CLOSE_REPLACED).
- An unknown room, a wrong secret and a wrong token are all closed with CLOSE_REFUSED and
  the words "refused": a stranger learns nothing about which rooms exist.
- A room lives while its host is connected and `Limits.grace_seconds` after it left (so it
  can reconnect, to any instance); then its pages are closed with CLOSE_EXPIRED.

Limits (as the party server's, issue 42): frames of at most `max_frame` bytes (the library
closes an oversized one with 1009), a token bucket per connection (over it: CLOSE_TOO_FAST),
connections per room per instance (CLOSE_FULL), per address and in all (a connection over
those is cut before its handshake), and the opening message's deadline (CLOSE_HELLO). A
connection that does not read its frames is closed (CLOSE_SLOW) rather than buffered.

Pages (issue 46): `/o/<room>/<seat>/<token>` is the party client's page in its online mode
(the seat's key rides in the link's fragment, which the browser never sends), with the files
it needs from the party client's fixed list (game.party.files): `/c/<file>` and
`/cards/<card>.svg`. The page is sent with headers for a page whose address holds a secret:
no referrer, no caching, a Content-Security-Policy that allows its own scripts, styles and
pictures and sockets to this relay only, and no framing. Any other path is a 404.

The asyncio loop is the only owner of the state; time for the limits and the rooms' expiry is
read from the injectable `clock`, so tests step it instead of waiting.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import re
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from http import HTTPStatus

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.aio import finish
from game.party.files import ClientFiles, Found
from game.relay import wire
from game.relay.backend import Backend, BackendError, MemoryBackend, Subscription, room_channel
from game.relay.wire import BadHello, HostHello, JoinHello

log = logging.getLogger(__name__)

# one letter ahead of every message on a backend channel (never seen by a client)
DATA, TAKEN, JOINED, LEFT, HOST_BACK, HOST_GONE, REVOKED, ENDED = (
    b"D", b"T", b"J", b"L", b"H", b"G", b"R", b"X")
# an online seat's link: /o/<room>/<seat>/<token> (the key after '#' never reaches us)
ONLINE_PAGE = re.compile(rf"/o/{wire.ID_PATTERN.pattern}/[0-{wire.MAX_SEATS - 1}]/"
                         rf"{wire.SECRET_PATTERN.pattern}")
# a Host header fit to name the page's socket in its policy: a name or an address, a port
HOST_NAME = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")


@dataclass(frozen=True)
class Limits:
    """What one connection, one address and one instance may use."""

    max_frame: int = 64 * 1024  # bytes of one payload (a sealed table view is far less)
    rate: float = 20.0  # a page's messages a second, on average
    burst: float = 40.0  # and at once
    host_rate: float = 400.0  # the host speaks for up to seven seats and the table
    host_burst: float = 800.0
    per_room: int = 2 * wire.MAX_SEATS + 2  # connections of one room on one instance
    per_address: int = wire.PER_ADDRESS
    total: int = wire.TOTAL
    hello_seconds: float = 5.0  # the opening message's deadline (also the handshake's)
    grace_seconds: float = 120.0  # a room outlives its host's leaving by this much
    outbox: int = 64  # frames waiting for one slow reader before it is closed
    sweep_seconds: float = 1.0  # how often rooms are refreshed and expired (real time)
    # behind a reverse proxy every connection comes from the proxy's address: count them by
    # the client address the proxy names (the last of X-Forwarded-For) instead, when the
    # request reaches the socket's path (--behind-proxy)
    proxied: bool = False

    @property
    def refresh_seconds(self) -> float:
        """A connected host's room is registered again this often (by the clock)."""
        return self.grace_seconds / 4


@dataclass
class _Bucket:
    """A token bucket read by the relay's clock."""

    rate: float
    burst: float
    clock: Callable[[], float]
    tokens: float = -1.0
    at: float = 0.0

    def __post_init__(self) -> None:
        self.tokens, self.at = self.burst, self.clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Outbox:
    """One connection's frames, written in order by one task. A reader that falls
    `limit` frames behind is closed: a gap in sealed frames helps nobody, and the page
    reconnects to be sent the host's latest view."""

    def __init__(self, ws: ServerConnection, limit: int) -> None:
        self.ws = ws
        self.limit = limit
        self.items: asyncio.Queue[str | bytes] = asyncio.Queue()
        self.task = asyncio.ensure_future(self._write())

    def put(self, item: str | bytes) -> bool:
        if self.items.qsize() >= self.limit:
            return False
        self.items.put_nowait(item)
        return True

    async def _write(self) -> None:
        while True:
            item = await self.items.get()
            try:
                await self.ws.send(item)
            except ConnectionClosed:
                return


@dataclass(eq=False)
class _Conn:
    """The relay's whole knowledge of one connection."""

    ws: ServerConnection
    id: bytes
    bucket: _Bucket
    outbox: _Outbox
    room: str | None = None
    seat: int | None = None  # None: the room's host
    done: bool = False  # replaced, revoked or expired: leaves without a word to the host
    subs: list[Subscription] = field(default_factory=list)


class Relay:
    """One relay instance. `start(host, port)` listens; `close()` closes every connection
    (as a server going away, so clients reconnect elsewhere) and the backend."""

    def __init__(self, backend: Backend | None = None, *, limits: Limits | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.limits = limits or Limits()
        self.backend: Backend = backend if backend is not None else MemoryBackend(clock)
        self.backend.lost = self._backend_lost
        self.instance = secrets.token_hex(6)
        self.refused = 0  # connections and frames refused or dropped: for tests and logs
        self.port = 0
        self._serial = 0
        self._conns: dict[ServerConnection, _Conn] = {}
        self._hosts: dict[str, tuple[_Conn, float]] = {}  # room -> its host, last refresh
        self._addresses: dict[str, int] = {}
        self._per_room: dict[str, int] = {}  # connections of each room here (its cap's count)
        self.broken: str | None = None  # why the backend stopped working (healthz says it)
        self.failed = asyncio.Event()  # set then: the command line exits, a supervisor restarts
        self._addr_of: dict[ServerConnection, str] = {}
        self._server: Server | None = None
        self._sweeper: asyncio.Task | None = None
        self._files = ClientFiles()  # the online seats' page and its files (read once)

    # --- running ------------------------------------------------------------------------
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> Relay:
        """Listen on host:port (OSError when it cannot); port 0 picks a free one."""
        relay = self

        class Counted(ServerConnection):
            """A connection counted from its first byte, refused over a limit."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                relay._admit(self, transport)

            def connection_lost(self, exc: Exception | None) -> None:
                relay._release(self)
                super().connection_lost(exc)

        lim = self.limits
        self._server = await serve(
            self._handler, host, port, process_request=self._http, create_connection=Counted,
            max_size=lim.max_frame + 1, max_queue=16, ping_interval=20, ping_timeout=20,
            open_timeout=lim.hello_seconds, compression=None, server_header=None,
            # a closed flooder may never read our close frame (we stopped reading it): give
            # the closing handshake a second, then drop the socket, so it stops counting
            # against the room's and the address's limits (issue 46)
            close_timeout=1)
        self.port = next(iter(self._server.sockets)).getsockname()[1]
        self._sweeper = asyncio.ensure_future(self._sweep_forever())
        return self

    async def close(self, code: int = 1001) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for conn in list(self._conns.values()):
            conn.done = True
            await _close(conn.ws, code, "relay going away")
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await self.backend.close()

    def kill(self) -> None:
        """Stop at once, as a crashed instance would: no close frame, no goodbye to the
        backend (tests use it to play an instance dying)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._server is not None:
            self._server.close(close_connections=False)
        for ws in list(self._addr_of):
            if ws.transport is not None:
                ws.transport.abort()

    @property
    def connections(self) -> int:
        return len(self._addr_of)

    # --- connection limits --------------------------------------------------------------
    def _admit(self, ws: ServerConnection, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        addr = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if self.limits.proxied:  # every one from the proxy: counted per client in _http
            addr = f"proxy:{id(ws)}"
        if (self._addresses.get(addr, 0) >= self.limits.per_address
                or len(self._addr_of) >= self.limits.total):
            self.refused += 1
            transport.abort()
            return
        self._addresses[addr] = self._addresses.get(addr, 0) + 1
        self._addr_of[ws] = addr

    def _release(self, ws: ServerConnection) -> None:
        addr = self._addr_of.pop(ws, None)
        if addr is not None:
            left = self._addresses[addr] - 1
            if left:
                self._addresses[addr] = left
            else:
                del self._addresses[addr]

    # --- HTTP: the socket's address, the pages, and a health check for the operator ------
    def _count_client(self, ws: ServerConnection, request: Request) -> bool:
        """Behind a proxy: this socket counted under the client address the proxy appended
        to X-Forwarded-For (False: that client already holds its share)."""
        named = request.headers.get_all("X-Forwarded-For")
        client = named[-1].rsplit(",", 1)[-1].strip()[:64] if named else "?"
        if self._addresses.get(client, 0) >= self.limits.per_address:
            return False
        old = self._addr_of.get(ws)
        if old is not None:
            self._addresses.pop(old, None)
        self._addresses[client] = self._addresses.get(client, 0) + 1
        self._addr_of[ws] = client
        return True

    def _http(self, ws: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            if self.limits.proxied and not self._count_client(ws, request):
                self.refused += 1
                return _response(HTTPStatus.TOO_MANY_REQUESTS, b"Too many connections\n")
            return None
        if path == "/healthz":  # what a supervisor or a load balancer asks
            if self.broken is not None:
                return _response(HTTPStatus.SERVICE_UNAVAILABLE, b"backend lost\n")
            return _response(HTTPStatus.OK, b"ok\n")
        found = self._files.page() if ONLINE_PAGE.fullmatch(path) else self._files.asset(path)
        if found is not None:
            return _file_response(found, request.headers.get("Host"))
        return _response(HTTPStatus.NOT_FOUND, b"Not found\n")

    # --- a connection -------------------------------------------------------------------
    async def _handler(self, ws: ServerConnection) -> None:
        self._serial += 1
        conn = _Conn(ws, f"{self.instance}:{self._serial}".encode(),
                     _Bucket(self.limits.rate, self.limits.burst, self.clock),
                     _Outbox(ws, self.limits.outbox))
        self._conns[ws] = conn
        try:
            hello = await self._hello(ws)
            if isinstance(hello, HostHello):
                await self._run_host(conn, hello)
            elif isinstance(hello, JoinHello):
                await self._run_seat(conn, hello)
        except ConnectionClosed:
            pass
        except BackendError:
            await _close(ws, 1011, "relay unavailable")
        finally:
            self._conns.pop(ws, None)
            conn.outbox.task.cancel()
            try:
                await self._leave(conn)
            finally:
                self._exit(conn)

    async def _hello(self, ws: ServerConnection) -> HostHello | JoinHello | None:
        try:
            raw = await asyncio.wait_for(ws.recv(), self.limits.hello_seconds)
            return wire.parse_hello(raw)
        except (TimeoutError, BadHello):
            self.refused += 1
            await _close(ws, wire.CLOSE_HELLO, "hello first")
            return None

    async def _refuse(self, conn: _Conn) -> None:
        """The one answer to an unknown room, a wrong secret and a wrong token."""
        self.refused += 1
        conn.done = True
        log.info("relay: refused an opening")
        await _close(conn.ws, wire.CLOSE_REFUSED, wire.REFUSED_WORDS)

    def _room_full(self, room: str) -> bool:
        return self._per_room.get(room, 0) >= self.limits.per_room

    def _enter(self, conn: _Conn, room: str) -> None:
        """`conn` is in `room` now (counted for the room's cap, until it ends)."""
        conn.room = room
        self._per_room[room] = self._per_room.get(room, 0) + 1

    def _exit(self, conn: _Conn) -> None:
        room = conn.room
        if room is not None:
            left = self._per_room.get(room, 1) - 1
            if left > 0:
                self._per_room[room] = left
            else:
                self._per_room.pop(room, None)

    # --- the host -----------------------------------------------------------------------
    async def _run_host(self, conn: _Conn, hello: HostHello) -> None:
        old = await self.backend.lookup(hello.room)
        if old is not None and not _same(old.get("secret"), _digest(hello.secret)):
            await self._refuse(conn)
            return
        if self._room_full(hello.room):
            self.refused += 1
            await _close(conn.ws, wire.CLOSE_FULL, "room full")
            return
        self._enter(conn, hello.room)
        conn.bucket = _Bucket(self.limits.host_rate, self.limits.host_burst, self.clock)
        record = {"secret": _digest(hello.secret), "host": True,
                  "seats": {str(s): _digest(t) for s, t in hello.seats.items()}}
        await self.backend.register(hello.room, record, self.limits.grace_seconds)
        self._hosts[hello.room] = (conn, self.clock())
        conn.subs.append(await self.backend.subscribe(
            room_channel(hello.room, None), lambda data: self._to_host(conn, data)))
        await self.backend.publish(room_channel(hello.room, None), TAKEN + conn.id)
        conn.outbox.put(wire.encode({"t": "ok", "room": hello.room}))
        await self._revoke(hello.room, (old or {}).get("seats", {}), record["seats"])
        for seat in record["seats"]:
            await self.backend.publish(room_channel(hello.room, int(seat)), HOST_BACK)
        async for raw in conn.ws:
            if not await self._from_host(conn, raw, record):
                return

    async def _from_host(self, conn: _Conn, raw: str | bytes, record: dict) -> bool:
        """One frame from the host; False when the connection is to end."""
        if not conn.bucket.take():
            return await self._too_fast(conn)
        room = conn.room or ""
        if isinstance(raw, bytes):
            split = wire.from_host(raw)
            if split is None:
                self.refused += 1
                return True
            await self.backend.publish(room_channel(room, split[0]), DATA + split[1])
            return True
        try:
            kind, seats = wire.parse_host_control(raw)
        except BadHello:
            self.refused += 1
            return True
        if kind == "end":
            await self._end_room(conn)
            return False
        new = {str(s): _digest(t) for s, t in (seats or {}).items()}
        await self._revoke(room, record["seats"], new)
        record["seats"] = new
        await self.backend.register(room, record, self.limits.grace_seconds)
        return True

    async def _revoke(self, room: str, old: dict, new: dict) -> None:
        """Seats whose token changed or went: their pages are closed."""
        for seat, digest in old.items():
            if new.get(seat) != digest:
                await self.backend.publish(room_channel(room, int(seat)), REVOKED)

    async def _end_room(self, conn: _Conn) -> None:
        room = conn.room or ""
        conn.done = True
        self._hosts.pop(room, None)
        await self.backend.forget(room)
        for seat in range(wire.MAX_SEATS):
            await self.backend.publish(room_channel(room, seat), ENDED)
        await _close(conn.ws, 1000, "room ended")

    def _to_host(self, conn: _Conn, data: bytes) -> None:
        """A message on the host's channel, for the host's connection."""
        kind, rest = data[:1], data[1:]
        if kind == DATA:
            self._put(conn, rest)  # the seat byte, then the payload
        elif kind in (JOINED, LEFT) and rest:
            self._put(conn, wire.encode({"t": "here" if kind == JOINED else "away",
                                         "seat": rest[0]}))
        elif kind == TAKEN and rest != conn.id:
            self._drop(conn, wire.CLOSE_REPLACED, "replaced")

    # --- a seat's page ------------------------------------------------------------------
    async def _run_seat(self, conn: _Conn, hello: JoinHello) -> None:
        record = await self.backend.lookup(hello.room)
        want = (record or {}).get("seats", {}).get(str(hello.seat))
        if not _same(want, _digest(hello.token)):
            await self._refuse(conn)
            return
        if self._room_full(hello.room):
            self.refused += 1
            await _close(conn.ws, wire.CLOSE_FULL, "room full")
            return
        self._enter(conn, hello.room)
        conn.seat = hello.seat
        channel = room_channel(hello.room, hello.seat)
        conn.subs.append(await self.backend.subscribe(
            channel, lambda data: self._to_seat(conn, data)))
        await self.backend.publish(channel, TAKEN + conn.id)
        conn.outbox.put(wire.encode({"t": "ok", "room": hello.room, "seat": hello.seat,
                                     "host": bool((record or {}).get("host"))}))
        await self.backend.publish(room_channel(hello.room, None),
                                   JOINED + bytes((hello.seat,)))
        host = room_channel(hello.room, None)
        head = DATA + bytes((hello.seat,))
        async for raw in conn.ws:
            if not conn.bucket.take():
                await self._too_fast(conn)
                return
            if isinstance(raw, bytes) and len(raw) > self.limits.max_frame:
                self.refused += 1  # one byte under the library's limit, kept for the host
                await _close(conn.ws, 1009, "frame too big")
                return
            if isinstance(raw, bytes):
                await self.backend.publish(host, head + raw)
            else:
                self.refused += 1  # a page says nothing in text after its hello

    def _to_seat(self, conn: _Conn, data: bytes) -> None:
        """A message on a seat's channel, for the page holding that seat here."""
        kind, rest = data[:1], data[1:]
        if kind == DATA:
            self._put(conn, rest)
        elif kind == TAKEN and rest != conn.id:
            self._drop(conn, wire.CLOSE_REPLACED, "replaced")
        elif kind == REVOKED:
            self._drop(conn, wire.CLOSE_REVOKED, "link replaced")
        elif kind == ENDED:
            self._drop(conn, wire.CLOSE_EXPIRED, "room closed")
        elif kind in (HOST_BACK, HOST_GONE):
            self._put(conn, wire.encode({"t": "host", "here": kind == HOST_BACK}))
            if kind == HOST_BACK and conn.room is not None and conn.seat is not None:
                asyncio.ensure_future(self._announce(conn.room, conn.seat))

    async def _announce(self, room: str, seat: int) -> None:
        try:
            await self.backend.publish(room_channel(room, None), JOINED + bytes((seat,)))
        except BackendError:
            pass

    # --- shared ---------------------------------------------------------------------------
    def _put(self, conn: _Conn, item: str | bytes) -> None:
        if not conn.done and not conn.outbox.put(item):
            self.refused += 1
            self._drop(conn, wire.CLOSE_SLOW, "too slow")

    def _drop(self, conn: _Conn, code: int, reason: str) -> None:
        """Close `conn` from a callback (without waiting); it leaves without a word."""
        if not conn.done:
            conn.done = True
            asyncio.ensure_future(_close(conn.ws, code, reason))

    async def _too_fast(self, conn: _Conn) -> bool:
        self.refused += 1
        log.info("relay: a connection sent too fast; closing")
        await _close(conn.ws, wire.CLOSE_TOO_FAST, "too many messages")
        return False

    async def _leave(self, conn: _Conn) -> None:
        """A connection ended: its subscriptions go; the host (or the pages) are told."""
        for sub in conn.subs:
            await sub.close()
        if conn.room is None:
            return
        try:
            if conn.seat is not None:
                if not conn.done:
                    await self.backend.publish(room_channel(conn.room, None),
                                               LEFT + bytes((conn.seat,)))
            elif self._hosts.get(conn.room, (None,))[0] is conn:
                del self._hosts[conn.room]
                if not conn.done:
                    await self._host_gone(conn.room)
        except BackendError:
            pass

    async def _host_gone(self, room: str) -> None:
        """The host left: its room waits `grace_seconds` for it, its pages are told."""
        record = await self.backend.lookup(room)
        if record is None:
            return
        record["host"] = False
        await self.backend.register(room, record, self.limits.grace_seconds)
        for seat in record.get("seats", {}):
            await self.backend.publish(room_channel(room, int(seat)), HOST_GONE)

    # --- rooms in time ------------------------------------------------------------------
    async def sweep(self) -> None:
        """Refresh the rooms whose host is here; close the pages of rooms that expired."""
        now = self.clock()
        for room, (conn, at) in list(self._hosts.items()):
            if now - at >= self.limits.refresh_seconds:
                record = await self.backend.lookup(room)
                if record is not None:
                    record["host"] = True
                    await self.backend.register(room, record, self.limits.grace_seconds)
                self._hosts[room] = (conn, now)
        rooms = sorted({c.room for c in self._conns.values() if c.seat is not None
                        and not c.done and c.room is not None and c.room not in self._hosts})
        if not rooms:
            return
        # one round trip for every room whose host is elsewhere (MGET), not one each
        records = await self.backend.lookup_many(rooms)
        gone = {room for room in rooms if records.get(room) is None}
        for conn in list(self._conns.values()):
            if conn.room in gone and conn.seat is not None:
                self._drop(conn, wire.CLOSE_EXPIRED, "room expired")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep_seconds)
            try:
                await self.sweep()
            except BackendError:
                pass

    def _backend_lost(self, why: str) -> None:
        """Redis is gone: every client is closed so it reconnects to a working instance,
        /healthz says so, and `failed` is set (`python -m game relay` then exits with status 1
        for its supervisor to start it again, with a fresh connection to Redis)."""
        self.broken = why
        self.failed.set()
        for conn in list(self._conns.values()):
            self._drop(conn, 1011, "relay unavailable")


def _digest(text: str) -> str:
    """Secrets and tokens are kept (and shared through Redis) by their hash only."""
    return hashlib.sha256(text.encode()).hexdigest()


def _same(kept: object, digest: str) -> bool:
    return isinstance(kept, str) and hmac.compare_digest(kept, digest)


async def _close(ws: ServerConnection, code: int, reason: str) -> None:
    try:
        await ws.close(code, reason)
    except ConnectionClosed:
        pass


def _response(status: HTTPStatus, body: bytes) -> Response:
    headers = Headers([("Content-Type", "text/plain; charset=utf-8"),
                       ("Content-Length", str(len(body))), ("Cache-Control", "no-store"),
                       ("X-Content-Type-Options", "nosniff")])
    return Response(status.value, status.phrase, headers, body)


def page_policy(host: str | None) -> str:
    """The Content-Security-Policy of the page and its files: its own scripts, styles and
    pictures only, sockets to this relay only (the origin the browser asked, as its Host
    header says; 'self' when that header is not a plain host), no plugins, forms, base
    rewriting or framing."""
    sockets = f"ws://{host} wss://{host}" if host and HOST_NAME.fullmatch(host) else "'self'"
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src {sockets}; base-uri 'none'; form-action 'none'; "
            "frame-ancestors 'none'")


def _file_response(found: Found, host: str | None) -> Response:
    """The page or one of its files, with the headers a page with a key in its address
    wants: the address never leaves as a referrer, the page is never cached (a card picture
    may be, for a day), and the policy above."""
    headers = Headers([("Content-Type", found.kind), ("Content-Length", str(len(found.body))),
                       ("Cache-Control", "max-age=86400" if found.cache else "no-store"),
                       ("X-Content-Type-Options", "nosniff"),
                       ("Referrer-Policy", "no-referrer"),
                       ("Content-Security-Policy", page_policy(host)),
                       ("X-Frame-Options", "DENY"),
                       ("Cross-Origin-Opener-Policy", "same-origin")])
    return Response(HTTPStatus.OK.value, HTTPStatus.OK.phrase, headers, found.body)


class RelayThread:
    """A relay on its own loop in a daemon thread: for tests, benchmarks and a program that
    embeds one. `make` builds the relay on that loop (a Redis backend must be connected
    there); other threads reach it only through `call`."""

    def __init__(self, make: Callable[[], Awaitable[Relay]]) -> None:
        self._make = make
        self.relay: Relay | None = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="relay",
                                        daemon=True)

    @classmethod
    def of(cls, **kwargs: object) -> RelayThread:
        """A thread for `Relay(**kwargs)` (an in-memory one unless a backend is given)."""

        async def make() -> Relay:
            return Relay(**kwargs)  # type: ignore[arg-type]

        return cls(make)

    def start(self, host: str = "127.0.0.1", port: int = 0) -> RelayThread:
        self._thread.start()
        try:
            self.relay = self.call(self._make)  # type: ignore[assignment]
            self.call(lambda: self.relay.start(host, port))  # type: ignore[union-attr]
        except BaseException:
            self._end()
            raise
        return self

    @property
    def port(self) -> int:
        return self.relay.port if self.relay is not None else 0

    def call(self, make: Callable[[], Awaitable[object]], timeout: float = 10.0) -> object:
        """Run the coroutine `make()` on the relay's loop and wait for its result."""

        async def run() -> object:
            return await make()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def stop(self) -> None:
        try:
            if self.relay is not None:
                self.call(self.relay.close)
        finally:
            self._end()

    def kill(self) -> None:
        """Die at once (see `Relay.kill`); the backend's connections are dropped unclosed."""

        async def die() -> None:
            if self.relay is not None:
                self.relay.kill()

        try:
            self.call(die)
        finally:
            self._end()

    def _end(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)
        if not self._thread.is_alive():
            finish(self._loop)  # the connections' tasks end now (game.aio.finish)


__all__ = ["ONLINE_PAGE", "Limits", "Relay", "RelayThread", "page_policy"]
