"""Game review: every decision a seat made, weighed against the others it could have made.

For each decision of the reviewed seat (a play, a target, sage / shoubu / cancel, join or
drop, mizuten, a swap), the review samples worlds from **that seat's view at that moment**
(``State.resample``: the hidden cards dealt at random, never the true ones; the same rule
as the advisor and the computer players; in play, only deals that the opponents' teyaku
claims allow, dealt inside them a seat at a time: ``inference.claimed_deal``), plays each
legal choice in every world to the end of the round with the Master player's rollout policy,
and compares the seat's round result. Every choice meets the same worlds (common random
numbers), so the differences between choices are measured far more precisely than the values
themselves; each difference comes with its standard error.

A decision is rated by its **loss**: the mon it gave away against the best choice,
value(best) − value(chosen), never below zero (docs/rules/README.md says what a mon is). The
values themselves may all be negative (a round the seat can only lose) or all equal; the loss
reads the same either way. A choice is ``best`` when its loss is within the decision's
tolerance (``tolerance``: a tenth of the spread between that decision's best and worst
choices, at least a twentieth of a mon, at most half a mon), so choices of clearly different
value are never all "best"; beyond it ``good``, ``inaccuracy``, ``mistake`` and ``blunder``
follow the loss by the thresholds in ``MARKS``.

The game's **accuracy** follows the losses: 1 − (mon given away) / (mon at stake), over the
decisions where the choices differ beyond the tolerance. A decision's stake is its spread
(best − worst); what it gave away is its loss, none when it was marked ``best``. 100 % means
every choice was best; each mon given away lowers it, down to 0 % for the worst choice every
time; with no decision that mattered there is none (None).

Pure and deterministic (no pygame, no clock): the same record, seat and budget give the same
review on every machine. A front end runs it in the background and reads ``progress``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from game.engine.actions import PASS, Action
from game.engine.cards import cards_of
from game.engine.errors import IllegalAction, RecordError
from game.engine.positions import PositionError, Resampler
from game.engine.record import Record, configure
from game.engine.rng import Rng
from game.engine.state import CHANCE, DEAL, OVER, State
from game.engine.view import PlayerView

from .inference import Claims, claimed_deal
from .master import MasterAgent
from .model import Situation, rollout_weights

# Worlds sampled per decision by default: at 3 seats a 12-round game of Hachi-Hachi reviews
# in well under 30 s with the compiled kernel (benchmarks/review_speed.py).
WORLDS = 300
# the Master player's rollout policy (ai/master.py): its card values and its discards
W_ROLLOUT = MasterAgent.W_ROLLOUT
ROLLOUT = MasterAgent.ROLLOUT

# (mark, the largest loss in mon it covers): a loss above the last is a blunder. "best"'s
# figure is the most its tolerance ever grows to (`tolerance`).
MARKS: tuple[tuple[str, float], ...] = (
    ("best", 0.5),
    ("good", 2.0),
    ("inaccuracy", 5.0),
    ("mistake", 12.0),
)
BLUNDER = "blunder"
MARK_ORDER = ("best", "good", "inaccuracy", "mistake", BLUNDER)
# a choice is "best" within this share of its decision's spread (best − worst) of the best
BEST_SHARE = 0.1
# mon: results closer than this are one result (the same deals, the same outcome but for
# rounding), so a decision whose choices all lie this close did not matter
SAME_MON = 0.05


def tolerance(spread: float) -> float:
    """How far below the best a choice may lie and still be "best", in mon: a tenth of the
    decision's spread, at least ``SAME_MON`` (choices that close are one result) and at most
    ``MARKS``' "best" figure (on a wide decision a mon given away is still a mon)."""
    return min(MARKS[0][1], max(SAME_MON, BEST_SHARE * max(0.0, spread)))


def mark_for(loss: float, *, spread: float) -> str:
    """The mark of a choice that gave away ``loss`` mon at a decision whose choices lie
    ``spread`` mon apart (best − worst): "best" within ``tolerance(spread)``, then by the
    loss alone (``MARKS``)."""
    if loss <= tolerance(spread):
        return "best"
    for name, limit in MARKS[1:]:
        if loss <= limit:
            return name
    return BLUNDER


