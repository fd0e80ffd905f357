"""The first SIGTERM ends the program (issue 23, minor 16): it saves and leaves, with no
question; SDL would otherwise turn it into a window-close event, which asks "Quit the
game?" and keeps the program alive."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_first_signal_ends_the_program(tmp_path, sig):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HACHIHACHI_HOME=str(tmp_path), PYGAME_HIDE_SUPPORT_PROMPT="1")
    proc = subprocess.Popen([sys.executable, "-m", "game"], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        log = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and proc.poll() is None:
            logs = list(tmp_path.rglob("hachihachi.log"))
            if logs and "title" in logs[0].read_text(encoding="utf-8", errors="replace"):
                log = logs[0]
                break
            time.sleep(0.2)
        assert proc.poll() is None, proc.stderr.read().decode(errors="replace")
        assert log is not None, "the title never started"
        proc.send_signal(sig)  # its handler is in place before the window opens
        code = proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert code == 0
    assert signal.Signals(sig).name in log.read_text(encoding="utf-8", errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigterm_at_the_table_saves_and_leaves_without_asking(tmp_path):
    """At the table a window-close asks "Quit the game?"; a SIGTERM must not: it saves."""
    from game import app as app_mod
    from game import storage
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.table import TableScene
    from tests.ui.driver import make_app, run_until
    from tests.ui.table_helpers import dismiss, my_turn

    saved = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)}
    app = make_app(tmp_path)
    try:
        seats = [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"),
                 SeatSpec("Yui", "ai:random")]
        table = TableScene(app, GameSession("hachihachi", {"rounds": 2}, seats, 7))
        app.stack.reset(table)
        assert run_until(app, lambda: my_turn(app, table), 4000, lambda: dismiss(app))
        storage.clear_autosave(app.paths)
        app_mod._catch_stop_signals([app])
        os.kill(os.getpid(), signal.SIGTERM)
        app.run_loop(max_seconds=5)
        assert not app.running
        assert app.stack.top.name != "confirm_quit"
        rec = storage.read_record(app.paths.autosave)  # saved once more on the way out
        assert rec.rounds and rec.rounds[-1]["actions"] == [
            str(a) for a in table.session.st.actions]
    finally:
        for s, h in saved.items():
            signal.signal(s, h)
        app.close()
