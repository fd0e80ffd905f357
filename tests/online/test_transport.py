"""The host's side of online seats (game.online.transport, issue 46): a `PartyHost` over a
`RelayTransport`, an in-process relay on 127.0.0.1, and a Python page per online seat that
follows the connection handshake (b"C" + conn_id, the host's b"S" + nonce, then every frame
sealed under seal.derive(seat key, conn_id, nonce)). The test thread drives the host (`poll`)
while it waits for a page's frames, as the headless host's loop would.

Asserted: a seat gets its view sealed and its move is applied; a whole round is played by the
pages (a computer in the other seat); a page that comes back on a new socket (or a second
device) gets its view again and plays; replayed, forged and misplaced frames are dropped and
counted, never answered; New link makes the relay refuse the old token; Computer plays tells
the page and closes it; the host reconnects when its socket drops and the pages go on; a
continued game's transport (`kept`) opens the same links; an unreachable relay or a room
held by another secret is an OSError that says so; and every frame the relay forwarded
carries no card id or card name in clear."""

from __future__ import annotations

import json
import os
import socket
import time
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from game.engine.cards import CARD_IDS
from game.i18n import speaking
from game.online.seal import H2P, P2H, Opener, Sealer, SealError, derive, key_from_text
from game.online.transport import RelayTransport, relay_urls
from game.party.host import PartyHost
from game.party.protocol import encode, notice
from game.play.session import GameSession, SeatSpec
from game.play.terms import card_name
from game.relay import wire
from game.relay.backend import MemoryBackend
from game.relay.server import Limits, RelayThread
from tests.relay.conftest import close_of, dial, start_relay, until

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")
WAIT = 30.0  # seconds a page may wait for a frame (generous: nothing asserts on time)


class Recording(MemoryBackend):
    """The relay's one backend, keeping every message it passed (frames both ways)."""

    def __init__(self) -> None:
        super().__init__(time.monotonic)
        self.seen: list[bytes] = []

    async def publish(self, channel: str, data: bytes) -> None:
        self.seen.append(bytes(data))
        await super().publish(channel, data)


@pytest.fixture
def backend() -> Recording:
    return Recording()


@pytest.fixture
def relay(backend: Recording) -> Iterator[RelayThread]:
    # a real clock (the host speaks for a whole round); no sweeping during a test
    running = start_relay(time.monotonic, Limits(sweep_seconds=3600), backend)  # type: ignore[arg-type]
    yield running
    running.stop()


def transport(port: int, seats: list[int], **kw: object) -> RelayTransport:
    return RelayTransport(seats, f"ws://127.0.0.1:{port}",
                          notices=lambda kind, lang: encode(notice(kind, lang)),
                          backoff=(0.05, 0.2), **kw)  # type: ignore[arg-type]


def online_host(port: int, phones: tuple[int, ...] = (0,), seats: int = 3,
                rounds: int = 1, seed: int = 7) -> PartyHost:
    specs = [SeatSpec(f"P{i + 1}", "human") if i in phones else SeatSpec(f"C{i}", "ai:rules")
             for i in range(seats)]
    session = GameSession("hachihachi", {"rounds": rounds}, specs, seed)
    return PartyHost(session, list(phones), transport=transport(port, list(phones)))


