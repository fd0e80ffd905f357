"""Positions built by the engine: a round in play from given cards, or resampled from a view.

``State.from_position`` (worked examples, tests, scenarios) checks what it is given and builds
a State in the middle of play; ``State.resample`` (search: OpenSpiel's
``resample_from_infostate``) deals the cards one seat cannot see at random, consistently with
its view, in play or in a window before play (mizuten, drop-out: the AIs simulate those
windows through the engine, fees, pot and compensation included). Outside a real game
these are the only ways to make a position: nothing outside ``game/engine`` writes a
State's private fields (tests/test_purity.py checks it).

Turns: every active player plays 7 turns (docs/rules/common.md §5), so a position's turn
number follows from the hand sizes: in play, read from the seat to move round the table,
hands hold c, ..., c, c - 1, ..., c - 1 cards (the seats still to play this cycle hold one
more); in take and decide, the mover has already played its card this turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import BITS, CARD_IDS, INDEX, cards_of
from .deal import dealt_seats
from .ledger import POT, Payment
from .teyaku import GROUP_B_IDS, TRIPLET_IDS, Claim

if TYPE_CHECKING:
    from .rng import Rng
    from .rulesets.base import Ruleset
    from .state import State
    from .view import ClaimView, PlayerView

# The phases a position can be in, by their view names (state.PHASE_NAMES).
POSITION_PHASES = ("play", "take", "decide")
# The windows before play a view can be resampled in (the seat to move decides there).
WINDOW_PHASES = ("mizuten", "dropout")

Cards = int | str | Iterable[str | int]  # a mask, "id id ...", or card ids / indices


class PositionError(ValueError):
    """A position that cannot happen in the ruleset (a card twice, a card outside its deck,
    hand sizes that do not fit whose turn it is...)."""


# ---------------------------------------------------------------------------- from_position


def from_position(rs: Ruleset, seats: int, *, dealer: int | None = None,
                  active: Iterable[int] | None = None, hands: Mapping[int, Cards],
                  field: Cards, pile: str | Iterable[str | int],
                  captured: Mapping[int, Cards] | None = None, to_move: int,
                  multiplier: int = 1, claims: Mapping[int, Claim] | None = None,
                  sage_order: Iterable[int] = (), mizuten: bool = False,
                  holder: int | None = None, phase: str = "play", drawn: int | str = -1,
                  payments: Iterable[Payment] = (), blank: int = -1,
                  game: State | None = None, events: bool = True) -> State:
    """A State in the middle of a round, checked (see ``State.from_position``).

    ``hands`` and ``captured``: seat -> cards (a mask, "id id ...", or ids/indices; seats
    left out hold nothing). ``pile``: the draw pile, top first. ``active``: the active seats in
    turn order from the acting dealer (default: every dealt seat from the dealer). ``claims``:
    the teyaku claimed (``rs.claim(hand, position)`` of the dealt hands); ``payments``: what
    was paid before play (fees, compensation, claims paid at the claim; net and pot follow).
    ``phase``: "play", "take" (``drawn`` waits for a choice) or "decide" (the mover formed a
    dekiyaku this turn). ``game``: continue that game, between rounds, as its next round (its
    dealer, totals, results and game data carry over). ``events``: report events from
    ``apply``.

    Each check is a small function below, grouped by what it checks (seats and turn order,
    cards and zones, phase facts, claims and the ledger) and called in a fixed order, so a
    position with several faults always reports the same first one.
    """
    from .state import State

    _check_phase(phase)
    dealer = _game_dealer(rs, seats, game, dealer)
    dealt = _dealt_seats(rs, seats, dealer, blank)
    active = _active_seats(rs, seats, dealt, active, blank, to_move)
    seen: dict[int, str] = {}  # card -> where it is, to report a card in two places
    hand_masks = _hand_masks(rs, seats, active, hands, seen)
    field_mask = _place(rs, field, "the field", seen)
    piles = _capture_masks(rs, seats, captured, seen)
    pile_list = _pile_list(rs, pile, seen)
    drawn_c = _drawn_card(rs, phase, drawn, seen)
    _check_decision(rs, phase)
    _check_turn(active, to_move, [hand_masks[s].bit_count() for s in range(seats)], phase)
    _check_multiplier(multiplier)
    sage_order = _sage_order(sage_order, active)
    claims = _claims(claims, active)
    holder = dealer if holder is None else holder
    _check_seat(holder, seats, "holder")
    payments = _payments(payments, seats)

    if game is not None:
        st = game.clone()
        st.events_on = events
    else:
        st = State(rs, seats, dealer, events=events)
    build(st, dealt=dealt, active=active, hands=hand_masks, field=field_mask, pile=pile_list,
          captured=piles, to_move=to_move, m=multiplier, claims=claims,
          sage_order=sage_order, mizuten=bool(mizuten), holder=holder, phase=phase,
          drawn=drawn_c, payments=payments, blank=blank)
    _check_take_has_choice(st, phase, drawn_c)
    return st


# ---------------------------------------------------------------------------- the checks
# Seats and turn order.


def _check_phase(phase: str) -> None:
    """A position is in the middle of play: no deal, window or round end to build."""
    if phase not in POSITION_PHASES:
        raise PositionError(f"a position is in play, take or decide, not {phase!r}")


def _game_dealer(rs: Ruleset, seats: int, game: State | None, dealer: int | None) -> int:
    """The round's dealer: a continued game's own (its next round must be its own, between
    rounds and under the same ruleset and seats), else the one given (seat 0 by default)."""
    if game is None:
        return 0 if dealer is None else dealer
    if game.rs is not rs or game.n != seats:
        raise PositionError("game= must be a game of the same ruleset and seats")
    if not game.round_over or game.over:
        raise PositionError("game= must be between rounds of a game still going on")
    if dealer is not None and dealer != game.dealer:
        raise PositionError(f"the game's dealer is seat {game.dealer}, not {dealer}")
    return game.dealer


def _dealt_seats(rs: Ruleset, seats: int, dealer: int, blank: int) -> list[int]:
    """The seats dealt in, from the dealer round the table, without the blank seat (a seat
    that sits the round out); the seat count must be one the ruleset is played with."""
    if not isinstance(seats, int) or not rs.min_seats <= seats <= rs.max_seats:
        raise PositionError(f"ruleset {rs.name!r} is played with {rs.min_seats} to "
                            f"{rs.max_seats} seats, not {seats!r}")
    _check_seat(dealer, seats, "dealer")
    if blank != -1:
        _check_seat(blank, seats, "blank")
    return [(dealer + i) % seats for i in range(seats) if (dealer + i) % seats != blank]


def _active_seats(rs: Ruleset, seats: int, dealt: list[int], active: Iterable[int] | None,
                  blank: int, to_move: int) -> list[int]:
    """The seats in play, in turn order: every dealt seat by default, which is ambiguous
    when more were dealt than the ruleset plays with (drop-out decided who stays)."""
    if active is None:
        if len(dealt) > rs.active_count:
            raise PositionError(f"{len(dealt)} seats were dealt but {rs.name} plays with "
                                f"{rs.active_count}: say which are active")
        active = dealt
    active = list(active)
    for s in active:
        _check_seat(s, seats, "active seat")
        if s == blank:
            raise PositionError(f"seat {s} sits out (blank) and cannot be active")
    if len(set(active)) != len(active) or not 2 <= len(active) <= rs.active_count:
        raise PositionError(f"active must be 2 to {rs.active_count} distinct seats in turn "
                            f"order, not {active}")
    if to_move not in active:
        raise PositionError(f"seat to move {to_move!r} is not active ({active})")
    return active


def _check_turn(active: list[int], to_move: int, counts: list[int], phase: str) -> None:
    """Hand sizes fit whose turn it is: read round the table from the next seat to play,
    they are c, ..., c, c - 1, ..., c - 1 (see the module docstring)."""
    j = active.index(to_move)
    order = active[j:] + active[:j]
    if phase != "play":  # the mover has played this turn: it is last in the cycle
        order = order[1:] + order[:1]
    sizes = [counts[s] for s in order]
    ok = all(sizes[i] >= sizes[i + 1] for i in range(len(sizes) - 1))
    if not ok or sizes[0] - sizes[-1] > 1:
        shown = ", ".join(f"seat {s}: {counts[s]}" for s in order)
        raise PositionError(f"hand sizes ({shown}) do not fit seat {to_move} to move in "
                            f"{phase}: from the next seat to play round the table, each hand "
                            f"holds as many cards as the one before or one fewer")


# Cards and zones: every card in one place, each place's cards of the ruleset's deck.


def _hand_masks(rs: Ruleset, seats: int, active: list[int], hands: Mapping[int, Cards],
                seen: dict[int, str]) -> list[int]:
    """Each seat's hand as a mask: only active seats hold cards, none more than dealt."""
    masks = [0] * seats
    for s, cards in hands.items():
        _check_seat(s, seats, "hand seat")
        masks[s] = _place(rs, cards, f"seat {s}'s hand", seen)
        if masks[s] and s not in active:
            raise PositionError(f"seat {s} is not active and holds no cards")
        if masks[s].bit_count() > rs.hand_size:
            raise PositionError(f"seat {s} holds {masks[s].bit_count()} cards, more "
                                f"than the {rs.hand_size} dealt")
    return masks


