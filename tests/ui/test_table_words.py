"""Smaller items of issues 11/12 that are words and numbers on screen: the minus sign, the
log's grammar and labels, plates naming mizuten and sage, the settings' sound row without a
device, About without developer notes, the result screen without a raw path, and a window
clamped at its minimum size instead of recreated."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.events import Event
from game.play.chronicle import Chronicle
from game.play.narrate import narrate
from game.play.numbers import amount
from game.ui.scenes.about import licence_lines
from game.ui.scenes.result import saved_words
from game.ui.scenes.settings_menu import SettingsScene
from game.ui.theme import signed
from tests.ui.driver import frames, make_app


def test_amounts_use_the_minus_sign():
    assert amount(-98) == "\u221298" and amount(5) == "5" and amount(5, sign=True) == "+5"
    assert "-" not in signed(-98) and "\u221298" in signed(-98)


def test_the_minus_sign_is_drawn_as_wide_as_plus(tmp_path):
    from game.ui import theme

    app = make_app(tmp_path)
    assert theme.text_width("\u2212", 20, True) >= 0.8 * theme.text_width("+", 20, True)
    app.close()


def test_log_grammar_and_labels():
    names = ["You", "Ren"]
    assert narrate(Event("round_start", 0, {"round": 2}), names, 2) == "Round 2 — You deal."
    assert narrate(Event("round_start", 1, {"round": 2}), names, 2) == "Round 2 — Ren deals."
    assert narrate(Event("teyaku", 0, {"items": {"sanbon": 2}}), names, 1).startswith(
        "R1 You show teyaku")
    assert "Ren shows teyaku" in narrate(Event("teyaku", 1, {"items": {}}), names, 1)
    assert "and sit out" in narrate(Event("blank", 0, {}), names, 1)
    assert "You were forced out" in narrate(Event("forced_out", 0, {}), names, 1)
    line = narrate(Event("payment", -1, {"from": 0, "to": 1, "amount": 6,
                                          "reason": "compensation"}), names, 1)
    assert "((" not in line and "))" not in line and "6 mon" in line


def test_chronicle_labels_each_event_with_its_own_round_and_keeps_statuses():
    c = Chronicle(["Ana", "Ren", "Yui"])
    c.note(Event("round_start", 0, {"round": 1}))
    c.note(Event("mizuten", 0, {}))
    c.note(Event("sage", 1, {}))
    assert c.statuses == {0: "不見転 Mizuten!", 1: "下げ Sage!"}
    c.note(Event("round_end", 1, {"round": 1, "ending": "shoubu"}))
    assert c.lines[-1].startswith("R1 ")
    c.note(Event("round_start", 1, {"round": 2}))
    assert c.lines[-1].startswith("Round 2") and c.statuses == {}


def test_about_is_for_players_and_result_shows_no_path():
    text = "\n".join(licence_lines())
    for dev in ("fonts.py", "pygame_gui/data", ".ttf", ".otf", "README", "synth.py", "`"):
        assert dev not in text
    assert "SIL Open Font License" in text and "MIT" in text
    words = saved_words(Path("/home/ana/.local/share/hachihachi/records/2026-game.json"))
    assert "/" not in words and "2026-game.json" in words


def test_rounds_won_count_only_gains():
    from game.engine.ledger import RoundResult
    from game.ui.scenes.result import rounds_won

    lost = RoundResult("card_points", 0, 1, (-10, 12, -2), (), 0)  # seat 0 takes the deal
    won = RoundResult("shoubu", 1, 1, (-5, 10, -5), (), 0)
    assert rounds_won([lost, won], 3) == [0, 2, 0]


def test_sound_row_says_when_no_device_was_found(tmp_path):
    app = make_app(tmp_path)
    app.audio._sounds.clear()  # what a machine without an audio device leaves
    scene = SettingsScene(app)
    row = dict(scene.setting_rows())["muted"]
    assert "no sound device" in row and "On" not in row
    app.close()


def test_resizing_below_the_minimum_keeps_the_window(tmp_path):
    from game.ui.layout import MIN_SIZE

    app = make_app(tmp_path)
    calls = []
    real = pygame.display.set_mode
    pygame.display.set_mode = lambda *a, **k: calls.append(a) or real(*a, **k)
    try:
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=500,
                                             size=(800, 500)))
        frames(app, 2)
    finally:
        pygame.display.set_mode = real
    assert calls == []  # never destroyed and made again
    w, h = app.screen.get_size()
    assert w >= MIN_SIZE[0] and h >= MIN_SIZE[1]
    app.close()
