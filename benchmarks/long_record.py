"""A valid record of thousands of rounds (issue 24, item 10; issue 43, item 8): time and
peak memory of the replay viewer opening it and of Continue resuming it as the autosave.

Two shapes of record, each about `--bytes` long:

- ``misdeals`` (the default): a real 120-round game (the most any option allows) with
  misdeal rounds between its rounds: a misdeal (four cards of one month on the field)
  changes nothing but the round count, so the record stays valid while it grows to 4 MB;
- ``hachi``: a Hachi game to a points target that was allowed up to 10,000 (random
  players, whose game has not ended by then): thousands of real rounds, about 50,000
  positions, the audit's "huge valid record".

For the viewer it prints the time until the first position is on screen (the scene made and
one frame drawn: ``first_seconds``, ``first_cpu``), then the time and CPU until every
position is built (``built_seconds``, ``cpu_seconds``, drawing included, and
``build_cpu``, the opening and the building alone): the frames in between are drawn with
a step (the right arrow) every sixth, as a player reading along, ``stepped`` says how far
they got while the rest was built and ``frame_p95_ms`` is their slowest 5 %. Each
measurement runs in a fresh process (peak RSS from getrusage; CPU seconds beside the
wall-clock ones, which a loaded machine stretches). POSIX only.

    python benchmarks/long_record.py [--bytes 4000000] [--record misdeals|hachi]
                                     [--only viewer|continue]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def misdeal_deck(deck: list[str], seats: int) -> list[str]:
    """`deck` reordered so that the field (after the hands) holds the four cards of the
    month of its first field card: the field check voids the deal."""
    from game.engine.cards import CARD_IDS, parse_card

    field_at = 7 * seats
    month = parse_card(deck[field_at]) // 4
    four = [CARD_IDS[month * 4 + k] for k in range(4)]
    rest = [c for c in deck if c not in four]
    return rest[:field_at] + four + rest[field_at:]


def long_record(target_bytes: int, seed: int = 5, front: bool = True) -> dict:
    """A 120-round hachihachi game, misdeals inserted until it is about `target_bytes`:
    all before the first round (`front`, the viewer's worst case: every later position
    carries the whole history) or spread between the rounds."""
    from game.engine import record as records
    from game.simulate import simulate

    rec = simulate("hachihachi", {"rounds": 120}, 3, ["random"], seed)
    data = rec.to_json()
    rounds = data["rounds"]
    size = len(json.dumps(data, indent=1))
    void = {"deck": misdeal_deck(rounds[0]["deck"], 3), "actions": []}
    per_void = len(json.dumps(void, indent=1)) + 8
    per_gap = max(0, (target_bytes - size) // per_void // len(rounds))
    per_gap = max(0, per_gap * 92 // 100)  # the estimate runs a little long
    out = []
    for r in rounds:
        out.extend({"deck": misdeal_deck(r["deck"], 3), "actions": []}
                   for _ in range(per_gap))
        out.append(r)
    if front:
        out = [r for r in out if not r["actions"]] + [r for r in out if r["actions"]]
    data["rounds"] = out
    records.replay(records.from_json(data))  # still valid
    return data


VIEWER = """
import sys, time, resource
import pygame
from tests.ui.driver import make_app, frames, key
from game.ui.scenes.replay import ReplayScene

def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime

app = make_app(__import__('pathlib').Path(sys.argv[2]))
t1, cpu0 = time.perf_counter(), cpu()
scene = ReplayScene(app, sys.argv[1])
app.stack.push(scene)
frames(app, 1)  # the first position on screen
t_first, cpu_first = time.perf_counter() - t1, cpu() - cpu0
build_cpu = [0.0]
if hasattr(scene, "build_more"):  # the CPU of the building itself, apart from drawing
    real = scene.build_more
    def counted(*a, **k):
        c = cpu()
        real(*a, **k)
        build_cpu[0] += cpu() - c
    scene.build_more = counted
times, n = [], 0
while getattr(scene, "building", False) and scene.error is None:  # older viewers: never
    f0 = time.perf_counter()
    if n % 6 == 0:
        key(app, pygame.K_RIGHT)  # a step ten times a second, as a player reading along
    else:
        frames(app, 1)
    times.append(time.perf_counter() - f0)
    n += 1
