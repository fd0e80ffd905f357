"""The ruleset base class: the rules API (docs/rules/README.md §6) and the engine's hooks.

A ruleset is configured once from its options; ``State`` reads its attributes and calls its
hooks. The defaults here are "nothing happens" so that a ruleset only writes what it has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar

from ..capture import arrive, choices, relation
from ..cards import ALL_MASK, CARD_IDS, CHAFF_EQUIV, FIELD_SIZE, HAND_SIZE, INDEX, KINDS, cards_of
from ..catalogue import AchievementRule, Entry
from ..errors import CardError, RulesError
from ..ledger import POT, Basis
from ..multiplier import MultiplierCarry
from ..options import Option, resolve
from ..payments import each_opponent_pays, from_each_opponent
from ..specials import SpecialRule
from ..teyaku import Claim, HandRule, TeyakuTable, example_hand
from ..vocab import CaptureRule, Category, PaidAt, Reason

if TYPE_CHECKING:
    from ..ledger import RoundResult
    from ..state import State
    from ..view import PlayerView


_POINT_TABLES: dict[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]] = {}


def _points_fn(value_masks: tuple[tuple[int, int], ...]) -> Callable[[int], int]:
    """``Ruleset.points`` for these (value, mask) pairs: four 12-bit table lookups (the
    points of each 12-card chunk, built once per value set), about a third of the cost of
    one popcount per value; a mask reaching past 48 cards keeps the popcount loop."""
    # fastpath: point-tables
    if any(vm >> 48 for _, vm in value_masks):
        def points(mask: int) -> int:
            total = 0
            for value, vm in value_masks:
                total += value * (mask & vm).bit_count()
            return total

        return points
    tables = _POINT_TABLES.get(value_masks)
    if tables is None:
        tables = _POINT_TABLES[value_masks] = tuple(
            tuple(sum(value * (p << 12 * i & vm).bit_count() for value, vm in value_masks)
                  for p in range(4096))
            for i in range(4))
    t0, t1, t2, t3 = tables

    def points48(mask: int) -> int:
        return (t0[mask & 0xFFF] + t1[mask >> 12 & 0xFFF] + t2[mask >> 24 & 0xFFF]
                + t3[mask >> 36 & 0xFFF])

    return points48


_PACKED_TABLES: dict[tuple[object, ...], tuple[tuple[int, ...], ...]] = {}


def points_and_count_tables(value_masks: tuple[tuple[int, int], ...],
                            count_mask: int) -> tuple[tuple[int, ...], ...] | None:
    """Four 12-bit tables whose looked-up sum is a pile's card points plus, shifted by 10,
    how many of its cards are in ``count_mask`` (settlement reads both from one sum: Hachi-
    Hachi's points and its chaff for the specials). None when a value is negative or a pile
    could pass 1023 points (the fields would overlap)."""
    # fastpath: packed-points
    if (any(v < 0 or vm >> 48 for v, vm in value_masks)
            or sum(v * vm.bit_count() for v, vm in value_masks) > 0x3FF):
        return None
    key = (value_masks, count_mask)
    got = _PACKED_TABLES.get(key)
    if got is None:
        got = _PACKED_TABLES[key] = tuple(
            tuple(sum(value * (p << 12 * i & vm).bit_count() for value, vm in value_masks)
                  + ((p << 12 * i & count_mask).bit_count() << 10) for p in range(4096))
            for i in range(4))
    return got


class Ruleset:
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    # --- configuration read by State (overridden per ruleset or in configure())
    deck_mask: int = ALL_MASK
    values: tuple[int, ...] = (0,) * 48
    hand_size = HAND_SIZE  # cards dealt to each player (Koi-Koi: 8; the 88 family: 7)
    field_size = FIELD_SIZE  # cards dealt to the field (Koi-Koi: 8; the 88 family: 6)
    cancel_after_sage = True  # a seat that played on may end the round on its turn (88's
    # cancel); Koi-Koi has no such call: after koi-koi the round ends only by a stop
    min_seats = 2
    max_seats = 7
    active_count = 3
    capture_sum = False
    field_check = "misdeal"  # "misdeal" | "none" | "dealer_takes"
    hand_swap = False
    mizuten_min_seats = 0  # 0: no mizuten declaration
    compulsory = True
    decision: str | None = None  # None | "stop" | "sage"
    teyaku_at_claim = False
    watch_liability = False
    yaku_cards = ALL_MASK  # cards that can raise dek_value (the engine skips V otherwise)
    kan = 10  # mon per kan (docs/rules/README.md §3.2)
    ach_threshold: int | None = None  # card points an achievement needs (hachihachi §12)
    sage_failure = "void"  # what a failed sage does (hachihachi option sage_failure)
    split = False  # payment_model=split: 'from each opponent' halved with two opponents
    teyaku_table: TeyakuTable | None = None
    carry_rule: MultiplierCarry | None = None  # None: no field multiplier
    comp_mode = "none"  # who compensates a seat forced out (option forced_out_comp's values)
    # --- facts a front end reads, declared here with their meaning so that none probes a
    # ruleset by its name or with getattr (GUIDE §1b: the ruleset answers)
    tier: int | None = None  # the curriculum tier this game teaches (curriculum.md), None for
    # a full game: the table shows its badge and its "New in this tier" card, and the first
    # tiers turn the advisor on (game/ui/scenes/table_cues.py, table_hints.py)
    counts_card_points = True  # a round's score reads card points (Koi-Koi's does not: its
    # plates show no card points)
    settles_multiplier = False  # a stop's multiplier is decided at its settlement (Koi-Koi's
    # doublings), so a view of a decision carries what each stop would be (view.stakes);
    # elsewhere it is the round's multiplier and nothing is worked out
    teyaku_stand_in_play = True  # teyaku claimed at the deal stand while the round is played
    # (the table reveals them at the first turn); Koi-Koi's dealt hands end the round before
    # it, so a round in play never holds one and there is nothing to reveal
    decision_words = "sage"  # how the table names the decision after a yaku: "sage" (sage or
    # shoubu, the 88 family) or "koikoi" (koi-koi or stop)
    yaku_context = False  # the yaku read more than the pile (Koi-Koi's Cards of the Month:
    # the round's month; its weather: the field): every pile valued with a state or a view
    # is valued with ``context_of`` what it reads (koikoi.md §4.4, §4.5)
    yaku_reads_field = False  # ... the field among it: the compiled rollout kernel, which
    # keeps the field to itself between turns, then leaves the turns to the generic code
    decisive_margin: int | None = None  # the margin of a decisive round win, which counts
    # towards an agari (Hachi, hachi.md §6); None where no win is decisive: the rules
    # reference explains it only then (game/ui/rule_words.py)

    def __init__(self, /, **options: object) -> None:
        self.options = resolve(self.name, self.OPTIONS, options)
        self.configure()
        self.deck_cards = tuple(cards_of(self.deck_mask))
        self.deck_set = frozenset(self.deck_cards)
        self.deck_bytes = bytes(self.deck_cards)  # for State's permutation check
        self.deck_size = len(self.deck_cards)
        by_value: dict[int, int] = {}
        for c in self.deck_cards:
            by_value[self.values[c]] = by_value.get(self.values[c], 0) | 1 << c
        self.value_masks = tuple(by_value.items())
        # fastpath: shadowed-methods
        if type(self).points is Ruleset.points:
            # settlement counts three piles a round: the instance attribute shadows the method
            # with a closure over the masks (unrolled for the usual four card values)
            self.points = _points_fn(self.value_masks)  # type: ignore[method-assign]
        if type(self).claim is Ruleset.claim and self.teyaku_table is not None:
            # the same for the claims of every round: the table's own method, one call less
            self.claim = self.teyaku_table.claim  # type: ignore[method-assign]
        # State's deal gates the hands itself and calls this for those that pass (None: it
        # calls ``claim``); only for the table's own claim, and a table that scores anything
        self.claim_shaped = (self.teyaku_table.claim_shaped
                             if type(self).claim is Ruleset.claim and self.teyaku_table is not None
                             and self.teyaku_table.values else None)
        if type(self).field_multiplier is Ruleset.field_multiplier and self.carry_rule:
            # every deal: the carry rule's own (remembering) step, one call less
            self.field_multiplier = self.carry_rule.step  # type: ignore[method-assign]
        # State skips the call (a frame every round) when a hook is the base's no-op
        self.has_before_play = type(self).before_play is not Ruleset.before_play
        self.has_after_round = type(self).after_round is not Ruleset.after_round
        self.entries = self.catalogue()  # cached: views and the yaku watch read it often
        self.capture_rel = relation(self.capture_rule)

    def configure(self) -> None:
        """Derive the engine configuration from self.options."""

    # options that only matter when a seat can drop out (more seats than players of a round)
    DROPOUT_OPTIONS: ClassVar[tuple[str, ...]] = (
        "dropout_fee", "dropout_fees", "forced_out_comp", "compulsory_three", "compulsory_two")

    @classmethod
    def option_applies(cls, name: str, options: Mapping[str, object],
                       seats: int) -> str | None:
        """None when option `name` changes this game; else the id of the reason it cannot.

        Setup greys an option that does nothing with these options and seats, so a player
        is never asked to decide something the game will ignore.
        """
        if name in cls.DROPOUT_OPTIONS and seats <= cls.active_count:
            return "no_dropouts"
        return None

    # ------------------------------------------------------------------ what the table asks

    @property
    def capture_rule(self) -> CaptureRule:
        return CaptureRule.MONTH_SUM if self.capture_sum else CaptureRule.SAME_MONTH

    @property
    def teyaku_paid_at(self) -> PaidAt:
        """When teyaku claims are paid: at the claim, or at round end."""
        return PaidAt.CLAIM if self.teyaku_at_claim else PaidAt.ROUND_END

    @property
    def rounds_planned(self) -> int | None:
        """Rounds the game is planned for, or None when it ends otherwise (agari, points)."""
        rounds = self.options.get("rounds")
        return rounds if isinstance(rounds, int) else None

    def par(self, position: int, n_active: int) -> int | None:
        """The card points a seat at this position needs to break even (88's par, Sudaoshi's
        burdens), or None when the round is settled otherwise (two players)."""
        return None

    # --- the rules as data, for the rules reference (its contract test checks them) ----
    def teyaku_rules(self) -> tuple[HandRule, ...]:
        """What makes each teyaku this ruleset pays, as data (``teyaku.HandRule``)."""
        t = self.teyaku_table
        return t.rules() if t is not None else ()

    @property
    def teyaku_best_one(self) -> bool:
        """Only the better of a set teyaku and a chaff teyaku scores (else both do)."""
        t = self.teyaku_table
        return bool(t is not None and t.best_one)

    def teyaku_example(self, teyaku_id: str) -> int:
        """A seven-card hand of this deck that claims ``teyaku_id`` (mask; 0: none)."""
        rule = next((r for r in self.teyaku_rules() if r.id == teyaku_id), None)
        return example_hand(rule, self.deck_mask) if rule is not None else 0

    def in_kan(self, entry_id: str) -> int | None:
        """A catalogue amount in kan where this ruleset states it in kan (the reference then
        shows kan and mon); None where it counts in mon or points only."""
        return None

    def fee_schedule(self) -> tuple[str, tuple[int, ...]]:
        """The drop-out fees in mon at m = 1, read from ``fee``: ("by_order", the fee of the
        1st, 2nd ... seat to drop), ("by_seat", the fee by position, dealer first),
        ("flat", (fee,)), or ("none", ()) when dropping is free or cannot happen."""
        n = self.max_seats - self.active_count
        if n <= 0:
            return "none", ()
        by_k = tuple(self.fee(k, 0) for k in range(1, n + 1))
        by_p = tuple(self.fee(1, p) for p in range(self.max_seats))
        if not any(by_k + by_p):
            return "none", ()
        if len(set(by_k)) == 1 and len(set(by_p)) == 1:
            return "flat", by_k[:1]
        if len(set(by_p)) == 1:
            return "by_order", by_k
        return "by_seat", by_p

    def special_rules(self) -> tuple[SpecialRule, ...]:
        """The round-end specials this ruleset pays (``specials.SpecialRule``)."""
        return ()

    def achievement_rules(self) -> tuple[AchievementRule, ...]:
        """The achievements this ruleset pays (``catalogue.AchievementRule``)."""
        return ()

    def special_voids(self) -> tuple[Category, ...]:
        """What a round-end special cancels besides card points (teyaku still to be paid,
        achievements); () when it cancels nothing else."""
        return ()

    def agari_of(self, game_data: object) -> tuple[tuple[int, ...], int | None]:
        """Each seat's agari and the seat on a decisive streak (Hachi's match end), for the
        view: the UI never reads game_data. () and None when the ruleset has no agari."""
        return (), None

    def catalogue(self) -> tuple[Entry, ...]:
        """Everything this ruleset can pay under its options (see ``catalogue.py``)."""
        return ()

    def category(self, reason: str) -> Category:
        """The category of a payment reason; RulesError for an id this ruleset never pays."""
        for e in self.entries:
            if e.id == reason:
                return e.category
        raise RulesError(f"ruleset {self.name!r} never pays for {reason!r}")

    def claim_pays(self, items: dict[str, int], m: int, n_opponents: int) -> dict[str, int]:
        """What ONE opponent pays for each teyaku of a claim, with the multiplier and the
        payment model applied (the teyaku reveal shows these)."""
        return {k: each_opponent_pays(v, 1, m, n_opponents, self.split)
                for k, v in items.items()}

    def yaku_now(self, pile: int, position: int, ctx: object | None = None) -> dict[str, int]:
        """The capture combinations a pile scores now for a seat at this position (``ctx``:
        ``context_of`` the round, where the yaku read it)."""
        return self.yaku_items(pile, position, ctx)

    def interchangeable(self, a: int, b: int) -> bool:
        """True when cards ``a`` and ``b`` are the same for every rule of this ruleset (two
        plain chaff of one month): choosing between them can never change the game."""
        if a >> 2 != b >> 2 or KINDS[a] != KINDS[b] or self.values[a] != self.values[b]:
            return False
        if (CHAFF_EQUIV >> a & 1) != (CHAFF_EQUIV >> b & 1):
            return False
        return all((e.cards >> a & 1) == (e.cards >> b & 1) for e in self.entries) and \
            all((m >> a & 1) == (m >> b & 1) for m in self.special_masks())

    def distinct(self, cards: Iterable[int]) -> list[int]:
        """The cards that are a real choice: the first of each group of interchangeable
        cards (a choice between two plain chaff of one month is no choice)."""
        kept: list[int] = []
        for c in cards:
            if not any(self.interchangeable(k, c) for k in kept):
                kept.append(c)
        return kept

    def special_masks(self) -> tuple[int, ...]:
        """Card sets a rule singles out outside the catalogue (teyaku shapes, the Paulownia
        rule), so ``interchangeable`` never merges their cards."""
        from ..cards import PAULOWNIA_CHAFF3

        return (PAULOWNIA_CHAFF3,)

    def __repr__(self) -> str:
        return f"rulesets.get({self.name!r}, **{self.options!r})"

    # ------------------------------------------------------------------ rules API

    @property
    def deck(self) -> tuple[str, ...]:
        return tuple(CARD_IDS[c] for c in self.deck_cards)

    def _card(self, name: object) -> int:
        if not isinstance(name, str) or name not in INDEX:
            raise CardError(f"unknown card id: {name!r}")
        c = INDEX[name]
        if not self.deck_mask >> c & 1:
            raise RulesError(f"card {name!r} is not in the deck of ruleset {self.name!r}")
        return c

    def _mask(self, cards: Iterable[str]) -> int:
        if isinstance(cards, str):
            raise RulesError(f"expected a list of card ids, not the string {cards!r}")
        m = 0
        for name in cards:
            c = self._card(name)
            if m >> c & 1:
                raise RulesError(f"duplicate card {name!r}")
            m |= 1 << c
        return m

    def _seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise RulesError(f"seat must be a position >= 0, not {seat!r}")
        return seat

    def card_points(self, cards: Iterable[str]) -> int:
        return self.points(self._mask(cards))

    def points(self, mask: int) -> int:
        """Card points of a mask: one popcount per distinct card value."""
        total = 0
        for value, vm in self.value_masks:
            total += value * (mask & vm).bit_count()
        return total

    def can_capture(self, card: str, target: str) -> bool:
        a, b = self._card(card), self._card(target)
        if a == b:
            raise RulesError(f"a card cannot capture itself: {card!r}")
        return bool(self.capture_rel[a] >> b & 1)

    def capture_choices(self, field: int, card: int) -> int:
        """The field cards among which a player must choose for ``card`` (0: no choice)."""
        return choices(self.capture_rel, self.capture_sum, field, card)

    def arrive(self, field: int, card: int, target: int = -1) -> tuple[int, int]:
        """(new field, captured) when ``card`` arrives on ``field`` (``target``: the chosen
        card when there is a choice)."""
        return arrive(self.capture_rel, self.capture_sum, field, card, target)

    def teyaku(self, hand: Iterable[str], seat: int = 0) -> dict[str, int]:
        m = self._mask(hand)
        if m.bit_count() != self.hand_size:
            raise RulesError(f"a teyaku hand has exactly {self.hand_size} cards, not "
                             f"{m.bit_count()}")
        claim = self.claim(m, self._seat(seat))
        return self.api_amounts(claim.items) if claim else {}

    def dekiyaku(self, pile: Iterable[str], seat: int = 0) -> dict[str, int]:
        m = self._mask(pile)
        self._seat(seat)
        return self.api_amounts(self.yaku_items(m, seat))

    def api_amounts(self, items: dict[str, int]) -> dict[str, int]:
        """Per-opponent amounts as the API reports them: ``payment_model=split`` halves them
        (rounded up), as if there were two opponents."""
        if self.split:
            return {k: -(-v // 2) for k, v in items.items()}
        return dict(items)

    # ------------------------------------------------------------------ engine hooks

    def new_state(self, seats: int, first_dealer: int = 0, *, events: bool = True) -> State:
        from ..state import State

        return State(self, seats, first_dealer, events=events)

    def initial_carry(self) -> object:
        return self.carry_rule.initial() if self.carry_rule else None

    def field_multiplier(self, field: int, carry: object) -> tuple[int, object]:
        """The round's multiplier m and the new carry (docs/rules/hachihachi.md §3)."""
        return self.carry_rule.step(field, carry) if self.carry_rule else (1, carry)

    def carry_list(self, carry: object) -> tuple[int, ...]:
        """Carried multipliers still waiting, for views and year_extension."""
        return self.carry_rule.waiting(carry) if self.carry_rule else ()

    def claim(self, hand: int, position: int) -> Claim | None:
        """The teyaku this hand claims at this position, or None."""
        return self.teyaku_table.claim(hand) if self.teyaku_table else None

    # ``ctx`` below: ``context_of`` the round; only rulesets whose yaku read it (yaku_context)
    # look at it, the others take it and ignore it, so every caller passes it the same way
    def yaku_items(self, pile: int, position: int = 0,
                   ctx: object | None = None) -> dict[str, int]:
        return {}

    def context_of(self, round_no: int, field: int) -> object | None:
        """What this ruleset's yaku read besides the pile in round ``round_no`` (from 1,
        misdeals not counted) with ``field`` on the table; None when they read nothing else
        (every ruleset but Koi-Koi with Cards of the Month or the weather)."""
        return None

    def view_context(self, view: PlayerView) -> object | None:
        """``context_of`` the round a view shows (its round and field): what a player or
        the table values a pile with."""
        return self.context_of(view.round, view.field_mask) if self.yaku_context else None

    def trigger_level(self, pile: int, ctx: object | None = None) -> int:
        """What must rise for a turn to ask the decision (sage / koi-koi): the yaku value, or
        for Koi-Koi's ``koi_trigger=new_only`` how many yaku are made."""
        return self.dek_value(pile)

    def entries_in(self, ctx: object | None) -> tuple[Entry, ...]:
        """The catalogue with this round's cards where a yaku's cards depend on the round
        (Koi-Koi's Cards of the Month): what the yaku watch follows."""
        return self.entries

    def yaku_sets(self, position: int = 0) -> tuple[tuple[str, int, int], ...]:
        """The fixed card sets that score, as (id, mask, mon at m = 1), for this position:
        what a player can aim for or deny (AIs, the yaku watch). Count-based yaku such as
        Seven Ribbons are not listed."""
        return ()

    def dek_items(self, pile: int, ctx: object | None = None) -> dict[str, int]:
        return self.yaku_items(pile, 0, ctx)

    def dek_value(self, pile: int, ctx: object | None = None) -> int:
        return 0

    def dek_value_fn(self):  # noqa: ANN201 - a callable int -> int
        """The fastest callable computing dek_value (the engine calls it every turn)."""
        return self.dek_value

    def fee(self, k: int, p: int) -> int:
        """The drop-out fee in mon at m = 1 of the k-th seat to drop (p: its position in the
        drop-out order); 0 when dropping is free."""
        return 0

    def pay_fee(self, st: State, seat: int, k: int, p: int) -> None:
        """A seat dropped: its drop-out fee (x m) into the pot."""
        fee = self.fee(k, p)
        if fee:
            st.pay(seat, POT, fee * st.m, Reason.DROPOUT_FEE,
                   Basis("fee", fee, st.m) if st.events_on else None)

    def pay_compensation(self, st: State) -> None:
        """Pay forced-out seats (st.forced) once the active players are known."""

    def pay_teyaku(self, st: State) -> None:
        """Every claimed teyaku, from each opponent (docs/rules/hachihachi.md §6.5)."""
        claims = st.claims
        if not claims:  # nobody claimed
            return
        for s in st.active:
            claim = claims.get(s)
            if claim:
                for k, v in claim.items.items():
                    from_each_opponent(st, s, v, 1, k, split=self.split, unit=self.kan)

    def before_play(self, st: State) -> None:
        """Anything that happens between the claim and the first turn; it may end the round
        (``st._finish``), and play then does not begin."""

    def must_stop(self, st: State, seat: int) -> bool:
        """The seat that made a yaku may only stop (Koi-Koi's koi_limit); False elsewhere."""
        return False

    def watch_play(self, st: State, seat: int, card: int) -> None:
        """A hand card captured nothing: note liabilities it may create."""

    def check_liability(self, st: State, seat: int) -> None:
        """End of ``seat``'s turn: resolve the liabilities waiting on it."""

    def settle(self, st: State) -> None:
        raise NotImplementedError

    def new_game_data(self, seats: int) -> object:
        return None

    def copy_game_data(self, data: object) -> object:
        return data

    def after_round(self, st: State, result: RoundResult) -> None:
        pass

    def game_over(self, st: State) -> bool:
        return st.rounds_played >= self.options["rounds"]

    def game_winners(self, st: State) -> list[int]:
        best = max(st.totals)
        return [s for s, t in enumerate(st.totals) if t == best]
