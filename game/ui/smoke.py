"""`python -m game --smoke`: a scripted computer-only game through every scene, headless.

SDL's dummy video and audio drivers are set here, the settings and saves go to a temporary
folder (or under HACHIHACHI_HOME when it is set), animation is instant. Prints `SMOKE OK`
and returns 0, or the failure and 1.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time

from game.engine import rulesets
from game.engine.vocab import Category
from game.storage import HOME_ENV

FRAME_LIMIT = 20_000  # frames a round may take at instant speed
NAMES = ("Ana", "Ren", "Yui", "Kei", "Mio", "Sora", "Taro")


def smoke_options(ruleset: str, options: dict, rounds: int, seats: int | None
                  ) -> tuple[dict, int]:
    """The options and seat count a smoke run plays: ``rounds`` fills the game's 'rounds'
    option unless ``options`` sets it; seats default to 3, or the game's nearest count.
    ValueError (naming the problem) for a bad ruleset, option or seat count."""
    cls = rulesets.ruleset_class(ruleset)
    opts = dict(options)
    if "rounds" not in opts and any(o.name == "rounds" for o in cls.OPTIONS):
        opts["rounds"] = rounds
    rs = rulesets.get(ruleset, **opts)
    n = seats if seats is not None else max(rs.min_seats, min(3, rs.max_seats))
    if not rs.min_seats <= n <= rs.max_seats:
        raise ValueError(f"{ruleset} is played with {rs.min_seats} to {rs.max_seats} seats, "
                         f"not {n}")
    return opts, n


def smoke_run(rounds: int = 1, seats: int | None = None, ruleset: str = "hachihachi",
              options: dict | None = None, seed: int = 88) -> int:
    """Play one scripted game; 0 and SMOKE OK, 2 for bad arguments, 1 for a failure."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        opts, n = smoke_options(ruleset, options or {}, rounds, seats)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    seen: list[str] = []
    try:
        home = os.environ.get(HOME_ENV)
        if home:  # the caller's folder: its records and statistics stay for a look after
            _walk(home, ruleset, opts, n, seed, seen)
        else:
            with tempfile.TemporaryDirectory(prefix="hachihachi-smoke-") as tmp:
                _walk(tmp, ruleset, opts, n, seed, seen)
    except Exception as e:  # report, never a traceback
        print(f"SMOKE FAILED: {type(e).__name__}: {e} (scenes so far: {', '.join(seen)})",
              file=sys.stderr)
        return 1
    print(f"SMOKE OK ({ruleset} {json.dumps(opts, sort_keys=True)}, {n} seats, seed {seed}; "
          f"{len(set(seen))} scenes: {', '.join(dict.fromkeys(seen))}; "
          f"{time.monotonic() - t0:.1f} s)")
    return 0


def _walk(home: str, ruleset: str, options: dict, seats: int, seed: int,
          seen: list[str]) -> None:
    from game import storage
    from game.app import App
    from game.settings import Settings
    from game.ui.scenes.about import AboutScene
    from game.ui.scenes.confirm_quit import ConfirmQuitScene
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.result import ResultScene
    from game.ui.scenes.rules_help import RulesHelpScene
    from game.ui.scenes.settings_menu import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene

    paths = storage.default_paths(home).ensure()
    app = App((1280, 720), paths, Settings(anim_speed="instant", ai_pace="instant",
                                           welcome_seen=True),
              smoke=True)

    def frames(n: int = 2) -> None:
        for _ in range(n):
            app.step(1 / 60)
            top = app.stack.top
            if top is not None and (not seen or seen[-1] != top.name):
                seen.append(top.name)

    def visit(scene) -> None:  # noqa: ANN001
        app.stack.push(scene)
        frames()
        app.stack.pop(scene)
        frames(1)

    app.stack.push(TitleScene(app))
    frames()
    for make in (SettingsScene, AboutScene, RulesHelpScene, ConfirmQuitScene):
        visit(make(app))
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.new_game()
    frames()
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.ruleset = ruleset
    setup.options = {ruleset: dict(options)}
    setup.seats = [{"name": NAMES[i], "kind": "ai:random"} for i in range(seats)]
    setup.seed_text = str(seed)
    setup.build()
    frames()
    setup.start()
    frames()
    table = app.stack.top
    assert isinstance(table, TableScene), f"the table did not open ({table})"
    visited_overlays = False
    limit = FRAME_LIMIT * (1 + options.get("rounds", 12))
    for _ in range(limit):
        frames(1)
        top = app.stack.top
        if isinstance(top, ResultScene):
            break
        if not visited_overlays and top is table and table.play_started:
            visited_overlays = True
            visit(PauseScene(app, table))
            visit(HandoverScene(app, table, 0))
            table.handover_open = False
    else:
        raise RuntimeError("the game did not reach the result screen")
    if app.errors:
        raise RuntimeError("; ".join(app.errors))
    scenes = ["title", "setup", "table", "scoring", "result"]
    rs = rulesets.get(ruleset, **options)
    if any(e.category == Category.TEYAKU for e in rs.entries):
        scenes.insert(3, "teyaku")  # a game without teyaku has no reveal to show
    for needed in scenes:
        if needed not in seen:
            raise RuntimeError(f"scene {needed!r} was never shown")
    app.stack.top.title()  # type: ignore[union-attr]
    frames()
    app.close()
