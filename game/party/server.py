"""The party mode's server (issue 28): the phone page, the card art and one WebSocket, on the
address the host picked, only while a party game is open.

It runs an asyncio loop in its own thread, and that loop is the only owner of the seats and
the connections (issue 42, item 13): another thread (the window, the headless host) never
touches them. It reads a frozen `snapshot` the loop replaces after each change, and it asks
for a change (`publish`, `reissue`, `retire`, `stop`) by handing the loop a call. What the
seats did (who came, who went) reaches the host through `events`, a thread-safe queue, as the
phones' actions do through `actions`.

What it serves is a fixed list: `/j/<token>` (the phone page, the seat's token in its
address), `/t/<token>` (the read-only table page), the page's files and the 49 card pictures
(game.party.files, a list the relay serves too); any other path is a 404 and no path from a
client ever reaches the file system.
The socket (`/ws`) takes only small JSON messages (`protocol.parse_client`), at most `RATE` a
second per connection; the first must claim a seat with its token within `HELLO_SECONDS`; a
second screen opening the same seat takes it over and the first is told so. Browsers must
come from the page's own origin.

Limits (issue 42, item 12): at most `MAX_CONNECTIONS` connections that hold no seat yet (a
page, its pictures, a socket before its hello) and `MAX_PER_ADDRESS` of them from one
address; over a limit the oldest waiting one is cut, so idle or half-open clients age out
while a phone, which says hello at once, gets in; a seat's socket is never cut for them.
A connection that has not finished its opening in `OPEN_SECONDS`, or said hello in
`HELLO_SECONDS`, is closed; at most `MAX_TABLES` read-only table pages.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from types import MappingProxyType
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.aio import call_in, finish, post_to
from game.party.files import ClientFiles, client_dir
from game.party.protocol import MAX_MESSAGE, BadMessage, encode, parse_client

log = logging.getLogger(__name__)

RATE = 20  # messages a second a connection may send, on average
BURST = 40  # and at once
HELLO_SECONDS = 5.0  # a socket must claim its seat this soon
OPEN_SECONDS = 5.0  # a connection must finish its HTTP or WebSocket opening this soon
MAX_CONNECTIONS = 64  # connections holding no seat yet (pages, pictures, sockets before hello)
MAX_PER_ADDRESS = 16  # of them from one address: a browser fetches six pictures at once
MAX_TABLES = 8  # read-only table pages at once
OUTBOX = 8  # messages waiting for one slow client; the oldest view goes first
CLOSE_GAME_OVER = 4004  # the game ended: the page keeps its last screen and stops trying
CLOSE_REPLACED = 4002  # the seat opened on another screen, or a new link was made
CLOSE_RETIRED = 4001  # a computer plays the seat now
CLOSE_REFUSED = 4003  # no seat of this game
PONG = '{"t":"pong"}'


def new_token() -> str:
    """A seat's secret: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def _digest(token: str) -> bytes:
    """Old tokens are remembered by their hash only (to tell their page why they stopped)."""
    return hashlib.sha256(token.encode()).digest()


def seat_message(msg: dict[str, Any], seat: int | None,
                 actions: queue.Queue[tuple[int, object, int]]) -> str | None:
    """A seat's checked message (`parse_client`) after its hello, as every transport takes
    it: an action goes to the host's queue as (seat, action, serial), a ping is answered (the
    text to send back is returned). `seat` None: the sender holds no seat (a table page, or
    a screen that lost its seat), so only a ping is taken. BadMessage for anything else, for
    the caller to count and drop."""
    if msg["t"] == "ping":
        return PONG
    if msg["t"] == "act" and seat is not None:
        actions.put((seat, msg["action"], msg["n"]))
        return None
    raise BadMessage(f"{msg['t']} not expected here")


@dataclass(frozen=True)
class Seat:
    """A phone seat as other threads see it: its token, whether a page holds it now, whether
    one ever did since its link was made, and that page's language."""

    seat: int
    token: str
    here: bool = False
    joined_once: bool = False
    lang: str | None = None


@dataclass
class _Live:
    """The loop's own record of a seat: its token and the connection holding it."""

    seat: int
    token: str
    conn: ServerConnection | None = None
    lang: str | None = None
    joined_once: bool = False


