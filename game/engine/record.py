"""Game records (docs/rules/README.md §7): parse, validate, replay, serialise.

A record holds every chance outcome (the decks, ``* blank`` and ``* deck`` actions), so a
replay needs no generator. Nothing here touches a disk (the engine does no I/O): the program
reads and writes record files through ``game.storage``, which applies size and shape limits
first. Loading never executes anything from the file; every problem is a RecordError naming
the field, or the round and action, where it was found, and saying whether an action is
badly written (notation) or not legal where it stands.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from . import rulesets
from .actions import CHANCE, PASS, Action
from .cards import CARD_IDS, parse_card
from .errors import IllegalAction, NotationError, RecordError, RulesError
from .ledger import RoundResult
from .state import DEAL, OVER, State
from .version import VERSION

FORMAT = "hanafuda-record/1"
APP_VERSION = VERSION  # the program that wrote a record (game/engine/version.py)
MAX_SEATS = 16  # far above any ruleset's table; a longer list is not a record


@dataclass
class Record:
    ruleset: str
    options: dict
    seats: list[dict]
    first_dealer: int = 0
    seed: int | None = None
    rounds: list[dict] = field(default_factory=list)
    app_version: str = APP_VERSION
    # the program's own facts about the game (``undo_count``); replay never reads them
    app: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        data = {"format": FORMAT, "app_version": self.app_version, "ruleset": self.ruleset,
                "options": self.options, "seats": self.seats, "seed": self.seed,
                "first_dealer": self.first_dealer, "rounds": self.rounds}
        if self.app:  # absent when empty: a record without app data is byte-for-byte as before
            data["app"] = self.app
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def from_state(st: State, seats: list[dict], seed: int | None = None) -> Record:
    """The record of a game played on ``st`` (rounds so far, the current one included)."""
    rounds = [{"deck": [CARD_IDS[c] for c in deck], "actions": [str(a) for a in actions]}
              for deck, actions in st.history]
    return Record(st.rs.name, dict(st.rs.options), seats, first_dealer=st.first_dealer,
                  seed=seed, rounds=rounds)


def check_names(ruleset: object, options: object) -> None:
    """The ruleset is known and every option name is one of its options (RulesError), so
    no name from a file becomes a keyword argument it should not (``self``, ``name``)."""
    if not isinstance(ruleset, str) or ruleset not in rulesets.names():
        raise RulesError(f"unknown ruleset {str(ruleset)[:40]!r} "
                         f"(known: {', '.join(rulesets.names())})")
    if not isinstance(options, dict):
        raise RulesError("the options must be a JSON object")
    known = {o.name for o in rulesets.ruleset_class(ruleset).OPTIONS}
    for name in options:
        if name not in known:
            raise RulesError(f"unknown option {name[:40]!r} for ruleset {ruleset!r}")


def configure(ruleset: object, options: object) -> rulesets.Ruleset:
    """``rulesets.get`` for values from a file or a command line (names checked first:
    an option called ``self`` would otherwise be a TypeError, not a RulesError)."""
    check_names(ruleset, options)
    return rulesets.get(ruleset, **options)  # type: ignore[arg-type]


def loads(text: str) -> Record:
    """A record from JSON text already trusted in size (the program's files go through
    ``game.storage.read_record``, which bounds them first)."""
    try:
        data = json.loads(text)
    except (RecursionError, ValueError) as e:  # JSONDecodeError is a ValueError
        raise RecordError(f"not a JSON record: {str(e)[:120]}") from None
    return from_json(data)


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_json(data: object) -> Record:
    """Check the record's shape, naming the first bad field (its moves: ``replay``)."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"unsupported record format {str(data.get('format'))[:40]!r} "
                          f"(expected {FORMAT!r})")
    ruleset = data.get("ruleset")
    options = data.get("options", {})
    seats = data.get("seats")
    rounds = data.get("rounds", [])
    first_dealer = data.get("first_dealer", 0)
    seed = data.get("seed")
    try:
        check_names(ruleset, options)
    except RulesError as e:
        raise RecordError(f"'ruleset' and 'options': {e}") from None
    if not isinstance(seats, list) or not seats:
        raise RecordError("'seats' must be a non-empty list")
    if len(seats) > MAX_SEATS:
        raise RecordError(f"'seats' lists {len(seats)} seats (at most {MAX_SEATS})")
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise RecordError(f"'seats[{i}]' must be an object with 'name' and 'kind'")
        for key in ("name", "kind"):
            if key in s and not isinstance(s[key], str):
                raise RecordError(f"'seats[{i}].{key}' must be a string")
    if not _int(first_dealer):
        raise RecordError(f"'first_dealer' must be a seat number, not {first_dealer!r}")
    if seed is not None and not _int(seed):
        raise RecordError(f"'seed' must be an integer or null, not {str(seed)[:40]!r}")
    if not isinstance(rounds, list):
        raise RecordError("'rounds' must be a list")
    for i, r in enumerate(rounds):
        if not isinstance(r, dict) or not isinstance(r.get("deck"), list) \
                or not isinstance(r.get("actions", []), list):
            raise RecordError(f"round {i + 1} (rounds[{i}]) must be an object with a 'deck' "
                              "list and an 'actions' list")
        for key in ("deck", "actions"):
            for j, item in enumerate(r.get(key, [])):
                if not isinstance(item, str):
                    raise RecordError(f"'rounds[{i}].{key}[{j}]' must be a string")
    app_version = data.get("app_version", "")
    app = data.get("app", {})
    if not isinstance(app, dict):
        raise RecordError("'app' must be a JSON object")
    return Record(ruleset, options, seats, first_dealer=first_dealer, seed=seed,
                  rounds=rounds, app_version=str(app_version)[:40], app=app)


