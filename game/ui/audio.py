"""Sound cue playback that can never stop the game.

The cue WAVs live in the `sounds` package (made by `python -m sounds`) and are read through
game.resources, so they are found in a source tree, an installed wheel and a PyInstaller
bundle alike.

Failure policy: machines without an audio device make `pygame.mixer.init` fail; the game must
then run silently. So if the mixer cannot start, every call becomes a no-op and the reason is
logged once. A missing or corrupt WAV silences only that cue (logged once, by name). The only
exception `play` raises is ValueError for a cue name that does not exist: that is a bug in the
caller, and it is raised even when silent so it shows up in headless tests.

Music (issue 26, item 5): the loops `music_<variant>.wav` (sounds/music.py) play on two
reserved mixer channels, so a burst of cues can never steal them, and a change of variant is a
crossfade between the two. Their gain is set on the Sound (the channels' own volume is what
SDL's fades move), as master x music volume x the duck, 0 when muted or switched off.
`duck(seconds)` lowers the music under a cut-in and brings it back; `tick()` (once a frame)
ramps the duck and ends it.
"""

from __future__ import annotations

import io
import logging
import math
import time
from collections.abc import Callable

import pygame

from game.resources import read_resource
from sounds.music import PIECES, file_name
from sounds.synth import CUES

log = logging.getLogger(__name__)

CUE_NAMES: tuple[str, ...] = tuple(CUES)

# TABLE.md §9: deal ticks at most 14 per second; ledger coins are throttled.
MIN_INTERVAL: dict[str, float] = {"deal_tick": 1.0 / 14.0, "coins": 0.06}

MIXER_CHANNELS = 16  # quick cues overlap (deal, slap, slide); pygame's default is 8
MUSIC_VARIANTS: tuple[str, ...] = tuple(PIECES)  # "title", "table"
MUSIC_CHANNELS = (0, 1)  # reserved: cues never take them
MUSIC_FADE_MS = 1500  # a crossfade between the title and the table music
DUCK_LEVEL = 0.3  # the music's share while ducked under a cut-in
DUCK_RAMP = 0.25  # seconds the music takes to go down or come back


