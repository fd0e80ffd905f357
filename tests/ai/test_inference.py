"""Reading the opponents (issue 30, item 2): worlds weighed by how well they explain what the
opponents were seen to play, from the view's public history only."""

from __future__ import annotations

import math

import pytest

import ai
from ai.inference import (
    Claims,
    Reader,
    claimed_deal,
    effective_size,
    normalised,
    pick_deal,
)
from ai.master import MasterAgent
from ai.model import Situation
from game.engine import rulesets
from game.engine.actions import PLAY
from game.engine.cards import CARD_IDS, INDEX, cards_of
from game.engine.positions import Resampler
from game.engine.rng import Rng
from game.engine.state import PLAY_PH, State

from ..engine.helpers import dealt_to_play
from .helpers import benchmark, two_worlds


def _skipped_a_bright(seed: int):  # noqa: ANN202
    """A round where seat 1 could take a bright and placed a card instead; then seat 0 to
    play. Returns (state, the bright-taking card seat 1 kept) or None."""
    rng = Rng(seed)
    st = dealt_to_play(rng)
    kept = None
    while not st.round_over:
        if st.is_chance():
            st.apply(st.sample_chance(rng))
            continue
        legal = st.legal_actions()
        if kept is None and st.to_move == 1 and st.phase == PLAY_PH:
            brights = {INDEX[c] for c in ("crane", "curtain", "moon", "phoenix")}
            takes = [a for a in legal if a.verb == PLAY and st.field & (
                sum(1 << b for b in brights)) and any(
                (st.field >> b & 1) and st.rs.capture_rel[a.args[0]] >> b & 1 for b in brights)]
            quiet = [a for a in legal if a.verb == PLAY
                     and not st.field & st.rs.capture_rel[a.args[0]]]
            if takes and quiet:
                kept = takes[0].args[0]
                st.apply(quiet[0])
                continue
        if kept is not None and st.to_move == 0 and st.phase == PLAY_PH \
                and st.hands[1] >> kept & 1:
            return st, kept
        st.apply(rng.choice(legal))
    return None


def test_a_skipped_capture_makes_holding_its_card_less_likely():
    found = 0
    for seed in range(60):
        got = _skipped_a_bright(seed)
        if got is None:
            continue
        st, kept = got
        view = st.view(0)
        # the plays alone: the swapped card may break a claim (tested on its own below)
        reader = Reader(view, Situation.of(view), claims=False)
        assert reader  # seat 1's turn is in the public history
        other = next(c for c in st.pile[st.pile_pos:]
                     if not st.field & st.rs.capture_rel[c])  # takes nothing on that field
        holds = list(st.hands)
        lacks = list(st.hands)
        lacks[1] = (lacks[1] & ~(1 << kept)) | (1 << other)
        assert reader.log_weight(lacks) > reader.log_weight(holds)
        found += 1
        if found == 3:
            break
    assert found >= 1


def test_no_opponent_turn_means_every_world_alike():
    rs = rulesets.get("hachihachi")
    st = rs.new_state(3, 0, events=False)
    deck = list(rs.deck_cards)
    Rng(3).shuffle(deck)
    st.start_round(deck)
    while st.phase != PLAY_PH:
        st.apply(st.legal_actions()[-1])
    view = st.view(st.to_move)
    reader = Reader(view, Situation.of(view), claims=False)
    assert not reader and reader.log_weight(st.hands) == 0.0
    # the claims are read before any turn: the true deal is one they allow, weighed alike
    reader = Reader(view, Situation.of(view))
    assert reader and reader.log_weight(st.hands) == 0.0
    ws = normalised([0.0, 0.0, 0.0, 0.0])
    assert ws == [0.25] * 4 and effective_size(ws) == 4.0


def test_inference_places_hidden_cards_better_than_uniform():
    """The issue's figure, small and seeded: the probability the worlds give to each hidden
    card's true place, inference against uniform (benchmarks/inference.py for the full run)."""
    bench = benchmark("inference")

    out = bench.measure("hachihachi", 3, rounds=4, seed=7, worlds=60, players="rules",
                        betas=[0.25])
    assert out["decisions"] >= 10
    assert out["inferred"][0.25] > out["uniform"]


def test_master_reads_only_its_view_and_stays_reproducible():
    rs = rulesets.get("hachihachi")
    st = rs.new_state(3, 0, events=False)
    rng = Rng(5)
    for seat in st.decisions(rng):
        v = st.view(seat)
        if seat == 0 and v.phase == "play" and any(t.seat != 0 for t in v.turns):
            a1 = MasterAgent(9, playouts=120).choose(v)
            a2 = MasterAgent(9, playouts=120).choose(v)
            assert a1 == a2 and a1 in v.legal
            return
        st.apply(rng.choice(v.legal))


