"""Every computer level plays Koi-Koi under the options whose yaku read the round (Cards of the
Month, the weather) and the others added with them (issue 47): whole games end, replay from
their records and balance, and the search levels' imagined worlds read the same month as the
table (a world is built in the view's round)."""

from __future__ import annotations

import pytest

from game.engine import record as records
from game.engine.positions import Resampler
from game.engine.rng import Rng
from game.engine.state import OVER
from game.simulate import simulate

OPTIONS = {"tsukifuda": True, "field_weather": True, "field_four": "dealer_takes",
           "koi_trigger": "new_only", "rounds": 2}


@pytest.mark.parametrize("agents", [["casual", "rules"], ["expectimax", "master"]])
def test_every_level_plays_whole_games_with_the_round_reading_options(agents):
    rec = simulate("koikoi", OPTIONS, 2, agents, seed=3)
    rep = records.Replayer(rec)
    for _step in rep.steps():
        pass
    assert rep.state.phase == OVER and sum(rep.state.totals) == 0


def test_an_imagined_world_is_in_the_views_round():
    rec = simulate("koikoi", {"tsukifuda": True, "rounds": 6}, 2, ["random"], seed=8)
    rep = records.Replayer(rec)
    st = None
    for _step in rep.steps():
        st = rep.state
        if st.rounds_played == 2 and st.to_move >= 0 and st.view(st.to_move).phase == "play":
            break
    assert st is not None and st.rounds_played == 2
    view = st.view(st.to_move)
    assert view.round == 3 and st.yaku_ctx()[0] == 0xF << 8  # month 3, Cherry
    sampler = Resampler(view)
    for k in range(3):  # the first world is built whole, the next cloned from it
        world = sampler.world(Rng(k))
        assert world.yaku_ctx() == st.yaku_ctx()
        assert world.view(view.seat).yaku == view.yaku


def test_master_plays_koikoi_cards_by_experts_search_and_decides_by_its_own():
    """Master at Koi-Koi (ai/master.py, card_player): a card play is Expert's choice on
    Expert's own seed, with Expert's values; koi-koi or stop is Master's own search."""
    from ai.expectimax import ExpectimaxAgent
    from ai.master import MasterAgent
    from game.engine import rulesets
    from game.engine.actions import SAGE, SHOUBU, parse_action
    from game.engine.positions import from_position

    st = from_position(rulesets.get("koikoi"), 2, dealer=0,
                       hands={0: "cherry_ribbon willow_ribbon paulownia_chaff_1",
                              1: "maple_ribbon iris_chaff_1 paulownia_chaff_2"},
                       field="cherry_chaff_1 maple_chaff_1 wisteria_chaff_1",
                       pile=["clover_chaff_1", "clover_chaff_2", "susuki_chaff_1",
                             "susuki_chaff_2", "lightning", "wisteria_chaff_2"],
                       captured={0: "pine_ribbon plum_ribbon",
                                 1: "peony_ribbon chrysanthemum_ribbon"}, to_move=0)
    view = st.view(0)
    master = MasterAgent(5, playouts=60)
    expert = ExpectimaxAgent(5 ^ 0x5EED)
    assert master.choose(view) == expert.choose(view)
    assert master.values == expert.values and master.nodes == 0  # no playout of its own
    st.apply(parse_action("0 play cherry_ribbon"))  # Poetry Ribbons: koi-koi or stop
    decide = st.view(0)
    assert decide.phase == "decide"
    master.choose(decide)
    assert set(master.values) == set(decide.legal) and \
        {a.verb for a in decide.legal} == {SAGE, SHOUBU} and master.nodes > 0
