"""Game records (rules/API.md §3): load, validate, replay, save.

A record holds every chance outcome (the decks, ``* blank`` and ``* deck`` actions), so a
replay needs no generator. Loading never executes anything from the file; every problem is a
RecordError naming the round and action where it was found.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from . import rulesets
from .actions import CHANCE, PASS, Action, parse_action
from .cards import CARD_IDS, parse_card
from .errors import IllegalAction, RecordError
from .ledger import RoundResult
from .state import DEAL, OVER, State

FORMAT = "hanafuda-record/1"
APP_VERSION = "0.1.0"


@dataclass
class Record:
    ruleset: str
    options: dict
    seats: list[dict]
    first_dealer: int = 0
    seed: int | None = None
    rounds: list[dict] = field(default_factory=list)
    app_version: str = APP_VERSION

    def to_json(self) -> dict:
        return {"format": FORMAT, "app_version": self.app_version, "ruleset": self.ruleset,
                "options": self.options, "seats": self.seats, "seed": self.seed,
                "first_dealer": self.first_dealer, "rounds": self.rounds}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: a temporary file in the same folder, then os.replace."""
        path = Path(path)
        fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(self.dumps())
                f.write("\n")
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def from_state(st: State, seats: list[dict], seed: int | None = None) -> Record:
    """The record of a game played on ``st`` (rounds so far, the current one included)."""
    rounds = [{"deck": [CARD_IDS[c] for c in deck], "actions": [str(a) for a in actions]}
              for deck, actions in st.history]
    return Record(st.rs.name, dict(st.rs.options), seats, first_dealer=st.first_dealer,
                  seed=seed, rounds=rounds)


def loads(text: str) -> Record:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RecordError(f"not a JSON record: {e}") from None
    return from_json(data)


def load(path: str | os.PathLike) -> Record:
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not UTF-8 text") from None
    return loads(text)


def from_json(data: object) -> Record:
    """Check the record's shape (not yet its moves: ``replay`` does that)."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"unsupported record format {data.get('format')!r} "
                          f"(expected {FORMAT!r})")
    ruleset = data.get("ruleset")
    options = data.get("options", {})
    seats = data.get("seats")
    rounds = data.get("rounds", [])
    first_dealer = data.get("first_dealer", 0)
    seed = data.get("seed")
    if not isinstance(ruleset, str):
        raise RecordError("the record names no ruleset")
    if not isinstance(options, dict):
        raise RecordError("'options' must be a JSON object")
    if not isinstance(seats, list) or not seats:
        raise RecordError("'seats' must be a non-empty list")
    for i, s in enumerate(seats):
        if not isinstance(s, dict):
            raise RecordError(f"seat {i} must be an object with 'name' and 'kind'")
    if not isinstance(first_dealer, int) or isinstance(first_dealer, bool):
        raise RecordError(f"'first_dealer' must be a seat number, not {first_dealer!r}")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(f"'seed' must be an integer or null, not {seed!r}")
    if not isinstance(rounds, list):
        raise RecordError("'rounds' must be a list")
    for i, r in enumerate(rounds):
        if not isinstance(r, dict) or not isinstance(r.get("deck"), list) \
                or not isinstance(r.get("actions", []), list):
            raise RecordError(f"round {i + 1} (rounds[{i}]) must be an object with a 'deck' "
                              "list and an 'actions' list")
    app_version = data.get("app_version", "")
    return Record(ruleset, options, seats, first_dealer=first_dealer, seed=seed,
                  rounds=rounds, app_version=str(app_version))


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


def replay(record: Record, *, events: bool = False) -> Replay:
    """Replay and check every action; RecordError (round and action) on the first problem."""
    try:
        rs = rulesets.get(record.ruleset, **record.options)
    except ValueError as e:
        raise RecordError(f"bad ruleset or options: {e}") from None
    try:
        st = rs.new_state(len(record.seats), record.first_dealer, events=events)
    except ValueError as e:
        raise RecordError(str(e)) from None
    all_events: list[list] = []
    complete = True
    for ri, rnd in enumerate(record.rounds):
        where = f"round {ri + 1} (rounds[{ri}])"
        if st.phase == OVER:
            raise RecordError(f"{where}: the game had already ended")
        if not complete:
            raise RecordError(f"round {ri} (rounds[{ri - 1}]) stops before its end, "
                              "but another round follows it")
        try:
            deck = [parse_card(c) for c in rnd["deck"]]
            ev = st.start_round(deck)
        except ValueError as e:
            raise RecordError(f"{where}, deck: {e}") from None
        for ai, text in enumerate(rnd.get("actions", [])):
            try:
                ev += apply_recorded(st, parse_action(text))
            except ValueError as e:
                raise RecordError(f"{where}, action {ai + 1} (actions[{ai}]) {text!r}: "
                                  f"{e}") from None
        complete = st.phase in (DEAL, OVER) and len(st.results) == ri + 1
        if len(st.results) > ri + 1:  # cannot happen: one deck deals one round
            raise RecordError(f"{where}: more than one round")
        all_events.append(ev)
    return Replay(st, list(st.results), all_events, complete)
