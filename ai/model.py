"""What a computer player may work out from its view: captures, yaku, unseen cards, values.

Everything here starts from a PlayerView (never the true state). ``Model`` caches what is
fixed for a ruleset; ``Situation`` is one decision's numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from game.engine import rulesets
from game.engine.cards import CHAFF_EQUIV, cards_of
from game.engine.rollout import SetValues
from game.engine.view import PlayerView
from game.engine.vocab import Reason


@dataclass
class Model:
    """Rules facts for one ruleset, in the AI's own terms."""

    rs: rulesets.Ruleset
    rel: tuple[int, ...]  # field cards each card may capture
    values: tuple[int, ...]
    unit: int  # mon per kan (scale for yaku and risk)
    sets_by_pos: tuple  # per position: ((id, mask, value), ...)
    chaff_rule: bool  # Sixteen Chaff exists (Hachi-Hachi family)

    def sets(self, position: int) -> tuple:
        return self.sets_by_pos[min(position, len(self.sets_by_pos) - 1)]

    def points(self, mask: int) -> int:
        return self.rs.points(mask)

    def arrive(self, field: int, card: int, target: int = -1) -> tuple[int, int]:
        """(new field, captured) when ``card`` arrives (the engine's capture rule); with a
        choice and no ``target``, the most valuable candidate."""
        if target < 0:
            pick = self.rs.capture_choices(field, card)
            if pick:
                target = max(cards_of(pick), key=lambda t: self.values[t])
        return self.rs.arrive(field, card, target)


@lru_cache(maxsize=64)
def _model(name: str, options: tuple) -> Model:
    rs = rulesets.get(name, **dict(options))
    # mon per kan scales yaku and risk; the Nintendo preset counts in points (a kan of 1),
    # where its yaku of 35 to 75 play best against a scale of 10
    unit = 10 if rs.name == "hachihachi-nintendo" else rs.kan
    sets = tuple(rs.yaku_sets(p) for p in range(3))
    if not rs.counts_card_points:
        # Koi-Koi: only yaku score, and its cards' worths (bright 20 ... chaff 1) guide the
        # rollouts; a yaku point weighs as ten of those, so a set in reach outweighs a bright
        sets = tuple(tuple((k, m, v * 10) for k, m, v in by_pos) for by_pos in sets)
    chaff_rule = any(e.id == Reason.SUJUROKU for e in rs.catalogue())
    return Model(rs, rs.capture_rel, rs.values, unit, sets, chaff_rule)


def model_of(view: PlayerView) -> Model:
    return _model(view.ruleset, tuple(sorted(view.options.items())))


@dataclass
class Situation:
    """The numbers of one view that every heuristic needs."""

    view: PlayerView
    model: Model
    me: int
    opps: list[int]
    position: dict[int, int]
    unseen: int  # cards whose place this seat does not know (other hands + pile)
    known_in_hand: dict[int, int]  # revealed teyaku cards still in each opponent's hand

    @classmethod
    def of(cls, view: PlayerView) -> Situation:
        model = model_of(view)
        active = list(view.active) or [s for s in range(view.seats)]
        me = view.seat
        opps = [s for s in active if s != me]
        unseen = view.unseen_mask(model.rs.deck_mask)
        known = {}
        for s in opps:
            c = view.claims.get(s)
            known[s] = (c.mask & unseen) if c else 0
        return cls(view, model, me, opps, {s: i for i, s in enumerate(active)}, unseen, known)

    @property
    def draw_candidates(self) -> int:
        """Cards that may be the next draw: unseen and not known to be in a hand."""
        m = self.unseen
        for k in self.known_in_hand.values():
            m &= ~k
        return m

    # ------------------------------------------------------------------ evaluation

    def yaku_progress(self, seat: int, pile: int, others: int) -> float:
        """Expected-value-like credit for partial yaku in ``pile`` that ``others`` (cards
        captured by the other players) have not broken."""
        total = 0.0
        for _, mask, value in self.model.sets(self.position.get(seat, 0)):
            if others & mask:
                continue
            have = (pile & mask).bit_count()
            if have:
                n = mask.bit_count()
                total += value * (have / n) ** 2
        return total

    def evaluate(self, field: int, piles: dict[int, int], w_yaku: float = 0.3) -> float:
        """Heuristic worth of a position for this seat, in mon at the round's multiplier:
        the card-point lead over the opponents, plus ``w_yaku`` times partial yaku (own
        minus the opponents', so taking a card an opponent needs counts as denial)."""
        m = self.view.multiplier
        model = self.model
        mine = piles[self.me]
        others_all = 0
        for s in self.opps:
            others_all |= piles[s]
        pts_me = model.points(mine)
        pts_opp = sum(model.points(piles[s]) for s in self.opps) / max(1, len(self.opps))
        score = float(pts_me - pts_opp)
        if w_yaku:
            score += w_yaku * self.yaku_progress(self.me, mine, others_all)
            for s in self.opps:
                score -= w_yaku * self.yaku_progress(s, piles[s],
                                                     mine | (others_all & ~piles[s]))
        if model.chaff_rule:
            ch = (mine & CHAFF_EQUIV).bit_count()
            if ch >= 12:
                score += (ch - 11) * model.unit * 0.5
        return score * m


def set_values(sit: Situation, w_yaku: float) -> SetValues:
    """``rollout_weights`` that follow the piles as the sets form within the rollout
    (``rollout.SetValues``): each active seat's sets, by its position, on the card points."""
    model = sit.model
    entries = tuple((s, mask, value) for s, pos in sit.position.items()
                    for _, mask, value in model.sets(pos))
    return SetValues(model.values, w_yaku, entries)


def rollout_weights(sit: Situation, w_yaku: float) -> tuple[int, ...]:
    """48 card values for a greedy rollout (``State.playout(weights=...)``) that judges cards
    a little like the rule-based player: card points, plus ``w_yaku`` times what a card adds
    to a yaku still open to some seat (the marginal step of ``yaku_progress``'s credit,
    the largest over the seats, so taking it counts both as building and as denial)."""
    model, view = sit.model, sit.view
    piles = {s: view.captured_masks[s] for s in sit.position}
    taken = 0
    for p in piles.values():
        taken |= p
    bonus = [0.0] * 48
    if w_yaku:
        for s, pile in piles.items():
            others = taken & ~pile
            for _, mask, value in model.sets(sit.position[s]):
                if others & mask:
                    continue
                have = (pile & mask).bit_count()
                n = mask.bit_count()
                step = value * ((have + 1) ** 2 - have ** 2) / (n * n)
                for c in cards_of(mask & ~taken):
                    if step > bonus[c]:
                        bonus[c] = step
    vals = model.values
    return tuple(vals[c] + round(w_yaku * bonus[c]) for c in range(48))
