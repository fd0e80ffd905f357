"""The relay under load (issue 46, item 11): rooms of four seats held open on one relay
instance, or on two that share rooms through Redis; what each instance weighs and spends,
what the relay adds to a frame's trip, and how long a tap takes to come back as a view.

    python benchmarks/relay_load.py [--rooms 1000] [--seats 4] [--instances 1|2]
        [--probes 300] [--rounds 1] [--idle 20] [--workers 2] [--redis URL] [--quick]

Goals (the issue's): 1,000 rooms of four seats on one instance within 300 MB; the relay's
added latency p95 <= 5 ms on loopback; tap-to-table p95 through the relay <= 100 ms.

What runs where, so the figures say whose cost they are:

- Each relay instance is a process of its own, and only those processes are measured:
  memory from /proc/<pid>/status (VmRSS after every socket is open, VmHWM the peak) and CPU
  from /proc/<pid>/stat (user + system) per phase. Each is `python -m game relay`, as an
  operator runs it, with `--max-connections` raised when the load is over its 4,096 in all
  (said in the output).
- With `--instances 2`, every host dials instance A and every seat instance B, so each frame
  crosses Redis twice on a round trip. Redis is started here (no disk) unless `--redis` names
  one; its memory and CPU are shown too.
- The clients (a host and `--seats` seats per room, each one WebSocket) live in `--workers`
  processes, each holding whole rooms, so a room's host and seats share a loop. They dial
  from many loopback addresses (127.2x.y.z), at most 30 sockets from one, so the relay's
  per-address limit (32) stays as shipped, as friends on many networks would be.
- Added latency: with every room open and idle, `--probes` round trips, each by a seat of a
  room picked at random: the seat sends ~1.5 kB of random bytes (a sealed view's size; the
  relay never looks inside), the room's host sends the same frame back (host -> relay frames
  carry the seat byte the relay put in front, so the echo is the bytes as received), and the
  seat times its arrival. Each alternates with the same round trip to a plain WebSocket echo
  server in the same client process (no relay: the host's end dialled directly). Printed: both
  round trips' p50 and p95, their difference at each percentile, and half of it, the added
  latency one way, which is what the goal is checked against.
- Tap to table: a real host (`PartyHost` over `RelayTransport`, polled as `python -m game
  host` polls it) in this process, a 3-seat Hachi-Hachi game of `--rounds` rounds whose three
  seats are all online, and the three pages in a process of their own doing what the page
  does (join; b"C" + connection id, answered b"S" + the host's nonce, both in clear; the key
  derived from both; sealed hello and moves), each answering its turn at once with its first
  legal move. Timed: from a page sealing its move to that page opening the next view (a
  larger serial), while every room above stays open.

`--quick` is a smoke run: 50 rooms, 50 probes, no game, 1 s idle.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import re
import resource
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOAL_ROOMS, GOAL_SEATS, GOAL_MB = 1000, 4, 300.0
GOAL_ADDED_MS = 5.0  # p95, one way
GOAL_TAP_MS = 100.0  # p95
PER_SOURCE = 30  # sockets from one loopback address (the relay allows 32 per address)
PROBE_TIMEOUT = 5.0  # seconds a probe's frame may take before it counts as lost
LISTENING = re.compile(r"Relay listening on ws://127\.0\.0\.1:(\d+)/ws")
CLK_TCK = os.sysconf("SC_CLK_TCK")
W = 46  # the width of the latency table's labels


# --- the measured processes -------------------------------------------------------------
def proc_mb(pid: int) -> tuple[float, float]:
    """(VmRSS, VmHWM) of a process in MB (MiB), from /proc: resident now, and its peak."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) / 1024
    return fields.get("VmRSS", 0.0), fields.get("VmHWM", 0.0)


def proc_cpu(pid: int) -> float:
    """User + system CPU seconds a process has used (its own, not its children's)."""
    rest = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(rest[11]) + int(rest[12])) / CLK_TCK


