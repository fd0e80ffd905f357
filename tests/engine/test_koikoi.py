"""Koi-Koi (docs/rules/koikoi.md): the deal of eight, every yaku and its options, the koi-koi or
stop decision after a new or improved yaku, the doublings, the hands running out, and whole
games played by random agents."""

from __future__ import annotations

import random

import pytest

from game.engine import rulesets
from game.engine.actions import CANCEL, SAGE, SHOUBU, parse_action
from game.engine.cards import INDEX, mask_of_names
from game.engine.positions import from_position
from game.simulate import simulate


def kk(**options):  # noqa: ANN201 - a Ruleset
    return rulesets.get("koikoi", **options)


def pile(*names: str) -> int:
    return mask_of_names(*names)


CHAFF10 = ("pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 "
           "cherry_chaff_2 wisteria_chaff_1 wisteria_chaff_2 iris_chaff_1 iris_chaff_2").split()


# --- the deal ---------------------------------------------------------------------------
def test_eight_to_each_hand_eight_to_the_field_and_twenty_four_in_the_pile():
    rs = kk()
    st = rs.new_state(2, 0)
    deck = list(range(48))
    random.Random(3).shuffle(deck)
    while _four_on_field(deck):
        random.Random(len(deck) + deck[0]).shuffle(deck)
    st.start_round(deck)
    v = st.view(0)
    assert list(v.hand_counts) == [8, 8] and len(v.field) == 8 and v.pile_count == 24
    turns = 0
    while st.to_move >= 0 and st.view(st.to_move).phase in ("play", "take", "decide") \
            and turns < 100:
        act = st.legal_actions()
        st.apply(next((a for a in act if a.verb == SHOUBU), act[0]))
        turns += act[0].verb == "play"
    assert turns == 16 or st.results[-1].ending == "shoubu"  # 8 turns each, or a stop


