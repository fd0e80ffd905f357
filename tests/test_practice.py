"""Practice (game.practice): positions with one clear answer, the same daily position for
everyone, drills whose answer is the engine's, and a practice file that survives anything."""

from __future__ import annotations

import datetime as dt
import json
import os

import pytest

from ai import review as reviews
from game import practice
from game.engine import rulesets
from game.simulate import simulate


def test_the_daily_position_is_the_same_for_everyone_and_clear():
    day = dt.date(2026, 11, 26)
    a, b = practice.daily_puzzle(day), practice.daily_puzzle(day)
    assert a is not None and a.source == "daily"
    assert a.view == b.view and a.choices == b.choices
    assert practice.clear_enough(a.choices)
    assert a.choices[1].loss > practice.CLEAR_MARGIN
    assert practice.daily_seed(day) != practice.daily_seed(day + dt.timedelta(days=1))
    mark, best = a.verdict(a.best.action)
    assert mark == "best" and best.loss == 0
    mark, second = a.verdict(a.choices[1].action)
    assert mark != "best" and second.loss > 0


def test_clear_enough_needs_a_lead_beyond_the_margin_and_the_noise():
    from game.engine.actions import Action

    a, b = Action(0, "play", (1,)), Action(0, "play", (2,))
    best = reviews.Choice(a, 10.0, 0.0, 0.0)
    assert practice.clear_enough((best, reviews.Choice(b, 2.0, 8.0, 1.0)))
    assert not practice.clear_enough((best, reviews.Choice(b, 7.0, 3.0, 0.5)))  # too small
    assert not practice.clear_enough((best, reviews.Choice(b, 2.0, 8.0, 4.0)))  # too noisy
    assert not practice.clear_enough((best,))


@pytest.mark.parametrize("seed", range(6))
def test_drills_ask_four_different_answers_one_of_them_the_engines(seed):
    rs = rulesets.get("hachihachi")
    for d in (practice.teyaku_drill(seed), practice.pile_drill(seed)):
        assert len(d.options) == 4 and len(set(d.options)) == 4
        engine = rs.teyaku(d.cards) if d.kind == "teyaku" else rs.dekiyaku(d.cards)
        assert dict(d.answer) == engine
        if d.kind == "teyaku":
            assert len(d.cards) == 7
        else:
            assert practice.PILE_SIZES[0] <= len(d.cards) <= max(practice.PILE_SIZES[1], 12)


def test_drills_often_hold_something_to_find():
    kinds = [bool(practice.teyaku_drill(s).answer) for s in range(30)]
    piles = [bool(practice.pile_drill(s).answer) for s in range(30)]
    assert 10 <= sum(kinds) <= 28 and 10 <= sum(piles) <= 30


def _review_with_mistakes(tmp_path):  # noqa: ANN001, ANN202
    # three rounds of random play: two held a single inaccuracy once the review kept to the
    # deals the teyaku claims allow (seven decisions); three hold four blunders
    rec = simulate("hachihachi", {"rounds": 3}, 3, ["random", "rules", "rules"], seed=9)
    records = tmp_path / "records"
    records.mkdir()
    (records / "g.json").write_text(rec.dumps(), encoding="utf-8")
    rv = reviews.review(rec, 0, worlds=40)
    assert any(d.mark in ("mistake", "blunder") for d in rv.decisions)
    return rec, records, rv


def test_reviewed_mistakes_come_back_as_positions(tmp_path):
    _rec, records, rv = _review_with_mistakes(tmp_path)
    data = tmp_path / "data"
    data.mkdir()
    added = practice.remember_mistakes(data, "g.json", rv)
    assert added >= 1
    assert practice.remember_mistakes(data, "g.json", rv) == 0  # remembered once
    progress, msg = practice.load(data)
    assert msg is None and len(progress.mistakes) == added
    found = [practice.mistake_puzzle(records, ref, worlds=40) for ref in progress.mistakes]
    assert any(p is not None and p.played is not None and p.source == "mistake"
               for p in found)
    outside = practice.MistakeRef("../g.json", 0, 0, 0)
    assert practice.mistake_puzzle(records, outside) is None
    assert practice.mistake_puzzle(records, practice.MistakeRef("gone.json", 0, 0, 0)) is None


@pytest.mark.parametrize("text", [
    "", "{", "[]", "null", '{"scores": 5}', '{"scores": {"positions": [3, 1]}}',
    '{"scores": {"positions": [true, 2]}}', '{"daily": {"2026-02-30": "best"}}',
    '{"daily": {"2026-02-03": "superb"}}',
    '{"mistakes": [{"record": "../x", "round": 0, "index": 0, "seat": 0}]}',
    '{"mistakes": [{"record": "x.json", "round": -1, "index": 0, "seat": 0}]}',
    '{"mistakes": [' + ",".join(['{"record": "x.json", "round": 0, "index": 1, "seat": 0}']
                                * 300) + "]}",
    "[" * 5000 + "]" * 5000,
])
def test_a_damaged_practice_file_keeps_only_what_is_whole(tmp_path, text):
    (tmp_path / practice.FILE_NAME).write_text(text, encoding="utf-8")
    progress, _msg = practice.load(tmp_path)
    assert all(0 <= g <= t for g, t in progress.scores.values())
    assert all(v in reviews.MARK_ORDER for v in progress.daily.values())
    assert len(progress.mistakes) <= practice.MAX_MISTAKES
    assert all("/" not in m.record and m.round >= 0 for m in progress.mistakes)
    assert practice.save(tmp_path, progress)
    again, msg = practice.load(tmp_path)
    assert msg is None and again.as_json() == progress.as_json()


def test_an_unreadable_practice_file_is_set_aside(tmp_path):
    path = tmp_path / practice.FILE_NAME
    path.write_bytes(b"\xff" * 10 + b"x" * (practice.LIMITS.max_bytes + 10))
    progress, msg = practice.load(tmp_path)
    assert msg and progress.as_json() == practice.Progress().as_json()
    assert not path.exists() and any(tmp_path.iterdir())  # kept aside, not deleted


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_the_practice_file_does_not_hang(tmp_path):
    os.mkfifo(tmp_path / practice.FILE_NAME)
    progress, _msg = practice.load(tmp_path)
    assert progress.scores == {}


def test_scores_count_right_and_tried():
    p = practice.Progress()
    p.score("drill", True)
    p.score("drill", False)
    assert p.scores["drill"] == [1, 2]
    assert json.loads(json.dumps(p.as_json()))["scores"]["drill"] == [1, 2]