class Page:
    """A seat's page as the browser's would be: the link's path and fragment, one socket,
    the handshake, sealed frames both ways."""

    def __init__(self, link: str) -> None:
        parts = urlsplit(link)
        _, o, room, seat, token = parts.path.split("/")
        assert o == "o"
        self.link, self.room, self.seat, self.token = link, room, int(seat), token
        self.key = key_from_text(parts.fragment)
        self.port = int(parts.port or 0)
        self.ws: ClientConnection | None = None
        self.sent: list[bytes] = []  # every sealed frame this page sent, for replays
        self.opened: list[bytes] = []  # every plaintext it opened
        self.kinds: list[str] = []  # and the kind of each
        self.unopened = 0  # frames sealed for a socket this seat had before (dropped)

    def open(self, conn_id: bytes | None = None, lang: str | None = "en") -> Page:
        ws = dial(self.port)
        ws.send(json.dumps({"t": "join", "room": self.room, "seat": self.seat,
                            "token": self.token}))
        ok = json.loads(ws.recv(timeout=WAIT))
        assert ok["t"] == "ok" and ok["seat"] == self.seat, ok
        self.conn_id = conn_id or os.urandom(16)
        ws.send(b"C" + self.conn_id)
        self.host_nonce = answer(ws)
        key = derive(self.key, self.conn_id, self.host_nonce)
        self.sealer = Sealer(key, self.room, self.seat, P2H)
        self.opener = Opener(key, self.room, self.seat, H2P)
        self.ws = ws
        if lang is not None:
            self.send({"t": "hello", "token": self.token, "lang": lang})
        return self

    def send(self, msg: dict) -> bytes:
        frame = self.sealer.seal(json.dumps(msg).encode())
        self.sent.append(frame)
        self.raw(frame)
        return frame

    def raw(self, frame: bytes) -> None:
        assert self.ws is not None
        self.ws.send(frame)

    def poll(self) -> dict | None:
        """One frame if one came, opened, or None (text from the relay is passed over, and a
        frame that does not open under this socket's key is dropped)."""
        assert self.ws is not None
        try:
            raw = self.ws.recv(timeout=0.02)
        except TimeoutError:
            return None
        if isinstance(raw, str):
            return None
        try:
            plain = self.opener.open(raw)
        except SealError:  # sealed for the seat's previous socket, on its way as this one
            self.unopened += 1  # came: the page drops it, as it drops a forgery
            return None
        self.opened.append(plain)
        msg = json.loads(plain)
        self.kinds.append(msg["t"])
        return msg

    def read_to_close(self) -> int | None:
        """Open every frame still on its way (``poll`` records each kind) until the relay
        closes the socket; its close code. A loaded machine may still have the last message
        queued when the host says the game is over: reading past it unopened would lose it."""
        end = time.monotonic() + WAIT
        try:
            while time.monotonic() < end:
                self.poll()
        except ConnectionClosed as e:
            return e.rcvd.code if e.rcvd is not None else None
        raise AssertionError("the relay did not close the connection")

    def next(self, host: PartyHost, want: Callable[[dict], bool] = lambda m: True) -> dict:
        """The next opened message `want` accepts, the host polled meanwhile."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            host.poll()
            msg = self.poll()
            if msg is not None and want(msg):
                return msg
        raise AssertionError(f"seat {self.seat} got no such message")

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()


def answer(ws: ClientConnection) -> bytes:
    """The host's answer to a page's b"C" + conn_id: b"S" + its nonce (the relay's own text
    passed over)."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        raw = ws.recv(timeout=WAIT)
        if isinstance(raw, bytes):
            assert len(raw) == 17 and raw[:1] == b"S", raw[:20]
            return raw[1:]
    raise AssertionError("the host did not answer the handshake")


def is_turn(msg: dict) -> bool:
    return msg["t"] == "view" and bool(msg["legal"])


def act(page: Page, view: dict, pick: int = 0) -> None:
    page.send({"t": "act", "a": view["legal"][pick]["a"], "n": view["n"]})


def wait_for(host: PartyHost, pred: Callable[[], bool]) -> None:
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        host.poll()
        if pred():
            return
        time.sleep(0.01)
    raise AssertionError("the condition never held")


def test_a_seat_gets_its_view_sealed_and_its_move_is_applied(relay):
    host = online_host(relay.port).start()
    try:
        page = Page(host.link(0)).open()
        view = page.next(host, is_turn)
        assert view["seat"] == 0 and view["field"] and view["hand"] == []  # mizuten: blind
        assert host.server.seats[0].lang == "en" and host.server.joined() == {0: True}
        assert view["legal"][-1]["a"] == "0 pass"
        act(page, view, pick=-1)  # look at the hand
        after = page.next(host, lambda m: m["t"] == "view" and m["n"] > view["n"])
        assert len(host.applied_at) == 1 and host.refused == 0
        assert after["hand"]
    finally:
        host.stop()


