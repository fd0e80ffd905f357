"""Party mode latency: from a phone's tap (its action sent) to the shared table hearing of
the move (the table page's message with the new state, which is when the window starts the
card's animation), over the phone actions of a game on localhost.

    python benchmarks/party_latency.py [--phones 7] [--rounds 4] [--idle 300 --half-open 100]

Every seat is a phone (7 phones: a 7-seat Hachi-Hachi game with its drop-out phase), each a
raw WebSocket client that answers its turn at once with its first legal action. Prints the
median and the 95th percentile in milliseconds, and the CPU time the host's process spent.

`--idle N --half-open M` (issue 42, item 12) add a crowd that should not slow the table: N
WebSocket connections that open and never say hello, and M TCP connections that never say
anything, spread over 16 loopback addresses (127.0.1.x, as devices on a network) and made
again whenever the server closes them, from a second process so their own work is not the
host's. The server's limits refuse most of them; the figures show what the rest cost.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--phones", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--idle", type=int, default=0, help="idle WebSocket connections")
    ap.add_argument("--half-open", type=int, default=0, help="silent TCP connections")
    ap.add_argument("--tables", type=int, default=0,
                    help="read-only table pages open (each is sent every move)")
    ap.add_argument("--attack", metavar="PORT", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--token", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.attack:
        return attack(args.attack, args.idle, args.half_open, args.tables, args.token)
    from websockets.sync.client import connect

    from game.party.host import PartyHost
    from game.play.session import GameSession, SeatSpec

    seats = [SeatSpec(f"Phone {i + 1}", "human") for i in range(args.phones)]
    session = GameSession("hachihachi", {"rounds": args.rounds}, seats, args.seed)
    host = PartyHost(session, list(range(args.phones))).start()
    stop = threading.Event()
    runner = threading.Thread(target=host.run, kwargs={"stop": stop}, daemon=True)
    runner.start()
    url = f"ws://127.0.0.1:{host.server.port}/ws"
    sent: dict[int, float] = {}  # the serial a tap answered -> when it was sent
    lat: list[float] = []
    lock = threading.Lock()

    def phone(seat: int) -> None:
        # each phone from an address of its own, as phones on a home network are
        with connect(url, origin=host.server.origin,
                     source_address=(f"127.0.0.{10 + seat}", 0)) as ws:
            ws.send(json.dumps({"t": "hello", "token": host.server.seats[seat].token}))
            while not stop.is_set():
                try:
                    m = json.loads(ws.recv(timeout=0.5))
                except TimeoutError:
                    continue
                except Exception:  # noqa: BLE001 - the game ended and the server closed
                    return
                if m.get("t") == "view" and m["legal"]:
                    with lock:
                        sent[m["n"]] = time.perf_counter()
                    ws.send(json.dumps({"t": "act", "a": m["legal"][0]["a"], "n": m["n"]}))

    def table() -> None:
        with connect(url, origin=host.server.origin, source_address=("127.0.0.9", 0)) as ws:
            ws.send(json.dumps({"t": "hello", "token": host.server.table_token}))
            while not stop.is_set():
                try:
                    m = json.loads(ws.recv(timeout=0.5))
                except TimeoutError:
                    continue
                except Exception:  # noqa: BLE001
                    return
                now = time.perf_counter()
                with lock:
                    t = sent.pop(m.get("n", 0) - 1, None)
                if t is not None:
                    lat.append((now - t) * 1000)

    threads = [threading.Thread(target=phone, args=(s,), daemon=True)
               for s in range(args.phones)] + [threading.Thread(target=table, daemon=True)]
    crowd = None
    if args.idle or args.half_open or args.tables:
        import subprocess

        crowd = subprocess.Popen([sys.executable, __file__, "--attack", str(host.server.port),
                                  "--idle", str(args.idle), "--half-open",
                                  str(args.half_open), "--tables", str(args.tables),
                                  "--token", host.server.table_token])
        time.sleep(3.0)  # the crowd is in before the first tap
        held = getattr(host.server, "connections", "?")
        print(f"crowd: {args.idle} idle, {args.half_open} half-open clients and "
              f"{args.tables} table pages; the server holds {held} connections, refused "
              f"{host.server.refused}")
    cpu0 = time.process_time()
    for t in threads:
        t.start()
    end = time.monotonic() + 600
    while not host.over and time.monotonic() < end:
        time.sleep(0.05)
    cpu = time.process_time() - cpu0
    stop.set()
    runner.join(10)
    if crowd is not None:
        held = getattr(host.server, "connections", "?")
        print(f"crowd at the end: the server holds {held} connections, "
              f"refused {host.server.refused}")
        crowd.terminate()
        crowd.wait(10)
    host.stop()
    if not lat:
        print("no phone action was measured")
        return 1
    lat.sort()
    p95 = lat[min(len(lat) - 1, round(0.95 * (len(lat) - 1)))]
    print(f"phone actions applied {len(host.applied_at)}, refused {host.refused}; "
          f"game over: {host.over}")
    print(f"{args.phones} phones, {len(lat)} taps: tap to table median "
          f"{statistics.median(lat):.1f} ms, p95 {p95:.1f} ms; host process CPU {cpu:.1f} s")
    return 0


def attack(port: int, idle: int, half_open: int, tables: int, token: str) -> int:
    """The crowd: `idle` sockets that finish the WebSocket opening and then say nothing,
    `half_open` TCP connections that never send a byte, `tables` table pages that read
    every move; each made again when closed."""
    import asyncio

    from websockets.asyncio.client import connect as aconnect

    key = "dGhlIHNhbXBsZSBub25jZQ=="
    upgrade = (f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               "Sec-WebSocket-Version: 13\r\n\r\n").encode()

    async def one(i: int, speak: bool) -> None:
        source = f"127.0.1.{1 + i % 16}"
        while True:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(source, 0))
                if speak:
                    writer.write(upgrade)
                    await writer.drain()
                while await reader.read(4096):
                    pass  # held until the server lets go
                writer.close()
            except OSError:
                pass
            await asyncio.sleep(1.0)  # an ordinary client's retry

    async def table(i: int) -> None:
        origin = f"http://127.0.0.1:{port}"
        while True:
            try:
                async with aconnect(f"ws://127.0.0.1:{port}/ws", origin=origin,
                                    local_addr=(f"127.0.1.{1 + i % 16}", 0)) as ws:
                    await ws.send(json.dumps({"t": "hello", "token": token}))
                    async for _m in ws:
                        pass
            except Exception:  # noqa: BLE001 - refused or closed: try again
                pass
            await asyncio.sleep(1.0)

    async def crowd() -> None:
        await asyncio.gather(*(one(i, True) for i in range(idle)),
                             *(one(i, False) for i in range(half_open)),
                             *(table(i) for i in range(tables)))

    try:
        asyncio.run(crowd())
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
