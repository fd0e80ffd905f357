"""Positions the engine builds: ``State.from_position`` (checked), ``State.resample`` (worlds
consistent with a view), ``settle_now``, ``round_over`` and ``round_returns``."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.actions import Action
from game.engine.cards import INDEX, cards_of
from game.engine.ledger import POT, Payment
from game.engine.positions import PositionError, Resampler
from game.engine.rng import Rng
from game.engine.state import DECIDE, GREEDY, PLAY_PH, RANDOM, TAKE_PH, State

from .helpers import M

HH = rulesets.get("hachihachi")


def _true_positions(name: str, seats: int, games: int, seed: int = 8, **options):
    """(state, view of the seat to move) at every play, take and decide of random rounds."""
    rs = rulesets.get(name, **options)
    rng = Rng(seed)
    for g in range(games):
        st = rs.new_state(seats, g % seats)
        for _ in st.decisions(rng):
            if st.phase in (PLAY_PH, TAKE_PH, DECIDE):
                yield st, st.view(st.to_move)
            st.apply(rng.choice(st.legal_actions()))


# ---------------------------------------------------------------------------- resample


@pytest.mark.parametrize("name, seats", [("hachihachi", 3), ("hachihachi", 6),
                                         ("nuki-hachihachi", 2), ("nuki-hachihachi", 3),
                                         ("hachi", 2), ("sudaoshi", 3)])
def test_resampled_worlds_match_the_view(name, seats):
    checked = 0
    for st, view in _true_positions(name, seats, 8):
        world = State.resample(view, Rng(checked))
        w = world.view(view.seat)
        assert (w.hand_mask, w.field_mask, w.captured_masks, w.hand_counts, w.pile_count,
                w.drawn, w.to_move, w.phase, w.active, w.multiplier, w.pot, w.payments,
                w.sage_order, w.totals, w.round) == (
            view.hand_mask, view.field_mask, view.captured_masks, view.hand_counts,
            view.pile_count, view.drawn, view.to_move, view.phase, view.active,
            view.multiplier, view.pot, view.payments, view.sage_order, view.totals,
            view.round)
        assert {s: (c.items, c.mask) for s, c in w.claims.items()} == {
            s: (c.items, c.mask) for s, c in view.claims.items()}
        unseen = view.unseen_mask(world.rs.deck_mask)
        for s, claim in view.claims.items():  # revealed cards stay where they are
            unplayed = claim.mask & unseen
            assert world.hands[s] & unplayed == unplayed
        assert sorted(a.verb for a in world.legal_actions()) == sorted(
            a.verb for a in view.legal)
        # the dekiyaku values reached are the true ones (the next decision comes when they rise)
        assert [world.vcache[s] for s in view.active] == [st.vcache[s] for s in view.active]
        assert world.round_returns() == st.round_returns()
        world.playout(Rng(1), GREEDY)
        assert world.round_over and sum(world.round_returns()) == 0
        assert world.round_returns() == world.results[-1].net
        checked += 1
    assert checked > 20


def test_resample_puts_the_chosen_card_on_top_keeping_hand_sizes():
    for i, (_, view) in enumerate(_true_positions("hachihachi", 3, 4)):
        if view.phase != "play" or not view.pile_count:
            continue
        unseen = view.unseen_mask(HH.deck_mask)
        for d in cards_of(unseen)[:6]:
            world = State.resample(view, Rng(i), next_draw=d)
            assert world.pile[0] == d
            assert world.view(view.seat).hand_counts == view.hand_counts


@pytest.mark.parametrize("name, seats", [("hachihachi", 3), ("hachihachi", 6),
                                         ("nuki-hachihachi", 2), ("hachi", 2),
                                         ("sudaoshi", 3)])
def test_a_resamplers_worlds_are_the_worlds_resample_builds(name, seats):
    """Search draws its worlds from one Resampler (a clone of the shared part per world):
    each equals, slot by slot, the world ``State.resample`` builds afresh from the same
    random draws, and plays out alike."""
    checked = 0
    for i, (_, view) in enumerate(_true_positions(name, seats, 3)):
        sampler = Resampler(view)
        draws = cards_of(view.unseen_mask(sampler.rs.deck_mask)) if view.phase == "play" \
            and view.pile_count else []
        for k in range(3):  # the first world builds the shared part, the others clone it
            d = draws[(i + k) % len(draws)] if draws and k else None
            fast = sampler.world(Rng(100 * i + k), d)
            fresh = State.resample(view, Rng(100 * i + k), next_draw=d)
            for slot in State.__slots__:
                if slot != "_ev":
                    assert getattr(fast, slot) == getattr(fresh, slot), slot
            fast.playout(Rng(k), GREEDY)
            fresh.playout(Rng(k), GREEDY)
            assert fast.round_returns() == fresh.round_returns()
            checked += 1
    assert checked > 30


def test_resample_only_in_play():
    st = HH.new_state(3, 0)
    with pytest.raises(PositionError, match="no position"):
        State.resample(st.view(0), Rng(0))


def _window_views(options: dict, seats: int, count: int) -> list[tuple[State, object]]:
    """(true state, view of the mover) at every mizuten and drop-out decision of random
    rounds."""
    rs = rulesets.get("hachihachi", **options)
    rng, out = Rng(31), []
    while len(out) < count:
        st = rs.new_state(seats, rng.below(seats), events=False)
        for seat in st.decisions(rng):
            view = st.view(seat)
            if view.phase in ("play", "take", "decide"):
                break
            if view.phase in ("mizuten", "dropout"):
                out.append((st.clone(), view))
            st.apply(rng.choice(st.legal_actions()))
    return out[:count]


@pytest.mark.parametrize("seats, options", [(5, {}), (7, {}), (4, {"dropout_fee": "by_seat"}),
                                            (6, {"compulsory_three": False})])
def test_resampled_windows_match_the_view_and_play_on(seats, options):
    """A window before play rebuilt from a view (the AIs' simulation of join/drop and
    mizuten): what the seat sees is the view, every card is somewhere once, and the engine
    plays the rest of the window and the round from it."""
    for i, (st, view) in enumerate(_window_views(options, seats, 30)):
        world = State.resample(view, Rng(i))
        w = world.view(view.seat)
        assert (w.phase, w.hand_mask, w.field_mask, w.hand_counts, w.active, w.to_move,
                w.multiplier, w.pot, w.payments, w.mizuten, w.holder, w.legal, w.totals) == (
            view.phase, view.hand_mask, view.field_mask, view.hand_counts, view.active,
            view.to_move, view.multiplier, view.pot, view.payments, view.mizuten,
            view.holder, view.legal, view.totals)
        assert (world.drops, world.order, world.order_i) == (st.drops, st.order, st.order_i) \
            or view.phase == "mizuten"
        held = sum(world.hands) | world.field
        assert held.bit_count() + len(world.pile) == len(world.rs.deck_cards)
        assert held | sum(1 << c for c in world.pile) == world.rs.deck_mask
        world.playout(Rng(i), RANDOM)
        assert world.round_over and sum(world.round_returns()) == 0
    with pytest.raises(PositionError, match="next_draw"):
        State.resample(view, Rng(0), next_draw=0)


# ---------------------------------------------------------------------------- from_position


def _snapshot(st: State, **over) -> State:
    """The position of a real game, rebuilt through from_position."""
    kw = dict(dealer=st.dealer, active=st.active, to_move=st.to_move,
              hands=dict(enumerate(st.hands)), field=st.field, pile=st.pile[st.pile_pos:],
              captured=dict(enumerate(st.captured)), multiplier=st.m, claims=st.claims,
              sage_order=st.sage_order, mizuten=st.mizuten, holder=st.holder,
              phase={PLAY_PH: "play", TAKE_PH: "take", DECIDE: "decide"}[st.phase],
              drawn=st.drawn, payments=st.payments, blank=st.blank, events=False)
    kw.update(over)
    return State.from_position(st.rs, st.n, **kw)


@pytest.mark.parametrize("name, seats", [("hachihachi", 3), ("hachihachi", 7),
                                         ("hachi", 2), ("sudaoshi", 3)])
def test_a_rebuilt_position_plays_on_exactly_like_the_game(name, seats):
    for i, (st, _) in enumerate(_true_positions(name, seats, 3, seed=21)):
        if st.watch:  # a liability watch is not part of a position
            continue
        twin = _snapshot(st)
        assert twin.legal_actions() == st.legal_actions()
        a, b = st.clone(), twin
        a.playout(Rng(i))
        b.playout(Rng(i))
        assert a.results[-1] == b.results[-1]
        assert a.actions[len(st.actions):] == b.actions


def test_from_position_checks_cards():
    base = dict(hands={0: "crane", 1: "curtain", 2: "moon"}, field="pine_chaff_1",
                pile="plum_chaff_1", to_move=0)
    assert State.from_position(HH, 3, **base).hands[0] == M("crane")
    with pytest.raises(PositionError, match="'crane' is in seat 0's hand and in the field"):
        State.from_position(HH, 3, **{**base, "field": "crane"})
    with pytest.raises(PositionError, match="unknown card 'dragon'"):
        State.from_position(HH, 3, **{**base, "pile": "dragon"})
    nuki = rulesets.get("nuki-hachihachi")
    with pytest.raises(PositionError, match="'cuckoo' in the field is not in the"):
        State.from_position(nuki, 2, hands={0: "crane", 1: "moon"}, field="cuckoo", pile="",
                            to_move=0)
    with pytest.raises(PositionError, match="has an order"):
        State.from_position(HH, 3, **{**base, "pile": M("plum_chaff_1")})
    with pytest.raises(PositionError, match="more than the 7"):
        State.from_position(HH, 3, **{**base, "hands": {
            0: "pine_chaff_2 plum_chaff_2 plum_ribbon warbler cherry_ribbon cherry_chaff_1 "
               "cherry_chaff_2 iris_chaff_1", 1: "", 2: ""}})


def test_from_position_checks_whose_turn_it_is():
    two = dict(field="", pile="", hands={0: "crane pine_chaff_1", 1: "curtain plum_chaff_1",
                                         2: "moon susuki_chaff_1"})
    assert State.from_position(HH, 3, to_move=1, **two).to_move == 1
    late = {**two, "hands": {0: "crane", 1: "curtain plum_chaff_1", 2: "moon susuki_chaff_1"}}
    assert State.from_position(HH, 3, to_move=1, **late).to_move == 1
    with pytest.raises(PositionError, match="do not fit seat 0 to move"):
        State.from_position(HH, 3, to_move=0, **late)  # seat 0 has played one more already
    with pytest.raises(PositionError, match="is not active"):
        State.from_position(HH, 4, active=[0, 1, 2], to_move=3, **two)
    with pytest.raises(PositionError, match="not active and holds no cards"):
        State.from_position(HH, 4, active=[0, 1, 3], to_move=0, **two)
    with pytest.raises(PositionError, match="say which are active"):
        State.from_position(HH, 4, to_move=0, **two)
    with pytest.raises(PositionError, match="play, take or decide"):
        State.from_position(HH, 3, to_move=0, phase="deal", **two)


def test_from_position_take_and_decide():
    st = State.from_position(HH, 3, phase="take", drawn="pine_chaff_2", to_move=0,
                             hands={0: "", 1: "moon", 2: "curtain"},
                             field="crane pine_chaff_1 plum_chaff_1", pile="")
    assert [str(a) for a in st.legal_actions()] == ["0 take crane", "0 take pine_chaff_1"]
    st.apply(st.legal_actions()[0])
    assert st.captured[0] == M("crane pine_chaff_2") and st.to_move == 1
    with pytest.raises(PositionError, match="has no choice"):
        State.from_position(HH, 3, phase="take", drawn="pine_chaff_2", to_move=0,
                            hands={0: "", 1: "moon", 2: "curtain"}, field="crane", pile="")
    with pytest.raises(PositionError, match="only in take"):
        State.from_position(HH, 3, drawn="pine_chaff_2", to_move=0,
                            hands={0: "crane", 1: "moon", 2: "curtain"}, field="", pile="")
    with pytest.raises(PositionError, match="no decision"):
        State.from_position(rulesets.get("sudaoshi"), 3, phase="decide", to_move=0,
                            hands={}, field="", pile="")
    st = State.from_position(HH, 3, phase="decide", to_move=1, hands={0: "crane", 1: "moon",
                                                                     2: "curtain plum_chaff_1"},
                             field="", pile="", captured={1: "pine_ribbon plum_ribbon "
                                                             "cherry_ribbon"})
    assert [str(a) for a in st.legal_actions()] == ["1 sage", "1 shoubu"]


def test_from_position_payments_give_net_and_pot():
    st = State.from_position(HH, 4, active=[0, 2, 3], hands={}, field="", pile="", to_move=0,
                             payments=[Payment(1, POT, 40, "dropout_fee")])
    assert st.round_returns() == (0, -40, 0, 0) and st.pot == 40
    with pytest.raises(PositionError, match="not a payment"):
        State.from_position(HH, 3, hands={}, field="", pile="", to_move=0,
                            payments=[Payment(5, 0, 10, "x")])


def test_from_position_continues_a_game_between_rounds():
    hachi = rulesets.get("hachi")
    st = hachi.new_state(2, 1, events=False)
    nxt = State.from_position(hachi, 2, game=st, hands={}, field="", pile="", to_move=1,
                              captured={1: "crane curtain"})
    assert nxt.dealer == 1 and nxt.settle_now().winner == 1
    assert st.results == [] and nxt.totals == list(nxt.results[-1].net)
    with pytest.raises(PositionError, match="between rounds"):
        State.from_position(hachi, 2, game=State.from_position(
            hachi, 2, hands={}, field="", pile="", to_move=0), hands={}, field="", pile="",
            to_move=0)



_BASE = dict(hands={0: "crane", 1: "curtain", 2: "moon"}, field="pine_chaff_1",
             pile="plum_chaff_1", to_move=0)


@pytest.mark.parametrize(("change", "message"), [
    # seats and turn order
    ({"seats": 8}, "played with 2 to 7 seats, not 8"),
    ({"dealer": 3}, "dealer must be a seat from 0 to 2, not 3"),
    ({"blank": True}, "blank must be a seat from 0 to 2, not True"),
    ({"seats": 4, "blank": 1, "active": [0, 1, 2]}, r"seat 1 sits out \(blank\)"),
    ({"active": [0, 0, 1]}, "2 to 3 distinct seats in turn order"),
    ({"active": [0]}, "2 to 3 distinct seats in turn order"),
    ({"active": [0, 1, 3]}, "active seat must be a seat from 0 to 2, not 3"),
    # cards and zones
    ({"hands": {3: "crane"}}, "hand seat must be a seat from 0 to 2, not 3"),
    ({"captured": {-1: "willow_chaff"}}, "capture pile seat must be a seat from 0 to 2"),
    ({"field": 1 << 48}, "not a card mask in the field"),
    ({"captured": {1: "plum_chaff_1"}}, "'plum_chaff_1' is in seat 1's capture pile and in "
                                        "the draw pile"),
    # phase facts
    ({"phase": "take"}, "in take, drawn names the turned-up card"),
    ({"phase": "take", "drawn": "crane"}, "'crane' is in seat 0's hand and in drawn"),
    # claims and the ledger
    ({"multiplier": 0}, "the multiplier is a whole number >= 1, not 0"),
    ({"multiplier": 1.5}, "the multiplier is a whole number >= 1, not 1.5"),
    ({"sage_order": [1, 1]}, r"sage_order lists distinct active seats, not \[1, 1\]"),
    ({"seats": 4, "active": [0, 1, 2], "sage_order": [3]}, "sage_order lists distinct active"),
    ({"claims": {0: {"kasu": 2}}}, "claims map active seats to the ruleset's Claim"),
    ({"holder": 3}, "holder must be a seat from 0 to 2, not 3"),
    ({"payments": [Payment(0, 1, 0, "x")]}, "not a payment between seats or the pot"),
])
def test_from_position_reports_each_broken_fact(change, message):
    """Each check of from_position (seats, cards and zones, phase facts, claims and the
    ledger) says what is wrong, in its own words."""
    seats = change.pop("seats", 3)
    with pytest.raises(PositionError, match=message):
        State.from_position(HH, seats, **{**_BASE, **change})


def test_from_position_continues_only_its_own_game():
    hachi = rulesets.get("hachi")
    over = hachi.new_state(2, 1, events=False)  # between rounds, dealer 1
    with pytest.raises(PositionError, match="same ruleset and seats"):
        State.from_position(HH, 3, game=over, **_BASE)
    with pytest.raises(PositionError, match="the game's dealer is seat 1, not 0"):
        State.from_position(hachi, 2, game=over, dealer=0, hands={}, field="", pile="",
                            to_move=0)


def test_from_position_reports_the_first_fault_of_many():
    """The checks run in a fixed order: a position with several faults names the first."""
    with pytest.raises(PositionError, match="play, take or decide"):
        State.from_position(HH, 9, phase="deal", multiplier=0, **_BASE)
    with pytest.raises(PositionError, match="played with 2 to 7 seats, not 9"):
        State.from_position(HH, 9, multiplier=0, **_BASE)
    with pytest.raises(PositionError, match="is in seat 0's hand and in the field"):
        State.from_position(HH, 3, **{**_BASE, "field": "crane"}, multiplier=0)

# ---------------------------------------------------------------------------- settle_now etc.


def test_settle_now_checks_its_ending():
    def st():
        return State.from_position(HH, 3, hands={}, field="", pile="", to_move=0,
                                   captured={0: "crane curtain moon rain_man phoenix"},
                                   sage_order=(0,))
    with pytest.raises(ValueError, match="shoubu or cancel"):
        st().settle_now("walkover", 0)
    with pytest.raises(ValueError, match="active seat"):
        st().settle_now("shoubu")
    r = st().settle_now("shoubu", 0)
    assert r.ending == "shoubu" and r.winner == 0 and sum(r.net) == 0
    fresh = HH.new_state(3, 0)
    with pytest.raises(Exception, match="no round in play"):
        fresh.settle_now()


def test_round_over_and_round_returns():
    st = HH.new_state(3, 0, events=False)
    assert st.round_over and st.round_returns() == (0, 0, 0)
    deck = list(HH.deck_cards)
    Rng(4).shuffle(deck)
    st.start_round(deck)
    assert not st.round_over or st.results[-1].ending == "misdeal"
    st.playout(Rng(4))
    assert st.round_over and st.round_returns() == st.results[-1].net


# ---------------------------------------------------------------------------- the greedy policy


def test_greedy_takes_the_most_points():
    st = State.from_position(HH, 3, to_move=0, hands={0: "crane cherry_chaff_2",
                                                      1: "moon iris_chaff_1",
                                                      2: "curtain peony_chaff_1"},
                             field="pine_chaff_1 cherry_chaff_1 pine_ribbon",
                             pile="clover_chaff_1 clover_chaff_2 susuki_chaff_1 "
                                  "susuki_chaff_2 maple_chaff_1 maple_chaff_2")
    st.playout(Rng(0), GREEDY)
    # crane takes the Pine ribbon (the more valuable of the two Pine targets): 20 + 5
    assert str(st.actions[0]) == "0 play crane pine_ribbon"
    assert st.round_over


def test_greedy_sager_with_nothing_to_take_cancels():
    st = State.from_position(HH, 3, to_move=0, sage_order=(0,),
                             hands={0: "iris_chaff_1", 1: "moon", 2: "curtain"},
                             field="pine_chaff_1", pile="clover_chaff_1 susuki_chaff_1 "
                                                       "maple_chaff_1",
                             captured={0: "pine_ribbon plum_ribbon cherry_ribbon"})
    st.playout(Rng(0), GREEDY)
    assert st.actions == [Action(0, "cancel")] and st.results[-1].ending == "cancel"


def test_playout_knows_its_policies():
    st = State.from_position(HH, 3, hands={0: "crane", 1: "moon", 2: "curtain"}, field="",
                             pile="", to_move=0)
    with pytest.raises(ValueError, match="unknown rollout policy"):
        st.clone().playout(Rng(0), "clever")
    st.playout(Rng(0), RANDOM)
    assert st.round_over and [a.args[0] for a in st.actions] == [
        INDEX["crane"], INDEX["moon"], INDEX["curtain"]]


@pytest.mark.parametrize("name, seats", [("hachihachi", 3), ("hachihachi-nintendo", 4),
                                         ("nuki-hachihachi", 3)])
def test_claims_rebuilt_from_a_view_keep_what_achievements_read(name, seats):
    """Tobikomi reads a claim's triplet months and nukeyaku its Group-B id: a resampled
    world must have them as the true claim does."""
    from game.engine.positions import claim_from_view

    seen = 0
    for st, view in _true_positions(name, seats, 60, seed=3):
        for s, claim in st.claims.items():
            got = claim_from_view(view.claims[s])
            assert (got.items, got.reveal, got.triplets, got.b) == (
                claim.items, claim.reveal, claim.triplets, claim.b)
            seen += 1
    assert seen > 30
