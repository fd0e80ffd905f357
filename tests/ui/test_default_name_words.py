"""Issue 45 item 6: the default seat name is the player's language everywhere (setup, table,
records list, review) while a typed name stays as typed, and possessives read right: "Review
of your decisions", "Your new records", never "You's" nor "You is thinking"."""

from __future__ import annotations

import pygame

from ai.review import Review
from game import i18n
from game.play.narrate import seat_names
from game.ui.review_words import summary_lines
from game.ui.scenes.setup import SetupScene
from tests.ui.driver import frames, make_app


def _setup_names(tmp_path, language: str, names: list[str]) -> list[str]:  # noqa: ANN001
    last = {"ruleset": "hachihachi", "options": {},
            "seats": [{"name": n, "kind": "human" if i == 0 else "ai:rules"}
                      for i, n in enumerate(names)]}
    app = make_app(tmp_path, language=language, last_setup=last)
    try:
        app.stack.push(SetupScene(app))
        frames(app, 2)
        scene = app.stack.top
        fields = {k: el.get_text() for el, k in scene.widgets.items() if k[0] == "name"}
        return [fields["name", i] for i in range(len(names))]
    finally:
        app.close()
        i18n.set_language(i18n.SOURCE)


def test_the_default_name_follows_the_language_a_typed_one_stays(tmp_path):
    you_fr = _setup_names(tmp_path / "a", "fr", ["You", "Ren", "Ana"])
    try:
        i18n.set_language("fr")
        vous = i18n._("You")
    finally:
        i18n.set_language(i18n.SOURCE)
    assert vous != "You"
    assert you_fr == [vous, "Ren", "Ana"]  # saved in English, shown in French
    assert _setup_names(tmp_path / "b", "en", [vous, "Ren", "Ana"]) == ["You", "Ren", "Ana"]
    assert _setup_names(tmp_path / "c", "fr", ["Mia", "Ren", "Ana"]) == ["Mia", "Ren", "Ana"]


def test_a_computer_left_with_the_default_name_is_not_you():
    """"You is thinking…", "You's turn": a computer seat keeps the name "You" when the
    player turns seat 1 into a computer; the table names it by its number instead."""
    assert seat_names(["You", "Ren", "Yui"], humans=[0]) == ["You", "Ren", "Yui"]
    assert seat_names(["You", "Ren", "Yui"], humans=[]) == ["Player 1", "Ren", "Yui"]
    assert seat_names(["You", "Ren", "Yui"], humans=[1]) == ["Player 1", "Ren", "Yui"]


def test_the_review_heading_says_your():
    rv = Review(seat=0, decisions=[])
    assert summary_lines(rv, "You")[0] == "Review of your decisions"
    assert summary_lines(rv, "Ren")[0] == "Review of Ren's decisions"
    try:
        i18n.set_language("fr")
        assert summary_lines(rv, i18n._("You"))[0] == i18n._("Review of your decisions")
    finally:
        i18n.set_language(i18n.SOURCE)


def test_the_review_screen_names_the_seat_in_the_second_person(tmp_path):
    from game import storage
    from game.simulate import simulate
    from game.ui import theme
    from game.ui.scenes.review import ReviewScene

    app = make_app(tmp_path)
    try:
        rec = simulate("hachihachi", {"rounds": 1}, 3, ["rules"], 5, names=["You", "Ren", "Yui"])
        rec.seats[0]["kind"] = "human"
        path = storage.keep_finished(app.paths, rec).path
        theme.DRAWN = set()
        app.stack.push(ReviewScene(app, path))
        frames(app, 2)
        drawn = " ".join(theme.DRAWN)
    finally:
        theme.DRAWN = None
        app.close()
    assert "Your decisions, weighed from what you could see" in drawn
    assert "You's" not in drawn


def test_the_records_list_shows_the_default_name_in_the_language():
    from game.records_index import SeatFacts, Summary
    from game.ui.records_model import seat_names as record_names

    s = Summary("x.json", 1, 1, None, "hachihachi",
                (SeatFacts("You", "human"), SeatFacts("Ren", "ai:rules")))
    try:
        i18n.set_language("fr")
        assert record_names(s) == [i18n._("You"), "Ren"]
    finally:
        i18n.set_language(i18n.SOURCE)
    assert pygame  # the window's tests import pygame first
