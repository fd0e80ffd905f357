"""The fast rollout (State.playout, random and greedy) and the generator: same rules, exact
uniformity."""

from __future__ import annotations

import collections

import pytest

from game.engine import record as records
from game.engine import rollout as RO
from game.engine import rulesets
from game.engine.rng import Rng
from game.engine.rollout import CAREFUL
from game.engine.state import GREEDY, OVER, RANDOM

from . import reference


@pytest.mark.parametrize("policy", [RANDOM, GREEDY])
@pytest.mark.parametrize("name, options, seats", [
    ("hachihachi", {}, 3),
    ("hachihachi", {"bdb": True, "nanatan_extra": True}, 2),
    ("hachihachi", {"hatto_liability": True, "tobikomi_liability": True}, 3),
    ("hachihachi", {"hand_swap": True, "compulsory_three": False}, 6),
    ("hachihachi-nintendo", {}, 4),
    ("nuki-hachihachi", {}, 3),
    ("hachi", {}, 2),
    ("sudaoshi", {}, 3),
])
def test_playout_rounds_replay_identically_through_apply(name, options, seats, policy):
    """The kernel duplicates the turn mechanics for speed: every round it plays must be a
    legal record whose replay through the generic apply gives the same piles and result."""
    rs = rulesets.get(name, **options)
    rng = Rng(99)
    for game in range(6):
        st = rs.new_state(seats, game % seats, events=False)
        while st.phase != OVER and len(st.results) < 4:
            deck = list(rs.deck_cards)
            rng.shuffle(deck)
            st.start_round(deck)
            st.playout(rng, policy)
        rec = records.from_state(st, [{"name": str(i), "kind": "ai:random"} for i in
                                      range(seats)])
        rep = records.replay(records.loads(rec.dumps()))
        assert rep.results == st.results
        assert rep.state.captured == st.captured and rep.state.field == st.field


@pytest.mark.parametrize("name, seats", [("hachihachi", 3), ("hachihachi", 6), ("hachi", 2),
                                         ("nuki-hachihachi", 2), ("sudaoshi", 3),
                                         ("curriculum", 3)])
@pytest.mark.parametrize("policy", [GREEDY, CAREFUL])
def test_greedy_kernel_plays_the_greedy_policy(name, seats, policy):
    """The search's rollout policies are written once, in the kernel: it must make the moves
    a plain reading of the policy makes, move for move."""
    rs = rulesets.get(name)
    rng = Rng(5)
    for game in range(12):
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        a = rs.new_state(seats, game % seats, events=False)
        a.start_round(deck)
        b = a.clone()
        seed = rng.next64()
        a.playout(Rng(seed), policy)
        reference.greedy_round(b, Rng(seed), careful=policy == CAREFUL)
        assert a.actions == b.actions and a.results == b.results


def test_careful_discards_keep_the_card_whose_mate_is_still_out():
    """With nothing to take, GREEDY lays its cheapest card (the lowest among equals);
    CAREFUL lays one nobody can take instead of one whose month-mates are still unseen
    (here: in the next hand), and scores the risky one lower by its value and the mate's."""
    rs = rulesets.get("hachihachi")
    values = rs.values
    st = rs.new_state(3, 0, events=False)
    rel, summ = rs.capture_rel, rs.capture_sum
    cheap = sorted(rs.deck_cards, key=lambda c: (values[c], c))
    y = cheap[0]  # the lowest of the cheapest: GREEDY's discard
    x = next(c for c in cheap if not rel[y] >> c & 1 and c != y and values[c] == values[y])
    mates = {c: sum(1 << t for t in rs.deck_cards if rel[c] >> t & 1) for c in (x, y)}
    st.field = 0
    st.hands = [(1 << x) | (1 << y), mates[y], 0]  # y's month-mates in the next hand
    st.captured = [mates[x], 0, 0]  # x's month-mates already taken: x is safe to lay
    st.pile, st.pile_pos = [], 0
    greedy = RO.greedy_card(st.hands[0], st.field, rel, values, summ)
    assert greedy == (y, -1, -values[y])
    live = RO.unseen(st, 0)
    assert live == mates[y]
    careful = RO.greedy_card(st.hands[0], st.field, rel, values, summ, live)
    assert careful == (x, -1, -values[x])
    # laid alone, y scores its value twice and its best mate's
    alone = RO.greedy_card(1 << y, 0, rel, values, summ, live)
    assert alone == (y, -1, -2 * values[y] - max(values[t] for t in rs.deck_cards
                                                  if mates[y] >> t & 1))


def test_playout_from_the_middle_of_a_round_keeps_the_state_consistent():
    rs = rulesets.get("hachihachi")
    rng = Rng(3)
    for _ in range(30):
        st = rs.new_state(3, 0, events=False)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        for _ in range(rng.below(8)):
            if st.is_chance() or st.phase == 0:
                break
            st.apply(rng.choice(st.legal_actions()))
        twin = st.clone()
        twin.playout(rng)
        assert twin.phase in (0, OVER) and len(twin.results) == len(st.results) + 1
        assert sum(twin.results[-1].net) == 0
        assert len(st.history[-1][1]) < len(twin.history[-1][1]) or st.phase == 0


