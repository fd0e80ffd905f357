"""Koi-koi or stop (docs/rules/koikoi.md §5), weighed from one seat's view.

A Koi-Koi stop pays the stopper's yaku points times the multiplier; a koi-koi call plays on,
and then one of three things ends the round: this seat raises its yaku and stops for more
(the multiplier may grow: seven points or more double), the opponent makes a yaku first and
stops (doubled when this seat had called, under the default rule), or the hands run out and
nobody scores (the points in hand are lost). The 88 family's threshold rule (sage while a set
is one card away and nobody threatens) ignores the last two, which in Koi-Koi decide most
calls, so this module weighs them:

    stop now   = points now x multiplier now
    play on    = P(I raise first) x my raised points x their multiplier
               - P(they make a yaku first) x their points x their multiplier (I called)
               + P(neither) x what a round without a stop pays (nothing, or the dealer's
                 privilege)

Each chance comes from the cards (``reach``): for every yaku a seat may still make or raise
(the engine's catalogue as ai/sets.py reads it), the chance it takes enough of the missing
cards in its turns left, card by card from where the card is as this seat sees it (on the
field, in its own hand, unseen) and who holds a card of the same month. The opponent moves
first after a call. Only the view is read; the multipliers come from the ruleset itself
(``Ruleset.multiplier`` on a world resampled from the view), so every option of §5 counts.

``weigh`` returns the facts the choice rests on (``Judgement``), so the rule-based player
and the advisor's words (game/play/advice.py) say the same reason.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.actions import SAGE, Action
from game.engine.cards import cards_of
from game.engine.rng import Rng
from game.engine.state import State
from game.engine.view import PlayerView

from .model import Situation, model_of
from .sets import card_sets

# Tuned by reasoning, then checked on the positions of tests/ai/test_koikoi_agents.py and
# with the ladder (python -m ai.ladder --game koikoi): not fitted to an oracle yet.
MARGIN = 0.5  # points: play on only when it is expected to bring this much more
P_HAND_MATCH = 0.85  # a card in a hand with its month on the field: captured when played
P_HAND_LAY = 0.3  # a card in a hand with no match: laid, and taken back later
P_HELD_MATCHER = 0.85  # a field card whose month its seat holds: taken on its turn
P_DRAWN_MATCH = 0.7  # a drawn card (or a field card's drawn matcher) that captures
PER_TURN = 1.2  # cards of one yaku a seat may expect to take in a turn, at most
FIRST_MOVER = 0.6  # the opponent's share of a race both would win (it moves first)


@dataclass(frozen=True)
class Prospect:
    """One yaku a seat may still make (or raise) before the round ends."""

    seat: int
    yaku: str  # the engine's catalogue id
    missing: int  # cards it still needs (1 for a counted yaku made and raised by one)
    chance: float  # of taking them in the seat's turns left
    points: int  # the seat's yaku points if it does


@dataclass(frozen=True)
class Judgement:
    """What the koi-koi decision rests on, for the choice and for its words."""

    call: bool  # True: koi-koi (play on); False: stop
    stop_now: float  # what a stop pays now (points x multiplier)
    play_on: float  # the expected result of a call, same units
    turns: int  # this seat's turns after this one
    opp_turns: int  # the opponent's
    mine: Prospect | None  # this seat's likeliest raise
    threat: Prospect | None  # the opponent's likeliest yaku
    p_mine: float  # chance this seat raises its yaku before the round ends
    p_threat: float  # chance the opponent makes one


def is_koikoi(view: PlayerView) -> bool:
    """Whether this view's decision is Koi-Koi's (the ruleset says so: its
    ``decision_words``), not the 88 family's sage."""
    return getattr(model_of(view).rs, "decision_words", "") == "koikoi"


def _p_none(in_hand: int, unseen: int, good: int) -> float:
    """The chance a hand of ``in_hand`` cards from ``unseen`` holds none of ``good``."""
    p = 1.0
    for i in range(in_hand):
        if unseen - i <= 0:
            break
        p *= max(0.0, (unseen - good - i) / (unseen - i))
    return p


