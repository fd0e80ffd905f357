"""The decisions outside play, made by each level according to its strength.

Before play a seat may be asked to swap for the dealer's hand (option ``hand_swap``), the
dealer to declare mizuten, and every seat of a table of more than three to join or drop
(docs/rules/hachihachi.md §4, §5); in play a seat that called sage may cancel (§9). Each
level answers these windows its own way (``WINDOW_LEVEL`` on the agent class):

- ``beginner``: a rule of thumb. Joins with a bright, a teyaku or three cards that match the
  field; never declares mizuten, never swaps; overlooks a threat when it could cancel about
  one time in three (its careless share).
- ``intermediate``: a hand-strength score against a threshold (the rule every level used
  before); never mizuten, never swaps; cancels when an opponent is one card from a yaku.
- ``expert``: calibrated estimates. Joining is worth ``JOIN_WEIGHTS`` · features of the hand
  (a least-squares fit of the master's simulated join value, ``calibrate()``), against the
  drop-out fee read from the engine's preview; mizuten is declared where the simulated gain
  was positive (``MIZUTEN_MIN_OTHERS``); the hand swap is always taken, since holding the
  dealer's hand only adds the ``dealer_hand`` achievement's chance (nobody has looked at any
  hand yet, so the cards themselves are as good either way).
- ``master``: simulation. The engine deals the unseen cards at random consistently with the
  view (``State.resample`` of the window), the seats still to decide follow the intermediate
  rule, the engine plays the rest of the window (fees, pot, compensation) and the round is
  played out greedily; joining and dropping (or mizuten and passing) are compared on the
  same worlds. The budget is a number of worlds and every
  world's seed comes from the agent's own generator, so a decision is reproducible.

Everything reads the view only: the unseen cards are those the view does not place.

Measured (``python -m ai.windows arena --ruleset hachihachi --seats 5 --deals 200 --seed 1
--jobs 1 --test rules@LEVEL --against rules``: the rule-based player with LEVEL's windows
against rule-based players with the intermediate ones, mean mon per round, 95% interval):
expert +0.5 (-4.2 .. +5.3), master +4.1 (-0.7 .. +9.0), beginner -5.7 (-11.5 .. +0.1);
with ``{"hand_swap": true}`` expert +39.5 (+21.1 .. +57.9), master +45.1 (+24.5 .. +65.7);
``--test casual --against casual@intermediate`` -7.8 (-14.0 .. -1.5). With ``--seed 2``:
expert +4.1 (-0.5 .. +8.7), master +3.9 (-1.2 .. +9.0); both seeds pooled (400 deal-sets):
expert +2.3 (-1.0 .. +5.6), master +4.0 (+0.5 .. +7.5). The master's simulation pays at
join/drop; the expert's fitted estimate is not clearly better than the intermediate rule
there, and gains its margin from the hand swap. (These figures were measured when the master
simulated the window with its own copy of the rules; since issue 25 the engine plays it,
which returns the fees when nobody joins, pays the pot to a walkover's seat and pays
forced-out compensation: not measured again.)
"""

from __future__ import annotations

import statistics
from typing import TYPE_CHECKING

from game.engine.actions import DROP, JOIN, MIZUTEN, PASS, SWAP, Action
from game.engine.cards import BRIGHTS, cards_of
from game.engine.deal import dealt_seats
from game.engine.preview import preview
from game.engine.rng import Rng
from game.engine.state import DROPOUT, GREEDY, MIZUTEN_PH, State
from game.engine.view import PlayerView

from .model import Model, Situation, model_of

if TYPE_CHECKING:
    from .rules_agent import RulesAgent

WINDOW_LEVELS = ("beginner", "intermediate", "expert", "master")