def code_version() -> str:
    """The commit the relay's code came from, and whether the tree differs from it: the
    figures of two runs compare only on the same code."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                              capture_output=True, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=ROOT, text=True, capture_output=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown (no git)"
    return f"{head or 'unknown'}{' with uncommitted changes' if dirty.strip() else ''}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Relay:
    """One relay instance as a process, and its readings."""

    def __init__(self, name: str, redis_url: str | None, total: int | None) -> None:
        """`total`: None runs `python -m game relay` with its limits as shipped; a number
        raises its connections in all to it (`--max-connections`)."""
        self.name = name
        cmd = [sys.executable, "-m", "game", "relay", "--listen", "127.0.0.1:0"]
        if total is not None:
            cmd += ["--max-connections", str(total)]
        if redis_url:
            cmd += ["--redis", redis_url]
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env)
        self.said: list[tuple[float, str]] = []  # its log lines (stderr), with their time
        threading.Thread(target=self._read_log, daemon=True).start()
        self.port = self._wait_listening()

    def _read_log(self) -> None:
        """The relay's warnings, kept with their time so the run can say in which phase
        each came (a relay that lost Redis mid-measurement makes the figures meaningless)."""
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.said.append((time.perf_counter(), line.rstrip()))

    def _wait_listening(self) -> int:
        found: list[int] = []

        def read() -> None:
            assert self.proc.stdout is not None
            for line in self.proc.stdout:  # read to the end, so the pipe never fills
                m = LISTENING.search(line)
                if m and not found:
                    found.append(int(m.group(1)))

        threading.Thread(target=read, daemon=True).start()
        end = time.monotonic() + 30
        while not found and time.monotonic() < end and self.proc.poll() is None:
            time.sleep(0.05)
        if not found:
            self.stop()
            raise RuntimeError(f"relay {self.name} did not start")
        return found[0]

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def mb(self) -> tuple[float, float]:
        return proc_mb(self.proc.pid)

    def cpu_now(self) -> float:
        return proc_cpu(self.proc.pid)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


def start_redis(workdir: str) -> tuple[subprocess.Popen, str]:
    """A redis-server of our own on a free port of 127.0.0.1 that saves nothing."""
    port = free_port()
    proc = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", workdir], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    end = time.monotonic() + 10
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return proc, f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("redis-server did not start")


# --- the clients: whole rooms per worker process ---------------------------------------
@dataclass
class WorkerPlan:
    """What one client process opens: its rooms (id, secret, seat tokens), where hosts and
    seats dial, and how."""

    index: int
    rooms: list[tuple[str, str, dict[int, str]]]
    host_url: str
    seat_url: str
    concurrency: int
    frame_bytes: int
    direct: int = 16  # sockets to the plain echo server (no relay), for the baseline


@dataclass(eq=False)
class _Seat:
    """A seat's socket and the probe waiting for its echo (the time it arrived)."""

    ws: object
    waiter: asyncio.Future | None = None


@dataclass
class _Opened:
    hosts: list[object] = field(default_factory=list)
    seats: list[_Seat] = field(default_factory=list)
    direct: list[_Seat] = field(default_factory=list)
    failed: int = 0
    errors: list[str] = field(default_factory=list)
    tasks: set[asyncio.Task] = field(default_factory=set)


def client_worker(pipe: Connection, plan: WorkerPlan) -> None:
    """A client process: opens its rooms on "connect", probes on ("probe", n), leaves on
    "quit" (the OS closes its sockets: a crowd that vanishes at once)."""
    try:
        asyncio.run(_client_main(pipe, plan))
    finally:
        pipe.close()


