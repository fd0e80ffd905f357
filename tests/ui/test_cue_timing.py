"""When the table's sound cues play (issue 45, item 13): measured from a recording of a real
game (SDL's disk audio driver), the game-over cadence sounded twice and a whole deal gave a
single tick. These tests count the cues asked of `Audio` (before its throttle)."""

from __future__ import annotations

import pytest

from game.engine.events import Event
from game.engine.vocab import EventKind
from game.ui.audio import Audio
from game.ui.cues import DealTicks, cue_for
from tests.ui.driver import make_app, run_until
from tests.ui.table_helpers import start_table


def test_the_screens_not_the_events_play_the_game_end_and_the_deal() -> None:
    assert cue_for(Event(EventKind.GAME_END, -1, {})) is None  # the result screen plays it
    assert cue_for(Event(EventKind.DEALT, -1, {})) is None  # DealTicks, a card at a time
    assert cue_for(Event(EventKind.CAPTURED, 0, {})) == "card_slap"


def test_deal_ticks_sound_as_cards_land_and_only_then() -> None:
    ticks = DealTicks()
    assert not ticks.landed(lambda card: True)  # nothing dealt: no tick
    ticks.arm(["a", "b", "c"])
    landed: set[str] = set()
    assert not ticks.landed(landed.__contains__)  # all still flying
    landed.add("a")
    assert ticks.landed(landed.__contains__)
    assert not ticks.landed(landed.__contains__)  # "a" ticks once
    landed.update({"b", "c"})
    assert ticks.landed(landed.__contains__)  # two in one frame: one tick (one sound)
    assert not ticks.landed(landed.__contains__)


@pytest.fixture
def heard(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every cue the game asks for, in order."""
    asked: list[str] = []
    real = Audio.play

    def play(self: Audio, cue: str) -> None:
        asked.append(cue)
        real(self, cue)

    monkeypatch.setattr(Audio, "play", play)
    return asked


def test_a_whole_game_ticks_its_deal_and_ends_with_one_game_end(tmp_path, heard) -> None:
    app = make_app(tmp_path, anim_speed="normal")  # cards fly, so they land one by one
    try:
        start_table(app, [("Ren", "ai:random"), ("Yui", "ai:random"), ("Ana", "ai:random")],
                    rounds=1)
        assert run_until(app, lambda: app.stack.top.name == "result", 20000)
        first_deal = heard[:heard.index("teyaku")] if "teyaku" in heard else heard
        assert first_deal.count("deal_tick") > 8  # 24 hand cards and 8 on the field land
        assert heard.count("round_end") == 1
        assert heard.count("game_end") == 1 and heard[-1] == "game_end"  # "Game over" shows
    finally:
        app.close()
