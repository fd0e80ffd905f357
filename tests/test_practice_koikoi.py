"""Practice for a Koi-Koi player (game.practice): the Koi-Koi drill's piles score, and their
answer is the engine's; "Koi-koi or stop?" is a clear decision of the koikoi ruleset; a
reviewed Koi-Koi game's mistakes come back as positions of that game; the practice file of
an earlier version, without the Koi-Koi scores, still loads."""

from __future__ import annotations

import json

import pytest

from ai import review as reviews
from game import practice
from game.engine import rulesets
from game.engine.actions import PLAY, SAGE, SHOUBU
from game.simulate import simulate

KOIKOI = rulesets.get("koikoi")


@pytest.mark.parametrize("seed", range(8))
def test_a_koikoi_drill_asks_four_answers_one_of_them_the_engines(seed):
    d = practice.koikoi_drill(seed)
    assert d.ruleset == "koikoi" and d.kind == "pile"
    assert practice.PILE_SIZES[0] <= len(d.cards) <= practice.PILE_SIZES[1]
    assert len(set(d.cards)) == len(d.cards)
    assert len(d.options) == 4 and len(set(d.options)) == 4
    assert 0 <= d.correct < 4 and d.options[d.correct] == d.answer
    assert dict(d.answer) == KOIKOI.dekiyaku(d.cards)  # the engine's, not ours
    names = {e.id for e in KOIKOI.entries if e.is_card_set}
    assert all(k in names for option in d.options for k, _v in option)  # koikoi yaku only


def test_a_koikoi_drill_is_the_same_for_its_seed():
    assert practice.koikoi_drill(41) == practice.koikoi_drill(41)
    assert len({practice.koikoi_drill(s).cards for s in range(10)}) == 10


def test_koikoi_piles_mostly_hold_a_yaku():
    """Random Koi-Koi piles seldom score; the drill deals a yaku's cards five times in six,
    and all yaku of the catalogue come up, not only the cheap ones."""
    drills = [practice.koikoi_drill(s) for s in range(120)]
    scoring = [d for d in drills if d.answer]
    assert len(scoring) >= 0.75 * len(drills)
    assert len(drills) - len(scoring) >= 3  # "No yaku" is still sometimes right
    made = {k for d in scoring for k, _v in d.answer}
    assert {"goko", "inoshikacho", "akatan", "aotan", "kasu", "tsukimi_zake"} <= made


def test_a_wrong_answer_can_forget_the_extra_points():
    """Koi-Koi's counting yaku add a point a card beyond the need: one wrong answer is the
    yaku at its base worth when the pile has more (the slip a learner makes)."""
    base = {e.id: e.value for e in KOIKOI.entries}
    found = False
    for seed in range(200):
        d = practice.koikoi_drill(seed)
        bare = tuple((k, base[k]) for k, _v in d.answer)
        if d.answer and bare != d.answer:
            assert bare in d.options
            found = True
    assert found


def test_koikoi_or_stop_is_a_clear_koikoi_decision_the_same_for_its_seed():
    a = practice.koikoi_puzzle(7, worlds=80)
    b = practice.koikoi_puzzle(7, worlds=80)
    assert a is not None and b is not None
    assert a.view == b.view and a.choices == b.choices
    assert a.ruleset == "koikoi" and a.source == "koikoi"
    assert a.view.phase == "decide" and a.view.decision_words == "koikoi"
    assert {c.action.verb for c in a.choices} == {SAGE, SHOUBU}
    assert {c.action for c in a.choices} == set(a.view.legal)
    assert practice.clear_enough(a.choices)
    mark, _c = a.verdict(a.best.action)
    assert mark == "best"
    assert a.verdict(a.choices[-1].action)[0] != "best"


def test_a_reviewed_koikoi_mistake_becomes_a_koikoi_position(tmp_path):
    """mistake_puzzle reads the record's ruleset: a Koi-Koi game's mistake comes back as a
    Koi-Koi position (two seats, the koikoi rules), its choices the plays of that moment."""
    rec = simulate("koikoi", {"rounds": 3}, 2, ["random", "rules"], seed=5)
    records = tmp_path / "records"
    records.mkdir()
    (records / "kk.json").write_text(rec.dumps(), encoding="utf-8")
    rv = reviews.review(rec, 0, worlds=40)
    assert any(d.mark in ("mistake", "blunder") and d.phase == "play" for d in rv.decisions)
    data = tmp_path / "data"
    data.mkdir()
    assert practice.remember_mistakes(data, "kk.json", rv) >= 1
    progress, _msg = practice.load(data)
    found = [practice.mistake_puzzle(records, ref, worlds=40) for ref in progress.mistakes]
    puzzles = [p for p in found if p is not None]
    assert puzzles
    for p in puzzles:
        assert p.source == "mistake" and p.ruleset == "koikoi" and len(p.names) == 2
        assert p.view.decision_words == "koikoi" and len(p.view.active) == 2
        assert p.played in p.view.legal
        assert {c.action for c in p.choices} == set(p.view.legal)
        assert all(c.action.verb == PLAY for c in p.choices)


def test_a_practice_file_without_the_koikoi_scores_loads_and_gains_them(tmp_path):
    """practice.json of an earlier version (no Koi-Koi kinds) keeps its scores; a Koi-Koi
    answer adds its own kind beside them."""
    old = {"version": 1, "scores": {"positions": [2, 3], "drill": [4, 5]},
           "daily": {"2026-01-02": "best"},
           "mistakes": [{"record": "g.json", "round": 0, "index": 3, "seat": 1}]}
    (tmp_path / practice.FILE_NAME).write_text(json.dumps(old), encoding="utf-8")
    progress, msg = practice.load(tmp_path)
    assert msg is None and progress.scores == old["scores"]
    assert "koikoi_drill" not in progress.scores and "koikoi_stop" not in progress.scores
    assert practice.record_score(tmp_path, "koikoi_drill", True)
    assert practice.record_score(tmp_path, "koikoi_stop", False)
    again, msg = practice.load(tmp_path)
    assert msg is None
    assert again.scores == {"positions": [2, 3], "drill": [4, 5], "koikoi_drill": [1, 1],
                            "koikoi_stop": [0, 1]}
    assert again.daily == old["daily"] and len(again.mistakes) == 1