async def _client_main(pipe: Connection, plan: WorkerPlan) -> None:
    from websockets.asyncio.client import connect
    from websockets.asyncio.server import serve as ws_serve

    loop = asyncio.get_running_loop()
    opened = _Opened()
    count = 0

    def source() -> str:
        """A loopback address of its own for every PER_SOURCE sockets."""
        nonlocal count
        k, count = count // PER_SOURCE, count + 1
        return f"127.{20 + plan.index}.{k // 250}.{k % 250 + 1}"

    async def dial(url: str) -> object:
        return await connect(url, compression=None, max_size=None, ping_interval=None,
                             open_timeout=60, close_timeout=1, proxy=None,
                             local_addr=(source(), 0))

    def keep(coro: object) -> None:
        task = loop.create_task(coro)  # type: ignore[arg-type]
        opened.tasks.add(task)
        task.add_done_callback(opened.tasks.discard)

    async def echo_back(ws: object) -> None:
        """The room's host: every frame goes back as it came (seat byte and payload)."""
        with contextlib.suppress(Exception):
            async for msg in ws:  # type: ignore[attr-defined]
                if isinstance(msg, bytes):
                    await ws.send(msg)  # type: ignore[attr-defined]

    async def read_seat(seat: _Seat) -> None:
        with contextlib.suppress(Exception):
            async for msg in seat.ws:  # type: ignore[attr-defined]
                now = time.perf_counter()
                if isinstance(msg, bytes) and seat.waiter is not None \
                        and not seat.waiter.done():
                    seat.waiter.set_result(now)

    async def hello(ws: object, message: dict) -> dict:
        await ws.send(json.dumps(message))  # type: ignore[attr-defined]
        while True:
            answer = await asyncio.wait_for(ws.recv(), 60)  # type: ignore[attr-defined]
            if isinstance(answer, str):
                return json.loads(answer)

    sem = asyncio.Semaphore(plan.concurrency)

    async def open_room(room: str, secret: str, tokens: dict[int, str]) -> None:
        try:
            async with sem:
                host = await dial(plan.host_url)
                ok = await hello(host, {"t": "host", "room": room, "secret": secret,
                                        "seats": {str(s): t for s, t in tokens.items()}})
            if ok.get("t") != "ok":
                raise RuntimeError(f"host refused: {ok}")
            opened.hosts.append(host)
            keep(echo_back(host))
        except Exception as e:  # noqa: BLE001 - counted and shown, the load goes on
            opened.failed += 1 + len(tokens)
            opened.errors.append(f"host: {type(e).__name__}: {e}")
            return
        for seat, token in tokens.items():
            try:
                async with sem:
                    ws = await dial(plan.seat_url)
                    ok = await hello(ws, {"t": "join", "room": room, "seat": seat,
                                          "token": token})
                if ok.get("t") != "ok":
                    raise RuntimeError(f"seat refused: {ok}")
                opened.seats.append(s := _Seat(ws))
                keep(read_seat(s))
            except Exception as e:  # noqa: BLE001
                opened.failed += 1
                opened.errors.append(f"seat: {type(e).__name__}: {e}")

    async def echo(ws: object) -> None:
        with contextlib.suppress(Exception):
            async for msg in ws:  # type: ignore[attr-defined]
                await ws.send(msg)  # type: ignore[attr-defined]

    direct_server = await ws_serve(echo, "127.0.0.1", 0, compression=None, max_size=None,
                                   ping_interval=None)
    direct_url = f"ws://127.0.0.1:{next(iter(direct_server.sockets)).getsockname()[1]}"

    async def probe(seat: _Seat, frame: bytes) -> float | None:
        seat.waiter = loop.create_future()
        t0 = time.perf_counter()
        try:
            await seat.ws.send(frame)  # type: ignore[attr-defined]
            t1 = await asyncio.wait_for(seat.waiter, PROBE_TIMEOUT)
        except Exception:  # noqa: BLE001 - lost (timed out or closed): counted
            return None
        finally:
            seat.waiter = None
        return (t1 - t0) * 1000

    rng = random.Random(plan.index)
    while True:
        command = await loop.run_in_executor(None, pipe.recv)
        if command == "connect":
            t0 = time.perf_counter()
            await asyncio.gather(*(open_room(*room) for room in plan.rooms))
            for _ in range(plan.direct):
                opened.direct.append(s := _Seat(await dial(direct_url)))
                keep(read_seat(s))
            pipe.send({"opened": len(opened.hosts) + len(opened.seats),
                       "failed": opened.failed, "errors": opened.errors[:3],
                       "seconds": time.perf_counter() - t0})
        elif isinstance(command, tuple) and command[0] == "probe":
            relay_ms: list[float] = []
            direct_ms: list[float] = []
            lost = 0
            for _ in range(command[1] if opened.seats else 0):
                await asyncio.sleep(rng.uniform(0.005, 0.015))  # probes never queue up
                got = await probe(rng.choice(opened.seats), os.urandom(plan.frame_bytes))
                lost += got is None
                if got is not None:
                    relay_ms.append(got)
                await asyncio.sleep(rng.uniform(0.005, 0.015))
                got = await probe(rng.choice(opened.direct), os.urandom(plan.frame_bytes))
                if got is not None:
                    direct_ms.append(got)
            pipe.send({"relay": relay_ms, "direct": direct_ms, "lost": lost})
        else:  # "quit"
            pipe.send({"rss_mb": proc_mb(os.getpid())[0]})
            os._exit(0)  # every socket dropped by the OS at once, as a crowd that vanishes


