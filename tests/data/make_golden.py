"""Regenerate the golden records: python tests/data/make_golden.py

Each record is a game between computer players, stored with the results the engine gave when
it was made; the test replays it and compares. Regenerate only on purpose (a rules change),
and say why in the commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.engine import record as records  # noqa: E402
from game.simulate import simulate  # noqa: E402

HERE = Path(__file__).resolve().parent
GAMES = [
    ("hachihachi", {}, 3, ["rules", "casual", "greedy"], 3),
    ("hachihachi", {"hand_swap": True, "hatto_liability": True, "bdb": True}, 6,
     ["rules"], 4),
    ("hachihachi", {"compulsory_three": False, "kan": 10}, 7, ["casual"], 3),
    ("hachihachi-nintendo", {}, 4, ["rules"], 3),
    ("nuki-hachihachi", {"dropout_fees": True}, 3, ["rules"], 3),
    ("hachi", {"match_end": "rounds", "rounds": 3}, 2, ["rules", "greedy"], 3),
    ("sudaoshi", {"teyaku": "1921"}, 3, ["rules"], 3),
    ("curriculum", {"tier": 4}, 3, ["rules"], 3),
]


def main() -> None:
    for i, (name, options, seats, agents, rounds) in enumerate(GAMES):
        rec = simulate(name, options, seats, agents, 1000 + i, rounds)
        rep = records.replay(rec)
        data = rec.to_json()
        data["expected"] = {"rounds": [r.as_json() for r in rep.results],
                            "totals": list(rep.state.totals)}
        path = HERE / f"golden_{i:02d}_{name}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(path.name, len(rep.results), "rounds")


if __name__ == "__main__":
    main()