def apply_recorded(st: State, action: Action) -> list:
    """Apply a recorded action, first closing optional windows it implies (passes)."""
    events: list = []
    while True:
        if action.seat == CHANCE:
            return events + st.apply(action)
        legal = st.legal_actions()
        if action in legal:
            return events + st.apply(action, check=False)
        pass_action = Action(st.to_move, PASS)
        if pass_action in legal:
            events += st.apply(pass_action, check=False)
            continue
        raise IllegalAction(f"{str(action)!r} is not legal here "
                            f"(seat {st.to_move} to move; legal: "
                            f"{', '.join(str(a) for a in legal) or 'none'})")


@dataclass
class Replay:
    state: State
    results: list[RoundResult]
    events: list[list]  # per round entry, when requested
    complete: bool  # the last round entry reached its end


class Replayer:
    """A record replayed position by position: `steps()` yields (round index, actions
    applied in that round, the events of that step) after the deal of each round and after
    each of its recorded actions, `state` being the game right there. Every check of
    `replay` is made, with the same messages, at the step it concerns: a caller can use
    the first positions of a long record before the last are replayed (the replay viewer,
    issue 43, item 8), and `replay` is this run to the end."""

    def __init__(self, record: Record, *, events: bool = False) -> None:
        try:
            rs = configure(record.ruleset, record.options)
        except ValueError as e:
            raise RecordError(f"bad ruleset or options: {e}") from None
        try:
            self.state = rs.new_state(len(record.seats), record.first_dealer, events=events)
        except ValueError as e:
            raise RecordError(str(e)) from None
        self.record = record
        self.complete = True  # the last round entry replayed so far reached its end

    def steps(self) -> Iterator[tuple[int, int, list]]:
        """Each position in order (RecordError, round and action, on the first problem)."""
        st = self.state
        for ri, rnd in enumerate(self.record.rounds):
            where = f"round {ri + 1} (rounds[{ri}])"
            if st.phase == OVER:
                raise RecordError(f"{where}: the game had already ended")
            if not self.complete:
                raise RecordError(f"round {ri} (rounds[{ri - 1}]) stops before its end, "
                                  "but another round follows it")
            try:
                deck = [parse_card(c) for c in rnd["deck"]]
                ev = st.start_round(deck)
            except ValueError as e:
                raise RecordError(f"{where}, deck: {e}") from None
            self.complete = False
            yield ri, 0, ev
            for ai, text in enumerate(rnd.get("actions", [])):
                at = f"{where}, action {ai + 1} (actions[{ai}]) {str(text)[:80]!r}"
                try:
                    action = Action.parse(text)
                    if action.verb == PASS:
                        raise NotationError("'pass' is never written in a record")
                except NotationError as e:
                    raise RecordError(f"{at}: bad notation: {e}") from None
                try:
                    ev = apply_recorded(st, action)
                except ValueError as e:
                    raise RecordError(f"{at}: illegal: {e}") from None
                yield ri, ai + 1, ev
            self.complete = st.phase in (DEAL, OVER) and len(st.results) == ri + 1
            if len(st.results) > ri + 1:  # cannot happen: one deck deals one round
                raise RecordError(f"{where}: more than one round")


def replay(record: Record, *, events: bool = False) -> Replay:
    """Replay and check every action; RecordError (round and action) on the first problem."""
    replayer = Replayer(record, events=events)
    all_events: list[list] = []
    for _ri, ai, ev in replayer.steps():
        if ai == 0:
            all_events.append(list(ev))
        else:
            all_events[-1] += ev
    st = replayer.state
    return Replay(st, list(st.results), all_events, replayer.complete)