def test_a_whole_round_is_played_by_the_pages_and_the_relay_reads_no_card(relay, backend):
    host = online_host(relay.port, phones=(0, 1)).start()
    pages = [Page(host.link(0)).open(lang="en"), Page(host.link(1)).open(lang="ja")]
    try:
        answered: set[tuple[int, int]] = set()
        end = time.monotonic() + 120
        while not host.over and time.monotonic() < end:
            host.poll()
            for page in pages:
                msg = page.poll()
                if msg is not None and is_turn(msg) and (page.seat, msg["n"]) not in answered:
                    answered.add((page.seat, msg["n"]))
                    act(page, msg, pick=-1)
        assert host.over, "the round did not finish"
        for page in pages:
            host.poll()
            code = page.read_to_close()  # opening what was still on its way
            assert code == wire.CLOSE_EXPIRED  # the room ended with the game
            assert "over" in page.kinds and page.unopened == 0
        assert len(host.applied_at) >= 8 and host.refused == 0
    finally:
        host.stop()
    leaks = _clear_card_words()
    seen = b"".join(backend.seen)
    opened = b"".join(p for page in pages for p in page.opened)
    assert sum(word in opened for word in leaks) > 20  # the test looks for what is there
    assert [word for word in leaks if word in seen] == []


def _clear_card_words() -> list[bytes]:
    """Every card id and card name, in English and Japanese, as a JSON string carries it
    (quoted: a four-letter id could turn up by chance in random bytes, a quoted one not)."""
    words = set()
    for card in CARD_IDS:
        words.add(json.dumps(card).encode())
        for lang in ("en", "ja"):
            with speaking(lang):
                name = card_name(card)
            words.add(json.dumps(name).encode())
            words.add(json.dumps(name, ensure_ascii=False).encode())
    return sorted(words)


def test_a_page_on_a_new_socket_gets_its_view_again_and_plays(relay):
    host = online_host(relay.port).start()
    try:
        first = Page(host.link(0)).open()
        view = first.next(host, is_turn)
        first.close()
        wait_for(host, lambda: not host.server.joined()[0])
        again = Page(host.link(0)).open()  # a reload: a fresh conn_id, counters from 1
        assert again.next(host, is_turn)["n"] == view["n"]
        # the same link on a second device: the relay replaces the first socket
        other = Page(host.link(0)).open()
        assert other.next(host, is_turn)["n"] == view["n"]
        assert close_of(again.ws)[0] == wire.CLOSE_REPLACED
        act(other, view)
        other.next(host, lambda m: m["t"] == "view" and m["n"] > view["n"])
        assert len(host.applied_at) == 1
    finally:
        host.stop()


def test_replayed_forged_and_misplaced_frames_are_dropped_unanswered(relay):
    host = online_host(relay.port, phones=(0, 1)).start()
    try:
        old = Page(host.link(0)).open()
        old.next(host)
        ping = old.send({"t": "ping"})
        assert old.next(host, lambda m: m["t"] == "pong")
        old.close()
        wait_for(host, lambda: not host.server.joined()[0])
        seat1 = Page(host.link(1)).open()  # every seat joined: the game starts
        page = Page(host.link(0)).open()
        view = page.next(host, is_turn)
        other = Sealer(derive(seat1.key, os.urandom(16), os.urandom(16)), seat1.room, 1, P2H)
        mine = page.sealer.seal(b'{"t":"ping"}')
        flipped = mine[:-1] + bytes([mine[-1] ^ 1])
        before = host.server.refused
        bad = [ping,  # the old connection's frame: under another key
               b"C" + old.conn_id,  # the old connection's id again
               flipped,  # forged: one bit changed
               os.urandom(60),  # forged: noise
               other.seal(b'{"t":"ping"}'),  # another seat's key
               page.sent[-1],  # this connection's own hello, again: a replay
               ]
        for frame in bad:
            page.raw(frame)
        page.send({"t": "ping"})  # a genuine one behind them: the first pong
        page.next(host, lambda m: m["t"] == "pong")  # had one been taken, its pong came first
        assert host.server.refused == before + len(bad)
        assert page.kinds.count("pong") == 1
        act(page, view)
        page.next(host, lambda m: m["t"] == "view" and m["n"] > view["n"])
        assert len(host.applied_at) == 1
    finally:
        host.stop()


