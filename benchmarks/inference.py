"""How well reading the opponents places the hidden cards (issue 30, item 2).

Seeded rounds are played by computer players; at each of seat 0's plays (once an opponent has
played), ``--worlds`` worlds are sampled consistently with seat 0's view (``State.resample``,
as the search does) and weighed by ``ai.inference.Reader`` (the opponents' plays, and their
teyaku claims, which rule some worlds out; ``--no-claims``: the plays alone). For every card
seat 0 cannot place, the figure is the probability the worlds give to where the card truly is
(which opponent's hand, or the pile): uniformly weighted worlds (as Expert samples them)
against inference-weighted ones, the mean over cards and decisions, with the worlds'
effective size. The true state is read here
only to score the guesses, never by a player.

``--pick K,...`` measures the worlds Master actually plays in: each is the pick of K candidate
deals by their weight (``inference.pick_deal``, sampling-importance-resampling), the worlds
then counted alike; K of 1 is uniform sampling among the deals the claims allow, and a larger
K comes nearer the weighted figure.

    python benchmarks/inference.py [--ruleset hachihachi --seats 3 --rounds 40 --seed 2026
                                    --worlds 200 --players rules --beta 0.25,0.5
                                    --pick 3,8 --no-claims]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ai  # noqa: E402
from ai.inference import Reader, effective_size, normalised, pick_deal  # noqa: E402
from ai.model import Situation  # noqa: E402
from game.engine import rulesets  # noqa: E402
from game.engine.positions import Resampler  # noqa: E402
from game.engine.rng import Rng  # noqa: E402
from game.engine.state import State  # noqa: E402


def where(st: State, card: int, seats: list[int]) -> int:
    """The seat whose hand holds ``card``, or -1 for the pile (or anywhere else)."""
    for s in seats:
        if st.hands[s] >> card & 1:
            return s
    return -1


def measure(ruleset: str, seats: int, rounds: int, seed: int, worlds: int, players: str,
            betas: list[float], picks: tuple[int, ...] = (), claims: bool = True) -> dict:
    rs = rulesets.get(ruleset)
    rng = Rng(seed)
    uniform: list[float] = []
    inferred: dict[float, list[float]] = {b: [] for b in betas}
    sizes: dict[float, list[float]] = {b: [] for b in betas}
    picked: dict[int, list[float]] = {k: [] for k in picks}
    decisions = 0
    for r in range(rounds):
        st = rs.new_state(seats, r % seats, events=False)
        agents = [ai.make_agent(players, seed * 1000 + r * 10 + s) for s in range(seats)]
        for seat in st.decisions(rng):
            view = st.view(seat)
            if seat == 0 and view.phase == "play" and any(t.seat != 0 for t in view.turns):
                sit = Situation.of(view)
                hidden = [c for c in range(48) if sit.unseen >> c & 1
                          and not any(k >> c & 1 for k in sit.known_in_hand.values())]
                truth = {c: where(st, c, sit.opps) for c in hidden}
                samples = [State.resample(view, Rng(rng.next64())) for _ in range(worlds)]
                hit = [[1.0 if where(w, c, sit.opps) == truth[c] else 0.0 for w in samples]
                       for c in hidden]
                uniform.append(statistics.fmean(sum(h) / worlds for h in hit))
                for b in betas:
                    reader = Reader(view, sit, beta=b, claims=claims)
                    ws = normalised([reader.log_weight(w.hands) for w in samples])
                    inferred[b].append(statistics.fmean(
                        sum(x * w for x, w in zip(h, ws, strict=True)) for h in hit))
                    sizes[b].append(effective_size(ws))
                if picks:
                    sampler = Resampler(view)
                    reader = Reader(view, sit, beta=betas[0], claims=claims)
                for k in picks:
                    deals = [pick_deal(sampler, reader, Rng(rng.next64()), k)[0]
                             for _ in range(worlds)]
                    picked[k].append(statistics.fmean(
                        sum(1.0 for hands in deals if _holder(hands, c, sit.opps) == truth[c])
                        / worlds for c in hidden))
                decisions += 1
            st.apply(agents[seat].choose(view))
    return {"decisions": decisions, "uniform": statistics.fmean(uniform),
            "inferred": {b: statistics.fmean(v) for b, v in inferred.items()},
            "ess": {b: statistics.median(v) for b, v in sizes.items()},
            "picked": {k: statistics.fmean(v) for k, v in picked.items()}}


def _holder(hands: list[int], card: int, seats: list[int]) -> int:
    """``where`` for a deal's hands alone."""
    for s in seats:
        if hands[s] >> card & 1:
            return s
    return -1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hachihachi")
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--players", default="rules", help="the computer player of every seat")
    ap.add_argument("--beta", default="0.25", help="comma-separated temperatures to compare")
    ap.add_argument("--pick", default="", help="comma-separated K: worlds picked from K "
                    "candidates each, as Master draws them (the first beta's weights)")
    ap.add_argument("--no-claims", action="store_true",
                    help="read the opponents' plays only, not their teyaku claims")
    args = ap.parse_args(argv)
    betas = [float(b) for b in args.beta.split(",")]
    picks = tuple(int(k) for k in args.pick.split(",") if k)
    out = measure(args.ruleset, args.seats, args.rounds, args.seed, args.worlds,
                  args.players, betas, picks, claims=not args.no_claims)
    print(f"{args.ruleset}, {args.seats} seats, players {args.players}, seed {args.seed}: "
          f"{out['decisions']} decisions of seat 0, {args.worlds} worlds each, reading "
          f"{'the plays only' if args.no_claims else 'the plays and the claims'}")
    print(f"  probability given to each hidden card's true place, uniform worlds: "
          f"{out['uniform']:.4f}")
    for b in betas:
        print(f"  inference (beta {b}): {out['inferred'][b]:.4f} "
              f"({out['inferred'][b] / out['uniform'] - 1:+.1%}), "
              f"median effective worlds {out['ess'][b]:.0f} of {args.worlds}")
    for k, p in out["picked"].items():
        print(f"  worlds picked from {k} candidates (beta {betas[0]}): {p:.4f} "
              f"({p / out['uniform'] - 1:+.1%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