# Expert's join estimate: expected net of joining at m = 1 (mon), as weights of
# (1, hand card points, teyaku mon, brights, hand cards that match the field, field points
# they match, seats still to decide after this one). Fitted by ``python -m ai.windows join``
# (calibrate_join: hachihachi, kan 12, 4 to 7 seats, 400 decisions of rule-based games,
# 256 worlds each): the residual SD is 21.5 mon against the target's 40.1 (R^2 about 0.71).
JOIN_WEIGHTS = (-12.982, 0.242, 2.099, 5.106, -0.411, 0.315, -7.969)
# Expert's mizuten: declare when at least this many other seats sit at the table (the
# achievement's 1 kan from each of them against 1 kan to each of the two other players, and
# the dealer's lost chance to drop). ``python -m ai.windows mizuten`` (calibrate_mizuten)
# found the gain negative at every size, in mon at m = 1 (mean, standard error over 60
# deals): 3 seats -6.0 (0.3), 4: -16.2 (0.7), 5: -14.5 (0.9), 6: -10.0 (1.0), 7: -9.9
# (1.1); so 7, more than any table has: the expert never plays blind.
MIZUTEN_MIN_OTHERS = 7
MASTER_WORLDS = 96  # worlds per master decision (each played out once per choice)


# ---------------------------------------------------------------------------- entry


def decide(agent: RulesAgent, view: PlayerView, legal: list[Action]) -> Action:
    """The agent's answer to a window before play (swap, mizuten, join/drop), by its level;
    ``agent.why`` says why in one sentence."""
    level = agent.WINDOW_LEVEL
    if level not in WINDOW_LEVELS:
        raise ValueError(f"unknown window level {level!r} (known: {', '.join(WINDOW_LEVELS)})")
    verbs = {a.verb for a in legal}
    if JOIN in verbs:
        join = next(a for a in legal if a.verb == JOIN)
        drop = next((a for a in legal if a.verb == DROP), None)
        if drop is None:
            agent.why = "I had to join."
            return join
        fn = {"beginner": _join_beginner, "intermediate": _join_intermediate,
              "expert": _join_expert, "master": _join_master}[level]
        joins, agent.why = fn(agent, view)
        return join if joins else drop
    pass_ = next(a for a in legal if a.verb == PASS)
    if SWAP in verbs:
        if level in ("expert", "master"):
            agent.why = ("I swapped for the dealer's hand: nobody has looked yet, so it is "
                         "as good as mine, and only its holder can earn the dealer's hand.")
            return next(a for a in legal if a.verb == SWAP)
        agent.why = "I kept my own hand."
        return pass_
    if MIZUTEN in verbs:
        declare, agent.why = _mizuten(agent, view, level)
        return next(a for a in legal if a.verb == MIZUTEN) if declare else pass_
    agent.why = f"I had to {legal[0].verb}."
    return legal[0]


def wants_cancel(agent: RulesAgent, sit: Situation) -> bool:
    """Cancel a sage (§9) when an opponent is one card from a yaku; the beginner overlooks
    the threat at its careless share (the search levels search cancel in play instead)."""
    if not agent.careful or not agent._threatened(sit):
        return False
    if agent.WINDOW_LEVEL == "beginner":
        careless = getattr(agent, "CARELESS", 0.0)
        if agent.rng.below(100) < careless * 100:
            return False
    return True


# ---------------------------------------------------------------------------- join / drop


def _join_beginner(agent: RulesAgent, view: PlayerView) -> tuple[bool, str]:
    model = model_of(view)
    hand = view.hand_mask
    matches = sum(1 for c in cards_of(hand) if view.field_mask & model.rel[c])
    if hand & BRIGHTS:
        return True, "I joined: I hold a bright."
    if model.rs.claim(hand, 0):
        return True, "I joined: my hand has a teyaku."
    if matches >= 3:
        return True, "I joined: three of my cards match the field."
    return False, "I dropped: no bright, no teyaku and few matches."


def intermediate_strength(model: Model, hand: int, field: int) -> float:
    """The intermediate rule's hand strength: teyaku in kan, brights, field matches."""
    claim = model.rs.claim(hand, 0) if hand else None
    strength = (claim.total / model.unit) if claim else 0.0
    strength += 1.5 * (hand & BRIGHTS).bit_count()
    for c in cards_of(hand):
        if field & model.rel[c]:
            strength += 0.5 + model.values[c] / 20
    return strength


