"""The party server against raw WebSocket clients: a phone plays a round; every message holds
its own seat's cards only; forged actions, other seats' tokens, huge, fast, binary and
malformed messages are refused and the game is unharmed; a rejoin sees the table as it is."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from game.engine.actions import Action
from game.engine.cards import CARD_IDS

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")


def _ws(host, token=None, origin=True):  # noqa: ANN001, ANN202
    ws = connect(f"ws://127.0.0.1:{host.server.port}/ws",
                 origin=host.server.origin if origin else None, open_timeout=5)
    if token is not None:
        ws.send(json.dumps({"t": "hello", "token": token, "lang": "en"}))
    return ws


def _next(ws, kind="view", timeout=10.0):  # noqa: ANN001, ANN202
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        m = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
        if m["t"] == kind:
            return m
    raise TimeoutError(kind)


def _later(ws, n, timeout=10.0):  # noqa: ANN001, ANN202
    """The first view newer than serial `n` (a seat also gets the same view again when
    another seat comes or goes)."""
    end = time.monotonic() + timeout
    while True:
        m = _next(ws, timeout=max(0.1, end - time.monotonic()))
        if m["n"] > n:
            return m


def _hidden_from(host, seat):  # noqa: ANN001, ANN202
    """The cards `seat` may not see now: every other seat's hand and the undrawn pile (the
    cards that are nowhere in sight)."""
    st = host.session.st
    v = host.session.view(seat)
    out = set()
    for s, hand in enumerate(st.hands):
        if s != seat:
            out |= {CARD_IDS[c] for c in range(48) if hand >> c & 1}
    in_sight = set(v.field) | set(v.hand) | {CARD_IDS[c] for m in v.captured_masks
                                             for c in range(48) if m >> c & 1}
    if v.drawn >= 0:
        in_sight.add(CARD_IDS[v.drawn])
    held = {CARD_IDS[c] for hand in st.hands for c in range(48) if hand >> c & 1}
    out |= set(CARD_IDS) - in_sight - held  # the pile
    for c in v.claims.values():  # cards revealed for teyaku are public while unplayed
        out -= set(c.cards)
    return out


def test_a_phone_plays_a_round_and_sees_only_its_own_cards():
    """The host is polled here, so the state cannot move between a message and its check."""
    from tests.party.conftest import make_host

    host = make_host(phones=1).start()
    try:
        with _ws(host, host.server.seats[0].token) as ws:
            acts = checked = 0
            end = time.monotonic() + 90
            while not host.over and time.monotonic() < end:
                host.poll()
                try:
                    m = json.loads(ws.recv(timeout=0.02))
                except TimeoutError:
                    continue
                if m["t"] != "view" or m["n"] != host.serial:
                    continue
                text = json.dumps(m)
                leaked = {c for c in _hidden_from(host, 0) if f'"{c}"' in text}
                assert leaked == set()
                assert set(m["hand"]) == set(host.session.view(0).hand)
                checked += 1
                if m["legal"]:
                    ws.send(json.dumps({"t": "act", "a": m["legal"][-1]["a"], "n": m["n"]}))
                    acts += 1
            assert host.over and acts >= 5 and checked > acts and host.refused == 0
    finally:
        host.stop()


def _until_my_turn(host, ws):  # noqa: ANN001, ANN202
    while True:
        m = _next(ws)
        if m["legal"] and m["n"] == host.serial:
            return m


def test_forged_stale_and_illegal_actions_are_refused(party):
    with party(phones=1) as host, _ws(host, host.server.seats[0].token) as ws:
        m = _until_my_turn(host, ws)
        before = host.session.move_key()
        legal = {a["a"] for a in m["legal"]}
        other = Action(1, "play", (0,))  # another seat's move
        illegal = next(f"0 play {c}" for c in CARD_IDS if f"0 play {c}" not in legal)
        for text, n in ((str(other), m["n"]), (illegal, m["n"]), (m["legal"][0]["a"], m["n"] - 1),
                        (m["legal"][0]["a"], m["n"] + 5)):
            ws.send(json.dumps({"t": "act", "a": text, "n": n}))
            again = _next(ws)  # refused: the seat is sent the table as it is
            assert again["n"] == m["n"]
        end = time.monotonic() + 5
        while host.refused < 4 and time.monotonic() < end:
            time.sleep(0.01)
        assert host.refused == 4 and host.session.move_key() == before
        ws.send(json.dumps({"t": "act", "a": m["legal"][0]["a"], "n": m["n"]}))
        assert _later(ws, m["n"])["n"] > m["n"]  # the real move goes through


def test_unknown_tokens_and_foreign_origins_are_refused(party):
    with party(phones=1) as host:
        with _ws(host, "x" * 22) as ws:
            assert json.loads(ws.recv(timeout=5))["t"] == "refused"
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=5)
        with pytest.raises(InvalidStatus):
            connect(f"ws://127.0.0.1:{host.server.port}/ws", origin="http://evil.example",
                    open_timeout=5)
        with _ws(host) as ws:  # no hello: closed
            ws.send(json.dumps({"t": "act", "a": "0 play crane", "n": 0}))
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=5)
        assert not host.server.joined()[0]


def test_huge_fast_binary_and_malformed_messages_leave_the_game_unharmed(party):
    with party(phones=1) as host:
        token = host.server.seats[0].token
        with _ws(host, token) as ws:
            _next(ws)
            ws.send(b"\x00\xff" * 100)  # binary: dropped
            ws.send("{not json")
            ws.send(json.dumps({"t": "act", "a": "0 play crane"}))  # no serial
            ws.send(json.dumps({"t": "hello", "token": token, "x": [[[[]]]]}))
            ws.send(json.dumps({"t": "??"}))
            ws.send(json.dumps({"t": "ping"}))
            assert _next(ws, "pong")["t"] == "pong"
        with _ws(host, token) as ws:
            _next(ws)
            with pytest.raises(ConnectionClosed) as closed:
                ws.send("x" * 2_000_000)
                for _ in range(100):
                    ws.recv(timeout=5)
            assert closed.value.rcvd is None or closed.value.rcvd.code == 1009
        with _ws(host, token) as ws:
            _next(ws)
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(1000):
                    ws.send('{"t":"ping"}')
                for _ in range(2000):  # pongs, then the close (slow on a loaded machine)
                    ws.recv(timeout=30)
            assert closed.value.rcvd is None or closed.value.rcvd.code == 4008
        assert host.server.refused >= 5
        with _ws(host, token) as ws:  # the seat and the game are still there
            m = _next(ws)
            assert m["seat"] == 0 and set(m["hand"]) == set(host.session.view(0).hand)


def test_a_rejoin_sees_the_table_as_it_is_and_a_second_screen_takes_over(party):
    with party(phones=1) as host:
        token = host.server.seats[0].token
        with _ws(host, token) as ws:
            m = _until_my_turn(host, ws)
        end = time.monotonic() + 5
        while host.server.joined()[0] and time.monotonic() < end:
            time.sleep(0.01)
        assert not host.server.joined()[0] and host.away() == (0,)  # away
        first = _ws(host, token)
        again = _next(first)
        assert again["n"] == m["n"] and again["hand"] == m["hand"] and again["legal"]
        second = _ws(host, token)
        assert _next(second)["n"] == m["n"]
        assert _next(first, "replaced")["t"] == "replaced"
        with pytest.raises(ConnectionClosed):
            first.recv(timeout=5)
        second.send(json.dumps({"t": "act", "a": again["legal"][0]["a"], "n": again["n"]}))
        assert _later(second, m["n"])["n"] > m["n"]
        second.close()


def test_only_the_page_its_files_and_the_cards_are_served(party):
    with party(phones=1) as host:
        base = host.server.origin

        def get(path):  # noqa: ANN001, ANN202
            try:
                with urllib.request.urlopen(base + path, timeout=5) as r:
                    return r.status, r.headers.get("Content-Type"), r.read()
            except urllib.error.HTTPError as e:
                return e.code, None, b""

        assert get(f"/j/{host.server.seats[0].token}")[0] == 200
        assert get("/c/party.js")[1].startswith("text/javascript")
        status, kind, body = get("/cards/crane.svg")
        assert status == 200 and kind == "image/svg+xml" and b"<svg" in body
        for path in ("/", "/cards/../../etc/passwd.svg", "/cards/nothing.svg", "/c/index.html",
                     "/c/../server.py", "/etc/passwd", "/%2e%2e/%2e%2e/etc/passwd"):
            assert get(path)[0] == 404, path
