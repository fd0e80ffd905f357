"""Several relay instances sharing rooms through Redis (issue 46, item 5): a host on one
instance and its pages on another play together, and when an instance dies its clients
reconnect to the other and frames flow again. Redis is started by the test on a free port of
127.0.0.1 with nothing saved to disk; without `redis-server` these tests are skipped."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest

from game.relay.backend import RedisBackend
from game.relay.server import Limits, Relay, RelayThread
from tests.relay.conftest import (
    RelayProcess,
    as_host,
    as_seat,
    close_of,
    payload,
    start_redis,
    until,
    until_control,
)

pytestmark = [
    pytest.mark.skipif(shutil.which("redis-server") is None,
                       reason="redis-server is not installed (Debian: apt install "
                              "redis-server); the relay's shared rooms need it"),
    pytest.mark.filterwarnings("ignore:connect\\(\\) must be used"),
]
@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    proc, port = start_redis()
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


def _instance(url: str) -> RelayThread:
    async def make() -> Relay:
        return Relay(await RedisBackend.connect(url), limits=Limits(sweep_seconds=3600))

    return RelayThread(make).start("127.0.0.1", 0)


def test_a_host_on_one_instance_and_pages_on_another_play_together(redis_url):
    a, b = _instance(redis_url), _instance(redis_url)
    try:
        with as_host(a.port) as host, as_seat(b.port, 0) as p0, as_seat(b.port, 1) as p1:
            until_control(host, {"t": "here", "seat": 0}, {"t": "here", "seat": 1})
            p0.send(b"zero")
            assert payload(host) == b"\x00zero"
            p1.send(b"one")
            assert payload(host) == b"\x01one"
            host.send(b"\x01to one")
            host.send(b"\x00to zero")
            assert payload(p1) == b"to one"
            assert payload(p0) == b"to zero"
            with as_seat(a.port, 0) as moved:  # the same seat opened on the host's instance
                assert close_of(p0)[0] == 4002  # replaced, across instances
                host.send(b"\x00found you")
                assert payload(moved) == b"found you"
    finally:
        a.stop()
        b.stop()


@pytest.mark.parametrize("dies", ["host's", "pages'"])
def test_when_an_instance_dies_its_clients_reconnect_to_the_other(redis_url, dies):
    a, b = RelayProcess(redis_url), RelayProcess(redis_url)
    try:
        host = as_host(a.port)
        pages = [as_seat(b.port, 0), as_seat(b.port, 1)]
        until_control(host, {"t": "here", "seat": 0}, {"t": "here", "seat": 1})
        for seat, page in enumerate(pages):
            page.send(b"before")
            assert payload(host) == bytes((seat,)) + b"before"
        if dies == "host's":
            a.kill()
            close_of(host)  # the connection is gone (no close frame from a dead process)
            host = as_host(b.port)  # the same room and secret, on the instance left
            for page in pages:
                until_control(page, {"t": "host", "here": True})
            until_control(host, {"t": "here", "seat": 0}, {"t": "here", "seat": 1})
        else:
            b.kill()
            for page in pages:
                close_of(page)
            pages = [as_seat(a.port, 0), as_seat(a.port, 1)]
        for seat, page in enumerate(pages):
            page.send(b"after")
            assert payload(host) == bytes((seat,)) + b"after"
            host.send(bytes((seat,)) + b"reply")
            assert payload(page) == b"reply"
        for ws in (host, *pages):
            ws.close()
    finally:
        a.stop()
        b.stop()


def test_a_burst_of_commands_waits_for_a_connection_and_none_fails(redis_url):
    """4,000 pages leaving at once are thousands of commands at once: the backend's pool
    makes them wait for a connection (redis-py's default pool failed past 100, which read as
    Redis lost and closed every client). Many rooms are looked up in one MGET."""
    import asyncio

    async def burst() -> None:
        backend = await RedisBackend.connect(redis_url)
        try:
            await asyncio.gather(*(backend.publish(f"hh:relay:burst:{i}", b"x")
                                   for i in range(600)))
            rooms = [f"room-burst-{i:04d}" for i in range(700)]
            await asyncio.gather(*(backend.register(r, {"host": True}, 60) for r in rooms))
            found = await backend.lookup_many([*rooms, "room-none-0000"])
            assert all(found[r] == {"host": True} for r in rooms)
            assert found["room-none-0000"] is None
            assert backend._broken is None
        finally:
            await backend.close()

    asyncio.run(burst())


def test_an_instance_that_loses_redis_says_so_and_exits_for_its_supervisor():
    """Redis gone: the in-process instance answers /healthz with 503 and closes its clients
    (1011); the command's instance exits with status 1 and one sentence, so systemd's
    Restart=on-failure (deploy/relay) starts it again."""
    import urllib.error
    import urllib.request

    server, port = start_redis()  # its own: this test stops it
    try:
        url = f"redis://127.0.0.1:{port}/0"
        inside, process = _instance(url), RelayProcess(url)
        try:
            health = f"http://127.0.0.1:{inside.port}/healthz"
            with urllib.request.urlopen(health, timeout=10) as r:
                assert r.status == 200
            host = as_host(inside.port)
            server.terminate()
            server.wait(10)
            assert until(lambda: inside.relay.broken is not None)
            with pytest.raises(urllib.error.HTTPError) as e:
                urllib.request.urlopen(health, timeout=10)
            assert e.value.code == 503
            assert close_of(host)[0] == 1011
            assert process.proc.wait(20) == 1
            err = process.proc.stderr.read()
            last = err.strip().splitlines()[-1]  # after the log's warning line, one sentence
            assert last.startswith("error: ") and "supervisor" in last and "Traceback" not in err
        finally:
            inside.kill()
            process.stop()
    finally:
        if server.poll() is None:
            server.terminate()
            server.wait(10)