def intermediate_joins(model: Model, hand: int, field: int, multiplier: int) -> bool:
    """The intermediate rule: join when the strength reaches 3 (4 at a multiplier of 2+)."""
    threshold = 3.0 + (1.0 if multiplier >= 2 else 0.0)
    return intermediate_strength(model, hand, field) >= threshold


def _join_intermediate(agent: RulesAgent, view: PlayerView) -> tuple[bool, str]:
    if intermediate_joins(model_of(view), view.hand_mask, view.field_mask, view.multiplier):
        return True, "I joined: my hand can win this round."
    return False, "I dropped: my hand was too weak for this field."


def drop_fee(view: PlayerView) -> int:
    """What dropping costs now (mon, x m), as the engine's preview states it."""
    for p in preview(view):
        if p.action.verb == DROP:
            return p.fee
    return 0


def join_features(model: Model, view: PlayerView, hand: int | None = None) -> tuple[float, ...]:
    """The features of the expert's join estimate (see JOIN_WEIGHTS) for this seat's hand,
    or for ``hand`` (one it has not seen yet, in the mizuten simulation)."""
    hand = view.hand_mask if hand is None else hand
    field = view.field_mask
    claim = model.rs.claim(hand, 0) if hand else None
    matching = [c for c in cards_of(hand) if field & model.rel[c]]
    field_pts = sum(model.points(field & model.rel[c]) for c in matching)
    order = _order(view)
    later = len(order) - order.index(view.seat) - 1
    return (1.0, float(model.points(hand)), float(claim.total if claim else 0),
            float((hand & BRIGHTS).bit_count()), float(len(matching)), float(field_pts),
            float(later))


def join_estimate(view: PlayerView) -> float:
    """The expert's expected net of joining (mon, x m)."""
    x = join_features(model_of(view), view)
    return view.multiplier * sum(w * f for w, f in zip(JOIN_WEIGHTS, x, strict=True))


def _join_expert(agent: RulesAgent, view: PlayerView) -> tuple[bool, str]:
    fee = drop_fee(view)
    est = join_estimate(view)
    if est > -fee:
        return True, (f"I joined: I expected about {est:+.0f} mon from this hand, better "
                      f"than the {fee} mon fee.")
    return False, (f"I dropped: I expected about {est:+.0f} mon from this hand, worse than "
                   f"the {fee} mon fee.")


def _worlds(agent: RulesAgent) -> int:
    """The master's budget: worlds per window decision (an agent may set its own)."""
    return int(getattr(agent, "window_worlds", MASTER_WORLDS))


def _join_master(agent: RulesAgent, view: PlayerView) -> tuple[bool, str]:
    n = _worlds(agent)
    join, drop = simulate_join(view, agent.rng, n)
    if join >= drop:
        return True, (f"I joined: played out {n} ways, joining averaged {join:+.0f} mon "
                      f"against {drop:+.0f} for dropping.")
    return False, (f"I dropped: played out {n} ways, joining averaged {join:+.0f} mon "
                   f"against {drop:+.0f} for dropping.")


# ---------------------------------------------------------------------------- mizuten


def _mizuten(agent: RulesAgent, view: PlayerView, level: str) -> tuple[bool, str]:
    if level in ("beginner", "intermediate"):
        return False, "I kept to the safe choice."
    others = _others_at_table(view)
    if level == "expert":
        if others >= MIZUTEN_MIN_OTHERS:
            return True, (f"I declared mizuten: {others} seats would pay me if my pile "
                          f"reaches the mark, only two if it does not.")
        return False, "I did not declare mizuten: the stake did not pay for playing blind."
    n = _worlds(agent)
    yes, no = simulate_mizuten(view, agent.rng, n)
    if yes > no:
        return True, (f"I declared mizuten: played out {n} ways it averaged {yes:+.0f} mon "
                      f"against {no:+.0f}.")
    return False, (f"I did not declare mizuten: played out {n} ways it averaged "
                   f"{yes:+.0f} mon against {no:+.0f}.")


def _others_at_table(view: PlayerView) -> int:
    return sum(1 for s in range(view.seats) if s != view.seat and s != view.blank)


# ---------------------------------------------------------------------------- simulation


