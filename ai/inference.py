"""Reading the opponents (issue 30, item 2): how likely a world's hidden hands make what each
opponent was seen to play.

A world (``State.resample``: the other hands and the pile dealt at random, consistently with
the view) says what each opponent held at each of its past turns: the cards in its hand now,
plus the cards it played from that turn on. Under a model of the opponent (it plays each card
with a probability that grows with what the card takes: ``exp(beta * value)``, a softmax over
its hand at that turn), the world's weight is the product over the opponents' turns of the
probability of the card they did play. A card an opponent did not take when it could have
lowers the weight of the worlds where it held the card that takes it; a world where it had
nothing better raises it. Every value comes from the view's public history (``view.turns``,
game/engine/history.py): the field each opponent faced, the card it chose.

The teyaku say more, and with certainty: the engine claims every teyaku of every dealt hand
before play (docs/rules/hachihachi.md §6.4), so an opponent without a claim was dealt a hand
with none, and one with a claim was dealt a hand that claims exactly that. A world whose
dealt hand (the hand now plus the cards played since) would claim otherwise cannot be the
true one: its weight is zero (``Claims.allow``). At a table of 88, about one dealt hand in four
claims, so a uniform world is often one the claims rule out.

``Reader(view, sit)`` does the per-decision work once (the value of every card against each
past field); ``log_weight(world_hands)`` is then a few additions a turn, cheap enough to weigh
every world a search samples. No pygame, never the true state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

from game.engine.cards import BITS
from game.engine.positions import POSITION_PHASES, Resampler
from game.engine.rng import Rng
from game.engine.rulesets.base import Ruleset
from game.engine.view import PlayerView

from .model import Situation, rollout_weights

BETA = 0.25  # per unit of card value: a card worth 4 more is e times likelier (chosen on a
# development seed, 7, with benchmarks/inference.py between 0.05 and 2: stronger reading
# places the cards better but leaves fewer effective worlds; ai/master.py has the figures)
GIVE = 0.3  # a card left on the field counts as this share of its value given away


@dataclass(frozen=True)
class _Turn:
    seat: int
    later: int  # mask of the cards this seat played from this turn on (itself included)
    # the sum of exp(beta * value) over any set of cards, six bytes of the card mask at a
    # time: chunks[j][b] sums the cards 8j..8j+7 whose bits are set in b
    chunks: tuple[tuple[float, ...], ...]


def _byte_sums(exp: list[float]) -> tuple[tuple[float, ...], ...]:
    out = []
    for j in range(6):
        table = [0.0] * 256
        for b in range(1, 256):
            low = b & -b
            table[b] = table[b ^ low] + exp[8 * j + low.bit_length() - 1]
        out.append(tuple(table))
    return tuple(out)


class Reader:
    """The opponents' past plays, ready to weigh worlds."""

    def __init__(self, view: PlayerView, sit: Situation, beta: float = BETA, *,
                 claims: bool = True) -> None:
        """``claims``: read the opponents' teyaku claims too (``self.claims``)."""
        self.beta = beta
        model = sit.model
        wts = rollout_weights(sit, 0.5)
        opps = set(sit.opps)
        turns = [t for t in view.turns if t.seat in opps]
        later: dict[int, int] = {}
        built: list[_Turn] = []
        played = 0.0  # the sum of log exp(beta * value) of the cards played: every world's
        for t in reversed(turns):
            later[t.seat] = later.get(t.seat, 0) | (1 << t.played)
            values = []
            for c in range(48):
                _field, got = model.arrive(t.field_before, c)
                v = sum(wts[x] for x in range(48) if got >> x & 1) if got else -GIVE * wts[c]
                values.append(math.exp(beta * v))
            played += math.log(values[t.played])
            built.append(_Turn(t.seat, later[t.seat], _byte_sums(values)))
        self.turns = tuple(reversed(built))
        self.played = played
        self.claims = Claims.of(view, sit) if claims else Claims.NONE

    def __bool__(self) -> bool:
        return bool(self.turns or self.claims)

    def log_weight(self, hands: list[int] | tuple[int, ...]) -> float:
        """log P(the opponents' observed plays and claims | these hands now), up to a
        constant: -inf for a world the claims rule out."""
        if self.claims and not self.claims.allow(hands):
            return -math.inf
        total = self.played
        log = math.log
        for t in self.turns:
            h = hands[t.seat] | t.later
            c0, c1, c2, c3, c4, c5 = t.chunks
            total -= log(c0[h & 255] + c1[h >> 8 & 255] + c2[h >> 16 & 255]
                         + c3[h >> 24 & 255] + c4[h >> 32 & 255] + c5[h >> 40 & 255])
        return total