def _capture_masks(rs: Ruleset, seats: int, captured: Mapping[int, Cards] | None,
                   seen: dict[int, str]) -> list[int]:
    """Each seat's capture pile as a mask (seats left out have captured nothing)."""
    piles = [0] * seats
    for s, cards in (captured or {}).items():
        _check_seat(s, seats, "capture pile seat")
        piles[s] = _place(rs, cards, f"seat {s}'s capture pile", seen)
    return piles


def _pile_list(rs: Ruleset, pile: str | Iterable[str | int], seen: dict[int, str]) -> list[int]:
    """The draw pile, top first: a mask would lose the order the draws come in."""
    if isinstance(pile, int):
        raise PositionError("the draw pile has an order: give its cards top first, not a mask")
    out = []
    for c in _card_list(rs, pile, "the draw pile"):
        _claim_place(c, "the draw pile", seen)
        out.append(c)
    return out


# Phase facts: what waits in take and decide.


def _drawn_card(rs: Ruleset, phase: str, drawn: int | str, seen: dict[int, str]) -> int:
    """The turned-up card waiting for its target: there in take (and in no other zone),
    -1 in play and decide."""
    drawn_c = drawn if isinstance(drawn, int) else _card_list(rs, [drawn], "drawn")[0]
    if phase == "take":
        if drawn_c < 0:
            raise PositionError("in take, drawn names the turned-up card waiting for a choice")
        _card_list(rs, [drawn_c], "drawn")
        _claim_place(drawn_c, "drawn", seen)
    elif drawn_c != -1:
        raise PositionError(f"a drawn card waits only in take, not in {phase}")
    return drawn_c


