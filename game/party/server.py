"""The party mode's server (issue 28): the phone page, the card art and one WebSocket, on the
address the host picked, only while a party game is open.

It runs an asyncio loop in its own thread. What it serves is a fixed list: `/j/<token>` (the
phone page, the seat's token in its address), `/t/<token>` (the read-only table page), the
page's three files and the 49 card pictures; any other path is a 404 and no path from a
client ever reaches the file system. The socket (`/ws`) takes only small JSON messages
(`protocol.parse_client`), at most `RATE` a second per connection; the first must claim a seat
with its token within `HELLO_SECONDS`; a second screen opening the same seat takes it over and
the first is told so. Browsers must come from the page's own origin.

Actions go to the host through `actions` (a thread-safe queue of (seat, Action, serial)); the
host publishes each seat's view with `publish` (any thread).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import secrets
import threading
import time
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.engine.cards import CARD_IDS
from game.party.protocol import MAX_MESSAGE, BadMessage, encode, parse_client

log = logging.getLogger(__name__)

RATE = 20  # messages a second a connection may send, on average
BURST = 40  # and at once
HELLO_SECONDS = 10.0
CLIENT_FILES = {"party.js": "text/javascript; charset=utf-8",
                "party.css": "text/css; charset=utf-8"}
PAGE = "index.html"


def client_dir() -> Path:
    from game.resources import resource_dir

    return resource_dir("game", "party", "client", holding=PAGE)


def new_token() -> str:
    """A seat's secret: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


@dataclass
class Seat:
    """A phone seat: its token, and the connection holding it (None while away)."""

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


