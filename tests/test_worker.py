"""One way to work in the background (issue 44, item 4): `game.play.worker.Background` runs
the computers' moves, the review, the practice puzzles and the statistics screens' reads;
no other module of the program starts a thread of its own (the party server's event loop
is the one exception: it is a server, not a job)."""

from __future__ import annotations

import ast
import threading
import time
from pathlib import Path

import pytest

from game.engine.actions import Action
from game.play.worker import AiWorker, Background

ROOT = Path(__file__).resolve().parent.parent
# the AI worker, and the three asyncio loops that own their sockets (the party server, the
# host's relay transport, the relay run in a thread for tests and the window)
THREAD_OWNERS = {"game/play/worker.py", "game/party/server.py", "game/online/transport.py",
                 "game/relay/server.py"}


def test_jobs_run_in_turn_on_one_daemon_thread_and_say_how_they_ended():
    bg = Background("test")
    seen: list[str] = []
    gate = threading.Event()

    def first() -> int:
        gate.wait(5)
        seen.append(threading.current_thread().name)
        return 1

    def second() -> int:
        seen.append("second")
        raise ValueError("no puzzle")

    a, b = bg.submit(first), bg.submit(second)
    assert not a.done and not b.done
    gate.set()
    assert b.wait(5) and a.done
    assert (a.value, a.error) == (1, None)
    assert isinstance(b.error, ValueError) and b.value is None
    assert seen == ["test", "second"]  # in turn, on the Background's own thread
    assert all(t.daemon for t in threading.enumerate() if t.name == "test")
    bg.shutdown()
    with pytest.raises(RuntimeError):
        bg.submit(first)


def test_a_cancelled_job_that_has_not_started_never_runs_and_a_long_one_can_stop():
    bg = Background("test-cancel")
    gate, running = threading.Event(), threading.Event()
    steps: list[int] = []

    def long_job() -> int:
        running.set()
        gate.wait(5)
        for i in range(1000):
            if task.stopping:
                return i
            steps.append(i)
            time.sleep(0.001)
        return 1000

    task = bg.submit(long_job)
    never = bg.submit(steps.append, -1)
    never.cancel()  # still waiting its turn: it never runs
    assert running.wait(5)
    task.cancel()  # running: it sees `stopping` at its next step
    gate.set()
    assert task.wait(5) and never.wait(5)
    assert task.value == 0 and -1 not in steps
    bg.shutdown()


class _Fails:
    def choose(self, view: object) -> Action:
        raise RuntimeError("a broken agent")


class _View:
    legal = (Action(0, "play", (1,)),)


def test_a_failing_computer_plays_its_first_legal_action():
    worker = AiWorker()
    worker.start(_Fails(), _View())  # type: ignore[arg-type]
    assert worker.busy and worker.started > 0
    end = time.monotonic() + 5
    got = None
    while got is None and time.monotonic() < end:
        got = worker.result()
    assert got == _View.legal[0] and not worker.busy
    worker.shutdown()


def test_no_module_starts_a_thread_of_its_own():
    found = []
    for path in sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "ai").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in THREAD_OWNERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                if name.endswith(("threading.Thread", "ThreadPoolExecutor",
                                  "ProcessPoolExecutor")) or name == "Thread":
                    found.append(f"{rel}:{node.lineno}: {name}")
    assert found == [], "work in the background through game.play.worker.Background"
