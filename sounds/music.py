"""The background music (issue 26, item 5): two quiet koto loops, made like the cues.

Why a loop and not synthesis at start: the pure-Python Karplus-Strong strings take a few
seconds for the pieces, which would either delay the title or steal the GIL from the frame
loop. Shipped as two short WAVs at 22.05 kHz mono (a koto has little above 10 kHz), they cost
under 2 MB in the build and nothing at start.

Each piece is a fixed score (no randomness beyond the seeded pluck noise) on the *yo*
pentatonic scale D E G A B, plucked with the cues' koto string (`synth.pluck`). The loop is
seamless: the ringing tail of the last notes is folded back onto the start, so the last sample
leads into the first exactly as in the middle of the piece. `python -m sounds` writes
`music_<variant>.wav` next to the cues; a test re-renders them and compares the bytes.
"""

from __future__ import annotations

import zlib
from array import array
from dataclasses import dataclass

from sounds.synth import (
    FULL_SCALE,
    SAMPLE_RATE,
    SOUND_DIR,
    Signal,
    biquad,
    mix_into,
    note,
    pluck,
    samples,
    wav_bytes,
)

MUSIC_RATE = SAMPLE_RATE // 2  # rendered at 44.1 kHz, low-passed and halved
MUSIC_PEAK_DB = -10.0  # quieter than any cue's -6 dBFS ceiling: music sits under the cues
RING = 2.4  # seconds each pluck is rendered for (it has faded below -50 dB by then)


@dataclass(frozen=True)
class Piece:
    """A looping score: `step` seconds per slot, `slots` slots, and (slot, note, gain)."""

    name: str
    step: float
    slots: int
    notes: tuple[tuple[int, str, float], ...]
    t60: float = 1.6
    brightness: float = 0.5

    @property
    def seconds(self) -> float:
        return self.step * self.slots

    @property
    def seed(self) -> int:
        return zlib.crc32(f"music_{self.name}".encode())


def _score(melody: str, bass: str) -> tuple[tuple[int, str, float], ...]:
    """Notes from two lines of 'slot:note' words; the bass is played softer."""
    out = [(int(s), n, 0.8) for s, n in (w.split(":") for w in melody.split())]
    out += [(int(s), n, 0.55) for s, n in (w.split(":") for w in bass.split())]
    return tuple(sorted(out))


# The title: a calm phrase in D, quarter = 60 (a slot is an eighth), four bars.
TITLE = Piece("title", 0.5, 32, _score(
    "0:D5 2:E5 3:G5 4:A5 6:G5  8:E5 10:D5 12:B4 14:A4  "
    "16:D5 17:E5 18:G5 20:A5 22:B5 23:A5  24:G5 26:E5 28:D5",
    "0:D3 0:A3 4:A3 8:D3 12:G3 16:D3 16:A3 20:A3 24:G3 28:A2 30:D3"))

# The table: sparser, lower and slower, so it never competes with the card sounds.
TABLE = Piece("table", 0.625, 32, _score(
    "0:A4 3:D5 6:E5  8:D5 11:B4 14:A4  16:G4 19:A4 22:D5  24:E5 27:D5 30:A4",
    "0:D3 8:A2 12:D4 16:G2 24:A2 28:D4"), t60=1.9, brightness=0.42)

PIECES: dict[str, Piece] = {p.name: p for p in (TITLE, TABLE)}


def file_name(variant: str) -> str:
    return f"music_{variant}.wav"


def _loop(piece: Piece) -> Signal:
    """The score at 44.1 kHz, every note's tail wrapped round to the start."""
    n = samples(piece.seconds)
    buf = [0.0] * (n + samples(RING))
    for k, (slot, name, gain) in enumerate(piece.notes):
        string = pluck(note(name), RING, piece.seed + k, t60=piece.t60,
                       brightness=piece.brightness, pick=0.13)
        mix_into(buf, string, slot * piece.step, gain)
    loop = buf[:n]
    for i, v in enumerate(buf[n:]):
        loop[i % n] += v
    mean = sum(loop) / n  # no DC blocker: its state would not wrap round
    return [v - mean for v in loop]


def render(piece: Piece) -> array:
    """The piece as 16-bit samples at MUSIC_RATE, normalised to MUSIC_PEAK_DB."""
    loop = _loop(piece)
    pre = 512  # the filters start on the loop's own end, so the seam is filtered too
    x = loop[-pre:] + loop
    for _ in range(2):  # 4th-order low-pass at 8 kHz before dropping every other sample
        x = biquad(x, "lowpass", 8000.0)
    y = x[pre::2]
    peak = max(map(abs, y)) or 1.0
    scale = 10.0 ** (MUSIC_PEAK_DB / 20.0) * FULL_SCALE / peak
    return array("h", [round(v * scale) for v in y])


def music_bytes(piece: Piece) -> bytes:
    return wav_bytes(render(piece), MUSIC_RATE)


def render_all() -> dict[str, bytes]:
    """WAV bytes of every piece, by file name."""
    return {file_name(name): music_bytes(piece) for name, piece in PIECES.items()}


__all__ = ["MUSIC_PEAK_DB", "MUSIC_RATE", "PIECES", "Piece", "SOUND_DIR", "file_name",
           "music_bytes", "render", "render_all"]
