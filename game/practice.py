"""Practice (issue 27, item 4): positions to solve and drills, with the engine's answers.

- **What would you play?** A position where one choice is clearly best: from your own
  reviewed mistakes (the game review remembers them), else generated from a seeded game of
  computer players where the review finds the best choice ahead of the next by more than
  `CLEAR_MARGIN` mon and three standard errors. The answer and every choice's value are the
  review's (ai/review.py), from the seat's view only.
- **Daily position**: generated the same way from the date (`daily_seed`), so everyone
  playing this version gets the same position on the same day.
- **Teyaku and yaku drill**: a 7-card hand or a capture pile; say what it claims and what it
  is worth. The answer is the engine's (`Ruleset.teyaku`, `Ruleset.dekiyaku`: docs/rules/
  README.md §6), never the table's.

Scores and the remembered mistakes live in one small file (`practice.json` in the data
folder), read under limits and written atomically; a damaged one is set aside and practice
starts afresh. A score or a mistake that cannot be written (a full disk) is not silent
(issue 43, item 10): `take_notice` gives the screen one sentence, once until a save works
again, as Learn 88 (game.progress) and Settings do. Pure apart from that file (no pygame);
deterministic from its seeds.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ai import review as reviews
from game import files
from game.engine import rulesets
from game.engine.actions import Action
from game.engine.cards import CARD_IDS
from game.engine.rng import Rng
from game.engine.view import PlayerView
from game.engine.vocab import Category
from game.i18n import _

log = logging.getLogger(__name__)

FILE_NAME = "practice.json"
LIMITS = files.Limits(max_bytes=200_000, max_depth=5, max_int_digits=24, max_str_len=300,
                      max_items=5_000)
MAX_MISTAKES = 60  # remembered mistakes (the newest kept)
CLEAR_MARGIN = 5.0  # mon: a position's best choice must lead the next by at least this
WORLDS = 200
PUZZLE_RULESET = "hachihachi"
PILE_SIZES = (6, 12)  # a drill's capture pile holds this many cards (inclusive)
KOIKOI = "koikoi"  # the ruleset of the Koi-Koi drill and of "Koi-koi or stop?"
KOIKOI_ROUNDS = 3  # rounds of a game "Koi-koi or stop?" looks for a decision in
# in so many Koi-Koi piles of six, the drill deals a yaku's cards first: random cards seldom
# score there (no card points count, and most yaku need three to ten chosen cards)
KOIKOI_YAKU_SHARE = (5, 6)


# --- positions ------------------------------------------------------------------------
@dataclass(frozen=True)
class Puzzle:
    """A position to solve: the seat's view, and every legal choice weighed (best first)."""

    source: str  # "mistake", "generated", "daily" or "koikoi" (a koi-koi-or-stop decision)
    ruleset: str
    names: tuple[str, ...]
    view: PlayerView
    choices: tuple[reviews.Choice, ...]
    played: Action | None = None  # a mistake's: what was played in the game

    @property
    def best(self) -> reviews.Choice:
        return self.choices[0]

    def verdict(self, action: Action) -> tuple[str, reviews.Choice]:
        """The mark of answering `action` (the review's: "best" within the tolerance of the
        best, ai.review.tolerance), and its weighed choice."""
        c = next(c for c in self.choices if c.action == action)
        return reviews.mark_for(c.loss, spread=reviews.spread_of(self.choices)), c

    def decision(self, action: Action) -> reviews.Decision:
        """Answering `action` as the review's decision: its words (the recommended choice,
        the values) are the review's own, so an answer marked "best" is never followed by
        advice to play another card."""
        return reviews.Decision(0, 0, self.view.seat, self.view.phase, action, self.choices,
                                0, self.view)


def clear_enough(choices: tuple[reviews.Choice, ...]) -> bool:
    """One choice leads the next by more than `CLEAR_MARGIN` mon and three standard errors:
    a position with one right answer."""
    if len(choices) < 2:
        return False
    second = choices[1]
    return second.loss > max(CLEAR_MARGIN, 3 * second.se)