def _check_decision(rs: Ruleset, phase: str) -> None:
    """Decide is the sage / shoubu choice after a dekiyaku: only rulesets that have one."""
    if phase == "decide" and rs.decision is None:
        raise PositionError(f"ruleset {rs.name!r} has no decision after a dekiyaku")


def _check_take_has_choice(st: State, phase: str, drawn: int) -> None:
    """In take the drawn card must have a choice of target on the built field, or the
    engine would have captured without asking (checked on the State: the rule is its own)."""
    if phase == "take" and not st.needs_choice(drawn):
        raise PositionError(f"the drawn {CARD_IDS[drawn]} has no choice of target on "
                            f"this field: there is nothing to take")


# Claims and the ledger.


def _check_multiplier(multiplier: object) -> None:
    """The round's multiplier scales every payment: a whole number, at least 1."""
    if not isinstance(multiplier, int) or multiplier < 1:
        raise PositionError(f"the multiplier is a whole number >= 1, not {multiplier!r}")


def _sage_order(sage_order: Iterable[int], active: list[int]) -> list[int]:
    """The seats that called sage, in the order they called: each active, each once."""
    order = list(sage_order)
    if len(set(order)) != len(order) or any(s not in active for s in order):
        raise PositionError(f"sage_order lists distinct active seats, not {order}")
    return order


def _claims(claims: Mapping[int, Claim] | None, active: list[int]) -> dict[int, Claim]:
    """The teyaku claimed: active seats to the engine's Claim (what ``rs.claim`` gives)."""
    out = dict(claims or {})
    for s, c in out.items():
        if s not in active or not isinstance(c, Claim):
            raise PositionError(f"claims map active seats to the ruleset's Claim, not "
                                f"{s!r}: {c!r}")
    return out


def _payments(payments: Iterable[Payment], seats: int) -> list[Payment]:
    """What was paid before play: positive whole amounts between seats or the pot (the
    builder books them, so net and pot follow)."""
    out = list(payments)
    for p in out:
        if (not isinstance(p, Payment) or not isinstance(p.amount, int) or p.amount <= 0
                or any(x != POT and not 0 <= x < seats for x in (p.frm, p.to))):
            raise PositionError(f"not a payment between seats or the pot: {p!r}")
    return out


