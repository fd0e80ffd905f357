"""The action notation (docs/rules/README.md §7): strict, one spelling per action, round-trips."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import record as records
from game.engine.actions import BLANK, CHANCE, DECK, PLAY, TAKE, VERBS, Action, parse_action
from game.engine.cards import CARD_IDS
from game.engine.errors import IllegalAction, NotationError, RecordError
from game.simulate import simulate


def test_parse_is_a_classmethod_and_parse_action_its_alias():
    a = Action.parse("1 play crane")
    assert a == Action(1, PLAY, (CARD_IDS.index("crane"),))
    assert parse_action("1 play crane") == a


def test_repr_reads_as_the_notation_and_evaluates_back():
    a = Action.parse("0 play pine_chaff_1 crane")
    assert repr(a) == "Action.parse('0 play pine_chaff_1 crane')"
    assert eval(repr(a), {"Action": Action}) == a  # noqa: S307 - the repr's promise


@pytest.mark.parametrize("text", [
    "１ play crane",      # a full-width digit
    "٣ play crane",      # an Arabic-Indic digit
    "1  play crane",     # two spaces
    " 1 play crane",     # leading space
    "1 play crane ",     # trailing space
    "1\tplay crane",     # a tab
    "1\u00a0play crane",  # a no-break space
    "1 play\ncrane",     # a line break
    "01 play crane",     # a leading zero
    "+1 play crane",
    "-1 play crane",
    "1 PLAY crane",
    "1 play Crane",
    "* blank ２",
    "* blank 01",
    "1 deck crane",
    "* play crane",
    "1 play",
    "1",
    "",
    "1 sage now",
    "1 play " + " ".join(["crane"] * 3),
    "* deck " + "crane " * 2000,
])
def test_lenient_spellings_are_notation_errors(text):
    with pytest.raises(NotationError):
        Action.parse(text)


def test_a_non_string_is_a_notation_error():
    for value in (None, 1, ["1", "play"], {"a": 1}):
        with pytest.raises(NotationError):
            Action.parse(value)


def test_notation_and_illegality_are_different_errors():
    assert not issubclass(NotationError, IllegalAction)
    assert issubclass(NotationError, ValueError) and issubclass(IllegalAction, ValueError)


def _actions() -> st.SearchStrategy[Action]:
    card = st.integers(0, len(CARD_IDS) - 1)
    seat = st.integers(0, 6)
    no_args = sorted(VERBS - {PLAY, TAKE, DECK, BLANK})
    return st.one_of(
        st.builds(lambda s, v: Action(s, v), seat, st.sampled_from(no_args)),
        st.builds(lambda s, cs: Action(s, PLAY, tuple(cs)), seat,
                  st.lists(card, min_size=1, max_size=2)),
        st.builds(lambda s, c: Action(s, TAKE, (c,)), seat, card),
        st.builds(lambda cs: Action(CHANCE, DECK, tuple(cs)), st.lists(card, max_size=48)),
        st.builds(lambda s: Action(CHANCE, BLANK, (s,)), seat),
    )


@settings(max_examples=300, deadline=None)
@given(_actions())
def test_every_action_round_trips(action):
    assert Action.parse(str(action)) == action
    assert eval(repr(action), {"Action": Action}) == action  # noqa: S307


def _recorded() -> dict:
    return simulate("hachihachi", {}, 3, ["random"], 4, rounds=1).to_json()


def test_a_record_says_bad_notation_apart_from_an_illegal_action():
    data = _recorded()
    first = data["rounds"][0]["actions"][0]
    data["rounds"][0]["actions"][0] = first.replace(" ", "  ", 1)
    with pytest.raises(RecordError, match="bad notation"):
        records.replay(records.loads(json.dumps(data)))
    data = _recorded()
    data["rounds"][0]["actions"].insert(0, "0 cancel")
    with pytest.raises(RecordError, match="illegal"):
        records.replay(records.loads(json.dumps(data)))
    data = _recorded()
    data["rounds"][0]["actions"].insert(0, "0 pass")
    with pytest.raises(RecordError, match="bad notation"):
        records.replay(records.loads(json.dumps(data)))