def _order(view: PlayerView) -> list[int]:
    """The seats dealt in, in turn order from the dealer (the drop-out order)."""
    return list(dealt_seats(view.seats, view.dealer, view.blank))


def world(view: PlayerView, seed: int, *, me_joins: bool | None, mizuten: bool) -> State:
    """One sampled world from this seat's view before play, played to the round's end.

    The engine deals the cards the view does not place at random (``State.resample`` of the
    window, ``seed``) and plays the window through ``apply``: this seat declares mizuten as
    ``mizuten`` says and joins as ``me_joins`` says (None: by the expert's estimate on its
    sampled hand); the seats still to decide join or drop by the intermediate rule. Fees,
    the pot, forced-out compensation and a misdeal when nobody joins are the engine's; play
    is then rolled out greedily.
    """
    model = model_of(view)
    st = State.resample(view, Rng(seed))
    me, m = view.seat, view.multiplier
    while st.phase == MIZUTEN_PH or st.phase == DROPOUT:
        seat = st.to_move
        legal = st.legal_actions()
        if st.phase == MIZUTEN_PH:
            verb = MIZUTEN if mizuten else PASS
        elif len(legal) == 1:  # this seat must join
            verb = legal[0].verb
        else:
            hand = st.hands[seat]
            if seat == me and me_joins is not None:
                joins = me_joins
            elif seat == me:
                joins = _expert_joins_hand(model, hand, view, seat)
            else:
                joins = intermediate_joins(model, hand, view.field_mask, m)
            verb = JOIN if joins else DROP
        st.apply(next(a for a in legal if a.verb == verb), check=False)
    st.playout(Rng(seed ^ 0x9E3779B9), GREEDY)
    return st


def play_world(view: PlayerView, seed: int, *, me_joins: bool | None,
               mizuten: bool) -> float:
    """This seat's net in one sampled world (``world``)."""
    return float(world(view, seed, me_joins=me_joins, mizuten=mizuten).round_returns()[view.seat])


def _expert_joins_hand(model: Model, hand: int, view: PlayerView, seat: int) -> bool:
    """The expert's join rule for a hand this seat has not seen yet (mizuten simulation):
    the estimate against a first drop's fee."""
    x = join_features(model, view, hand)
    est = sum(w * f for w, f in zip(JOIN_WEIGHTS, x, strict=True))
    return est > -model.rs.fee(1, _order(view).index(seat))


def _compare(view: PlayerView, rng: Rng, worlds: int, a: dict, b: dict) -> tuple[float, float]:
    """Mean net of the choices ``a`` and ``b`` (``play_world`` keywords) over the same
    ``worlds`` sampled worlds (common random numbers)."""
    ta = tb = 0.0
    for _ in range(worlds):
        seed = rng.next64()
        ta += play_world(view, seed, **a)
        tb += play_world(view, seed, **b)
    return ta / worlds, tb / worlds


def simulate_join(view: PlayerView, rng: Rng, worlds: int) -> tuple[float, float]:
    """Mean net of joining and of dropping over the same ``worlds`` sampled worlds."""
    return _compare(view, rng, worlds, {"me_joins": True, "mizuten": False},
                    {"me_joins": False, "mizuten": False})


def simulate_mizuten(view: PlayerView, rng: Rng, worlds: int) -> tuple[float, float]:
    """Mean net of declaring mizuten and of passing (then joining or dropping by the expert
    estimate on the hand, once seen) over the same sampled worlds."""
    return _compare(view, rng, worlds, {"me_joins": True, "mizuten": True},
                    {"me_joins": None, "mizuten": False})


