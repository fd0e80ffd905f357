"""Synthesise every sound cue of TABLE.md §9 with the standard library only.

Why no numpy: it would add about 40 MB to the frozen executable for a few seconds of audio.
Why byte-identical: the WAVs are committed, so `python -m sounds --check` (and a test) can prove
they still come from this code. Everything is deterministic: noise comes from a seeded
xorshift generator per cue (no global random), and the only floating-point work is IEEE-754
arithmetic whose platform differences lie far below the 16-bit quantisation step.

Output: mono, 44.1 kHz, 16-bit PCM, each cue normalised to its own peak (never above -6 dBFS),
with raised-cosine fades so the first and last samples are exactly zero (no clicks).
"""

from __future__ import annotations

import argparse
import io
import math
import sys
import time
import wave
import zlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SAMPLE_RATE = 44100
FULL_SCALE = 32767
CEILING_DB = -6.0
SOUND_DIR = Path(__file__).resolve().parent

Signal = list[float]


# --- primitives -------------------------------------------------------------------------------


def samples(seconds: float) -> int:
    """Number of samples in `seconds` at SAMPLE_RATE."""
    return int(round(seconds * SAMPLE_RATE))


def note(name: str) -> float:
    """Equal-tempered frequency (A4 = 440 Hz) of a note such as 'D5'; sharps are not needed."""
    semis = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}[name[0]]
    return 440.0 * 2.0 ** ((semis + 12 * (int(name[1:]) - 4)) / 12.0)


class XorShift32:
    """Tiny seeded noise source, so that no cue depends on the global `random` state."""

    def __init__(self, seed: int) -> None:
        self.state = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def block(self, n: int) -> Signal:
        """`n` uniform samples in [-1, 1)."""
        x = self.state
        out = [0.0] * n
        for i in range(n):
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            out[i] = x / 2147483648.0 - 1.0
        self.state = x
        return out


def decaying_sine(n: int, freq: float, tau: float, amp: float = 1.0,
                  glide_from: float | None = None, glide_tau: float = 0.03) -> Signal:
    """amp * exp(-t / tau) * sin(phase); the pitch may glide exponentially from `glide_from`."""
    step = 2.0 * math.pi / SAMPLE_RATE
    decay = math.exp(-1.0 / (tau * SAMPLE_RATE))
    out = [0.0] * n
    if glide_from is None:  # two-pole resonator: y[i] = r^i sin(w i) with two multiplies
        w = freq * step
        c1, c2 = 2.0 * decay * math.cos(w), decay * decay
        y2, y1 = 0.0, amp * decay * math.sin(w)
        for i in range(2, n):
            y2, y1 = y1, c1 * y1 - c2 * y2
            out[i] = y1
        if n > 1:
            out[1] = amp * decay * math.sin(w)
        return out
    g = math.exp(-1.0 / (glide_tau * SAMPLE_RATE))
    offset, phase, level = glide_from - freq, 0.0, amp
    for i in range(n):
        out[i] = level * math.sin(phase)
        phase += (freq + offset) * step
        offset *= g
        level *= decay
    return out


def envelope(n: int, tau: float, attack: float = 0.0) -> Signal:
    """Linear attack of `attack` seconds, then exponential decay with time constant `tau`."""
    a = max(1, samples(attack))
    decay = math.exp(-1.0 / (tau * SAMPLE_RATE))
    return [min(1.0, i / a) * decay ** max(0, i - a) for i in range(n)]


def biquad(x: Signal, kind: str, f0: float, q: float = 0.707) -> Signal:
    """RBJ-cookbook low-pass, high-pass or band-pass (0 dB peak) filter."""
    w = 2.0 * math.pi * f0 / SAMPLE_RATE
    cw, alpha = math.cos(w), math.sin(w) / (2.0 * q)
    if kind == "lowpass":
        b0 = b2 = (1.0 - cw) / 2.0
        b1 = 1.0 - cw
    elif kind == "highpass":
        b0 = b2 = (1.0 + cw) / 2.0
        b1 = -(1.0 + cw)
    elif kind == "bandpass":
        b0, b1, b2 = alpha, 0.0, -alpha
    else:
        raise ValueError(f"unknown filter kind {kind!r}")
    a0 = 1.0 + alpha
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, -2.0 * cw / a0, (1.0 - alpha) / a0
    x1 = x2 = y1 = y2 = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out[i] = y
    return out