# --- tap to table: a real host, three scripted pages ----------------------------------------
def pages_worker(pipe: Connection, links: list[str], seat_url: str, limit: float) -> None:
    """Three online seats' pages, as the browser's would be (join; b"C" + connection id,
    answered b"S" + host nonce, in clear; every later frame sealed under seal.derive(seat
    key, connection id, host nonce), SEALING.md §6); each
    answers its turn at once with its first legal move. Sends back the taps' times (ms)."""
    try:
        taps = asyncio.run(_pages(links, seat_url, limit))
        pipe.send(taps)
    finally:
        pipe.close()


async def _pages(links: list[str], seat_url: str, limit: float) -> list[float]:
    from websockets.asyncio.client import connect

    from game.online.seal import H2P, P2H, Opener, Sealer, SealError, derive, key_from_text

    taps: list[float] = []

    async def page(link: str) -> None:
        parts = urlsplit(link)
        _, _, room, seat_text, token = parts.path.split("/")
        seat = int(seat_text)
        key = key_from_text(parts.fragment)
        async with connect(seat_url, compression=None, max_size=None, proxy=None) as ws:
            await ws.send(json.dumps({"t": "join", "room": room, "seat": seat,
                                      "token": token}))
            ok = json.loads(await ws.recv())
            if ok.get("t") != "ok":
                raise RuntimeError(f"page refused: {ok}")
            conn_id = os.urandom(16)
            await ws.send(b"C" + conn_id)
            answer = await ws.recv()  # the host's b"S" + nonce, in clear (SEALING.md §6)
            while not (isinstance(answer, bytes) and len(answer) == 17
                       and answer[:1] == b"S"):
                answer = await ws.recv()  # who is here, from the relay
            conn_key = derive(key, conn_id, answer[1:])
            sealer = Sealer(conn_key, room, seat, P2H)
            opener = Opener(conn_key, room, seat, H2P)
            await ws.send(sealer.seal(json.dumps({"t": "hello", "token": token,
                                                  "lang": "en"}).encode()))
            pending: tuple[int, float] | None = None  # the serial answered, when
            answered: set[int] = set()
            with contextlib.suppress(Exception):  # the room ends with the game (4005)
                async for raw in ws:
                    now = time.perf_counter()
                    if isinstance(raw, str):
                        continue
                    try:
                        msg = json.loads(opener.open(raw))
                    except SealError:
                        continue
                    if msg.get("t") != "view":
                        continue
                    if pending is not None and msg["n"] > pending[0]:
                        taps.append((now - pending[1]) * 1000)
                        pending = None
                    if msg["legal"] and msg["n"] not in answered:
                        answered.add(msg["n"])
                        pending = (msg["n"], time.perf_counter())
                        move = {"t": "act", "a": msg["legal"][0]["a"], "n": msg["n"]}
                        await ws.send(sealer.seal(json.dumps(move).encode()))

    await asyncio.wait_for(asyncio.gather(*(page(link) for link in links)), limit)
    return taps


def tap_to_table(host_url: str, seat_url: str, rounds: int, seed: int,
                 ctx: multiprocessing.context.BaseContext) -> tuple[list[float], bool, int]:
    """A 3-seat game through the relay: the host here, its pages in another process. The
    taps' times (ms), whether the game ended, and the moves the host applied."""
    from game.online.transport import RelayTransport
    from game.party.host import PartyHost
    from game.party.protocol import encode, notice
    from game.play.session import GameSession, SeatSpec

    specs = [SeatSpec(f"Online {i + 1}", "human") for i in range(3)]
    session = GameSession("hachihachi", {"rounds": rounds}, specs, seed)
    transport = RelayTransport([0, 1, 2], host_url.removesuffix("/ws"),
                               notices=lambda kind, lang: encode(notice(kind, lang)))
    host = PartyHost(session, [0, 1, 2], transport=transport).start()
    stop = threading.Event()
    runner = threading.Thread(target=host.run, kwargs={"stop": stop}, daemon=True)
    runner.start()
    limit = 120.0 * rounds
    mine, theirs = ctx.Pipe()
    pages = ctx.Process(target=pages_worker,
                        args=(theirs, [transport.link(s) for s in range(3)], seat_url, limit))
    pages.start()
    theirs.close()  # the pages' end is theirs alone: their death reads as EOF here
    taps: list[float] = []
    try:
        if mine.poll(limit + 10):
            taps = mine.recv()
    except EOFError:
        pass
    finally:
        stop.set()
        runner.join(10)
        host.stop()
        pages.join(10)
        if pages.is_alive():
            pages.kill()
    return taps, host.over, len(host.applied_at)


