"""What the game-end screen shows (docs/design/TABLE.md §5.9, issue 26 item 4), without a window.

Every figure here is read from the engine: the finished `State`'s totals and `results` (each
round's nets and payments), the ruleset's `game_winners` and the category of each payment
reason (a yaku is a teyaku or dekiyaku payment, as the statistics count them). Nothing is
computed that the engine did not pay: the running totals are the final totals less the
later rounds' nets, the best yaku is the biggest sum one seat was paid for one yaku in one
round. The celebration's clock is here too, so skipping it and reduced motion are tested
without pygame; `game/ui/scenes/result.py` only draws and routes input.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING

from game.engine.vocab import Category
from game.play.standings import ranking

if TYPE_CHECKING:
    from game.engine.rulesets.base import Ruleset

YAKU_CATEGORIES = (Category.TEYAKU, Category.DEKIYAKU)


def rounds_won(results, seats: int) -> list[int]:  # noqa: ANN001 - RoundResult sequence
    """Rounds each seat won: those where it gained the most (and gained at all). The
    engine's round winner takes the deal and may still have lost money (issue 11)."""
    wins = [0] * seats
    for r in results:
        best = max(r.net, default=0)
        for s, v in enumerate(r.net):
            if best > 0 and v == best:
                wins[s] += 1
    return wins


def running_totals(results, totals: Sequence[int]) -> list[list[int]]:  # noqa: ANN001
    """Each seat's total before the first round and after every round (the chart's points):
    the engine's final totals less the nets of the rounds after each point, so the last
    point is exactly the total the engine holds."""
    seats = len(totals)
    out = [[int(totals[s])] for s in range(seats)]
    for r in reversed(list(results)):
        for s in range(seats):
            net = r.net[s] if s < len(r.net) else 0
            out[s].append(out[s][-1] - net)
    return [col[::-1] for col in out]


@dataclass(frozen=True)
class BestRound:
    """The round one seat gained the most in (1-based round number)."""

    round: int
    seat: int
    net: int


@dataclass(frozen=True)
class BestYaku:
    """The biggest sum one seat was paid for one yaku in one round."""

    round: int
    seat: int
    yaku: str  # the engine's reason id (terms.term names it)
    amount: int


def best_round(results) -> BestRound | None:  # noqa: ANN001 - RoundResult sequence
    """The biggest gain of any seat in any round (the earliest on a tie); None when no
    seat gained in any round."""
    best: BestRound | None = None
    for i, r in enumerate(results):
        for s, v in enumerate(r.net):
            if v > 0 and (best is None or v > best.net):
                best = BestRound(i + 1, s, v)
    return best


def best_yaku(results, rs: Ruleset) -> BestYaku | None:  # noqa: ANN001
    """The biggest payment for a yaku (a teyaku or dekiyaku of the ruleset's catalogue),
    summed over its payers in one round; the earliest on a tie. None: no yaku was paid."""
    best: BestYaku | None = None
    for i, r in enumerate(results):
        paid: dict[tuple[int, str], int] = {}
        for p in r.payments:
            try:
                yaku = rs.category(p.reason) in YAKU_CATEGORIES
            except ValueError:
                yaku = False
            if yaku and p.to >= 0:
                paid[p.to, p.reason] = paid.get((p.to, p.reason), 0) + p.amount
        for (seat, reason), amount in paid.items():
            if best is None or amount > best.amount:
                best = BestYaku(i + 1, seat, reason, amount)
    return best


class Mood(StrEnum):
    """How the screen greets the end: the viewer's seat decides (one human at the table);
    with several humans (hot seat) or none, the winner is celebrated by name."""

    WIN = "win"  # the one human won (or shared the win)
    LOSS = "loss"  # the one human did not: a gentle greeting
    NAMED = "named"  # hot seat or computers only: the winner by name


def mood(humans: Sequence[int], winners: Sequence[int]) -> Mood:
    if len(humans) != 1:
        return Mood.NAMED
    return Mood.WIN if humans[0] in winners else Mood.LOSS


class Finish(StrEnum):
    """Where the one human at the table finished, for the headline's words (issue 45: the
    player who came last is not told "Well played"); NAMED as in ``Mood``."""

    WIN = "win"  # a winner (alone or shared)
    MIDDLE = "middle"  # neither a winner nor last
    LAST = "last"  # the lowest place (sharing it counts)
    NAMED = "named"  # hot seat or computers only: words about the winner


def finish(humans: Sequence[int], winners: Sequence[int],
           places: Sequence[tuple[int, int]]) -> Finish:
    """The viewer's finish from the engine's winners and the placings (place, seat)."""
    if len(humans) != 1:
        return Finish.NAMED
    if humans[0] in winners:
        return Finish.WIN
    place = dict((seat, p) for p, seat in places)
    return Finish.LAST if place[humans[0]] == max(place.values()) else Finish.MIDDLE