@dataclass
class _Bucket:
    """A token bucket: RATE a second, BURST at once."""

    tokens: float = BURST
    at: float = field(default_factory=time.monotonic)

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class _Outbox:
    """One connection's messages, written in order by one task; a client too slow to read
    loses its oldest waiting view first (a newer view says everything an older one did)."""

    def __init__(self, conn: ServerConnection) -> None:
        self.conn = conn
        self.items: asyncio.Queue[str | None] = asyncio.Queue()
        self.task = asyncio.ensure_future(self._write())

    def put(self, text: str) -> None:
        if self.items.qsize() >= OUTBOX:
            try:
                self.items.get_nowait()
            except asyncio.QueueEmpty:
                pass
        self.items.put_nowait(text)

    async def _write(self) -> None:
        while True:
            text = await self.items.get()
            if text is None:
                return
            try:
                await self.conn.send(text)
            except ConnectionClosed:
                return

    async def flush(self) -> None:
        """Everything queued is written (or the connection is gone)."""
        self.items.put_nowait(None)
        try:
            await asyncio.wait_for(asyncio.shield(self.task), 2.0)
        except (TimeoutError, asyncio.CancelledError):
            self.task.cancel()


class PartyServer:
    """Serves one party game's phones. `start()` listens; `stop()` closes everything."""

    def __init__(self, seats: list[int], host: str = "127.0.0.1", port: int = 0,
                 tokens: dict[int, str] | None = None, table_token: str | None = None,
                 notices: Callable[[str, str | None], str] | None = None, *,
                 events: queue.Queue[tuple[str, int]] | None = None,
                 actions: queue.Queue[tuple[int, object, int]] | None = None) -> None:
        """`tokens` (and `table_token`): the links of a continued party game, kept beside
        its autosave (game.party.keep), so the phones' links still work. `notices(kind,
        lang)`: a closed page's last message, in its language (protocol.notice); called on
        the constructing thread only, for every kind and language, up front. `events` and
        `actions`: queues shared with another transport (game.party.transport.Combined),
        so the host reads one of each; new ones by default."""
        self.bind = host
        self.port = port
        tokens = tokens or {}
        self._live: dict[int, _Live] = {s: _Live(s, tokens.get(s) or new_token()) for s in seats}
        self.table_token = table_token or new_token()
        self.actions: queue.Queue[tuple[int, object, int]] = (
            queue.Queue() if actions is None else actions)
        # ("join", seat) or ("leave", seat), for the host: who is here changed
        self.events: queue.Queue[tuple[str, int]] = queue.Queue() if events is None else events
        self.refused = 0  # messages and connections dropped: for tests and logs
        self.last: dict[int, str] = {}  # each seat's last message, sent again on a rejoin
        self.last_table: str | None = None
        self.on_change: Callable[[], None] | None = None  # told (loop thread) of seat changes
        self._notices = render_notices(notices)
        self._old: dict[bytes, str] = {}  # digests of tokens no longer valid -> why
        self._tables: set[ServerConnection] = set()
        self._outboxes: dict[ServerConnection, _Outbox] = {}
        # connections not yet holding a seat or a table page, per address, oldest first
        self._waiting: dict[str, list[ServerConnection]] = {}
        self._addr_of: dict[ServerConnection, str] = {}  # a waiting connection's address
        self._over = False
        self._snapshot: MappingProxyType[int, Seat] = MappingProxyType({})
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._start_error: BaseException | None = None
        self._files = ClientFiles()
        self._refresh()

    # --- what other threads read -------------------------------------------------------
    @property
    def seats(self) -> MappingProxyType[int, Seat]:
        """The phone seats as they stand (a frozen copy the loop replaces on each change)."""
        return self._snapshot

    def _refresh(self) -> None:  # the loop (or the constructor): a new frozen copy
        self._snapshot = MappingProxyType({
            s: Seat(s, live.token, live.conn is not None, live.joined_once, live.lang)
            for s, live in self._live.items()})

    @property
    def origin(self) -> str:
        host = f"[{self.bind}]" if ":" in self.bind else self.bind  # an IPv6 address
        return f"http://{host}:{self.port}"

    def link(self, seat: int) -> str:
        return f"{self.origin}/j/{self.seats[seat].token}"

    def table_link(self) -> str:
        return f"{self.origin}/t/{self.table_token}"

    def joined(self) -> dict[int, bool]:
        return {s: st.here for s, st in self.seats.items()}

    def kept(self) -> dict:
        """What a continued game needs to open the same links (game.party.keep): the
        address, the port, the table's and each seat's token."""
        return {"bind": self.bind, "port": self.port, "table": self.table_token,
                "tokens": {str(s): st.token for s, st in self.seats.items()}}

    # --- changes, run by the loop --------------------------------------------------------
    def _call(self, fn: Callable[[], object]) -> object:
        """Run `fn` on the loop and wait for it (game.aio.call_in)."""
        return call_in(self._loop, self._thread, fn)

    def _post(self, fn: Callable[[], None]) -> None:
        """Hand `fn` to the loop without waiting, in order with every other call."""
        post_to(self._loop, fn)

    def reissue(self, seat: int) -> str:
        """A new link for `seat` (the host's kick): the old token stops working at once, the
        page holding it is told so, and the seat waits for its phone again."""

        def change() -> None:
            live = self._live[seat]
            self._old[_digest(live.token)] = "new_link"
            old, lang = live.conn, live.lang
            live.token, live.conn, live.joined_once = new_token(), None, False
            self.last.pop(seat, None)
            if old is not None:
                self._close(old, CLOSE_REPLACED, "new link", self._notice("new_link", lang))
            self._refresh()
            self.events.put(("leave", seat))
            self._changed()

        self._call(change)
        return self.link(seat)

    def retire(self, seat: int) -> None:
        """The seat is no phone's any more (a computer plays it): its page is told so and
        its link stops working."""

        def change() -> None:
            live = self._live.pop(seat, None)
            self.last.pop(seat, None)
            if live is None:
                return
            self._old[_digest(live.token)] = "retired"
            if live.conn is not None:
                self._close(live.conn, CLOSE_RETIRED, "a computer plays this seat",
                            self._notice("retired", live.lang))
            self._refresh()

        self._call(change)

    def publish(self, seat: int, message: dict) -> None:
        """Send `seat` its message (kept, and sent again when the seat rejoins)."""
        text = encode(message)

        def deliver() -> None:
            live = self._live.get(seat)
            if live is None:
                return
            self.last[seat] = text
            if live.conn is not None:
                self._send(live.conn, text)

        self._post(deliver)

    def tell(self, seat: int, message: dict) -> None:
        """Send `seat` a message once (not kept for a rejoin): a refused move's notice."""
        text = encode(message)

        def deliver() -> None:
            live = self._live.get(seat)
            if live is not None and live.conn is not None:
                self._send(live.conn, text)

        self._post(deliver)

    def publish_table(self, message: dict) -> None:
        text = encode(message)

        def deliver() -> None:
            self.last_table = text
            for conn in self._tables:
                self._send(conn, text)

        self._post(deliver)

    def broadcast(self, message: dict, *, tables: bool = True) -> None:
        """A small message to every page that holds a seat (and the table pages): who is
        here changed. Not kept: each seat's next view says the same."""
        text = encode(message)

        def deliver() -> None:
            for live in self._live.values():
                if live.conn is not None:
                    self._send(live.conn, text)
            if tables:
                for conn in self._tables:
                    self._send(conn, text)

        self._post(deliver)

    def game_over(self) -> None:
        """The game ended: pages that come back get the last message and are closed with
        CLOSE_GAME_OVER, so they keep their end screen instead of trying again."""

        def change() -> None:
            self._over = True

        self._post(change)

    def _send(self, conn: ServerConnection, text: str) -> None:  # the loop
        box = self._outboxes.get(conn)
        if box is not None:
            box.put(text)

    def _notice(self, kind: str, lang: str | None) -> str:
        return notice_text(self._notices, kind, lang)

    def _close(self, conn: ServerConnection, code: int, reason: str,
               text: str | None = None) -> None:  # the loop
        """Say `text` (if any), then close, in order with what was queued before (without
        waiting: another connection's handler goes on)."""
        asyncio.ensure_future(self._say_and_close(conn, code, reason, text))

    async def _say_and_close(self, conn: ServerConnection, code: int, reason: str,
                             text: str | None = None) -> None:
        box = self._outboxes.get(conn)
        if box is not None:
            if text is not None:
                box.put(text)
            await box.flush()
        elif text is not None:
            try:
                await conn.send(text)
            except ConnectionClosed:
                pass
        try:
            await conn.close(code, reason)
        except ConnectionClosed:
            pass

    # --- running -----------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> PartyServer:
        """Listen (OSError, with its cause, when the address or port cannot be had)."""
        self._thread = threading.Thread(target=self._run, name="party-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the party server did not start")
        if self._server is None:
            cause = self._start_error
            raise OSError(f"the party server could not listen on {self.bind}:{self.port}"
                          + (f": {cause}" if cause else "")) from cause
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            loop.run_until_complete(self._open_server())
        except OSError as e:
            log.warning("party server: %s", e)
            self._start_error = e
            loop.close()
            self._ready.set()
            return
        self._loop = loop
        loop.call_soon(self._ready.set)
        loop.run_forever()
        finish(loop)  # every connection's task ends here, not in a later garbage collection

    async def _open_server(self) -> None:
        server = self

        class Counted(ServerConnection):
            """A connection counted from its first byte (`_admit`, `_release`)."""

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                super().connection_made(transport)
                server._admit(self, _address(transport))

            def connection_lost(self, exc: Exception | None) -> None:
                server._release(self)
                super().connection_lost(exc)

        self._server = await serve(
            self._handler, self.bind, self.port, process_request=self._http,
            max_size=MAX_MESSAGE, max_queue=8, ping_interval=10, ping_timeout=20,
            open_timeout=OPEN_SECONDS, compression=None, server_header=None,
            create_connection=Counted)
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]

    def _admit(self, conn: ServerConnection, addr: str) -> None:  # the loop
        """A new connection joins the waiting ones (not yet a seat's or a table page's).
        Over a limit, the oldest waiting connection of its own address is cut, or, when
        all the waiting ones are too many, the oldest of the address that holds the most:
        a crowd from a few addresses ages out its own connections, never those of a phone
        on its own address, which says hello at once and then holds a seat that is never
        cut for anyone."""
        mine = self._waiting.setdefault(addr, [])
        if len(mine) >= MAX_PER_ADDRESS:
            self._cut(mine[0])
        elif sum(len(v) for v in self._waiting.values()) >= MAX_CONNECTIONS:
            greedy = max(self._waiting.values(), key=len)
            self._cut(greedy[0])
        self._waiting.setdefault(addr, []).append(conn)
        self._addr_of[conn] = addr

    def _cut(self, conn: ServerConnection) -> None:  # the loop
        self._release(conn)
        self.refused += 1
        if conn.transport is not None:
            conn.transport.abort()

    def _settled(self, conn: ServerConnection) -> None:  # the loop
        """The connection holds a seat or a table page now: no longer waiting."""
        self._release(conn)

    def _release(self, conn: ServerConnection) -> None:  # the loop
        addr = self._addr_of.pop(conn, None)
        waiting = self._waiting.get(addr) if addr is not None else None
        if waiting and conn in waiting:
            waiting.remove(conn)
            if not waiting:
                del self._waiting[addr]

    @property
    def connections(self) -> int:
        """Open connections now: waiting ones, seats' and table pages'."""
        return sum(len(v) for v in self._waiting.values()) + len(self._tables) + sum(
            live.conn is not None for live in self._live.values())

    def stop(self) -> None:
        """Close every page (the game's end: with CLOSE_GAME_OVER after its last message;
        else as a server going away, so the pages try again), then the server."""
        loop, server = self._loop, self._server
        if loop is None or server is None:
            return

        async def close() -> None:
            code = CLOSE_GAME_OVER if self._over else 1001
            closing = [self._closing(conn, code) for conn in list(self._outboxes)]
            if closing:
                await asyncio.wait([asyncio.ensure_future(c) for c in closing], timeout=3)
            server.close()
            await server.wait_closed()

        try:
            asyncio.run_coroutine_threadsafe(close(), loop).result(8)
        except Exception:  # noqa: BLE001 - closing must never fail the game
            log.warning("party server: close", exc_info=True)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)
        self._server = None
        self._loop = None

    async def _closing(self, conn: ServerConnection, code: int) -> None:
        await self._say_and_close(conn, code, "game over" if code == CLOSE_GAME_OVER
                                  else "host closed")

    # --- HTTP --------------------------------------------------------------------------
    def _http(self, conn: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            origin = request.headers.get("Origin")
            if origin is not None and origin not in self._origins():
                log.info("party: refused a socket from origin %r", origin[:80])
                return self._response(HTTPStatus.FORBIDDEN, b"Forbidden", "text/plain")
            return None  # the WebSocket handshake goes on
        found = self._files.page() if path.startswith(("/j/", "/t/")) \
            else self._files.asset(path)
        if found is not None:
            return self._response(HTTPStatus.OK, found.body, found.kind, cache=found.cache)
        return self._response(HTTPStatus.NOT_FOUND, b"Not found", "text/plain")

    def _origins(self) -> set[str]:
        out = {self.origin}
        if self.bind in ("127.0.0.1", "localhost"):
            out |= {f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}"}
        return out

    @staticmethod
    def _response(status: HTTPStatus, body: bytes, kind: str, *,
                  cache: bool = False) -> Response:
        """A response; the card pictures may be kept by the browser for a day (they never
        change within a version), so a reload does not fetch 48 pictures again."""
        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))),
                           ("Cache-Control", "max-age=86400" if cache else "no-store"),
                           ("X-Content-Type-Options", "nosniff"),
                           ("Content-Security-Policy",
                            "default-src 'self'; connect-src 'self' ws: wss:; "
                            "img-src 'self'; style-src 'self'; script-src 'self'")])
        return Response(status.value, status.phrase, headers, body)

    # --- the socket --------------------------------------------------------------------
    async def _handler(self, conn: ServerConnection) -> None:
        bucket = _Bucket()
        live: _Live | None = None
        self._outboxes[conn] = _Outbox(conn)
        try:
            live = await self._hello(conn)
            if live is None:
                return
            async for raw in conn:
                if not bucket.take():
                    self.refused += 1
                    log.info("party: seat %s sends too fast; closing",
                             live.seat if live is not _TABLE else "table")
                    await conn.close(4008, "too many messages")
                    return
                holder = live.seat if live is not _TABLE and live.conn is conn else None
                try:
                    reply = seat_message(parse_client(raw), holder, self.actions)
                except BadMessage as e:
                    self.refused += 1
                    log.info("party: dropped a message: %s", e)
                    continue
                if reply is not None:  # answered without waiting: reading goes on
                    self._send(conn, reply)
        except ConnectionClosed:
            pass
        finally:
            box = self._outboxes.pop(conn, None)
            if box is not None:
                box.task.cancel()
            self._tables.discard(conn)
            if live is not None and live is not _TABLE and live.conn is conn:
                live.conn = None
                self._refresh()
                self.events.put(("leave", live.seat))
                self._changed()

    async def _hello(self, conn: ServerConnection) -> _Live | None:
        """The first message claims a seat or the table page; None when refused (closed)."""
        try:
            hello = parse_client(await asyncio.wait_for(conn.recv(), HELLO_SECONDS))
        except (TimeoutError, BadMessage) as e:
            self.refused += 1
            log.info("party: a connection without a valid hello: %s", e)
            await conn.close(4000, "hello first")
            return None
        if hello["t"] != "hello":
            self.refused += 1
            await conn.close(4000, "hello first")
            return None
        if secrets.compare_digest(hello["token"], self.table_token):
            if len(self._tables) >= MAX_TABLES:
                self.refused += 1
                await conn.close(4009, "too many table pages")
                return None
            self._tables.add(conn)
            self._settled(conn)
            if self.last_table:
                self._send(conn, self.last_table)
            if self._over:
                self._close(conn, CLOSE_GAME_OVER, "game over")
            return _TABLE
        live = next((s for s in self._live.values()
                     if secrets.compare_digest(hello["token"], s.token)), None)
        if live is None:
            self.refused += 1
            why = self._old.get(_digest(hello["token"]), "refused")
            await self._say_and_close(conn, CLOSE_REPLACED if why == "new_link" else
                        CLOSE_RETIRED if why == "retired" else CLOSE_REFUSED, why,
                        self._notice(why, hello["lang"]))
            return None
        old, live.conn = live.conn, conn
        self._settled(conn)
        live.lang = hello["lang"] or live.lang
        live.joined_once = True
        if old is not None and old is not conn:  # the same link on another screen
            self._close(old, CLOSE_REPLACED, "opened elsewhere",
                        self._notice("replaced", live.lang))
        self._refresh()
        self.events.put(("join", live.seat))
        self._changed()
        self._send(conn, self.last.get(live.seat) or encode({"t": "waiting"}))
        if self._over:
            self._close(conn, CLOSE_GAME_OVER, "game over")
        return live

    def _changed(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # noqa: BLE001 - the host's callback must not kill a socket
                log.warning("party: on_change failed", exc_info=True)


_TABLE = _Live(-1, "")  # the marker of a table page's connection


def _address(transport: asyncio.BaseTransport) -> str:
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if isinstance(peer, tuple) and peer else "?"


def render_notices(notices: Callable[[str, str | None], str] | None
                   ) -> dict[tuple[str, str | None], str]:
    """Every closed page's last message in every language, made once on the caller's thread
    (the words' language switch is not the loop's to make)."""
    if notices is None:
        return {}
    from game.i18n import LANGUAGES

    out: dict[tuple[str, str | None], str] = {}
    for kind in ("replaced", "new_link", "retired", "refused"):
        for lang in (None, *LANGUAGES):
            out[kind, lang] = notices(kind, lang)
    return out


def notice_text(notices: dict[tuple[str, str | None], str], kind: str,
                lang: str | None) -> str:
    """A closed page's last message (`render_notices`), in its language if there is one."""
    return notices.get((kind, lang)) or notices.get((kind, None)) or encode(
        {"t": "replaced" if kind == "new_link" else kind, "why": kind})


__all__ = ["CLOSE_GAME_OVER", "MAX_CONNECTIONS", "MAX_PER_ADDRESS", "PONG", "PartyServer",
           "Seat", "client_dir", "new_token", "notice_text", "render_notices", "seat_message"]
