"""Party mode latency: from a phone's tap (its action sent) to the shared table hearing of
the move (the table page's message with the new state, which is when the window starts the
card's animation), over the phone actions of a game on localhost.

    python benchmarks/party_latency.py [--phones 7] [--rounds 4]

Every seat is a phone (7 phones: a 7-seat Hachi-Hachi game with its drop-out phase), each a
raw WebSocket client that answers its turn at once with its first legal action. Prints the
median and the 95th percentile in milliseconds.
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
    args = ap.parse_args()
    from websockets.sync.client import connect

    from game.party.host import PartyHost
    from game.ui.session import GameSession, SeatSpec

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
        with connect(url, origin=host.server.origin) as ws:
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
        with connect(url, origin=host.server.origin) as ws:
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
    for t in threads:
        t.start()
    end = time.monotonic() + 600
    while not host.over and time.monotonic() < end:
        time.sleep(0.05)
    stop.set()
    runner.join(10)
    host.stop()
    if not lat:
        print("no phone action was measured")
        return 1
    lat.sort()
    p95 = lat[min(len(lat) - 1, round(0.95 * (len(lat) - 1)))]
    print(f"phone actions applied {len(host.applied_at)}, refused {host.refused}; "
          f"game over: {host.over}")
    print(f"{args.phones} phones, {len(lat)} taps: tap to table median "
          f"{statistics.median(lat):.1f} ms, p95 {p95:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
