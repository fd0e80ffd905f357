"""What a player saw when the screens were looked at (issue 45, item 13), each fixed and held
here: the setup's rounds note counts one round in the singular; on the game-end chart the
player's own line is drawn over a seat that ended level with it (it was hidden); the round
winner's ring goes round an opponent's whole panel (it crossed its captures and stamp)."""

from __future__ import annotations

import pygame

from game.play.session import GameSession
from game.simulate import simulate
from game.ui import result_chart
from game.ui.scenes import table_moments
from game.ui.scenes.result import ResultScene
from tests.ui.driver import frames, key, make_app, run_until
from tests.ui.table_helpers import dismiss, open_setup, start_table


def _texts(scene) -> str:  # noqa: ANN001
    return " ".join(getattr(s, "text", "") or "" for s in
                    scene.manager.get_sprite_group().sprites())


def test_the_rounds_note_says_one_round_not_one_rounds(tmp_path):
    app = make_app(tmp_path)
    scene = open_setup(app, "hachihachi", {"rounds": 3})
    scene.focus_key, scene.show_focus = ("option", "rounds"), True
    key(app, pygame.K_LEFT)  # 3 -> 1 (the choices: 1, 3, 6, 12 ...), as the hint says
    frames(app, 2)
    assert scene.opts()["rounds"] == 1
    text = _texts(app.stack.top)
    assert "1 round in the game (12 = a year)." in text and "1 rounds" not in text
    key(app, pygame.K_RIGHT)
    frames(app, 2)
    assert "3 rounds in the game (12 = a year)." in _texts(app.stack.top)
    app.close()


def test_the_players_line_is_drawn_over_a_seat_that_ended_level(tmp_path, monkeypatch):
    # seed 10, one round: Ana (the human) and Ren both end at -84, Yui wins
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["rules"], 10, names=["Ana", "Ren", "Yui"])
    rec.seats[0]["kind"] = "human"
    session = GameSession.from_record(rec)
    totals = list(session.st.totals)
    assert totals[0] == totals[1] < max(totals)  # level, and not the winners
    drawn: list[tuple[int, tuple[float, float]]] = []
    real = result_chart.marker

    def spy(surface, seat, pos, r):  # noqa: ANN001, ANN202
        drawn.append((seat, tuple(pos)))
        return real(surface, seat, pos, r)

    monkeypatch.setattr(result_chart, "marker", spy)
    app = make_app(tmp_path)
    scene = ResultScene(app, session)
    app.stack.reset(scene)
    scene.celebration.skip()
    frames(app, 2)
    end = [p for s, p in drawn if s == 0][-1]  # Ana's last total on the chart
    at_end = [s for s, p in drawn if p == end]
    assert set(at_end) >= {0, 1}  # both lines end on the same spot
    assert at_end[-1] == 0  # the player's marker is the one on top
    app.close()


def test_the_round_winners_ring_goes_round_an_opponents_whole_panel(tmp_path, monkeypatch):
    rings: list[pygame.Rect] = []
    real = table_moments.draw_winner

    def spy(s, plate, words, pose, small):  # noqa: ANN001, ANN202
        rings.append(pygame.Rect(plate))
        return real(s, plate, words, pose, small)

    monkeypatch.setattr(table_moments, "draw_winner", spy)
    app = make_app(tmp_path, anim_speed="fast")
    seats = [("Ana", "ai:random"), ("Ren", "ai:random"), ("Yui", "ai:random")]
    table = start_table(app, seats, seed=5, rounds=1)  # Yui (seat 2) wins the round

    def beat() -> bool:
        m = table.moments.current()
        return m is not None and m.kind == "round_end"

    assert run_until(app, beat, 6000, lambda: dismiss(app))
    frames(app, 2)
    winner = table.moments.current().seat
    assert winner != table.stage.seating.bottom  # an opponent's panel, not the own plate
    cards = [table.tv.card_rects[c] for c in table.tv.model.captured[winner]
             if c in table.tv.card_rects]
    assert rings and cards
    assert all(rings[-1].contains(r) for r in cards)  # its captures inside the ring
    app.close()
