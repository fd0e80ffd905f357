"""The rule-based player's field risk asks the engine what a capture takes (issue 44, item 7).

``RulesAgent.field_risk`` weighs what the next opponent may take from the field a play leaves.
What one capture takes is the engine's answer (``capture_rel``, ``capture_choices``,
``arrive``), not a copy of the capture rule: by month the opponent picks one of two cards of a
month and takes one or three whole; by month sum a capture takes one card, and the player
weighs each field card as its own target. That last choice is the player's judgement, not a
rule, and it was measured: weighing the month-sum candidates once, as one capture takes them,
changed 18 % of Hachi's decisions and lost 1.26 mon (95 % interval 0.76 to 1.76) per changed
decision by the review's search (407 decisions, 400 worlds each), so the player keeps it.
"""

from __future__ import annotations

import pytest

from ai.model import Situation
from ai.review import weigh
from ai.rules_agent import RulesAgent, _capture_options, _Table
from game.engine import rulesets
from game.engine.actions import Action
from game.engine.cards import CARD_IDS, INDEX
from game.engine.state import State


def _position(ruleset: str, seats: int, hands: dict[int, str], field: str,
              captured: dict[int, str]) -> State:
    """Seat 0 to move; every card nobody was given is in the draw pile."""
    rs = rulesets.get(ruleset)
    used = {c for text in [*hands.values(), field, *captured.values()] for c in text.split()}
    pile = " ".join(c for c in CARD_IDS if c not in used and rs.deck_mask >> INDEX[c] & 1)
    return State.from_position(rs, seats, dealer=0, hands=hands, field=field, pile=pile,
                               captured=captured, to_move=0)


def _m(cards: str) -> int:
    """The mask of "id id ..."."""
    return sum(1 << INDEX[c] for c in cards.split())


def _risk(st: State, field: str) -> float:
    """Seat 0's field risk of ``field`` (its own hand and the piles as they stand)."""
    view = st.view(0)
    sit = Situation.of(view)
    piles = {s: view.captured_masks[s] for s in sit.position}
    return RulesAgent(1).field_risk(sit, _Table.of(sit), _m(field), piles,
                                    view.hand_mask)


# Hachi-Hachi: the opponents hold the pine and peony cards nobody else shows
HH = _position("hachihachi", 3, {0: "plum_chaff_1 cherry_chaff_1", 1: "iris_chaff_1 moon",
                                 2: "clover_chaff_1 maple_chaff_1"}, "", {})


def test_by_month_the_options_are_the_engines_capture_choices():
    rs = HH.rs
    field = _m("crane pine_chaff_1 butterflies")
    capturers = _m("pine_ribbon pine_chaff_2")
    options, group = _capture_options(Situation.of(HH.view(0)).model, field, INDEX["crane"],
                                      capturers)
    assert group == _m("crane pine_chaff_1")
    assert sum(options) == rs.capture_choices(field, INDEX["pine_ribbon"]) == group
    assert len(options) == 2  # two of a month: the opponent picks one
    three = field | _m("pine_ribbon")
    options, group = _capture_options(Situation.of(HH.view(0)).model, three, INDEX["crane"],
                                      _m("pine_chaff_2"))
    taken = rs.arrive(three, INDEX["pine_chaff_2"])[1] & three
    assert options == [group] == [taken]  # three of a month: all of them go


def test_by_month_two_of_a_month_are_one_capture_weighed_once():
    """The opponent takes the better of the two for it (at least the Crane's risk alone), and
    the pair is one capture, not two (less than the two risks added)."""
    pair, crane, chaff = (_risk(HH, f) for f in ("crane pine_chaff_1", "crane", "pine_chaff_1"))
    assert crane <= pair < crane + chaff


# Hachi: a capture by month sum takes one card; the months 1, 6 and 11 are taken by 2, 7, 12
HACHI = _position("hachi", 2, {0: "pine_chaff_1 iris_chaff_1",
                               1: "maple_chaff_1 chrysanthemum_chaff_1"},
                  "butterflies", {0: "curtain geese"})


def test_by_month_sum_each_field_card_is_its_own_target():
    rs = HACHI.rs
    field = _m("butterflies pine_chaff_1")
    assert rs.capture_choices(field, INDEX["plum_chaff_1"]) == field  # one capture, one card
    options, group = _capture_options(Situation.of(HACHI.view(0)).model, field,
                                      INDEX["pine_chaff_1"], _m("plum_chaff_1"))
    assert options == [_m("pine_chaff_1")] and group == options[0]
    assert _risk(HACHI, "butterflies pine_chaff_1") == pytest.approx(
        _risk(HACHI, "butterflies") + _risk(HACHI, "pine_chaff_1"))


def test_hachi_lays_the_card_the_search_prefers():
    """Laying the Pine chaff beside the Butterflies (one capture could take only one of them)
    looks free to a player that weighs the pair once; weighing each card, the player lays the
    Iris chaff, and the review's search agrees by more than two standard errors."""
    view = HACHI.view(0)
    iris, pine = Action.parse("0 play iris_chaff_1"), Action.parse("0 play pine_chaff_1")
    assert RulesAgent(1).choose(view) == iris
    choices, _worlds = weigh(view, pine, worlds=600, seed=1)
    best, other = choices
    assert best.action == iris and other.loss > 2 * other.se
