"""The game state machine: rounds, the windows before play, drop-out, turns and settlement.

One ``State`` holds a whole game (dealer, carry, totals, history) and the round in progress.
It is driven by ``apply(action)``, which returns events; chance comes in as actions too
(``start_round(deck)``, ``* blank S``, ``* deck ...``), so a record replays without a
generator. Rulesets configure the mechanics through attributes and hooks (see
``rulesets/base.py``); this module holds what every ruleset shares. Around it: ``phases.py``
(the phases), ``deal.py`` (the deck check and the deal), ``rollout.py`` (``playout``) and
``actions.py`` (the interned actions); the fast paths are registered in FASTPATHS.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import add
from typing import TYPE_CHECKING, Any

from . import rollout
from .actions import (
    BLANK,
    CANCEL,
    CHANCE,
    DECK,
    DROP,
    JOIN,
    MIZUTEN,
    MIZUTEN_OFFER,
    PASS,
    PLAY,
    PLAY1,
    SAGE,
    SHOUBU,
    SWAP,
    Action,
    chunk_plays,
    play2,
    take_action,
    verb_action,
)
from .capture import choices
from .cards import (
    CARD_IDS,
    CARD_MONTH_MASK,
    cards_of,
    names_of,
)
from .deal import deal
from .deal import start_round as _start_round
from .errors import IllegalAction
from .events import Event
from .kernel import ckernel
from .ledger import POT, Basis, Payment, RoundResult
from .phases import (
    BLANK_PH,
    DEAL,
    DECIDE,
    DROPOUT,
    MIZUTEN_PH,
    OVER,
    PHASE_NAMES,
    PLAY_PH,
    RESHUFFLE,
    SWAP_PH,
    TAKE_PH,
)
from .rollout import GREEDY, RANDOM
from .teyaku import GATE_TABLES, month_counts
from .vocab import EventKind

if TYPE_CHECKING:
    from .rng import Rng
    from .rulesets.base import Claim, Ruleset
    from .view import PlayerView

__all__ = ["BLANK_PH", "DEAL", "DECIDE", "DROPOUT", "GREEDY", "KERNEL_SLOTS", "MIZUTEN_PH",
           "OVER", "PHASE_NAMES", "PLAY_PH", "RANDOM", "RESHUFFLE", "SWAP_PH", "TAKE_PH",
           "State"]

_new_tuple = tuple.__new__


# The State slots the compiled kernel reads and writes by name (game/engine/_ckernel.c, in
# this order): handed to the extension by ``setup``, and checked against ``__slots__`` when
# this module loads, so a renamed slot fails at import, not in the middle of a rollout.
KERNEL_SLOTS = ("hands", "captured", "pile", "actions", "_turns", "vcache", "_last_turn",
                "_vfn", "_yaku_cards", "sagers", "_rel", "_sum", "field", "pile_pos",
                "turn_i", "turn_caps", "phase", "to_move")


class State:
    """A whole game. ``clone()`` is shallow and cheap, for search."""

    __slots__ = (
        # game
        "rs", "n", "dealer", "carry", "totals", "rounds_played", "results", "history",
        "game_data", "events_on", "_ev",
        # round
        "phase", "deck", "blank", "hands", "field", "pile", "pile_pos", "captured", "m",
        "carry_before", "participants", "swap_queue", "holder", "mizuten", "order", "order_i",
        "active", "drops", "forced", "acting", "claims", "turn_i", "to_move", "drawn",
        "vcache", "sagers", "sage_order", "ending", "caller", "winner", "payments", "pot",
        "watch", "liable", "turn_caps", "actions", "hidden_hands", "mizuten_asked",
        "first_dealer", "net",
        # where this round's play began: the field then, and the index of its first action
        # (the view's public history replays the turns from there: game/engine/history.py)
        "play_field", "play_at",
        # per-round caches for the hot path
        "_rel", "_last_turn", "_sum", "_watching", "_vfn", "_yaku_cards", "_turns",
    )

    def __init__(self, rs: Ruleset, seats: int, first_dealer: int = 0, *,
                 events: bool = True) -> None:
        if not isinstance(seats, int) or not rs.min_seats <= seats <= rs.max_seats:
            raise ValueError(f"ruleset {rs.name!r} is played with {rs.min_seats} to "
                             f"{rs.max_seats} seats, not {seats!r}")
        if not isinstance(first_dealer, int) or not 0 <= first_dealer < seats:
            raise ValueError(f"first dealer must be a seat from 0 to {seats - 1}, "
                             f"not {first_dealer!r}")
        self.rs = rs
        self.n = seats
        self.dealer = first_dealer
        self.first_dealer = first_dealer
        self.carry = rs.initial_carry()
        self.totals = [0] * seats
        self.rounds_played = 0
        self.results: list[RoundResult] = []
        self.history: list[tuple[tuple[int, ...], list[Action]]] = []
        self.game_data = rs.new_game_data(seats)
        self.events_on = events
        self._ev: list[Event] | None = None
        self._rel = rs.capture_rel
        self._sum = rs.capture_sum
        self._watching = rs.watch_liability
        # V(pile), for the sage/shoubu trigger after every turn; None when nothing triggers.
        # A ruleset whose yaku read the round (Koi-Koi's month, its weather) is asked through
        # this state, which knows the round and the field (``_level_here``).
        self._vfn = (self._level_here if rs.yaku_context else rs.dek_value_fn()) \
            if rs.decision else None
        self._yaku_cards = rs.yaku_cards
        self._last_turn = 0
        self._turns: tuple[int, ...] = ()
        self.phase = DEAL
        self.to_move = CHANCE
        self._reset_round(())

    # ------------------------------------------------------------------ basics

    def _reset_round(self, deck: tuple[int, ...]) -> None:
        n = self.n
        self.deck = deck
        self.blank = -1
        self.hands = [0] * n
        self.field = 0
        self.pile: list[int] = []
        self.pile_pos = 0
        self.captured = [0] * n
        self.m = 1
        self.carry_before = self.carry
        self.participants: list[int] = []
        self.swap_queue: list[int] = []
        self.holder = self.dealer
        self.mizuten = False
        self.order: list[int] = []
        self.order_i = 0
        self.active: list[int] = []
        self.drops = 0
        self.forced: list[int] = []
        self.acting = self.dealer
        self.claims: dict[int, Claim] = {}
        self.turn_i = 0
        self.drawn = -1
        self.vcache = [0] * n
        self.sagers = 0  # bit mask of seats that called sage
        self.sage_order: list[int] = []
        self.ending: str | None = None
        self.caller = -1
        self.winner: int | None = None
        self.payments: list[Payment] = []
        self.net = [0] * n  # per seat, kept as payments are made
        self.pot = 0
        self.watch: list[tuple] = []
        self.liable: dict[tuple, int] = {}
        self.turn_caps: list[int] = []
        self.actions: list[Action] = []
        self.hidden_hands = True
        self.mizuten_asked = False
        self.play_field = 0
        self.play_at = -1  # play has not begun

    def clone(self) -> State:
        """A copy for search: lists copied, immutable values shared (a few microseconds).

        Written out slot by slot for speed (a test checks that no slot is missed).
        ``pile`` is shared because it is never mutated in place (a reshuffle replaces it);
        ``history`` is copied shallowly, so a clone never appends to the original's.
        """
        new = State.__new__(State)
        new.rs = self.rs
        new.n = self.n
        new.dealer = self.dealer
        new.carry = self.carry
        new.totals = self.totals[:]
        new.rounds_played = self.rounds_played
        new.results = self.results[:]
        new.history = self.history[:]
        new.game_data = self.rs.copy_game_data(self.game_data)
        new.events_on = self.events_on
        new._ev = None
        new.phase = self.phase
        new.deck = self.deck
        new.blank = self.blank
        new.hands = self.hands[:]
        new.field = self.field
        new.pile = self.pile
        new.pile_pos = self.pile_pos
        new.captured = self.captured[:]
        new.m = self.m
        new.carry_before = self.carry_before
        new.participants = self.participants[:]
        new.swap_queue = self.swap_queue[:]
        new.holder = self.holder
        new.mizuten = self.mizuten
        new.order = self.order[:]
        new.order_i = self.order_i
        new.active = self.active[:]
        new.drops = self.drops
        new.forced = self.forced[:]
        new.acting = self.acting
        new.claims = dict(self.claims)
        new.turn_i = self.turn_i
        new.to_move = self.to_move
        new.drawn = self.drawn
        new.vcache = self.vcache[:]
        new.sagers = self.sagers
        new.sage_order = self.sage_order[:]
        new.ending = self.ending
        new.caller = self.caller
        new.winner = self.winner
        new.payments = self.payments[:]
        new.pot = self.pot
        new.watch = self.watch[:]
        new.liable = dict(self.liable)
        new.turn_caps = self.turn_caps[:]
        new.actions = self.actions[:]
        new.hidden_hands = self.hidden_hands
        new.mizuten_asked = self.mizuten_asked
        new.first_dealer = self.first_dealer
        new.net = self.net[:]
        new.play_field = self.play_field
        new.play_at = self.play_at
        new._rel = self._rel
        new._last_turn = self._last_turn
        new._sum = self._sum
        new._watching = self._watching
        new._vfn = new._level_here if self.rs.yaku_context and self._vfn is not None \
            else self._vfn
        new._yaku_cards = self._yaku_cards
        new._turns = self._turns
        if self.history and self.history[-1][1] is self.actions:
            new.history[-1] = (self.deck, new.actions)
        return new

    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def round_over(self) -> bool:
        """True between rounds: the round has ended (or none has been dealt yet) and the next
        action is the chance action of a deal (``start_round``), or the game is over."""
        return self.phase == DEAL or self.phase == OVER

    def round_returns(self) -> tuple[int, ...]:
        """Each seat's net (mon) for the round just played, or so far in the round in
        progress (fees, claims paid at the claim); zeros before the first deal."""
        return tuple(self.net)

    # ------------------------------------------------------------------ positions

    @classmethod
    def from_position(cls, rs: Ruleset, seats: int, **position: Any) -> State:
        """A round in play from given cards: the only way besides a real game to make a
        position (worked examples, tests, scenarios).

        Keyword arguments (see ``positions.from_position`` for every one): ``hands``,
        ``field``, ``pile`` (top first) and ``to_move`` are required; ``dealer``, ``active``,
        ``captured``, ``multiplier``, ``claims``, ``sage_order``, ``mizuten``, ``holder``,
        ``phase`` ("play", "take" with ``drawn`` waiting for a target, or "decide"),
        ``payments``, ``blank``, ``game`` (continue that game as its next round) and
        ``events`` are optional. Cards are a mask, ``"id id ..."`` or a list of ids. The turn
        follows from the hand sizes (7 turns per active player). Everything is checked: a
        position that cannot happen raises ``PositionError``, a ValueError.
        """
        from .positions import from_position

        return from_position(rs, seats, **position)

    @classmethod
    def resample(cls, view: PlayerView, rng: Rng, *, next_draw: int | None = None) -> State:
        """A full State consistent with one seat's view (OpenSpiel's
        ``resample_from_infostate``), in play or in the mizuten and drop-out windows: the
        cards that seat cannot see dealt at random from ``rng``. See ``positions.resample``."""
        from .positions import resample

        return resample(view, rng, next_draw=next_draw)

    def settle_now(self, ending: str | None = None, caller: int = -1) -> RoundResult:
        """Settle the round as it stands (a worked example's end): ``ending`` None for a
        round played out, or "shoubu" / "cancel" called by ``caller``. Returns the result;
        events of the settlement are not reported."""
        if self.phase not in (PLAY_PH, TAKE_PH, DECIDE):
            raise IllegalAction(f"no round in play to settle (phase {PHASE_NAMES[self.phase]})")
        if ending is not None:
            if ending not in (SHOUBU, CANCEL):
                raise ValueError(f"a round is settled by shoubu or cancel, not {ending!r}")
            if caller not in self.active:
                raise ValueError(f"{ending} must be called by an active seat, not {caller!r}")
        elif caller != -1:
            raise ValueError("a caller needs an ending (shoubu or cancel)")
        self.drawn = -1
        self._settle(ending, caller)
        return self.results[-1]

    def is_chance(self) -> bool:
        return self.phase in (DEAL, BLANK_PH, RESHUFFLE)

    def view(self, seat: int):  # noqa: ANN201 - returns view.PlayerView
        """What ``seat`` may know; the UI and the AIs read only this."""
        from .view import make_view

        return make_view(self, seat)

    def public_view(self):  # noqa: ANN201 - returns view.PlayerView
        """What everyone at the table may know (no hand, no legal action: seat -1): what a
        screen several players read shows while no hand is face up on it."""
        from .view import public_view

        return public_view(self)

    def emit(self, kind: str, seat: int = -1, **data: object) -> None:
        """Report an event (rulesets call this for the events of their own rules); its kind
        must be in the engine's vocabulary (vocab.EventKind). Nothing happens when events
        are off; callers that build costly data first check ``reporting``."""
        if self._ev is not None:
            self._ev.append(Event(EventKind(kind), seat, data))

    @property
    def reporting(self) -> bool:
        """Whether ``emit`` records events now (``apply`` with events on)."""
        return self._ev is not None

    def pay(self, frm: int, to: int, amount: int, reason: str,
            basis: Basis | None = None) -> None:
        """Record one transfer (amount in mon, already multiplied); zero amounts are dropped.
        ``basis`` (the formula): callers build it only when events are on (rollouts skip it);
        a copied ledger (positions.py) keeps the one it has."""
        if amount <= 0 or frm == to:
            return
        # tuple.__new__ directly: Payment(...) would run NamedTuple's Python __new__
        p = _new_tuple(Payment, (frm, to, amount, reason, basis))
        self.payments.append(p)
        if to == POT:
            self.pot += amount
        else:
            self.net[to] += amount
        if frm == POT:
            self.pot -= amount
        else:
            self.net[frm] -= amount
        if self._ev is not None:
            self._ev.append(Event(EventKind.PAYMENT, to, p.as_json()))

    def pay_quiet(self, reason: str, payers: Iterable[int], payee: int, amount: int) -> None:
        """Each seat of ``payers`` pays ``amount`` to the seat ``payee`` (the ledger's usual
        group, 'from each opponent'), recorded as ``pay`` records it with events off
        (settlement in rollouts): no basis, no event, the same payments and net; nothing
        when the amount is not above 0. Seats only (the pot's transfers go through
        ``pay``), each payer other than the payee. The ledger's bookkeeping is written here
        and in ``pay`` only."""
        # fastpath: pay-quiet
        if amount > 0:
            record, net = self.payments.append, self.net
            for frm in payers:
                record(_new_tuple(Payment, (frm, payee, amount, reason, None)))
                net[payee] += amount
                net[frm] -= amount

    # ------------------------------------------------------------------ chance

    # Deal a new round from a deck (top first): the DEAL chance outcome. Written in deal.py;
    # bound here as the method itself (no extra call per round).
    start_round = _start_round

    def _flush(self) -> list[Event]:
        ev = self._ev or []
        self._ev = None
        return ev

    def _next_window(self) -> None:
        """Open the next window before play: swap, mizuten, drop-out, or start play."""
        rs = self.rs
        if self.swap_queue:
            self.phase = SWAP_PH
            self.to_move = self.swap_queue[0]
            return
        if (not self.mizuten_asked and rs.mizuten_min_seats
                and len(self.participants) >= rs.mizuten_min_seats
                and self.blank != self.dealer):
            self.mizuten_asked = True
            self.phase = MIZUTEN_PH
            self.to_move = self.dealer
            return
        self.hidden_hands = False
        if len(self.participants) > rs.active_count:
            self.phase = DROPOUT
            self.order = self.participants[:]
            self.order_i = 0
            self._dropout_next()
        else:
            self.active = self.participants[:]
            self._begin_play()

    # ------------------------------------------------------------------ drop-out

    def must_join(self, seat: int) -> bool:
        if seat == self.dealer and self.mizuten:
            return True
        return self.rs.compulsory and len(self.order) - self.drops == self.rs.active_count

    def _dropout_next(self) -> None:
        target = self.rs.active_count
        if len(self.active) < target and self.order_i < len(self.order):
            self.phase = DROPOUT
            self.to_move = self.order[self.order_i]
            return
        self.forced = self.order[self.order_i:]
        for s in self.forced:
            self.emit("forced_out", s)
        k = len(self.active)
        if k == 0:
            # Nobody willing: misdeal; fees returned, carry restored (hachihachi.md §5.6).
            self.payments.clear()
            self.net = [0] * self.n
            self.pot = 0
            self.carry = self.carry_before
            self.emit("misdeal", self.dealer, reason="nobody willing")
            self._finish("misdeal", None)
            return
        if k == 1:
            self.emit("walkover", self.active[0])
            self._finish("walkover", self.active[0])
            return
        self.acting = self.active[0]
        if self.forced:
            self.rs.pay_compensation(self)
        returned = [s for s in self.participants if s not in self.active]
        for s in returned:
            self.hands[s] = 0
        if returned:
            self.phase = RESHUFFLE
            self.to_move = CHANCE
            return
        self._begin_play()

    def reshuffle_cards(self) -> list[int]:
        """The cards a ``* deck`` action must hold: all not in an active hand or the field."""
        keep = self.field
        for s in self.active:
            keep |= self.hands[s]
        return cards_of(self.rs.deck_mask & ~keep)

    # ------------------------------------------------------------------ play

    def _begin_play(self) -> None:
        rs = self.rs
        self.acting = self.active[0]
        self.phase = PLAY_PH
        hands, shaped = self.hands, rs.claim_shaped
        if shaped is not None:
            # the table's claim with its gate inline (most hands stop here, with no frame)
            # fastpath: claim-gate
            g0, g1, g2, g3 = GATE_TABLES
            for s in self.active:
                h = hands[s]
                v = g0[h & 0xFFF] + g1[h >> 12 & 0xFFF] + g2[h >> 24 & 0xFFF] + g3[h >> 36 & 0xFFF]
                if v >> 24 or v >> 16 == 3 or (v >> 8 & 0xFF) <= 1 or not v & 0xFF:
                    claim = shaped(h)
                    if claim is not None:
                        self._claimed(s, claim)
        else:
            claim_of = rs.claim
            for pos, s in enumerate(self.active):
                claim = claim_of(hands[s], pos)
                if claim is not None:
                    self._claimed(s, claim)
        if rs.teyaku_at_claim:
            rs.pay_teyaku(self)
        if rs.has_before_play:
            rs.before_play(self)
            if self.phase != PLAY_PH:  # the ruleset ended the round before the first turn
                return  # (Koi-Koi: a misdealt field, a hand that wins as dealt)
        captured, vcache = self.captured, self.vcache
        if any(captured):  # piles before play are rare (one C call instead of the loop)
            for s in self.active:
                # an empty pile holds no yaku (vcache was reset to 0 with the round)
                if captured[s]:
                    vcache[s] = self.yaku_level(captured[s])
        self.turn_i = 0
        self.play_field, self.play_at = self.field, len(self.actions)
        hand_size = rs.hand_size
        self._last_turn = hand_size * len(self.active) - 1
        # who plays each turn, precomputed: the hot path then needs no modulo or len()
        self._turns = tuple(self.active) * hand_size
        self.to_move = self.acting
        if self._ev is not None:
            self.emit("turn", self.acting)

    def yaku_ctx(self) -> object | None:
        """What the ruleset's yaku read besides the pile this round (``Ruleset.context_of``:
        the round's month, the field now); None for every ruleset whose yaku read only it."""
        rs = self.rs
        if not rs.yaku_context:
            return None
        # between rounds the piles are the round just played (rounds_played counts it)
        done = self.phase in (DEAL, OVER) and self.rounds_played > 0
        return rs.context_of(self.rounds_played + (0 if done else 1), self.field)

    def _level_here(self, pile: int) -> int:
        """``Ruleset.trigger_level`` of a pile in this round, with the field as it lies now."""
        return self.rs.trigger_level(pile, self.yaku_ctx())

    def yaku_level(self, pile: int) -> int:
        """What the decision's trigger compares (``vcache`` holds each seat's highest)."""
        vfn = self._vfn
        return vfn(pile) if vfn is not None else self.rs.dek_value(pile)

    def yaku_items_of(self, seat: int) -> dict[str, int]:
        """The yaku ``seat``'s pile scores now, read in this round's context."""
        return self.rs.dek_items(self.captured[seat], self.yaku_ctx())

    def _claimed(self, seat: int, claim: Claim) -> None:
        self.claims[seat] = claim
        if self._ev is not None:
            self.emit("teyaku", seat, items=dict(claim.items), cards=names_of(claim.reveal))

    def _arrive(self, seat: int, card: int, target: int) -> None:
        """Resolve a card arriving on the field (common.md §4), target chosen if needed.

        Same month: one or three matches are all taken; with two, ``target`` names the one.
        Month sum: exactly one card is taken (``target`` when there were several).
        """
        matches = self.field & self._rel[card]
        if not matches:
            self.field |= 1 << card
            if self._ev is not None:
                self.emit("placed", seat, card=CARD_IDS[card])
            return
        got = (1 << card) | ((1 << target) if target >= 0 else matches)
        self.field &= ~got
        self.captured[seat] |= got
        self.turn_caps.append(got)
        if self._ev is not None:
            self.emit("captured", seat, card=CARD_IDS[card], cards=names_of(got))

    def needs_choice(self, card: int) -> int:
        """The field cards among which the player must choose for ``card`` (0 if no choice)."""
        return choices(self._rel, self._sum, self.field, card)

    def _play(self, seat: int, card: int, target: int) -> None:
        """A whole turn after the hand card is chosen: hand step, draw step, end of turn.

        The hot path of every move, so both steps are written out with locals: ``_arrive``
        (``capture.arrive``) inline, twice; the drawn card's choice is ``capture.choices``.
        """
        # fastpath: play-inline
        ev = self._ev
        rel = self._rel
        hand = self.hands[seat] & ~(1 << card)
        self.hands[seat] = hand
        field = self.field
        caps: list[int] = []
        self.turn_caps = caps
        gained = 0
        if ev is not None:
            self.emit("played", seat, card=CARD_IDS[card])
        matches = field & rel[card]
        if matches:
            got = (1 << card) | ((1 << target) if target >= 0 else matches)
            field &= ~got
            gained = got
            caps.append(got)
            if ev is not None:
                self.emit("captured", seat, card=CARD_IDS[card], cards=names_of(got))
        else:
            field |= 1 << card
            if ev is not None:
                self.emit("placed", seat, card=CARD_IDS[card])
            if hand and self._watching:
                self.field = field
                self.rs.watch_play(self, seat, card)
        pos = self.pile_pos
        if pos < len(self.pile):
            drawn = self.pile[pos]
            self.pile_pos = pos + 1
            if ev is not None:
                self.emit("drew", seat, card=CARD_IDS[drawn])
            matches = field & rel[drawn]
            if matches:
                k = matches.bit_count()
                if k == 2 or (k > 2 and self._sum):  # fastpath: capture-choice
                    self.field = field
                    if gained:
                        self.captured[seat] |= gained
                    self.drawn = drawn
                    self.phase = TAKE_PH
                    return
                got = (1 << drawn) | matches
                field &= ~got
                gained |= got
                caps.append(got)
                if ev is not None:
                    self.emit("captured", seat, card=CARD_IDS[drawn], cards=names_of(got))
            else:
                field |= 1 << drawn
                if ev is not None:
                    self.emit("placed", seat, card=CARD_IDS[drawn])
        self.field = field
        if gained:
            self.captured[seat] |= gained
        self._end_turn(seat, gained)

    def _end_turn(self, seat: int, gained: int = -1) -> None:
        """After the draw step: liabilities, the dekiyaku trigger, then the next turn.

        ``gained`` is what the turn captured (-1: unknown); V can only rise with a yaku card.
        """
        if self.watch:
            self.rs.check_liability(self, seat)
        last = self.turn_i == self._last_turn
        vfn = self._vfn
        if vfn is not None and gained & self._yaku_cards:  # fastpath: yaku-cards
            v = vfn(self.captured[seat])
            if v > self.vcache[seat]:
                self.vcache[seat] = v
                self.phase = DECIDE
                self.to_move = seat
                if self._ev is not None:
                    self.emit("yaku", seat, items=self.yaku_items_of(seat), last=last)
                return
        if last:
            self._settle(None, -1)
            return
        self.turn_i = t = self.turn_i + 1
        self.to_move = self._turns[t]
        self.phase = PLAY_PH
        if self._ev is not None:
            self.emit("turn", self.to_move)

    def _next_turn(self) -> None:
        """After a sage: the next seat's turn (a dekiyaku on the last turn asks shoubu only)."""
        self.turn_i += 1
        self.to_move = self._turns[self.turn_i]
        self.phase = PLAY_PH
        if self._ev is not None:
            self.emit("turn", self.to_move)

    def last_turn_done(self) -> bool:
        """This is the round's last turn: each active player plays 7 turns, one card each."""
        return self.turn_i == self._last_turn

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        seat = self.to_move
        if ph == PLAY_PH:
            acts = [Action(seat, CANCEL)] if self.sagers >> seat & 1 and \
                self.rs.cancel_after_sage else []
            field = self.field
            h = self.hands[seat]
            if self._sum:  # the rule as written: capture.choices for each card
                rel = self._rel
                single = PLAY1[seat]
                for c in cards_of(h):
                    among = choices(rel, True, field, c)
                    if among:
                        acts.extend(play2(seat, c, t) for t in cards_of(among))
                    else:
                        acts.append(single[c])
                return acts
            # Same month: only cards of a month with exactly two field cards need a choice
            # (capture.choices for every card at once, in nibbles).
            # fastpath: capture-choice
            x = month_counts(field)
            pairs = ((x >> 1) & ~x & 0x111111111111) * 0xF
            plain = h & ~pairs
            for shift in (0, 12, 24, 36):
                chunk = plain >> shift & 0xFFF
                if chunk:
                    acts.extend(chunk_plays(seat, shift, chunk))
            choice = h & pairs
            if choice:
                for c in cards_of(choice):
                    for t in cards_of(field & CARD_MONTH_MASK[c]):
                        acts.append(play2(seat, c, t))
            return acts
        if ph == TAKE_PH:
            return [take_action(seat, t) for t in cards_of(self.needs_choice(self.drawn))]
        if ph == DECIDE:
            if self.rs.decision == "stop" or self.last_turn_done() or \
                    self.rs.must_stop(self, seat):
                return [verb_action(seat, SHOUBU)]
            return [verb_action(seat, SAGE), verb_action(seat, SHOUBU)]
        if ph == DROPOUT:
            if self.must_join(seat):
                return [verb_action(seat, JOIN)]
            return [verb_action(seat, JOIN), verb_action(seat, DROP)]
        if ph == SWAP_PH:
            return [verb_action(seat, SWAP), verb_action(seat, PASS)]
        if ph == MIZUTEN_PH:
            return list(MIZUTEN_OFFER[seat])
        return []

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action, check: bool = True) -> list[Event]:
        """Apply one action (chance ones included) and return the events it caused.

        ``check=False`` (search, replays of checked records) skips the legality test; a play
        with events off then goes straight to the turn code. Otherwise the phase's handler
        (``_BY_PHASE``) applies it, the way OpenSpiel's games dispatch ``_apply_action``.
        """
        ph = self.phase
        if ph == PLAY_PH and not check and not self.events_on and action.verb == PLAY:
            # fastpath: apply-play
            self.actions.append(action)
            args = action.args
            self._play(action.seat, args[0], args[-1] if args.__len__() == 2 else -1)
            return []
        self._ev = [] if self.events_on else None
        if action.seat == CHANCE:
            self._apply_chance(action)
            return self._flush()
        handler = _BY_PHASE[ph]
        if handler is None or (check and action not in self.legal_actions()):
            self._ev = None
            raise IllegalAction(f"illegal action {str(action)!r} "
                                f"(phase {PHASE_NAMES[ph]}, seat {self.to_move} to move)")
        if action.verb != PASS:
            self.actions.append(action)
        handler(self, action.seat, action)
        return self._flush()

    def _apply_play(self, seat: int, action: Action) -> None:
        """PLAY: a hand card (and its target), or a sager's cancel."""
        if action.verb == CANCEL:
            self.emit("cancel", seat)
            self._settle("cancel", seat)
        else:
            args = action.args
            self._play(seat, args[0], args[1] if len(args) > 1 else -1)

    def _apply_take(self, seat: int, action: Action) -> None:
        """TAKE: the drawn card's chosen target, then the end of the turn."""
        card = self.drawn
        self.drawn = -1
        self.phase = PLAY_PH
        self._arrive(seat, card, action.args[0])
        self._end_turn(seat)

    def _apply_decide(self, seat: int, action: Action) -> None:
        """DECIDE: shoubu ends the round; sage plays on."""
        if action.verb == SHOUBU:
            self.emit("shoubu", seat)
            self._settle("shoubu", seat)
            return
        if not self.sagers >> seat & 1:
            self.sagers |= 1 << seat
            self.sage_order.append(seat)
        self.emit("sage", seat)
        self._next_turn()

    def _apply_dropout(self, seat: int, action: Action) -> None:
        """DROPOUT: join, or drop and pay the drop-out fee into the pot."""
        self.order_i += 1
        if action.verb == JOIN:
            self.active.append(seat)
            self.emit("join", seat)
        else:
            self.drops += 1
            self.emit("drop", seat)
            self.rs.pay_fee(self, seat, self.drops, self.order.index(seat))
        self._dropout_next()

    def _apply_swap(self, seat: int, action: Action) -> None:
        """SWAP: take the dealer's hand (the holder's) or pass."""
        self.swap_queue.pop(0)
        if action.verb == SWAP:
            h = self.holder
            self.hands[h], self.hands[seat] = self.hands[seat], self.hands[h]
            self.holder = seat
            self.emit("swap", seat, holder=h)
        self._next_window()

    def _apply_mizuten(self, seat: int, action: Action) -> None:
        """MIZUTEN: the dealer declares mizuten (plays blind) or passes."""
        if action.verb == MIZUTEN:
            self.mizuten = True
            self.emit("mizuten", seat)
        self._next_window()

    def _apply_chance(self, action: Action) -> None:
        if self.phase == BLANK_PH and action.verb == BLANK:
            s = action.args[0]
            if not 0 <= s < self.n:
                raise IllegalAction(f"'* blank' names seat {s}, which is not at the table")
            self.actions.append(action)
            self.blank = s
            self.emit("blank", s)
            deal(self)
            return
        if self.phase == RESHUFFLE and action.verb == DECK:
            want = self.reshuffle_cards()
            if sorted(action.args) != want:
                raise IllegalAction("'* deck' must hold exactly the cards outside the active "
                                    "hands and the field")
            self.actions.append(action)
            self.pile = list(action.args)
            self.pile_pos = 0
            self.emit("reshuffle", -1, pile=len(self.pile))
            self._begin_play()
            return
        raise IllegalAction(f"chance action {str(action)!r} is not expected now "
                            f"(phase {PHASE_NAMES[self.phase]})")

    def decisions(self, rng) -> Iterator[int]:  # noqa: ANN001 - an engine Rng
        """One round driven from outside (self-play, tests, benchmarks): deal a deck
        shuffled by ``rng`` if no round is in progress, resolve every chance outcome from
        ``rng``, and yield the seat to move at each decision until the round is over. The
        caller applies one action per step."""
        if self.phase == DEAL:
            deck = list(self.rs.deck_cards)
            rng.shuffle(deck)
            self.start_round(deck)
        while not self.round_over:
            if self.is_chance():
                self.apply(self.sample_chance(rng))
                continue
            yield self.to_move

    # Play the current round to its end with a fixed policy for every seat (a rollout):
    # rollout.playout, bound here as the method itself (no extra call per rollout).
    playout = rollout.playout

    def sample_chance(self, rng) -> Action:
        """A chance outcome for BLANK or RESHUFFLE drawn from a seeded generator."""
        if self.phase == BLANK_PH:
            return Action(CHANCE, BLANK, (rng.below(self.n),))
        if self.phase == RESHUFFLE:
            cards = self.reshuffle_cards()
            rng.shuffle(cards)
            return Action(CHANCE, DECK, tuple(cards))
        raise IllegalAction("no chance action is pending")

    # ------------------------------------------------------------------ round end

    def _settle(self, ending: str | None, caller: int) -> None:
        self.ending = ending
        self.caller = caller
        self.to_move = CHANCE
        self.rs.settle(self)
        self._finish(self.ending or "exhausted", self.winner)

    def _finish(self, ending: str, winner: int | None) -> None:
        """Close the round: pot to the winner, result, totals, next dealer, game end."""
        self.ending = ending
        self.winner = winner
        if ending != "misdeal" and winner is not None and self.pot > 0:
            self.pay(POT, winner, self.pot, "pot",
                     Basis("pot", self.pot) if self.events_on else None)
        net = tuple(self.net)
        m = 1 if ending == "misdeal" else self.m
        result = _new_tuple(RoundResult, (ending, winner, m, net, tuple(self.payments),
                                          self.dealer))
        self.results.append(result)
        totals = self.totals
        totals[:] = map(add, totals, net)  # in place (one C loop): totals[s] += net[s]
        if self._ev is not None:
            self.emit("round_end", -1 if winner is None else winner,
                      round=self.rounds_played + 1, **result.as_json())
        if ending != "misdeal":
            self.rounds_played += 1
            if self.rs.has_after_round:
                self.rs.after_round(self, result)
            if winner is not None:
                self.dealer = winner
        self.to_move = CHANCE
        if ending != "misdeal" and self.rs.game_over(self):
            self.phase = OVER
            self.emit("game_end", -1, totals=list(self.totals))
        else:
            self.phase = DEAL


# apply's handler per phase (index: the phase); None where no player acts (chance, over)
_HANDLERS = {SWAP_PH: State._apply_swap, MIZUTEN_PH: State._apply_mizuten,
             DROPOUT: State._apply_dropout, PLAY_PH: State._apply_play,
             TAKE_PH: State._apply_take, DECIDE: State._apply_decide}
_BY_PHASE = tuple(_HANDLERS.get(ph) for ph in range(len(PHASE_NAMES)))


def check_kernel_slots(slots: Iterable[str], names: Iterable[str] = KERNEL_SLOTS) -> None:
    """ImportError unless every name the compiled kernel uses is a slot (a renamed slot must
    fail when the engine loads, not inside a rollout)."""
    missing = [n for n in names if n not in set(slots)]
    if missing:
        raise ImportError(f"game.engine.state: the compiled kernel uses State slots that do "
                          f"not exist: {', '.join(missing)} (update KERNEL_SLOTS)")


check_kernel_slots(State.__slots__)
if ckernel is not None:
    ckernel.setup(PLAY1, play2, take_action, DECIDE, KERNEL_SLOTS)
