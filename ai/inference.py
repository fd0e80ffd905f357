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

``Reader(view, sit)`` does the per-decision work once (the value of every card against each
past field); ``log_weight(world_hands)`` is then a few additions a turn, cheap enough to weigh
every world a search samples. No pygame, never the true state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.engine.positions import Resampler
from game.engine.rng import Rng
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

    def __init__(self, view: PlayerView, sit: Situation, beta: float = BETA) -> None:
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

    def __bool__(self) -> bool:
        return bool(self.turns)

    def log_weight(self, hands: list[int] | tuple[int, ...]) -> float:
        """log P(the opponents' observed plays | these hands now), up to a constant."""
        total = self.played
        log = math.log
        for t in self.turns:
            h = hands[t.seat] | t.later
            c0, c1, c2, c3, c4, c5 = t.chunks
            total -= log(c0[h & 255] + c1[h >> 8 & 255] + c2[h >> 16 & 255]
                         + c3[h >> 24 & 255] + c4[h >> 32 & 255] + c5[h >> 40 & 255])
        return total


def pick_deal(sampler: Resampler, reader: Reader, rng: Rng, k: int,
              draw: int | None = None) -> tuple[list[int], list[int]]:
    """One world's hands and pile: one of ``k`` candidate deals (the same next draw),
    picked in proportion to how likely each makes the opponents' plays
    (sampling-importance-resampling: as ``k`` grows, the worlds follow the reader's
    posterior; with ``k`` of 1, every consistent deal alike)."""
    candidates = [sampler.deal(Rng(rng.next64()), draw) for _ in range(k)]
    weights = normalised([reader.log_weight(hands) for hands, _ in candidates])
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
    ws = [math.exp(x - top) for x in log_weights]
    s = sum(ws)
    return [w / s for w in ws]


def effective_size(weights: list[float]) -> float:
    """Kish's effective sample size of normalised weights (how many equal worlds they are
    worth)."""
    sq = sum(w * w for w in weights)
    return 1.0 / sq if sq else 0.0


__all__ = ["BETA", "Reader", "effective_size", "normalised", "pick_deal"]
