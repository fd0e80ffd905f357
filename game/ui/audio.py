"""Sound cue playback that can never stop the game.

The cue WAVs live in the `sounds` package (made by `python -m sounds`) and are read through
game.resources, so they are found in a source tree, an installed wheel and a PyInstaller
bundle alike.

Failure policy: machines without an audio device make `pygame.mixer.init` fail; the game must
then run silently. So if the mixer cannot start, every call becomes a no-op and the reason is
logged once. A missing or corrupt WAV silences only that cue (logged once, by name). The only
exception `play` raises is ValueError for a cue name that does not exist: that is a bug in the
caller, and it is raised even when silent so it shows up in headless tests.
"""

from __future__ import annotations

import io
import logging
import math
import time
from collections.abc import Callable

import pygame

from game.resources import read_resource
from sounds.synth import CUES

log = logging.getLogger(__name__)

CUE_NAMES: tuple[str, ...] = tuple(CUES)

# TABLE.md §9: deal ticks at most 14 per second; ledger coins are throttled.
MIN_INTERVAL: dict[str, float] = {"deal_tick": 1.0 / 14.0, "coins": 0.06}

MIXER_CHANNELS = 16  # quick cues overlap (deal, slap, slide); pygame's default is 8


def read_cue(name: str) -> bytes:
    """Bytes of `<name>.wav` from the `sounds` package, or from a PyInstaller bundle."""
    return read_resource("sounds", f"{name}.wav")


def _unit(value: float) -> float:
    """Clamp a volume to 0..1 (NaN counts as 0)."""
    value = float(value)
    return 0.0 if math.isnan(value) else min(1.0, max(0.0, value))


class Audio:
    """Plays cues by name with master volume, effects volume and mute applied live."""

    def __init__(self, volume: float = 1.0, effects_volume: float = 1.0, muted: bool = False,
                 *, loader: Callable[[str], bytes] = read_cue,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._volume = _unit(volume)
        self._effects = _unit(effects_volume)
        self._muted = bool(muted)
        self._clock = clock
        self._last_played: dict[str, float] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.reason: str | None = None  # why we are silent, if we are
        try:
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_num_channels() < MIXER_CHANNELS:
                pygame.mixer.set_num_channels(MIXER_CHANNELS)
        except Exception as exc:  # pygame.error without a device; nothing here may be fatal
            self._go_silent(f"audio disabled, pygame.mixer could not start: {exc}")
            return
        for name in CUE_NAMES:
            try:
                self._sounds[name] = pygame.mixer.Sound(io.BytesIO(loader(name)))
            except Exception as exc:  # missing file, corrupt WAV, mixer gone
                log.warning("sound cue %r disabled: %s", name, exc)
        if not self._sounds:
            self._go_silent("audio disabled, no sound file could be loaded")
        self._apply()

    # --- state ---------------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        """True when at least one cue can actually be heard (device and files present)."""
        return bool(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _unit(value)
        self._apply()

    @property
    def effects_volume(self) -> float:
        return self._effects

    @effects_volume.setter
    def effects_volume(self, value: float) -> None:
        self._effects = _unit(value)
        self._apply()

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        self._apply()

    def toggle_mute(self) -> bool:
        """Flip mute (the M key) and return the new state."""
        self.muted = not self._muted
        return self._muted

    @property
    def effective_volume(self) -> float:
        """The gain every cue is played at: 0 when muted, else master x effects."""
        return 0.0 if self._muted else self._volume * self._effects

    def applied_volume(self, cue: str) -> float | None:
        """Volume the mixer holds for `cue` (pygame quantises to 1/128), None when silent."""
        self._check(cue)
        sound = self._sounds.get(cue)
        return None if sound is None else sound.get_volume()

    # --- actions -------------------------------------------------------------------------------

    def play(self, cue: str) -> None:
        """Start `cue` once; quietly does nothing when muted, silent or throttled."""
        self._check(cue)
        sound = self._sounds.get(cue)
        if sound is None or self.effective_volume <= 0.0:
            return
        gap = MIN_INTERVAL.get(cue)
        if gap is not None:
            now = self._clock()
            if now - self._last_played.get(cue, -math.inf) < gap:
                return
            self._last_played[cue] = now
        try:
            sound.play()
        except Exception as exc:  # the device vanished mid-game
            self._go_silent(f"audio disabled, playback failed: {exc}")

    def stop(self) -> None:
        """Stop every cue that is sounding (e.g. when the window closes)."""
        if self._sounds:
            try:
                pygame.mixer.stop()
            except Exception as exc:
                self._go_silent(f"audio disabled, stop failed: {exc}")

    # --- internals -----------------------------------------------------------------------------

    @staticmethod
    def _check(cue: str) -> None:
        if cue not in CUES:
            raise ValueError(f"unknown sound cue {cue!r}; known cues: {', '.join(CUE_NAMES)}")

    def _apply(self) -> None:
        # Sound.set_volume also changes instances already playing, so settings act live.
        gain = self.effective_volume
        for sound in self._sounds.values():
            sound.set_volume(gain)

    def _go_silent(self, reason: str) -> None:
        if self.reason is None:
            log.warning("%s", reason)
            self.reason = reason
        self._sounds.clear()