class Claims:
    """What the opponents' teyaku claims say of their dealt hands: a seat without a claim
    was dealt no teyaku, one with a claim exactly that one (the engine claims for every
    dealt hand before play). Falsy when there is nothing to check (no opponent, or a
    ruleset without teyaku: Hachi, the curriculum's tiers 1 to 4). ``Claims.of(view, sit)``
    reads them from a view."""

    NONE: Claims  # nothing to check (set below)

    def __init__(self, checks: tuple[tuple, ...] = ()) -> None:
        # (seat, the cards it played this round, its claim function, the items it claimed
        # or None) for each opponent
        self.checks = checks
        self.seats = tuple(c[0] for c in checks)
        self._check = {c[0]: c[1:] for c in checks}
        self._memo: dict[int, dict[int, bool]] = {c[0]: {} for c in checks}
        self._orders: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._completions: dict[tuple[int, Resampler], tuple[int, ...]] = {}

    @classmethod
    def of(cls, view: PlayerView, sit: Situation) -> Claims:
        return cls(_claim_checks(view, sit))

    def __bool__(self) -> bool:
        return bool(self.checks)

    def allow(self, hands: list[int] | tuple[int, ...]) -> bool:
        """Whether every opponent's dealt hand (its hand in ``hands`` and the cards it
        played since) claims what it was seen to claim."""
        return all(self.fits(seat, hands[seat]) for seat in self.seats)

    def wants(self, seat: int) -> dict | None:
        """What ``seat`` claimed (None: nothing, or not checked)."""
        check = self._check.get(seat)
        return check[2] if check else None

    def claimed_first(self, seats: list[int]) -> tuple[int, ...]:
        """``seats`` with those that claimed something first (the most constrained hands,
        dealt first by ``claimed_deal``)."""
        key = tuple(seats)
        order = self._orders.get(key)
        if order is None:
            order = self._orders[key] = tuple(sorted(seats, key=lambda s: (
                self.wants(s) is None, s)))
        return order

    def completions(self, seat: int, sampler: Resampler) -> tuple[int, ...] | None:
        """Every set of ``seat``'s hidden cards (drawn from ``sampler.pool``, with the cards
        it showed) that fits its claim, as masks; listed once and remembered. None for a
        seat not checked or one that claimed nothing (most hands fit: drawing is cheaper)."""
        if self.wants(seat) is None:
            return None
        key = (seat, sampler)  # one sampler, one pool: a Resampler's key is itself
        got = self._completions.get(key)
        if got is None:
            known = sampler.known[seat]
            got = self._completions[key] = tuple(
                m for m in (sum(map(BITS.__getitem__, c))
                            for c in combinations(sampler.pool, sampler.need[seat]))
                if self.fits(seat, known | m))
        return got

    def fits(self, seat: int, hand: int) -> bool:
        """Whether ``seat`` holding ``hand`` now (with the cards it played since) was dealt
        what it claimed (True for a seat not checked). Remembered per hand: a search asks
        about the same hands again and again."""
        memo = self._memo.get(seat)
        if memo is None:
            return True
        ok = memo.get(hand)
        if ok is None:
            played, claim_of, want = self._check[seat]
            got = claim_of(hand | played)
            ok = memo[hand] = (got.items if got is not None else None) == want
        return ok