@dataclass
class Placing:
    place: int
    seat: int
    total: int
    rounds_won: int


@dataclass
class ResultModel:
    """The game-end screen's facts, all from the engine (and the statistics' records)."""

    placings: list[Placing]
    winners: list[int]
    mood: Mood
    series: list[list[int]]  # per seat: total before round 1, then after each round
    best_round: BestRound | None
    best_yaku: BestYaku | None
    rounds_played: int
    broken: list = field(default_factory=list)  # game.stats.Broken, the player's records
    finish: Finish = Finish.NAMED  # the headline's words: the viewer's win, middle or last


def build(st, rs: Ruleset, humans: Sequence[int], broken: Sequence = ()) -> ResultModel:  # noqa: ANN001
    """The model of a finished game's `State` (its totals, results and winners)."""
    totals = list(st.totals)
    results = list(st.results)
    wins = rounds_won(results, len(totals))
    winners = list(rs.game_winners(st))
    places = ranking(totals)
    return ResultModel(
        placings=[Placing(place, seat, totals[seat], wins[seat]) for place, seat in places],
        winners=winners, mood=mood(humans, winners),
        series=running_totals(results, totals), best_round=best_round(results),
        best_yaku=best_yaku(results, rs), rounds_played=st.rounds_played,
        broken=list(broken), finish=finish(humans, winners, places))


# --- the chart's scale ---------------------------------------------------------------
def nice_step(span: float, lines: int = 4) -> int:
    """A round step (1, 2, 5 × 10^k) giving about `lines` grid lines over `span`."""
    raw = max(1.0, span / max(1, lines))
    mag = 1
    while mag * 10 <= raw:
        mag *= 10
    for m in (1, 2, 5, 10):
        if m * mag >= raw:
            return m * mag
    return 10 * mag  # pragma: no cover - the loop always returns


def chart_scale(series: Sequence[Sequence[int]]) -> tuple[int, int, int]:
    """(low, high, step): a range holding every point and 0, on whole steps."""
    values = [v for col in series for v in col] or [0]
    lo, hi = min(0, *values), max(0, *values)
    step = nice_step(hi - lo)
    lo = -(-lo // step) * step if lo % step == 0 else (lo // step) * step
    hi = hi if hi % step == 0 else (hi // step + 1) * step
    if hi == lo:
        hi = lo + step
    return lo, hi, step


# --- the celebration ---------------------------------------------------------------------
CELEBRATION = 2.6  # seconds of falling confetti (a win) or petals (a loss)
FADE = 0.4  # seconds of the heading's fade under reduced motion


@dataclass(frozen=True)
class Flake:
    """One piece of confetti: where it starts (fractions of the window), how fast it falls
    (windows per second), its sway and its colour index."""

    x: float
    delay: float
    speed: float
    sway: float
    phase: float
    color: int
    size: float


def flakes(count: int, seed: int, colors: int) -> list[Flake]:
    """The confetti, the same for the same seed (a screenshot is the same each time)."""
    r = random.Random(seed)
    return [Flake(r.random(), r.random() * 0.8, 0.35 + r.random() * 0.45,
                  0.01 + r.random() * 0.03, r.random() * 6.283, r.randrange(colors),
                  0.6 + r.random() * 0.8) for _ in range(count)]


class Celebration:
    """The celebration's clock: it runs `CELEBRATION` seconds (a fade of `FADE` seconds
    under reduced motion) and ends early on `skip()`; what stays on screen afterwards is
    the same either way (only `done` changes what is drawn)."""

    def __init__(self, kind: Mood, motion: bool) -> None:
        self.kind = kind
        self.motion = motion
        self.length = CELEBRATION if motion else FADE
        self.t = 0.0
        self.skipped = False

    @property
    def done(self) -> bool:
        return self.skipped or self.t >= self.length

    def advance(self, dt: float) -> None:
        if not self.done:
            self.t = min(self.length, self.t + max(0.0, dt))

    def skip(self) -> None:
        self.skipped = True

    def heading_alpha(self) -> int:
        """The heading's opacity: it fades in under reduced motion, is whole otherwise."""
        if self.done or self.motion:
            return 255
        return round(255 * self.t / self.length)

    def flakes_on(self) -> bool:
        """Confetti falls only while the celebration runs and motion is allowed."""
        return self.motion and not self.done


__all__ = ["BestRound", "BestYaku", "Celebration", "Finish", "Flake", "Mood", "Placing",
           "ResultModel", "best_round", "best_yaku", "build", "chart_scale", "finish",
           "flakes", "mood", "nice_step", "ranking", "rounds_won", "running_totals"]