def test_a_new_link_makes_the_relay_refuse_the_old_one(relay):
    host = online_host(relay.port).start()
    try:
        page = Page(host.link(0)).open()
        page.next(host)
        link = host.reissue(0)
        assert link != page.link and Page(link).key != page.key
        told = page.next(host, lambda m: m["t"] == "replaced")
        assert told["why"] == "new_link"
        assert close_of(page.ws)[0] == wire.CLOSE_REVOKED
        stale = dial(relay.port)
        stale.send(json.dumps({"t": "join", "room": page.room, "seat": 0,
                               "token": page.token}))
        assert close_of(stale) == (wire.CLOSE_REFUSED, wire.REFUSED_WORDS)
        fresh = Page(link).open()
        assert fresh.next(host, is_turn)["seat"] == 0
    finally:
        host.stop()


def test_a_seat_given_to_a_computer_is_told_and_closed(relay):
    host = online_host(relay.port, phones=(0, 1)).start()
    try:
        page = Page(host.link(1)).open()
        page.next(host)
        host.give_to_computer(1, "rules")
        assert page.next(host, lambda m: m["t"] == "retired")["why"] == "retired"
        assert close_of(page.ws)[0] == wire.CLOSE_REVOKED
        assert 1 not in host.server.seats
    finally:
        host.stop()


def test_the_host_reconnects_when_its_socket_drops_and_the_pages_go_on(relay):
    host = online_host(relay.port).start()
    try:
        page = Page(host.link(0)).open()
        view = page.next(host, is_turn)
        wait_for(host, lambda: host.server.seats[0].lang == "en")  # its hello was read
        host.poll()  # the host answered it; from now on it publishes only when polled
        page.send({"t": "ping"})
        until(lambda: page.poll() == {"t": "pong"})  # everything before it has come
        seen = len(page.kinds)

        async def cut() -> None:  # the relay drops the host's socket, as a lost network
            relay_ = relay.relay
            for ws, conn in list(relay_._conns.items()):
                if conn.seat is None:
                    ws.transport.abort()

        relay.call(cut)
        assert until(lambda: host.server.registrations == 2)
        # registered again: the page, which kept its socket, gets its view once more, from
        # the transport alone (the host is not polled)
        assert until(lambda: page.poll() is not None)
        assert page.kinds[seen:] == ["view"] and json.loads(page.opened[-1])["n"] == view["n"]
        assert host.server.online and host.server.joined() == {0: True}
        act(page, view)
        page.next(host, lambda m: m["t"] == "view" and m["n"] > view["n"])
        assert len(host.applied_at) == 1
    finally:
        host.stop()


def test_a_continued_game_opens_the_same_links(relay):
    first = transport(relay.port, [0, 2]).start()
    kept = json.loads(json.dumps(first.kept()))  # as the file beside the autosave keeps it
    links = {s: first.link(s) for s in (0, 2)}
    first.stop()
    again = RelayTransport([0, 2], kept=kept).start()
    try:
        assert {s: again.link(s) for s in (0, 2)} == links
        assert again.kept() == kept
        again.publish(2, {"t": "waiting", "hi": 1})
        page = Page(links[2]).open(lang=None)
        end = time.monotonic() + WAIT
        msg = None
        while msg is None and time.monotonic() < end:
            msg = page.poll()
        assert msg == {"t": "waiting", "hi": 1}
    finally:
        again.stop()


