"""Cold start to the title menu: process launch to the first drawn title frame, in CPU and
wall time, for one program or several side by side (issue 29: at most 0.5 s CPU).

Each run launches ``python -m game --startup-probe`` (or a built program), which opens the
window, draws the title menu once and exits. CPU is the child's user + system time
(``os.wait4``); wall is launch to exit. Targets run in turn, run by run, so a busy machine
weighs on all of them alike; the table gives medians.

    python benchmarks/cold_start.py [--runs 5]                      # this checkout
    python benchmarks/cold_start.py --compare-with /path/to/other/checkout
    python benchmarks/cold_start.py --exe dist/hachihachi/hachihachi [--exe other/build]
    python benchmarks/cold_start.py --fresh-cache      # every run the first since install
    python benchmarks/cold_start.py --first-table      # the table's first frames as well

Each target gets its own temporary home (HACHIHACHI_HOME: settings of a returning player,
welcome seen; ``--welcome`` for a first run) that lives across its runs, so the card cache
is warm after the uncounted warm-up run unless ``--fresh-cache`` empties it before each
run. Source targets write their bytecode to a temporary PYTHONPYCACHEPREFIX (as an
installed program has its .pyc files; never into the checkouts); ``--no-pyc`` compiles
every module at every run instead. A checkout given with --compare-with is run with the
same interpreter, its own folder first on the path (the table shows where `game` came from).

``--first-table`` also times, in a child process per target and case, the first frames of
a new game opened straight from the title (the fastest a player can click): the first
frame, the worst of the first 30 (the loop thread's CPU time and wall time) and the cards
rasterised during them, with the card cache empty or warm and after 0-2 s on the title.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


@dataclass
class Target:
    label: str
    cmd: list[str]
    cwd: Path | None = None
    pythonpath: Path | None = None  # a source checkout: its folder first on the path
    home: Path = Path()
    pyc: Path | None = None
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)

    @property
    def source(self) -> bool:
        return self.pythonpath is not None


def child_env(t: Target, args: argparse.Namespace) -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy" if not env.get("DISPLAY") else "")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env["SDL_VIDEODRIVER"]:
        del env["SDL_VIDEODRIVER"]
    env["HACHIHACHI_HOME"] = str(t.home)
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    if t.pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(t.pythonpath), env.get("PYTHONPATH", "")) if p)
    if args.no_pyc:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    elif t.pyc is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(t.pyc)
    return env


def timed(cmd: list[str], env: dict[str, str], cwd: Path | None,
          timeout: float = 120.0) -> tuple[float, float, int, str]:
    """(CPU s, wall s, exit status, stderr) of one child: os.wait4 gives its rusage; where
    there is none (Windows), CPU is NaN."""
    with tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=err)
        timer = threading.Timer(timeout, p.kill)
        timer.start()
        try:
            if hasattr(os, "wait4"):
                _pid, status, usage = os.wait4(p.pid, 0)
                wall = time.perf_counter() - t0
                p.returncode = os.waitstatus_to_exitcode(status)
                cpu = usage.ru_utime + usage.ru_stime
            else:  # pragma: no cover - Windows
                p.wait()
                wall = time.perf_counter() - t0
                cpu = float("nan")
        finally:
            timer.cancel()
        err.seek(0)
        return cpu, wall, p.returncode, err.read().decode("utf-8", "replace")


def prepare_home(home: Path, welcome: bool) -> None:
    """A returning player's settings (the welcome seen), written by this checkout's code
    (the settings file's shape is the same in the checkouts compared)."""
    sys.path.insert(0, str(HERE))
    from game import settings, storage

    paths = storage.default_paths(home).ensure()
    if not welcome:
        settings.save(paths, settings.Settings(welcome_seen=True))


def where_game_is(t: Target, args: argparse.Namespace) -> str:
    if not t.source:
        return t.cmd[0]
    code = "import game, os; print(os.path.dirname(os.path.dirname(game.__file__)))"
    out = subprocess.run([t.cmd[0], "-c", code], env=child_env(t, args), cwd=t.cwd,
                         capture_output=True, text=True, timeout=60)
    return out.stdout.strip() or f"? {out.stderr.strip()[-200:]}"


def probe_all(targets: list[Target], args: argparse.Namespace) -> int:
    for t in targets:  # the warm-up: bytecode written, card cache filled
        cpu, wall, rc, err = timed([*t.cmd, "--startup-probe"], child_env(t, args), t.cwd)
        if rc != 0:
            print(f"{t.label}: the probe failed (exit {rc}):\n{err}", file=sys.stderr)
            return 1
    for _ in range(args.runs):
        for t in targets:
            if args.fresh_cache:
                shutil.rmtree(t.home / "cache", ignore_errors=True)
            cpu, wall, rc, err = timed([*t.cmd, "--startup-probe"], child_env(t, args), t.cwd)
            if rc != 0:
                print(f"{t.label}: the probe failed (exit {rc}):\n{err}", file=sys.stderr)
                return 1
            t.cpu.append(cpu)
            t.wall.append(wall)
    return 0


def fmt(values: list[float]) -> str:
    return " ".join(f"{v:.2f}" for v in values)


def report(targets: list[Target], args: argparse.Namespace) -> None:
    driver = os.environ.get("SDL_VIDEODRIVER") or ("dummy" if not os.environ.get("DISPLAY")
                                                   else "the display")
    cache = "emptied before each run" if args.fresh_cache else "warm"
    pyc = "compiled at every run" if args.no_pyc else "cached"
    print(f"cold start to the title menu (SDL {driver}): median of {args.runs} runs after one "
          f"warm-up; card cache {cache}; bytecode {pyc}; "
          f"{'first run (welcome)' if args.welcome else 'returning player'}")
    width = max(len(t.label) for t in targets)
    print(f"{'target':<{width}}  {'CPU s':>6}  {'wall s':>6}  CPU runs / wall runs")
    for t in targets:
        print(f"{t.label:<{width}}  {statistics.median(t.cpu):6.3f}  "
              f"{statistics.median(t.wall):6.3f}  {fmt(t.cpu)} / {fmt(t.wall)}")


# --- the table's first frames ----------------------------------------------------------------

def table_child(dwell: float) -> None:
    """In a child whose `game` is the checkout measured: open the window, draw the title,
    stay `dwell` s on it at the loop's own pace, open a new game and time its first frames."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game import storage
    from game.app import App
    from game.play.session import GameSession, SeatSpec
    from game.settings import Settings
    from game.ui import cards
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    count = [0]
    real = cards.rasterize

    def counting(svg: str, width: int):  # noqa: ANN202
        count[0] += 1
        return real(svg, width)

    cards.rasterize = counting
    paths = storage.default_paths(os.environ["HACHIHACHI_HOME"]).ensure()
    app = App((1280, 720), paths, Settings(welcome_seen=True, anim_speed="normal"))
    app.stack.push(TitleScene(app))
    app.step()
    before_table = count[0]
    if dwell:
        app.run_loop(max_seconds=dwell)
    seats = [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
    app.stack.reset(TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 42)))
    count[0] = 0
    frames, cpu = [], []
    for _ in range(30):
        t0, c0 = time.perf_counter(), time.thread_time()
        app.invalidate()
        app.step(1 / 60)
        frames.append(time.perf_counter() - t0)
        cpu.append(time.thread_time() - c0)
    app.close()
    import game

    print(json.dumps({"first_ms": frames[0] * 1000, "worst_ms": max(frames) * 1000,
                      "first_cpu_ms": cpu[0] * 1000, "worst_cpu_ms": max(cpu) * 1000,
                      "rasterised": count[0], "before_table": before_table,
                      "game": str(Path(game.__file__).parents[1])}))


def first_table(targets: list[Target], args: argparse.Namespace) -> int:
    sources = [t for t in targets if t.source]
    cases = [("card cache empty, 0 s on the title", True, 0.0),
             ("card cache empty, 2 s on the title", True, 2.0),
             ("card cache warm,  0 s on the title", False, 0.0),
             ("card cache warm,  1 s on the title", False, 1.0)]
    print(f"\nthe table's first frames, a new game opened from the title at 1280x720 "
          f"(median of {args.runs} runs)")
    width = max(len(t.label) for t in sources)
    print("(the loop thread's CPU time, which a busy machine barely changes, and wall time; "
          "ms)")
    print(f"{'target':<{width}}  {'case':<35}  {'first CPU':>9}  {'worst CPU':>9}  "
          f"{'first wall':>10}  {'worst wall':>10}  cards rasterised for the title / at the "
          f"table")
    for t in sources:
        for label, empty, dwell in cases:
            rows = []
            if not empty:  # filled by a start that stays long enough on the title
                child = [t.cmd[0], str(Path(__file__).resolve()), "--table-child", "4"]
                subprocess.run(child, env=child_env(t, args), cwd=t.cwd, capture_output=True,
                               timeout=120, check=True)
            for _ in range(args.runs):
                if empty:
                    shutil.rmtree(t.home / "cache", ignore_errors=True)
                out = subprocess.run(
                    [t.cmd[0], str(Path(__file__).resolve()), "--table-child", str(dwell)],
                    env=child_env(t, args), cwd=t.cwd, capture_output=True, text=True,
                    timeout=120)
                if out.returncode != 0:
                    print(f"{t.label}: {out.stderr}", file=sys.stderr)
                    return 1
                rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
                if Path(rows[-1].pop("game")) != t.pythonpath:
                    print(f"{t.label}: the child ran another checkout's game", file=sys.stderr)
                    return 1
            med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
            print(f"{t.label:<{width}}  {label:<35}  {med['first_cpu_ms']:9.1f}  "
                  f"{med['worst_cpu_ms']:9.1f}  {med['first_ms']:10.1f}  {med['worst_ms']:10.1f}  "
                  f"{med['before_table']:.0f} / {med['rasterised']:.0f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--exe", action="append", default=[], help="a built program (repeatable)")
    ap.add_argument("--compare-with", action="append", default=[], metavar="CHECKOUT",
                    help="another source checkout to run beside this one (repeatable)")
    ap.add_argument("--no-source", action="store_true", help="leave this checkout out")
    ap.add_argument("--fresh-cache", action="store_true",
                    help="empty the card cache before every run (a first start)")
    ap.add_argument("--welcome", action="store_true", help="a first run: the welcome shows")
    ap.add_argument("--no-pyc", action="store_true",
                    help="compile every module at every run (no bytecode cache)")
    ap.add_argument("--first-table", action="store_true",
                    help="also time the table's first frames (source targets)")
    ap.add_argument("--table-child", type=float, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.table_child is not None:
        table_child(args.table_child)
        return 0
    targets: list[Target] = []
    if not args.no_source:
        targets.append(Target(f"source {HERE}", [sys.executable, "-m", "game"], HERE, HERE))
    for other in args.compare_with:
        folder = Path(other).resolve()
        targets.append(Target(f"source {folder}", [sys.executable, "-m", "game"], folder,
                              folder))
    for exe in args.exe:
        targets.append(Target(f"built {exe}", [str(Path(exe).resolve())]))
    if not targets:
        ap.error("nothing to run")
    with tempfile.TemporaryDirectory(prefix="cold-start-") as tmp:
        for i, t in enumerate(targets):
            t.home = Path(tmp) / f"home{i}"
            t.pyc = Path(tmp) / f"pyc{i}" if t.source else None
            prepare_home(t.home, args.welcome)
        for t in targets:
            if t.source:
                print(f"{t.label}: game from {where_game_is(t, args)}")
        status = probe_all(targets, args)
        if status:
            return status
        report(targets, args)
        if args.first_table:
            return first_table(targets, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