# Shared by the checks: a seat number, a card list, one place per card.


def _check_seat(s: object, seats: int, what: str) -> None:
    if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < seats:
        raise PositionError(f"{what} must be a seat from 0 to {seats - 1}, not {s!r}")


def _card_list(rs: Ruleset, cards: str | Iterable[str | int], where: str) -> list[int]:
    items = cards.split() if isinstance(cards, str) else list(cards)
    out = []
    for x in items:
        c = INDEX.get(x, -1) if isinstance(x, str) else x
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < 48:
            raise PositionError(f"unknown card {x!r} in {where}")
        if not rs.deck_mask >> c & 1:
            raise PositionError(f"card {CARD_IDS[c]!r} in {where} is not in the "
                                f"{rs.name} deck")
        out.append(c)
    return out


def _claim_place(c: int, where: str, seen: dict[int, str]) -> None:
    if c in seen:
        raise PositionError(f"card {CARD_IDS[c]!r} is in {seen[c]} and in {where}")
    seen[c] = where


def _place(rs: Ruleset, cards: Cards, where: str, seen: dict[int, str]) -> int:
    """The mask of ``cards``, each recorded in ``seen`` (a card in two places is an error)."""
    if isinstance(cards, int) and not isinstance(cards, bool):
        if cards < 0 or cards >> 48:
            raise PositionError(f"not a card mask in {where}: {cards!r}")
        cards = cards_of(cards)
    mask = 0
    for c in _card_list(rs, cards, where):
        _claim_place(c, where, seen)
        mask |= 1 << c
    return mask


# ---------------------------------------------------------------------------- the builder


def build(st: State, *, dealt: list[int], active: list[int], hands: list[int], field: int,
          pile: list[int], captured: list[int], to_move: int, m: int,
          claims: dict[int, Claim], sage_order: list[int], mizuten: bool, holder: int,
          phase: str, drawn: int, payments: list[Payment], blank: int,
          acting: int | None = None) -> None:
    """Make ``st``'s round this position (trusted input: callers check it).

    The turn number follows from the hand sizes (7 turns per active player); the dekiyaku
    values already reached are those of the capture piles.
    """
    from .state import DECIDE, PLAY_PH, TAKE_PH

    st._reset_round(())
    st.phase = {"play": PLAY_PH, "take": TAKE_PH, "decide": DECIDE}[phase]
    st.blank = blank
    st.participants = dealt
    st.active = active
    st.acting = active[0] if acting is None else acting
    st.hidden_hands = False
    st.mizuten_asked = True
    st.m = m
    st.mizuten = mizuten
    st.holder = holder
    st.hands = hands
    st.field = field
    st.pile = pile
    st.pile_pos = 0
    st.captured = captured
    st.drawn = drawn
    st.claims = claims
    k = len(active)
    hand_size = st.rs.hand_size
    last = hand_size * k - 1
    left = sum(hands[s].bit_count() for s in active)
    # this turn's number: the turns still to play end at the last one
    turn = last + 1 - left if phase == "play" else last - left
    turn = min(turn, last)
    st.turn_i = turn
    st._last_turn = last
    shift = (active.index(to_move) - turn) % k
    # who plays each turn: the acting dealer's cycle, or (a position whose hand sizes fit
    # another starting seat) the same cycle turned so that ``to_move`` plays this turn
    st._turns = (tuple(active) * hand_size if not shift else
                 tuple(active[(shift + i) % k] for i in range(last + 1)))
    st.to_move = to_move
    st.sage_order = sage_order
    st.sagers = sum(1 << s for s in sage_order)
    for s in active:
        st.vcache[s] = st.yaku_level(captured[s]) if captured[s] else 0
    for p in payments:  # the ledger as it stands: net and pot follow
        st.pay(p.frm, p.to, p.amount, p.reason, p.basis)


# ---------------------------------------------------------------------------- resample


@lru_cache(maxsize=64)
def _ruleset(name: str, options: tuple) -> Ruleset:
    from . import rulesets

    return rulesets.get(name, **dict(options))


def ruleset_of(view: PlayerView) -> Ruleset:
    """The ruleset a view was made under (cached: search resamples thousands of times)."""
    try:
        return _ruleset(view.ruleset, tuple(sorted(view.options.items())))
    except TypeError:  # an unhashable option value: build it afresh
        from . import rulesets

        return rulesets.get(view.ruleset, **view.options)


