"""Runs a game review (ai.review) off the window's thread, so the window stays responsive
while the decisions are weighed; the review scene polls it every frame. No pygame here.

It runs on a `game.play.worker.Background`, the one way this program works off the window's
thread (the computer players' worker is another): the review is pure and calls back after
each decision, which is where it is told to stop.
"""

from __future__ import annotations

import logging

from ai import review as reviews
from game.engine.record import Record
from game.play.worker import Background, Task

log = logging.getLogger(__name__)


class ReviewWorker:
    """One review in the background: `done`/`total` while it runs, then `result` (or
    `error`, one sentence's reason). `cancel()` stops it after the decision in hand."""

    def __init__(self, record: Record, seat: int, worlds: int = reviews.WORLDS,
                 rounds: set[int] | None = None) -> None:
        self.record = record
        self.rounds = rounds
        self.seat = seat
        self.worlds = worlds
        self.done = 0
        self.total = 0
        self.result: reviews.Review | None = None
        self.error: str | None = None
        self._background = Background("review")
        self._task: Task[None] | None = None

    def start(self) -> ReviewWorker:
        self._task = self._background.submit(self._run)
        self._background.shutdown()  # one review a worker: its thread ends with it
        return self

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done

    @property
    def finished(self) -> bool:
        return (self._task is not None and self._task.done
                and (self.result is not None or self.error is not None))

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the review (tests; the window never waits)."""
        if self._task is not None:
            self._task.wait(timeout)

    def _progress(self, done: int, total: int) -> bool:
        self.done, self.total = done, total
        return not (self._task is not None and self._task.stopping)

    def _run(self) -> None:
        try:
            self.result = reviews.review(self.record, self.seat, worlds=self.worlds,
                                         progress=self._progress, rounds=self.rounds)
        except ValueError as e:  # a record that does not replay, a seat it lacks
            self.error = str(e)
        except Exception as e:  # a review must never take the window down
            log.exception("game review failed")
            self.error = type(e).__name__


__all__ = ["ReviewWorker"]