def _clear_position(rng: Rng, ruleset: str, options: dict, seats: int,
                    wanted: Callable[[PlayerView, int], bool], source: str, worlds: int,
                    tries: int) -> Puzzle | None:
    """The first clear position of `wanted` kind (the seat's view, the number of legal
    actions) met in up to `tries` seeded games of rule-based players; the one search of the
    generated positions, so every kind draws from `rng` in the same order (a daily position
    stays the same from version to version of this module)."""
    from game.simulate import simulate

    for _try in range(tries):
        game_seed = rng.next64() >> 1
        rec = simulate(ruleset, options, seats, ["rules"], seed=game_seed)
        seat = rng.below(seats)
        found = [m for m in reviews.moments(rec, [seat])
                 if wanted(m.state.view(seat), len(m.state.legal_actions()))]
        rng.shuffle(found)
        for m in found[:6]:
            view = m.state.view(seat)
            choices, _w = reviews.weigh(view, m.chosen, worlds=worlds, seed=rng.next64())
            if clear_enough(choices):
                # computer players of a made-up game: the screen names them "Player N"
                return Puzzle(source, ruleset, ("",) * len(rec.seats), view, choices)
    return None


def generated_puzzle(seed: int, source: str = "generated", *, worlds: int = WORLDS,
                     tries: int = 4) -> Puzzle | None:
    """A clear position from a seeded game of rule-based players (None if `tries` games
    hold none, which is rare)."""
    return _clear_position(Rng(seed), PUZZLE_RULESET, {"rounds": 1}, 3,
                           lambda view, legal: view.phase == "play" and legal >= 3,
                           source, worlds, tries)


def koikoi_puzzle(seed: int, *, worlds: int = WORLDS, tries: int = 6) -> Puzzle | None:
    """"Koi-koi or stop?": a clear decision after a yaku (the engine's `decide` phase, sage
    being Koi-Koi's koi-koi and shoubu its stop) from a seeded Koi-Koi game of rule-based
    players, weighed by the review as every position is (None if `tries` games hold none).
    The review weighs these well: a stop's value is the round's payment, known exactly, and
    playing on is measured against it over the same worlds, so the lead of a clear one is
    many times its standard error."""
    return _clear_position(Rng(seed), KOIKOI, {"rounds": KOIKOI_ROUNDS}, 2,
                           lambda view, legal: view.phase == "decide" and legal >= 2,
                           KOIKOI, worlds, tries)


def daily_seed(day: dt.date) -> int:
    """The seed of a day's position: the same for everyone on that date."""
    return day.year * 10_000 + day.month * 100 + day.day


def daily_puzzle(day: dt.date, *, worlds: int = WORLDS) -> Puzzle | None:
    return generated_puzzle(daily_seed(day), "daily", worlds=worlds)


@dataclass(frozen=True)
class MistakeRef:
    """Where a reviewed mistake happened: the record file (a name in the records folder),
    the round entry, the recorded action's index, the seat."""

    record: str
    round: int
    index: int
    seat: int

    def as_json(self) -> dict:
        return {"record": self.record, "round": self.round, "index": self.index,
                "seat": self.seat}


def mistake_puzzle(records_dir: Path, ref: MistakeRef, *, worlds: int = WORLDS,
                   ) -> Puzzle | None:
    """The position of a remembered mistake, weighed again (None when its record is gone,
    damaged, or the moment is no longer clear)."""
    from game import storage

    path = records_dir / ref.record
    try:
        if path.resolve().parent != records_dir.resolve():
            return None
        rec = storage.read_record(path)
        for m in reviews.moments(rec, [ref.seat]):
            if (m.round, m.index) == (ref.round, ref.index):
                view = m.state.view(ref.seat)
                choices, _w = reviews.weigh(view, m.chosen, worlds=worlds,
                                            seed=reviews.decision_seed(rec, ref.seat, m))
                names = tuple(str(s.get("name", "")) if isinstance(s, dict) else ""
                              for s in rec.seats)
                if not clear_enough(choices) and choices[0].action == m.chosen:
                    return None
                return Puzzle("mistake", rec.ruleset, names, view, choices, m.chosen)
    except (ValueError, OSError, RuntimeError) as e:
        log.info("practice: mistake %s not usable: %s", ref, e)
    return None


