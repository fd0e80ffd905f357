"""Decision duel: whose single decision is better, everything else equal?

The arena plays whole rounds, so one big yaku payment swamps a small difference in skill (a
Hachi-Hachi deal-set's SD is about 60 mon). The duel measures decisions instead. Rounds are
dealt from a seed and played by the baseline (``--against``) in every seat; at each decision
of one seat (rotating with the round) with more than one legal action, the tested agent and
the baseline are both asked, each from that seat's view only. If they agree the decision
scores 0. If not, the duel (which alone sees the true state) clones the state twice, applies
the tested agent's action in one and the baseline's in the other, and plays both to the end of
the round with fresh baseline agents in every seat: the same agent seeds and the same chance
generator in both branches, ``--k`` times with other seeds. The decision's value is the
tested seat's mean net after its own action minus that after the baseline's. The original
round then goes on with the baseline's action, so every position comes from baseline play.

Prints the positions, the agreement rate, the mean difference per decision and per round (the
sum of a round's differences) with a 95% interval over rounds (a round's decisions are
correlated), the same with each difference divided by the round's multiplier (the doubled and
quadrupled fields weigh no more than an ordinary one: less variance, the same sign of skill),
and the seconds. ``--test`` and ``--against`` take an AI id with optional keyword
arguments for its class, e.g. ``master:playouts=800,w_rollout=1``.

    python -m ai.duel --ruleset hachihachi --test master --against expectimax --rounds 200

Measured (3-seat hachihachi, seed 2026): ``--test expectimax --against rules`` 150 rounds, k=2:
agreement 0.56, +45.0 mon a round (95% interval +1.6 .. +88.5), at multiplier 1 +23.5
(+5.2 .. +41.8), 115 s. ``--test rules --against expectimax`` 60 rounds, k=1: agreement 0.59,
+11.6 (-22.2 .. +45.4), at multiplier 1 +0.05 (-18.5 .. +18.6), 203 s: Expert's decisions
show as better in Intermediate's rounds, Intermediate's do not show as worse in Expert's.
The catch: one different card often flips a yaku race, so a disagreement's value is a swing
of tens to hundreds of mon and a round's SD is 170 to 270 mon (60 to 110 at multiplier 1),
against the arena's 60 per deal-set of three rounds: per CPU second this duel is no more
precise than the arena. Its use is pairing: every variant of a tested agent meets the same
positions (the baseline plays the rounds), and the agreement rate says how often it differs;
``per_round`` in the JSON lets two variants' runs be subtracted round by round (same seed),
which cancels what they decide alike (paired SD 26 to 107 mon against 170 unpaired).

Master against Expert (``--against expectimax``, 100 rounds, k=1, seed 2026), mon a round
(at multiplier 1): default (1600 playouts, w_rollout 0.5) -11.3 (-45.4 .. +22.9; -4.0);
w_rollout 0 -16.6 (-51.9 .. +18.7; -8.0); 1.0 -7.6 (-42.3 .. +27.1; -0.9); 2.0 -9.9
(-44.4 .. +24.6; -3.2); 800 playouts -7.1 (-41.5 .. +27.3; -3.3); 3200 +4.5 (-28.2 .. +37.2;
+2.2). Agreement 0.78 to 0.81. No variant shows an edge over Expert's decisions.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass

from game.engine import rulesets
from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import State

from . import AGENTS, make_agent
from .arena import mean_ci
from .base import Agent


@dataclass
class RoundDuel:
    positions: int  # decisions of the dueling seat with more than one legal action
    agreed: int
    diffs: list[float]  # one per disagreement: mean net after tested minus after baseline
    total: float  # sum of the round's differences (agreements count 0)
    total_x1: float  # the same, each difference divided by the round's multiplier


def _value(text: str) -> int | float | bool | str:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def parse_spec(spec: str) -> tuple[str, dict]:
    """``"master:playouts=800,w_rollout=1"`` -> ("master", {"playouts": 800, "w_rollout": 1});
    ValueError on an unknown id or a malformed argument."""
    name, _, params = spec.partition(":")
    kwargs: dict = {}
    for item in filter(None, params.split(",")):
        key, eq, val = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bad agent argument {item!r} in {spec!r} (want key=value)")
        kwargs[key.strip()] = _value(val.strip())
    make_agent(name, 0)  # unknown ids fail here with the list of known ones
    if kwargs:
        build(spec, 0)  # and unknown keywords here
    return name, kwargs


def build(spec: str, seed: int) -> Agent:
    """A new agent from a spec (see ``parse_spec``)."""
    name, _, params = spec.partition(":")
    if not params:
        return make_agent(name, seed)
    kwargs = {k.strip(): _value(v.strip()) for k, _, v in
              (p.partition("=") for p in params.split(",") if p)}
    cls = AGENTS[name][0]
    try:
        return cls(seed, **kwargs)
    except TypeError as e:
        raise ValueError(f"{spec!r}: {e}") from None


def _finish(st: State, action: Action, against: str, seat: int, seed: int) -> int:
    """The seat's net for the round after ``action``, every seat then played by fresh
    baseline agents seeded from ``seed`` and chance drawn from ``Rng(seed)``."""
    br = st.clone()
    br.apply(action)
    agents = [build(against, seed * 31 + s) for s in range(br.n)]
    chance = Rng(seed)
    while not br.round_over:
        if br.is_chance():
            br.apply(br.sample_chance(chance))
            continue
        s = br.to_move
        br.apply(agents[s].choose(br.view(s)))
    return br.results[-1].net[seat]


def duel_round(ruleset: str, options: dict, seats: int, test: str, against: str, seed: int,
               index: int, k: int = 2) -> RoundDuel:
    """One round dealt from (seed, index), the dueling seat ``index % seats``."""
    rs = rulesets.get(ruleset, **options)
    base = seed * 1_000_003 + index
    seat = index % seats
    agents = [build(against, base * 31 + s) for s in range(seats)]
    tested = build(test, base * 31 + seat)  # the seed of the baseline it stands beside
    st = rs.new_state(seats, 0, events=False)
    positions = agreed = 0
    diffs: list[float] = []
    total_x1 = 0.0
    for step, s in enumerate(st.decisions(Rng(base))):
        view = st.view(s)
        b = agents[s].choose(view)
        if s == seat:
            t = tested.choose(view)  # asked at every turn, so twins stay in step
            if len(view.legal) > 1:
                positions += 1
                if t == b:
                    agreed += 1
                else:
                    total = 0
                    for j in range(k):
                        bseed = (base * 257 + step) * 16 + j
                        total += (_finish(st, t, against, seat, bseed)
                                  - _finish(st, b, against, seat, bseed))
                    diffs.append(total / k)
                    total_x1 += total / k / max(1, view.multiplier)
        st.apply(b)
    return RoundDuel(positions, agreed, diffs, sum(diffs), total_x1)


def _job(args: tuple) -> RoundDuel:
    return duel_round(*args)


def run(ruleset: str, test: str, against: str, rounds: int, seed: int, seats: int = 3,
        options: dict | None = None, k: int = 2, jobs: int = 1) -> dict:
    options = options or {}
    rs = rulesets.get(ruleset, **options)  # fail early on a bad ruleset or option
    if not rs.min_seats <= seats <= rs.max_seats:
        raise ValueError(f"{ruleset} seats {rs.min_seats}..{rs.max_seats}, not {seats}")
    if rounds < 1:
        raise ValueError("--rounds must be at least 1")
    if k < 1:
        raise ValueError("--k must be at least 1")
    parse_spec(test)
    parse_spec(against)
    tasks = [(ruleset, options, seats, test, against, seed, i, k) for i in range(rounds)]
    start = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, tasks, chunksize=1)
    else:
        results = [_job(t) for t in tasks]
    elapsed = time.perf_counter() - start
    positions = sum(r.positions for r in results)
    agreed = sum(r.agreed for r in results)
    diffs = [d for r in results for d in r.diffs]
    mean, ci = mean_ci([r.total for r in results])
    mean1, ci1 = mean_ci([r.total_x1 for r in results])
    return {"ruleset": ruleset, "options": options, "seats": seats, "test": test,
            "against": against, "rounds": rounds, "seed": seed, "k": k,
            "positions": positions, "agreed": agreed,
            "agreement": round(agreed / positions, 4) if positions else None,
            "mean_per_decision": round(sum(diffs) / positions, 3) if positions else 0.0,
            "mean_per_disagreement": round(statistics.fmean(diffs), 3) if diffs else 0.0,
            "mean_per_round": round(mean, 3),
            "mean_per_round_ci": [round(ci[0], 3), round(ci[1], 3)],
            "mean_per_round_x1": round(mean1, 3),
            "mean_per_round_x1_ci": [round(ci1[0], 3), round(ci1[1], 3)],
            "per_round": [round(r.total, 3) for r in results],  # to pair two variants
            "seconds": round(elapsed, 1)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ai.duel", description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hachihachi", choices=rulesets.names())
    ap.add_argument("--options", default="{}", help="ruleset options as a JSON object")
    ap.add_argument("--seats", type=int, default=3)
    ap.add_argument("--test", required=True,
                    help=f"AI id ({', '.join(AGENTS)}), optionally id:key=value,...")
    ap.add_argument("--against", default="expectimax",
                    help="the baseline: plays every seat and every continuation")
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--k", type=int, default=2, help="continuations per branch")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    try:
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        out = run(args.ruleset, args.test, args.against, args.rounds, args.seed, args.seats,
                  options, args.k, args.jobs)
    except (ValueError, json.JSONDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(out))
        return 0
    lo, hi = out["mean_per_round_ci"]
    agree = "n/a" if out["agreement"] is None else f"{out['agreement']:.3f}"
    print(f"{out['test']} vs {out['against']} on {out['ruleset']} ({out['seats']} seats), "
          f"{out['rounds']} rounds, k={out['k']}:")
    print(f"  positions: {out['positions']}, agreement {agree}")
    print(f"  mean difference per decision: {out['mean_per_decision']:+.3f} mon "
          f"(per disagreement {out['mean_per_disagreement']:+.2f})")
    print(f"  mean difference per round: {out['mean_per_round']:+.3f} mon "
          f"(95% interval {lo:+.3f} .. {hi:+.3f})")
    lo1, hi1 = out["mean_per_round_x1_ci"]
    print(f"  the same at multiplier 1: {out['mean_per_round_x1']:+.3f} mon "
          f"(95% interval {lo1:+.3f} .. {hi1:+.3f})")
    print(f"  {out['seconds']} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