def sweeping_lowpass(x: Signal, f_start: float, f_end: float) -> Signal:
    """One-pole low-pass whose cut-off moves exponentially: the 'swish' of paper on felt."""
    n = len(x)
    ratio = (f_end / f_start) ** (1.0 / max(1, n - 1))
    fc, y = f_start, 0.0
    out = [0.0] * n
    k = 2.0 * math.pi / SAMPLE_RATE
    for i, v in enumerate(x):
        y += min(1.0, k * fc) * (v - y)
        fc *= ratio
        out[i] = y
    return out


def swell(n: int, peak_at: float) -> Signal:
    """Smooth rise to 1 at fraction `peak_at` of the length, then a smooth fall to 0."""
    top = max(1, int(n * peak_at))
    out = [0.0] * n
    for i in range(n):
        if i < top:
            out[i] = math.sin(0.5 * math.pi * i / top) ** 2
        else:
            out[i] = math.cos(0.5 * math.pi * (i - top) / max(1, n - top)) ** 2
    return out


def multiply(x: Signal, y: Signal) -> Signal:
    return [a * b for a, b in zip(x, y, strict=True)]


def mix_into(dst: Signal, src: Signal, at: float = 0.0, gain: float = 1.0) -> Signal:
    """Add `src` (scaled) into `dst` starting at `at` seconds; whatever overflows is dropped."""
    start = samples(at)
    end = min(len(dst), start + len(src))
    if end > start:
        head = src[: end - start]
        dst[start:end] = [a + gain * b for a, b in zip(dst[start:end], head, strict=True)]
    return dst


def burst(n: int, seed: int, length: float, tau: float) -> Signal:
    """Noise shaped by a fast decay and cut to `length` seconds (the crack of a card)."""
    m = min(n, samples(length))
    env = envelope(m, tau, attack=0.0003)
    out = multiply(XorShift32(seed).block(m), env)
    return out + [0.0] * (n - m)


def pluck(freq: float, seconds: float, seed: int, t60: float = 0.6,
          brightness: float = 0.55, pick: float = 0.18) -> Signal:
    """Karplus-Strong string with a fractional-delay all-pass, tuned like a koto pluck.

    The excitation is low-passed noise (`brightness` 0..1) with a pick-position comb (`pick`),
    which gives the hollow, bright attack of a tsume plectrum rather than a guitar's.
    """
    n = samples(seconds)
    period = SAMPLE_RATE / freq - 0.5  # the two-point average delays half a sample
    length = int(period)
    frac = period - length
    if frac < 0.2:  # keep the all-pass coefficient away from its unstable edge
        length -= 1
        frac += 1.0
    c = (1.0 - frac) / (1.0 + frac)
    gain = 10.0 ** (-3.0 / (t60 * freq))  # -60 dB after t60 seconds
    raw = XorShift32(seed).block(length)
    smooth, y = [0.0] * length, 0.0
    for i, v in enumerate(raw):
        y += brightness * (v - y)
        smooth[i] = y
    shift = max(1, int(length * pick))
    exc = [smooth[i] - smooth[i - shift] for i in range(length)]
    mean = sum(exc) / length
    peak = max(abs(v - mean) for v in exc) or 1.0
    buf = [(v - mean) / peak for v in exc]
    out = [0.0] * n
    last = ap_x = ap_y = 0.0
    p = 0
    for i in range(n):
        d = buf[p]
        a = gain * 0.5 * (d + last)
        last = d
        ap_y = c * a + ap_x - c * ap_y
        ap_x = a
        buf[p] = ap_y
        p = p + 1 if p + 1 < length else 0
        out[i] = d
    return out


def partials(n: int, freq: float, spec: list[tuple[float, float, float]],
             attack: float = 0.002) -> Signal:
    """Sum of decaying sine partials (ratio, amplitude, tau): bells, bowls, wood blocks."""
    out = [0.0] * n
    for ratio, amp, tau in spec:
        mix_into(out, decaying_sine(n, freq * ratio, tau, amp))
    a = samples(attack)
    for i in range(min(a, n)):
        out[i] *= i / a
    return out


def wood_block(n: int, freq: float, seed: int) -> Signal:
    """Hollow wooden knock: strongly damped inharmonic modes plus a tiny noise tick."""
    out = partials(n, freq, [(1.0, 1.0, 0.028), (2.72, 0.35, 0.011), (4.16, 0.14, 0.006)],
                   attack=0.0004)
    tick = biquad(burst(n, seed, 0.0015, 0.0005), "bandpass", 3200.0, 1.2)
    return mix_into(out, tick, gain=0.6)


