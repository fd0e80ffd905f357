"""One game in the window: the engine state, the seats, the seeded chance, the AI workers.

No pygame here. The table scene asks `next_step()` what happens next and calls `deal`,
`chance`, `apply` (the human's action) or lets an `AiWorker` think. Every deck and chance
outcome comes from a generator derived from (seed, round entry, action count), so a game
continued from its autosave deals exactly what the uninterrupted game would have dealt.
"""

from __future__ import annotations

import concurrent.futures
import logging
import time
from dataclasses import dataclass

import ai
from game.engine import record as records
from game.engine import rulesets
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.rng import Rng
from game.engine.state import DEAL, OVER, State
from game.engine.view import PlayerView
from game.seats import clean_name, kind_problem
from game.ui.terms import round_label

log = logging.getLogger(__name__)

MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class SeatSpec:
    name: str
    kind: str  # "human" or "ai:<id>"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def ai_id(self) -> str | None:
        return self.kind[3:] if self.kind.startswith("ai:") else None

    def describe(self) -> str:
        if self.is_human:
            return "Human"
        level = next((lv for lv, agent, _ in ai.LEVELS if agent == self.ai_id), self.ai_id)
        return f"Computer · {level}"


class GameSession:
    def __init__(self, ruleset: str, options: dict, seats: list[SeatSpec], seed: int,
                 first_dealer: int | None = None, state: State | None = None) -> None:
        self.ruleset = ruleset
        self.options = dict(options)
        self.seats = list(seats)
        self.seed = int(seed) & MASK64
        self.rs = rulesets.get(ruleset, **options)
        if state is None:
            fd = Rng(self.seed).below(len(seats)) if first_dealer is None else first_dealer
            state = self.rs.new_state(len(seats), fd, events=True)
        self.st = state
        self.agents = {i: ai.make_agent(s.ai_id, (self.seed * 31 + i) & MASK64)
                       for i, s in enumerate(self.seats) if s.ai_id is not None}
        # a continued game's public events so far, so the table can re-narrate them
        self.past_events: list[Event] = []

    @classmethod
    def from_record(cls, rec: records.Record) -> GameSession:
        """Continue a saved game (RecordError, a ValueError, when the file is bad): every
        seat a human or a known computer player, every name one that renders."""
        rep = records.replay(rec, events=True)
        for i, s in enumerate(rec.seats):
            problem = kind_problem(s.get("kind", "human"))
            if problem:
                raise records.RecordError(f"seat {i + 1}: {problem}")
        seats = [SeatSpec(clean_name(s.get("name"), f"Seat {i + 1}"), s.get("kind", "human"))
                 for i, s in enumerate(rec.seats)]
        seed = rec.seed if rec.seed is not None else 0
        session = cls(rec.ruleset, rec.options, seats, seed, rec.first_dealer, rep.state)
        session.past_events = [ev for rnd in rep.events for ev in rnd]
        return session

    # --- what next --------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def next_step(self) -> str:
        """'deal', 'chance', 'human', 'ai' or 'over'."""
        st = self.st
        if st.phase == OVER:
            return "over"
        if st.phase == DEAL:
            return "deal"
        if st.is_chance():
            return "chance"
        return "human" if self.seats[st.to_move].is_human else "ai"

    def _rng(self, salt: int) -> Rng:
        k = len(self.st.history)
        return Rng((self.seed * 1_000_003 + k * 7919 + salt * 104_729) & MASK64)

    def deal(self) -> list[Event]:
        deck = list(self.rs.deck_cards)
        self._rng(0).shuffle(deck)
        return self.st.start_round(deck)

    def chance(self) -> list[Event]:
        return self.st.apply(self.st.sample_chance(self._rng(1 + len(self.st.actions))))

    def apply(self, action: Action) -> list[Event]:
        """Apply a player's action (raises IllegalAction, a ValueError, if illegal)."""
        return self.st.apply(action)

    def view(self, seat: int) -> PlayerView:
        return self.st.view(seat)

    def record(self) -> records.Record:
        seats = [{"name": s.name, "kind": s.kind} for s in self.seats]
        return records.from_state(self.st, seats, seed=self.seed)

    def summary(self) -> str:
        """'Hachi-Hachi · Round 5/12 · vs Ren, Yui' for the title's Continue button."""
        v = self.st.view(0)
        rnd = max(1, self.st.rounds_played + (0 if self.st.phase == DEAL else 1))
        r = round_label(rnd, v.rounds_planned)
        h = self.humans
        others = [s.name for i, s in enumerate(self.seats) if i not in h[:1]]
        return f"{self.rs.title} · {r} · vs {', '.join(others)}"


class AiWorker:
    """Runs `agent.choose(view)` off the UI thread; the scene polls `result()` each frame.

    A thread, not a process: today's agents are fast and pure Python, and a thread keeps the
    agent's own state (its seeded generator) in this process. A long search would hold the
    GIL; the frame loop still runs between bytecodes, and a process pool can replace this
    class without changing its interface.
    """

    def __init__(self) -> None:
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=1,
                                                           thread_name_prefix="ai")
        self._future: concurrent.futures.Future | None = None
        self._view: PlayerView | None = None
        self.started = 0.0

    @property
    def busy(self) -> bool:
        return self._future is not None

    def start(self, agent: object, view: PlayerView) -> None:
        self._view = view
        self.started = time.monotonic()
        self._future = self._pool.submit(agent.choose, view)  # type: ignore[attr-defined]

    def result(self) -> Action | None:
        """The chosen action once ready (a failing agent falls back to its first legal)."""
        f = self._future
        if f is None or not f.done():
            return None
        self._future = None
        try:
            action = f.result()
        except Exception:
            log.exception("computer player failed; playing its first legal action")
            action = self._view.legal[0] if self._view and self._view.legal else None
        return action

    def cancel(self) -> None:
        if self._future is not None:
            self._future.cancel()
        self._future = None

    def shutdown(self) -> None:
        self.cancel()
        self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["AiWorker", "GameSession", "SeatSpec", "Event"]
