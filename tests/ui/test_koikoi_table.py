"""Koi-Koi at the table (issue 47, item 5): the decision after a yaku speaks koi-koi and stop,
the log and the stamps say the calls, the caller's plate counts its calls, no plate shows card
points, and the ledger of a round that ran out says nobody scored. Driven by real key presses
on a position built by the engine; the 88 family's words stay as they were."""

from __future__ import annotations

import pygame

from game.engine import rulesets
from game.engine.positions import from_position
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, idle, key, make_app, run_until
from tests.ui.table_helpers import dismiss, sage_table


def koikoi_session() -> GameSession:
    """You (seat 0) hold the cherry ribbon, whose play takes the cherry chaff and makes
    Poetry Ribbons (with the pine and plum ribbons already taken); your iris ribbon takes
    the iris chaff a turn later, one ribbon more: a second yaku decision. Ren's cards and
    every draw match nothing until the last, so the round runs out without a stop."""
    st = from_position(
        rulesets.get("koikoi"), 2, dealer=0,
        hands={0: "cherry_ribbon iris_ribbon", 1: "paulownia_chaff_2 maple_chaff_1"},
        field="cherry_chaff_1 iris_chaff_1 wisteria_chaff_1",
        pile=["clover_chaff_1", "susuki_chaff_1", "lightning", "peony_chaff_1",
              "pine_chaff_1", "plum_chaff_1"],
        captured={0: "pine_ribbon plum_ribbon"}, to_move=0)
    return GameSession("koikoi", {}, [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random")],
                       1, 0, st)


def koikoi_table(app) -> TableScene:  # noqa: ANN001
    table = TableScene(app, koikoi_session())
    # a position has no dealt history: lay its cards out as the view has them (as
    # tests/ui/test_table_alone.py does for its position)
    table.tv.model.sync(table.shown_view, 0)
    app.stack.reset(table)
    frames(app, 3)
    return table


def deciding(app, table: TableScene) -> bool:  # noqa: ANN001
    return (app.stack.top is table and idle(table) and table.human_to_move()
            and table.shown_view.phase == "decide" and table.panel.visible)


def play_card(app, table: TableScene, card: str) -> None:  # noqa: ANN001
    """Play a hand card by its number key (pressed twice: select, then play)."""
    assert run_until(app, lambda: app.stack.top is table and idle(table)
                     and table.human_to_move() and table.shown_view.phase == "play",
                     3000, lambda: dismiss(app))
    n = table.input.hand_numbers()[card]
    key(app, pygame.K_0 + n)
    key(app, pygame.K_0 + n)


def test_the_decision_after_a_yaku_speaks_koi_koi_and_stop(tmp_path):
    app = make_app(tmp_path)
    table = koikoi_table(app)
    play_card(app, table, "cherry_ribbon")
    assert run_until(app, lambda: deciding(app, table), 3000, lambda: dismiss(app))
    panel = table.panel
    assert panel.title == "You made a yaku: koi-koi or stop?"
    labels = [b.label for b in panel.group.buttons]
    assert labels == ["[1] こいこい Koi-koi — play on for more", "[2] Stop — score now"]
    assert "1 Koi-koi" in panel.note and "2 Stop" in panel.note
    words = " ".join(labels + [panel.title, panel.note]
                     + [line for b in panel.group.buttons for line in b.lines])
    assert "Sage" not in words and "Shoubu" not in words and "sage" not in words
    stop = next(b for b in panel.group.buttons if b.action_verb == "shoubu")
    # the engine's preview: Poetry Ribbons, 5 points, at the multiplier of a stop now
    assert stop.lines[0] == "Stop and score 赤短 Akatan · Poetry Ribbons: 5 points. (▲ +5 mon now)"
    call = next(b for b in panel.group.buttons if b.action_verb == "sage")
    # the default koi bonus: a call doubles the opponent's later stop
    assert "multiplied by 2" in call.lines[-1]


def test_a_koi_koi_call_is_logged_stamped_and_counted_on_the_plate(tmp_path):
    app = make_app(tmp_path)
    table = koikoi_table(app)
    play_card(app, table, "cherry_ribbon")
    assert run_until(app, lambda: deciding(app, table), 3000, lambda: dismiss(app))
    key(app, pygame.K_1)  # koi-koi
    assert run_until(app, lambda: idle(table), 500)
    assert any(line.endswith("You call koi-koi!") for line in table.log)
    assert not any("Sage" in line for line in table.log)
    assert table.moments.stamp_words()[0] == "こいこい Koi-koi!"
    assert table.shown_view.sage_calls[0] == 1
    # the second yaku of the round (one ribbon more), and a second call
    play_card(app, table, "iris_ribbon")
    assert run_until(app, lambda: deciding(app, table), 3000, lambda: dismiss(app))
    key(app, pygame.K_1)
    assert run_until(app, lambda: table.shown_view.sage_calls[0] == 2 and idle(table), 500)
    assert table.moments.stamp_words()[0] == "こいこい Koi-koi ×2!"
    seats = table.info().seats
    assert seats[0].call_badge == "こいこい ×2"
    assert seats[0].points is None and seats[1].points is None  # no card points


def test_a_stop_says_its_points_and_the_ledger_reads_points_times_the_multiplier(tmp_path):
    app = make_app(tmp_path)
    table = koikoi_table(app)
    play_card(app, table, "cherry_ribbon")
    assert run_until(app, lambda: deciding(app, table), 3000, lambda: dismiss(app))
    key(app, pygame.K_2)  # stop
    assert run_until(app, lambda: app.stack.top.name == "scoring", 3000)
    assert any(line.endswith("You stop: 5 points.") for line in table.log)
    assert any(line.endswith("Round over: ended by a stop.") for line in table.log)
    ledger = app.stack.top
    rows = [r for r in ledger.rows() if r[0] == "row"]
    assert [(r[2], r[4], r[5]) for r in rows] == [
        ("赤短 Akatan · Poetry Ribbons", "5", "5 points")]
    assert "ended by a stop" in ledger.headline()
    assert ledger.seat_lines() == []  # no card-point bars


def test_hands_that_run_out_without_a_stop_say_nobody_scored(tmp_path):
    app = make_app(tmp_path)
    table = koikoi_table(app)
    for card in ("cherry_ribbon", "iris_ribbon"):
        play_card(app, table, card)
        assert run_until(app, lambda: deciding(app, table), 3000, lambda: dismiss(app))
        key(app, pygame.K_1)
    assert run_until(app, lambda: app.stack.top.name == "scoring", 3000)
    ledger = app.stack.top
    assert ledger.rows() == []
    assert ledger.empty_note() == "Nobody scored: the hands ran out without a stop."


def test_the_88_decision_keeps_its_words(tmp_path):
    app = make_app(tmp_path)
    table = sage_table(app)
    assert run_until(app, lambda: table.panel.visible, 500)
    assert table.panel.title == "You made a yaku: sage or shoubu?"
    assert [b.label for b in table.panel.group.buttons] == [
        "[1] 下げ Sage — play on", "[2] 勝負 Shoubu — stop now"]


def test_the_phone_and_the_log_speak_the_games_words():
    from game.engine.actions import parse_action
    from game.engine.events import Event
    from game.party.protocol import view_message
    from game.play.narrate import narrate

    st = koikoi_session().st
    st.apply(parse_action("0 play cherry_ribbon"))
    msg = view_message(st.view(0), ["Ana", "Ren"], 1)
    assert [e["label"] for e in msg["legal"]] == ["こいこい Koi-koi — play on for more",
                                                  "Stop — score now"]
    assert all(p["points"] == "" for p in msg["plates"])  # no "0 pts" on a phone's plates
    call = Event("sage", 1, {})
    assert narrate(call, ["Ana", "Ren"], 1, "koikoi") == "R1 Ren calls koi-koi!"
    assert narrate(call, ["Ana", "Ren"], 1) == "R1 Ren: 下げ Sage! (plays on)"  # 88's
    stop = Event("shoubu", 1, {})
    assert narrate(stop, ["Ana", "Ren"], 1, "koikoi", 7) == "R1 Ren stops: 7 points."
    assert narrate(stop, ["Ana", "Ren"], 1) == "R1 Ren: 勝負 Shoubu! (stops the round)"
