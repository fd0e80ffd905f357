"""Rule-based players: ``greedy`` (Beginner) and ``rules`` (Intermediate).

``rules`` scores each play by the position it leads to (card points, yaku progress, yaku it
denies), averaged exactly over the next draw, minus what the next opponent is likely to take
from the field it leaves; it decides sage / shoubu / cancel, join / drop and mizuten by
threshold rules. ``greedy`` only looks at what the played card takes right now.
The windows before play (join/drop, mizuten, hand swap) and cancel are answered by
``ai.windows`` at the agent's ``WINDOW_LEVEL``.
"""

from __future__ import annotations

from game.engine.actions import (
    CANCEL,
    JOIN,
    MIZUTEN,
    PLAY,
    SAGE,
    SHOUBU,
    SWAP,
    TAKE,
    Action,
)
from game.engine.cards import CARD_IDS, cards_of
from game.engine.rng import Rng
from game.engine.view import PlayerView

from . import windows
from .model import Situation


def _name(card: int) -> str:
    return CARD_IDS[card].replace("_", " ")


class RulesAgent:
    id = "rules"

    # Weights found with the arena (python -m ai.arena): card points dominate this family of
    # games; yaku progress and what the field offers the next players refine it.
    W_YAKU = 0.3  # own and opponents' partial yaku, against card points
    W_RISK = 0.6  # what the next opponent is likely to take from the field left
    W_RISK2 = 0.0  # the same for the opponent after that
    USE_DRAW = True  # average exactly over the next draw
    WINDOW_LEVEL = "intermediate"  # how windows.decide answers join/drop, mizuten, swap

    def __init__(self, seed: int = 0, *, careful: bool = True) -> None:
        self.rng = Rng(seed)
        self.careful = careful
        self.why = ""

    def explain(self) -> str:
        return self.why

    # ------------------------------------------------------------------ entry

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action")
        verbs = {a.verb for a in legal}
        if len(legal) == 1:
            self.why = f"I had to {legal[0].verb}."
            return legal[0]
        sit = Situation.of(view)
        if PLAY in verbs:
            if CANCEL in verbs and windows.wants_cancel(self, sit):
                self.why = "I cancelled my sage: an opponent was one card from a yaku."
                return next(a for a in legal if a.verb == CANCEL)
            return self._best_play(sit, [a for a in legal if a.verb == PLAY])
        if TAKE in verbs:
            return self._best_take(sit, legal)
        if SHOUBU in verbs:
            return self._sage_or_shoubu(sit, legal)
        if JOIN in verbs or MIZUTEN in verbs or SWAP in verbs:
            return windows.decide(self, view, legal)
        return legal[0]

    # ------------------------------------------------------------------ plays

    def play_value(self, sit: Situation, action: Action) -> float:
        """How good a play is for this seat (mon at the round's multiplier)."""
        view, model = sit.view, sit.model
        card = action.args[0]
        target = action.args[1] if len(action.args) > 1 else -1
        field1, got = model.arrive(view.field_mask, card, target)
        if not self.careful:
            return model.points(got) - 0.01 * model.values[card]
        piles = {s: view.captured_masks[s] for s in sit.position}
        piles[sit.me] = piles[sit.me] | got
        draws = cards_of(sit.draw_candidates) if view.pile_count and self.USE_DRAW else []
        if not draws:
            return sit.evaluate(field1, piles, self.W_YAKU) - self.field_risk(sit, field1, piles)
        total = 0.0
        mine = piles[sit.me]
        for d in draws:
            field2, got2 = self.best_arrival(sit, field1, d, piles)
            piles[sit.me] = mine | got2
            total += (sit.evaluate(field2, piles, self.W_YAKU)
                      - self.field_risk(sit, field2, piles))
        piles[sit.me] = mine
        return total / len(draws)

    def best_arrival(self, sit: Situation, field: int, card: int,
                     piles: dict[int, int]) -> tuple[int, int]:
        """Resolve an arriving card, choosing the better target when there is a choice."""
        model = sit.model
        among = model.rs.capture_choices(field, card)  # the rules API's choice
        if among:
            best = None
            for t in cards_of(among):
                f, g = model.arrive(field, card, t)
                trial = dict(piles)
                trial[sit.me] = trial[sit.me] | g
                v = sit.evaluate(f, trial, self.W_YAKU)
                if best is None or v > best[0]:
                    best = (v, f, g)
            return best[1], best[2]
        return model.arrive(field, card)

    def field_risk(self, sit: Situation, field: int, piles: dict[int, int]) -> float:
        """What the next opponents may take from this field: for each card on it, its worth
        to them times the chance they hold a card that captures it."""
        if not sit.opps:
            return 0.0
        order = sorted(sit.opps, key=lambda s: (sit.position[s] - sit.position[sit.me])
                       % len(sit.position))
        risk = self._risk_for(sit, order[0], field, piles) * self.W_RISK
        if self.W_RISK2 and len(order) > 1:
            risk += self._risk_for(sit, order[1], field, piles) * self.W_RISK2
        return risk * sit.view.multiplier

    def _risk_for(self, sit: Situation, opp: int, field: int, piles: dict[int, int]) -> float:
        view, model = sit.view, sit.model
        h = view.hand_counts[opp]
        unseen_n = sit.unseen.bit_count()
        if not h or not unseen_n:
            return 0.0
        risk = 0.0
        seen_months = 0
        for f in cards_of(field):
            if not model.sum_rule:
                month_bit = 1 << (f >> 2)
                if seen_months & month_bit:
                    continue
                seen_months |= month_bit
            u = (sit.unseen & model.rel[f]).bit_count()
            if not u:
                continue
            p_none = 1.0
            for i in range(h):
                if unseen_n - i <= 0:
                    break
                p_none *= max(0.0, (unseen_n - u - i) / (unseen_n - i))
            taken = (field & model.rel[f]) | (1 << f) if not model.sum_rule else 1 << f
            worth = model.points(taken) + self.W_YAKU * self._yaku_worth(sit, opp, taken, piles)
            risk += (1.0 - p_none) * worth
        return risk

    def _yaku_worth(self, sit: Situation, seat: int, cards: int, piles: dict[int, int]) -> float:
        pile = piles[seat]
        worth = 0.0
        for _, mask, value in sit.model.sets(sit.position.get(seat, 0)):
            if cards & mask:
                have = ((pile | cards) & mask).bit_count()
                worth += value * (have / mask.bit_count()) ** 2
        return worth

    def _best_play(self, sit: Situation, plays: list[Action]) -> Action:
        scored = [(self.play_value(sit, a), i, a) for i, a in enumerate(plays)]
        value, _, best = max(scored, key=lambda t: (t[0], -t[1]))
        field1, got = sit.model.arrive(sit.view.field_mask, best.args[0],
                                       best.args[1] if len(best.args) > 1 else -1)
        taken = [c for c in cards_of(got) if c != best.args[0]]
        if taken:
            self.why = (f"I played the {_name(best.args[0])} to take "
                        f"{', '.join('the ' + _name(c) for c in taken)}.")
        else:
            self.why = f"I laid the {_name(best.args[0])}, the card I could best spare."
        return best

    def _best_take(self, sit: Situation, legal: list[Action]) -> Action:
        view = sit.view
        piles = {s: view.captured_masks[s] for s in sit.position}
        best, best_v = legal[0], None
        for a in legal:
            _, got = sit.model.arrive(view.field_mask, view.drawn, a.args[0])
            trial = dict(piles)
            trial[sit.me] |= got
            v = sit.evaluate(view.field_mask & ~got, trial, self.W_YAKU)
            if best_v is None or v > best_v:
                best, best_v = a, v
        self.why = f"I took the {_name(best.args[0])} with the drawn card."
        return best

    # ------------------------------------------------------------------ decisions

    def _threatened(self, sit: Situation) -> bool:
        """Is an opponent one available card away from a yaku?"""
        view = sit.view
        taken = 0
        for s in sit.position:
            taken |= view.captured_masks[s]
        for s in sit.opps:
            pile = view.captured_masks[s]
            for _, mask, _value in sit.model.sets(sit.position[s]):
                missing = mask & ~pile
                if missing.bit_count() == 1 and not (missing & taken):
                    return True
        return False

    def _sage_or_shoubu(self, sit: Situation, legal: list[Action]) -> Action:
        shoubu = next(a for a in legal if a.verb == SHOUBU)
        sage = next((a for a in legal if a.verb == SAGE), None)
        view = sit.view
        turns_left = view.hand_counts[sit.me]
        if sage is None or not self.careful:
            self.why = "I called shoubu to collect my yaku now."
            return shoubu
        pile = view.captured_masks[sit.me]
        v = sit.model.rs.dek_value(pile)
        near = 0
        for _, mask, _value in sit.model.sets(sit.position[sit.me]):
            missing = mask & ~pile
            if missing and missing.bit_count() <= 1 and missing & sit.unseen:
                near += 1
        if (turns_left >= 4 and near and not self._threatened(sit)
                and v < 10 * sit.model.unit):
            self.why = "I called sage: another yaku was one card away and nobody threatened."
            return sage
        self.why = "I called shoubu to collect my yaku before anyone else could score."
        return shoubu


class CasualAgent(RulesAgent):
    """Beginner: the rule-based player, but a share of its plays are careless (random)."""

    id = "casual"
    CARELESS = 0.35
    WINDOW_LEVEL = "beginner"

    def choose(self, view: PlayerView) -> Action:
        plays = [a for a in view.legal if a.verb == PLAY]
        if len(plays) > 1 and self.rng.below(100) < self.CARELESS * 100:
            self.why = "I played without thinking much."
            return self.rng.choice(plays)
        return super().choose(view)


class GreedyAgent(RulesAgent):
    """Beginner: takes the most points it can right now and never plans ahead."""

    id = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, careful=False)
