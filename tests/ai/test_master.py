"""Master (the 4th level): legal everywhere, blind to what its view hides, reproducible, and
its budget spent where the choice is close."""

from __future__ import annotations

import pytest

from ai import AGENT_NAMES, AGENTS, LEVELS, make_agent
from ai.master import MasterAgent
from ai.model import Situation, rollout_weights, set_values
from game.engine import rulesets
from game.engine.cards import INDEX as CARD
from game.engine.rng import Rng
from game.engine.state import OVER

from .helpers import two_worlds


def test_master_is_the_fourth_level():
    level, agent, desc = LEVELS[3]
    assert (level, agent) == ("Master", "master") and desc == AGENTS["master"][1]
    assert AGENT_NAMES["master"] == "Master"
    a = make_agent("Master", 1)
    assert type(a) is MasterAgent and a.id == "master" and a.WINDOW_LEVEL == "master"


@pytest.mark.parametrize("name", rulesets.names())
@pytest.mark.parametrize("seats", ["min", "max"])
def test_master_plays_legal_moves_in_every_ruleset(name, seats):
    rs = rulesets.get(name)
    n = rs.min_seats if seats == "min" else min(rs.max_seats, 5)
    rng = Rng(len(name) * 31 + n)
    players = [MasterAgent(s, playouts=48) for s in range(n)]
    st = rs.new_state(n, 0)
    searched = 0
    for seat in st.decisions(rng):
        view = st.view(seat)
        action = players[seat].choose(view)
        assert action in view.legal
        searched += bool(players[seat].values)
        assert 0 < len(players[seat].explain()) < 160
        st.apply(action)
        if st.round_over or st.phase == OVER:
            break
    assert searched  # the round had real choices, and the search made them


def test_master_never_reads_beyond_its_view():
    """Two true states with the same view for seat 0 get the same answer, values included."""
    for seed in range(3):
        a, b = two_worlds(seed)
        assert (a.hands[1], a.hands[2]) != (b.hands[1], b.hands[2])
        va, vb = a.view(0), b.view(0)
        assert va == vb
        x, y = MasterAgent(7, playouts=200), MasterAgent(7, playouts=200)
        assert x.choose(va) == y.choose(vb)
        assert x.values == y.values


def test_master_is_reproducible_and_keeps_to_its_budget():
    a, _ = two_worlds(3)
    v = a.view(0)
    x, y, z = (MasterAgent(seed, playouts=300) for seed in (5, 5, 6))
    ax, ay = x.choose(v), y.choose(v)
    assert ax == ay and x.values == y.values and x.nodes == y.nodes
    assert 0 < x.nodes <= 300 + x.REFINE and x.worlds <= x.nodes  # the budget and its refinement
    z.choose(v)
    assert z.values != x.values  # another seed imagines other deals
    finalists = [v.legal[i] for i in x.finalists]
    assert ax in finalists and x.values[ax] == max(x.values[a] for a in finalists)


def test_successive_halving_spends_most_on_the_leaders():
    a, _ = two_worlds(1)
    v = a.view(0)
    n = len(v.legal)
    assert n > 2
    m = MasterAgent(3, playouts=400)
    m.choose(v)
    # every move met the first round's worlds; later rounds only the better half
    assert m.worlds > 400 // (n * max(1, (n - 1).bit_length()))
    assert m.nodes < m.worlds * n


def test_rollout_weights_add_open_yaku_to_card_points():
    rs = rulesets.get("hachihachi")
    st, _ = two_worlds(4)
    sit = Situation.of(st.view(0))
    assert rollout_weights(sit, 0) == rs.values
    w = rollout_weights(sit, 0.5)
    for ribbon in ("pine_ribbon", "plum_ribbon", "cherry_ribbon"):  # akatan, still open
        c = CARD[ribbon]
        if not any(p >> c & 1 for p in st.view(0).captured_masks):
            assert w[c] > rs.values[c]
    in_yaku = 0
    for s in range(3):
        for _, mask, _value in sit.model.sets(s):
            in_yaku |= mask
    assert all(w[c] == rs.values[c] for c in range(48) if not in_yaku >> c & 1)
    assert w[CARD["crane"]] > rs.values[CARD["crane"]]  # shiko and goko are open at the start


def test_set_values_start_where_the_fixed_weights_stand():
    """``follow=1``: the values that follow the sets start from the view's piles, within the
    rounding of the fixed weights, and change Master's play only through its rollouts."""
    st, _ = two_worlds(4)
    sit = Situation.of(st.view(0))
    fixed, follow = rollout_weights(sit, 2.0), set_values(sit, 2.0)
    start = follow.of(list(st.view(0).captured_masks))
    assert all(abs(a - b) <= 1 for a, b in zip(fixed, start, strict=True))
    view = st.view(st.to_move)
    a, b = MasterAgent(3, playouts=120, follow=1), MasterAgent(3, playouts=120, follow=1)
    assert a.choose(view) == b.choose(view) and a.values == b.values
    assert a.choose(view) in view.legal


def test_close_calls_get_more_worlds_and_clear_ones_none():
    """REFINE spends extra playouts on the last two moves only while their paired difference
    is within REFINE_Z standard errors of zero, and never more than REFINE."""
    m = MasterAgent(1)
    assert m._close([0.0, 50.0, 10])  # mean 0, spread: close
    assert not m._close([100.0, 1000.0, 10])  # every world says +10: clear
    assert not m._close([0.0, 0.0, 1])  # one world says nothing
    spent = {}
    for seed in range(3):
        a, _ = two_worlds(seed)
        v = a.view(0)
        base = MasterAgent(4, playouts=200, refine=0)
        more = MasterAgent(4, playouts=200, refine=400)
        base.choose(v)
        more.choose(v)
        assert base.nodes <= 200 and base.nodes <= more.nodes <= base.nodes + 400
        spent[seed] = more.nodes - base.nodes
        again = MasterAgent(4, playouts=200, refine=400)
        again.choose(v)
        assert again.values == more.values and again.nodes == more.nodes
    assert any(spent.values())  # some close call was refined