Claims.NONE = Claims()


def _claim_checks(view: PlayerView, sit: Situation) -> tuple[tuple, ...]:
    """``Claims.checks`` of this view."""
    if view.phase not in POSITION_PHASES:
        return ()  # a window before play: nothing is claimed yet
    rs = sit.model.rs
    table = rs.teyaku_table
    if type(rs).claim is Ruleset.claim and (table is None or not table.values):
        return ()  # no teyaku: every hand claims nothing
    played: dict[int, int] = {}
    for t in view.turns:
        played[t.seat] = played.get(t.seat, 0) | 1 << t.played
    shaped = rs.claim_shaped
    checks = []
    for s in sit.opps:
        if view.hand_counts[s] + played.get(s, 0).bit_count() != rs.hand_size:
            continue  # a position set up mid-round, without its turns: no dealt hand to read
        c = view.claims.get(s)
        want = dict(c.items) if c is not None else None
        if shaped is None:
            pos = sit.position[s]

            def claim_of(hand: int, pos: int = pos):  # noqa: ANN202
                return rs.claim(hand, pos)
        else:
            claim_of = shaped
        checks.append((s, played.get(s, 0), claim_of, want))
    return tuple(checks)


# candidate deals drawn at most per pick, when the claims rule most of them out
MAX_DRAWS = 64
# draws of one seat's hidden cards at most, in a deal made a seat at a time (claimed_deal)
MAX_SEAT_DRAWS = 64
# a claimed seat with at most this many hidden cards has every hand that fits its claim
# listed once a decision (Claims.completions: at most C(26, 3) = 2,600 hands checked), so a
# rare claim (one hand in twenty fits) is met at once instead of by chance
ENUM_NEED = 3


def _deals(sampler: Resampler, rng: Rng, draw: int | None, claims: Claims = Claims.NONE):
    """Candidate deals (the same next draw), at most MAX_DRAWS of them: uniform, or with
    ``claims``, each dealt a seat at a time inside its claim (``claimed_deal``)."""
    for _ in range(MAX_DRAWS):
        if claims:
            yield claimed_deal(sampler, claims, Rng(rng.next64()), draw)
        else:
            yield sampler.deal(Rng(rng.next64()), draw)


def claimed_deal(sampler: Resampler, claims: Claims, rng: Rng,
                 draw: int | None = None) -> tuple[list[int], list[int]]:
    """A world's hands and pile in which every opponent's hand agrees with its claim, dealt
    a seat at a time: each seat's hidden cards are drawn from what is left until its dealt
    hand claims what it claimed (up to MAX_SEAT_DRAWS; past that the last draw stands), the
    claimed seats first, and the pile is the rest, shuffled, with ``draw`` on top.

    A claimed seat with few hidden cards draws among every hand that fits its claim, listed
    once (``Claims.completions``): a rare claim fits one hand in twenty or fewer.

    Why not draw whole deals until one passes: a rare claim rules out nearly every deal
    (one in forty on a tested view), so a bounded number of draws often ends on a deal the
    claims rule out, and Master draws thousands of worlds a decision. The price: a deal made
    a seat at a time is not exactly uniform over the deals the claims allow (a later seat's
    hand is drawn from what the earlier seats left); each hidden card's chance of each hand
    stays within the sampling noise of the exact one (tests/ai/test_inference.py)."""
    view = sampler.view
    rest = sampler.pool[:]
    if draw is not None and draw in rest:
        rest.remove(draw)
    else:
        draw = None
    rng.shuffle(rest)
    n = len(rest)
    hands = [0] * view.seats
    hands[view.seat] = view.hand_mask
    i = 0
    taken = 1 << draw if draw is not None else 0  # the cards dealt so far
    redrawn = False
    for s in claims.claimed_first(sampler.opps):
        need = sampler.need[s]
        known = sampler.known[s]
        hidden = sum(map(BITS.__getitem__, rest[i:i + need]))
        if not claims.fits(s, known | hidden):
            few = claims.completions(s, sampler) if need <= ENUM_NEED else None
            chosen = _free(few, taken, rng) if few else None
            if chosen is not None:  # one of the few that fit, alike: bring them forward
                p = i
                for j in range(i, n):
                    if chosen >> rest[j] & 1:
                        rest[p], rest[j] = rest[j], rest[p]
                        p += 1
                hidden = chosen
            elif few is None:  # many hands: draw again from what is left until one fits
                for _ in range(MAX_SEAT_DRAWS - 1):
                    for j in range(i, i + need):  # a partial Fisher-Yates
                        k = j + rng.below(n - j)
                        rest[j], rest[k] = rest[k], rest[j]
                    hidden = sum(map(BITS.__getitem__, rest[i:i + need]))
                    if claims.fits(s, known | hidden):
                        break
            redrawn = True
        hands[s] = known | hidden
        taken |= hidden
        i += need
    pile = rest[i:]
    if redrawn:  # the redraws left what is left in an order of their own
        rng.shuffle(pile)
    if draw is not None:
        pile.insert(0, draw)
    return hands, pile