def test_an_old_connection_replayed_to_a_restarted_host_opens_nothing(relay):
    """A relay that kept a page's whole connection (its id and its sealed frames, a move
    among them) replays it after the host restarted, which no longer knows the ids it saw:
    the restarted host answers with a nonce of its own, so not one old frame opens and no
    move reaches the game."""
    first = transport(relay.port, [0]).start()
    kept = json.loads(json.dumps(first.kept()))
    link = first.link(0)
    try:
        first.publish(0, {"t": "waiting"})
        page = Page(link).open()
        page.send({"t": "act", "a": "0 pass", "n": 4})
        seat, action, serial = first.actions.get(timeout=WAIT)  # the genuine move, taken
        assert (seat, str(action), serial) == (0, "0 pass", 4)
        old_id, old_frames = page.conn_id, list(page.sent)
        page.close()
    finally:
        first.stop()
    again = RelayTransport([0], kept=kept).start()
    try:
        replay = Page(link).open(conn_id=old_id, lang=None)  # an id the new run never saw
        assert replay.host_nonce != page.host_nonce
        before = again.refused
        for frame in old_frames:
            replay.raw(frame)
        end = time.monotonic() + WAIT
        while again.refused < before + len(old_frames) and time.monotonic() < end:
            time.sleep(0.01)
        assert again.refused == before + len(old_frames)
        assert again.actions.empty()  # the old move, not once
        replay.close()
    finally:
        again.stop()


def test_an_unreachable_relay_or_a_room_held_by_another_secret_is_an_oserror(relay):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again at once: nothing listens there
    with pytest.raises(OSError, match="could not be reached"):
        transport(port, [0]).start(timeout=5)
    held = transport(relay.port, [0]).start()
    try:
        kept = dict(held.kept(), secret="another-secret-0123456789")
        with pytest.raises(OSError, match="refused this game's room"):
            RelayTransport([0], kept=kept).start(timeout=5)
    finally:
        held.stop()


def test_the_relay_address_gives_the_socket_and_the_page_links():
    assert relay_urls("wss://relay.example") == ("wss://relay.example/ws",
                                                 "https://relay.example")
    assert relay_urls("https://relay.example/hh/ws/") == ("wss://relay.example/hh/ws",
                                                          "https://relay.example/hh")
    assert relay_urls("ws://127.0.0.1:8765/ws") == ("ws://127.0.0.1:8765/ws",
                                                    "http://127.0.0.1:8765")
    for bad in ("ftp://relay.example", "relay.example", "ws://"):
        with pytest.raises(ValueError):
            relay_urls(bad)
    t = RelayTransport([3], "wss://relay.example")
    link = urlsplit(t.link(3))
    assert (link.scheme, link.netloc) == ("https", "relay.example")
    _, o, room, seat, token = link.path.split("/")
    assert (o, room, seat, token) == ("o", t.room, "3", t.seats[3].token)
    assert len(key_from_text(link.fragment)) == 32
    assert wire.ID_PATTERN.fullmatch(room) and wire.SECRET_PATTERN.fullmatch(token)


def test_a_party_host_keeps_what_its_transport_keeps(relay):
    host = online_host(relay.port)
    assert host.keep() == host.server.kept()
    assert set(host.keep()) == {"relay", "room", "secret", "table", "seats"}


def test_a_frame_under_one_connection_key_does_not_open_under_another():
    key = bytes(range(32))
    frame = Sealer(derive(key, bytes(16), bytes(16)), "room-0123", 0, H2P).seal(b"view")
    with pytest.raises(SealError):
        Opener(derive(key, bytes(15) + b"\x01", bytes(16)), "room-0123", 0, H2P).open(frame)
    with pytest.raises(SealError):  # the same page id, another answer of the host
        Opener(derive(key, bytes(16), bytes(15) + b"\x01"), "room-0123", 0, H2P).open(frame)


def test_stale_messages_do_not_break_a_connection(relay):
    """A move that answers an older view is refused by the host and told to the page,
    which goes on playing (the party protocol's serials, through the seal)."""
    host = online_host(relay.port).start()
    try:
        page = Page(host.link(0)).open()
        view = page.next(host, is_turn)
        page.send({"t": "act", "a": view["legal"][0]["a"], "n": view["n"] - 1})
        assert page.next(host, lambda m: m["t"] == "rejected")["n"] == view["n"] - 1
        act(page, view)
        page.next(host, lambda m: m["t"] == "view" and m["n"] > view["n"])
        assert len(host.applied_at) == 1 and host.refused == 1
    finally:
        host.stop()
