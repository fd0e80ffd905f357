"""Which of two computer players decides better, one decision at a time (a paired oracle).

Whole games measure a level's strength, but most of their noise comes from the cards, not
from the decisions where two players differ: at 3-seat Hachi-Hachi a deal-set's SD is about
60 mon, so an edge of a few mon a round needs thousands of rounds. This script looks only
where the two players part. Rounds are played by ``--cont`` players (Expert unless told);
at each searched decision of the seat to move, both players ``A`` and ``B`` choose from the
seat's view alone (each seeded from the position, so the figure is reproducible). Where they
choose differently, both moves are played on from the true position, ``--reps`` times each
with the same seeds for the continuing players, and the round's net for that seat is
compared. The true cards are read only here, to score a decision after it was made: the
position is one draw from what the deciding seat could not see, so over many positions the
mean difference is the value of B's choices against A's, for a round continued by ``--cont``.

    python benchmarks/ai_oracle.py --ruleset hachi --seats 2 --a master --b expectimax
    python benchmarks/ai_oracle.py [--rounds 30 --seed 2026 --reps 4 --cont expectimax]

Prints: how often the two part, the mean (B − A) net where they part with its 95% interval,
and the same per decision (parted share × mean).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai  # noqa: E402
from ai.arena import parse_options  # noqa: E402
from ai.base import is_searched  # noqa: E402
from game.engine import rulesets  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import State  # noqa: E402


def play_on(st: State, seat: int, cont: str, seed: int) -> int:
    """The round played to its end by ``cont`` players from ``st``: ``seat``'s net."""
    agents = [ai.make_agent(cont, seed * 16 + s) for s in range(st.n)]
    rng = Rng(seed)
    for mover in st.decisions(rng):
        st.apply(agents[mover].choose(st.view(mover)))
    return st.round_returns()[seat]


def measure(ruleset: str, seats: int, rounds: int, seed: int, a: str, b: str, cont: str,
            reps: int, options: dict | None = None) -> dict:
    rs = rulesets.get(ruleset, **(options or {}))
    rng = Rng(seed)
    diffs: list[float] = []
    decisions = 0
    for r in range(rounds):
        st = rs.new_state(seats, r % seats, events=False)
        players = [ai.make_agent(cont, seed * 1000 + r * 10 + s) for s in range(seats)]
        for seat in st.decisions(rng):
            view = st.view(seat)
            if is_searched(view.legal):
                decisions += 1
                pos_seed = rng.next64()
                ca = ai.make_agent(a, pos_seed & 0xFFFFFFFF).choose(view)
                cb = ai.make_agent(b, pos_seed & 0xFFFFFFFF).choose(view)
                if ca != cb:
                    d = 0.0
                    for k in range(reps):
                        for move, sign in ((cb, 1), (ca, -1)):
                            t = st.clone()
                            t.apply(move)
                            d += sign * play_on(t, seat, cont, (pos_seed + k) & 0xFFFFFFFF)
                    diffs.append(d / reps)
            st.apply(players[seat].choose(view))
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n) if n > 1 else math.inf
    share = n / decisions if decisions else 0.0
    return {"decisions": decisions, "parted": n, "mean": mean, "ci": (mean - half, mean + half),
            "per_decision": mean * share, "share": share}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hachihachi", choices=rulesets.names())
    ap.add_argument("--options", default="{}", help="ruleset options, a JSON object")
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--a", default="expectimax", help="the player compared against")
    ap.add_argument("--b", default="master", help="the player measured")
    ap.add_argument("--cont", default="expectimax", help="who plays every other decision")
    ap.add_argument("--reps", type=int, default=4, help="continuations per parted decision")
    args = ap.parse_args(argv)
    try:
        for name in (args.a, args.b, args.cont):
            ai.agent_id(name)
        options = parse_options(args.options)
        if args.rounds < 1 or args.reps < 1:
            raise ValueError("--rounds and --reps must be at least 1")
        t0 = time.perf_counter()
        out = measure(args.ruleset, args.seats, args.rounds, args.seed, args.a, args.b,
                      args.cont, args.reps, options)
    except (ValueError, TypeError) as e:  # a bad option or seat count: what the engine said
        print(f"ai_oracle: {e}", file=sys.stderr)
        return 2
    lo, hi = out["ci"]
    print(f"{args.ruleset}, {args.seats} seats, seed {args.seed}, {args.rounds} rounds played "
          f"by {args.cont}: {out['decisions']} decisions, {args.b} and {args.a} part at "
          f"{out['parted']} ({out['share']:.0%})")
    print(f"  where they part, {args.b} - {args.a}: {out['mean']:+.2f} mon "
          f"(95% interval {lo:+.2f} .. {hi:+.2f}), {args.reps} continuations each")
    print(f"  per decision: {out['per_decision']:+.3f} mon "
          f"({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
