"""The review's accuracy and marks read sensibly whatever the values (issue 45, item 7): every
decision is rated by the mon it gave away against the best choice, "Best" is a tolerance
relative to the decision's spread, the accuracy is made of those losses (all-negative and
all-equal values included), and no verdict praises a choice and then recommends another."""

from __future__ import annotations

import pytest

from ai import review as R
from game import practice
from game.engine.actions import Action
from game.engine.cards import CARD_IDS
from game.play.terms import card_name
from game.simulate import simulate
from game.ui import review_words as words

PLAYS = tuple(Action.parse(f"0 play {c}") for c in ("crane", "moon", "phoenix", "curtain",
                                                    "rain_man"))


def decision(values: list[float], chosen: int = 0, view=None) -> R.Decision:  # noqa: ANN001
    """A weighed decision from its choices' values (one a play, in order), the seat having
    made the choice at index `chosen`; `view` (the seat's, for the words) gives the plays."""
    actions = list(PLAYS if view is None else view.legal)[:len(values)]
    top = max(values)
    choices = sorted((R.Choice(a, v, top - v, 0.0) for a, v in zip(actions, values,
                                                                    strict=False)),
                     key=lambda c: -c.value)
    return R.Decision(0, 0, 0, "play", actions[chosen], tuple(choices), 100, view)


def review_of(*ds: R.Decision) -> R.Review:
    return R.Review(0, list(ds))


def test_all_negative_values_rate_by_the_mon_given_away():
    best, worse = decision([-20.0, -25.0, -40.0], 0), decision([-20.0, -25.0, -40.0], 1)
    assert best.mark == "best" and best.loss == 0
    assert worse.loss == pytest.approx(5.0) and worse.mark == "inaccuracy"
    rv = review_of(best, worse)
    assert rv.given == pytest.approx(5.0) and rv.stake == pytest.approx(40.0)
    assert rv.accuracy == pytest.approx(1 - 5 / 40)
    # made of differences alone: the same choices 100 mon higher read the same
    lifted = review_of(decision([80.0, 75.0, 60.0], 0), decision([80.0, 75.0, 60.0], 1))
    assert lifted.accuracy == pytest.approx(rv.accuracy)
    line = words.accuracy_line(rv)
    assert "87 %" in line and "5.0 mon given away" in line and "40.0" in line
    assert "kept" not in line


def test_all_equal_choices_are_all_best_and_do_not_count():
    for values in ([-12.0, -12.0, -12.0], [-12.0, -12.03, -11.99]):  # the second: rounding
        ds = [decision(values, i) for i in range(3)]
        assert all(d.mark == "best" and not d.matters for d in ds)
        assert all(ds[0].mark_of(c) == "best" for c in ds[0].choices)
        rv = review_of(*ds)
        assert rv.accuracy is None and rv.stake == 0
        assert "none of these decisions" in words.accuracy_line(rv)
    # a decision that did not matter neither helps nor hurts one that did
    mattered = decision([3.0, -5.0], 1)
    assert review_of(mattered, decision([1.0, 1.0], 0)).accuracy == \
        review_of(mattered).accuracy == 0.0


def test_clearly_different_values_are_not_all_best():
    wide = decision([10.0, 9.0, 8.0, 0.0])
    assert [wide.mark_of(c) for c in wide.choices] == ["best", "good", "good", "mistake"]
    narrow = decision([0.6, 0.3, 0.0])  # a decision worth little: still told apart
    assert [narrow.mark_of(c) for c in narrow.choices] == ["best", "good", "good"]
    assert narrow.matters
    close = decision([10.0, 9.7, 0.0])  # within a tenth of the spread (and 0.5 mon): as good
    assert [close.mark_of(c) for c in close.choices] == ["best", "best", "mistake"]
    assert R.tolerance(0.0) == R.SAME_MON and R.tolerance(1000.0) == R.MARKS[0][1]


def test_accuracy_is_full_when_every_choice_is_best_and_falls_with_each_mon_given_away():
    values = [10.0, 9.7, 6.0, 1.0, -30.0]
    others = decision([4.0, -4.0], 0)
    by_choice = [review_of(others, decision(values, i)).accuracy for i in range(5)]
    assert by_choice[0] == by_choice[1] == 1.0  # the top, and one as good
    assert "the best choice at every decision" in words.accuracy_line(
        review_of(others, decision(values, 1)))
    assert all(a > b for a, b in zip(by_choice[1:], by_choice[2:], strict=False))
    worst = review_of(decision([4.0, -4.0], 1), decision([2.0, 1.0, -9.0], 2))
    assert worst.accuracy == 0.0
    assert words.accuracy_line(review_of(decision([10.0, 0.0], 0), decision(
        [100.0, 99.0, 0.0], 1))).startswith("Accuracy: 99 %")  # 99.5 % is not all best


@pytest.fixture(scope="module")
def view():  # noqa: ANN201
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["rules"], seed=3)
    for m in R.moments(rec, [0]):
        v = m.state.view(0)
        if v.phase == "play" and len(v.legal) >= 3:
            return v
    raise AssertionError("no play with three choices")


def _card(action: Action) -> str:
    return card_name(CARD_IDS[action.args[0]])


def test_a_choice_as_good_as_the_best_is_the_one_recommended(view):  # noqa: ANN001
    d = decision([10.0, 9.8, 0.0], 1, view)  # the second is within the tolerance of the top
    top, mine = d.best.action, d.chosen
    assert top != mine and d.mark == "best"
    assert d.recommended == mine
    sentence = words.better_sentence(d, ["", "", ""])
    assert sentence.startswith(f"Play the {_card(mine)}") and _card(top) not in sentence
    verdict = words.verdict_line(d)
    assert "as good as" in verdict and "found the best" not in verdict
    puzzle = practice.Puzzle("generated", "hachihachi", ("", "", ""), view, d.choices)
    assert puzzle.verdict(mine)[0] == "best" and puzzle.decision(mine).recommended == mine
    assert "found the best" in words.verdict_line(decision([10.0, 9.8, 0.0], 0, view))


def test_a_worse_choice_is_never_called_best_and_the_best_is_recommended(view):  # noqa: ANN001
    d = decision([10.0, 8.0, 0.0], 1, view)
    assert d.mark == "good" and d.recommended == d.best.action != d.chosen
    assert words.better_sentence(d, ["", "", ""]).startswith(f"Play the {_card(d.best.action)}")
    assert "2.0 mon less" in words.verdict_line(d)
    # in any decision: whatever is marked best is what the words stand behind
    for values in ([5.0, 4.9, 4.6, -1.0], [-3.0, -3.2, -8.0], [0.2, 0.1, 0.0]):
        for i in range(len(values)):
            di = decision(values, i, view)
            assert (di.recommended == di.chosen) == (di.mark == "best")


def test_the_review_keeps_what_the_accuracy_is_made_of():
    rv = review_of(decision([-20.0, -25.0, -40.0], 1))
    data = rv.as_json()
    assert data["given"] == 5.0 and data["stake"] == 20.0 and data["accuracy"] == 0.75
    assert [c["mark"] for c in data["decisions"][0]["choices"]] == \
        ["best", "inaccuracy", "blunder"]
