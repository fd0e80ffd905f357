"""A game's playing time counts every session that continued it (the statistics' duration)."""

from __future__ import annotations

from game.engine import record as records
from game.play.session import GameSession, SeatSpec

SEATS = [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]


def test_played_time_survives_continue():
    s = GameSession("hachihachi", {"rounds": 1}, SEATS, 5, 0)
    s.deal()
    s.played_before = 100.0  # as if the game had been played for 100 s before a Save and quit
    rec = s.record()
    assert rec.app["played_seconds"] >= 100
    again = GameSession.from_record(records.loads(rec.dumps()))
    assert again.played_seconds() >= 100
    assert again.record().app["played_seconds"] >= 100


def test_a_damaged_played_time_is_ignored():
    s = GameSession("hachihachi", {"rounds": 1}, SEATS, 5, 0)
    s.deal()
    rec = s.record()
    rec.app["played_seconds"] = "a lot"
    again = GameSession.from_record(records.loads(rec.dumps()))
    assert again.played_before == 0.0
