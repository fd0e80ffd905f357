"""Issue 26, item 5: the background music. The loops are made by our code and reproducible,
quiet and seamless; the title and the table each get theirs; a cut-in can duck them; the
volume and the off switch act live; and nothing breaks without a sound device."""

from __future__ import annotations

import logging
import wave
from array import array

import pygame
import pytest

from game.ui.audio import DUCK_LEVEL, MUSIC_CHANNELS, Audio
from sounds.music import MUSIC_PEAK_DB, MUSIC_RATE, PIECES, file_name, music_bytes
from sounds.synth import FULL_SCALE, SOUND_DIR
from tests.ui.driver import frames, make_app


@pytest.fixture
def mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.mark.parametrize("variant", list(PIECES))
def test_music_is_regenerated_byte_for_byte(variant: str) -> None:
    assert music_bytes(PIECES[variant]) == (SOUND_DIR / file_name(variant)).read_bytes()


@pytest.mark.parametrize("variant", list(PIECES))
def test_music_is_a_quiet_seamless_loop(variant: str) -> None:
    with wave.open(str(SOUND_DIR / file_name(variant)), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, MUSIC_RATE)
        pcm = array("h", w.readframes(w.getnframes()))
    assert len(pcm) / MUSIC_RATE == pytest.approx(PIECES[variant].seconds, abs=0.01)
    peak = max(map(abs, pcm))
    assert 0 < peak <= round(10 ** (MUSIC_PEAK_DB / 20) * FULL_SCALE)
    steps = [abs(pcm[i + 1] - pcm[i]) for i in range(len(pcm) - 1)]
    # the seam (last sample into the first) is no bigger a step than the piece's own
    assert abs(pcm[0] - pcm[-1]) <= 4 * sum(steps) / len(steps)
    assert (SOUND_DIR / file_name(variant)).stat().st_size < 1_000_000  # small to ship


@pytest.mark.usefixtures("mixer")
def test_variants_crossfade_on_reserved_channels() -> None:
    audio = Audio(volume=0.8, music_volume=0.5)
    assert audio.music_playing is None
    audio.play_music("title")
    assert audio.music_playing == "title"
    first = pygame.mixer.Channel(MUSIC_CHANNELS[audio._channel])
    assert first.get_busy()
    audio.play_music("title")  # the same again: nothing restarts
    assert audio.music_playing == "title"
    audio.play_music("table")
    assert audio.music_playing == "table"
    assert pygame.mixer.Channel(MUSIC_CHANNELS[audio._channel]) is not first
    for cue in ("card_slap",) * 20:  # a burst of cues never takes the music's channels
        audio.play(cue)
    assert pygame.mixer.Channel(MUSIC_CHANNELS[audio._channel]).get_busy()
    with pytest.raises(ValueError, match="'disco'"):
        audio.play_music("disco")
    audio.stop()


@pytest.mark.usefixtures("mixer")
def test_music_volume_off_switch_and_mute_act_live() -> None:
    audio = Audio(volume=0.8, music_volume=0.5)
    audio.play_music("table")
    step = 1 / 128
    sound = audio._music["table"]
    assert sound.get_volume() == pytest.approx(0.4, abs=step)
    audio.music_volume = 1.0
    assert sound.get_volume() == pytest.approx(0.8, abs=step)
    audio.muted = True
    assert sound.get_volume() == 0.0
    audio.muted = False
    audio.music_on = False
    assert audio.music_playing is None and audio.music_gain == 0.0
    audio.play_music("title")  # remembered while off
    assert audio.music_playing is None
    audio.music_on = True
    assert audio.music_playing == "title"
    audio.stop()


@pytest.mark.usefixtures("mixer")
def test_duck_lowers_the_music_then_brings_it_back() -> None:
    now = [100.0]
    audio = Audio(volume=1.0, music_volume=1.0, clock=lambda: now[0])
    audio.play_music("table")
    audio.tick()
    assert audio.music_gain == 1.0
    audio.duck(1.0)
    for _ in range(10):  # 0.5 s: down and held
        now[0] += 0.05
        audio.tick()
    assert audio.music_gain == pytest.approx(DUCK_LEVEL)
    assert audio._music["table"].get_volume() == pytest.approx(DUCK_LEVEL, abs=1 / 128)
    for _ in range(20):  # past the end and the ramp back
        now[0] += 0.05
        audio.tick()
    assert audio.music_gain == 1.0
    audio.duck(float("nan"))  # nonsense is ignored
    audio.duck(-3)
    audio.tick()
    assert audio.music_gain == 1.0
    audio.stop()


@pytest.mark.usefixtures("mixer")
def test_silent_without_a_device(monkeypatch, caplog) -> None:
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    with caplog.at_level(logging.WARNING, logger="game.ui.audio"):
        audio = Audio(music_volume=0.7)
        audio.play_music("title")
        audio.duck(2.0)
        audio.tick()
        audio.music_volume, audio.music_on = 0.2, False
        audio.music_on = True
        audio.play_music("table")
        audio.stop()
    assert audio.music_playing is None and not audio.available
    assert len(caplog.records) == 1


@pytest.mark.usefixtures("mixer")
def test_a_missing_music_file_silences_only_the_music(caplog) -> None:
    def loader(variant: str) -> bytes:
        raise FileNotFoundError(file_name(variant))

    with caplog.at_level(logging.WARNING, logger="game.ui.audio"):
        audio = Audio(music_loader=loader)
        audio.play_music("title")
        audio.play_music("title")
    assert audio.available and audio.music_playing is None
    assert sum("'title'" in r.message for r in caplog.records) == 1  # told once
    audio.stop()


def test_the_title_plays_the_title_music_and_the_table_the_table_music(tmp_path):
    from tests.ui.table_helpers import start_table

    app = make_app(tmp_path, (1280, 720))
    from game.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    frames(app, 2)
    if app.audio.available:  # the dummy driver plays; a machine without one stays silent
        assert app.audio.music_playing == "title"
    assert app.music_for_screen() == "title"
    start_table(app, [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")], seed=3)
    frames(app, 2)
    assert app.music_for_screen() == "table"
    if app.audio.available:
        assert app.audio.music_playing == "table"
    app.close()


def test_the_app_runs_silently_when_the_mixer_cannot_start(tmp_path, monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(tmp_path, (1280, 720))
    from game.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    frames(app, 3)
    app.audio.duck(1.0)
    frames(app, 2)
    assert not app.errors and app.audio.music_playing is None
    app.close()


def test_the_standalone_build_collects_the_music():
    """build.spec collects `sounds/*.wav`: the loops must be among them (they sit beside
    the cues, not in a subfolder the pattern would miss)."""
    import re
    from pathlib import Path

    hooks = pytest.importorskip("PyInstaller.utils.hooks")
    spec = (Path(__file__).resolve().parents[2] / "build.spec").read_text(encoding="utf-8")
    pattern = re.search(r'collect_data_files\("sounds", includes=\[([^\]]*)\]\)', spec)
    assert pattern is not None
    includes = [p.strip().strip('"') for p in pattern.group(1).split(",")]
    collected = {Path(src).name for src, _dest in
                 hooks.collect_data_files("sounds", includes=includes)}
    assert {file_name(v) for v in PIECES} <= collected