def _at_least(probs: list[float], m: int) -> float:
    """The chance at least ``m`` of independent events with these chances happen."""
    if m <= 0:
        return 1.0
    dist = [1.0] + [0.0] * m  # dist[k]: exactly k so far (the last slot: m or more)
    for p in probs:
        for k in range(m, -1, -1):
            stay = dist[k] * (1 - p) if k < m else dist[k]
            dist[k] = stay + (dist[k - 1] * p if k else 0.0)
    return dist[m]


def card_chance(sit: Situation, seat: int, card: int, turns: int) -> float:
    """The chance ``seat`` captures ``card`` in its ``turns`` left, as this seat sees it:
    from the field with a card of its month (held, or drawn), or, for a card in a hand or
    the pile, played or drawn onto its month on the field."""
    if turns <= 0:
        return 0.0
    view, rel = sit.view, sit.model.rel
    unseen = sit.unseen
    n_unseen = max(1, unseen.bit_count())
    pile = max(1, view.pile_count)
    opp_hand = sum(view.hand_counts[s] for s in sit.opps)
    mine = seat == sit.me
    my_hand = view.hand_mask
    bit = 1 << card
    match_field = bool(view.field_mask & rel[card])
    draw_share = min(1.0, turns / pile)  # of the pile's cards, those this seat draws
    k = (unseen & rel[card]).bit_count()  # unseen cards of its month
    drawn_matcher = 1.0 - (1.0 - k / n_unseen) ** turns
    if view.field_mask & bit:
        if mine:
            if my_hand & rel[card]:
                return P_HELD_MATCHER
            return drawn_matcher * P_DRAWN_MATCH * (view.pile_count / n_unseen)
        held = 1.0 - _p_none(opp_hand, n_unseen, k)
        later = drawn_matcher * P_DRAWN_MATCH * (0.5 if my_hand & rel[card] else 1.0)
        return held * P_HELD_MATCHER + (1.0 - held) * later
    if my_hand & bit:  # in this seat's own hand
        if not mine:
            return 0.05
        return P_HAND_MATCH if match_field else P_HAND_LAY * (turns >= 2)
    if not unseen & bit:
        return 0.0  # in a pile already
    in_pile = view.pile_count / n_unseen
    in_opp = 1.0 - in_pile
    drawn = in_pile * draw_share * P_DRAWN_MATCH
    if mine:
        return drawn + in_opp * 0.1  # the opponent may lay it where this seat takes it
    return drawn + in_opp * (P_HAND_MATCH if match_field else P_HAND_LAY)


def prospects(sit: Situation, seat: int, turns: int) -> list[Prospect]:
    """Each yaku ``seat`` may still make, or raise by one card, with the chance it does
    in its ``turns`` left and the points its pile would then be worth."""
    view, rs = sit.view, sit.model.rs
    piles = view.captured_masks
    pile = piles[seat]
    others = 0
    for s, p in enumerate(piles):
        if s != seat:
            others |= p
    ctx = rs.view_context(view)  # the round's month, the weather
    now = rs.dek_value(pile, ctx)
    out = []
    for cs in card_sets(view.ruleset, view.options, sit.position.get(seat, 0)):
        free = cs.cards & ~pile & ~others
        have = (pile & cs.cards).bit_count()
        if not free or have + free.bit_count() < cs.need:
            continue
        cards = cards_of(free)
        if have >= cs.need:  # made: one more card may raise it (a counted yaku, Sankō)
            gains = [(rs.dek_value(pile | 1 << c, ctx), c) for c in cards]
            best, _ = max(gains)
            if best <= now:
                continue
            raising = [c for v, c in gains if v > now]
            chances = [card_chance(sit, seat, c, turns) for c in raising]
            p = _at_least(chances, 1)
            out.append(Prospect(seat, cs.id, 1, p, best))
            continue
        m = cs.need - have
        if m > 2 * turns:  # two captures a turn at most
            continue
        chances = sorted(((card_chance(sit, seat, c, turns), c) for c in cards), reverse=True)
        # a turn takes a card or two: the chances of many free cards are not independent
        expected = sum(x for x, _ in chances)
        if expected > PER_TURN * turns:
            scale = PER_TURN * turns / expected
            chances = [(x * scale, c) for x, c in chances]
        p = _at_least([x for x, _ in chances], m)
        got = 0
        for _, c in chances[:m]:
            got |= 1 << c
        points = rs.dek_value(pile | got, ctx)
        if points > now and p > 0:
            out.append(Prospect(seat, cs.id, m, p, points))
    return out


