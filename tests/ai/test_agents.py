"""Computer players: legal moves only, no peeking, an honest (small) ladder, explanations."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st_

import ai
from ai import AGENTS, LEVELS, arena, make_agent
from ai.expectimax import ExpectimaxAgent
from ai.master import MasterAgent
from ai.montecarlo import MonteCarloAgent
from game.engine import rulesets
from game.engine.rng import Rng
from game.engine.state import OVER

from .helpers import two_worlds


def _fast(name: str, seed: int):
    """Agents with a small search budget, so the suite stays quick."""
    if name == "expectimax":
        return ExpectimaxAgent(seed, nodes=40)
    if name == "montecarlo":
        return MonteCarloAgent(seed, rollouts=30)
    if name == "master":
        return MasterAgent(seed, playouts=60)
    return make_agent(name, seed)


CASES = [("hachihachi", {}, 3), ("hachihachi", {"hand_swap": True}, 5),
         ("hachihachi-nintendo", {}, 4), ("nuki-hachihachi", {"dropout_fees": True}, 3),
         ("hachi", {"match_end": "rounds"}, 2), ("sudaoshi", {"more_seats": True}, 4),
         ("curriculum", {"tier": 4}, 3), ("curriculum", {"tier": 9}, 7)]


@pytest.mark.parametrize("name, options, seats", CASES)
@pytest.mark.parametrize("agent", list(AGENTS))
def test_agents_only_play_legal_moves(agent, name, options, seats):
    rs = rulesets.get(name, **options)
    rng = Rng(hash((agent, name)) & 0xFFFF)
    players = [_fast(agent, s) for s in range(seats)]
    st = rs.new_state(seats, 0)
    rounds = 0
    while st.phase != OVER and rounds < 2:
        for seat in st.decisions(rng):
            view = st.view(seat)
            action = players[seat].choose(view)
            assert action in view.legal
            st.apply(action)  # checks legality again
            why = players[view.seat].explain()
            assert isinstance(why, str) and 0 < len(why) < 160
        rounds += 1


@pytest.mark.parametrize("agent", list(AGENTS))
def test_no_peeking_same_view_same_action(agent):
    for seed in range(4):
        a, b = two_worlds(seed)
        assert (a.hands[1], a.hands[2]) != (b.hands[1], b.hands[2])
        va, vb = a.view(0), b.view(0)
        assert va == vb  # the views are equal, the true states are not
        assert _fast(agent, 9).choose(va) == _fast(agent, 9).choose(vb)


def test_masters_second_ply_sees_only_the_view():
    """The optional second ply (MasterAgent.SECOND_PLY) plays on in sampled worlds only: the
    same view gives the same move whatever the true hidden cards, and its extra playouts
    are counted."""
    for seed in range(3):
        a, b = two_worlds(seed)
        va, vb = a.view(0), b.view(0)
        deep, plain = MasterAgent(9, playouts=60, second_ply=6), MasterAgent(9, playouts=60)
        move = deep.choose(va)
        assert move in va.legal and move == MasterAgent(9, playouts=60, second_ply=6).choose(vb)
        plain.choose(va)
        assert deep.nodes > plain.nodes and len(deep.finalists) >= 2


def test_small_ladder_each_level_beats_the_one_below():
    """A small, seeded version of the ladder in the closing note (full: 600 deal-sets)."""
    out = arena.run("hachihachi", "casual", "random", 30, 11)
    assert out["mean_points_ci"][0] > 0
    out = arena.run("hachihachi", "rules", "random", 30, 11)
    assert out["mean_points_ci"][0] > 0
    ai.AGENTS["expectimax-test"] = (lambda seed: ExpectimaxAgent(seed, nodes=120), "test")
    try:
        out = arena.run("hachihachi", "expectimax-test", "greedy", 25, 11)
    finally:
        del ai.AGENTS["expectimax-test"]
    assert out["mean_points"] > 0
    # Master at a tenth of its budget, clearly above random play. Not "over Expert": that
    # edge (a few mon a round) needs hundreds of deal-sets (python -m ai.ladder); at this
    # size (15 deal-sets, 160 against 40 simulations) its sign was luck: -10.0 mon a round
    # (-21.5 .. +1.4) over 60 deal-sets of the same seed
    ai.AGENTS["master-test"] = (lambda seed: MasterAgent(
        seed, playouts=160, refine=MasterAgent.REFINE // 10), "test")
    try:
        out = arena.run("hachihachi", "master-test", "random", 15, 11)
    finally:
        del ai.AGENTS["master-test"]
    assert out["mean_points_ci"][0] > 0


def test_levels_and_names():
    assert [lv for lv, _, _ in LEVELS] == ["Beginner", "Intermediate", "Expert", "Master"]
    for level, agent, desc in LEVELS:
        assert agent in AGENTS and desc
        assert type(make_agent(level, 1)) is AGENTS[agent][0]
    with pytest.raises(ValueError, match="genius"):
        make_agent("genius", 0)


def test_search_budget_is_reproducible():
    a, _ = two_worlds(3)
    v = a.view(0)
    x, y = ExpectimaxAgent(5, nodes=100), ExpectimaxAgent(5, nodes=100)
    assert x.choose(v) == y.choose(v) and x.nodes == y.nodes and 0 < x.nodes <= 100


def test_arena_cli_json():
    p = subprocess.run([sys.executable, "-m", "ai.arena", "--test", "rules", "--against",
                        "random", "--deals", "3", "--seed", "2", "--json"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    for key in ("deal_sets", "mean_points", "mean_points_ci", "win_share", "win_share_ci"):
        assert key in out
    assert out["deal_sets"] == 3 and len(out["mean_points_ci"]) == 2
    bad = subprocess.run([sys.executable, "-m", "ai.arena", "--test", "nobody", "--against",
                          "random", "--deals", "1"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "nobody" in bad.stderr and "Traceback" not in bad.stderr


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st_.integers(0, 2**32), case=st_.integers(0, len(CASES) - 1),
       agent=st_.sampled_from(["random", "greedy", "casual", "rules", "expectimax",
                               "master"]))
def test_agents_never_play_illegal_moves_over_many_seeds(seed, case, agent):
    name, options, seats = CASES[case]
    rs = rulesets.get(name, **options)
    rng = Rng(seed)
    players = [_fast(agent, seed + s) for s in range(seats)]
    st = rs.new_state(seats, rng.below(seats))
    for seat in st.decisions(rng):
        view = st.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal
        st.apply(action)