def claim_from_view(claim: ClaimView) -> Claim:
    """The engine's Claim for a revealed teyaku, as much as a view tells: its items and
    cards, the months of a triplet teyaku (tobikomi) and the Group-B id (nukeyaku)."""
    items = dict(claim.items)
    mask = claim.mask
    months: tuple[int, ...] = ()
    if TRIPLET_IDS & items.keys():
        months = tuple(sorted({(c >> 2) + 1 for c in cards_of(mask)
                               if (mask >> (c & ~3) & 0xF).bit_count() == 3}))
    b = next((k for k in items if k in GROUP_B_IDS), None)
    a_cards = mask if b is None else 0  # only drop-out compensation reads it, before play
    return Claim(items, mask, a_cards, months, b)


def resample(view: PlayerView, rng: Rng, *, next_draw: int | None = None) -> State:
    """A State in this view's position (play, take or decide; or a window before play, see
    ``_resample_window``), the hidden cards sampled.

    What the seat sees stays as it is (its hand, the field, every capture pile, claims,
    payments, decisions, multiplier, totals); the other active hands and the draw pile are
    dealt at random (``rng.shuffle`` of the cards it cannot place), keeping every hand's size
    and each revealed teyaku card in its holder's hand. ``next_draw``: make this card the
    next one drawn (an expectimax chance node), keeping every hand's size. Not rebuilt
    (a view does not show them): liability watches, and the field multiplier's carry, which
    restarts. Not enforced: that each opponent's dealt hand claims what it claimed (no
    teyaku for a seat without a claim); a reader of the opponents weighs that
    (ai/inference.py, ``Reader.consistent``).
    """
    sampler = Resampler(view)
    if sampler.window:
        return sampler.world(rng, next_draw)
    return sampler.build_world(*sampler.deal(rng, next_draw))  # one world: no template to clone


class Resampler:
    """The worlds of one view in play, for a search that draws hundreds of them.

    ``world(rng, next_draw)`` is ``resample(view, rng, next_draw=...)`` (the same random
    draws, so the same world), but what every world shares (the seats, the ledger, the
    capture piles, the turn order) is built once, and each world is a clone of it with its
    own hands and pile. ``deal`` alone gives a world's hands and pile without the State, for
    a caller that weighs candidate worlds before building one (ai/inference.py). In a window
    before play every world is dealt afresh (``_resample_window``).
    """

    def __init__(self, view: PlayerView) -> None:
        if view.seat < 0:  # its hidden cards are everyone's: no seat's worlds to draw
            raise PositionError("a spectator's view (public_view) has no seat to resample "
                                "for: resample a seat's own view")
        self.view = view
        self.window = view.phase in WINDOW_PHASES
        if self.window:
            return
        if view.phase not in POSITION_PHASES:
            raise PositionError(f"a view in {view.phase!r} has no position to resample (play, "
                                f"take, decide, or the mizuten and drop-out windows)")
        rs = self.rs = ruleset_of(view)
        me = view.seat
        self.active = list(view.active) or list(range(view.seats))
        self.opps = [s for s in self.active if s != me]
        unseen = view.unseen_mask(rs.deck_mask)
        self.known: dict[int, int] = {}
        pool = unseen
        for s in self.opps:
            c = view.claims.get(s)
            self.known[s] = (c.mask & unseen) if c else 0
            pool &= ~self.known[s]
        self.pool = cards_of(pool)
        self.need = {s: view.hand_counts[s] - self.known[s].bit_count() for s in self.opps}
        self._template: State | None = None

    def deal(self, rng: Rng, next_draw: int | None = None) -> tuple[list[int], list[int]]:
        """A world's hands (every seat) and pile: the cards this seat cannot place, shuffled
        (in play; a window's worlds come whole from ``world``)."""
        if self.window:
            raise PositionError("a window's worlds are dealt whole: use Resampler.world")
        view = self.view
        rest = self.pool[:]
        rng.shuffle(rest)
        hands = [0] * view.seats
        hands[view.seat] = view.hand_mask
        i = 0
        for s in self.opps:
            need = self.need[s]
            # distinct cards, none of them known: their bits sum to their mask
            hands[s] = self.known[s] | sum(map(BITS.__getitem__, rest[i:i + need]))
            i += need
        pile = rest[i:]
        if next_draw is not None:
            _put_on_top(pile, hands, self.opps, next_draw)
        return hands, pile

    def state(self, hands: list[int], pile: list[int]) -> State:
        """The world with these hands and this pile (a clone of the shared part)."""
        if self._template is None:
            self._template = self.build_world(hands, pile)
        st = self._template.clone()
        st.hands = hands
        st.pile = pile
        st.pile_pos = 0
        return st

    def world(self, rng: Rng, next_draw: int | None = None) -> State:
        """One world consistent with the view (see ``resample``)."""
        if self.window:
            if next_draw is not None:
                raise PositionError("next_draw names the next card drawn in play, "
                                    "not in a window")
            return _resample_window(self.view, rng)
        return self.state(*self.deal(rng, next_draw))

    def build_world(self, hands: list[int], pile: list[int]) -> State:
        """A world built whole (what ``state`` clones after its first)."""
        view = self.view
        st = self.rs.new_state(view.seats, view.dealer, events=False)
        st.rounds_played = view.round - 1  # before build: Koi-Koi's month reads it
        dealt = [(view.dealer + j) % view.seats for j in range(view.seats)
                 if (view.dealer + j) % view.seats != view.blank]
        build(st, dealt=dealt, active=self.active, hands=hands[:], field=view.field_mask,
              pile=pile[:], captured=list(view.captured_masks), to_move=view.to_move,
              m=view.multiplier,
              claims={s: claim_from_view(c) for s, c in view.claims.items()},
              sage_order=list(view.sage_order), mizuten=view.mizuten, holder=view.holder,
              phase=view.phase, drawn=view.drawn, payments=list(view.payments),
              blank=view.blank, acting=view.acting_dealer)
        st.totals = list(view.totals)
        st.results = list(view.results)
        return st