def _union(ps: list[Prospect]) -> float:
    miss = 1.0
    for p in ps:
        miss *= 1.0 - p.chance
    return 1.0 - miss


def _expected_points(ps: list[Prospect]) -> float:
    """The points a seat stops with when it stops at its first raise (the opponent after a
    call: its stop is doubled, so it takes the first), given that it raises."""
    total = sum(p.chance for p in ps)
    return sum(p.chance * p.points for p in ps) / total if total else 0.0


def _best_points(ps: list[Prospect]) -> float:
    """The points of the best raise a seat makes, given that it makes one: a caller who
    keeps calling while a bigger yaku is likely ends with the best it reaches."""
    out, none_higher = 0.0, 1.0
    for p in sorted(ps, key=lambda p: -p.points):
        out += p.points * p.chance * none_higher
        none_higher *= 1.0 - p.chance
    reached = 1.0 - none_higher
    return out / reached if reached else 0.0


def _multiplier(world: State | None, seat: int, points: float) -> int:
    """The ruleset's own multiplier of a stop by ``seat`` worth ``points`` in ``world``."""
    fn = getattr(world.rs, "multiplier", None) if world is not None else None
    if fn is None:
        return 1
    try:
        return int(fn(world, seat, round(points)))
    except Exception:  # noqa: BLE001 - a judgement, never a crash at the table
        return 1


def _no_stop(view: PlayerView, sit: Situation) -> float:
    """What a round that runs out without a stop pays this seat (the dealer's privilege)."""
    if view.options.get("exhausted") != "dealer":
        return 0.0
    pts = next((e.value or 0 for e in sit.model.rs.catalogue() if e.id == "oyaken"), 0)
    return float(pts if view.dealer == view.seat else -pts)


def weigh(view: PlayerView, sit: Situation | None = None) -> Judgement:
    """Koi-koi or stop for the seat deciding in ``view`` (its phase "decide")."""
    sit = sit or Situation.of(view)
    me = sit.me
    opp = sit.opps[0] if sit.opps else me
    rs = sit.model.rs
    turns = view.turns_left[me] if me < len(view.turns_left) else 0
    opp_turns = view.turns_left[opp] if opp < len(view.turns_left) else 0
    now_pts = rs.dek_value(view.captured_masks[me], rs.view_context(view))
    try:
        world = State.resample(view, Rng(view.round * 7919 + len(view.log)))
    except Exception:  # noqa: BLE001 - the multiplier then counts as 1
        world = None
    stop_now = float(now_pts * _multiplier(world, me, now_pts))
    called = None
    if world is not None and any(a.verb == SAGE for a in view.legal):
        called = world.clone()
        called.apply(Action(me, SAGE), check=False)
    mine = prospects(sit, me, turns)
    theirs = prospects(sit, opp, opp_turns) if opp != me else []
    p_mine, p_threat = _union(mine), _union(theirs)
    my_points = (_expected_points(mine) + _best_points(mine)) / 2
    their_points = _expected_points(theirs)
    first_them = p_threat * (1.0 - (1.0 - FIRST_MOVER) * p_mine)
    first_me = p_mine * (1.0 - FIRST_MOVER * p_threat)
    neither = max(0.0, 1.0 - first_them - first_me)
    play_on = (first_me * my_points * _multiplier(called, me, my_points)
               - first_them * their_points * _multiplier(called, opp, their_points)
               + neither * _no_stop(view, sit))
    call = turns > 0 and play_on > stop_now + MARGIN
    best = max(mine, key=lambda p: (p.chance * p.points, -p.missing), default=None)
    threat = max(theirs, key=lambda p: (p.chance * p.points, -p.missing), default=None)
    return Judgement(call, stop_now, play_on, turns, opp_turns, best, threat, p_mine,
                     p_threat)


__all__ = ["Judgement", "Prospect", "card_chance", "is_koikoi", "prospects", "weigh"]
