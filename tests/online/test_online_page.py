"""An online seat's page in a real browser (issue 46): the relay (game.relay.server, in this
process, on 127.0.0.1) serves the party client at /o/<room>/<seat>/<token>#<key>, and a small
Python host (`SealedHost`: websockets and game.online.seal, following the lead's handshake)
sends it a party `view` sealed for its socket. The page shows the hand; a tap and Play come
back to the host as a sealed move that opens and parses as a party message; nothing the relay
passed on carries a card id or a card name in clear; the host leaving shows the waiting state
and its return brings the table back through a fresh handshake; a link the host replaced shows
the replaced-link screen; a page without WebCrypto, or without its key, says so in one
sentence. A screenshot at 390 x 844 goes to /tmp/shots-online/.

Skipped where no browser is installed, unless HACHI_REQUIRE_BROWSER=1 (CI sets it)."""

from __future__ import annotations

import json
import os
import queue
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.engine.cards import CARD_IDS
from game.online.seal import H2P, P2H, Opener, Sealer, SealError, derive, key_text, new_seat_key
from game.party.protocol import encode, parse_client, view_message
from game.play.session import GameSession, SeatSpec, Step
from game.play.terms import card_name
from game.relay import wire
from game.relay.backend import MemoryBackend
from game.relay.server import Limits, RelayThread
from tests.relay.conftest import StepClock

if os.environ.get("HACHI_SKIP_BROWSER") == "1":  # .ci/run: the browser is being installed
    pytest.skip("the browser is being installed; .ci/run runs these tests after",
                allow_module_level=True)
from tests.party.browser import (  # noqa: E402
    PHONE,
    chrome,
    fit,
    have_browser,
    shown,
    tap_a_move,
    visible,
    wait,
)

