"""A records folder of many games (issue 26, item 6): how long the Replays & records page
takes to list it, the first time (every record read and replayed, then kept in the index)
and every later time (the index checked against each file's size and time), and after a
damaged index (rebuilt). The page itself reads a new folder a few files per frame, so the
first time is spread over frames rather than a freeze; the figures here are the whole work.

Each record is a real game of three to seven rounds (copies of a few simulated games, given
distinct names and times). Prints the figures; asserts nothing.

    python benchmarks/records_list.py [--records 1000]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=1000)
    args = ap.parse_args()

    from game import records_index, storage
    from game.simulate import simulate
    from game.ui.records_model import RecordsModel

    base = Path(tempfile.mkdtemp(prefix="records-bench-"))
    folder = base / "records"
    folder.mkdir()
    games = []
    for i, (rs, rounds, n) in enumerate([("hachihachi", 3, 3), ("hachihachi", 6, 4),
                                         ("sudaoshi", 6, 3), ("hachi", 6, 2),
                                         ("nuki-hachihachi", 3, 4)]):
        rec = simulate(rs, {"rounds": rounds}, n, ["random"], 100 + i)
        rec.seats[0]["kind"] = "human"
        path = base / f"model-{i}.json"
        storage.write_record(path, rec)
        games.append(path)
    for i in range(args.records):
        shutil.copy(games[i % len(games)], folder / f"2026{i:08}-game.json")
    size = sum(p.stat().st_size for p in folder.iterdir())
    print(f"{args.records} records, {size / 1e6:.1f} MB, in {folder}")

    def listing(label: str) -> None:
        t0 = time.perf_counter()
        c = records_index.Catalogue(folder, records_index.index_path(folder))
        c.scan()
        t1 = time.perf_counter()
        read = len(c.pending)
        c.finish()
        t2 = time.perf_counter()
        model = RecordsModel()
        model.set(c.all())
        t3 = time.perf_counter()
        rows = len(model.rows)
        model.next_order()
        model.set_search("seat 2")
        t4 = time.perf_counter()
        print(f"{label:<22} scan {1000 * (t1 - t0):7.1f} ms · read {read:5} files "
              f"{t2 - t1:7.2f} s · words {1000 * (t3 - t2):6.1f} ms · rows {rows}"
              f" · sort + search (words kept) {1000 * (t4 - t3) / 2:5.1f} ms each")

    listing("first time (no index)")
    listing("again (index)")
    listing("again (index)")
    records_index.index_path(folder).write_text("{ damaged")
    listing("after a damaged index")
    idx = records_index.index_path(folder)
    print(f"index file: {idx.stat().st_size / 1e3:.0f} KB")
    shutil.rmtree(base)


if __name__ == "__main__":
    main()
