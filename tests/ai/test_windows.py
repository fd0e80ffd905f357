"""The decisions outside play by level (ai/windows.py): legal and reproducible at every
window, read from the view alone, and right where the stronger level should be."""

from __future__ import annotations

import pytest

from ai import windows
from ai.expectimax import ExpectimaxAgent
from ai.rules_agent import CasualAgent, RulesAgent
from game.engine import rulesets
from game.engine.actions import DROP, JOIN, PASS, SWAP
from game.engine.rng import Rng

RS = rulesets.get("hachihachi")


def _agent(level: str, seed: int) -> RulesAgent:
    agent = windows.variant(RulesAgent, level)(seed)
    agent.window_worlds = 12  # the master's budget, small for the test
    return agent


def _windows(level: str, seats: int, options: dict, seed: int) -> tuple[list, set[str]]:
    """Play one round's windows with every seat at ``level``: (seat, action, why) in
    order, and the window phases seen."""
    rs = rulesets.get("hachihachi", **options)
    st = rs.new_state(seats, seed % seats, events=False)
    chance = Rng(seed)
    agents = [_agent(level, seed * 10 + s) for s in range(seats)]
    out, phases = [], set()
    while True:
        deck = list(rs.deck_cards)
        chance.shuffle(deck)
        st.start_round(deck)
        if not st.round_over:
            break
    while not st.round_over:
        if st.is_chance():
            st.apply(st.sample_chance(chance))
            continue
        view = st.view(st.to_move)
        if view.phase in ("play", "take", "decide"):
            break
        action = agents[view.seat].choose(view)
        assert action in view.legal
        assert agents[view.seat].why
        phases.add(view.phase)
        out.append((view.seat, str(action), agents[view.seat].why))
        st.apply(action)  # checked: raises on an illegal action
    return out, phases


@pytest.mark.parametrize("level", windows.WINDOW_LEVELS)
def test_every_level_answers_every_window_legally_and_reproducibly(level):
    seen = set()
    for seats, options in ((5, {}), (7, {}), (5, {"hand_swap": True}),
                           (7, {"hand_swap": True})):
        for seed in (1, 2):
            first, phases = _windows(level, seats, options, seed)
            again, _ = _windows(level, seats, options, seed)
            assert first == again
            assert first
            seen |= phases
    assert seen == {"swap", "mizuten", "dropout"}


def test_the_levels_are_set_on_the_agents():
    assert CasualAgent.WINDOW_LEVEL == "beginner"
    assert RulesAgent.WINDOW_LEVEL == "intermediate"
    assert ExpectimaxAgent.WINDOW_LEVEL == "expert"
    with pytest.raises(ValueError):
        windows.variant(RulesAgent, "grandmaster")


# ---------------------------------------------------------------------------- views


def _dropout_view(deck: list[int], answer=None):
    """Seat 0 (the dealer) of 5, at its join/drop decision; the mizuten offer answered by
    ``answer`` (an agent) or passed."""
    st = RS.new_state(5, 0, events=False)
    st.start_round(deck)
    assert not st.round_over
    while True:
        view = st.view(st.to_move)
        if view.phase == "dropout":
            return view
        action = answer.choose(view) if answer else next(a for a in view.legal
                                                         if a.verb == PASS)
        st.apply(action)


def _deck(seed: int) -> list[int]:
    deck = list(RS.deck_cards)
    Rng(seed).shuffle(deck)
    return deck


@pytest.mark.parametrize("level", ["expert", "master"])
def test_window_decisions_read_only_the_view(level):
    """Two deals that differ only in what seat 0 cannot see give it the same view, and the
    same decisions (at the mizuten offer and at join/drop)."""
    deck = _deck(93)
    hidden = list(range(7, 35)) + list(range(41, len(deck)))  # other hands and the pile
    cards = [deck[i] for i in hidden]
    Rng(5).shuffle(cards)
    other = deck[:]
    for i, c in zip(hidden, cards, strict=True):
        other[i] = c
    assert other != deck
    a, b = _agent(level, 3), _agent(level, 3)
    va, vb = _dropout_view(deck, a), _dropout_view(other, b)
    assert va == vb
    assert a.choose(va) == b.choose(vb)
    assert a.why == b.why


# ---------------------------------------------------------------------------- right choices


def _choice(level: str, view) -> str:
    """The level's answer with its real budget."""
    return windows.variant(RulesAgent, level)(1).choose(view).verb


def _truth(view) -> tuple[float, float]:
    """Join and drop by a large simulation with its own seed (the yardstick)."""
    return windows.simulate_join(view, Rng(2024), 600)


def test_a_hopeless_hand_drops_at_every_level():
    view = _dropout_view(_deck(97))  # m = 2, no bright, no teyaku, little on the field
    join, drop = _truth(view)
    assert join < drop - 60
    for level in windows.WINDOW_LEVELS:
        assert _choice(level, view) == DROP, level