if not have_browser():
    if os.environ.get("HACHI_REQUIRE_BROWSER") == "1":
        raise RuntimeError("HACHI_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
    pytest.skip("no chromium / chromedriver here: the online page is not checked",
                allow_module_level=True)
pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

ROOM = "online-room-0123"  # each test opens its own room: <ROOM>-<test's word>
SECRET = "host-secret-0123456789abcdef"
SEAT = 0
TOKEN = "seat-zero-token-0123456789"
WAIT = 15.0  # seconds a socket or a page event may take (nothing asserts on time)
SHOTS = Path("/tmp/shots-online")


class Recording(MemoryBackend):
    """The in-memory backend, noting every message the relay passed between host and page."""

    def __init__(self, clock: StepClock) -> None:
        super().__init__(clock)
        self.seen: list[bytes] = []

    async def publish(self, channel: str, data: bytes) -> None:
        self.seen.append(bytes(data))
        await super().publish(channel, data)


class SealedHost:
    """The host's side of one online seat, as small as the handshake allows: it registers the
    room, and on the page's b"C" + conn_id answers b"S" + a nonce of its own and starts a
    Sealer (h2p) and an Opener (p2h) with K_conn = derive(seat key, conn_id, nonce), refusing
    a conn_id it saw before, and sends the seat's
    current message; it opens every later frame, answers a ping, notes a hello's language and
    queues every other message (parsed by protocol.parse_client) in `moves`."""

    def __init__(self, port: int, key: bytes, room: str) -> None:
        self.key, self.room = key, room
        self.current: str | None = None
        self.moves: queue.Queue[dict] = queue.Queue()
        self.conn_ids: list[bytes] = []
        self.langs: list[str | None] = []
        self.dropped = 0
        self.received: list[bytes] = []  # every binary frame the relay passed to us
        self._pair: tuple[Sealer, Opener] | None = None
        self._lock = threading.Lock()
        self.ws: ClientConnection = connect(f"ws://127.0.0.1:{port}/ws", open_timeout=WAIT,
                                            close_timeout=2, max_size=None)
        self.ws.send(json.dumps({"t": "host", "room": room, "secret": SECRET,
                                 "seats": {str(SEAT): TOKEN}}))
        assert json.loads(self.ws.recv(timeout=WAIT)) == {"t": "ok", "room": room}
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def publish(self, msg: dict) -> None:
        """The seat's message from now on (sent again to every new connection)."""
        with self._lock:
            self.current = encode(msg)
            if self._pair is not None:
                self._send(self.current)

    def revoke(self, token: str) -> None:
        """The lobby's New link: the seat's token changes, and its page is closed."""
        self.ws.send(json.dumps({"t": "seats", "seats": {str(SEAT): token}}))

    def leave(self) -> None:
        self.ws.close()
        self._thread.join(WAIT)

    def _send(self, text: str) -> None:  # under the lock
        assert self._pair is not None
        self.ws.send(wire.to_host(SEAT, self._pair[0].seal(text.encode())))

    def _read(self) -> None:
        try:
            for frame in self.ws:
                if isinstance(frame, bytes):
                    self.received.append(frame)
                    self._frame(frame[1:])
        except ConnectionClosed:
            pass

    def _frame(self, payload: bytes) -> None:
        if len(payload) == 17 and payload[:1] == b"C":
            self._handshake(payload[1:])
            return
        with self._lock:
            pair = self._pair
        try:
            if pair is None:
                raise SealError("no connection yet")
            msg = parse_client(pair[1].open(payload).decode())
        except (SealError, ValueError):
            self.dropped += 1
            return
        if msg["t"] == "ping":
            with self._lock:
                self._send('{"t":"pong"}')
        elif msg["t"] == "hello":
            self.langs.append(msg["lang"])
        else:
            self.moves.put(msg)

    def _handshake(self, conn_id: bytes) -> None:
        with self._lock:
            if conn_id in self.conn_ids:
                self.dropped += 1
                return
            self.conn_ids.append(conn_id)
            host_nonce = os.urandom(16)
            self.ws.send(wire.to_host(SEAT, b"S" + host_nonce))
            k = derive(self.key, conn_id, host_nonce)
            self._pair = (Sealer(k, self.room, SEAT, H2P), Opener(k, self.room, SEAT, P2H))
            if self.current is not None:
                self._send(self.current)


def seat_turn(seed: int = 7) -> GameSession:
    """A real game brought to seat 0's first play (seat 0 passes its decision, computers
    take their turns), as the host's session would stand."""
    specs = [SeatSpec("Ann", "human", phone=True), SeatSpec("Bo", "ai:rules"),
             SeatSpec("Cy", "ai:rules")]
    session = GameSession("hachihachi", {"rounds": 1}, specs, seed)
    for _ in range(500):
        step = session.next_step()
        if step == Step.DEAL:
            session.deal()
        elif step == Step.CHANCE:
            session.chance()
        else:
            view = session.view(session.st.to_move)
            if session.st.to_move == SEAT and view.phase == "play":
                return session
            quiet = [a for a in view.legal if a.verb in ("pass", "join")]
            session.apply((quiet or view.legal)[0])
    raise AssertionError("seat 0 never came to play")


def clear_words() -> set[bytes]:
    """Every card id and every card's English name, as bytes a frame could show in clear."""
    words = {c.encode() for c in CARD_IDS}
    words |= {card_name(c).lower().encode() for c in CARD_IDS}
    return words


@pytest.fixture(scope="module")
def clock() -> StepClock:
    return StepClock()


@pytest.fixture(scope="module")
def backend(clock: StepClock) -> Recording:
    return Recording(clock)


@pytest.fixture(scope="module")
def relay(clock: StepClock, backend: Recording) -> Iterator[RelayThread]:
    running = RelayThread.of(backend=backend, limits=Limits(sweep_seconds=3600),
                             clock=clock).start("127.0.0.1", 0)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def page() -> Iterator:
    driver = chrome(PHONE)
    yield driver
    driver.quit()


def link(port: int, room: str, key: bytes | None = None) -> str:
    """The seat's link as the lobby gives it (no fragment when `key` is None)."""
    tail = f"#{key_text(key)}" if key is not None else ""
    return f"http://127.0.0.1:{port}/o/{room}/{SEAT}/{TOKEN}{tail}"


def shot(page, name: str) -> None:  # noqa: ANN001
    """A screenshot to look at: /tmp/shots-online/<name>-390x844.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.save_screenshot(str(SHOTS / f"{name}-{PHONE[0]}x{PHONE[1]}.png"))


def banner(page) -> str:  # noqa: ANN001
    b = page.find_element(By.ID, "banner")
    return b.text if b.is_displayed() else ""


def test_an_online_seat_plays_through_the_relay_and_the_relay_reads_nothing(
        relay, backend, page):  # noqa: ANN001
    key, room = new_seat_key(), f"{ROOM}-play"
    host = SealedHost(relay.port, key, room)
    try:
        session = seat_turn()
        view = session.view(SEAT)
        host.publish(view_message(view, session.names(), 3, "en"))
        fit(page, PHONE)
        page.get(link(relay.port, room, key))

        # the page shows the hand the sealed view carried, its cards live on its turn
        assert wait(lambda: shown(page) == 3, WAIT)
        keys = [b.get_attribute("data-key")
                for b in page.find_elements(By.CSS_SELECTOR, "#hand button.card")]
        assert keys == view.hand
        assert wait(lambda: visible(page, "#hand button.card.live"), WAIT)
        assert len(host.conn_ids) == 1 and host.langs == ["en"]
        shot(page, "online-turn")

        # a tap and Play: a sealed move the host opens and parses as a party message
        assert tap_a_move(page)
        move = host.moves.get(timeout=WAIT)
        assert move["t"] == "act" and move["n"] == 3 and move["action"] in view.legal
        assert move["action"].verb == "play" and move["action"].seat == SEAT

        # the table moves on: the next view reaches the page through the same channel
        session.apply(move["action"])
        host.publish(view_message(session.view(SEAT), session.names(), 4, "en"))
        assert wait(lambda: shown(page) == 4, WAIT)
        shot(page, "online-moved")

        # what the relay passed on, both ways, holds no card id or name in clear
        passed = backend.seen + host.received
        assert passed and len(host.received) >= 3  # the C frame, the hello, the move
        words = clear_words()
        leaks = {w for frame in passed for w in words if w in frame.lower()}
        assert leaks == set()
        assert host.dropped == 0
    finally:
        host.leave()


def test_the_host_away_shows_the_waiting_state_and_its_return_a_fresh_handshake(
        relay, page):  # noqa: ANN001
    key, room = new_seat_key(), f"{ROOM}-away"
    host = SealedHost(relay.port, key, room)
    session = seat_turn(seed=3)
    names = session.names()
    host.publish(view_message(session.view(SEAT), names, 5, "en"))
    page.get(link(relay.port, room, key))
    assert wait(lambda: shown(page) == 5 and visible(page, "#hand button.card.live"), WAIT)

    host.leave()  # the host's connection drops: the relay tells the page
    assert wait(lambda: banner(page) == "The host is away — waiting…", WAIT)
    assert "offline" in page.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert visible(page, "#hand button.card") == []  # every card disabled
    shot(page, "online-host-away")

    back = SealedHost(relay.port, key, room)  # the host is back (a new process: no old channel)
    try:
        back.publish(view_message(session.view(SEAT), names, 6, "en"))
        assert wait(lambda: shown(page) == 6 and banner(page) == "", WAIT)
        assert wait(lambda: visible(page, "#hand button.card.live"), WAIT)
        assert len(back.conn_ids) == 1 and back.conn_ids[0] not in host.conn_ids
    finally:
        back.leave()


def test_a_replaced_link_shows_the_replaced_link_screen(relay, page):  # noqa: ANN001
    key, room = new_seat_key(), f"{ROOM}-link"
    host = SealedHost(relay.port, key, room)
    try:
        session = seat_turn()
        host.publish(view_message(session.view(SEAT), session.names(), 7, "en"))
        page.get(link(relay.port, room, key))
        assert wait(lambda: shown(page) == 7, WAIT)
        host.revoke("seat-zero-new-token-9876543210")  # New link: the relay closes with 4004
        assert wait(lambda: page.find_elements(By.CSS_SELECTOR, "#screen.closed.new_link"),
                    WAIT)
        text = page.find_element(By.ID, "screen").text
        assert "made a new link for this seat" in text
        shot(page, "online-new-link")
        assert visible(page, "#hand button.card") == []
    finally:
        host.leave()


def test_without_its_key_or_webcrypto_the_page_says_so_in_one_sentence(relay, page):  # noqa: ANN001
    """A link cut before its '#' says so; the key pasted after it starts the page again (a
    fragment alone reloads nothing by itself). Over plain http to a name that is not this
    computer's there is no WebCrypto: the page says why instead of playing in clear."""
    key, room = new_seat_key(), f"{ROOM}-keys"
    host = SealedHost(relay.port, key, room)
    try:
        session = seat_turn()
        host.publish(view_message(session.view(SEAT), session.names(), 9, "en"))
        page.get(link(relay.port, room))  # no fragment
        assert wait(lambda: page.find_elements(By.CSS_SELECTOR, "#screen.closed.no_key"),
                    WAIT)
        assert "the part after # is missing" in page.find_element(By.ID, "screen").text
        assert host.conn_ids == []  # it did not even join
        page.execute_script("location.hash = arguments[0]", key_text(key))
        assert wait(lambda: shown(page) == 9, WAIT)
    finally:
        host.leave()

    insecure = _insecure_chrome()
    try:
        insecure.get(link(relay.port, room, key).replace("127.0.0.1", "relay.test"))
        assert wait(lambda: insecure.find_elements(By.CSS_SELECTOR,
                                                   "#screen.closed.no_crypto"), WAIT)
        assert insecure.execute_script("return window.isSecureContext") is False
        text = insecure.find_element(By.ID, "screen").text
        assert "needs a secure connection (https)" in text
        shot(insecure, "online-no-webcrypto")
    finally:
        insecure.quit()


def _insecure_chrome():  # noqa: ANN202 - a WebDriver
    """Chromium that reaches 127.0.0.1 under another name (relay.test), so the page is not a
    secure context and has no WebCrypto, as over plain http to a remote relay."""
    from selenium import webdriver

    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--lang=en", "--host-resolver-rules=MAP relay.test 127.0.0.1"):
        opts.add_argument(arg)
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
    driver = webdriver.Chrome(options=opts, service=service)
    fit(driver, PHONE)
    return driver
