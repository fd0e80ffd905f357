"""What the Statistics and the History screens load from a large statistics file (issue 43,
item 7): CPU time (time.process_time) and wall time, medians of several loads, of exactly
what each screen reads (game/ui/stats_worker.py, run in the screens' worker thread).

The file holds realistic games: copies of a few dozen simulated games (Hachi-Hachi of
twelve and of six rounds, Hachi, Sudaoshi, Nuki; you against one or two levels of computer,
some hot-seat games and some with computers only; a tenth of them reviewed), each copy with
its own fingerprint and finish time, written straight into the tables of schema version 2
(the oldest file a player of 100,000 games might have) in one transaction. The first open
then upgrades it once, as the player's first start of a newer version would; that time is
printed apart. Prints the figures; asserts nothing.

    python benchmarks/stats_load.py [--games 100000] [--repeat 5] [--keep FILE]

`--keep FILE` builds the file once at FILE (a copy of version 2 is kept beside it, so every
run measures the same upgrade) and reuses it in later runs.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BUILT_VERSION = 2  # the schema the file is written in (see the docstring)
# (ruleset, options, seats, share of the games)
MIX = (("hachihachi", {}, 3, 0.55), ("hachihachi", {"rounds": 6}, 3, 0.15),
       ("hachi", {}, 2, 0.12), ("sudaoshi", {}, 3, 0.10),
       ("nuki-hachihachi", {"rounds": 3}, 4, 0.08))
OPPONENTS = ("ai:casual", "ai:rules", "ai:expectimax", "ai:master")


def model_games(seed: int) -> list[tuple[object, float]]:
    """(a statistics entry, its share) for each model game: real games, simulated."""
    from game import stats
    from game.simulate import simulate

    rng = random.Random(seed)
    out = []
    for k, (ruleset, options, seats, share) in enumerate(MIX):
        variants = 8
        for v in range(variants):
            rec = simulate(ruleset, options, seats, ["rules"], seed * 100 + k * 10 + v)
            kinds = ["human", *(rng.choice(OPPONENTS) for _ in range(seats - 1))]
            if v == 6:
                kinds = ["human"] * seats  # hot seat
            elif v == 7:
                kinds[0] = rng.choice(OPPONENTS)  # computers only
            for seat, kind in zip(rec.seats, kinds, strict=True):
                seat["kind"] = kind
            rec.seats[0]["name"] = "You"
            out.append((stats.entry_from_record(rec), share / variants))
    return out


def schema_statements(version: int) -> list[str]:
    from game import stats

    out = ["CREATE TABLE schema_version (version INTEGER NOT NULL)"]
    for target, statements in stats.MIGRATIONS:
        if target <= version:
            out.extend(statements)
    return out


def build(path: Path, games: int, seed: int) -> None:
    """A statistics file of `games` games in schema version BUILT_VERSION."""
    models = model_games(seed)
    weights = [w for _e, w in models]
    rng = random.Random(seed)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = MEMORY")
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    for sql in schema_statements(BUILT_VERSION):
        conn.execute(sql)
    conn.execute("INSERT INTO schema_version VALUES (?)", (BUILT_VERSION,))
    start = 1_600_000_000  # 2020-09-13: five years of play
    picks = rng.choices(range(len(models)), weights, k=games)
    g_rows, s_rows, r_rows, n_rows, y_rows, v_rows = [], [], [], [], [], []
    for gid, pick in enumerate(picks, 1):
        e = models[pick][0]
        when = time.strftime("%Y-%m-%dT%H:%M:%S+00:00",
                             time.gmtime(start + gid * 1500 + rng.randrange(600)))
        g_rows.append((gid, f"{gid:064x}", e.ruleset, json.dumps(e.options, sort_keys=True),
                       gid, e.first_dealer, when, float(rng.randrange(300, 3600)),
                       int(rng.random() < 0.1), f"{when[:10]}-{gid}-{e.ruleset}.json",
                       rng.choice((0, 0, 0, 1, 2)), rng.choice((0, 0, 0, 1, 3)),
                       e.player_seat, e.opponents, json.dumps(e.winners),
                       json.dumps(e.totals)))
        s_rows.extend((gid, i, s["name"], s["kind"], s["level"]) for i, s in enumerate(e.seats))
        for i, r in enumerate(e.rounds):
            r_rows.append((gid, i, r["ending"], r["winner"], r["dealer"], r["multiplier"]))
            n_rows.extend((gid, i, s, v) for s, v in enumerate(r["net"]))
        y_rows.extend((gid, s, y, n) for s, ys in e.yaku.items() for y, n in ys.items())
        if e.player_seat is not None and rng.random() < 0.1:
            v_rows.append((gid, e.player_seat, rng.random(), 60, rng.randrange(3),
                           rng.randrange(6), 300, when))
    conn.executemany("INSERT INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", g_rows)
    conn.executemany("INSERT INTO seats VALUES (?,?,?,?,?)", s_rows)
    conn.executemany("INSERT INTO rounds VALUES (?,?,?,?,?,?)", r_rows)
    conn.executemany("INSERT INTO round_nets VALUES (?,?,?,?)", n_rows)
    conn.executemany("INSERT INTO yaku VALUES (?,?,?,?)", y_rows)
    conn.executemany("INSERT INTO reviews VALUES (?,?,?,?,?,?,?,?)", v_rows)
    conn.execute("COMMIT")
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    print(f"built {games:,} games: {len(r_rows):,} rounds, {len(n_rows):,} round nets, "
          f"{len(y_rows):,} yaku rows, {len(v_rows):,} reviews; "
          f"{path.stat().st_size / 1e6:.0f} MB")


def measure(label: str, load: Callable[[], object], repeat: int) -> None:
    cpu, wall = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        load()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    print(f"{label:<28} CPU median {statistics.median(cpu):6.3f} s "
          f"(min {min(cpu):.3f}, max {max(cpu):.3f}) · wall median "
          f"{statistics.median(wall):6.3f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=43)
    ap.add_argument("--keep", type=Path, help="build the file here once and reuse it")
    args = ap.parse_args()

    from game.ui import stats_worker

    base = Path(tempfile.mkdtemp(prefix="stats-bench-"))
    path = base / "stats.sqlite3"
    if args.keep is not None:
        pristine = args.keep.with_name(args.keep.name + f".v{BUILT_VERSION}")
        if not pristine.exists():
            build(pristine, args.games, args.seed)
        shutil.copy(pristine, path)
    else:
        build(path, args.games, args.seed)

    c0, w0 = time.process_time(), time.perf_counter()
    first = stats_worker.load_statistics(path)
    print(f"{'first open (upgrade once)':<28} CPU {time.process_time() - c0:6.3f} s · wall "
          f"{time.perf_counter() - w0:6.3f} s · {first.games:,} games counted, "
          f"{first.damaged} damaged, {first.message or 'no message'}")
    measure("Statistics screen", lambda: stats_worker.load_statistics(path), args.repeat)
    measure("History screen (all games)", lambda: stats_worker.load_history(path, None),
            args.repeat)
    measure("History screen (Hachi)", lambda: stats_worker.load_history(path, "hachi"),
            args.repeat)
    shutil.rmtree(base)


if __name__ == "__main__":
    main()