def spread_of(choices: tuple[Choice, ...]) -> float:
    """Best minus worst of choices given best first: the mon a decision can change at all."""
    return choices[0].value - choices[-1].value if choices else 0.0


@dataclass(frozen=True)
class Choice:
    """One legal choice at a decision: its mean round result for the seat, and how far it
    lies below the best choice (with that difference's standard error)."""

    action: Action
    value: float  # mean round result (mon) over the worlds
    loss: float  # best value - this value (>= 0)
    se: float  # standard error of that difference (0 for the best choice itself)


@dataclass(frozen=True)
class Decision:
    """A decision the reviewed seat made, weighed."""

    round: int  # 0-based round entry of the record
    index: int  # the recorded action's index in that round (the next one after a pass)
    seat: int
    phase: str  # the view's phase name ("play", "take", "decide", "dropout", ...)
    chosen: Action
    choices: tuple[Choice, ...]  # every legal choice, best first
    worlds: int  # worlds the values are averaged over
    view: PlayerView = field(repr=False, compare=False)  # what the seat saw

    @property
    def best(self) -> Choice:
        return self.choices[0]

    @property
    def mine(self) -> Choice:
        return next(c for c in self.choices if c.action == self.chosen)

    @property
    def loss(self) -> float:
        return self.mine.loss

    @property
    def spread(self) -> float:
        """Best minus worst: the mon this decision could win or lose at all."""
        return spread_of(self.choices)

    def mark_of(self, choice: Choice) -> str:
        """The mark any of this decision's choices would have earned."""
        return mark_for(choice.loss, spread=self.spread)

    @property
    def mark(self) -> str:
        return self.mark_of(self.mine)

    @property
    def matters(self) -> bool:
        """Some choice lies beyond the tolerance of the best: the decision counts in the
        accuracy (one whose choices are all "best" cannot be got wrong)."""
        return self.spread > tolerance(self.spread)

    @property
    def given(self) -> float:
        """The mon this decision gave away as the accuracy counts it: its loss, none when it
        was marked "best"."""
        return 0.0 if self.mark == "best" else self.mine.loss

    @property
    def recommended(self) -> Action:
        """The choice the review stands behind: the one made when it was "best" (within
        the tolerance: as good as the top value), else the best one. Words that praise the
        choice and then recommend another card would contradict themselves."""
        return self.chosen if self.mark == "best" else self.best.action


@dataclass
class Review:
    """The review of one seat's decisions in a record."""

    seat: int
    decisions: list[Decision]
    skipped: int = 0  # decisions that could not be weighed (a window the sampler lacks)

    @property
    def stake(self) -> float:
        """The mon the seat's choices could change: the spreads of the decisions that
        mattered, summed."""
        return sum(d.spread for d in self.decisions if d.matters)

    @property
    def given(self) -> float:
        """The mon given away against the best choices (a "best" choice gives none)."""
        return sum(d.given for d in self.decisions if d.matters)

    @property
    def accuracy(self) -> float | None:
        """1 − given / stake: 1.0 when every choice was best, lower with each mon given
        away, 0.0 for the worst choice every time; None when no decision mattered. Defined
        by differences alone, so all-negative values read the same as any others."""
        stake = self.stake
        if stake <= 0:
            return None
        return max(0.0, min(1.0, 1.0 - self.given / stake))

    def count(self, mark: str) -> int:
        return sum(1 for d in self.decisions if d.mark == mark)

    def as_json(self) -> dict:
        return {
            "seat": self.seat,
            "accuracy": self.accuracy,
            "given": round(self.given, 2),
            "stake": round(self.stake, 2),
            "marks": {m: self.count(m) for m in MARK_ORDER},
            "skipped": self.skipped,
            "decisions": [{
                "round": d.round + 1, "action_index": d.index, "phase": d.phase,
                "chosen": str(d.chosen), "mark": d.mark, "loss": round(d.loss, 2),
                "se": round(d.mine.se, 2), "worlds": d.worlds,
                "choices": [{"action": str(c.action), "value": round(c.value, 2),
                             "loss": round(c.loss, 2), "se": round(c.se, 2),
                             "mark": d.mark_of(c)}
                            for c in d.choices],
            } for d in self.decisions],
        }


