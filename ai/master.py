"""Master player: determinized Monte Carlo with successive halving over this seat's moves.

Worlds are sampled consistently with the view (``State.resample``), never the true state;
each world is played to the end of the round with the fast greedy policy for every seat, the
same worlds for every move (common random numbers). The simulations go where they decide
something: after each round of worlds the weaker half of the moves is dropped, so the close
candidates get most of the budget. The budget is a number of playouts, so a decision is
reproducible and does not depend on the machine.
"""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.rng import Rng
from game.engine.state import GREEDY, State
from game.engine.view import PlayerView

from .model import Situation
from .rules_agent import RulesAgent, _name

SEARCHED = frozenset({"play", "take", "sage", "shoubu", "cancel"})


class MasterAgent(RulesAgent):
    id = "master"
    WINDOW_LEVEL = "master"  # decisions before play (join/drop, mizuten, swap) by level

    def __init__(self, seed: int = 0, *, playouts: int = 2000) -> None:
        super().__init__(seed)
        self.budget = playouts
        self.nodes = 0  # playouts spent by the last decision
        self.values: dict[Action, float] = {}

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        if len(legal) < 2 or not all(a.verb in SEARCHED for a in legal):
            self.values = {}
            return super().choose(view)
        sit = Situation.of(view)
        values = self.search(view, sit, legal)
        self.values = dict(zip(legal, values, strict=True))
        best = max(range(len(legal)), key=lambda i: (values[i], -i))
        self._explain(legal[best], values[best])
        return legal[best]

    def search(self, view: PlayerView, sit: Situation, legal: list[Action]) -> list[float]:
        """Mean net (mon) of each legal move for this seat over the worlds it was tried in."""
        n = len(legal)
        totals = [0.0] * n
        counts = [0] * n
        alive = list(range(n))
        rounds = max(1, (n - 1).bit_length())
        self.nodes = 0
        while True:
            per = max(1, self.budget // (rounds * len(alive)))
            for _ in range(per):
                seed = self.rng.next64()
                world = State.resample(view, Rng(seed))
                for i in alive:
                    st = world.clone()
                    st.apply(legal[i], check=False)
                    st.playout(Rng(seed ^ 0x9E3779B9), GREEDY)
                    totals[i] += st.round_returns()[sit.me]
                    counts[i] += 1
                    self.nodes += 1
            if len(alive) <= 2 or self.nodes >= self.budget:
                break
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = sorted(alive[:(len(alive) + 1) // 2])
        return [totals[i] / counts[i] if counts[i] else float("-inf") for i in range(n)]

    def _explain(self, a: Action, value: float) -> None:
        if a.verb == "play":
            self.why = (f"I played the {_name(a.args[0])}: of the close choices, it did best "
                        f"over many imagined deals ({value:+.0f} mon).")
        elif a.verb == "take":
            self.why = f"I took the {_name(a.args[0])}: it did best over many imagined deals."
        else:
            self.why = f"I called {a.verb}: it did better than the alternative."