def _resample_window(view: PlayerView, rng: Rng) -> State:
    """A State at this view's window before play (mizuten or drop-out), the hidden cards
    dealt at random: every dealt seat's hand (this seat's too while hands are hidden) and the
    pile. The decisions so far are the view's: who joined (``active``), the seats before the
    mover in the drop-out order dropped, and the fees paid (``payments``). Played on through
    ``apply``, the window ends as the rules say (forced-out seats, compensation, the pot, a
    misdeal when nobody joins)."""
    from .state import DROPOUT, MIZUTEN_PH

    rs = ruleset_of(view)
    dealt = list(dealt_seats(view.seats, view.dealer, view.blank))
    mine = view.hand_mask  # 0 while the hands are hidden (the mizuten window)
    rest = cards_of(rs.deck_mask & ~mine & ~view.field_mask)
    rng.shuffle(rest)
    hands = [0] * view.seats
    i = 0
    for s in dealt:
        if s == view.seat and mine:
            hands[s] = mine
            continue
        hands[s] = sum(map(BITS.__getitem__, rest[i:i + rs.hand_size]))
        i += rs.hand_size
    st = rs.new_state(view.seats, view.dealer, events=False)
    st._reset_round(())
    st.blank = view.blank
    st.participants = dealt
    st.hands = hands
    st.field = view.field_mask
    st.pile = rest[i:]
    st.m = view.multiplier
    st.mizuten = view.mizuten
    st.holder = view.holder
    st.mizuten_asked = True
    st.to_move = view.to_move
    if view.phase == "mizuten":
        st.phase = MIZUTEN_PH
    else:
        st.phase = DROPOUT
        st.hidden_hands = False
        st.order = dealt[:]
        st.order_i = dealt.index(view.to_move)
        st.active = list(view.active)
        st.drops = st.order_i - len(st.active)  # the seats before the mover that did not join
    for p in view.payments:  # the fees so far: net and pot follow
        st.pay(p.frm, p.to, p.amount, p.reason, p.basis)
    st.totals = list(view.totals)
    st.results = list(view.results)
    st.rounds_played = view.round - 1
    return st


def _put_on_top(pile: list[int], hands: list[int], opps: list[int], card: int) -> None:
    """Make ``card`` the next draw, keeping every hand's size."""
    if card in pile:
        i = pile.index(card)
        pile[0], pile[i] = pile[i], pile[0]
        return
    for s in opps:  # it was dealt to an opponent: trade it with the pile's top card
        if hands[s] >> card & 1 and pile:
            top = pile[0]
            hands[s] = (hands[s] & ~(1 << card)) | (1 << top)
            pile[0] = card
            return
