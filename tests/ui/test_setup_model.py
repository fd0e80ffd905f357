"""The New game screen's model without a window (issue 25 item 3): options and what applies,
presets, seats, the seed, the problems told, what is remembered and the session started.
Nothing here opens a display; the first test shows the model never loads pygame."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.engine import rulesets
from game.play.session import GameSession
from game.play.terms import not_applies, value_explained
from game.ui.setup_model import (
    CUSTOM,
    DEFAULT_AI,
    MAIN_OPTIONS,
    SetupModel,
    kind_label,
    parse_seed,
)


def _model(ruleset: str = "hachihachi", options: dict | None = None, seats: int = 3,
           **kw: object) -> SetupModel:
    m = SetupModel(ruleset, {ruleset: dict(options or {})},
                   [{"name": f"P{i}", "kind": "human" if i == 0 else "ai:random"}
                    for i in range(seats)], **kw)  # type: ignore[arg-type]
    m.fix_seats()
    return m


def test_the_model_imports_without_pygame():
    code = ("import sys, game.ui.setup_model as m; m.SetupModel.from_last({}).option_rows(); "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_the_last_setup_is_restored_and_remembered():
    last = {"ruleset": "hachi", "options": {"hachi": {"agari_count": 2}},
            "seats": [{"name": "Ana", "kind": "human"}, {"name": "Ren", "kind": "ai:casual"}],
            "house_rules": True}
    m = SetupModel.from_last(last, entries=[])
    assert (m.ruleset, m.opts(), m.house_open) == ("hachi", {"agari_count": 2}, True)
    assert m.remembered() == {"ruleset": "hachi", "options": {"hachi": {"agari_count": 2}},
                              "seats": last["seats"], "house_rules": True}
    assert "seed" not in m.remembered()


@pytest.mark.parametrize("last", [None, "abc", [], {"ruleset": ["x"], "options": [],
                                                     "seats": "abc"},
                                  {"ruleset": "nope", "seats": [1, "x"]}])
def test_a_last_setup_of_any_shape_gives_the_first_game(last):
    m = SetupModel.from_last(last, entries=[])
    assert m.ruleset == rulesets.names()[0] and m.seats == [] and not m.house_open
    m.fix_seats()
    assert len(m.seats) == 3 and m.seats[0]["kind"] == "human"
    assert m.problems() == []


def test_stale_options_are_dropped_and_defaults_fill_the_rest():
    m = _model("hachihachi", {"kan": 10, "gone": 1})
    assert m.opts() == {"kan": 10}
    eff = m.effective()
    assert eff["kan"] == 10 and set(eff) == {o.name for o in m.table()}


def test_seats_follow_the_game_range_with_default_names_and_kinds():
    m = SetupModel("hachi", seats=[{"name": "Ana", "kind": "robot"}])
    m.fix_seats()
    lo, hi = m.seat_range()
    assert lo == hi == len(m.seats) == 2
    assert m.seats[0] == {"name": "Ana", "kind": f"ai:{DEFAULT_AI}"}  # unknown kind fixed
    assert m.seats[1]["kind"] == f"ai:{DEFAULT_AI}"
    assert m.seats_label() == "Seats" and m.count_choice().values == ["2"]
    m = _model("hachihachi", seats=3)
    assert m.seats_label() == "Seats (2–7)"
    m.set_seat_count(5)
    assert [s["kind"] for s in m.seats][3:] == [f"ai:{DEFAULT_AI}"] * 2
    assert m.seats[3]["name"] == "Mia" and m.count_choice().current == "5"
    m.set_seat_count(2)
    assert [s["name"] for s in m.seats] == ["P0", "P1"]


def test_a_seat_kind_is_chosen_by_its_id():
    m = _model()
    choice = m.kind_choices()[1]
    assert choice.current == kind_label("ai:random") and "human" in choice.ids
    m.set_seat_kind(1, "ai:expectimax", "Expert")
    assert m.seats[1]["kind"] == "ai:expectimax"
    m.set_seat_kind(2, "Human", "Human")  # no id beside the words: read from the words
    assert m.seats[2]["kind"] == "human"


def test_an_option_that_does_nothing_is_told_and_cannot_change():
    m = _model("hachi", seats=2)  # ends on agari: rounds and points do nothing
    assert m.applicability()["rounds"] == "match_end_rounds"
    assert not m.set_option("rounds", "3") and "rounds" not in m.opts()
    main, _house = m.option_rows()
    rounds = next(r for r in main if r.name == "rounds")
    assert rounds.reason == "match_end_rounds"
    assert rounds.note == not_applies("match_end_rounds") and not rounds.error
    assert m.set_option("match_end", "rounds") and m.opts()["match_end"] == "rounds"
    assert "rounds" not in m.applicability()
    assert m.set_option("rounds", "3") and m.opts()["rounds"] == 3  # counts come as words
    assert "agari_count" in m.applicability()


def test_dropout_options_apply_only_with_spare_seats():
    m = _model("hachihachi", seats=3)
    assert m.applicability().get("dropout_fee") == "no_dropouts"
    m.set_seat_count(4)
    assert "dropout_fee" not in m.applicability()


def test_rows_split_the_game_length_from_the_house_rules():
    m = _model("hachihachi")
    main, house = m.option_rows()
    assert {r.name for r in main} <= set(MAIN_OPTIONS) and main
    assert not {r.name for r in house} & set(MAIN_OPTIONS)
    kan = next(r for r in house if r.name == "kan")
    assert kan.label == "Kan value" and kan.note == value_explained("kan", 12)
    assert kan.choice is not None and kan.choice.current in kan.choice.values
    bdb = next(r for r in house if r.name == "bdb")
    assert bdb.choice.ids == [False, True] and bdb.choice.current == "Off"
    rounds = next(r for r in main if r.name == "rounds")
    assert rounds.choice.values == ["1", "3", "6", "12", "24", "48"]
    assert m.set_option("bdb", True) and m.opts()["bdb"] is True


def test_presets_set_their_options_and_keep_the_game_length():
    m = _model("hachihachi", {"rounds": 3})
    assert m.preset_choice().current == "Standard (FudaWiki)"
    assert CUSTOM not in m.preset_choice().ids
    assert m.choose_preset("Kansai")
    assert m.opts() == {"rounds": 3, "kan": 10, "dropout_fee": "by_seat",
                        "sage_failure": "void"}
    m.set_option("kan", "12")
    choice = m.preset_choice()
    assert choice.current == "Custom" and choice.ids[-1] == CUSTOM
    assert not m.choose_preset(CUSTOM) and m.opts()["kan"] == 12
    assert _model("hachihachi-nintendo").preset_choice() is not None


def test_changing_game_forgets_the_old_problems():
    m = _model("hachihachi")
    m.errors["kan"] = "bad"
    assert not m.choose_ruleset("hachihachi") and m.errors
    assert m.choose_ruleset("hachi") and m.errors == {} and m.ruleset == "hachi"


def test_a_typed_option_is_checked_by_the_engine():
    m = _model("hachi", seats=2)
    m.type_option("agari_count", "99")
    assert m.problems() == ["Enter a whole number from 1 to 12."]
    m.type_option("agari_count", " 3 ")
    assert m.problems() == [] and m.opts()["agari_count"] == 3


def test_options_the_engine_refuses_are_told():
    m = _model("hachihachi", {"kan": "lots"})
    assert m.configured() is None
    assert m.problems() == [m.errors["ruleset"]] and "kan" in m.errors["ruleset"]
    assert m.seat_range() == (3, 3)
    assert m.session() == (None, m.errors["ruleset"])


@pytest.mark.parametrize("text,want", [("", (None, None)), ("  ", (None, None)),
                                       ("42", (42, None)), (" 7 ", (7, None)),
                                       ("0", (0, None)), ("007", (7, None)),
                                       (str(2 ** 63 - 1), (2 ** 63 - 1, None)),
                                       (str(2 ** 64 - 1), (2 ** 64 - 1, None)),
                                       ("0" * 30 + "5", (5, None))])
def test_parse_seed(text, want):
    assert parse_seed(text) == want


NOT_A_NUMBER = "The seed must be a whole number (or empty for random)."
TOO_LARGE = "The seed must be at most 18446744073709551615."


@pytest.mark.parametrize("text", ["²", "1²", "٣", "１２", "-1", "+5", "1_000", "1e3", "1.0",
                                  "0x10", "1 2", "x"])
def test_a_seed_that_is_no_plain_number_is_refused_with_the_reason(text):
    assert parse_seed(text) == (None, NOT_A_NUMBER)


@pytest.mark.parametrize("text", [str(2 ** 64), "2" * 20, "1" * 21, "9" * 5000])
def test_a_seed_the_statistics_cannot_keep_is_refused_with_the_reason(text):
    assert parse_seed(text) == (None, TOO_LARGE)
    m = _model(seed_text=text)
    assert m.problems() == [TOO_LARGE] and m.session() == (None, TOO_LARGE)


def test_a_seed_that_is_no_number_refuses_the_start():
    m = _model(seed_text="abc")
    assert m.problems() == ["The seed must be a whole number (or empty for random)."]
    assert m.session() == (None, "The seed must be a whole number (or empty for random).")


def test_the_session_is_the_setup():
    m = _model("hachihachi", {"rounds": 3}, seats=4, seed_text="11")
    m.seats[1]["name"] = "  "  # a blank name becomes the seat's number
    session, problem = m.session()
    assert problem is None and isinstance(session, GameSession)
    assert session.seed == 11 and session.ruleset == "hachihachi"
    assert session.rs.options["rounds"] == 3
    assert [s.name for s in session.seats] == ["P0", "Seat 2", "P2", "P3"]
    assert [s.kind for s in session.seats] == ["human"] + ["ai:random"] * 3
    random_seed, _p = _model().session()
    assert 0 <= random_seed.seed < 2 ** 48


def test_level_notes_carry_the_measured_strength():
    from ai import ladder

    ruleset, options, seats = ladder.GAMES["hachi"]
    entry = {"game": "hachi", "ruleset": ruleset, "options": options, "seats": seats,
             "test": "rules", "against": "casual", "deal_sets": 300, "rounds": 600,
             "mean_points": 3.0, "mean_points_ci": [-2.0, 8.0], "win_share": 0.55,
             "win_share_ci": [0.52, 0.58], "seed": 1, "command": "x", "date": "2026-01-01"}
    m = _model("hachi", seats=2, ladder=[entry])
    notes = {n.level: n for n in m.level_notes()}
    assert "wins 55% of rounds" in notes["Intermediate"].strength
    assert notes["Beginner"].strength is None and notes["Beginner"].description
    assert all(n.strength is None for n in _model("hachi", seats=2).level_notes())
