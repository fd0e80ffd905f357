"""Expectimax player (Expert): my move, the exact next draw, sampled hidden cards.

The search tree for a decision: a max node over this seat's legal moves; for a play, a chance
node over every card that may be drawn next (each unseen card not known to be in a hand is
equally likely, so the draw is enumerated exactly); under it, worlds sampled consistently with
the view (other hands and the rest of the pile, revealed teyaku kept in place); and at the
leaves a heuristic evaluation: the round finished by a fast greedy policy for every seat that
values cards a little like the rule-based player (points plus a bonus for cards of yaku still
open: ``model.rollout_weights``, as Master's rollouts), its net for this seat. The same worlds
serve every move (common random numbers), and the work is a budget of leaves, so a decision is
reproducible and does not depend on the machine.
"""

from __future__ import annotations

from game.engine.actions import PLAY, Action
from game.engine.cards import cards_of
from game.engine.positions import Resampler
from game.engine.rng import Rng
from game.engine.state import GREEDY
from game.engine.view import PlayerView

from .base import is_searched
from .model import Situation, rollout_weights
from .rules_agent import RulesAgent


class ExpectimaxAgent(RulesAgent):
    id = "expectimax"
    WINDOW_LEVEL = "expert"  # join/drop, mizuten, swap by the calibrated estimates

    W_ROLLOUT = 0.5  # yaku bonus in the rollout policy's card values (0: plain greedy)
    # the rule-based player's judgement of a play (RulesAgent.play_value: made and open sets,
    # the field risk) added to the search's value, at this weight: the greedy rollouts alone
    # miss what the rule-based player sees (issue 30: Expert had fallen to its level)
    W_PRIOR = 1.0

    def __init__(self, seed: int = 0, *, nodes: int = 720,
                 w_rollout: float | None = None, w_prior: float | None = None) -> None:
        super().__init__(seed)
        self.node_budget = nodes
        if w_rollout is not None:
            self.W_ROLLOUT = w_rollout
        if w_prior is not None:
            self.W_PRIOR = w_prior
        self.nodes = 0  # leaves evaluated by the last decision
        self.values: dict[Action, float] = {}  # the last search's expected net per move

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        if not is_searched(legal):
            self.values = {}
            return super().choose(view)  # join/drop, mizuten, swap: ai.windows
        sit = Situation.of(view)
        values = self.search(view, sit, legal)
        self.values = dict(zip(legal, values, strict=True))
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        self._explain(sit, legal[best])
        return legal[best]

    def search(self, view: PlayerView, sit: Situation, legal: list[Action]) -> list[float]:
        """Expected net (mon) of each legal move for this seat."""
        draws: list[int | None] = [None]
        if view.phase == "play" and view.pile_count:
            draws = cards_of(sit.draw_candidates) or [None]
        per_draw = max(1, self.node_budget // (len(legal) * len(draws)))
        if len(legal) * len(draws) > self.node_budget:  # sample the chance node instead
            self.rng.shuffle(draws)
            draws = draws[:max(1, self.node_budget // len(legal))]
            per_draw = 1
        weights = rollout_weights(sit, self.W_ROLLOUT) if self.W_ROLLOUT else None
        sampler = Resampler(view)  # the part every world shares, built once
        totals = [0.0] * len(legal)
        self.nodes = 0
        for d in draws:
            for _ in range(per_draw):
                seed = self.rng.next64()
                world = sampler.world(Rng(seed), d)
                for i, a in enumerate(legal):
                    st = world.clone()
                    st.apply(a, check=False)
                    st.playout(Rng(seed ^ 0x9E3779B9), GREEDY, weights)
                    totals[i] += st.round_returns()[sit.me]
                    self.nodes += 1
        n = len(draws) * per_draw
        values = [t / n for t in totals]
        if self.W_PRIOR and view.phase == "play":
            for i, a in enumerate(legal):
                if a.verb == PLAY:
                    values[i] += self.W_PRIOR * self.play_value(sit, a)
        return values

    def _explain(self, sit: Situation, a: Action) -> None:
        """What the move does, in words, and how it was judged (never only a number)."""
        said = self.describe(sit, a, "the best over every card I might draw next")
        self.why = said or f"I called {a.verb}: over the cards I might draw next it promised more."