# --- walking a record ---------------------------------------------------------------------
@dataclass(frozen=True)
class Moment:
    """A decision point met while replaying a record: the true state just before the seat
    acted (the review reads only its view), and what the seat chose."""

    round: int
    index: int
    state: State
    seat: int
    chosen: Action


def human_seats(record: Record) -> list[int]:
    """The seats a person played (the review's default)."""
    return [i for i, s in enumerate(record.seats)
            if isinstance(s, dict) and s.get("kind") == "human"]


def moments(record: Record, seats: list[int]) -> Iterator[Moment]:
    """Every decision of ``seats`` in the record (two or more legal actions), in order,
    including the optional windows a recorded action passed by implicitly (the record
    writes no pass, docs/rules/README.md §7). RecordError on a record that does not
    replay."""
    try:
        rs = configure(record.ruleset, record.options)
        st = rs.new_state(len(record.seats), record.first_dealer, events=False)
    except ValueError as e:
        raise RecordError(f"bad ruleset or options: {e}") from None
    from game.engine.cards import parse_card

    for ri, rnd in enumerate(record.rounds):
        if st.phase == OVER:
            return
        try:
            st.start_round([parse_card(c) for c in rnd["deck"]])
        except (ValueError, KeyError, TypeError) as e:
            raise RecordError(f"round {ri + 1}: {e}") from None
        for ai, text in enumerate(rnd.get("actions", [])):
            try:
                action = Action.parse(text)
            except ValueError as e:
                raise RecordError(f"round {ri + 1}, action {ai + 1}: {e}") from None
            while True:  # windows the action passes by, then the action itself
                if action.seat == CHANCE:
                    st.apply(action)
                    break
                legal = st.legal_actions()
                took = action if action in legal else Action(st.to_move, PASS)
                if took not in legal:
                    raise RecordError(f"round {ri + 1}, action {ai + 1} {text!r}: illegal")
                if st.to_move in seats and len(legal) >= 2:
                    yield Moment(ri, ai, st.clone(), st.to_move, took)
                st.apply(took, check=False)
                if took == action:
                    break
        if st.phase not in (DEAL, OVER):
            return  # an unfinished last round: its decisions so far were given


# --- weighing one decision ----------------------------------------------------------------
def weigh(view: PlayerView, chosen: Action, *, worlds: int = WORLDS, seed: int = 0,
          ) -> tuple[tuple[Choice, ...], int]:
    """Every legal choice of ``view`` weighed over sampled worlds (the seat's view only).

    ``worlds`` are sampled first; when the chosen action's loss is neither clearly within
    its standard error nor clearly beyond it (between 1 and 3 standard errors), the same
    sequence of worlds is extended, up to four times as many, so a loss that may be noise
    is measured again (the mark follows the loss measured; its standard error is shown
    beside it).
    Returns the choices best first and the worlds used. PositionError when the view is in
    a phase worlds cannot be sampled for."""
    legal = list(view.legal)
    if chosen not in legal:
        raise IllegalAction(f"{chosen} is not legal in this view")
    sit = Situation.of(view)
    weights = rollout_weights(sit, W_ROLLOUT)
    rng = Rng(seed)
    draws: list[int | None] = [None]
    if view.phase == "play" and view.pile_count:
        draws = cards_of(sit.draw_candidates) or [None]  # stratified, as Master does
        rng.shuffle(draws)
    sampler = Resampler(view)  # the part every world shares, built once
    claims = Claims.of(view, sit)  # worlds the opponents' teyaku claims allow, no other reading
    results: list[list[float]] = [[] for _ in legal]
    target = max(2, worlds)
    while True:
        for w in range(len(results[0]), target):
            world_seed = rng.next64()
            draw = draws[w % len(draws)]
            world = (sampler.state(*claimed_deal(sampler, claims, Rng(world_seed), draw))
                     if claims else sampler.world(Rng(world_seed), draw))  # no teyaku: as before
            for i, action in enumerate(legal):
                st = world.clone()
                st.apply(action, check=False)
                st.playout(Rng(world_seed ^ 0x9E3779B9), ROLLOUT, weights)
                results[i].append(st.round_returns()[view.seat])
        choices = _compare(legal, results, chosen)
        mine = next(c for c in choices if c.action == chosen)
        unclear = mine.se < mine.loss < 3 * mine.se
        if not unclear or target >= 4 * worlds:
            return choices, target
        target *= 2


