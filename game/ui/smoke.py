"""`python -m game --smoke`: a scripted computer-only game through every scene, headless.

SDL's dummy video and audio drivers are set here, the settings and saves go to a temporary
folder, animation is instant. Prints `SMOKE OK` and returns 0, or the failure and 1.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

FRAME_LIMIT = 20_000


def smoke_run(rounds: int = 1, seats: int = 3) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    t0 = time.monotonic()
    seen: list[str] = []
    try:
        with tempfile.TemporaryDirectory(prefix="hachihachi-smoke-") as home:
            _walk(home, rounds, seats, seen)
    except Exception as e:  # report, never a traceback
        print(f"SMOKE FAILED: {type(e).__name__}: {e} (scenes so far: {', '.join(seen)})",
              file=sys.stderr)
        return 1
    print(f"SMOKE OK ({len(set(seen))} scenes: {', '.join(dict.fromkeys(seen))}; "
          f"{time.monotonic() - t0:.1f} s)")
    return 0


def _walk(home: str, rounds: int, seats: int, seen: list[str]) -> None:
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
    app = App((1280, 720), paths, Settings(anim_speed="instant", ai_pace="instant"),
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
    setup.ruleset = "hachihachi"
    setup.options = {"hachihachi": {"rounds": rounds}}
    setup.seats = [{"name": n, "kind": "ai:random"} for n in ("Ana", "Ren", "Yui")[:seats]]
    setup.seed_text = "88"
    setup.build()
    frames()
    setup.start()
    frames()
    table = app.stack.top
    assert isinstance(table, TableScene), f"the table did not open ({table})"
    visited_overlays = False
    for _ in range(FRAME_LIMIT):
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
    for needed in ("title", "setup", "table", "teyaku", "scoring", "result"):
        if needed not in seen:
            raise RuntimeError(f"scene {needed!r} was never shown")
    app.stack.top.title()  # type: ignore[union-attr]
    frames()
    app.close()