def _free(masks: tuple[int, ...], taken: int, rng: Rng) -> int | None:
    """One of ``masks`` that shares no card with ``taken``, each such alike (None: none)."""
    for _ in range(8):  # usually the first: the claimed seats are dealt first
        m = masks[rng.below(len(masks))]
        if not m & taken:
            return m
    free = [m for m in masks if not m & taken]
    return free[rng.below(len(free))] if free else None


def pick_deal(sampler: Resampler, reader: Reader, rng: Rng, k: int,
              draw: int | None = None) -> tuple[list[int], list[int]]:
    """One world's hands and pile: one of ``k`` candidate deals (the same next draw) that
    the opponents' claims allow, picked in proportion to how likely each makes the
    opponents' plays (sampling-importance-resampling: as ``k`` grows, the worlds follow the
    reader's posterior). With claims to read, each candidate is dealt inside them a seat at
    a time (``claimed_deal``); one that still breaks them (a claim no draw met, or a next
    draw that contradicts it) is drawn again, up to MAX_DRAWS in all, and past that the
    last deal stands."""
    candidates: list[tuple[list[int], list[int]]] = []
    logs: list[float] = []
    for deal in _deals(sampler, rng, draw, reader.claims):
        w = reader.log_weight(deal[0])
        if w != -math.inf:
            candidates.append(deal)
            logs.append(w)
            if len(candidates) == k:
                break
    if not candidates:  # nothing the claims allow in MAX_DRAWS: the last deal, as uniform
        return deal
    weights = normalised(logs)
    x = rng.below(1 << 30) / (1 << 30)
    for w, deal in zip(weights, candidates, strict=True):
        x -= w
        if x < 0:
            return deal
    return candidates[-1]


def normalised(log_weights: list[float]) -> list[float]:
    """Weights summing to 1 (self-normalised importance weights)."""
    if not log_weights:
        return []
    top = max(log_weights)
    if top == -math.inf:  # every world ruled out: none is better than another
        return [1.0 / len(log_weights)] * len(log_weights)
    ws = [math.exp(x - top) for x in log_weights]
    s = sum(ws)
    return [w / s for w in ws]


def effective_size(weights: list[float]) -> float:
    """Kish's effective sample size of normalised weights (how many equal worlds they are
    worth)."""
    sq = sum(w * w for w in weights)
    return 1.0 / sq if sq else 0.0


__all__ = ["BETA", "Claims", "Reader", "claimed_deal", "effective_size", "normalised",
           "pick_deal"]
