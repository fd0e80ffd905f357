"""How often two AIs choose the same move, against how often each repeats its own choice.

Where two searchers disagree only as often as one of them disagrees with itself under another
seed, they differ only on close calls, and the stronger one's edge can be no more than what
those calls are worth. The positions are those of rounds played by the first AI in every seat;
at each searched decision (two or more plays, takes, sage / shoubu / cancel) both AIs are
asked again with fresh seeds:

    python benchmarks/ai_agreement.py --ruleset curriculum --options '{"tier": 1}'
    python benchmarks/ai_agreement.py --ruleset hachihachi --seats 2 --rounds 15

Prints the decisions counted and three shares: A~A (the first AI against itself), B~B (the
second against itself) and A~B (the move played against the second AI's choice).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import AGENTS, make_agent  # noqa: E402
from ai.arena import parse_options  # noqa: E402
from ai.base import is_searched  # noqa: E402
from game.engine import rulesets  # noqa: E402
from game.engine.rng import Rng  # noqa: E402


def agreement(first: str, second: str, ruleset: str, options: dict, seats: int,
              rounds: int) -> tuple[int, dict[str, float]]:
    """(decisions, {"A~A": share, "B~B": share, "A~B": share}) over `rounds` rounds."""
    rs = rulesets.get(ruleset, **options)
    same = {"A~A": 0, "B~B": 0, "A~B": 0}
    n = 0
    for r in range(rounds):
        st = rs.new_state(seats, 0, events=False)
        rng = Rng(77 + r)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        agents = [make_agent(first, 1000 + r * 10 + s) for s in range(seats)]
        k = 0
        while not st.round_over:
            if st.is_chance():
                st.apply(st.sample_chance(rng))
                continue
            view = st.view(st.to_move)
            played = agents[st.to_move].choose(view)
            if is_searched(view.legal):
                k += 1
                a2 = make_agent(first, 555 + r * 100 + k).choose(view)
                b1 = make_agent(second, 777 + r * 100 + k).choose(view)
                b2 = make_agent(second, 999 + r * 100 + k).choose(view)
                n += 1
                same["A~A"] += played == a2
                same["B~B"] += b1 == b2
                same["A~B"] += played == b1
            st.apply(played)
    return n, {key: round(v / n, 3) if n else 0.0 for key, v in same.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", default="expectimax", help=f"AI id ({', '.join(AGENTS)})")
    ap.add_argument("--second", default="master", help="AI id")
    ap.add_argument("--ruleset", default="hachihachi", choices=rulesets.names())
    ap.add_argument("--options", default="{}", help="ruleset options as a JSON object")
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=15)
    args = ap.parse_args(argv)
    try:
        options = parse_options(args.options)
        if args.rounds < 1:
            raise ValueError("--rounds must be at least 1")
        n, shares = agreement(args.first, args.second, args.ruleset, options, args.seats,
                              args.rounds)
    except ValueError as e:
        print(f"ai_agreement: {e}", file=sys.stderr)
        return 2
    print(f"{args.ruleset} {json.dumps(options)} {args.seats} seats: {n} decisions; "
          + ", ".join(f"{k} {100 * v:.1f}%" for k, v in shares.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