def _four_on_field(deck) -> bool:  # noqa: ANN001
    months = [c // 4 for c in deck[16:24]]
    return any(months.count(m) == 4 for m in months)


def test_four_of_a_month_on_the_field_is_dealt_again():
    rs = kk()
    st = rs.new_state(2, 0)
    # hands 0-15, then the field: the four Pine cards and four others
    pine = [INDEX[c] for c in ("crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2")]
    rest = [c for c in range(48) if c not in pine]
    deck = rest[:16] + pine + rest[16:20] + rest[20:]
    st.start_round(deck)
    assert st.results[-1].ending == "misdeal" and st.rounds_played == 0


# --- the yaku -----------------------------------------------------------------------------
@pytest.mark.parametrize(("cards", "want"), [
    ("crane curtain moon rain_man phoenix", {"goko": 10}),
    ("crane curtain moon phoenix", {"shiko": 8}),
    ("crane curtain moon rain_man", {"ame_shiko": 7}),
    ("crane curtain moon", {"sanko": 5}),
    ("crane curtain rain_man", {}),  # three with the rain man: nothing
    ("boar deer butterflies", {"inoshikacho": 5}),
    ("pine_ribbon plum_ribbon cherry_ribbon", {"akatan": 5}),
    ("peony_ribbon chrysanthemum_ribbon maple_ribbon", {"aotan": 5}),
    ("pine_ribbon plum_ribbon cherry_ribbon peony_ribbon chrysanthemum_ribbon maple_ribbon",
     {"akatan_aotan": 10}),
    ("pine_ribbon plum_ribbon cherry_ribbon iris_ribbon", {"akatan": 6}),  # +1 a ribbon
    ("boar deer butterflies warbler cuckoo", {"inoshikacho": 7}),  # +1 an animal, no tane
    ("boar deer butterflies warbler cuckoo bridge geese", {"inoshikacho": 9}),
    ("warbler cuckoo bridge geese swallow", {"tane": 1}),
    ("pine_ribbon plum_ribbon iris_ribbon clover_ribbon willow_ribbon", {"tan": 1}),
    (" ".join(CHAFF10), {"kasu": 1}),
    (" ".join(CHAFF10[:9]) + " sake_cup", {"kasu": 1}),  # the cup counts as a chaff too
    ("curtain sake_cup", {"hanami_zake": 5}),
    ("moon sake_cup", {"tsukimi_zake": 5}),
    ("curtain moon sake_cup", {"hanami_zake": 5, "tsukimi_zake": 5}),
])
def test_each_yaku_and_its_points(cards, want):
    assert kk().yaku_items(pile(*cards.split())) == want


SIX_RIBBONS = pile("peony_ribbon", "chrysanthemum_ribbon", "maple_ribbon", "wisteria_ribbon",
                   "iris_ribbon", "clover_ribbon")


@pytest.mark.parametrize(("scoring", "want"), [
    ("exclusive_plus", {"aotan": 8}),
    ("stack_plus", {"aotan": 8, "tan": 2}),
    ("stack", {"aotan": 5, "tan": 2}),
])
def test_the_pages_six_ribbons_under_each_set_scoring(scoring, want):
    """koikoi.md §4.3's worked example: the three blue and three plain ribbons score 8, 10
    or 7."""
    assert kk(set_scoring=scoring).yaku_items(SIX_RIBBONS) == want


def test_animals_under_each_set_scoring():
    five = pile("boar", "deer", "butterflies", "warbler", "cuckoo")
    assert kk(set_scoring="stack_plus").yaku_items(five) == {"inoshikacho": 7, "tane": 1}
    assert kk(set_scoring="stack").yaku_items(five) == {"inoshikacho": 5, "tane": 1}
    both = pile("pine_ribbon", "plum_ribbon", "cherry_ribbon", "peony_ribbon",
                "chrysanthemum_ribbon", "maple_ribbon")
    assert kk(set_scoring="stack").yaku_items(both) == {"akatan": 5, "aotan": 5, "tan": 2}


@pytest.mark.parametrize(("scale", "goko", "sanko", "akatan"), [
    ("nintendo", 10, 5, 5), ("fudawiki", 15, 6, 5), ("high", 15, 6, 6)])
def test_points_scales(scale, goko, sanko, akatan):
    rs = kk(points_scale=scale)
    assert rs.yaku_items(pile("crane", "curtain", "moon", "rain_man", "phoenix")) == {
        "goko": goko}
    assert rs.yaku_items(pile("crane", "curtain", "moon")) == {"sanko": sanko}
    assert rs.yaku_items(POETRY3) == {"akatan": akatan}


POETRY3 = pile("pine_ribbon", "plum_ribbon", "cherry_ribbon")


def test_viewing_sake_options_and_the_rain():
    cup = pile("curtain", "sake_cup")
    assert kk(viewing_sake="off").yaku_items(cup) == {}
    assert kk(viewing_sake="with_yaku").yaku_items(cup) == {}
    with_yaku = cup | pile("boar", "deer", "butterflies")
    assert kk(viewing_sake="with_yaku").yaku_items(with_yaku) == {
        "inoshikacho": 6, "hanami_zake": 5}  # the cup is a fourth animal: +1
    rainy = cup | pile("rain_man")
    assert kk().yaku_items(rainy) == {"hanami_zake": 5}
    assert kk(viewing_points=3).yaku_items(rainy) == {"hanami_zake": 3}
    assert kk(rain_spoils_sake=True).yaku_items(rainy) == {}
    assert rulesets.ruleset_class("koikoi").option_applies(
        "rain_spoils_sake", {"viewing_sake": "off"}, 2) is not None


def test_the_cup_is_no_chaff_when_the_option_says_so():
    nine_and_cup = pile(*CHAFF10[:9], "sake_cup")
    assert kk(sake_cup_chaff=False).yaku_items(nine_and_cup) == {}


# --- the decision ---------------------------------------------------------------------------
def _about_to_make_akatan(**options):  # noqa: ANN202
    """Seat 0 holds the cherry ribbon; the field's cherry chaff is its match; seat 0 has the
    pine and plum ribbons already: its play makes Poetry Ribbons. Seat 1 is one card from
    Blue Ribbons (the maple ribbon in hand, a maple chaff on the field)."""
    rs = kk(**options)
    hands = {0: "cherry_ribbon willow_ribbon paulownia_chaff_1",
             1: "maple_ribbon iris_chaff_1 paulownia_chaff_2"}
    field = "cherry_chaff_1 maple_chaff_1 wisteria_chaff_1"
    pile_ = ["clover_chaff_1", "clover_chaff_2", "susuki_chaff_1", "susuki_chaff_2",
             "lightning", "wisteria_chaff_2"]
    captured = {0: "pine_ribbon plum_ribbon", 1: "peony_ribbon chrysanthemum_ribbon"}
    return from_position(rs, 2, dealer=0, hands=hands, field=field, pile=pile_,
                         captured=captured, to_move=0)


def test_a_new_yaku_asks_koi_koi_or_stop_and_a_stop_scores_it():
    st = _about_to_make_akatan()
    st.apply(parse_action("0 play cherry_ribbon"))
    assert st.view(0).phase == "decide"
    assert {a.verb for a in st.legal_actions()} == {SAGE, SHOUBU}
    st.apply(parse_action("0 shoubu"))
    r = st.results[-1]
    assert (r.ending, r.winner, r.net) == ("shoubu", 0, (5, -5))
    assert [p.reason for p in r.payments] == ["akatan"]


def test_after_koi_koi_there_is_no_cancel_and_the_opponents_stop_is_doubled():
    st = _about_to_make_akatan()
    st.apply(parse_action("0 play cherry_ribbon"))
    st.apply(parse_action("0 sage"))  # koi-koi
    assert all(a.verb != CANCEL for a in st.legal_actions())
    st.apply(parse_action("1 play maple_ribbon"))  # Blue Ribbons for seat 1
    assert {a.verb for a in st.legal_actions()} == {SAGE, SHOUBU}
    st.apply(parse_action("1 shoubu"))
    r = st.results[-1]
    assert (r.winner, r.multiplier, r.net) == (1, 2, (-10, 10))  # 5, doubled: 0 had called


def test_without_the_bonus_the_stop_is_not_doubled():
    st = _about_to_make_akatan(koi_bonus="none")
    for a in ("0 play cherry_ribbon", "0 sage", "1 play maple_ribbon", "1 shoubu"):
        st.apply(parse_action(a))
    assert st.results[-1].net == (-5, 5)


def test_seven_or_more_is_doubled():
    rs = kk()
    st = from_position(rs, 2, dealer=0, hands={0: "curtain willow_ribbon",
                                                1: "iris_chaff_1 paulownia_chaff_2"},
                       field="cherry_chaff_1 wisteria_chaff_1",
                       pile=["clover_chaff_1", "clover_chaff_2", "lightning",
                             "wisteria_chaff_2"],
                       captured={0: "crane moon phoenix"}, to_move=0)
    st.apply(parse_action("0 play curtain"))  # Four Brights: 8
    st.apply(parse_action("0 shoubu"))
    r = st.results[-1]
    assert (r.multiplier, r.net) == (2, (16, -16))
    assert kk(seven_double=False).yaku_items(pile("crane", "moon", "phoenix", "curtain")) \
        == {"shiko": 8}


def test_hands_run_out_without_a_stop_nobody_scores_or_the_dealer_does():
    def out(**options):  # noqa: ANN202
        rs = kk(**options)
        st = from_position(rs, 2, dealer=1, active=[1, 0],
                           hands={1: "wisteria_chaff_1", 0: "iris_chaff_1"},
                           field="pine_chaff_1", pile=["clover_chaff_1", "lightning"],
                           to_move=1)
        st.apply(parse_action("1 play wisteria_chaff_1"))
        st.apply(parse_action("0 play iris_chaff_1"))
        return st.results[-1]

    r = out()
    assert (r.ending, r.winner, r.net) == ("draw", None, (0, 0))
    r = out(exhausted="dealer")
    assert (r.winner, r.net, r.payments[0].reason) == (1, (-6, 6), "oyaken")


# --- whole games ------------------------------------------------------------------------
@pytest.mark.parametrize("rounds", [3, 6])
def test_whole_games_by_random_agents_end_after_their_rounds_and_balance(rounds):
    """Random players, every legal move: each game replays from its record, ends after its
    rounds (misdeals not counted), and every payment balances."""
    from game.engine import record as records
    from game.engine.state import OVER

    for seed in range(6):
        rec = simulate("koikoi", {"rounds": rounds}, 2, ["random"], seed)
        rep = records.Replayer(rec)
        for _step in rep.steps():
            pass
        st = rep.state
        assert st.phase == OVER and st.rounds_played == rounds and sum(st.totals) == 0
        assert all(r.ending in ("shoubu", "draw", "misdeal", "teyaku") for r in st.results)


# --- the deal's checks: the field's four pairs, hands that win as dealt -------------------
FOUR_PAIRS = ["crane", "pine_ribbon", "warbler", "plum_ribbon", "curtain", "cherry_ribbon",
              "cuckoo", "wisteria_ribbon"]  # Pine, Plum, Cherry, Wisteria: two each


def _deck(hand0: list[str], hand1: list[str], field: list[str]) -> list[int]:
    first = [INDEX[c] for c in hand0 + hand1 + field]
    return first + [c for c in range(48) if c not in first]


def test_four_pairs_on_the_field_are_dealt_again_unless_played():
    hands = ["iris_chaff_1", "peony_chaff_1", "clover_chaff_1", "susuki_chaff_1",
             "chrysanthemum_chaff_1", "maple_chaff_1", "lightning", "paulownia_chaff_1"]
    other = ["iris_chaff_2", "peony_chaff_2", "clover_chaff_2", "susuki_chaff_2",
             "chrysanthemum_chaff_2", "maple_chaff_2", "swallow", "paulownia_chaff_2"]
    for option, ending in (("redeal", "misdeal"), ("play", None)):
        st = kk(field_pairs=option).new_state(2, 0)
        st.start_round(_deck(hands, other, FOUR_PAIRS))
        got = st.results[-1].ending if st.results else None
        assert got == ending, option


def test_a_hand_of_four_of_a_month_wins_at_once_and_four_pairs_too():
    teshi = ["crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2",
             "iris_chaff_1", "peony_chaff_1", "clover_chaff_1", "susuki_chaff_1"]
    other = ["warbler", "cuckoo", "bridge", "butterflies", "boar", "geese", "deer", "swallow"]
    field = ["plum_ribbon", "cherry_ribbon", "wisteria_ribbon", "iris_ribbon",
             "peony_ribbon", "clover_ribbon", "chrysanthemum_ribbon", "maple_ribbon"]
    st = kk().new_state(2, 0)
    st.start_round(_deck(teshi, other, field))
    r = st.results[-1]
    assert (r.ending, r.winner, r.net, r.payments[0].reason) == ("teyaku", 0, (6, -6), "teshi")
    assert st.dealer == 0 and st.rounds_played == 1
    st = kk(teyaku_points=8).new_state(2, 1)  # seat 1 deals: its hand is dealt first
    other = ["bridge", "butterflies", "boar", "geese", "deer", "swallow", "sake_cup",
             "lightning"]
    st.start_round(_deck(FOUR_PAIRS, other, ["iris_ribbon", "peony_ribbon", "clover_ribbon",
                                             "chrysanthemum_ribbon", "iris_chaff_1",
                                             "peony_chaff_1", "clover_chaff_1",
                                             "susuki_chaff_1"]))
    r = st.results[-1]
    assert (r.winner, r.net, r.payments[0].reason) == (1, (-8, 8), "four_pairs")
    st = kk(teyaku="redeal").new_state(2, 0)
    st.start_round(_deck(teshi, other, field))
    assert st.results[-1].ending == "misdeal" and st.rounds_played == 0
    st = kk(teyaku="off").new_state(2, 0)
    st.start_round(_deck(teshi, other, field))
    assert not st.results and st.view(0).phase == "play"


def test_both_hands_scoring_as_dealt_is_a_draw():
    teshi = ["crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2",
             "iris_chaff_1", "peony_chaff_1", "clover_chaff_1", "susuki_chaff_1"]
    pairs = FOUR_PAIRS[2:] + ["iris_chaff_2", "iris_ribbon"]  # plum, cherry, wisteria, iris
    field = ["clover_ribbon", "susuki_chaff_2", "chrysanthemum_ribbon", "maple_ribbon",
             "lightning", "paulownia_chaff_1", "boar", "moon"]
    st = kk().new_state(2, 0)
    st.start_round(_deck(teshi, pairs, field))
    r = st.results[-1]
    assert (r.ending, r.winner, r.net) == ("draw", None, (0, 0))


def test_koi_limit_one_forces_the_next_stop():
    """Seat 0 called koi-koi earlier this round and makes a yaku again: with koi_limit=1 it
    may only stop; without a limit it chooses again."""
    for limit, verbs in ((1, {SHOUBU}), (0, {SAGE, SHOUBU})):
        rs = kk(koi_limit=limit)
        st = from_position(rs, 2, dealer=0,
                           hands={0: "cherry_ribbon willow_ribbon paulownia_chaff_1",
                                  1: "maple_ribbon iris_chaff_1 paulownia_chaff_2"},
                           field="cherry_chaff_1 maple_chaff_1 wisteria_chaff_1",
                           pile=["clover_chaff_1", "clover_chaff_2", "susuki_chaff_1",
                                 "susuki_chaff_2", "lightning", "wisteria_chaff_2"],
                           captured={0: "pine_ribbon plum_ribbon"}, to_move=0,
                           sage_order=[0])
        st.apply(parse_action("0 play cherry_ribbon"))
        assert {a.verb for a in st.legal_actions()} == verbs, limit


@pytest.mark.parametrize(("bonus", "caller_calls", "loser_calls", "m"), [
    ("opponent_called", 0, 1, 2), ("opponent_called", 1, 0, 1),
    ("self_called", 1, 0, 2), ("self_called", 0, 1, 1),
    ("any_called", 1, 0, 2), ("any_called", 0, 0, 1),
    ("per_call", 0, 2, 3), ("none", 1, 1, 1)])
def test_each_koi_bonus(bonus, caller_calls, loser_calls, m):
    from game.engine.actions import verb_action

    st = _about_to_make_akatan(koi_bonus=bonus)
    st.sagers = (1 if caller_calls else 0) | (2 if loser_calls else 0)
    st.actions.extend([verb_action(0, SAGE)] * caller_calls + [verb_action(1, SAGE)] * loser_calls)
    assert st.rs.multiplier(st, 0, 5) == m


def test_the_other_player_deals_after_a_draw_with_draw_dealer_other():
    rs = kk(draw_dealer="other")
    st = from_position(rs, 2, dealer=1, active=[1, 0], hands={1: "wisteria_chaff_1",
                                                              0: "iris_chaff_1"},
                       field="pine_chaff_1", pile=["clover_chaff_1", "lightning"], to_move=1)
    st.apply(parse_action("1 play wisteria_chaff_1"))
    st.apply(parse_action("0 play iris_chaff_1"))
    assert st.results[-1].ending == "draw" and st.dealer == 0


def test_the_hint_names_the_choices_in_koi_koi_words():
    """The advisor's reason for a Koi-Koi decision says koi-koi and stop, as the panel does,
    never sage or shoubu (game/play/advice.py reads the view's decision words)."""
    from game.engine.actions import verb_action
    from game.play.advice import gather, reason

    st = _about_to_make_akatan()
    st.apply(parse_action("0 play cherry_ribbon"))
    view = st.view(0)
    for verb in (SAGE, SHOUBU):
        action = verb_action(0, verb)
        facts = gather(view, action, {verb_action(0, SAGE): 1.0, verb_action(0, SHOUBU): 5.0})
        said = reason(action, view.phase, facts, (), ["You", "Ren"])
        assert ("Koi-koi" if verb == SAGE else "Stop") in said, said
        assert "Sage" not in said and "Shoubu" not in said, said


# --- the rest of the page's options ------------------------------------------------------
def test_a_minimum_forces_a_small_stop():
    st = _about_to_make_akatan(koi_minimum=6)
    st.apply(parse_action("0 play cherry_ribbon"))  # Poetry Ribbons: 5, under 6
    assert {a.verb for a in st.legal_actions()} == {SHOUBU}
    st = _about_to_make_akatan(koi_minimum=5)
    st.apply(parse_action("0 play cherry_ribbon"))
    assert {a.verb for a in st.legal_actions()} == {SAGE, SHOUBU}


@pytest.mark.parametrize(("option", "m"), [("off", 1), ("double", 2), ("per_bright", 3)])
def test_brights_dealt_to_the_field_multiply_a_stop(option, m):
    st = _about_to_make_akatan(field_brights=option)
    st.play_field = pile("crane", "moon", "cherry_chaff_1")  # two brights were dealt there
    assert st.rs.multiplier(st, 0, 5) == m


def test_the_last_to_make_a_yaku_is_paid_when_the_hands_run_out():
    rs = kk(exhausted="last_yaku")
    st = from_position(rs, 2, dealer=0, hands={0: "cherry_ribbon", 1: "iris_chaff_1"},
                       field="cherry_chaff_1", pile=["clover_chaff_1", "lightning"],
                       captured={0: "pine_ribbon plum_ribbon"}, to_move=0)
    st.apply(parse_action("0 play cherry_ribbon"))  # Poetry Ribbons, not the last turn
    st.apply(parse_action("0 sage"))
    st.apply(parse_action("1 play iris_chaff_1"))  # the hands run out with no stop
    r = st.results[-1]
    assert (r.ending, r.winner, r.net) == ("exhausted", 0, (5, -5))


TESHI_AND_PAIRS = ["crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2",
                   "warbler", "plum_ribbon", "cuckoo", "wisteria_ribbon"]  # 4 + 2 + 2


def test_a_hand_both_four_of_a_month_and_four_pairs_pays_both_with_teyaku_stack():
    other = ["bridge", "butterflies", "boar", "geese", "deer", "swallow", "sake_cup",
             "lightning"]
    field = ["iris_ribbon", "peony_ribbon", "clover_ribbon", "chrysanthemum_ribbon",
             "iris_chaff_1", "peony_chaff_1", "clover_chaff_1", "susuki_chaff_1"]
    for stack, reasons in ((False, ["teshi"]), (True, ["teshi", "four_pairs"])):
        st = kk(teyaku_stack=stack).new_state(2, 0)
        st.start_round(_deck(TESHI_AND_PAIRS, other, field))
        assert [p.reason for p in st.results[-1].payments] == reasons


def test_both_hands_scoring_as_dealt_may_be_ignored():
    teshi = ["crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2",
             "iris_chaff_1", "peony_chaff_1", "clover_chaff_1", "susuki_chaff_1"]
    pairs = FOUR_PAIRS[2:] + ["iris_chaff_2", "iris_ribbon"]
    field = ["clover_ribbon", "susuki_chaff_2", "chrysanthemum_ribbon", "maple_ribbon",
             "lightning", "paulownia_chaff_1", "boar", "moon"]
    st = kk(teyaku_both="ignore").new_state(2, 0)
    st.start_round(_deck(teshi, pairs, field))
    assert not st.results and st.view(0).phase == "play"


# --- the options of koikoi.md §2.1, §4.4, §4.5 and §5.1 (field_four, field_weather,
# tsukifuda, koi_trigger) -------------------------------------------------------------------
PINE = ["crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2"]
PLAIN_HAND0 = ["iris_chaff_1", "peony_chaff_1", "clover_chaff_1", "susuki_chaff_1",
               "warbler", "cuckoo", "bridge", "lightning"]
PLAIN_HAND1 = ["iris_chaff_2", "peony_chaff_2", "clover_chaff_2", "susuki_chaff_2",
               "butterflies", "boar", "geese", "swallow"]
FIELD4 = PINE + ["plum_ribbon", "cherry_ribbon", "wisteria_ribbon", "maple_ribbon"]


def test_four_of_a_month_on_the_field_goes_to_the_dealer_who_gets_four_new_field_cards():
    st = kk(field_four="dealer_takes").new_state(2, 1)
    deck = _deck(PLAIN_HAND1, PLAIN_HAND0, FIELD4)  # seat 1 deals: its hand first
    st.start_round(deck)
    v = st.view(1)
    assert v.phase == "play" and not st.results
    assert st.captured[1] == mask_of_names(*PINE)
    assert len(v.field) == 8 and not set(PINE) & set(v.field)
    assert set(v.field) - set(FIELD4[4:]) == {str(c) for c in
                                             [_id(deck[24]), _id(deck[25]), _id(deck[26]),
                                              _id(deck[27])]}
    assert v.pile_count == 20
    # the round still plays to its end: 16 turns, the pile holds enough
    turns = 0
    while st.view(0).phase in ("play", "take", "decide"):
        act = st.legal_actions()
        st.apply(next((a for a in act if a.verb == SHOUBU), act[0]))
        turns += act[0].verb == "play"
    assert st.results[-1].ending in ("shoubu", "draw")


def _id(c: int) -> str:
    from game.engine.cards import CARD_IDS

    return CARD_IDS[c]


def test_the_refilled_field_is_checked_again_for_four_of_a_month():
    plum = ["warbler", "plum_ribbon", "plum_chaff_1", "plum_chaff_2"]
    hand0 = ["iris_chaff_1", "peony_chaff_1", "clover_chaff_1", "susuki_chaff_1",
             "cuckoo", "bridge", "lightning", "iris_ribbon"]
    field = PINE + ["plum_ribbon", "plum_chaff_1", "plum_chaff_2", "maple_ribbon"]
    first = [INDEX[c] for c in PLAIN_HAND1 + hand0 + field]
    # the pile's top four bring the fourth plum card, then four more cards come
    top = [INDEX[c] for c in ("warbler", "maple_chaff_1", "sake_cup", "moon",
                              "wisteria_chaff_1", "wisteria_chaff_2", "clover_ribbon",
                              "chrysanthemum_chaff_1")]
    rest = [c for c in range(48) if c not in first and c not in top]
    st = kk(field_four="dealer_takes").new_state(2, 1)
    st.start_round(first + top + rest)
    assert st.captured[1] == mask_of_names(*PINE, *plum)
    assert len(st.view(1).field) == 8 and st.view(1).pile_count == 16


def test_four_of_a_month_on_the_field_wins_the_round_for_the_dealer():
    st = kk(field_four="dealer_wins").new_state(2, 0)
    st.start_round(_deck(PLAIN_HAND0, PLAIN_HAND1, FIELD4))
    r = st.results[-1]
    assert (r.ending, r.winner, r.net) == ("teyaku", 0, (6, -6))
    assert [p.reason for p in r.payments] == ["field_four"]
    assert st.rounds_played == 1
    assert any(e.id == "field_four" for e in kk(field_four="dealer_wins").catalogue())
    assert not any(e.id == "field_four" for e in kk().catalogue())


def test_the_weather_rains_off_and_fogs_off_the_viewing_sakes():
    rs = kk(field_weather=True)
    both = pile("sake_cup", "curtain", "moon")
    assert rs.yaku_items(both) == {"hanami_zake": 5, "tsukimi_zake": 5}  # no context
    assert rs.yaku_items(both, 0, rs.context_of(1, pile("lightning"))) == \
        {"tsukimi_zake": 5}
    assert rs.yaku_items(both, 0, rs.context_of(1, pile("phoenix"))) == {"hanami_zake": 5}
    assert rs.yaku_items(both, 0, rs.context_of(1, pile("swallow", "paulownia_chaff_1"))) \
        == {}
    assert rs.yaku_items(both, 0, rs.context_of(1, pile("pine_chaff_1"))) == \
        {"hanami_zake": 5, "tsukimi_zake": 5}
    off = kk()  # without the option the field changes nothing
    assert off.yaku_items(both, 0, off.context_of(1, pile("lightning"))) == \
        {"hanami_zake": 5, "tsukimi_zake": 5}


def _about_to_make_hanami(**options):  # noqa: ANN202
    """Seat 0 holds the curtain, the field's cherry chaff its match, the sake cup in its
    pile; a willow card lies on the field."""
    rs = kk(**options)
    return from_position(rs, 2, dealer=0,
                         hands={0: "curtain iris_chaff_1", 1: "maple_chaff_2 swallow"},
                         field="cherry_chaff_1 lightning wisteria_chaff_1",
                         pile=["clover_chaff_1", "clover_chaff_2", "susuki_chaff_1",
                               "susuki_chaff_2"],
                         captured={0: "sake_cup"}, to_move=0)


def test_a_rained_off_viewing_sake_asks_nothing_until_the_willow_is_taken():
    st = _about_to_make_hanami(field_weather=True)
    st.apply(parse_action("0 play curtain"))
    assert st.view(0).phase == "play" and st.to_move == 1  # rained off: no decision
    assert st.view(0).yaku[0] == {}
    st = _about_to_make_hanami()
    st.apply(parse_action("0 play curtain"))
    assert st.view(0).phase == "decide"


def test_the_weather_reads_the_field_in_rollouts_too():
    """A rollout (events off: the compiled kernel's path where it applies) and the same
    actions replayed one by one through the checked generic code end the round alike."""
    from game.engine.rng import Rng
    from game.engine.rollout import playout

    assert kk(field_weather=True).yaku_reads_field and not kk(tsukifuda=True).yaku_reads_field
    for seed in range(8):
        fast = _about_to_make_hanami(field_weather=True)
        fast.events_on = False
        start = len(fast.actions)
        playout(fast, Rng(seed), "greedy")
        slow = _about_to_make_hanami(field_weather=True)
        for a in fast.actions[start:]:
            slow.apply(a)
        assert slow.results[-1] == fast.results[-1], seed


@pytest.mark.parametrize("round_no", [1, 5, 12])
def test_cards_of_the_month_score_four_in_their_round(round_no):
    from game.engine.cards import CARD_IDS

    rs = kk(tsukifuda=True)
    month = [CARD_IDS[4 * (round_no - 1) + i] for i in range(4)]
    other = [CARD_IDS[4 * (round_no % 12) + i] for i in range(4)]
    got = rs.yaku_items(pile(*month), 0, rs.context_of(round_no, 0))
    assert got.get("tsukifuda") == 4
    assert "tsukifuda" not in rs.yaku_items(pile(*other), 0, rs.context_of(round_no, 0))
    assert "tsukifuda" not in kk().yaku_items(pile(*month), 0, kk().context_of(round_no, 0))
    watch = {e.id: e for e in rs.entries_in(rs.context_of(round_no, 0))}
    assert watch["tsukifuda"].cards == pile(*month) and watch["tsukifuda"].is_card_set


def test_cards_of_the_month_are_paid_in_the_rounds_month_and_a_misdeal_does_not_count():
    rs = kk(tsukifuda=True)
    st = rs.new_state(2, 0)
    # round 1 thrown in (four Pine cards on the field): the next deal is still round 1, Pine
    pine_field = _deck(PLAIN_HAND0, PLAIN_HAND1, FIELD4)
    st.start_round(pine_field)
    assert st.results[-1].ending == "misdeal"
    assert st.yaku_ctx()[0] == pile(*PINE)
    # a position in round 1: seat 0 takes the last Pine card and holds the month
    st = from_position(rs, 2, dealer=0, hands={0: "pine_chaff_2 iris_chaff_1",
                                               1: "maple_chaff_2 lightning"},
                       field="pine_chaff_1 wisteria_chaff_1 cherry_chaff_1",
                       pile=["clover_chaff_1", "clover_chaff_2", "susuki_chaff_1",
                             "susuki_chaff_2"],
                       captured={0: "crane pine_ribbon"}, to_move=0)
    st.apply(parse_action("0 play pine_chaff_2"))
    assert st.view(0).phase == "decide" and st.view(0).yaku[0] == {"tsukifuda": 4}
    assert any(p.id == "tsukifuda" and p.made for p in st.view(0).watch[0])
    st.apply(parse_action("0 shoubu"))
    assert st.results[-1].net == (4, -4) and st.results[-1].payments[0].reason == "tsukifuda"


def test_cards_of_the_month_follow_the_round_in_a_game_in_progress():
    rs = kk(tsukifuda=True)
    st = rs.new_state(2, 0)
    st.rounds_played = 1  # between rounds 1 and 2: the piles are round 1's, Pine
    assert st.yaku_ctx()[0] == pile(*PINE)
    st2 = from_position(rs, 2, hands={0: "plum_chaff_2 iris_chaff_1",
                                      1: "maple_chaff_2 lightning"},
                        field="plum_chaff_1 wisteria_chaff_1", pile=["clover_chaff_1",
                                                                      "clover_chaff_2",
                                                                      "susuki_chaff_1",
                                                                      "susuki_chaff_2"],
                        captured={0: "warbler plum_ribbon"}, to_move=0, game=st)
    assert st2.yaku_ctx()[0] == pile("warbler", "plum_ribbon", "plum_chaff_1", "plum_chaff_2")
    st2.apply(parse_action("0 play plum_chaff_2"))
    assert st2.view(0).phase == "decide" and "tsukifuda" in st2.view(0).yaku[0]
    clone = st2.clone()  # a clone reads its own round and field
    assert clone.view(0).yaku[0] == st2.view(0).yaku[0]


def _improve_kasu(**options):  # noqa: ANN202
    """Seat 0 has kasu already (10 chaff) and its play takes an eleventh: an improved yaku."""
    rs = kk(**options)
    chaff = "pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 " \
            "cherry_chaff_2 wisteria_chaff_1 wisteria_chaff_2 iris_chaff_1 iris_chaff_2"
    st = from_position(rs, 2, dealer=0,
                       hands={0: "peony_chaff_1 lightning", 1: "maple_chaff_2 swallow"},
                       field="peony_chaff_2 clover_ribbon", pile=["susuki_chaff_1",
                                                                   "susuki_chaff_2",
                                                                   "deer", "geese"],
                       captured={0: chaff}, to_move=0)
    return st


def test_an_improved_yaku_asks_nothing_with_koi_trigger_new_only():
    st = _improve_kasu()
    st.apply(parse_action("0 play peony_chaff_1"))
    assert st.view(0).phase == "decide"  # improved: 1 -> 2 points
    st = _improve_kasu(koi_trigger="new_only")
    st.apply(parse_action("0 play peony_chaff_1"))
    assert st.view(0).phase == "play" and st.to_move == 1


def test_a_new_yaku_still_asks_with_koi_trigger_new_only_and_scores_every_point():
    st = _about_to_make_akatan(koi_trigger="new_only")
    st.apply(parse_action("0 play cherry_ribbon"))
    assert st.view(0).phase == "decide"
    rs = kk(koi_trigger="new_only")
    poetry = pile("pine_ribbon", "plum_ribbon", "cherry_ribbon")
    blue = pile("peony_ribbon", "chrysanthemum_ribbon", "maple_ribbon")
    assert rs.trigger_level(poetry | blue) == 2 > rs.trigger_level(poetry) == 1
    assert rs.trigger_level(pile("crane", "curtain", "moon", "phoenix")) == \
        rs.trigger_level(pile("crane", "curtain", "moon")) == 1  # sanko -> shiko: improved


@pytest.mark.parametrize(("name", "value"), [("field_four", "dealer_takes"),
                                              ("field_four", "dealer_wins"),
                                              ("field_weather", True), ("tsukifuda", True),
                                              ("koi_trigger", "new_only")])
def test_whole_games_with_each_new_option_end_and_balance(name, value):
    from game.engine import record as records
    from game.engine.state import OVER

    for seed in range(4):
        rec = simulate("koikoi", {name: value, "rounds": 6}, 2, ["random"], seed)
        rep = records.Replayer(rec)
        for _step in rep.steps():
            pass
        assert rep.state.phase == OVER and sum(rep.state.totals) == 0


def test_a_yaku_the_dealer_takes_before_play_asks_nothing_but_scores_at_a_stop():
    """koikoi.md decision 18: field_four=dealer_takes with tsukifuda in round 1 hands the dealer
    the Pine month before the first turn; no decision is asked for it."""
    st = kk(field_four="dealer_takes", tsukifuda=True).new_state(2, 1)
    st.start_round(_deck(PLAIN_HAND1, PLAIN_HAND0, FIELD4))
    assert st.view(1).phase == "play" and st.view(1).yaku[1] == {"tsukifuda": 4}
    assert st.vcache[1] == 4  # already reached: a later turn must raise it to ask