# ---------------------------------------------------------------------------- calibration


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small normal-equations system)."""
    n = len(b)
    rows = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[piv] = rows[piv], rows[col]
        p = rows[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                f = rows[r][col] / p
                rows[r] = [x - f * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] if abs(rows[i][i]) > 1e-12 else 0.0 for i in range(n)]


def sample_views(ruleset: str, options: dict, seats: int, count: int, seed: int,
                 phase: str) -> list[PlayerView]:
    """Views of real rule-based games at a window (``dropout`` or ``mizuten``) where the
    seat has a choice: the calibration's data."""
    from game.engine import rulesets

    from .rules_agent import RulesAgent

    rs = rulesets.get(ruleset, **options)
    rng = Rng(seed)
    out: list[PlayerView] = []
    while len(out) < count:
        st = rs.new_state(seats, rng.below(seats), events=False)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        agent = RulesAgent(rng.below(1 << 30))
        pick = rng.below(seats)
        while not st.round_over and len(out) < count:
            if st.is_chance():
                st.apply(st.sample_chance(rng))
                continue
            view = st.view(st.to_move)
            if view.phase == "play":
                break
            if view.phase == phase and len(view.legal) > 1 and view.seat % seats == pick:
                out.append(view)
            st.apply(agent.choose(view))
    return out


def calibrate_join(count: int = 400, worlds: int = 256, seed: int = 1) -> dict:
    """Fit the expert's join weights (JOIN_WEIGHTS) by least squares to the master's
    simulated join value at m = 1, over rule-based games at 4 to 7 seats."""
    xs, ys = [], []
    for seats in (4, 5, 6, 7):
        for view in sample_views("hachihachi", {}, seats, count // 4, seed + seats,
                                 "dropout"):
            join, _ = simulate_join(view, Rng(seed), worlds)
            xs.append(join_features(model_of(view), view))
            ys.append(join / view.multiplier)
    k = len(xs[0])
    ata = [[sum(x[i] * x[j] for x in xs) + (1e-3 if i == j else 0.0) for j in range(k)]
           for i in range(k)]
    aty = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    w = _solve(ata, aty)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    resid = statistics.pstdev([y - p for y, p in zip(ys, pred, strict=True)])
    return {"join_weights": [round(x, 3) for x in w], "join_resid_sd": round(resid, 1),
            "join_target_sd": round(statistics.pstdev(ys), 1), "n": len(ys)}


def calibrate_mizuten(count: int = 60, worlds: int = 256, seed: int = 1) -> dict:
    """Mizuten's simulated gain at m = 1 by the number of seats: mean and standard error
    (MIZUTEN_MIN_OTHERS is the fewest other seats where it was clearly positive). Run after
    JOIN_WEIGHTS are set: passing then joins or drops by them."""
    out = {}
    for seats in (3, 4, 5, 6, 7):
        gains = []
        for view in sample_views("hachihachi", {}, seats, count, seed + 10 * seats,
                                 "mizuten"):
            yes, no = simulate_mizuten(view, Rng(seed), worlds)
            gains.append((yes - no) / view.multiplier)
        out[seats] = (round(statistics.fmean(gains), 2),
                      round(statistics.stdev(gains) / len(gains) ** 0.5, 2))
    return out


# ---------------------------------------------------------------------------- measuring


def variant(base: type, level: str) -> type:
    """``base`` answering the windows at ``level`` (the arena's comparison of policies)."""
    if level not in WINDOW_LEVELS:
        raise ValueError(f"unknown window level {level!r}")
    return type(f"{base.__name__}_{level}", (base,), {"WINDOW_LEVEL": level,
                                                     "id": f"{base.id}@{level}"})


def register_variants() -> list[str]:
    """Add ``<agent>@<level>`` ids (e.g. ``rules@master``) to the arena's agents, for this
    process only: a hidden measuring aid, never a level at the table."""
    from . import AGENTS

    added = []
    for name in ("casual", "rules", "expectimax"):
        base = AGENTS[name][0]
        for level in WINDOW_LEVELS:
            key = f"{name}@{level}"
            AGENTS[key] = (variant(base, level), "window-policy variant (measuring only)")
            added.append(key)
    return added


def main(argv: list[str] | None = None) -> int:
    """``join`` / ``mizuten``: the calibrations; ``arena ARGS``: ai.arena with the
    ``<agent>@<level>`` variants, e.g. ``arena --test rules@master --against rules``."""
    import json
    import sys

    args = sys.argv[1:] if argv is None else argv
    what = args[0] if args else "join"
    if what == "arena":
        from . import arena

        register_variants()
        return arena.main(args[1:])
    print(json.dumps(calibrate_join() if what == "join" else calibrate_mizuten()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