@pytest.mark.parametrize("n", [2, 3, 5, 7, 48])
def test_below_is_uniform(n):
    rng = Rng(2024)
    draws = 600 * n
    c = collections.Counter(rng.below(n) for _ in range(draws))
    assert set(c) == set(range(n))
    chi2 = sum((v - 600) ** 2 / 600 for v in c.values())
    assert chi2 < 3 * n + 30  # far beyond the 99.9% quantile only if biased


def test_shuffle_gives_every_permutation_evenly():
    rng = Rng(7)
    c = collections.Counter()
    for _ in range(24000):
        d = [0, 1, 2, 3]
        rng.shuffle(d)
        c[tuple(d)] += 1
    assert len(c) == 24 and all(800 < v < 1200 for v in c.values())


def test_rng_is_reproducible_and_rejects_bad_input():
    a, b = Rng(5), Rng(5)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    with pytest.raises(ValueError):
        Rng(5).below(0)
    with pytest.raises(ValueError):
        Rng("seed")  # type: ignore[arg-type]


def test_a_renamed_kernel_slot_fails_when_the_engine_loads():
    """state.KERNEL_SLOTS names every State slot the compiled kernel reads or writes; the
    check at import refuses a name that is not a slot (a rename caught at once, not in
    the middle of a rollout)."""
    from game.engine.state import KERNEL_SLOTS, State, check_kernel_slots

    check_kernel_slots(State.__slots__)  # today's slots pass
    assert set(KERNEL_SLOTS) <= set(State.__slots__) and len(set(KERNEL_SLOTS)) == 18
    renamed = tuple("_turn_order" if n == "_turns" else n for n in State.__slots__)
    with pytest.raises(ImportError, match="_turns"):
        check_kernel_slots(renamed)


def test_apply_refuses_a_move_in_a_phase_where_nobody_moves():
    """apply dispatches by phase; between rounds no player acts, checked or not."""
    from game.engine.actions import Action
    from game.engine.errors import IllegalAction

    st = rulesets.get("hachihachi").new_state(3, 0, events=False)
    for check in (True, False):
        with pytest.raises(IllegalAction, match="phase deal"):
            st.apply(Action(0, "join"), check=check)
    assert st.actions == []


def _red_ribbons(rs) -> int:  # noqa: ANN001
    return next(mask for name, mask, _ in rs.yaku_sets(0) if name == "akatan")


def test_set_values_follow_the_piles_as_a_set_forms():
    """The third red ribbon is worth more to the rollout once a seat holds two, nothing
    once two seats hold one each; building and denial alike (the largest over the seats)."""
    rs = rulesets.get("hachihachi")
    akatan = _red_ribbons(rs)
    r1, r2, r3 = (c for c in range(48) if akatan >> c & 1)
    sv = RO.SetValues(rs.values, 2.0, [(s, akatan, 84) for s in range(3)])
    empty = sv.of([0, 0, 0])
    assert empty[r3] == rs.values[r3] + round(2.0 * 84 * 1 / 9)
    two = sv.of([0, 1 << r1 | 1 << r2, 0])
    assert two[r3] == rs.values[r3] + round(2.0 * 84 * 5 / 9) > empty[r3]
    assert two[r1] == rs.values[r1]  # taken: no bonus
    split = sv.of([1 << r1, 1 << r2, 0])
    assert split[r3] == rs.values[r3]  # the set is broken for every seat
    assert sv.of([0, 1 << r1 | 1 << r2, 0]) is two  # the memo
    other = next(c for c in range(48) if not akatan >> c & 1)
    assert all(v[other] == rs.values[other] for v in (empty, two, split))
    with pytest.raises(ValueError):
        RO.SetValues(rs.values[:10], 1.0, [])
    with pytest.raises(ValueError):
        RO.SetValues(rs.values, -1.0, [(0, akatan, 84)])


def test_rollouts_with_set_values_play_differently_from_fixed_weights():
    """The values really change within a rollout: over seeded rounds, some move differs from
    a rollout whose values stay as they were at the start."""
    rs = rulesets.get("hachihachi")
    entries = [(s, mask, value) for s in range(3) for _, mask, value in rs.yaku_sets(s)]
    sv = RO.SetValues(rs.values, 2.0, entries)
    rng, differ = Rng(3), 0
    for _ in range(30):
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        a = rs.new_state(3, 0, events=False)
        a.start_round(deck)
        b = a.clone()
        seed = rng.next64()
        a.playout(Rng(seed), CAREFUL, sv)
        b.playout(Rng(seed), CAREFUL, sv.of(b.captured))
        differ += a.actions != b.actions
    assert differ > 0
