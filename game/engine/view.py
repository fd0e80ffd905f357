"""What one seat may know (common.md §8): the only thing the UI and the AIs ever read.

Public: the field, every capture pile, hand and pile counts, the multiplier and carry, every
decision, the cards revealed to claim teyaku, and the payments. Hidden: other hands (and one's
own before the swap and mizuten windows close) and the draw-pile order.

`make_view(st, seat)` is a seat's view; `public_view(st)` is the view from no seat (a
spectator, `seat == SPECTATOR`): what a screen everybody can read may show while no hand is
face up on it (a hot-seat table between turns, a party game's shared table, issue 42). It has
no hand and no legal actions, and its yaku watch places only the teyaku cards revealed to
everyone; every other field equals a seat's view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .actions import CHANCE, DECK, SAGE, SHOUBU, Action
from .cards import INDEX, names_of
from .dropout_window import DropoutWindow, window
from .history import TurnRecord, public_turns
from .ledger import Payment, RoundResult
from .state import PHASE_NAMES, State
from .vocab import CaptureRule, PaidAt

SPECTATOR = -1  # the seat of the view from no seat (public_view): public information only


@dataclass(frozen=True)
class ClaimView:
    items: dict[str, int]  # teyaku id -> mon at m = 1, per opponent
    cards: tuple[str, ...]  # revealed cards
    mask: int
    pays: dict[str, int] = field(default_factory=dict)  # id -> what ONE opponent pays, x m
    paid_at: str = PaidAt.ROUND_END  # PaidAt: at the claim, or at round end


@dataclass(frozen=True)
class YakuProgress:
    """How far one seat is from one capture combination, from public information only."""

    id: str
    value: int | None  # mon at m = 1 from each opponent
    have: int  # cards of the combination already in the seat's pile
    need: int  # cards it takes
    on_field: tuple[str, ...]  # missing cards lying on the field now
    unseen: int  # missing cards the viewing seat cannot place (other hands, the draw pile)
    gone: int  # missing cards in other piles: lost for good
    # missing cards whose holder the viewing seat knows, as (holder seat, card): its own
    # hand, and the cards another seat revealed for teyaku and has not played yet
    held: tuple[tuple[int, str], ...] = ()

    @property
    def made(self) -> bool:
        return self.have >= self.need

    @property
    def reachable(self) -> bool:
        return self.have + len(self.on_field) + len(self.held) + self.unseen >= self.need


@dataclass(frozen=True)
class Stakes:
    """What the decision after a yaku puts at stake for the seat deciding (issue 47), found
    by settling copies of the round: each multiplier is the one the ruleset's settlement
    gives (Koi-Koi: x2 at seven or more, x2 when the loser had called koi-koi), at the
    points the piles hold now."""

    stop: int  # the multiplier a stop now is settled at
    stop_after_call: int  # the multiplier of this seat's later stop, had it played on now
    # (seat, its stop's multiplier now, the same after this seat plays on) per opponent
    opponents: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True)
class PlayerView:
    ruleset: str
    options: dict
    seats: int
    seat: int
    phase: str
    round: int  # rounds played before this one, plus one
    dealer: int
    acting_dealer: int
    active: tuple[int, ...]  # active seats in turn order from the acting dealer
    to_move: int  # -1 while waiting for chance (a deal) or after the game
    legal: tuple[Action, ...]  # this seat's legal actions (empty when not to move)
    hand_mask: int  # own hand, 0 while hidden
    hand_counts: tuple[int, ...]
    field_mask: int
    captured_masks: tuple[int, ...]
    pile_count: int
    drawn: int  # the turned-up card waiting for a choice, or -1
    multiplier: int
    carry: tuple[int, ...]
    pot: int
    sage_order: tuple[int, ...]
    claims: dict[int, ClaimView]
    mizuten: bool
    blank: int
    holder: int
    log: tuple[str, ...]  # this round's public actions (a reshuffled pile shows as a count)
    payments: tuple[Payment, ...]
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...] = field(repr=False)
    # what the table asks, answered by the engine (issue 10):
    positions: tuple[int, ...] = ()  # each seat's position this round (0 = acting dealer), -1
    yaku: tuple[dict[str, int], ...] = ()  # each seat's capture combinations now
    watch: tuple[tuple[YakuProgress, ...], ...] = ()  # each seat's combinations in reach
    par: tuple[int | None, ...] = ()  # card points each seat needs to break even, or None
    rounds_planned: int | None = None  # None: the game ends otherwise (agari, extension)
    agari: tuple[int, ...] = ()  # each seat's agari (Hachi), else ()
    streak: int | None = None  # the seat whose decisive wins run on (Hachi's agari), or None
    capture_rule: str = CaptureRule.SAME_MONTH
    dropout: DropoutWindow | None = None  # the drop-out window while it is open
    # turns each seat still plays this round after the turn in progress (0: none, or no
    # round in play): the sage decision weighs them (issue 26)
    turns_left: tuple[int, ...] = ()
    # this round's turns of play as everyone saw them: who played what, what it took, what
    # was drawn and what that took, the field before (game/engine/history.py; issue 30)
    turns: tuple[TurnRecord, ...] = ()
    # how the table names the decision after a yaku: the ruleset's decision_words ("sage":
    # sage or shoubu; "koikoi": koi-koi or stop), never guessed from its name (issue 47)
    decision_words: str = "sage"
    # each seat's play-on calls this round (its sage actions; Koi-Koi's koi-koi calls)
    sage_calls: tuple[int, ...] = ()
    # the stakes of the seat deciding after a yaku (to_move), while it decides (else None)
    stakes: Stakes | None = None

    @property
    def spectator(self) -> bool:
        """The view from no seat (`public_view`): no hand, no legal action, and no seat to
        index with (`view.par[view.seat]` would read the last seat's)."""
        return self.seat < 0

    @property
    def hand(self) -> list[str]:
        return names_of(self.hand_mask)

    @property
    def field(self) -> list[str]:
        return names_of(self.field_mask)

    def captured(self, seat: int) -> list[str]:
        return names_of(self.captured_masks[seat])

    @property
    def revealed_mask(self) -> int:
        """Cards other seats revealed for teyaku (they are, or were, in those hands)."""
        m = 0
        for s, c in self.claims.items():
            if s != self.seat:
                m |= c.mask
        return m

    def unseen_mask(self, deck_mask: int) -> int:
        """Cards whose place this seat does not know: other hands and the draw pile
        (cards revealed for teyaku and still unplayed are included: their holder is known)."""
        seen = self.hand_mask | self.field_mask
        for m in self.captured_masks:
            seen |= m
        if self.drawn >= 0:
            seen |= 1 << self.drawn
        return deck_mask & ~seen


def _public(action: Action) -> str:
    if action.seat == CHANCE and action.verb == DECK:
        return f"* deck ({len(action.args)} cards)"
    return str(action)


def seat_positions(st: State) -> tuple[int, ...]:
    """Each seat's position among the active players (0 = acting dealer), -1 if inactive."""
    pos = [-1] * st.n
    for i, s in enumerate(st.active):
        pos[s] = i
    return tuple(pos)


def revealed_holders(st: State) -> tuple[tuple[int, int], ...]:
    """(seat, hand cards mask) everyone at the table knows of: each seat's cards revealed to
    claim teyaku and not played yet (hachihachi.md §6.4: shown to all, so public)."""
    return tuple((s, c.reveal & st.hands[s]) for s, c in st.claims.items()
                 if c.reveal & st.hands[s])


def known_holders(st: State, viewer: int) -> tuple[tuple[int, int], ...]:
    """(seat, hand cards mask) the viewing seat knows of: its own hand once it may look at
    it, and each other seat's teyaku cards it revealed and has not played yet. A spectator
    (``viewer`` SPECTATOR) knows only the revealed cards."""
    out = []
    if viewer >= 0 and not st.hidden_hands and st.hands[viewer]:
        out.append((viewer, st.hands[viewer]))
    out.extend(h for h in revealed_holders(st) if h[0] != viewer)
    return tuple(out)


def yaku_watch(st: State, seat: int, position: int,
               holders: tuple[tuple[int, int], ...] = ()) -> tuple[YakuProgress, ...]:
    """The capture combinations ``seat`` can still make or has made, with where their
    missing cards are as the viewing seat knows it: the field and the piles (public), and
    the hand cards whose holder it knows (``holders``, from ``known_holders``)."""
    rs = st.rs
    pile = st.captured[seat]
    others = 0
    for s, m in enumerate(st.captured):
        if s != seat:
            others |= m
    out = []
    for e in rs.entries_in(st.yaku_ctx()):
        if not e.is_card_set or not e.open_to(position):
            continue
        cards = e.cards & rs.deck_mask
        have = (pile & cards).bit_count()
        missing = cards & ~pile
        on_field = missing & st.field
        gone = (missing & others).bit_count()
        placed = 0
        held: list[tuple[int, str]] = []
        for holder, hand in holders:
            placed |= missing & hand
            held.extend((holder, name) for name in names_of(missing & hand))
        unseen = (missing & ~st.field & ~others & ~placed).bit_count()
        prog = YakuProgress(e.id, e.value, have, e.need, tuple(names_of(on_field)), unseen, gone,
                            tuple(held))
        if prog.reachable:
            out.append(prog)
    return tuple(out)


def turns_left(st: State) -> tuple[int, ...]:
    """Each seat's turns still to come this round after the turn in progress, from the
    round's turn order (each active player plays one card a turn, common.md): during play,
    a take or a sage/shoubu decision; all zeros before play starts and after it ends."""
    out = [0] * st.n
    if PHASE_NAMES[st.phase] not in ("play", "take", "decide") or not st._turns:
        return tuple(out)
    for s in st._turns[st.turn_i + 1:st._last_turn + 1]:
        out[s] += 1
    return tuple(out)


def combination_cards(rs: object, yaku_id: str, pile: Iterable[str],
                      ctx: object | None = None) -> tuple[str, ...]:
    """The cards of ``pile`` (a seat's captures, card ids in the order given) that belong to
    the capture combination ``yaku_id`` in the ruleset's catalogue: the cards a yaku
    cut-in gathers (issue 26). Empty for an id that is not a card set (teyaku)."""
    # ctx: ``context_of`` the round, where a yaku's cards are the round's (Cards of the Month)
    entries = rs.entries_in(ctx) if ctx is not None else rs.entries  # type: ignore[attr-defined]
    entry = next((e for e in entries if e.id == yaku_id and e.is_card_set), None)
    if entry is None:
        return ()
    return tuple(c for c in pile if entry.cards >> INDEX[c] & 1)


def sage_calls(st: State) -> tuple[int, ...]:
    """Each seat's play-on calls this round: its sage actions since play began (Koi-Koi's
    koi-koi calls, which its per-call doubling counts)."""
    out = [0] * st.n
    for a in st.actions[max(0, st.play_at):]:  # a position (play_at -1) starts in play
        if a.verb == SAGE and 0 <= a.seat < st.n:
            out[a.seat] += 1
    return tuple(out)


def _stop_multiplier(st: State, caller: int, after_call: int = -1) -> int:
    """The multiplier a stop by ``caller`` is settled at, on a copy of the round (and after
    ``after_call`` played on first, when it is a seat): the ruleset's own settlement."""
    copy = st.clone()
    if after_call >= 0:
        copy.apply(Action(after_call, SAGE), check=False)
    return copy.settle_now(SHOUBU, caller).multiplier


def decision_stakes(st: State) -> Stakes | None:
    """What stopping and playing on put at stake for the seat deciding after a yaku (the
    stop's multiplier now, its own later stop's and each opponent's after a call); None
    when nobody is deciding. Public: only public facts decide a stop's settlement, and
    every seat sees who decides."""
    if not st.rs.settles_multiplier or PHASE_NAMES[st.phase] != "decide" or st.to_move < 0:
        return None  # the 88 family: a stop is settled at the round's multiplier (preview)
    seat = st.to_move
    legal = st.legal_actions()
    if not any(a.verb == SHOUBU for a in legal):
        return None
    can_call = any(a.verb == SAGE for a in legal)
    stop = _stop_multiplier(st, seat)
    after = _stop_multiplier(st, seat, seat) if can_call else stop
    opponents = []
    for o in st.active:
        if o != seat:
            now = _stop_multiplier(st, o)
            opponents.append((o, now, _stop_multiplier(st, o, seat) if can_call else now))
    return Stakes(stop, after, tuple(opponents))


def make_view(st: State, seat: int) -> PlayerView:
    """What ``seat`` may know: its own hand (once it may look at it) and its legal actions,
    with everything public."""
    if not 0 <= seat < st.n:
        raise ValueError(f"no seat {seat!r} at this table of {st.n}")
    legal = tuple(st.legal_actions()) if st.to_move == seat and not st.is_chance() else ()
    return _view(st, seat, legal, 0 if st.hidden_hands else st.hands[seat])


def public_view(st: State) -> PlayerView:
    """What everyone at the table may know: the view from no seat (``seat`` SPECTATOR), with
    no hand, no legal action, and a yaku watch that places only the cards revealed for
    teyaku. A screen that several players read draws from this while no hand is face up."""
    return _view(st, SPECTATOR, (), 0)


def _view(st: State, seat: int, legal: tuple[Action, ...], hand_mask: int) -> PlayerView:
    """The view for ``seat`` (SPECTATOR: nobody's), given what only that seat may know."""
    rs = st.rs
    n_opp = max(0, len(st.active) - 1)
    claims = {s: ClaimView(dict(c.items), tuple(names_of(c.reveal)), c.reveal,
                           rs.claim_pays(c.items, st.m, n_opp), rs.teyaku_paid_at)
              for s, c in st.claims.items()}
    positions = seat_positions(st)
    holders = known_holders(st, seat)
    n_act = len(st.active)
    ctx = st.yaku_ctx()  # the round's month and the field, where the yaku read them
    planned = rs.rounds_planned
    if planned is not None and st.rounds_played >= planned and not st.over:
        planned = None  # the year extension: play goes on past the planned rounds
    return PlayerView(
        ruleset=rs.name, options=dict(rs.options), seats=st.n, seat=seat,
        phase=PHASE_NAMES[st.phase], round=st.rounds_played + (0 if st.over else 1),
        dealer=st.dealer,
        acting_dealer=st.acting, active=tuple(st.active), to_move=st.to_move, legal=legal,
        hand_mask=hand_mask,
        hand_counts=tuple(h.bit_count() for h in st.hands), field_mask=st.field,
        captured_masks=tuple(st.captured), pile_count=len(st.pile) - st.pile_pos,
        drawn=st.drawn, multiplier=st.m, carry=tuple(rs.carry_list(st.carry)),
        pot=st.pot, sage_order=tuple(st.sage_order), claims=claims, mizuten=st.mizuten,
        blank=st.blank, holder=st.holder, log=tuple(_public(a) for a in st.actions),
        payments=tuple(st.payments), totals=tuple(st.totals), results=tuple(st.results),
        positions=positions,
        yaku=tuple(rs.yaku_now(st.captured[s], p, ctx) if p >= 0 else {}
                   for s, p in enumerate(positions)),
        watch=tuple(yaku_watch(st, s, p, holders) if p >= 0 else ()
                    for s, p in enumerate(positions)),
        par=tuple(rs.par(p, n_act) if p >= 0 else None for p in positions),
        rounds_planned=planned, capture_rule=rs.capture_rule,
        agari=rs.agari_of(st.game_data)[0], streak=rs.agari_of(st.game_data)[1],
        dropout=window(st), turns_left=turns_left(st), turns=public_turns(st),
        decision_words=rs.decision_words, sage_calls=sage_calls(st),
        stakes=decision_stakes(st),
    )