def test_a_rich_hand_joins_at_every_level():
    view = _dropout_view(_deck(54))  # m = 4, three brights and a pair on the field
    join, drop = _truth(view)
    assert join > drop + 200
    for level in windows.WINDOW_LEVELS:
        assert _choice(level, view) == JOIN, level


def test_intermediate_drops_where_the_beginner_joins_wrongly():
    view = _dropout_view(_deck(113))  # a bright, but nothing else, against 4 seats to come
    join, drop = _truth(view)
    assert join < drop - 40
    assert _choice("beginner", view) == JOIN
    assert _choice("intermediate", view) == DROP


def test_expert_drops_where_intermediate_joins_wrongly():
    view = _dropout_view(_deck(93))  # m = 4: the fee is 4 kan, the hand is worth less
    join, drop = _truth(view)
    assert join < drop - 80
    assert _choice("intermediate", view) == JOIN
    expert = _agent("expert", 1)
    assert expert.choose(view).verb == DROP
    assert "fee" in expert.why


def test_master_drops_where_expert_joins_wrongly():
    view = _dropout_view(_deck(117))
    join, drop = _truth(view)
    assert join < drop - 30
    assert _choice("expert", view) == JOIN
    assert _choice("master", view) == DROP


def test_swap_and_mizuten_by_level():
    """The swap only adds the dealer_hand chance: the expert and master take it; the
    simulated mizuten gain is negative at every table size: the expert never declares."""
    rs = rulesets.get("hachihachi", hand_swap=True)
    st = rs.new_state(5, 0, events=False)
    st.start_round(_deck(3))
    view = st.view(st.to_move)
    assert view.phase == "swap"
    assert {level: _agent(level, 1).choose(view).verb for level in windows.WINDOW_LEVELS} == {
        "beginner": PASS, "intermediate": PASS, "expert": SWAP, "master": SWAP}
    st = RS.new_state(7, 0, events=False)
    st.start_round(_deck(3))
    while st.is_chance():
        st.apply(st.sample_chance(Rng(1)))
    view = st.view(st.to_move)
    if view.phase == "mizuten":
        assert _choice("expert", view) == PASS
        assert _choice("intermediate", view) == PASS


# ---------------------------------------------------------------------------- the engine's window


def _view_after(options: dict, seats: int, answers: list[str], deck_seed: int = 7):
    """The view of the seat to move at the drop-out window of a fresh deal, after the
    earlier seats answered ``answers`` (join/drop) in order; the mizuten offer passed."""
    rs = rulesets.get("hachihachi", **options)
    st = rs.new_state(seats, 0, events=False)
    st.start_round(_deck(deck_seed))
    while st.view(st.to_move).phase != "dropout":
        st.apply(next(a for a in st.legal_actions() if a.verb == PASS))
    for verb in answers:
        st.apply(next(a for a in st.legal_actions() if a.verb == verb))
    return st.view(st.to_move)


def test_a_world_where_nobody_joins_returns_the_fees():
    """hachihachi.md §5.6: nobody willing is a misdeal, every fee returned (the old copy of
    the window counted them as paid)."""
    view = _view_after({"compulsory_three": False}, 5, [DROP] * 4)
    assert view.active == () and view.pot > 0
    for seed in range(5):
        st = windows.world(view, seed, me_joins=False, mizuten=False)
        assert st.results[-1].ending == "misdeal"
        assert st.round_returns() == (0,) * 5
        assert windows.play_world(view, seed, me_joins=False, mizuten=False) == 0.0


def test_the_one_seat_left_wins_the_pot():
    """A walkover: the only seat to join takes the pot of fees (the old copy ignored it)."""
    view = _view_after({"compulsory_three": False}, 5, [DROP] * 4)
    fees = view.pot
    for seed in range(5):
        st = windows.world(view, seed, me_joins=True, mizuten=False)
        assert st.results[-1].ending == "walkover" and st.results[-1].winner == view.seat
        assert windows.play_world(view, seed, me_joins=True, mizuten=False) == fees


def test_forced_out_seats_are_compensated_in_the_worlds():
    """The third seat to join forces the rest out; the active non-dealers compensate them
    (forced_out_comp, §5.3), as in a real round (the old copy never paid it)."""
    view = _view_after({}, 6, [JOIN, JOIN])
    paid = 0
    for seed in range(20):
        st = windows.world(view, seed, me_joins=True, mizuten=False)
        comp = [p for p in st.results[-1].payments if p.reason == "compensation"]
        assert {p.to for p in comp} <= {3, 4, 5} and {p.frm for p in comp} <= {1, 2}
        paid += sum(p.amount for p in comp if p.frm == view.seat)
        assert sum(st.round_returns()) == 0
    assert paid > 0
