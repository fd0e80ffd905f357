"""'Try it' sessions stand exactly where the reviewed decision was asked."""

from __future__ import annotations

import pytest

from ai import review as reviews
from game.engine.actions import Action
from game.engine.record import RecordError
from game.simulate import simulate
from game.ui.tryit import try_session


def test_every_reviewed_decision_can_be_tried():
    rec = simulate("hachihachi", {"rounds": 2}, 5, ["random"], seed=11)
    rec.seats[0] = {"name": "Ana", "kind": "human"}
    seen = 0
    for seat in range(5):
        for m in reviews.moments(rec, [seat]):
            s = try_session(rec, m.round, m.index, seat, m.chosen)
            assert s.st.to_move == seat
            assert s.view(seat).hand_mask == m.state.view(seat).hand_mask
            assert set(s.view(seat).legal) == set(m.state.view(seat).legal)
            seen += 1
    assert seen > 20


def test_a_decision_the_record_does_not_have_is_refused():
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], seed=2)
    with pytest.raises(RecordError):
        try_session(rec, 5, 0, 0, Action(0, "pass"))
    with pytest.raises(RecordError):
        try_session(rec, 0, 10_000, 0, Action(0, "pass"))
