"""`kill -9` in the middle of autosaves: how many saves are corrupt, how many temporaries stay.

A child process writes the autosave of a 12-round game in a tight loop; it is killed with
SIGKILL at a random moment, then the autosave is read back through the program's own loading
path and the folder is cleaned as the next start would (issue 12). POSIX only.

    python benchmarks/kill_autosave.py [--kills 100]
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import storage  # noqa: E402

WRITER = """
import sys
from game import storage
from game.simulate import simulate
paths = storage.default_paths(sys.argv[1]).ensure()
recs = [simulate("hachihachi", {"rounds": 12}, 3, ["random"], s) for s in range(3)]
print("ready", flush=True)
i = 0
while True:
    storage.save_autosave(paths, recs[i % 3])
    i += 1
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=100)
    args = ap.parse_args()
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as home:
        paths = storage.default_paths(home).ensure()
        corrupt = leftovers = 0
        for _ in range(args.kills):
            child = subprocess.Popen([sys.executable, "-c", WRITER, home], cwd=root,
                                     stdout=subprocess.PIPE, text=True)
            child.stdout.readline()
            time.sleep(random.uniform(0.0, 0.3))
            child.send_signal(signal.SIGKILL)
            child.wait()
            try:
                storage.read_record(paths.autosave)
            except Exception as e:  # noqa: BLE001 - counting, not handling
                corrupt += 1
                print(f"corrupt autosave: {e}")
            left = list(paths.data_dir.glob(".*.tmp"))
            leftovers += len(left)
            for f in left:  # the next start comes later than the clean-up's 60 s grace
                os.utime(f, (time.time() - 3600,) * 2)
            paths.clean_up()
        remaining = len(list(paths.data_dir.glob(".*.tmp")))
    print(f"kills: {args.kills}; corrupt autosaves: {corrupt}; temporary files left by a "
          f"kill: {leftovers}; left after the next start's clean-up: {remaining}")


if __name__ == "__main__":
    main()
