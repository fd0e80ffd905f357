"""The rules as written, plainly, for the fast paths to be compared with (FASTPATHS.md).

Each function restates one rule from docs/rules in the most obvious way, over the public API
where there is one, with no care for speed. The engine's fast code must give what these
give; a change of rule changes the reference first (and then every fast path its row in
game/engine/FASTPATHS.md lists).
"""

from __future__ import annotations

from game.engine.actions import CANCEL, PLAY, SHOUBU, TAKE, Action
from game.engine.cards import CARD_IDS, MONTH_MASK, cards_of
from game.engine.ledger import Payment
from game.engine.multiplier import field_brights
from game.engine.specials import NIHACHI_POINTS, SOHACHI_POINTS, SUJUROKU_CHAFF
from game.engine.state import PLAY_PH, TAKE_PH
from game.engine.teyaku import TRIPLET_IDS, is_standing, shape
from game.engine.vocab import Reason


def capture_choices(rs, field: int, card: int) -> list[int]:  # noqa: ANN001 - a Ruleset
    """common.md §4: the field cards ``card`` may take, when the player must pick one: two of
    its month, or under month sum more than one; else none."""
    takes = [t for t in cards_of(field) if rs.can_capture(CARD_IDS[card], CARD_IDS[t])]
    if len(takes) == 2 or (rs.capture_sum and len(takes) > 2):
        return takes
    return []


def legal_plays(rs, seat: int, hand: int, field: int, sager: bool) -> set[Action]:  # noqa: ANN001
    """The legal moves of a turn: each hand card, with each target when it has a choice;
    a sager may cancel."""
    out = {Action(seat, CANCEL)} if sager else set()
    for c in cards_of(hand):
        among = capture_choices(rs, field, c)
        if among:
            out |= {Action(seat, PLAY, (c, t)) for t in among}
        else:
            out.add(Action(seat, PLAY, (c,)))
    return out


def four_of_a_month(field: int) -> int | None:
    """common.md §7: the month (1..12) of which the field holds all four cards, or None."""
    for m in range(12):
        if field & MONTH_MASK[m] == MONTH_MASK[m]:
            return m + 1
    return None


def standing_triplets(hand: int) -> int:
    """How many of the hand's triplets stand (``teyaku.is_standing``, one triplet at a
    time)."""
    return sum(1 for m in range(12) if (hand & MONTH_MASK[m]).bit_count() == 3
               and is_standing(m + 1, hand & MONTH_MASK[m]))


def claim(table, hand: int) -> tuple | None:  # noqa: ANN001 - a TeyakuTable
    """hachihachi.md §6.4 without any gate: classify, name, value, combine (Claim's parts)."""
    sh = shape(hand)
    a = table.a_id(sh.a, sh.standing)
    b = sh.b
    av = table.values.get(a, 0) if a else 0
    bv = table.values.get(b, 0) if b else 0
    a = a if av else None
    b = b if bv else None
    if a and b and table.best_one:
        a, b = (None, b) if bv > av else (a, None)
    if not a and not b:
        return None
    items = {**({a: av} if a else {}), **({b: bv} if b else {})}
    reveal = (sh.a_cards if a else 0) | (sh.b_cards if b else 0)
    return items, reveal, sh.a_cards if a else 0, sh.triplets if a in TRIPLET_IDS else (), b


def multiplier_queue(field: int, carry: tuple, grand: bool) -> tuple[int, tuple]:
    """hachihachi.md §3, carry by queue: the first bright of a fresh queue sets this round's
    multiplier and the rest wait; a waiting multiplier sets it otherwise."""
    f = field_brights(field, grand=grand)
    q = list(carry)
    if not q:
        m = f[0] if f else 1
        q.extend(f[1:])
    else:
        m = q.pop(0)
        q.extend(f)
    return m, tuple(q)


def settle_against_par(seats, points, pars, m: int) -> list[Payment]:  # noqa: ANN001
    """hachihachi.md §11, sudaoshi.md §6: one seat below its par pays each seat above its
    surplus; otherwise each seat below pays its deficit to each seat above (x m)."""
    d = [p - par for p, par in zip(points, pars, strict=True)]
    below = [i for i in range(len(d)) if d[i] < 0]
    above = [i for i in range(len(d)) if d[i] > 0]
    out = []
    if len(below) == 1:
        for i in above:
            out.append(Payment(seats[below[0]], seats[i], d[i] * m, Reason.CARD_POINTS))
    else:
        for i in above:
            for j in below:
                out.append(Payment(seats[j], seats[i], -d[j] * m, Reason.CARD_POINTS))
    return out


def special_applies(points: list[int], chaff: list[int], values) -> bool:  # noqa: ANN001
    """hachihachi.md §11: a round-end special applies (All Eights, Double Eights, Sixteen
    Chaff), among those the configuration plays (``SpecialValues``)."""
    return ((values.sohachi is not None and all(p == SOHACHI_POINTS for p in points))
            or (values.nihachi is not None and any(p >= NIHACHI_POINTS for p in points))
            or (values.sujuroku is not None and any(c >= SUJUROKU_CHAFF for c in chaff)))


def greedy_round(st, rng, careful: bool = False) -> None:  # noqa: ANN001 - State, Rng
    """The greedy policy written plainly over the public API (legal actions, card values,
    ``can_capture``), one ``apply`` per move: what the rollout code must reproduce.
    ``careful`` (the CAREFUL policy): a card that takes nothing also scores minus its own
    value and the best value among the cards it could take that the seat cannot see (the
    deck less the field, every pile and its own hand)."""
    rs, vals = st.rs, st.rs.values
    while not st.round_over:
        if st.is_chance():
            st.apply(st.sample_chance(rng))
            continue
        seat, legal = st.to_move, st.legal_actions()
        if st.phase == PLAY_PH:
            seen = st.field | st.hands[seat]
            for pile in st.captured:
                seen |= pile
            unseen = [c for c in rs.deck_cards if not seen >> c & 1]

            def score(a, unseen=unseen):  # noqa: ANN001, ANN202
                c = a.args[0]
                if len(a.args) == 2:
                    return 100 * (vals[c] + vals[a.args[1]])
                taken = [t for t in cards_of(st.field)
                         if rs.can_capture(CARD_IDS[c], CARD_IDS[t])]
                if taken:
                    return 100 * (vals[c] + sum(vals[t] for t in taken))
                if careful:
                    live = [t for t in unseen if rs.can_capture(CARD_IDS[c], CARD_IDS[t])]
                    if live:
                        return -2 * vals[c] - max(vals[t] for t in live)
                return -vals[c]
            plays = [a for a in legal if a.verb == PLAY]
            best = max(plays, key=lambda a: (score(a), -a.args[0], -a.args[-1]))
            if st.sagers >> seat & 1 and score(best) <= 0:
                best = Action(seat, CANCEL)
        elif st.phase == TAKE_PH:
            best = max((a for a in legal if a.verb == TAKE),
                       key=lambda a: (vals[a.args[0]], -a.args[0]))
        else:
            best = next((a for a in legal if a.verb == SHOUBU), None) or rng.choice(legal)
        st.apply(best)