def _claims_by_the_rules_api(rs, view, sit, hands) -> bool:  # noqa: ANN001
    """Whether a world's dealt hands claim what the view shows, asked of the public rules
    API (``rs.teyaku`` by card names), not of the reader's own check."""
    played = {}
    for t in view.turns:
        played[t.seat] = played.get(t.seat, 0) | 1 << t.played
    for s in sit.opps:
        dealt = hands[s] | played.get(s, 0)
        names = [CARD_IDS[c] for c in cards_of(dealt)]
        c = view.claims.get(s)
        want = rs.api_amounts(c.items) if c is not None else {}
        if rs.teyaku(names, sit.position[s]) != want:
            return False
    return True


@pytest.mark.parametrize(("game", "opts", "seats"), [
    ("curriculum", {"tier": 5}, 3), ("hachihachi", {}, 3), ("hachihachi", {}, 5),
    ("hachihachi-nintendo", {}, 3), ("nuki-hachihachi", {}, 2), ("sudaoshi", {}, 3)])
def test_the_claims_allow_the_true_deal_and_rule_out_what_they_contradict(game, opts, seats):
    """A seat without a claim was dealt no teyaku, one with a claim exactly that one: the
    true hands always pass, and a sampled world is ruled out exactly when the rules API
    says one of its dealt hands would claim otherwise."""
    rs = rulesets.get(game, **opts)
    rng = Rng(41)
    decisions = ruled_out = 0
    for r in range(3):
        st = rs.new_state(seats, r % seats, events=False)
        agents = [ai.make_agent("rules", r * 10 + s) for s in range(seats)]
        for seat in st.decisions(rng):
            view = st.view(seat)
            if view.phase == "play":
                sit = Situation.of(view)
                reader = Reader(view, sit)
                assert reader.claims.allow(st.hands) and reader.log_weight(st.hands) > -math.inf
                for _ in range(6):
                    hands = State.resample(view, Rng(rng.next64())).hands
                    ok = reader.claims.allow(hands)
                    assert ok == _claims_by_the_rules_api(rs, view, sit, hands)
                    assert (reader.log_weight(hands) == -math.inf) == (not ok)
                    ruled_out += not ok
                decisions += 1
            st.apply(agents[seat].choose(view))
    assert decisions >= 20 and ruled_out > 0


def test_picked_deals_agree_with_the_claims():
    rs = rulesets.get("curriculum", tier=5)
    rng = Rng(8)
    st = rs.new_state(3, 0, events=False)
    for seat in st.decisions(rng):
        view = st.view(seat)
        if view.phase == "play" and len(view.turns) >= 4:
            break
        st.apply(ai.make_agent("rules", seat).choose(view))
    sit = Situation.of(view)
    reader, sampler = Reader(view, sit), Resampler(view)
    claims = Claims.of(view, sit)
    assert claims and len(claims.checks) == 2
    for k in (1, 8):
        for _ in range(40):
            hands, pile = pick_deal(sampler, reader, Rng(rng.next64()), k)
            assert reader.claims.allow(hands)
            assert claims.allow(claimed_deal(sampler, claims, Rng(rng.next64()))[0])
            assert sorted(cards_of(sum(hands) - view.hand_mask) + pile) == sorted(
                c for c in range(48) if sit.unseen >> c & 1)


def _claimed_view(seed: int):  # noqa: ANN202
    """A view of seat 0 in play at tier 5, after a few turns, where an opponent claimed a
    teyaku (the constrained hand ``claimed_deal`` deals first)."""
    rs = rulesets.get("curriculum", tier=5)
    for s in range(seed, seed + 200):
        rng = Rng(s)
        st = rs.new_state(3, 0, events=False)
        for seat in st.decisions(rng):
            view = st.view(seat)
            if view.phase == "play" and seat == 0 and len(view.turns) >= 2:
                if any(o in view.claims for o in (1, 2)):
                    return view
                break
            st.apply(ai.make_agent("rules", seat).choose(view))
    raise AssertionError("no claimed hand in 200 deals")


def test_deals_made_a_seat_at_a_time_agree_with_the_claims_and_the_view():
    view = _claimed_view(3)
    sit = Situation.of(view)
    claims, sampler = Claims.of(view, sit), Resampler(view)
    hidden = sorted(c for c in range(48) if sit.unseen >> c & 1)
    draws = cards_of(sit.draw_candidates)
    rng = Rng(5)
    for i in range(200):
        draw = draws[i % len(draws)] if i % 2 else None
        hands, pile = claimed_deal(sampler, claims, Rng(rng.next64()), draw)
        assert claims.allow(hands)
        assert hands[0] == view.hand_mask
        for s in sampler.opps:
            assert hands[s].bit_count() == view.hand_counts[s]
            assert hands[s] & sampler.known[s] == sampler.known[s]  # shown cards stay put
        assert sorted(cards_of(sum(hands) - view.hand_mask) + pile) == hidden
        if draw is not None:
            assert pile[0] == draw


