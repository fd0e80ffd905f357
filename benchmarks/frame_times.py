"""Frame times of the play scene during animations (TABLE.md §8: p99 <= 16.7 ms at 1080p).

Runs a computer-only game at Normal animation speed with SDL's dummy driver (set
SDL_VIDEODRIVER yourself to measure a real display), after warming the card cache, and
prints the median and 99th percentile of the frames in which cards were moving.

    python benchmarks/frame_times.py [--frames 1500]
    python benchmarks/frame_times.py --moment gameend   # the game-end screen at 1080p
    python benchmarks/frame_times.py --moment cutin [--frames 6000]

`--moment cutin` measures instead the frames in which a yaku or teyaku cut-in plays (issue
26: the gathered cards, the glow, the counted values), at 1920x1080.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import storage  # noqa: E402
from game.app import App  # noqa: E402
from game.play.session import GameSession, SeatSpec  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui.scenes.table import TableScene  # noqa: E402


def measure(size: tuple[int, int], frames: int) -> tuple[float, float, int, float]:
    with tempfile.TemporaryDirectory() as home:
        app = App(size, storage.default_paths(home).ensure(),
                  Settings(anim_speed="normal", ai_pace="brisk"))
        seats = [SeatSpec(n, "ai:random") for n in ("Ana", "Ren", "Yui")]
        table = TableScene(app, GameSession("hachihachi", {"rounds": 12}, seats, 42))
        app.stack.push(table)
        app.step(1 / 60)
        L, _ = table.current_layout()
        for w in (L.hand_w, L.field_w, L.cap_w, L.opp_cap_w, L.back_w):
            while not app.renderer.warm(w, limit=48):
                pass
        moving: list[float] = []
        every: list[float] = []
        for _ in range(frames):
            t0 = time.perf_counter()
            app.step(1 / 60)
            dt = time.perf_counter() - t0
            every.append(dt)
            if table.tv.anim.running:
                moving.append(dt)
            if app.stack.top is not table and app.stack.top.name in ("teyaku", "scoring"):
                app.stack.top.update(10.0)  # auto-continue without waiting
        app.close()
    q = statistics.quantiles(moving, n=100)
    return statistics.median(moving) * 1000, q[98] * 1000, len(moving), max(every) * 1000


def measure_gameend(size: tuple[int, int], frames: int) -> tuple[float, float, int, float]:
    """Frames of the game-end screen (issue 26): a 7-seat game just kept and won by the
    human, its celebration (confetti over the placings and the chart) started again each
    time it ends, after the warm-up frames in which the app fills its card cache."""
    from game.engine import record as records
    from game.simulate import simulate
    from game.ui.result_model import Celebration
    from game.ui.scenes.result import ResultScene

    with tempfile.TemporaryDirectory() as home:
        app = App(size, storage.default_paths(home).ensure(), Settings(anim_speed="normal"))
        rec = simulate("hachihachi", {"rounds": 12}, 7, ["rules"], 42,
                       names=["Ana", "Ren", "Yui", "Kenji", "Mei", "Sora", "Hana"])
        st = records.replay(rec).state
        rec.seats[st.rs.game_winners(st)[0]]["kind"] = "human"  # a win: the most confetti
        kept = storage.keep_finished(app.paths, rec)
        scene = ResultScene(app, GameSession.from_record(rec), kept.path)
        app.stack.reset(scene)
        for _ in range(120):  # the app warms its card cache in the first idle frames
            app.step(1 / 60)
        celebrating: list[float] = []
        every: list[float] = []
        for _ in range(frames):
            if scene.celebration.done:
                scene.celebration = Celebration(scene.model.mood, True)
            t0 = time.perf_counter()
            app.step(1 / 60)
            dt = time.perf_counter() - t0
            every.append(dt)
            celebrating.append(dt)
        app.close()
    q = statistics.quantiles(celebrating, n=100)
    return statistics.median(celebrating) * 1000, q[98] * 1000, len(celebrating), \
        max(every) * 1000


def measure_cutin(size: tuple[int, int], frames: int) -> tuple[float, float, int, float]:
    """Frame work while a yaku or teyaku cut-in plays: a computers' game at Normal speed,
    the frames measured only while a cut-in is on screen (the ledger auto-continues)."""
    with tempfile.TemporaryDirectory() as home:
        app = App(size, storage.default_paths(home).ensure(),
                  Settings(anim_speed="normal", ai_pace="brisk"))
        seats = [SeatSpec(n, "ai:random") for n in ("Ana", "Ren", "Yui")]
        table = TableScene(app, GameSession("hachihachi", {"rounds": 12}, seats, 42))
        app.stack.push(table)
        app.step(1 / 60)
        L, _ = table.current_layout()
        for w in (L.hand_w, L.field_w, L.cap_w, L.opp_cap_w, L.back_w):
            while not app.renderer.warm(w, limit=48):
                pass
        during: list[float] = []
        every: list[float] = []
        for _ in range(frames):
            t0 = time.perf_counter()
            app.invalidate()
            app.step(1 / 60)
            dt = time.perf_counter() - t0
            every.append(dt)
            m = table.moments.current()
            if m is not None and m.kind in ("yaku", "teyaku"):
                during.append(dt)
            if app.stack.top is not table and app.stack.top.name in ("teyaku", "scoring"):
                app.stack.top.update(10.0)  # auto-continue without waiting
            if table.finished:
                break
        app.close()
    if len(during) < 2:
        raise SystemExit("no cut-in was shown: give more --frames")
    q = statistics.quantiles(during, n=100)
    return statistics.median(during) * 1000, q[98] * 1000, len(during), max(every) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=1500)
    ap.add_argument("--moment", choices=("play", "cutin", "gameend"), default="play",
                    help="measure the frames of a big moment instead (cutin: a yaku or "
                         "teyaku cut-in; gameend: the game-end screen)")
    args = ap.parse_args()
    print(f"driver={os.environ['SDL_VIDEODRIVER']}  frames={args.frames}")
    if args.moment == "gameend":
        med, p99, n, worst = measure_gameend((1920, 1080), args.frames)
        print(f"game end 1920x1080: celebrating frames {n}, median {med:.2f} ms, "
              f"p99 {p99:.2f} ms, worst frame {worst:.2f} ms")
        return 0
    if args.moment == "cutin":
        med, p99, n, worst = measure_cutin((1920, 1080), args.frames)
        print(f"1920x1080 cut-in: frames {n}, median {med:.2f} ms, p99 {p99:.2f} ms, "
              f"worst frame overall {worst:.2f} ms")
        return 0
    for size in ((1280, 720), (1920, 1080)):
        med, p99, n, worst = measure(size, args.frames)
        print(f"{size[0]}x{size[1]}: animating frames {n}, median {med:.2f} ms, "
              f"p99 {p99:.2f} ms, worst frame overall {worst:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
