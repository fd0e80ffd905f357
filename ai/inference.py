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

from game.engine.view import PlayerView

from .model import Situation, rollout_weights

BETA = 0.25  # per unit of card value: a card worth 4 more is e times likelier (chosen on a
# development seed, 7, with benchmarks/inference.py between 0.05 and 2: stronger reading
# places the cards better but leaves fewer effective worlds; ai/master.py has the figures)
GIVE = 0.3  # a card left on the field counts as this share of its value given away


@dataclass(frozen=True)
class _Turn:
    seat: int
    played: int
    later: int  # mask of the cards this seat played from this turn on (itself included)
    exp: tuple[float, ...]  # exp(beta * value) of each card against the field then


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
        for t in reversed(turns):
            later[t.seat] = later.get(t.seat, 0) | (1 << t.played)
            values = []
            for c in range(48):
                _field, got = model.arrive(t.field_before, c)
                v = sum(wts[x] for x in range(48) if got >> x & 1) if got else -GIVE * wts[c]
                values.append(math.exp(beta * v))
            built.append(_Turn(t.seat, t.played, later[t.seat], tuple(values)))
        self.turns = tuple(reversed(built))

    def __bool__(self) -> bool:
        return bool(self.turns)

    def log_weight(self, hands: list[int] | tuple[int, ...]) -> float:
        """log P(the opponents' observed plays | these hands now), up to a constant."""
        total = 0.0
        for t in self.turns:
            held = hands[t.seat] | t.later
            exp = t.exp
            z = 0.0
            while held:
                low = held & -held
                z += exp[low.bit_length() - 1]
                held ^= low
            total += math.log(exp[t.played] / z)
        return total


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


__all__ = ["BETA", "Reader", "effective_size", "normalised"]