def weigh_state(state: State, seat: int, chosen: Action, *, worlds: int = WORLDS,
                seed: int = 0) -> tuple[tuple[Choice, ...], int]:
    """``weigh`` for a true state met while replaying a record: only ``state.view(seat)``
    is read (the review never peeks; tests/ai/test_review.py gives it two states with the
    same view)."""
    return weigh(state.view(seat), chosen, worlds=worlds, seed=seed)


def _compare(legal: list[Action], results: list[list[float]], chosen: Action,
             ) -> tuple[Choice, ...]:
    """The choices best first, each with its loss against the best and that loss's
    standard error over the paired worlds."""
    n, worlds = len(legal), len(results[0])
    means = [sum(r) / worlds for r in results]
    best = max(range(n), key=lambda i: (means[i], legal[i] == chosen, -i))
    out = []
    for i in range(n):
        diffs = [results[best][w] - results[i][w] for w in range(worlds)]
        out.append(Choice(legal[i], means[i], max(0.0, means[best] - means[i]), _se(diffs)))
    out.sort(key=lambda c: (-c.value, c.action != chosen))
    return tuple(out)


def _se(xs: list[float]) -> float:
    """Standard error of the mean of ``xs``."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return math.sqrt(var / n)


def decision_seed(record: Record, seat: int, moment: Moment) -> int:
    """The worlds' seed of one decision: fixed by the game, the seat and the moment, so a
    review is the same on every run and every machine."""
    base = record.seed if isinstance(record.seed, int) else 0
    return (base * 1_000_003 + seat * 7_919 + moment.round * 104_729 + moment.index) \
        & 0xFFFF_FFFF_FFFF_FFFF


def review(record: Record, seat: int | None = None, *, worlds: int = WORLDS,
           progress: Callable[[int, int], bool | None] | None = None,
           rounds: set[int] | None = None) -> Review:
    """Review ``seat``'s decisions (default: the one human seat). ``progress(done, total)``
    is called after each decision; returning False stops the review early (what was weighed
    is kept). `rounds` (round entries, from 0) limits it to those rounds. RecordError for a
    record that does not replay; ValueError for a seat the record does not have."""
    if seat is None:
        humans = human_seats(record)
        if len(humans) != 1:
            raise ValueError("say which seat to review: the record has "
                             f"{len(humans)} human seats")
        seat = humans[0]
    if not isinstance(seat, int) or not 0 <= seat < len(record.seats):
        raise ValueError(f"seat {seat!r} is not in this record (0 to {len(record.seats) - 1})")
    found = [m for m in moments(record, [seat]) if rounds is None or m.round in rounds]
    out = Review(seat, [])
    for k, m in enumerate(found):
        view = m.state.view(seat)
        try:
            choices, used = weigh_state(m.state, seat, m.chosen, worlds=worlds,
                                        seed=decision_seed(record, seat, m))
        except (PositionError, NotImplementedError):
            out.skipped += 1
        else:
            out.decisions.append(Decision(m.round, m.index, seat, view.phase, m.chosen,
                                          choices, used, view))
        if progress is not None and progress(k + 1, len(found)) is False:
            break
    return out


__all__ = ["BEST_SHARE", "BLUNDER", "MARKS", "MARK_ORDER", "SAME_MON", "WORLDS", "Choice",
           "Decision", "Moment", "Review", "human_seats", "mark_for", "moments", "review",
           "spread_of", "tolerance", "weigh", "weigh_state"]
