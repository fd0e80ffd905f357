"""move_effect: what a play or a take does for the seat making it, from its view only (the
advisor's reasons are worded from these facts, issue 23 minor 7)."""

from __future__ import annotations

from game.engine import rulesets
from game.engine.actions import PLAY, TAKE, Action
from game.engine.cards import INDEX
from game.engine.effects import move_effect
from game.engine.state import State


def _st(**kw: object) -> State:
    base = dict(
        hands={0: "cherry_ribbon maple_chaff_1 iris_chaff_1 susuki_chaff_1",
               1: "cherry_chaff_1 iris_chaff_2 peony_chaff_1 clover_chaff_1",
               2: "peony_chaff_2 clover_chaff_2 lightning boar"},
        field="cherry_chaff_2 pine_ribbon maple_ribbon moon",
        pile="pine_chaff_2 plum_chaff_2 susuki_chaff_2 chrysanthemum_chaff_1",
        captured={0: "pine_chaff_1 plum_ribbon", 1: "peony_ribbon chrysanthemum_ribbon"},
        to_move=0)
    base.update(kw)
    return State.from_position(rulesets.get("hachihachi"), 3, dealer=0, **base)


def _play(card: str, target: str | None = None) -> Action:
    args = (INDEX[card],) if target is None else (INDEX[card], INDEX[target])
    return Action(0, PLAY, args)


def test_a_capture_names_what_it_takes_its_points_and_the_yaku_it_nears():
    e = move_effect(_st().view(0), _play("cherry_ribbon"))
    assert e is not None and e.taken == ("cherry_chaff_2",) and not e.placed
    assert e.points == 5 + 1
    assert ("akatan", 2, 3) in e.advances  # plum ribbon + cherry ribbon of three


def test_taking_a_card_another_seat_needs_denies_its_yaku():
    e = move_effect(_st().view(0), _play("maple_chaff_1"))
    assert e.taken == ("maple_ribbon",)
    assert (1, "aotan") in e.denies  # Ren holds peony and chrysanthemum ribbons


def test_a_discard_that_helps_nobody_is_safe_and_one_that_feeds_a_yaku_is_exposed():
    safe = move_effect(_st().view(0), _play("iris_chaff_1"))
    assert safe.placed and safe.safe and safe.points == 0
    st = _st(hands={0: "maple_ribbon maple_chaff_1 iris_chaff_1 susuki_chaff_1",
                    1: "cherry_chaff_1 iris_chaff_2 peony_chaff_1 clover_chaff_1",
                    2: "peony_chaff_2 clover_chaff_2 lightning boar"},
             field="cherry_chaff_2 pine_ribbon willow_ribbon moon",
             pile="pine_chaff_2 plum_chaff_2 cherry_ribbon chrysanthemum_chaff_1")
    fed = move_effect(st.view(0), _play("maple_ribbon"))
    assert fed.placed and (1, "aotan") in fed.exposes and not fed.safe


def test_completing_a_yaku_is_named():
    st = _st(captured={0: "pine_chaff_1 plum_ribbon pine_ribbon",
                       1: "peony_ribbon chrysanthemum_ribbon"},
             field="cherry_chaff_2 maple_ribbon moon")
    e = move_effect(st.view(0), _play("cherry_ribbon"))
    assert e.completes == ("akatan",) and not any(a[0] == "akatan" for a in e.advances)


def test_a_take_of_the_drawn_card_and_anything_else():
    st = _st(phase="take", drawn="curtain", field="cherry_chaff_2 cherry_chaff_1 pine_ribbon",
             hands={0: "maple_chaff_1 iris_chaff_1 susuki_chaff_1",
                    1: "iris_chaff_2 peony_chaff_1 clover_chaff_1 maple_ribbon",
                    2: "peony_chaff_2 clover_chaff_2 lightning boar"},
             captured={0: "pine_chaff_1 plum_ribbon cherry_ribbon",
                       1: "peony_ribbon chrysanthemum_ribbon"})
    view = st.view(0)
    take = next(a for a in view.legal if a.verb == TAKE)
    e = move_effect(view, take)
    assert e is not None and e.card == "curtain" and len(e.taken) == 1
    assert e.points == 20 + 1
    assert move_effect(view, Action(0, "sage", ())) is None


def test_hachi_month_sum_capture():
    rs = rulesets.get("hachi")
    st = State.from_position(
        rs, 2, dealer=0,
        hands={0: "crane pine_chaff_1", 1: "plum_chaff_1 cherry_chaff_1"},
        field="warbler iris_chaff_1", pile="moon geese", to_move=0)
    view = st.view(0)
    plays = [a for a in view.legal if a.verb == PLAY and a.args[0] == INDEX["crane"]]
    effects = [move_effect(view, a) for a in plays]
    assert any(e.taken == ("warbler",) for e in effects)  # 1 + 2 = 3