def bowl(n: int, freq: float, seed: int) -> Signal:
    """Temple-bowl gong: partials 1, 2.76, 5.4 with a slow beat on the fundamental."""
    out = partials(n, freq, [(1.0, 0.7, 0.42), (1.004, 0.35, 0.42), (2.76, 0.45, 0.22),
                             (5.4, 0.18, 0.09)], attack=0.003)
    mallet = biquad(burst(n, seed, 0.006, 0.002), "lowpass", 900.0)
    return mix_into(out, mallet, gain=0.5)


def soft_bell(n: int, freq: float) -> Signal:
    """Small rin-like bell with a gentle attack, for cues that must not startle."""
    return partials(n, freq, [(1.0, 1.0, 0.08), (2.71, 0.2, 0.035), (5.2, 0.05, 0.015)],
                    attack=0.004)


def finish(x: Signal, peak_db: float, fade_in: float = 0.001, fade_out: float = 0.2) -> array:
    """DC-block, fade both ends to exactly zero, normalise to `peak_db` and quantise to 16 bit.

    `fade_out` is a fraction of the length (at least 3 ms); the fades are raised cosines.
    """
    if peak_db > CEILING_DB:
        raise ValueError(f"peak {peak_db} dBFS is above the {CEILING_DB} dBFS ceiling")
    n = len(x)
    y = [0.0] * n
    x1 = y1 = 0.0
    for i, v in enumerate(x):  # one-pole DC blocker, corner about 3.5 Hz
        y1 = v - x1 + 0.9995 * y1
        x1 = v
        y[i] = y1
    fin = max(2, samples(fade_in))
    fout = max(samples(0.003), int(n * fade_out))
    for i in range(min(fin, n)):
        y[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fin)
    for j in range(min(fout, n)):
        y[n - 1 - j] *= 0.5 - 0.5 * math.cos(math.pi * j / fout)
    peak = max(map(abs, y)) or 1.0
    scale = 10.0 ** (peak_db / 20.0) * FULL_SCALE / peak  # so no sample can clip
    return array("h", [round(v * scale) for v in y])


# --- cues -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cue:
    """One sound cue: file `<name>.wav`, when it plays, its length and peak level."""

    name: str
    event: str
    seconds: float
    peak_db: float
    build: Callable[[int, int], Signal]  # (sample count, seed) -> signal
    fade_in: float = 0.001
    fade_out: float = 0.2

    @property
    def seed(self) -> int:
        return zlib.crc32(self.name.encode())

    def render(self) -> array:
        return finish(self.build(samples(self.seconds), self.seed), self.peak_db,
                      self.fade_in, self.fade_out)


CUES: dict[str, Cue] = {}


def _cue(name: str, event: str, seconds: float, peak_db: float, **fades: float):
    def register(build: Callable[[int, int], Signal]) -> Callable[[int, int], Signal]:
        CUES[name] = Cue(name, event, seconds, peak_db, build, **fades)
        return build
    return register


def _plucks(n: int, seed: int, notes: list[tuple[str, float]], t60: float,
            gain: float = 1.0) -> Signal:
    out = [0.0] * n
    for k, (name, at) in enumerate(notes):
        ring = n / SAMPLE_RATE - at
        mix_into(out, pluck(note(name), ring, seed + k, t60=t60), at, gain)
    return out


@_cue("deal_tick", "each dealt card (at most 14 per second)", 0.025, -18.0, fade_in=0.0003)
def _deal_tick(n: int, seed: int) -> Signal:
    return biquad(burst(n, seed, 0.004, 0.0012), "bandpass", 3000.0, 1.8)


@_cue("card_slap", "a card lands and captures (the hanafuda 'pachi')", 0.09, -6.0,
      fade_in=0.0003)
def _card_slap(n: int, seed: int) -> Signal:
    crack = biquad(burst(n, seed, 0.003, 0.0009), "highpass", 1500.0)
    out = mix_into(decaying_sine(n, 1200.0, 0.010, 0.5), crack, gain=0.9)
    return mix_into(out, decaying_sine(n, 180.0, 0.022, 0.75, glide_from=240.0, glide_tau=0.01))


@_cue("card_place", "a card lands without capturing", 0.07, -12.0, fade_in=0.0005)
def _card_place(n: int, seed: int) -> Signal:
    crack = biquad(burst(n, seed, 0.003, 0.0012), "bandpass", 2200.0, 0.9)
    out = mix_into(decaying_sine(n, 900.0, 0.009, 0.45), crack, gain=0.6)
    return mix_into(out, decaying_sine(n, 160.0, 0.016, 0.55, glide_from=200.0, glide_tau=0.01))


