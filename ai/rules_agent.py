"""Rule-based players: ``greedy`` (a baseline), ``casual`` (Beginner), ``rules`` (Intermediate).

``rules`` is a one-ply player: it scores each play by the position right after it, minus what
the next two opponents are likely to take from the field it leaves (``field_risk``). A
position is worth this seat's card points plus the capture combinations (the engine's
catalogue, ai/sets.py) at what they pay: a set it made its value from every opponent, a set
an opponent made that value to that opponent, a partial set a share of it (``set_worth``).
The cards of its sets still in its hand count, and so do missing cards a hand card can
capture; the cards in its hand block the opponents' sets. The risk of a field card counts
the opponent's capturing card too, and the sets of this seat a capture would break. So it
keeps its sets, takes the card an opponent's set needs, and does not lay the card that
completes one. It decides sage / shoubu / cancel by threshold rules; the windows before play
(join/drop, mizuten, hand swap) are answered by ``ai.windows`` at the agent's
``WINDOW_LEVEL``. ``casual`` plays a share of its cards at random; ``greedy`` only looks at
what the played card takes right now. Each explains its last choice in one sentence that
names the cards (ai/words.py).
"""

from __future__ import annotations

from dataclasses import dataclass

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
from game.engine.cards import CHAFF_EQUIV, cards_of
from game.engine.rng import Rng
from game.engine.view import PlayerView

from . import koikoi, windows
from .model import Model, Situation
from .sets import CardSet, Effects, card_sets, effects, missing
from .words import (
    capture_sentence,
    card_name,
    forced_sentence,
    koikoi_sentence,
    play_head,
    take_head,
    the,
    who,
    yaku_name,
)


def _name(card: int) -> str:
    """A card's English name, for the searching players' sentences."""
    return card_name(card)


@dataclass
class _Table:
    """One decision's fixed facts: each active seat's card sets, the opponents' count."""

    sets: dict[int, tuple[CardSet, ...]]
    n_opp: int

    @classmethod
    def of(cls, sit: Situation) -> _Table:
        view = sit.view
        sets = {s: card_sets(view.ruleset, view.options, p) for s, p in sit.position.items()}
        return cls(sets, max(1, len(sit.opps)))


def set_worth(sets: tuple[CardSet, ...], pile: int, others: int, w_part: float,
              hand: int = 0, w_hand: float = 0.0, keys: int = 0, w_key: float = 0.0) -> float:
    """What a pile's sets are worth to its holder from one opponent (mon at m = 1): a made
    set its value, a partial one still alive (enough of its cards outside ``others``)
    ``w_part`` times its value times the square of its share of cards. Cards of ``hand``
    (the holder's own, which nobody else can take) count ``w_hand`` of a captured card, and
    missing cards in ``keys`` (those a hand card can capture) ``w_key``."""
    total = 0.0
    for s in sets:
        have = (pile & s.cards).bit_count()
        if have >= s.need:
            total += s.value
            continue
        held = (hand & s.cards).bit_count()
        if not have and not held:
            continue
        if (s.cards & ~others).bit_count() >= s.need:
            keyed = (keys & s.cards & ~hand & ~pile).bit_count() if w_key else 0
            share = min(s.need, have + w_hand * held + w_key * keyed) / s.need
            total += w_part * s.value * share * share
    return total


def _got(model: Model, field: int, play: Action) -> int:
    """The cards a hand play captures (the played card among them), 0 for none."""
    return model.arrive(field, play.args[0], play.args[1] if len(play.args) > 1 else -1)[1]


def _keys(rel: tuple[int, ...], hand: int) -> int:
    """The cards some card of ``hand`` can capture."""
    keys = 0
    for c in cards_of(hand):
        keys |= rel[c]
    return keys


def _capture_options(model: Model, field: int, f: int, capturers: int) -> tuple[list[int], int]:
    """What a capture aimed at field card ``f`` may take, asked of the engine's capture rule:
    (the options, each a mask of field cards taken; the field cards weighed with ``f``).

    Both relations pair whole months, so every card of ``capturers`` finds the same field
    cards and the first stands for all. By month, a capture takes the month's cards (the
    opponent picks one of two, ``capture_choices``), weighed once. By month sum a capture
    takes one card (``arrive`` aimed at ``f``), and each field card is weighed as its own
    target, as if the opponent could take each: measured against weighing the candidates
    once as one capture would take them, that kept 1.3 mon more per decision where the two
    part (the review's search, 407 Hachi decisions; tests/ai/test_field_risk.py)."""
    card = (capturers & -capturers).bit_length() - 1
    if model.rs.capture_sum:
        return [model.rs.arrive(field, card, f)[1] & field], 1 << f
    group = field & model.rel[card]
    pick = model.rs.capture_choices(field, card)
    return ([1 << t for t in cards_of(pick)] if pick else [group]), group


