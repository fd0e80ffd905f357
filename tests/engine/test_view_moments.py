"""The view's facts for the table's big moments (issue 26): the turns each seat has left
(the sage panel's threats) and the cards that make a yaku (the cut-in gathers them)."""

from __future__ import annotations

from game.engine import rulesets
from game.engine.cards import MONTH_MASK, names_of
from game.engine.rng import Rng
from game.engine.view import combination_cards


def _to_play(name: str = "hachihachi", seats: int = 3):  # noqa: ANN202
    rs = rulesets.get(name)
    st = rs.new_state(seats, 0)
    deck = list(rs.deck_cards)
    Rng(5).shuffle(deck)
    st.start_round(deck)
    while st.is_chance() or st.view(0).phase != "play":
        st.apply(st.legal_actions()[0] if not st.is_chance() else st.sample_chance(Rng(1)))
    return st


def test_turns_left_counts_each_seats_turns_after_the_one_in_progress():
    st = _to_play()
    v = st.view(0)
    mover = v.to_move
    # seven cards each (common.md): the seat to move plays this turn, then six more
    assert v.turns_left[mover] == 6
    assert sorted(v.turns_left) == [6, 7, 7]
    st.apply(st.legal_actions()[0])
    while st.view(0).phase not in ("play", "decide"):
        st.apply(st.legal_actions()[0])
    assert sum(st.view(0).turns_left) == 19  # one turn fewer in all


def test_turns_left_is_all_zeros_outside_play_and_the_same_for_every_viewer():
    rs = rulesets.get("hachihachi")
    st = rs.new_state(3, 0)
    assert st.view(0).turns_left == (0, 0, 0)
    st = _to_play()
    assert st.view(0).turns_left == st.view(1).turns_left == st.view(2).turns_left


def test_a_round_played_out_counts_down_to_zero():
    st = _to_play()
    rng = Rng(3)
    seen = []
    while st.view(0).phase in ("play", "take", "decide"):
        seen.append(sum(st.view(0).turns_left))
        acts = st.legal_actions()
        st.apply(rng.choice(acts) if not st.is_chance()
                 else st.sample_chance(rng))
    assert seen[0] == 20 and min(seen) == 0
    assert all(b <= a for a, b in zip(seen, seen[1:], strict=False))


def test_combination_cards_are_the_piles_cards_of_that_yaku_only():
    rs = rulesets.get("hachihachi")
    reds = next(e for e in rs.entries if e.id == "akatan")
    pile = names_of(reds.cards) + names_of(MONTH_MASK[10] & ~reds.cards)[:1]
    got = combination_cards(rs, "akatan", pile)
    assert set(got) == set(names_of(reds.cards)) and len(got) == 3
    assert combination_cards(rs, "no_such_yaku", pile) == ()
