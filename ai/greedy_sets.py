"""``greedy_sets``: a one-step greedy baseline that also plays for capture combinations.

Modelled on the kind of independent bot issue 30 measured our levels against: for each legal
play (a hand card and its target, then the drawn card's target) it takes the move whose
captures are worth the most now, card points plus a bonus for the progress they make towards
a capture combination (``sets.credit`` over the engine's catalogue, times ``W_SET``). No
search, no look at what the move leaves on the field, no denial. Its decisions are simple
rules: it calls shoubu as soon as it makes a combination, always joins, and answers the
other windows before play (mizuten, hand swap) as ``ai.windows`` does at the beginner level
(never mizuten, never swap). A baseline for the arena and the ladder, not a level.
"""

from __future__ import annotations

from game.engine.actions import CANCEL, JOIN, MIZUTEN, PLAY, SAGE, SHOUBU, SWAP, TAKE, Action
from game.engine.rng import Rng
from game.engine.view import PlayerView

from . import windows
from .model import model_of
from .sets import CardSet, card_sets, credit, effects
from .words import capture_sentence, forced_sentence, play_head, take_head, the, yaku_name


class GreedySetsAgent:
    id = "greedy_sets"
    W_SET = 0.5  # mon of credit per mon of a combination's progress (sets.credit)
    WINDOW_LEVEL = "beginner"  # mizuten and hand swap as ai.windows' beginner answers them
    careful = False  # never cancels a sage (it never calls one either)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)  # only ai.windows may draw from it; the plays are deterministic
        self.why = ""

    def explain(self) -> str:
        return self.why

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action")
        verbs = {a.verb for a in legal}
        if len(legal) == 1:
            self.why = forced_sentence(view, legal[0])
            return legal[0]
        if PLAY in verbs or TAKE in verbs:
            return self._capture(view, [a for a in legal if a.verb in (PLAY, TAKE)])
        if SHOUBU in verbs:
            rs = model_of(view).rs
            made = rs.yaku_now(view.captured_masks[view.seat], self._position(view),
                               rs.view_context(view))
            names = " and ".join(yaku_name(y) for y in made) or "combination"
            self.why = f"I called shoubu to collect my {names} at once."
            return next(a for a in legal if a.verb == SHOUBU)
        if JOIN in verbs:
            self.why = "I joined: I always play."
            return next(a for a in legal if a.verb == JOIN)
        if MIZUTEN in verbs or SWAP in verbs:
            return windows.decide(self, view, legal)  # type: ignore[arg-type]
        if CANCEL in verbs or SAGE in verbs:  # not reached: it never calls sage
            return next(a for a in legal if a.verb not in (CANCEL, SAGE))
        return legal[0]

    # ------------------------------------------------------------------ plays

    @staticmethod
    def _position(view: PlayerView) -> int:
        return view.positions[view.seat] if view.positions else 0

    def gain(self, view: PlayerView, sets: tuple[CardSet, ...], got: int) -> float:
        """What capturing ``got`` is worth now: its card points plus ``W_SET`` times the
        progress it makes towards this seat's combinations."""
        model = model_of(view)
        pile = view.captured_masks[view.seat]
        others = 0
        for s, m in enumerate(view.captured_masks):
            if s != view.seat:
                others |= m
        return model.points(got) + self.W_SET * (credit(sets, pile | got, others)
                                                 - credit(sets, pile, others))

    def _capture(self, view: PlayerView, moves: list[Action]) -> Action:
        model = model_of(view)
        sets = card_sets(view.ruleset, view.options, self._position(view))
        best, best_v, best_got = moves[0], None, 0
        for a in moves:
            if a.verb == TAKE:
                _, got = model.arrive(view.field_mask, view.drawn, a.args[0])
            else:
                _, got = model.arrive(view.field_mask, a.args[0],
                                      a.args[1] if len(a.args) > 1 else -1)
            if got:
                v = self.gain(view, sets, got)
            else:  # nothing taken: lay the card it would least like to capture itself
                v = -0.01 * self.gain(view, sets, 1 << a.args[0])
            if best_v is None or v > best_v:
                best, best_v, best_got = a, v, got
        self.why = self._sentence(view, sets, best, best_got)
        return best

    def _sentence(self, view: PlayerView, sets: tuple[CardSet, ...], a: Action,
                  got: int) -> str:
        if a.verb == TAKE:
            head = take_head(view.drawn, a.args[0])
        elif not got:
            return f"I laid {the(a.args[0])}, the card I needed least."
        else:
            head = play_head(a.args[0], got)
        pile = view.captured_masks[view.seat]
        others = 0
        for s, m in enumerate(view.captured_masks):
            if s != view.seat:
                others |= m
        return capture_sentence(head, effects(sets, pile, others, got, {}))