class PartyServer:
    """Serves one party game's phones. `start()` listens; `stop()` closes everything."""

    def __init__(self, seats: list[int], host: str = "127.0.0.1", port: int = 0,
                 tokens: dict[int, str] | None = None, table_token: str | None = None) -> None:
        """`tokens` (and `table_token`): the links of a continued party game, kept beside
        its autosave (game.party.keep), so the phones' links still work."""
        self.bind = host
        self.port = port
        tokens = tokens or {}
        self.seats: dict[int, Seat] = {s: Seat(s, tokens.get(s) or new_token()) for s in seats}
        self.table_token = table_token or new_token()
        self.actions: queue.Queue[tuple[int, object, int]] = queue.Queue()
        self.table_conns: set[ServerConnection] = set()
        self.refused = 0  # messages dropped (malformed, too many, unknown): for tests and logs
        self.last: dict[int, str] = {}  # each seat's last message, sent again on a rejoin
        self.last_table: str | None = None
        self.on_change: callable | None = None  # told (in the server thread) when seats change
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._files = {name: (client_dir() / name).read_bytes() for name in (PAGE,
                                                                            *CLIENT_FILES)}

    # --- addresses ---------------------------------------------------------------------
    @property
    def origin(self) -> str:
        return f"http://{self.bind}:{self.port}"

    def link(self, seat: int) -> str:
        return f"{self.origin}/j/{self.seats[seat].token}"

    def table_link(self) -> str:
        return f"{self.origin}/t/{self.table_token}"

    def joined(self) -> dict[int, bool]:
        return {s: st.conn is not None for s, st in self.seats.items()}

    def reissue(self, seat: int) -> str:
        """A new link for `seat` (the host's kick): the old token stops working at once."""
        st = self.seats[seat]
        old = st.conn
        st.token, st.conn = new_token(), None
        if old is not None and self._loop is not None:
            asyncio.run_coroutine_threadsafe(old.close(4001, "kicked"), self._loop)
        return self.link(seat)

    def retire(self, seat: int) -> None:
        """The seat is no phone's any more (a computer plays it): its page is told so and
        its link stops working."""
        st = self.seats.pop(seat, None)
        self.last.pop(seat, None)
        if st is None or st.conn is None or self._loop is None:
            return
        conn = st.conn

        async def close() -> None:
            try:
                await conn.send(encode({"t": "retired"}))
                await conn.close(4001, "a computer plays this seat")
            except ConnectionClosed:
                pass

        asyncio.run_coroutine_threadsafe(close(), self._loop)

    # --- running -----------------------------------------------------------------------
    def start(self, timeout: float = 10.0) -> PartyServer:
        self._thread = threading.Thread(target=self._run, name="party-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the party server did not start")
        if self._server is None:
            raise OSError(f"the party server could not listen on {self.bind}:{self.port}")
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._open())
        except OSError as e:
            log.warning("party server: %s", e)
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.close()

    async def _open(self) -> None:
        self._server = await serve(
            self._handler, self.bind, self.port, process_request=self._http,
            max_size=MAX_MESSAGE, max_queue=8, ping_interval=10, ping_timeout=20,
            compression=None, server_header=None)
        sock = next(iter(self._server.sockets))
        self.port = sock.getsockname()[1]

    def stop(self) -> None:
        loop, server = self._loop, self._server
        if loop is None or server is None:
            return

        async def close() -> None:
            server.close()
            await server.wait_closed()

        try:
            asyncio.run_coroutine_threadsafe(close(), loop).result(5)
        except Exception:  # noqa: BLE001 - closing must never fail the game
            log.warning("party server: close", exc_info=True)
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(5)
        self._server = None

    # --- publishing --------------------------------------------------------------------
    def publish(self, seat: int, message: dict) -> None:
        """Send `seat` its message (kept, and sent again when the seat rejoins)."""
        text = encode(message)
        self.last[seat] = text
        st = self.seats.get(seat)
        if st is not None and st.conn is not None and self._loop is not None:
            self._loop.call_soon_threadsafe(self._send, st.conn, text)

    def publish_table(self, message: dict) -> None:
        text = encode(message)
        self.last_table = text
        if self._loop is not None:
            for conn in list(self.table_conns):
                self._loop.call_soon_threadsafe(self._send, conn, text)

    def _send(self, conn: ServerConnection, text: str) -> None:
        async def send() -> None:
            try:
                await conn.send(text)
            except ConnectionClosed:
                pass

        asyncio.ensure_future(send())

    # --- HTTP --------------------------------------------------------------------------
    def _http(self, conn: ServerConnection, request: Request) -> Response | None:
        path = request.path.split("?", 1)[0]
        if path == "/ws":
            origin = request.headers.get("Origin")
            if origin is not None and origin not in self._origins():
                log.info("party: refused a socket from origin %r", origin[:80])
                return self._response(HTTPStatus.FORBIDDEN, b"Forbidden", "text/plain")
            return None  # the WebSocket handshake goes on
        if path.startswith("/j/") or path.startswith("/t/"):
            return self._response(HTTPStatus.OK, self._files[PAGE], "text/html; charset=utf-8")
        if path.startswith("/c/") and path[3:] in CLIENT_FILES:
            return self._response(HTTPStatus.OK, self._files[path[3:]], CLIENT_FILES[path[3:]])
        if path.startswith("/cards/") and path.endswith(".svg"):
            name = path[len("/cards/"):-len(".svg")]
            if name in CARD_IDS or name == "back":
                return self._response(HTTPStatus.OK, _card_svg(name), "image/svg+xml")
        return self._response(HTTPStatus.NOT_FOUND, b"Not found", "text/plain")

    def _origins(self) -> set[str]:
        out = {self.origin}
        if self.bind in ("127.0.0.1", "localhost"):
            out |= {f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}"}
        return out

    @staticmethod
    def _response(status: HTTPStatus, body: bytes, kind: str) -> Response:
        headers = Headers([("Content-Type", kind), ("Content-Length", str(len(body))),
                           ("Cache-Control", "no-store"),
                           ("X-Content-Type-Options", "nosniff"),
                           ("Content-Security-Policy",
                            "default-src 'self'; connect-src 'self' ws: wss:; "
                            "img-src 'self'; style-src 'self'; script-src 'self'")])
        return Response(status.value, status.phrase, headers, body)

    # --- the socket --------------------------------------------------------------------
    async def _handler(self, conn: ServerConnection) -> None:
        bucket = _Bucket()
        seat: Seat | None = None
        table = False
        try:
            try:
                first = await asyncio.wait_for(conn.recv(), HELLO_SECONDS)
                hello = parse_client(first)
            except (TimeoutError, BadMessage) as e:
                self.refused += 1
                log.info("party: a connection without a valid hello: %s", e)
                await conn.close(4000, "hello first")
                return
            if hello["t"] != "hello":
                self.refused += 1
                await conn.close(4000, "hello first")
                return
            if secrets.compare_digest(hello["token"], self.table_token):
                table = True
                self.table_conns.add(conn)
                if self.last_table:
                    await conn.send(self.last_table)
            else:
                seat = next((s for s in self.seats.values()
                             if secrets.compare_digest(hello["token"], s.token)), None)
                if seat is None:
                    self.refused += 1
                    await conn.send(encode({"t": "refused", "why": "unknown seat"}))
                    await conn.close(4003, "unknown seat")
                    return
                old, seat.conn, seat.lang = seat.conn, conn, hello["lang"] or seat.lang
                seat.joined_once = True
                if old is not None and old is not conn:  # the same link on another screen
                    try:
                        await old.send(encode({"t": "replaced"}))
                        await old.close(4002, "opened elsewhere")
                    except ConnectionClosed:
                        pass
                self._changed()
                text = self.last.get(seat.seat)
                await conn.send(text or encode({"t": "waiting"}))
            async for raw in conn:
                if not bucket.take():
                    self.refused += 1
                    log.info("party: seat %s sends too fast; closing", seat and seat.seat)
                    await conn.close(4008, "too many messages")
                    return
                try:
                    msg = parse_client(raw)
                except BadMessage as e:
                    self.refused += 1
                    log.info("party: dropped a message: %s", e)
                    continue
                if msg["t"] == "ping":  # answered without waiting: reading goes on
                    self._send(conn, '{"t":"pong"}')
                elif msg["t"] == "act" and seat is not None and seat.conn is conn:
                    self.actions.put((seat.seat, msg["action"], msg["n"]))
                else:
                    self.refused += 1
        except ConnectionClosed:
            pass
        finally:
            if table:
                self.table_conns.discard(conn)
            if seat is not None and seat.conn is conn:
                seat.conn = None
                self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            try:
                self.on_change()
            except Exception:  # noqa: BLE001 - the host's callback must not kill a socket
                log.warning("party: on_change failed", exc_info=True)


def _card_svg(name: str) -> bytes:
    """A card's picture (its name checked against the 48 cards and the back first)."""
    from game.resources import resource_dir

    return (resource_dir("art", "cards", holding="back.svg") / f"{name}.svg").read_bytes()


__all__ = ["PartyServer", "Seat", "client_dir", "new_token"]
