"""The party server's limits and its one owner (issue 42, items 10–13): idle and half-open
clients cannot crowd a phone out, the seats change only on the server's loop however many
threads ask, a new link sends the seat back to waiting and tells the old page why."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.party import server as server_mod
from game.party.server import MAX_CONNECTIONS, MAX_PER_ADDRESS
from tests.party.conftest import make_host

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")


def _ws(host, token=None, source="127.0.0.1"):  # noqa: ANN001, ANN202
    ws = connect(f"ws://127.0.0.1:{host.server.port}/ws", origin=host.server.origin,
                 open_timeout=5, source_address=(source, 0))
    if token is not None:
        ws.send(json.dumps({"t": "hello", "token": token, "lang": "en"}))
    return ws


def _first(ws, kinds, timeout=10.0):  # noqa: ANN001, ANN202
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
        if m["t"] in kinds:
            return m
    raise TimeoutError(kinds)


def _until(pred, timeout=10.0) -> bool:  # noqa: ANN001
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return pred()


def _silent(port: int, source: str) -> socket.socket:
    """A TCP connection that never says a word (half-open, as the server sees it)."""
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


def test_a_crowd_of_silent_connections_never_keeps_a_phone_out(party):
    """Hundreds of silent connections from a few addresses: the server holds at most its
    limits, each address at most its share, and a phone on its own address still joins,
    plays, and keeps its seat however many more come."""
    with party(phones=1) as host:
        port = host.server.port
        crowd = []
        try:
            for i in range(120):
                crowd.append(_silent(port, f"127.0.2.{1 + i % 4}"))
            assert _until(lambda: host.server.refused >= 120 - MAX_CONNECTIONS)
            waiting = {a: len(v) for a, v in host.server._waiting.items()}
            assert sum(waiting.values()) <= MAX_CONNECTIONS
            assert max(waiting.values()) <= MAX_PER_ADDRESS
            with _ws(host, host.server.seats[0].token, source="127.0.3.1") as ws:
                view = _first(ws, ("view", "waiting"))
                assert view["t"] in ("view", "waiting")
                for i in range(120):  # more crowd after the phone sat down
                    crowd.append(_silent(port, f"127.0.2.{1 + i % 4}"))
                time.sleep(0.3)
                assert host.server.joined()[0]  # its seat was never cut
                ws.send('{"t":"ping"}')
                assert _first(ws, ("pong",))["t"] == "pong"
        finally:
            for s in crowd:
                s.close()


def test_a_socket_that_never_says_hello_is_closed(monkeypatch):
    monkeypatch.setattr(server_mod, "HELLO_SECONDS", 0.3)
    host = make_host(phones=1).start()
    try:
        with _ws(host) as ws, pytest.raises(ConnectionClosed):
            ws.recv(timeout=5)
    finally:
        host.stop()


def test_seats_change_only_on_the_servers_loop(party):
    """Item 13: joins, reloads and new links from several threads while the host plays:
    every change of a seat happens on the server's own thread, the copy other threads read
    always matches, and nothing fails."""
    wrong: list[str] = []
    original = server_mod._Live.__setattr__

    def guarded(self, name, value):  # noqa: ANN001, ANN202
        t = threading.current_thread()
        serving = any(x.name == "party-server" for x in threading.enumerate())
        if getattr(self, "seat", -1) >= 0 and t.name != "party-server" and serving:
            wrong.append(f"{name} set on {t.name}")
        original(self, name, value)

    failures: list[BaseException] = []
    errors: list[logging.LogRecord] = []

    class Catch(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.levelno >= logging.ERROR:
                errors.append(record)

    handler = Catch()
    logging.getLogger().addHandler(handler)
    server_mod._Live.__setattr__ = guarded  # type: ignore[method-assign]
    try:
        with party(phones=2, rounds=1) as host:
            stop = threading.Event()

            def phone(seat: int) -> None:  # plays, and reloads now and then
                k = 0
                while not stop.is_set():
                    try:
                        with _ws(host, host.server.seats[seat].token) as ws:
                            for _ in range(6):
                                m = _first(ws, ("view", "waiting"), 3)
                                if m["t"] == "view" and m["legal"]:
                                    ws.send(json.dumps({"t": "act", "a": m["legal"][0]["a"],
                                                        "n": m["n"]}))
                    except (ConnectionClosed, TimeoutError, OSError):
                        pass
                    except BaseException as e:  # noqa: BLE001 - reported below
                        failures.append(e)
                        return
                    k += 1

            def kicker() -> None:  # new links, from another thread, while all this goes on
                for _ in range(15):
                    if stop.is_set():
                        return
                    link = host.reissue(1)
                    if not link.endswith(host.server.seats[1].token):  # the copy is current
                        failures.append(AssertionError(f"{link} is not the seat's link"))
                    time.sleep(0.05)

            threads = [threading.Thread(target=phone, args=(s,)) for s in (0, 1)]
            threads.append(threading.Thread(target=kicker))
            for t in threads:
                t.start()
            time.sleep(3.0)
            stop.set()
            for t in threads:
                t.join(15)
            snap = host.server.seats
            assert {s: (st.token, st.here) for s, st in snap.items()} == {
                s: (live.token, live.conn is not None) for s, live in host.server._live.items()}
    finally:
        server_mod._Live.__setattr__ = original  # type: ignore[method-assign]
        logging.getLogger().removeHandler(handler)
    assert wrong == []
    assert failures == []
    assert [r.getMessage() for r in errors] == []


def test_a_new_link_sends_the_seat_back_to_waiting_and_tells_the_old_page(party):
    """Item 10: after New link the seat waits again (Start waits for it), the page that held
    the old link is told it was replaced by a new link, and the old link says so too."""
    host = make_host(phones=2)
    host.auto_start = False
    host.start()
    try:
        old = host.server.seats[0].token
        with _ws(host, old) as ws, _ws(host, host.server.seats[1].token):
            _first(ws, ("waiting",))
            assert _until(lambda: host.all_joined())
            host.reissue(0)
            told = _first(ws, ("replaced",))
            assert told["why"] == "new_link" and "new link" in told["text"]
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4002
        assert not host.all_joined() and not host.server.seats[0].joined_once
        with _ws(host, old) as again:
            m = _first(again, ("replaced", "refused"))
            assert m["why"] == "new_link"
        with _ws(host, host.server.seats[0].token) as ws:
            _first(ws, ("waiting",))
            assert _until(lambda: host.server.seats[0].joined_once)
    finally:
        host.stop()


def test_a_join_sends_the_others_only_who_is_here(party):
    """Item 9: a phone that comes back gets its view; the other phones get a short status,
    not their whole view again."""
    with party(phones=2) as host:
        with _ws(host, host.server.seats[0].token) as a:
            with _ws(host, host.server.seats[1].token) as b:
                _first(b, ("view",))
                _first(a, ("view",))
                time.sleep(0.5)  # the game's first moves settle
            # seat 1 left: seat 0 hears a status (no view needed for that)
            m = _first(a, ("status",))
            assert 1 in m["away"]
            with _ws(host, host.server.seats[1].token) as b2:
                got = _first(b2, ("view",))
                assert got["seat"] == 1
                m = _first(a, ("status", "view"))
                while m["t"] == "view" and 1 in m["away"]:  # a move may come first
                    m = _first(a, ("status", "view"))
                assert 1 not in m["away"]