# --- drills ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Drill:
    """A hand (teyaku) or a capture pile (dekiyaku); four answers to choose from, one the
    engine's. An answer is a tuple of (id, mon per opponent) pairs; () is "nothing"."""

    kind: str  # "teyaku" or "pile"
    ruleset: str
    cards: tuple[str, ...]
    options: tuple[tuple[tuple[str, int], ...], ...]
    correct: int

    @property
    def answer(self) -> tuple[tuple[str, int], ...]:
        return self.options[self.correct]


def _answer(items: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(items.items()))


def _options(rng: Rng, answer: tuple[tuple[str, int], ...], pool: list[tuple[str, int]],
             near: tuple[tuple[tuple[str, int], ...], ...] = (),
             ) -> tuple[tuple[tuple[tuple[str, int], ...], ...], int]:
    """Four different answers, the right one among them: `near` misses first (a ruleset's
    likeliest slips), then the same names at a wrong worth, other names at their worth, and
    "nothing"."""
    wrong: list[tuple[tuple[str, int], ...]] = [n for n in near if n != answer]
    if answer:
        doubled = tuple((k, v * 2) for k, v in answer)
        halved = tuple((k, max(1, v // 2)) for k, v in answer)
        wrong += [doubled, halved, ()]
    others = [p for p in pool if p[0] not in dict(answer)]
    rng.shuffle(others)
    wrong += [(o,) for o in others]
    out = [answer]
    for w in wrong:
        if w not in out:
            out.append(w)
        if len(out) == 4:
            break
    order = list(range(len(out)))
    rng.shuffle(order)
    shuffled = tuple(out[i] for i in order)
    return shuffled, shuffled.index(answer)


def teyaku_drill(seed: int, ruleset: str = PUZZLE_RULESET) -> Drill:
    """A dealt 7-card hand (one with a teyaku two times in three) and its claim."""
    rs = rulesets.get(ruleset)
    rng = Rng(seed)
    want = rng.below(3) != 0
    deck = list(range(48))
    for _deal in range(400):
        rng.shuffle(deck)
        hand = [CARD_IDS[c] for c in sorted(deck[:7])]
        items = rs.teyaku(hand)
        if bool(items) == want:
            break
    pool = [(e.id, e.value) for e in rs.entries if e.category == Category.TEYAKU and e.value]
    options, correct = _options(rng, _answer(items), pool)
    return Drill("teyaku", ruleset, tuple(hand), options, correct)


def pile_drill(seed: int, ruleset: str = PUZZLE_RULESET) -> Drill:
    """A capture pile (one making a yaku two times in three) and what it scores."""
    rs = rulesets.get(ruleset)
    rng = Rng(seed)
    sets = [e for e in rs.entries if e.is_card_set]
    deck = list(range(48))
    rng.shuffle(deck)
    size = PILE_SIZES[0] + rng.below(PILE_SIZES[1] - PILE_SIZES[0] + 1)
    chosen: set[int] = set()
    if sets and rng.below(3) != 0:
        e = sets[rng.below(len(sets))]
        members = [c for c in range(48) if e.cards >> c & 1]
        rng.shuffle(members)
        chosen.update(members[:e.need])
    for c in deck:
        if len(chosen) >= size:
            break
        chosen.add(c)
    pile = [CARD_IDS[c] for c in sorted(chosen)]
    items = rs.dekiyaku(pile)
    pool = [(e.id, e.value) for e in sets if e.value]
    options, correct = _options(rng, _answer(items), pool)
    return Drill("pile", ruleset, tuple(pile), options, correct)


def koikoi_drill(seed: int) -> Drill:
    """A Koi-Koi capture pile (rules: docs/rules/koikoi.md §4, the default options) and the
    yaku it scores with their points, the engine's (`Ruleset.dekiyaku`). Five piles in six
    are dealt the cards one yaku needs first (a yaku of the catalogue chosen at random, its
    `need` cards among those that make it), then random cards up to the pile's size; the
    rest are random cards alone, which mostly score nothing, so "No yaku" stays an answer
    to think about. Deterministic per seed."""
    rs = rulesets.get(KOIKOI)
    rng = Rng(seed)
    sets = [e for e in rs.entries if e.is_card_set and e.value]
    size = PILE_SIZES[0] + rng.below(PILE_SIZES[1] - PILE_SIZES[0] + 1)
    chosen: set[int] = set()
    share, out_of = KOIKOI_YAKU_SHARE
    if rng.below(out_of) < share:
        e = sets[rng.below(len(sets))]
        members = [c for c in range(48) if e.cards >> c & 1]
        rng.shuffle(members)
        chosen.update(members[:e.need])
    deck = list(range(48))
    rng.shuffle(deck)
    for c in deck:
        if len(chosen) >= size:  # a yaku of ten chaff may fill more than `size`
            break
        chosen.add(c)
    pile = [CARD_IDS[c] for c in sorted(chosen)]
    answer = _answer(rs.dekiyaku(pile))
    base = {e.id: e.value for e in sets}
    near = (tuple((k, base.get(k, v)) for k, v in answer),  # the "+1 each" forgotten
            answer[:-1] if len(answer) > 1 else ())  # a yaku of two overlooked
    options, correct = _options(rng, answer, [(e.id, e.value) for e in sets], near)
    return Drill("pile", KOIKOI, tuple(pile), options, correct)


# --- the practice file ----------------------------------------------------------------
@dataclass
class Progress:
    """Scores (right, tried) per exercise, the days' positions answered, and the mistakes
    the game review remembered (newest last)."""

    scores: dict[str, list[int]] = field(default_factory=dict)
    daily: dict[str, str] = field(default_factory=dict)  # ISO date -> mark
    mistakes: list[MistakeRef] = field(default_factory=list)

    def score(self, kind: str, right: bool) -> None:
        got, tried = self.scores.get(kind, [0, 0])
        self.scores[kind] = [got + int(right), tried + 1]

    def as_json(self) -> dict:
        return {"version": 1, "scores": self.scores, "daily": self.daily,
                "mistakes": [m.as_json() for m in self.mistakes]}


def _count(v: object) -> int | None:
    return v if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**9 else None


def progress_from(data: object) -> Progress:
    """A Progress from the file's JSON, keeping every well-formed piece and no other."""
    p = Progress()
    if not isinstance(data, dict):
        return p
    scores = data.get("scores")
    if isinstance(scores, dict):
        for k, v in scores.items():
            if isinstance(k, str) and len(k) <= 20 and isinstance(v, list) and len(v) == 2:
                got, tried = _count(v[0]), _count(v[1])
                if got is not None and tried is not None and got <= tried:
                    p.scores[k] = [got, tried]
    daily = data.get("daily")
    if isinstance(daily, dict):
        for k, v in list(daily.items())[-400:]:
            if isinstance(k, str) and isinstance(v, str) and v in reviews.MARK_ORDER:
                try:
                    dt.date.fromisoformat(k)
                except ValueError:
                    continue
                p.daily[k] = v
    mistakes = data.get("mistakes")
    if isinstance(mistakes, list):
        for m in mistakes[-MAX_MISTAKES:]:
            if not isinstance(m, dict):
                continue
            rec, ri, ai, seat = (m.get("record"), _count(m.get("round")),
                                 _count(m.get("index")), _count(m.get("seat")))
            if isinstance(rec, str) and rec and "/" not in rec and "\\" not in rec \
                    and rec not in (".", "..") and None not in (ri, ai, seat):
                p.mistakes.append(MistakeRef(rec, ri, ai, seat))  # type: ignore[arg-type]
    return p


def load(data_dir: Path) -> tuple[Progress, str | None]:
    """The practice file (or a fresh start); a sentence when a damaged one was set aside."""
    path = Path(data_dir) / FILE_NAME
    try:
        return progress_from(files.read_json(path, LIMITS)), None
    except FileNotFoundError:
        return Progress(), None
    except (files.FileRejected, OSError, ValueError) as e:
        log.warning("practice file not usable: %s", e)
        files.set_aside(path)
        return Progress(), _("Your practice scores could not be read and start afresh.")


_notice: dict[Path, str] = {}  # per data folder: a failed save the player was not told yet
_told_write: set[Path] = set()  # a failed save was told since the last one that worked


def take_notice(data_dir: Path | None) -> str | None:
    """The failed save not yet told to the player (once), or None."""
    return None if data_dir is None else _notice.pop(Path(data_dir), None)


def save(data_dir: Path, progress: Progress, lost: str | None = None) -> bool:
    """Write the practice file atomically; False (logged) when it cannot be written. `lost`
    says what the failure loses ("{reason}" in it: why): kept for `take_notice` when it is
    the first failure since a save worked, so the player is told once, not at every
    answer. None: a failure that loses nothing (a remembered position used, which then
    simply comes again)."""
    import json

    folder = Path(data_dir)
    try:
        files.atomic_write_text(folder / FILE_NAME,
                                json.dumps(progress.as_json(), ensure_ascii=False))
    except OSError as e:
        log.warning("practice file not written: %s", e)
        if lost is not None and folder not in _told_write:
            _told_write.add(folder)
            _notice[folder] = lost.format(reason=files.describe_os_error(e))
        return False
    _told_write.discard(folder)
    _notice.pop(folder, None)
    return True


def record_score(data_dir: Path, kind: str, right: bool, day: str | None = None,
                 mark: str | None = None) -> bool:
    """Count one answer of `kind` in the practice file (and, for today's position, the mark
    of the day's first answer); False when it could not be written (`take_notice`)."""
    progress, _msg = load(data_dir)
    progress.score(kind, right)
    if day is not None and mark is not None:
        progress.daily.setdefault(day, mark)
    return save(data_dir, progress, _("Your practice scores could not be saved ({reason}); "
                                      "this answer is not counted in them."))


def remember_mistakes(data_dir: Path, record_file: str, review: reviews.Review) -> int:
    """Keep the review's mistakes and blunders as practice positions (newest kept); how
    many were added."""
    progress, _msg = load(data_dir)
    known = {(m.record, m.round, m.index, m.seat) for m in progress.mistakes}
    added = 0
    for d in review.decisions:
        if d.mark in ("mistake", reviews.BLUNDER) and d.phase == "play":
            key = (record_file, d.round, d.index, d.seat)
            if key not in known:
                progress.mistakes.append(MistakeRef(*key))
                known.add(key)
                added += 1
    progress.mistakes = progress.mistakes[-MAX_MISTAKES:]
    if added and not save(data_dir, progress, _(
            "Your practice file could not be saved ({reason}); the mistakes of your last "
            "review are not kept as positions to practise.")):
        return 0
    return added


__all__ = ["CLEAR_MARGIN", "Drill", "MistakeRef", "Progress", "Puzzle", "clear_enough",
           "daily_puzzle", "daily_seed", "generated_puzzle", "koikoi_drill", "koikoi_puzzle",
           "load", "mistake_puzzle", "pile_drill", "progress_from", "record_score",
           "remember_mistakes", "save", "take_notice", "teyaku_drill"]
