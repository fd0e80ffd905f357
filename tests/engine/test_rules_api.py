"""rules/examples.md §1, §2, §4 and §10 (the hachihachi family), as written there."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.cards import CHAFF_EQUIV, NUKI_DECK

HH = rulesets.get("hachihachi")
K10 = rulesets.get("hachihachi", kan=10)
NIN = rulesets.get("hachihachi-nintendo")


def test_deck_points_and_chaff_equivalents():
    assert HH.card_points(HH.deck) == 264
    assert NIN.card_points(NIN.deck) == 264
    assert len(HH.deck) == 48 and HH.deck[0] == "crane" and HH.deck[-1] == "paulownia_chaff_2"
    assert (sum(1 << c for c in HH.deck_cards) & CHAFF_EQUIV).bit_count() == 27
    assert (NUKI_DECK & CHAFF_EQUIV).bit_count() == 19


def test_can_capture_same_month():
    assert HH.can_capture("crane", "pine_chaff_1") is True
    assert HH.can_capture("crane", "curtain") is False
    assert HH.can_capture("lightning", "rain_man") is True
    with pytest.raises(ValueError, match="crane"):
        HH.can_capture("crane", "crane")


# (hand, hachihachi, kan=10, nintendo) from examples.md §2, research E2 T1-T19.
T = {
    "T1": ("crane pine_ribbon pine_chaff_1 plum_chaff_1 cherry_chaff_1 susuki_chaff_1 "
           "maple_chaff_1", {"sanbon": 24}, {"sanbon": 20}, {"sanbon": 10}),
    "T2": ("cuckoo wisteria_ribbon wisteria_chaff_1 pine_chaff_1 plum_chaff_1 cherry_chaff_1 "
           "peony_chaff_1", {"tatesanbon": 36}, {"tatesanbon": 30}, {"tatesanbon": 15}),
    "T3": ("phoenix paulownia_chaff_1 paulownia_chaff_2 pine_chaff_1 plum_chaff_1 "
           "cherry_chaff_1 peony_chaff_1", {"sanbon": 24, "pikaichi": 48},
           {"sanbon": 20, "pikaichi": 40}, {"pikaichi": 20}),
    "T4": ("paulownia_chaff_1 paulownia_chaff_2 paulownia_yellow pine_chaff_1 plum_chaff_1 "
           "cherry_chaff_1 peony_chaff_1", {"tatesanbon": 36, "karasu": 48},
           {"tatesanbon": 30, "karasu": 40}, {"karasu": 25}),
    "T5": ("rain_man swallow willow_ribbon lightning paulownia_chaff_1 paulownia_chaff_2 "
           "paulownia_yellow", {"shiso": 240, "karasu": 48}, {"shiso": 200, "karasu": 40},
           {"shiso": 50}),
    "T6": ("rain_man pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1 "
           "chrysanthemum_chaff_1 maple_chaff_1", {"karasu": 48}, {"karasu": 40},
           {"karasu": 25}),
    "T7": ("cherry_ribbon willow_ribbon pine_chaff_1 plum_chaff_1 peony_chaff_1 "
           "chrysanthemum_chaff_1 maple_chaff_1", {"tanichi": 36}, {"tanichi": 30},
           {"tanichi": 20}),
    "T8": ("peony_ribbon iris_ribbon pine_chaff_1 plum_chaff_1 cherry_chaff_1 susuki_chaff_1 "
           "maple_chaff_1", {"aka": 24}, {"aka": 20}, {"aka": 15}),
    "T9": ("sake_cup pine_chaff_1 plum_chaff_1 cherry_chaff_1 peony_chaff_1 susuki_chaff_1 "
           "maple_chaff_1", {"toichi": 36}, {"toichi": 30}, {"toichi": 20}),
    "T10": ("crane pine_ribbon pine_chaff_1 warbler plum_chaff_1 cherry_ribbon cherry_chaff_1",
            {"haneken": 84}, {"haneken": 70}, {"haneken": 30}),
    "T11": ("curtain cherry_ribbon cherry_chaff_1 cherry_chaff_2 deer maple_chaff_1 "
            "iris_chaff_1", {"ichinishi": 96}, {"ichinishi": 80}, {"ichinishi": 35}),
    "T12": ("pine_chaff_1 pine_chaff_2 plum_chaff_1 plum_chaff_2 cherry_chaff_1 cherry_chaff_2 "
            "peony_chaff_1", {"kuttsuki": 48, "karasu": 48}, {"kuttsuki": 40, "karasu": 40},
            {"karasu": 25}),
    "T13": ("cuckoo wisteria_ribbon wisteria_chaff_1 bridge iris_ribbon iris_chaff_1 "
            "clover_chaff_1", {"futatatesanbon": 96}, {"futatatesanbon": 80},
            {"tatesanbon": 15}),
    "T14": ("crane pine_ribbon pine_chaff_1 cuckoo wisteria_ribbon wisteria_chaff_1 "
            "chrysanthemum_chaff_1", {"sanbon_tatesanbon": 84}, {"sanbon_tatesanbon": 70},
            {"tatesanbon": 15}),
    "T15": ("crane pine_ribbon pine_chaff_1 warbler plum_ribbon plum_chaff_1 "
            "chrysanthemum_chaff_1", {"futasanbon": 72}, {"futasanbon": 60}, {"sanbon": 10}),
    "T16": ("bridge iris_ribbon iris_chaff_1 iris_chaff_2 pine_chaff_1 plum_chaff_1 "
            "cherry_chaff_1", {"teshi": 72}, {"teshi": 60}, {"teshi": 30}),
    "T17": ("boar clover_ribbon clover_chaff_1 clover_chaff_2 cuckoo wisteria_ribbon "
            "wisteria_chaff_1", {"shiso": 240}, {"shiso": 200}, {"shiso": 50}),
    "T18": ("phoenix paulownia_chaff_1 paulownia_chaff_2 paulownia_yellow pine_chaff_1 "
            "plum_chaff_1 cherry_chaff_1", {"teshi": 72, "pikaichi": 48},
            {"teshi": 60, "pikaichi": 40}, {"teshi": 30}),
    "T19": ("pine_ribbon plum_ribbon sake_cup cherry_chaff_1 wisteria_chaff_1 iris_chaff_1 "
            "peony_chaff_1", {}, {}, {}),
}


@pytest.mark.parametrize("key", sorted(T, key=lambda k: int(k[1:])))
def test_teyaku_vectors(key):
    hand, hh, k10, nin = T[key]
    cards = hand.split()
    assert HH.teyaku(cards) == hh
    assert K10.teyaku(cards) == k10
    assert NIN.teyaku(cards) == nin
    assert HH.teyaku(cards, seat=2) == hh  # the seat does not matter here


@pytest.mark.parametrize("key, options, expected", [
    ("T3", {"teyaku_combine": "best_one"}, {"pikaichi": 48}),
    ("T4", {"teyaku_combine": "best_one"}, {"karasu": 48}),
    ("T12", {"teyaku_combine": "best_one"}, {"kuttsuki": 48}),
    ("T18", {"teyaku_combine": "best_one"}, {"teshi": 72}),
    ("T8", {"aka_value": 3}, {"aka": 36}),
    ("T1", {"payment_model": "split"}, {"sanbon": 12}),
    ("T7", {"payment_model": "split", "kan": 10}, {"tanichi": 15}),
])
def test_teyaku_options(key, options, expected):
    assert rulesets.get("hachihachi", **options).teyaku(T[key][0].split()) == expected


D4 = ("pine_ribbon plum_ribbon cherry_ribbon peony_ribbon chrysanthemum_ribbon maple_ribbon "
      "wisteria_ribbon")
D6 = ("pine_ribbon plum_ribbon cherry_ribbon wisteria_ribbon iris_ribbon clover_ribbon "
      "peony_ribbon chrysanthemum_ribbon willow_ribbon")


@pytest.mark.parametrize("name, options, pile, expected", [
    ("D1", {}, "crane curtain moon phoenix", {"shiko": 120}),
    ("D2", {}, "crane curtain moon rain_man", {}),
    ("D3", {}, "crane curtain moon rain_man phoenix", {"goko": 144}),
    ("D3c", {"goko_after_shiko": "cumulative"}, "crane curtain moon rain_man phoenix",
     {"goko": 144, "shiko": 120}),
    ("D4", {}, D4, {"nanatan": 120, "akatan": 84, "aotan": 84}),
    ("D5", {}, "pine_ribbon plum_ribbon cherry_ribbon wisteria_ribbon iris_ribbon "
               "clover_ribbon willow_ribbon", {"akatan": 84}),
    ("D6", {"nanatan_extra": True}, D6, {"nanatan": 144, "akatan": 84}),
    ("D6b", {}, D6, {"nanatan": 120, "akatan": 84}),
    ("D7", {}, "boar deer butterflies", {}),
    ("D7bdb", {"bdb": True}, "boar deer butterflies", {"inoshikacho": 84}),
    ("D8", {"kan": 10}, D4, {"nanatan": 100, "akatan": 70, "aotan": 70}),
])
def test_dekiyaku_vectors(name, options, pile, expected):
    assert rulesets.get("hachihachi", **options).dekiyaku(pile.split()) == expected


@pytest.mark.parametrize("name, options, pile, expected", [
    ("D9", {}, D4, {"nanatan": 50, "akatan": 35, "aotan": 35}),
    ("D10", {}, "crane curtain moon rain_man phoenix", {"goko": 75}),
    ("D11", {}, "boar deer butterflies", {"inoshikacho": 35}),
    ("D11off", {"bdb": False}, "boar deer butterflies", {}),
])
def test_dekiyaku_vectors_nintendo(name, options, pile, expected):
    assert rulesets.get("hachihachi-nintendo", **options).dekiyaku(pile.split()) == expected


def test_empty_pile_and_empty_results():
    assert HH.dekiyaku([]) == {}
    assert HH.card_points([]) == 0


@pytest.mark.parametrize("call, needle", [
    (lambda: rulesets.get("hachi-hachi"), "hachi-hachi"),
    (lambda: rulesets.get("hachihachi", kan=11), "11"),
    (lambda: rulesets.get("hachihachi", kan="12"), "'12'"),
    (lambda: rulesets.get("hachihachi", bdb=1), "bdb"),
    (lambda: rulesets.get("hachihachi", colour="red"), "colour"),
    (lambda: rulesets.get("hachihachi-nintendo", kan=10), "kan"),
    (lambda: rulesets.get("hachihachi", rounds=0), "rounds"),
    (lambda: HH.teyaku("crane pine_ribbon pine_chaff_1 plum_chaff_1 cherry_chaff_1 "
                       "susuki_chaff_1".split()), "7"),
    (lambda: HH.teyaku("crane crane pine_chaff_1 plum_chaff_1 cherry_chaff_1 susuki_chaff_1 "
                       "maple_chaff_1".split()), "crane"),
    (lambda: HH.dekiyaku(["moon", "moon"]), "moon"),
    (lambda: HH.card_points(["dragon"]), "dragon"),
    (lambda: HH.can_capture("crane", "crane"), "crane"),
    (lambda: HH.dekiyaku("moon"), "moon"),
    (lambda: HH.teyaku(T["T1"][0].split(), seat=-1), "-1"),
])
def test_api_errors_name_the_value(call, needle):
    with pytest.raises(ValueError) as info:
        call()
    assert needle in str(info.value)


def test_names_lists_the_rulesets():
    assert {"hachihachi", "hachihachi-nintendo"} <= set(rulesets.names())
