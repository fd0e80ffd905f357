"""Work off the window's thread, one way for every front end (issue 44, item 4): a computer's
move, a game review, a screen's data. No pygame here.

`Background` is one daemon thread that runs its jobs in turn; `submit` returns a `Task` the
front end polls each frame (`done`, then `value` or `error`), and a job that runs long checks
`task.stopping` to end early when it is cancelled. Daemon, not a `ThreadPoolExecutor`, on
purpose: the program's exit never waits for a review in the middle of a decision or a
statistics file another window holds locked.

`AiWorker` is the computer players' worker on top of it: `start(agent, view)`, then
`result()` once ready (a failing agent falls back to its first legal action).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from game.engine.actions import Action
from game.engine.view import PlayerView

log = logging.getLogger(__name__)

T = TypeVar("T")


class Task(Generic[T]):
    """One job: `done` once it has run (or was cancelled before it could), then `value` or
    `error` (the exception it raised). `cancel()` asks it to stop (`stopping`)."""

    def __init__(self, fn: Callable[..., T], args: tuple, kwargs: dict) -> None:
        self._call = (fn, args, kwargs)
        self._done = threading.Event()
        self._stop = threading.Event()
        self.value: T | None = None
        self.error: BaseException | None = None
        self.started = time.monotonic()  # when it was asked for

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def stopping(self) -> bool:
        """True once cancelled: a long job checks it between its steps and returns."""
        return self._stop.is_set()

    def cancel(self) -> None:
        self._stop.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until it is done (tests and command-line tools; the window never waits)."""
        return self._done.wait(timeout)

    def _run(self) -> None:
        if self._stop.is_set():
            self._done.set()
            return
        fn, args, kwargs = self._call
        try:
            self.value = fn(*args, **kwargs)
        except BaseException as e:  # noqa: BLE001 - kept for the front end to say or log
            self.error = e
        finally:
            self._done.set()


class Background:
    """One daemon thread running jobs in turn, for one purpose (its `name` names it)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[Task[Any] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._closed = False

    def submit(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> Task[T]:
        if self._closed:
            raise RuntimeError(f"background {self.name!r} is shut down")
        task: Task[T] = Task(fn, args, kwargs)
        if self._thread is None:  # started on first use: a screen that never needs it costs none
            self._thread = threading.Thread(target=self._loop, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put(task)
        return task

    def _loop(self) -> None:
        while True:
            task = self._jobs.get()
            if task is None:
                return
            task._run()

    def shutdown(self) -> None:
        """No more jobs; the one running ends by itself (cancel it first to hurry it)."""
        if not self._closed:
            self._closed = True
            self._jobs.put(None)


class AiWorker:
    """Runs `agent.choose(view)` off the window's thread; the front end polls `result()`.

    A thread, not a process: the agents keep their own state (their seeded generator) in
    this process. A long search holds the GIL, and the frame loop still runs between
    bytecodes; a process could replace the thread without changing this interface."""

    def __init__(self) -> None:
        self._background = Background("ai")
        self._task: Task[Action] | None = None
        self._view: PlayerView | None = None

    @property
    def busy(self) -> bool:
        return self._task is not None

    @property
    def started(self) -> float:
        """When the computer was asked to think (0 while nothing runs)."""
        return self._task.started if self._task is not None else 0.0

    def start(self, agent: object, view: PlayerView) -> None:
        self._view = view
        self._task = self._background.submit(agent.choose, view)  # type: ignore[attr-defined]

    def result(self) -> Action | None:
        """The chosen action once ready (a failing agent falls back to its first legal)."""
        task = self._task
        if task is None or not task.done:
            return None
        self._task = None
        if task.error is None:
            return task.value
        log.error("computer player failed; playing its first legal action",
                  exc_info=task.error)
        return self._view.legal[0] if self._view and self._view.legal else None

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._task = None

    def shutdown(self) -> None:
        self.cancel()
        self._background.shutdown()


__all__ = ["AiWorker", "Background", "Task"]