stepped = scene.i
scene.go(len(scene.positions) - 1) if scene.positions else None
frames(app, 2)
t2 = time.perf_counter()
print(f"error={scene.error!r} positions={len(scene.positions)}")
print(f"first_seconds={t_first:.2f} first_cpu={cpu_first:.2f}")
times.sort()
p95 = times[int(len(times) * 0.95)] * 1000 if times else 0.0
print(f"stepped={stepped} frames={len(times)} frame_p95_ms={p95:.1f}")
ru = resource.getrusage(resource.RUSAGE_SELF)
print(f"built_seconds={t2 - t1:.2f} seconds={t2 - t1:.2f} cpu_seconds={cpu() - cpu0:.2f} "
      f"build_cpu={build_cpu[0] + cpu_first:.2f}")
print(f"peak_mb={ru.ru_maxrss / 1024:.0f}")
"""

CONTINUE = """
import sys, time, resource, shutil
from tests.ui.driver import make_app, frames
from game.ui.scenes.title import TitleScene
app = make_app(__import__('pathlib').Path(sys.argv[2]))
shutil.copy(sys.argv[1], app.paths.autosave)
t1 = time.perf_counter()
r0 = resource.getrusage(resource.RUSAGE_SELF)
cpu0 = r0.ru_utime + r0.ru_stime
app.stack.reset(TitleScene(app))
frames(app, 1)
top = app.stack.top
ok = top.name == "title" and top.saved is not None
if ok:
    top.cont()
    frames(app, 2)
t2 = time.perf_counter()
print(f"continued={ok} top={app.stack.top.name}")
ru = resource.getrusage(resource.RUSAGE_SELF)
print(f"seconds={t2 - t1:.2f} cpu_seconds={ru.ru_utime + ru.ru_stime - cpu0:.2f}")
print(f"peak_mb={ru.ru_maxrss / 1024:.0f}")
"""


def hachi_record(target_bytes: int, seed: int = 11) -> dict:
    """A Hachi game to a points target of 10,000 (the most the option allowed before issue
    43; still replayed, no longer offered) between random players, cut after the last
    round that keeps its file (written as below, indent 1) within `target_bytes`: the shape
    of the audit's huge record."""
    from ai import make_agent
    from game.engine import record as records
    from game.engine.rng import Rng
    from game.engine.rulesets import get
    from game.engine.state import OVER
    from game.simulate import play_round

    rs = get("hachi", match_end="points", target_points=10_000)
    rng = Rng(seed)
    players = [make_agent("random", rng.next64()) for _ in range(2)]
    st = rs.new_state(2, 0, events=False)
    seats = [{"name": "A", "kind": "ai:random"}, {"name": "B", "kind": "ai:random"}]

    def size() -> int:
        return len(json.dumps(records.from_state(st, seats, seed).to_json(), indent=1))

    while st.phase != OVER and (st.rounds_played % 100 or size() <= target_bytes):
        play_round(st, players, rng)
    data = records.from_state(st, seats, seed).to_json()
    while len(json.dumps(data, indent=1)) > target_bytes:
        data["rounds"].pop()
    records.replay(records.from_json(data))  # still valid
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bytes", type=int, default=4_000_000)
    ap.add_argument("--only", choices=("viewer", "continue"))
    ap.add_argument("--misdeals", choices=("front", "spread"), default="front")
    ap.add_argument("--record", choices=("misdeals", "hachi"), default="misdeals")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        data = hachi_record(args.bytes) if args.record == "hachi" else \
            long_record(args.bytes, front=args.misdeals == "front")
        path = Path(tmp) / "long.json"
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        # the autosave of the same game, stopped in the middle of its last round
        last = data["rounds"][-1]
        saved = dict(data, rounds=[*data["rounds"][:-1],
                                   dict(last, actions=last["actions"][:len(last["actions"]) // 2])])
        autosave = Path(tmp) / "autosave.json"
        autosave.write_text(json.dumps(saved, indent=1), encoding="utf-8")
        print(f"record: {path.stat().st_size:,} bytes, {len(data['rounds'])} round entries "
              f"(made in {time.perf_counter() - t0:.1f} s)")
        env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy",
                   SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
        for name, code in (("viewer", VIEWER), ("continue", CONTINUE)):
            if args.only and args.only != name:
                continue
            home = Path(tmp) / name
            src = path if name == "viewer" else autosave
            out = subprocess.run([sys.executable, "-c", code, str(src), str(home)], cwd=ROOT,
                                 env=env, capture_output=True, text=True, timeout=900)
            lines = " ".join(out.stdout.split()) or out.stderr[-400:]
            print(f"{name}: {lines}")


if __name__ == "__main__":
    main()
