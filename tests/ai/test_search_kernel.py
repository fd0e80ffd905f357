"""The search AIs run the engine's kernel: worlds from ``State.resample`` (or the
``Resampler`` it wraps, built once a decision), leaves played out by
``State.playout(rng, GREEDY)`` (what benchmarks/engine_playouts.py measures), nothing of
their own."""

from __future__ import annotations

import pytest

from ai.expectimax import ExpectimaxAgent
from ai.montecarlo import MonteCarloAgent
from game.engine.positions import Resampler
from game.engine.rng import Rng
from game.engine.state import GREEDY, State

from ..engine.helpers import dealt_to_play


def _view():
    st = dealt_to_play(Rng(12))
    return st.view(st.to_move)


@pytest.mark.parametrize("agent", [ExpectimaxAgent(1, nodes=30),
                                   MonteCarloAgent(1, rollouts=20)])
def test_every_leaf_is_a_greedy_engine_playout(agent, monkeypatch):
    calls = {"playout": [], "resample": 0}
    playout, deal = State.playout, Resampler.deal

    def counting_playout(self, rng, policy="random", weights=None):  # noqa: ANN001, ANN202
        calls["playout"].append(policy)
        return playout(self, rng, policy, weights)

    def counting_deal(self, rng, next_draw=None):  # noqa: ANN001, ANN202
        calls["resample"] += 1  # every world in play is dealt here, whichever way it is built
        return deal(self, rng, next_draw)

    monkeypatch.setattr(State, "playout", counting_playout)
    monkeypatch.setattr(Resampler, "deal", counting_deal)
    view = _view()
    assert len(view.legal) > 1
    agent.choose(view)
    assert calls["playout"] == [GREEDY] * agent.nodes and agent.nodes > 0
    assert 0 < calls["resample"] <= agent.nodes
