"""Determinized Monte Carlo player (a baseline): sample worlds, play each move out, average.

For each legal move, the same sampled worlds (other hands and the draw pile dealt at random,
consistent with the view) are played to the end of the round with a fast greedy policy for
every seat; the move with the best mean net for this seat is chosen. The budget is a number
of rollouts, so a decision is reproducible.
"""

from __future__ import annotations

from game.engine.actions import PLAY, Action
from game.engine.rng import Rng
from game.engine.state import GREEDY, State
from game.engine.view import PlayerView

from .base import is_searched
from .model import Situation
from .rules_agent import RulesAgent, _name


class MonteCarloAgent(RulesAgent):
    id = "montecarlo"

    def __init__(self, seed: int = 0, *, rollouts: int = 240) -> None:
        super().__init__(seed)
        self.rollouts = rollouts
        self.nodes = 0

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        if not is_searched(legal):
            return super().choose(view)
        sit = Situation.of(view)
        worlds_n = max(2, self.rollouts // len(legal))
        seeds = [self.rng.next64() for _ in range(worlds_n)]
        totals = [0.0] * len(legal)
        for w in seeds:
            base = State.resample(view, Rng(w))
            for i, a in enumerate(legal):
                st = base.clone()
                st.apply(a, check=False)
                st.playout(Rng(w ^ 0x5DEECE66D), GREEDY)
                totals[i] += st.round_returns()[sit.me]
        self.nodes = worlds_n * len(legal)
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        a = legal[best]
        mean = totals[best] / worlds_n
        if a.verb == PLAY:
            self.why = (f"I played the {_name(a.args[0])}: over {worlds_n} imagined deals it "
                        f"scored best ({mean:+.0f} mon on average).")
        else:
            self.why = f"I chose {a.verb}: over {worlds_n} imagined deals it scored best."
        return a