@_cue("card_slide", "captured cards move to a pile", 0.15, -14.0, fade_out=0.1)
def _card_slide(n: int, seed: int) -> Signal:
    hiss = biquad(sweeping_lowpass(XorShift32(seed).block(n), 1800.0, 4200.0), "highpass", 500.0)
    return multiply(hiss, swell(n, 0.55))


@_cue("flip", "draw-pile card turned, teyaku card revealed", 0.06, -12.0, fade_in=0.0003)
def _flip(n: int, seed: int) -> Signal:
    out = [0.0] * n
    for k, (at, gain) in enumerate(((0.004, 1.0), (0.044, 0.7))):
        click = biquad(burst(n, seed + k, 0.002, 0.0006), "bandpass", 2600.0, 1.5)
        mix_into(out, click, at, gain)
    return out


@_cue("teyaku", "a teyaku is claimed", 0.35, -6.0, fade_in=0.0004)
def _teyaku(n: int, seed: int) -> Signal:
    out = wood_block(n, 700.0, seed)
    return mix_into(out, _plucks(n, seed + 1, [("A4", 0.05)], t60=0.35), gain=0.8)


@_cue("yaku", "a dekiyaku is formed or improved", 0.6, -6.0, fade_out=0.25)
def _yaku(n: int, seed: int) -> Signal:
    return _plucks(n, seed, [("D5", 0.0), ("G5", 0.09), ("A5", 0.18)], t60=0.5)


@_cue("sage", "sage: play on after a dekiyaku", 0.35, -6.0, fade_out=0.25)
def _sage(n: int, seed: int) -> Signal:
    return _plucks(n, seed, [("A4", 0.0), ("D5", 0.12)], t60=0.3)


@_cue("cancel", "cancel: a player who called sage ends the round", 0.35, -6.0, fade_out=0.25)
def _cancel(n: int, seed: int) -> Signal:
    return _plucks(n, seed, [("D5", 0.0), ("A4", 0.12)], t60=0.3)


@_cue("shoubu", "shoubu: stop and settle after a dekiyaku", 0.7, -6.0, fade_out=0.25)
def _shoubu(n: int, seed: int) -> Signal:
    out = decaying_sine(n, 60.0, 0.12, 1.0, glide_from=110.0, glide_tau=0.03)
    mix_into(out, decaying_sine(n, 120.0, 0.06, 0.35, glide_from=220.0, glide_tau=0.03))
    mix_into(out, biquad(burst(n, seed, 0.03, 0.012), "lowpass", 400.0), gain=0.8)
    return mix_into(out, _plucks(n, seed + 1, [("D5", 0.12)], t60=0.45), gain=0.7)


@_cue("multiplier", "large field (x2); play 'multiplier_grand' for a grand field (x4)", 1.2, -8.0,
      fade_out=0.2)
def _multiplier(n: int, seed: int) -> Signal:
    return bowl(n, note("D4"), seed)


@_cue("multiplier_grand", "grand field (x4): the bowl struck twice", 1.5, -8.0, fade_out=0.2)
def _multiplier_grand(n: int, seed: int) -> Signal:
    out = bowl(n, note("D4"), seed)
    return mix_into(out, bowl(n, note("D4"), seed + 1), at=0.35, gain=0.9)


@_cue("join", "a seat joins the round", 0.15, -10.0, fade_in=0.0004)
def _join(n: int, seed: int) -> Signal:
    return wood_block(n, 950.0, seed)


@_cue("drop", "a seat drops out of the round", 0.15, -14.0)
def _drop(n: int, seed: int) -> Signal:
    hiss = biquad(sweeping_lowpass(XorShift32(seed).block(n), 5000.0, 2500.0), "highpass", 1800.0)
    return multiply(hiss, swell(n, 0.3))


@_cue("coins", "ledger rows appear (throttled)", 0.12, -14.0, fade_in=0.0003)
def _coins(n: int, seed: int) -> Signal:
    out = [0.0] * n
    spec = [(1.0, 1.0, 0.012), (1.51, 0.6, 0.008), (2.33, 0.4, 0.005)]
    for at, freq, gain in ((0.002, 3900.0, 1.0), (0.038, 4400.0, 0.8), (0.072, 4150.0, 0.6)):
        mix_into(out, partials(samples(0.04), freq, spec, attack=0.0003), at, gain)
    return out