def read_music(variant: str) -> bytes:
    """Bytes of `music_<variant>.wav` from the `sounds` package (or the frozen bundle)."""
    return read_resource("sounds", file_name(variant))


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
                 *, music_volume: float = 0.4, music_on: bool = True,
                 loader: Callable[[str], bytes] = read_cue,
                 music_loader: Callable[[str], bytes] = read_music,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._volume = _unit(volume)
        self._effects = _unit(effects_volume)
        self._muted = bool(muted)
        self._music_volume = _unit(music_volume)
        self._music_on = bool(music_on)
        self._music_loader = music_loader
        self._clock = clock
        self._last_played: dict[str, float] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._music: dict[str, pygame.mixer.Sound | None] = {}  # loaded on first use
        self._wanted: str | None = None  # the variant the screen asks for
        self._playing: str | None = None  # the variant sounding, and on which channel
        self._channel = 0
        self._duck_until = -math.inf
        self._duck = 1.0  # the duck's factor now (ramps between DUCK_LEVEL and 1)
        self._last_tick: float | None = None
        self.reason: str | None = None  # why we are silent, if we are
        try:
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_num_channels() < MIXER_CHANNELS:
                pygame.mixer.set_num_channels(MIXER_CHANNELS)
            pygame.mixer.set_reserved(len(MUSIC_CHANNELS))
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

    @property
    def music_volume(self) -> float:
        return self._music_volume

    @music_volume.setter
    def music_volume(self, value: float) -> None:
        self._music_volume = _unit(value)
        self._apply()

    @property
    def music_on(self) -> bool:
        return self._music_on

    @music_on.setter
    def music_on(self, value: bool) -> None:
        """Off fades the music out; on starts the variant the screen asked for."""
        self._music_on = bool(value)
        if self._music_on:
            self._start(self._wanted)
        else:
            self._start(None)
        self._apply()

    @property
    def music_gain(self) -> float:
        """The music's gain now: master x music volume x the duck; 0 muted or off."""
        if self._muted or not self._music_on:
            return 0.0
        return self._volume * self._music_volume * self._duck

    @property
    def music_playing(self) -> str | None:
        """The variant sounding (None when off, silent or between pieces)."""
        return self._playing

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
        """Stop every cue and the music (e.g. when the window closes)."""
        self._playing = None
        if self._sounds:
            try:
                pygame.mixer.stop()
            except Exception as exc:
                self._go_silent(f"audio disabled, stop failed: {exc}")

    def play_music(self, variant: str | None) -> None:
        """The music the screen wants: "title", "table" or None (none). The same variant
        again does nothing; another crossfades. Remembered while the music is off."""
        if variant is not None and variant not in PIECES:
            raise ValueError(f"unknown music {variant!r}; known: {', '.join(MUSIC_VARIANTS)}")
        self._wanted = variant
        if self._music_on:
            self._start(variant)

    def preload(self, variant: str) -> None:
        """Load a music loop ahead of need (the title's spare frames load the table's: ~30 ms
        the table's first frame used to pay). Nothing when the music is off or silent."""
        if variant not in PIECES:
            raise ValueError(f"unknown music {variant!r}; known: {', '.join(MUSIC_VARIANTS)}")
        if self._music_on and self._sounds:
            self._music_sound(variant)

    def duck(self, seconds: float) -> None:
        """Lower the music to DUCK_LEVEL for `seconds` (a cut-in speaks), then bring it back.
        A second duck while one holds extends it; nothing happens without music."""
        seconds = float(seconds)
        if math.isnan(seconds) or seconds <= 0.0:
            return
        self._duck_until = max(self._duck_until, self._clock() + seconds)

    def tick(self) -> None:
        """Once a frame: move the duck towards its level (DUCK_RAMP seconds a full swing)."""
        now = self._clock()
        dt = 0.0 if self._last_tick is None else max(0.0, now - self._last_tick)
        self._last_tick = now
        target = DUCK_LEVEL if now < self._duck_until else 1.0
        if self._duck == target:
            return
        step = dt * (1.0 - DUCK_LEVEL) / DUCK_RAMP
        if self._duck > target:
            self._duck = max(target, self._duck - step)
        else:
            self._duck = min(target, self._duck + step)
        self._apply_music()

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
        self._apply_music()

    def _apply_music(self) -> None:
        gain = self.music_gain
        for sound in self._music.values():
            if sound is not None:
                sound.set_volume(gain)

    def _music_sound(self, variant: str) -> pygame.mixer.Sound | None:
        """The loop of `variant`, loaded once; None (logged once) if it cannot be."""
        if variant not in self._music:
            try:
                sound = pygame.mixer.Sound(io.BytesIO(self._music_loader(variant)))
                sound.set_volume(self.music_gain)
            except Exception as exc:  # missing or corrupt file: that music stays silent
                log.warning("music %r disabled: %s", variant, exc)
                sound = None
            self._music[variant] = sound
        return self._music[variant]

    def _start(self, variant: str | None) -> None:
        """Crossfade from what plays to `variant` (None: fade out)."""
        if variant == self._playing or not self._sounds:
            return
        try:
            old = pygame.mixer.Channel(MUSIC_CHANNELS[self._channel])
            if self._playing is not None:
                old.fadeout(MUSIC_FADE_MS)
            self._playing = None
            sound = self._music_sound(variant) if variant is not None else None
            if sound is None:
                return
            self._channel = 1 - self._channel
            new = pygame.mixer.Channel(MUSIC_CHANNELS[self._channel])
            new.stop()
            new.set_volume(1.0)
            new.play(sound, loops=-1, fade_ms=MUSIC_FADE_MS)
            self._playing = variant
        except Exception as exc:  # the device vanished mid-game
            self._go_silent(f"audio disabled, music failed: {exc}")

    def _go_silent(self, reason: str) -> None:
        if self.reason is None:
            log.warning("%s", reason)
            self.reason = reason
        self._sounds.clear()
        self._music.clear()
        self._playing = None