def _p_none(in_hand: int, unseen: int, capturers: int) -> float:
    """The chance that a hand of ``in_hand`` cards, dealt from ``unseen`` cards, holds none
    of ``capturers`` of them (drawn without replacement)."""
    p = 1.0
    for i in range(in_hand):
        if unseen - i <= 0:
            break
        p *= max(0.0, (unseen - capturers - i) / (unseen - i))
    return p


class RulesAgent:
    id = "rules"

    # Weights chosen by the mean regret of each play against a searching oracle (every legal
    # move played out over 400 sampled worlds, positions from 300 rounds each of
    # hachihachi-3, hachi and sudaoshi), then checked with the arena against greedy_sets on a
    # development seed (python -m ai.ladder --pair rules:greedy_sets --seed 7).
    W_OWN = 0.5  # a partial set of mine, against its value from every opponent
    W_OPP = 0.5  # an opponent's partial set, against its value to that opponent
    W_HAND = 0.5  # a card of my set still in my hand, against one in my pile
    W_KEY = 0.3  # a missing card of my set that a card in my hand can capture
    W_RISK = 1.0  # what the next opponent is likely to take from the field left
    W_RISK2 = 0.5  # the same for the opponent after that
    W_DENY = 1.0  # in that risk, my own sets an opponent's capture would break
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
            self.why = forced_sentence(view, legal[0])
            return legal[0]
        sit = Situation.of(view)
        if PLAY in verbs:
            if CANCEL in verbs and windows.wants_cancel(self, sit):
                self.why = self._cancel_sentence(sit)
                return next(a for a in legal if a.verb == CANCEL)
            return self._best_play(sit, [a for a in legal if a.verb == PLAY])
        if TAKE in verbs:
            return self._best_take(sit, legal)
        if SHOUBU in verbs:
            return self._sage_or_shoubu(sit, legal)
        if JOIN in verbs or MIZUTEN in verbs or SWAP in verbs:
            return windows.decide(self, view, legal)
        return legal[0]

    # ------------------------------------------------------------------ evaluation

    def evaluate(self, sit: Situation, table: _Table, field: int, piles: dict[int, int],
                 hand: int = 0) -> float:
        """A position's worth for this seat, in mon at the round's multiplier: the card-point
        lead over the opponents, plus its sets (``set_worth``, counting the cards still in
        its ``hand``) from every opponent, minus each opponent's sets (which the cards in
        this seat's hand help to block)."""
        model = sit.model
        mine = piles[sit.me]
        others_all = 0
        for s in sit.opps:
            others_all |= piles[s]
        pts_opp = sum(model.points(piles[s]) for s in sit.opps) / table.n_opp
        score = model.points(mine) - pts_opp
        score += table.n_opp * set_worth(table.sets[sit.me], mine, others_all, self.W_OWN,
                                         hand, self.W_HAND, _keys(model.rel, hand),
                                         self.W_KEY)
        for s in sit.opps:
            score -= set_worth(table.sets[s], piles[s],
                               mine | hand | (others_all & ~piles[s]), self.W_OPP)
        if model.chaff_rule:
            ch = (mine & CHAFF_EQUIV).bit_count()
            if ch >= 12:
                score += (ch - 11) * model.unit * 0.5
        return score * sit.view.multiplier

    # ------------------------------------------------------------------ plays

    def play_value(self, sit: Situation, action: Action, table: _Table | None = None) -> float:
        """How good a play is for this seat (mon at the round's multiplier): the position
        right after the hand card lands, minus what the next opponents may take from the
        field it leaves. The next draw is not averaged over: measured against a searching
        oracle it made the choice worse (it credits this seat with the draws that take back
        what it lays, and opponents are not credited alike)."""
        view, model = sit.view, sit.model
        table = table or _Table.of(sit)
        card = action.args[0]
        target = action.args[1] if len(action.args) > 1 else -1
        field, got = model.arrive(view.field_mask, card, target)
        if not self.careful:
            return model.points(got) - 0.01 * model.values[card]
        hand = view.hand_mask & ~(1 << card)
        piles = {s: view.captured_masks[s] for s in sit.position}
        piles[sit.me] = piles[sit.me] | got
        return (self.evaluate(sit, table, field, piles, hand)
                - self.field_risk(sit, table, field, piles, hand))

    def field_risk(self, sit: Situation, table: _Table, field: int,
                   piles: dict[int, int], hand: int = 0) -> float:
        """What the next opponents may take from this field: for each card on it, what it
        would cost this seat (their gain and its own sets that die) times the chance they
        hold a card that captures it; what one capture takes is the engine's answer
        (``_capture_options``)."""
        if not sit.opps:
            return 0.0
        order = sorted(sit.opps, key=lambda s: (sit.position[s] - sit.position[sit.me])
                       % len(sit.position))
        risk = self._risk_for(sit, table, order[0], field, piles, hand) * self.W_RISK
        if self.W_RISK2 and len(order) > 1:
            risk += self._risk_for(sit, table, order[1], field, piles, hand) * self.W_RISK2
        return risk * sit.view.multiplier

    def _risk_for(self, sit: Situation, table: _Table, opp: int, field: int,
                  piles: dict[int, int], hand: int) -> float:
        view, model = sit.view, sit.model
        h = view.hand_counts[opp]
        unseen_n = sit.unseen.bit_count()
        if not h or not unseen_n:
            return 0.0
        pile, mine = piles[opp], piles[sit.me]
        rest = hand
        others_all = 0
        for s, m in piles.items():
            if s != opp:
                rest |= m
            if s != sit.me:
                others_all |= m
        theirs, my_sets = table.sets[opp], table.sets[sit.me]
        base = set_worth(theirs, pile, rest, self.W_OPP)
        keys = _keys(model.rel, hand)
        my_base = set_worth(my_sets, mine, others_all, self.W_OWN, hand, self.W_HAND, keys,
                            self.W_KEY)
        risk = 0.0
        weighed = 0  # field cards already weighed with their capture group
        for f in cards_of(field):
            if weighed >> f & 1:
                continue
            capturers = sit.unseen & model.rel[f]
            if not capturers:
                continue
            options, group = _capture_options(model, field, f, capturers)
            weighed |= group
            p_any = 1.0 - _p_none(h, unseen_n, capturers.bit_count())
            # the capturing card goes to their pile too: average over the unseen ones
            worth = 0.0
            for c in cards_of(capturers):
                extra = 1 << c
                worth += max(model.points(t | extra)
                             + set_worth(theirs, pile | t | extra, rest, self.W_OPP) - base
                             + self.W_DENY * table.n_opp
                             * (my_base - set_worth(my_sets, mine, others_all | t | extra,
                                                    self.W_OWN, hand, self.W_HAND, keys,
                                                    self.W_KEY))
                             for t in options)
            risk += p_any * worth / capturers.bit_count()
        return risk

    def _best_play(self, sit: Situation, plays: list[Action]) -> Action:
        table = _Table.of(sit)
        scored = [(self.play_value(sit, a, table), i, a) for i, a in enumerate(plays)]
        _, _, best = max(scored, key=lambda t: (t[0], -t[1]))
        model, field = sit.model, sit.view.field_mask
        got = _got(model, field, best)
        if not got:
            self.why = self._lay_sentence(sit, best.args[0])
            return best
        most = max(model.points(_got(model, field, a)) for a in plays)
        plain = ("the most points on offer" if model.points(got) >= most
                 else "leaving the next player less to take")
        self.why = self._capture_sentence(sit, table, got, play_head(best.args[0], got), plain)
        return best

    def _best_take(self, sit: Situation, legal: list[Action]) -> Action:
        view = sit.view
        table = _Table.of(sit)
        piles = {s: view.captured_masks[s] for s in sit.position}
        best, best_v, best_got = legal[0], None, 0
        for a in legal:
            field, got = sit.model.arrive(view.field_mask, view.drawn, a.args[0])
            trial = dict(piles)
            trial[sit.me] |= got
            v = self.evaluate(sit, table, field, trial, view.hand_mask)
            if self.careful:
                v -= self.field_risk(sit, table, field, trial, view.hand_mask)
            if best_v is None or v > best_v:
                best, best_v, best_got = a, v, got
        self.why = self._capture_sentence(sit, table, best_got,
                                          take_head(view.drawn, best.args[0]))
        return best

    # ------------------------------------------------------------------ words

    def _capture_sentence(self, sit: Situation, table: _Table, got: int, head: str,
                          plain: str = "the most points on offer") -> str:
        if not self.careful:  # greedy: points were all it weighed
            return capture_sentence(head, Effects(), None, plain)
        view = sit.view
        piles = view.captured_masks
        others = 0
        for s in sit.opps:
            others |= piles[s]
        rivals = {}
        for s in sit.opps:
            rest = 0
            for t in sit.position:
                if t != s:
                    rest |= piles[t]
            rivals[s] = (table.sets[s], piles[s], rest)
        eff = effects(table.sets[sit.me], piles[sit.me], others, got, rivals)
        return capture_sentence(head, eff, lambda seat: who(seat, sit.me, view.active), plain)

    def describe(self, sit: Situation, action: Action, plain: str) -> str:
        """What a play or a take does, in one sentence (issue 30, item 5): the cards it
        takes and the set that mattered, or what a laid card keeps; ``plain`` is the reason
        when no set is at stake (a searching player says how it judged). "" for another
        verb."""
        view, model = sit.view, sit.model
        if action.verb == PLAY:
            got = _got(model, view.field_mask, action)
            if not got:
                return self._lay_sentence(sit, action.args[0])
            return self._capture_sentence(sit, _Table.of(sit), got,
                                          play_head(action.args[0], got), plain)
        if action.verb == TAKE and view.drawn >= 0:
            _field, got = model.arrive(view.field_mask, view.drawn, action.args[0])
            return self._capture_sentence(sit, _Table.of(sit), got,
                                          take_head(view.drawn, action.args[0]), plain)
        return ""

    def _lay_sentence(self, sit: Situation, card: int) -> str:
        """Why a card that captures nothing was laid: what it keeps out of reach."""
        view = sit.view
        kept = [c for c in cards_of(view.hand_mask & ~(1 << card))
                if view.field_mask & sit.model.rel[c]]
        if kept:
            best = max(kept, key=lambda c: sit.model.points(view.field_mask & sit.model.rel[c]))
            target = max(cards_of(view.field_mask & sit.model.rel[best]),
                         key=lambda c: sit.model.values[c])
            return (f"I laid {the(card)} and kept {the(best)} for {the(target)} on the "
                    f"field.")
        return f"I laid {the(card)}: of my cards it gives the next player the least."

    def _cancel_sentence(self, sit: Situation) -> str:
        threat = self._threat(sit)
        if threat:
            seat, set_id = threat
            return (f"I cancelled my sage: {who(seat, sit.me, sit.view.active)} was one card "
                    f"from the {yaku_name(set_id)}.")
        return "I cancelled my sage before an opponent could score."

    # ------------------------------------------------------------------ decisions

    def _threat(self, sit: Situation) -> tuple[int, str] | None:
        """An opponent one available card away from a set: (seat, set id), or None."""
        view = sit.view
        taken = 0
        for s in sit.position:
            taken |= view.captured_masks[s]
        for s in sit.opps:
            pile = view.captured_masks[s]
            for cs in card_sets(view.ruleset, view.options, sit.position[s]):
                if missing(cs, pile) == 1 and (cs.cards & ~taken):
                    return s, cs.id
        return None

    def _threatened(self, sit: Situation) -> bool:
        """Is an opponent one available card away from a set?"""
        return self._threat(sit) is not None

    def _sage_or_shoubu(self, sit: Situation, legal: list[Action]) -> Action:
        shoubu = next(a for a in legal if a.verb == SHOUBU)
        sage = next((a for a in legal if a.verb == SAGE), None)
        view = sit.view
        pile = view.captured_masks[sit.me]
        rs = sit.model.rs
        ctx = rs.view_context(view)  # Koi-Koi's month and weather
        made = rs.yaku_now(pile, sit.position[sit.me], ctx)
        names = " and ".join(yaku_name(y) for y in made) or "sets"
        turns_left = view.hand_counts[sit.me]
        if sage is None or not self.careful:
            self.why = f"I called shoubu to collect my {names} now."
            return shoubu
        if koikoi.is_koikoi(view):
            return self._koikoi_or_stop(sit, sage, shoubu)
        v = rs.dek_value(pile, ctx)
        near = None
        for cs in card_sets(view.ruleset, view.options, sit.position[sit.me]):
            if missing(cs, pile) == 1 and cs.cards & ~pile & sit.unseen:
                near = cs
                break
        if (turns_left >= 4 and near and not self._threatened(sit)
                and v < 10 * sit.model.unit):
            card = next(c for c in cards_of(near.cards & ~pile & sit.unseen))
            self.why = (f"I called sage: {the(card)} would add the {yaku_name(near.id)} and "
                        f"nobody threatened a set.")
            return sage
        self.why = f"I called shoubu to collect my {names} before anyone else could score."
        return shoubu


    def _koikoi_or_stop(self, sit: Situation, sage: Action, shoubu: Action) -> Action:
        """Koi-Koi: what a stop pays now against the chances of a raise and of the
        opponent's yaku first (ai/koikoi.py), said in one sentence."""
        j = koikoi.weigh(sit.view, sit)
        self.why = koikoi_sentence(j, sit.me, sit.view.active)
        return sage if j.call else shoubu


class CasualAgent(RulesAgent):
    """Beginner: the rule-based player, but a share of its plays are careless (random)."""

    id = "casual"
    CARELESS = 0.35
    WINDOW_LEVEL = "beginner"

    def choose(self, view: PlayerView) -> Action:
        plays = [a for a in view.legal if a.verb == PLAY]
        if len(plays) > 1 and self.rng.below(100) < self.CARELESS * 100:
            card = self.rng.choice(plays)
            self.why = f"I played {the(card.args[0])} without thinking much."
            return card
        return super().choose(view)


class GreedyAgent(RulesAgent):
    """A baseline: takes the most points it can right now and never plans ahead."""

    id = "greedy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, careful=False)