# --- the run ------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    """The q-quantile by nearest rank (as party_latency.py)."""
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))] if s else float("nan")


def ask(pipes: list[Connection], message: object, timeout: float) -> list[dict]:
    """`message` to every worker, then each one's answer (RuntimeError if one is silent)."""
    for pipe in pipes:
        pipe.send(message)
    answers = []
    for i, pipe in enumerate(pipes):
        if not pipe.poll(timeout):
            raise RuntimeError(f"client worker {i} did not answer {message!r} in {timeout} s")
        answers.append(pipe.recv())
    return answers


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=GOAL_ROOMS)
    ap.add_argument("--seats", type=int, default=GOAL_SEATS, help="seat sockets per room")
    ap.add_argument("--instances", type=int, choices=(1, 2), default=1)
    ap.add_argument("--probes", type=int, default=300, help="round trips timed (and as many "
                    "direct ones)")
    ap.add_argument("--rounds", type=int, default=1, help="rounds of the tap-to-table game "
                    "(0: no game)")
    ap.add_argument("--idle", type=float, default=20.0,
                    help="seconds the loaded relays' idle CPU is measured over (default: one ping "
                         "interval, so every socket's keepalive is in it)")
    ap.add_argument("--workers", type=int, default=2, help="client processes")
    ap.add_argument("--concurrency", type=int, default=32,
                    help="handshakes in flight per client process")
    ap.add_argument("--frame", type=int, default=1500, help="probe frame bytes")
    ap.add_argument("--redis", metavar="URL", help="use this Redis (default: start one)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: 50 rooms, 50 probes, no game, 1 s idle")
    args = ap.parse_args()
    if args.quick:
        args.rooms, args.probes = min(args.rooms, 50), min(args.probes, 50)
        args.rounds, args.idle = 0, min(args.idle, 1.0)
    if not 1 <= args.seats <= 7 or args.rooms < 1 or args.workers < 1 or args.idle <= 0:
        ap.error("--seats is 1..7, --rooms and --workers at least 1, --idle above 0")
    return run(args)


