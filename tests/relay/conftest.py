"""A relay on 127.0.0.1 in its own thread, a clock the test steps, and the few client moves
every relay test makes (sync WebSocket clients, as a host or a seat's page would connect)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from game.relay.backend import MemoryBackend
from game.relay.server import Limits, RelayThread

ROOM = "room-0123456789"
SECRET = "host-secret-0123456789abcdef"
TOKENS = {0: "seat-zero-token-0123456789", 1: "seat-one-token-0123456789a"}
WAIT = 10.0  # seconds a socket event may take (generous: nothing asserts on time)


class StepClock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def step(self, seconds: float) -> None:
        self.now += seconds


def start_relay(clock: StepClock, limits: Limits | None = None, backend=None) -> RelayThread:  # noqa: ANN001
    return RelayThread.of(backend=backend if backend is not None else MemoryBackend(clock),
                          limits=limits or Limits(sweep_seconds=3600),
                          clock=clock).start("127.0.0.1", 0)


@pytest.fixture
def clock() -> StepClock:
    return StepClock()


@pytest.fixture
def relay(clock: StepClock) -> Iterator[RelayThread]:
    running = start_relay(clock)
    yield running
    running.stop()


def dial(port: int, source: str = "127.0.0.1") -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}/ws", open_timeout=WAIT, close_timeout=2,
                   source_address=(source, 0), max_size=None)


def as_host(port: int, room: str = ROOM, secret: str = SECRET,
            tokens: dict[int, str] | None = None) -> ClientConnection:
    ws = dial(port)
    seats = {str(s): t for s, t in (TOKENS if tokens is None else tokens).items()}
    ws.send(json.dumps({"t": "host", "room": room, "secret": secret, "seats": seats}))
    assert control(ws) == {"t": "ok", "room": room}
    return ws


def as_seat(port: int, seat: int, token: str | None = None, room: str = ROOM,
            source: str = "127.0.0.1") -> ClientConnection:
    ws = dial(port, source)
    ws.send(json.dumps({"t": "join", "room": room, "seat": seat,
                        "token": TOKENS[seat] if token is None else token}))
    ok = control(ws)
    assert ok["t"] == "ok" and ok["seat"] == seat, ok
    return ws


def control(ws: ClientConnection) -> dict:
    """The next text message (a binary one here is a test failure)."""
    msg = ws.recv(timeout=WAIT)
    assert isinstance(msg, str), msg
    return json.loads(msg)


def payload(ws: ClientConnection) -> bytes:
    """The next binary frame, past any control messages (who is here, the host's presence)."""
    end = time.monotonic() + WAIT
    while True:
        msg = ws.recv(timeout=max(0.1, end - time.monotonic()))
        if isinstance(msg, bytes):
            return msg


def until_control(ws: ClientConnection, *want: dict) -> None:
    """Read until every control message in `want` came, in any order (others are passed)."""
    missing = list(want)
    end = time.monotonic() + WAIT
    while missing:
        msg = ws.recv(timeout=max(0.1, end - time.monotonic()))
        if isinstance(msg, str) and json.loads(msg) in missing:
            missing.remove(json.loads(msg))


def close_of(ws: ClientConnection) -> tuple[int | None, str | None]:
    """How the relay closed this connection: its code and words (reading past anything
    still queued)."""
    end = time.monotonic() + WAIT
    try:
        while time.monotonic() < end:
            ws.recv(timeout=max(0.1, end - time.monotonic()))
    except ConnectionClosed as e:
        rcvd = e.rcvd
        return (rcvd.code, rcvd.reason) if rcvd is not None else (None, None)
    except TimeoutError:
        pass
    raise AssertionError("the relay did not close the connection")


def until(pred, timeout: float = WAIT) -> bool:  # noqa: ANN001
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if pred():
            return True
        time.sleep(0.02)
    return pred()


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def start_redis(port: int | None = None) -> tuple[subprocess.Popen, int]:
    """A redis-server of the test's own on 127.0.0.1 that saves nothing, answering; the
    caller terminates it (pytest.fail when it does not start)."""
    port = free_port() if port is None else port
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--protected-mode", "yes"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not until(lambda: redis_answers(port)):
        proc.terminate()
        pytest.fail("redis-server did not start")
    return proc, port


class RelayProcess:
    """A relay instance as its own process (`python -m game relay --redis`), as an operator
    runs one, so that it can die as a process dies (SIGKILL: no close frames, nothing said
    to Redis)."""

    def __init__(self, url: str, port: int = 0) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "relay", "--listen", f"127.0.0.1:{port}",
             "--redis", url],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()  # "Relay listening on ws://127.0.0.1:PORT/ws ..."
        assert line.startswith("Relay listening on ws://127.0.0.1:"), (
            line + self.proc.stderr.read())
        self.port = int(line.split("ws://127.0.0.1:", 1)[1].split("/", 1)[0])

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.proc.stdout.close()
        self.proc.stderr.close()