def _places(sampler: Resampler, deals) -> list[list[float]]:  # noqa: ANN001
    """How often each hidden card is in each opponent's hand over ``deals``."""
    counts = [[0] * 48 for _ in range(sampler.view.seats)]
    for hands in deals:
        for s in sampler.opps:
            for c in cards_of(hands[s] & ~sampler.known[s]):
                counts[s][c] += 1
    return [[x / len(deals) for x in row] for row in counts]


def test_deals_made_a_seat_at_a_time_place_the_cards_as_the_exact_ones_do():
    """Dealing a seat at a time is not exactly uniform over the deals the claims allow, but
    close: each hidden card's chance of being in each opponent's hand agrees with uniform
    deals kept only when the claims allow them (exact, and slow: here one deal in forty
    passes), to within the sampling noise, where the uniform deals are far off."""
    view = _claimed_view(3)
    sit = Situation.of(view)
    claims, sampler = Claims.of(view, sit), Resampler(view)
    n = 3000
    rng = Rng(11)
    seat = _places(sampler, [claimed_deal(sampler, claims, Rng(rng.next64()))[0]
                             for _ in range(n)])
    uniform: list[list[int]] = []
    allowed: list[list[int]] = []
    while len(allowed) < n:
        hands = sampler.deal(Rng(rng.next64()))[0]
        if len(uniform) < n:
            uniform.append(hands)
        if claims.allow(hands):
            allowed.append(hands)
    exact, plain = _places(sampler, allowed), _places(sampler, uniform)
    def gap(a: list[list[float]]) -> float:
        return max(abs(a[s][c] - exact[s][c]) for s in sampler.opps for c in range(48))
    assert gap(seat) < 0.05 < 0.2 < gap(plain)


def test_no_teyaku_no_claims_to_read():
    """Hachi and the curriculum's tiers 1 to 4 claim nothing: the reader has no claim to
    check, so Master's worlds there are drawn as before."""
    for game, opts in (("hachi", {}), ("curriculum", {"tier": 4})):
        rs = rulesets.get(game, **opts)
        st = rs.new_state(rs.min_seats if game == "hachi" else 3, 0, events=False)
        rng = Rng(2)
        for seat in st.decisions(rng):
            view = st.view(seat)
            if view.phase == "play":
                assert not Reader(view, Situation.of(view)).claims
                break
            st.apply(rng.choice(view.legal))


def test_the_reader_sees_only_the_view():
    """Two true states one seat cannot tell apart read alike: the same weight, ruled out or
    not, for every world."""
    for seed in range(4):
        a, b = two_worlds(seed)
        va, vb = a.view(0), b.view(0)
        assert va == vb
        ra, rb = Reader(va, Situation.of(va)), Reader(vb, Situation.of(vb))
        worlds = [State.resample(va, Rng(k)).hands for k in range(40)]
        assert [ra.log_weight(h) for h in worlds] == [rb.log_weight(h) for h in worlds]
        # and the deals made inside the claims are the same deals
        sa, sb = Resampler(va), Resampler(vb)
        assert [claimed_deal(sa, ra.claims, Rng(k)) for k in range(20)] == [
            claimed_deal(sb, rb.claims, Rng(k)) for k in range(20)]


def test_a_position_without_its_turns_has_no_dealt_hand_to_read():
    """A position set up mid-round (``State.from_position``, no history) cannot say what an
    opponent was dealt, so its claims are not read; before play nothing is claimed yet."""
    rs = rulesets.get("hachihachi")
    hands = {0: "pine_chaff_1 moon", 1: "crane plum_chaff_1", 2: "iris_chaff_1 peony_chaff_1"}
    st = State.from_position(rs, 3, dealer=0, hands=hands, field="cherry_chaff_1 maple_chaff_1",
                             pile="deer boar", to_move=0)
    view = st.view(0)
    assert not Claims.of(view, Situation.of(view))
    st = rs.new_state(4, 0, events=False)
    deck = list(rs.deck_cards)
    Rng(1).shuffle(deck)
    st.start_round(deck)
    view = st.view(st.to_move)
    assert view.phase in ("mizuten", "dropout")  # a window before play
    assert not view.claims and not Claims.of(view, Situation.of(view))