@_cue("round_end", "round settled", 1.0, -6.0, fade_out=0.3)
def _round_end(n: int, seed: int) -> Signal:
    return _plucks(n, seed, [("D4", 0.0), ("E4", 0.15), ("G4", 0.3), ("A4", 0.45)], t60=0.8)


@_cue("game_end", "game over", 2.0, -6.0, fade_out=0.3)
def _game_end(n: int, seed: int) -> Signal:
    out = _plucks(n, seed, [("D4", 0.0), ("E4", 0.16), ("G4", 0.32), ("A4", 0.48),
                            ("D5", 0.72)], t60=1.0)
    return mix_into(out, bowl(n, note("D3"), seed + 99), at=0.72, gain=0.8)


@_cue("your_turn", "the viewer's turn after others played a while, or window unfocused", 0.3,
      -12.0)
def _your_turn(n: int, seed: int) -> Signal:
    return soft_bell(n, 1500.0)


@_cue("handover", "hot-seat hand-over screen", 0.5, -12.0)
def _handover(n: int, seed: int) -> Signal:
    out = soft_bell(n, note("D6"))
    return mix_into(out, soft_bell(n, note("A5")), at=0.2, gain=0.9)


@_cue("button", "UI press", 0.02, -16.0, fade_in=0.0003)
def _button(n: int, seed: int) -> Signal:
    tick = biquad(burst(n, seed, 0.002, 0.0006), "bandpass", 2400.0, 1.2)
    return mix_into(tick, decaying_sine(n, 2200.0, 0.002, 0.4))


@_cue("refuse", "invalid input (e.g. clicking a non-candidate)", 0.12, -10.0)
def _refuse(n: int, seed: int) -> Signal:
    out = decaying_sine(n, 120.0, 0.035, 1.0, glide_from=150.0, glide_tau=0.02)
    mix_into(out, decaying_sine(n, 240.0, 0.02, 0.3))
    return mix_into(out, biquad(burst(n, seed, 0.008, 0.003), "lowpass", 500.0), gain=0.3)


# --- files ------------------------------------------------------------------------------------


def wav_bytes(pcm: array, rate: int = SAMPLE_RATE) -> bytes:
    """A complete mono 16-bit WAV; `wave` writes no timestamps, so equal input = equal bytes."""
    data = array("h", pcm)
    if sys.byteorder == "big":
        data.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data.tobytes())
    return buf.getvalue()


def render_all() -> dict[str, bytes]:
    """WAV bytes of every cue, by name."""
    return {name: wav_bytes(cue.render()) for name, cue in CUES.items()}


def write_all(directory: Path = SOUND_DIR) -> list[Path]:
    """(Re)write `<name>.wav` for every cue into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, data in render_all().items():
        path = directory / f"{name}.wav"
        path.write_bytes(data)
        paths.append(path)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sounds", description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=SOUND_DIR, help="output directory")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if any file differs from a fresh render")
    args = parser.parse_args(argv)
    stale, total_audio, total_time = [], 0.0, 0.0
    for name, cue in CUES.items():
        start = time.perf_counter()
        pcm = cue.render()
        spent = time.perf_counter() - start
        total_audio += len(pcm) / SAMPLE_RATE
        total_time += spent
        data, path = wav_bytes(pcm), args.out / f"{name}.wav"
        peak = 20 * math.log10(max(map(abs, pcm)) / FULL_SCALE)
        print(f"{name:17s} {len(pcm) / SAMPLE_RATE * 1000:5.0f} ms  peak {peak:6.1f} dBFS  "
              f"{spent * 1000:6.1f} ms to synthesise")
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(name)
        else:
            args.out.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    print(f"{len(CUES)} cues, {total_audio:.2f} s of audio in {total_time * 1000:.0f} ms "
          f"({total_time / total_audio * 1000:.0f} ms per second of audio)")
    stale += _music(args.out, args.check)
    if stale:
        print("stale or missing:", ", ".join(stale))
        return 1
    return 0


def _music(out: Path, check: bool) -> list[str]:
    """Render the music loops (sounds/music.py) like the cues; the names that are stale."""
    from sounds import music

    stale = []
    for name, piece in music.PIECES.items():
        start = time.perf_counter()
        data = music.music_bytes(piece)
        spent = time.perf_counter() - start
        path = out / music.file_name(name)
        print(f"music {name:11s} {piece.seconds:5.1f} s   {len(data) / 1024:6.0f} KiB  "
              f"{spent:5.1f} s to synthesise")
        if check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(music.file_name(name))
        else:
            out.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    return stale
