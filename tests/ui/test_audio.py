"""Sound cues: committed WAVs are reproducible and clean; Audio plays them or stays silent."""

from __future__ import annotations

import logging
import wave
from array import array
from pathlib import Path

import pygame
import pytest

from game.ui.audio import CUE_NAMES, Audio
from sounds.music import PIECES, file_name
from sounds.synth import CEILING_DB, CUES, FULL_SCALE, SAMPLE_RATE, SOUND_DIR, write_all

LONG_CUES = {"yaku", "shoubu", "multiplier", "multiplier_grand", "round_end", "game_end",
             "handover"}


def read_pcm(path: Path) -> array:
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, SAMPLE_RATE)
        pcm = array("h", w.readframes(w.getnframes()))
    return pcm


@pytest.fixture
def mixer():
    """Each test starts from a stopped mixer and leaves none behind."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_committed_wavs_are_exactly_one_per_cue() -> None:
    music = sorted(file_name(v).removesuffix(".wav") for v in PIECES)
    assert sorted(p.stem for p in SOUND_DIR.glob("*.wav")) == sorted([*CUES, *music])
    # the cues TABLE.md §9 asks for, at least
    assert {"deal_tick", "card_slap", "card_place", "card_slide", "flip", "teyaku", "yaku",
            "round_end", "button"} <= set(CUES)


def test_regenerating_gives_identical_bytes(tmp_path: Path) -> None:
    for path in write_all(tmp_path):
        assert path.read_bytes() == (SOUND_DIR / path.name).read_bytes(), path.name


@pytest.mark.parametrize("name", list(CUES))
def test_no_clipping_no_clicks_short(name: str) -> None:
    pcm = read_pcm(SOUND_DIR / f"{name}.wav")
    peak = max(map(abs, pcm))
    assert 0 < peak <= round(10 ** (CEILING_DB / 20) * FULL_SCALE) < FULL_SCALE
    assert abs(pcm[0]) <= 8 and abs(pcm[-1]) <= 8
    edge = SAMPLE_RATE // 2000  # the last 0.5 ms fades to almost nothing
    assert max(map(abs, pcm[-edge:])) <= 0.02 * peak
    seconds = len(pcm) / SAMPLE_RATE
    assert seconds <= (2.0 if name in LONG_CUES else 0.5)
    assert seconds == pytest.approx(CUES[name].seconds, abs=1 / SAMPLE_RATE)


@pytest.mark.usefixtures("mixer")
def test_every_cue_plays_through_the_dummy_driver() -> None:
    audio = Audio()
    assert audio.available and audio.reason is None
    for name in CUE_NAMES:
        audio.play(name)
    audio.stop()


@pytest.mark.usefixtures("mixer")
def test_silent_when_mixer_cannot_start(monkeypatch, caplog) -> None:
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="game.ui.audio"):
        audio = Audio(volume=0.7)
        for name in CUE_NAMES:
            audio.play(name)
        audio.volume, audio.muted = 0.3, True
        audio.toggle_mute()
        audio.stop()
    assert not audio.available
    assert "No available audio device" in (audio.reason or "")
    assert len(caplog.records) == 1
    assert audio.applied_volume("yaku") is None
    with pytest.raises(ValueError, match="no_such_cue"):
        audio.play("no_such_cue")


@pytest.mark.usefixtures("mixer")
def test_missing_or_corrupt_file_silences_only_that_cue(caplog) -> None:
    from game.ui.audio import read_cue

    def loader(name: str) -> bytes:
        if name == "yaku":
            raise FileNotFoundError("yaku.wav")
        return b"RIFF not really" if name == "coins" else read_cue(name)

    with caplog.at_level(logging.WARNING, logger="game.ui.audio"):
        audio = Audio(loader=loader)
        audio.play("yaku")
        audio.play("coins")
        audio.play("card_slap")
    assert audio.available
    assert audio.applied_volume("yaku") is None and audio.applied_volume("coins") is None
    assert audio.applied_volume("card_slap") == pytest.approx(1.0)
    assert sorted("'yaku'" in r.message or "'coins'" in r.message for r in caplog.records) == [
        True, True]


@pytest.mark.usefixtures("mixer")
def test_volume_and_mute_are_applied_live() -> None:
    audio = Audio(volume=0.5)
    step = 1 / 128  # SDL_mixer's volume resolution
    assert audio.applied_volume("card_slap") == pytest.approx(0.5, abs=step)
    audio.effects_volume = 0.5
    assert audio.applied_volume("card_slap") == pytest.approx(0.25, abs=step)
    assert audio.toggle_mute() is True
    assert audio.effective_volume == 0.0
    assert all(audio.applied_volume(n) == 0.0 for n in CUE_NAMES)
    audio.muted = False
    assert audio.applied_volume("yaku") == pytest.approx(0.25, abs=step)
    audio.volume = 7  # clamped
    assert audio.volume == 1.0 and audio.applied_volume("yaku") == pytest.approx(0.5, abs=step)


@pytest.mark.usefixtures("mixer")
def test_deal_ticks_are_throttled() -> None:
    now = [0.0]
    audio = Audio(clock=lambda: now[0])
    played: list[str] = []

    class Probe:
        def play(self) -> None:
            played.append("tick")

        def set_volume(self, value: float) -> None:
            pass

    audio._sounds["deal_tick"] = Probe()  # type: ignore[assignment]
    for t in (0.0, 0.01, 0.05, 0.08, 0.1):
        now[0] = t
        audio.play("deal_tick")
    assert len(played) == 2  # at 0.0 and 0.08: at most 14 per second


def test_unknown_cue_is_a_programming_error(mixer) -> None:
    with pytest.raises(ValueError, match="'card_flap'"):
        Audio().play("card_flap")
