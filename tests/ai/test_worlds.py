"""Sampled worlds agree with everything the seat can see."""

from __future__ import annotations

import pytest

from ai.model import Situation
from ai.worlds import greedy_rollout, sample_world
from game.engine import rulesets
from game.engine.rng import Rng
from game.engine.state import DEAL, OVER


@pytest.mark.parametrize("name, seats", [("hachihachi", 3), ("hachihachi", 6),
                                         ("nuki-hachihachi", 2), ("hachi", 2),
                                         ("sudaoshi", 3)])
def test_sampled_worlds_match_the_view(name, seats):
    rs = rulesets.get(name)
    rng = Rng(8)
    checked = 0
    for _ in range(8):
        st = rs.new_state(seats, 0)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        while st.phase not in (DEAL, OVER):
            if st.is_chance():
                st.apply(st.sample_chance(rng))
                continue
            view = st.view(st.to_move)
            if view.phase in ("play", "take", "decide"):
                sit = Situation.of(view)
                world = sample_world(view, sit, Rng(checked))
                w = world.view(view.seat)
                assert (w.hand_mask, w.field_mask, w.captured_masks, w.hand_counts,
                        w.pile_count, w.drawn, w.to_move, w.phase) == (
                    view.hand_mask, view.field_mask, view.captured_masks, view.hand_counts,
                    view.pile_count, view.drawn, view.to_move, view.phase)
                for s, claim in view.claims.items():  # revealed cards stay where they are
                    unplayed = claim.mask & sit.unseen
                    assert world.hands[s] & unplayed == unplayed
                assert sorted(a.verb for a in world.legal_actions()) == sorted(
                    a.verb for a in view.legal)
                greedy_rollout(world, Rng(1))
                assert world.phase in (DEAL, OVER) and sum(world.results[-1].net) == 0
                checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked > 20
