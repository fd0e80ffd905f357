"""The relay on one instance (issue 46, items 4 and 6): a host and its seats' pages exchange
opaque frames both ways, strangers are refused without learning why, the limits hold, and a
room outlives its host for the grace period only (time stepped, never waited for)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from websockets.exceptions import ConnectionClosed, WebSocketException

from game.relay import wire
from game.relay.server import Limits
from tests.relay.conftest import (
    ROOM,
    SECRET,
    TOKENS,
    as_host,
    as_seat,
    close_of,
    dial,
    payload,
    start_relay,
    until,
    until_control,
)

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")


def _sweep(relay) -> None:  # noqa: ANN001
    relay.call(relay.relay.sweep)


def test_a_host_and_two_seats_exchange_frames_both_ways(relay):
    """Pages' frames reach the host behind their seat byte; the host's reach only the seat
    its header names, without the header; the host hears who came."""
    with as_host(relay.port) as host, as_seat(relay.port, 0) as p0, \
            as_seat(relay.port, 1) as p1:
        until_control(host, {"t": "here", "seat": 0}, {"t": "here", "seat": 1})
        p0.send(b"\x00from zero \xff")
        assert payload(host) == b"\x00\x00from zero \xff"
        p1.send(b"from one")
        assert payload(host) == b"\x01from one"
        host.send(b"\x01to one")
        host.send(b"\x00to zero")
        assert payload(p1) == b"to one"
        assert payload(p0) == b"to zero"  # seat 0 never saw seat 1's frame
        host.send(b"\x05nobody sits here")  # a seat nobody holds: dropped, nothing breaks
        p1.close()
        until_control(host, {"t": "away", "seat": 1})
        p0.send(b"still here")
        assert payload(host) == b"\x00still here"


def test_a_wrong_secret_an_unknown_room_and_a_wrong_token_get_the_same_refusal(relay):
    with as_host(relay.port):
        answers = []
        for hello in (
                {"t": "host", "room": ROOM, "secret": "not-the-secret-000000", "seats": {}},
                {"t": "host", "room": "no-such-room-00", "secret": SECRET, "seats": {}} | {
                    "t": "join", "seat": 0, "token": TOKENS[0]},
                {"t": "join", "room": ROOM, "seat": 0, "token": TOKENS[1]},
                {"t": "join", "room": ROOM, "seat": 5, "token": TOKENS[0]}):
            with dial(relay.port) as ws:
                ws.send(json.dumps(hello))
                answers.append(close_of(ws))
        assert answers == [(wire.CLOSE_REFUSED, "refused")] * 4
        assert relay.relay.refused == 4


def test_no_opening_in_time_or_a_frame_before_it_is_closed(clock):
    relay = start_relay(clock, Limits(hello_seconds=0.3, sweep_seconds=3600))
    try:
        with dial(relay.port) as silent:
            assert close_of(silent) == (wire.CLOSE_HELLO, "hello first")
        with dial(relay.port) as early:
            early.send(b"\x00payload before hello")
            assert close_of(early) == (wire.CLOSE_HELLO, "hello first")
    finally:
        relay.stop()


def test_an_oversized_frame_closes_its_connection_and_nobody_else(clock):
    relay = start_relay(clock, Limits(max_frame=1024, sweep_seconds=3600))
    try:
        with as_host(relay.port) as host, as_seat(relay.port, 0) as p0, \
                as_seat(relay.port, 1) as p1:
            p0.send(b"x" * 1024)
            assert payload(host) == b"\x00" + b"x" * 1024
            p0.send(b"x" * 1025)
            assert close_of(p0)[0] == 1009  # the WebSocket's "message too big"
            p1.send(b"fine")
            assert payload(host) == b"\x01fine"
    finally:
        relay.stop()


def test_a_flooding_page_is_closed_after_its_burst(relay, clock):
    """The clock stands still: exactly `burst` frames pass, the next closes the page."""
    burst = int(relay.relay.limits.burst)
    with as_host(relay.port) as host, as_seat(relay.port, 0) as p0:
        for i in range(burst + 5):
            try:
                p0.send(bytes((i,)))
            except ConnectionClosed:
                break
        assert close_of(p0) == (wire.CLOSE_TOO_FAST, "too many messages")
        got = [payload(host) for _ in range(burst)]
        assert got == [b"\x00" + bytes((i,)) for i in range(burst)]
        clock.step(10)  # time refills the bucket of a page that comes back
        with as_seat(relay.port, 0) as again:
            again.send(b"calm")
            assert payload(host) == b"\x00calm"


def test_connections_per_address_and_in_all_are_capped(clock):
    relay = start_relay(clock, Limits(per_address=2, total=3, sweep_seconds=3600))
    try:
        a = [dial(relay.port, "127.0.0.5") for _ in range(2)]
        with pytest.raises((OSError, WebSocketException)):
            dial(relay.port, "127.0.0.5")  # a third from the same address
        b = dial(relay.port, "127.0.0.6")  # another address still gets in
        assert until(lambda: relay.relay.connections == 3)
        with pytest.raises((OSError, WebSocketException)):
            dial(relay.port, "127.0.0.7")  # three in all
        for ws in a:
            ws.close()
        assert until(lambda: relay.relay.connections == 1)
        dial(relay.port, "127.0.0.5").close()  # room again once they left
        b.close()
        assert relay.relay.refused >= 2
    finally:
        relay.stop()


def test_connections_per_room_are_capped(clock):
    relay = start_relay(clock, Limits(per_room=2, sweep_seconds=3600))
    try:
        with as_host(relay.port), as_seat(relay.port, 0), dial(relay.port) as third:
            third.send(json.dumps({"t": "join", "room": ROOM, "seat": 1,
                                   "token": TOKENS[1]}))
            assert close_of(third) == (wire.CLOSE_FULL, "room full")
    finally:
        relay.stop()


def test_a_seat_opened_again_replaces_the_first_and_a_new_link_revokes_it(relay):
    with as_host(relay.port) as host, as_seat(relay.port, 0) as first:
        with as_seat(relay.port, 0) as second:
            assert close_of(first) == (wire.CLOSE_REPLACED, "replaced")
            host.send(b"\x00hello")
            assert payload(second) == b"hello"
            host.send(json.dumps({"t": "seats", "seats": {"0": "a-brand-new-token-000000",
                                                          "1": TOKENS[1]}}))
            assert close_of(second) == (wire.CLOSE_REVOKED, "link replaced")
        with dial(relay.port) as old:
            old.send(json.dumps({"t": "join", "room": ROOM, "seat": 0, "token": TOKENS[0]}))
            assert close_of(old) == (wire.CLOSE_REFUSED, "refused")
        with as_seat(relay.port, 0, token="a-brand-new-token-000000") as fresh:
            fresh.send(b"back")
            assert payload(host) == b"\x00back"


def test_a_room_waits_for_its_host_for_the_grace_period_then_expires(relay, clock):
    grace = relay.relay.limits.grace_seconds
    host = as_host(relay.port)
    with as_seat(relay.port, 0) as p0:
        for _ in range(12):  # a connected host keeps its room however long the game lasts
            clock.step(grace / 3)
            _sweep(relay)
        host.send(b"\x00alive")
        assert payload(p0) == b"alive"
        host.close()
        until_control(p0, {"t": "host", "here": False})
        clock.step(grace - 1)
        _sweep(relay)
        host = as_host(relay.port)  # back within the grace period: the same room goes on
        until_control(p0, {"t": "host", "here": True})
        until_control(host, {"t": "here", "seat": 0})
        p0.send(b"again")
        assert payload(host) == b"\x00again"
        host.close()
        until_control(p0, {"t": "host", "here": False})
        clock.step(grace + 1)
        _sweep(relay)
        assert close_of(p0) == (wire.CLOSE_EXPIRED, "room expired")
    with dial(relay.port) as late:
        late.send(json.dumps({"t": "join", "room": ROOM, "seat": 0, "token": TOKENS[0]}))
        assert close_of(late) == (wire.CLOSE_REFUSED, "refused")


def test_a_host_that_ends_the_room_closes_its_pages(relay):
    with as_host(relay.port) as host, as_seat(relay.port, 1) as p1:
        host.send(json.dumps({"t": "end"}))
        assert close_of(p1) == (wire.CLOSE_EXPIRED, "room closed")
        assert close_of(host)[0] == 1000


def test_only_the_socket_and_a_health_check_are_served(relay):
    import urllib.error
    import urllib.request

    base = f"http://127.0.0.1:{relay.port}"
    with urllib.request.urlopen(f"{base}/healthz", timeout=10) as r:
        assert r.read() == b"ok\n"
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(f"{base}/etc/passwd", timeout=10)
    assert e.value.code == 404


def test_the_relay_loads_nothing_of_the_game_and_no_pygame():
    """Only the list of the page's files (game.party.files: the standard library and
    game.resources, which it imports when a relay is made) and the loops' closing helper
    (game.aio, standard library only) besides the relay itself."""
    code = ("import sys, game.relay.server, game.relay.cli, game.relay.backend\n"
            "print(sorted(k for k in sys.modules if k.startswith(('game.', 'ai', 'pygame'))"
            " and not k.startswith('game.relay')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "['game.aio', 'game.party', 'game.party.files']", \
        out.stdout + out.stderr


@pytest.mark.parametrize("argv, says", [
    (["relay", "--listen", "nowhere"], "--listen must be HOST:PORT"),
    (["relay", "--listen", "127.0.0.1:70000"], "--listen must be HOST:PORT"),
    (["relay", "--listen", "192.0.2.1:0"], "cannot listen on 192.0.2.1:0"),
])
def test_the_command_says_one_sentence_for_a_bad_address(argv, says, capsys):
    from game.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {says}") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_the_command_says_one_sentence_for_an_unreachable_redis(capsys):
    import socket

    with socket.socket() as s:  # a port with nobody behind it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    from game.cli import main

    assert main(["relay", "--listen", "127.0.0.1:0", "--redis",
                 f"redis://127.0.0.1:{port}/0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: cannot reach Redis at") and err.count("\n") == 1, err


def test_behind_a_proxy_connections_are_counted_per_client_it_names(clock):
    """--behind-proxy: every socket comes from the proxy's address (here 127.0.0.1), so the
    cap is applied per client address the proxy appends to X-Forwarded-For: a third socket of
    one client is refused (429), another client's gets in, and the proxy's own address is
    never capped."""
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    relay = start_relay(clock, Limits(per_address=2, total=10, proxied=True,
                                      sweep_seconds=3600))

    def via(client: str):  # noqa: ANN202 - a ClientConnection
        return connect(f"ws://127.0.0.1:{relay.port}/ws", open_timeout=10, close_timeout=2,
                       additional_headers={"X-Forwarded-For": f"203.0.113.9, {client}"})

    try:
        a = [via("198.51.100.1") for _ in range(2)]
        with pytest.raises(InvalidStatus) as refused:
            via("198.51.100.1")
        assert refused.value.response.status_code == 429
        b = [via("198.51.100.2") for _ in range(2)]  # four from 127.0.0.1 in all
        assert until(lambda: relay.relay.connections == 4)
        for ws in a:
            ws.close()
        assert until(lambda: relay.relay.connections == 2)
        via("198.51.100.1").close()  # room again once they left
        for ws in b:
            ws.close()
    finally:
        relay.stop()


@pytest.mark.parametrize("argv", [["--max-connections", "0"], ["--per-address", "-3"]])
def test_the_limit_flags_are_checked(argv, capsys):
    from game.cli import main

    assert main(["relay", "--listen", "127.0.0.1:0", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {argv[0]} must be from 1 to 1000000") and err.count("\n") == 1