def run(args: argparse.Namespace) -> int:
    from game.relay.server import Limits

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # children inherit it
    game_sockets = 6 if args.rounds else 0  # the game's host and its three pages, twice over
    if args.instances == 1:
        loads = [args.rooms * (1 + args.seats) + game_sockets]
    else:
        loads = [args.rooms + game_sockets, args.rooms * args.seats + game_sockets]
    shipped = Limits().total
    total = None if max(loads) < shipped else max(loads) + 64
    launcher = ("`python -m game relay` (limits as shipped)" if total is None else
                f"`python -m game relay --max-connections {total}` (it holds {shipped} in "
                "all as shipped)")

    ctx = multiprocessing.get_context("spawn")
    workdir = tempfile.mkdtemp(prefix="relay-load-")
    redis_proc: subprocess.Popen | None = None
    redis_url = args.redis
    relays: list[Relay] = []
    workers: list[multiprocessing.process.BaseProcess] = []
    pipes: list[Connection] = []
    marks: list[tuple[float, str]] = [(0.0, "starting")]  # when each phase began
    try:
        if args.instances == 2 and not redis_url:
            redis_proc, redis_url = start_redis(workdir)
        for name in ("A", "B")[:args.instances]:
            relays.append(Relay(name, redis_url if args.instances == 2 else None, total))
        time.sleep(0.5)
        idle_mb = [r.mb()[0] for r in relays]
        host_relay, seat_relay = relays[0], relays[-1]

        rooms = [(f"load-room-{i:06d}", secrets.token_urlsafe(24),
                  {s: secrets.token_urlsafe(16) for s in range(args.seats)})
                 for i in range(args.rooms)]
        n_workers = min(args.workers, args.rooms)
        for w in range(n_workers):
            mine, theirs = ctx.Pipe()
            plan = WorkerPlan(w, rooms[w::n_workers], host_relay.url, seat_relay.url,
                              args.concurrency, args.frame)
            proc = ctx.Process(target=client_worker, args=(theirs, plan), daemon=True)
            proc.start()
            workers.append(proc)
            pipes.append(mine)

        print(f"relay load: {args.instances} instance(s), {args.rooms} rooms x (1 host + "
              f"{args.seats} seats) = {args.rooms * (1 + args.seats)} sockets from "
              f"{n_workers} client processes; relay: {launcher}", flush=True)
        print(f"  code: {code_version()}", flush=True)
        if args.instances == 2:
            print(f"  hosts on A, seats on B, through Redis at {redis_url}"
                  f"{' (started here)' if redis_proc else ''}", flush=True)

        def cpu_all() -> list[float]:
            return [r.cpu_now() for r in relays]

        def redis_cpu() -> float:
            return proc_cpu(redis_proc.pid) if redis_proc else 0.0

        marks.append((time.perf_counter(), "connect"))
        c0, r0, t0 = cpu_all(), redis_cpu(), time.perf_counter()
        opened = ask(pipes, "connect", 600)
        connect_s = time.perf_counter() - t0
        c1, r1 = cpu_all(), redis_cpu()
        n_open = sum(a["opened"] for a in opened)
        n_failed = sum(a["failed"] for a in opened)
        print(f"connect: {n_open} sockets open, {n_failed} failed, in {connect_s:.1f} s"
              + "".join(f"; e.g. {e}" for a in opened for e in a["errors"][:1]), flush=True)
        time.sleep(1.0)  # the relays settle (handshake buffers freed, first sweeps done)
        loaded_mb = [r.mb() for r in relays]

        marks.append((time.perf_counter(), "idle"))
        c2, r2 = cpu_all(), redis_cpu()
        time.sleep(args.idle)
        c3, r3 = cpu_all(), redis_cpu()

        probes: dict[str, list[float]] = {"relay": [], "direct": []}
        lost = 0
        marks.append((time.perf_counter(), "probes"))
        for i, pipe in enumerate(pipes):  # one worker at a time: the others stay idle
            share = args.probes // n_workers + (i < args.probes % n_workers)
            got = ask([pipe], ("probe", share), 60 + share * PROBE_TIMEOUT)[0]
            probes["relay"] += got["relay"]
            probes["direct"] += got["direct"]
            lost += got["lost"]
        c4, r4 = cpu_all(), redis_cpu()

        taps: list[float] = []
        over, applied = False, 0
        marks.append((time.perf_counter(), "game"))
        if args.rounds:
            taps, over, applied = tap_to_table(host_relay.url, seat_relay.url, args.rounds,
                                               args.seed, ctx)
        c5, r5 = cpu_all(), redis_cpu()
        peak_mb = [r.mb()[1] for r in relays]
        redis_mb = proc_mb(redis_proc.pid) if redis_proc else None
        marks.append((time.perf_counter(), "the clients leaving, after the measurements"))
        client_mb = [a["rss_mb"] for a in ask(pipes, "quit", 30)]
        time.sleep(1.0)  # what the relays say of a crowd that vanishes at once
    finally:
        for proc in workers:
            proc.join(10)
            if proc.is_alive():
                proc.kill()
        for relay in relays:
            relay.stop()
        if redis_proc is not None:
            redis_proc.terminate()
            redis_proc.wait(10)
        with contextlib.suppress(OSError):
            for p in Path(workdir).iterdir():
                p.unlink()
            Path(workdir).rmdir()
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    # --- the figures --------------------------------------------------------------------
    per = [args.rooms * (1 + args.seats)] if args.instances == 1 else \
        [args.rooms, args.rooms * args.seats]
    print(f"\n{'instance':<9}{'sockets':>8}{'RSS idle':>10}{'RSS':>8}{'peak':>8}"
          f"{'KB/socket':>10}{'CPU connect':>13}{'CPU idle':>10}{'CPU probes':>12}"
          f"{'CPU game':>10}")
    print(f"{'':<9}{'':>8}{'MB':>10}{'MB':>8}{'MB':>8}{'':>10}{'s':>13}"
          f"{f'%/{args.idle:g}s':>10}{'s':>12}{'s':>10}")
    for i, r in enumerate(relays):
        kb = (loaded_mb[i][0] - idle_mb[i]) * 1024 / max(1, per[i])
        idle_pct = (c3[i] - c2[i]) / args.idle * 100
        print(f"relay {r.name:<3}{per[i]:>8}{idle_mb[i]:>10.1f}{loaded_mb[i][0]:>8.1f}"
              f"{peak_mb[i]:>8.1f}{kb:>10.1f}{c1[i] - c0[i]:>13.2f}{idle_pct:>9.1f}%"
              f"{c4[i] - c3[i]:>12.2f}{c5[i] - c4[i]:>10.2f}")
    if redis_mb is not None:
        print(f"{'redis':<9}{'':>8}{'':>10}{redis_mb[0]:>8.1f}{redis_mb[1]:>8.1f}{'':>10}"
              f"{r1 - r0:>13.2f}{(r3 - r2) / args.idle * 100:>9.1f}%{r4 - r3:>12.2f}"
              f"{r5 - r4:>10.2f}")
    print(f"client processes (not the relay): {', '.join(f'{m:.0f}' for m in client_mb)} MB")

    relay_ms, direct_ms = probes["relay"], probes["direct"]
    print(f"\n{f'round trips, {args.frame}-byte frames, ms':<{W}}{'p50':>8}{'p95':>8}"
          f"{'max':>8}")
    added = {}
    if relay_ms and direct_ms:
        rows = [("direct (seat <-> echo, no relay)", direct_ms),
                (f"through the relay ({len(relay_ms)}, {lost} lost)", relay_ms)]
        for label, values in rows:
            print(f"{label:<{W}}{pct(values, 0.5):>8.2f}{pct(values, 0.95):>8.2f}"
                  f"{max(values):>8.2f}")
        for q in (0.5, 0.95):
            added[q] = pct(relay_ms, q) - pct(direct_ms, q)
        print(f"{'added round trip (relay - direct)':<{W}}{added[0.5]:>8.2f}{added[0.95]:>8.2f}")
        print(f"{'added one way (half of it)':<{W}}{added[0.5] / 2:>8.2f}"
              f"{added[0.95] / 2:>8.2f}")
    else:
        print("no probe came back")
    if args.rounds:
        if taps:
            print(f"{f'tap to next view ({len(taps)} taps, game over: {over})':<{W}}"
                  f"{statistics.median(taps):>8.2f}{pct(taps, 0.95):>8.2f}{max(taps):>8.2f}")
        else:
            print(f"tap to next view: no tap measured (moves applied {applied}, over {over})")

    for r in relays:
        for at, line in r.said[:5]:
            phase = [name for t, name in marks if t <= at][-1]
            print(f"relay {r.name} said during {phase}: {line}")
        if len(r.said) > 5:
            print(f"relay {r.name} said {len(r.said) - 5} more lines")
    print("\ngoals:")
    at = f"{args.rooms} rooms x {args.seats} seats"
    if args.instances == 1:
        full = args.rooms >= GOAL_ROOMS and args.seats >= GOAL_SEATS
        verdict = ("PASS" if peak_mb[0] <= GOAL_MB else "MISS") if full else "n/a "
        print(f"  {verdict}  {GOAL_ROOMS} rooms x {GOAL_SEATS} seats on one instance within "
              f"{GOAL_MB:.0f} MB: peak {peak_mb[0]:.1f} MB at {at}")
    else:
        print(f"  n/a   memory on one instance (measured with --instances 1); here "
              f"A {peak_mb[0]:.1f} MB, B {peak_mb[1]:.1f} MB at {at}")
    if added:
        one_way = added[0.95] / 2
        print(f"  {'PASS' if one_way <= GOAL_ADDED_MS else 'MISS'}  added p95 <= "
              f"{GOAL_ADDED_MS:g} ms one way: {one_way:.2f} ms (round trip "
              f"{added[0.95]:.2f} ms)")
    if args.rounds and taps:
        print(f"  {'PASS' if pct(taps, 0.95) <= GOAL_TAP_MS else 'MISS'}  tap-to-table p95 <= "
              f"{GOAL_TAP_MS:g} ms: {pct(taps, 0.95):.2f} ms")
    ok = n_failed == 0 and bool(relay_ms) and lost == 0 and (not args.rounds or bool(taps))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
