"""The engine's fast paths give what the rules as written give.

Each fast path (the dekiyaku value's mask reject, card points by 12-bit tables, the teyaku
claim's shape gate (a table lookup), the multiplier queue's no-bright step and its memo, the
deal's summed masks, the settlement written for events off) is compared with a plain
reference on many seeded inputs of every ruleset and option preset it serves.
"""

from __future__ import annotations

import pytest

from game.engine import rulesets, teyaku
from game.engine.cards import BRIGHTS, GRAND_BRIGHTS, LARGE_BRIGHTS, RIBBONS, mask_of
from game.engine.multiplier import MultiplierCarry
from game.engine.rng import Rng
from game.engine.state import GREEDY, OVER, PLAY_PH, RANDOM
from game.engine.teyaku import has_teyaku_shape

from . import reference

HH_PRESETS = (
    {},
    {"bdb": True, "goko_after_shiko": "cumulative", "nanatan_extra": True},
    {"teyaku_combine": "best_one", "kan": 10, "aka_value": 3},
    {"mizuten": True, "hand_swap": True, "payment_model": "split", "hatto_liability": True,
     "tobikomi_liability": True, "multiplier_carry": "stack", "sage_failure": "half_double"},
    {"multiplier_carry": "one_round", "two_player_payment": "capped", "sage_failure": "half"},
)
CONFIGS = [("hachihachi", o) for o in HH_PRESETS] + [
    ("hachihachi-nintendo", {}), ("nuki-hachihachi", {}), ("hachi", {}), ("sudaoshi", {}),
    *[("curriculum", {"tier": t}) for t in range(1, 10)],
]


def _config_ids() -> list[str]:
    return [f"{n}-{i}" for i, (n, _) in enumerate(CONFIGS)]


def _piles(rng: Rng, count: int) -> list[int]:
    """Random piles of every size, and piles rich in brights and ribbons (the yaku cards)."""
    out = []
    for i in range(count):
        cards = list(range(48))
        rng.shuffle(cards)
        pile = mask_of(cards[:rng.below(49)])
        if i % 3 == 0:
            pile |= BRIGHTS & ~(1 << (4 * rng.below(12)))
        if i % 4 == 0:
            pile |= RIBBONS & ~(1 << (4 * rng.below(12) + 1))
        out.append(pile)
    return out


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_config_ids())
def test_dekiyaku_value_is_the_sum_of_the_items(name, options):
    rs = rulesets.get(name, **options)
    dek = getattr(rs, "dek", None)
    if dek is None:
        assert rs.dek_value(BRIGHTS | RIBBONS) == 0  # no dekiyaku table: nothing scores
        return
    piles = _piles(Rng(3), 3000)
    assert any(dek.value(p) for p in piles) or not dek.values  # the slow branch runs
    for pile in piles:
        want = sum(dek.items(pile).values())
        assert dek.value_fn(pile) == want, hex(pile)
        assert rs.dek_value(pile) == want


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_config_ids())
def test_card_points_closure_counts_like_the_value_masks(name, options):
    rs = rulesets.get(name, **options)
    for pile in _piles(Rng(5), 2000):
        want = sum(value * (pile & vm).bit_count() for value, vm in rs.value_masks)
        assert rs.points(pile) == want
        assert want == sum(rs.values[c] for c in range(48) if pile >> c & 1 and
                           rs.deck_mask >> c & 1)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_config_ids())
def test_teyaku_claim_gate_drops_no_claim(name, options):
    rs = rulesets.get(name, **options)
    table = rs.teyaku_table  # Sudaoshi's is the 88 table of its teyaku option
    if table is None:
        assert rs.claim(mask_of(range(7)), 0) is None
        return
    rng = Rng(11)
    deck = list(rs.deck_cards)
    shaped = claimed = 0
    for _ in range(6000):
        rng.shuffle(deck)
        hand = mask_of(deck[:7])
        got = table.claim(hand)
        want = reference.claim(table, hand)
        shaped += has_teyaku_shape(hand)
        if want is None:
            assert got is None
        else:
            claimed += 1
            assert has_teyaku_shape(hand)
            assert tuple(got) == want
        assert rs.claim(hand, 0) == got
    assert shaped and (claimed or not table.values)


def test_claim_gate_table_is_has_teyaku_shape():
    """The claim's table gate (four 12-bit lookups) answers as the bit-count test on hands
    of every size, and on the hands that hold whole months."""
    rng = Rng(23)
    cards = list(range(48))
    hands = [0, (1 << 48) - 1] + [sum(1 << (4 * m + k) for k in range(4)) for m in range(12)]
    for i in range(20000):
        rng.shuffle(cards)
        hands.append(mask_of(cards[:7 if i % 2 else rng.below(49)]))
    passed = 0
    for hand in hands:
        v = (teyaku._GATE0[hand & 0xFFF] + teyaku._GATE1[hand >> 12 & 0xFFF]
             + teyaku._GATE2[hand >> 24 & 0xFFF] + teyaku._GATE3[hand >> 36 & 0xFFF])
        gate = bool(v >> 24 or v >> 16 == 3 or (v >> 8 & 0xFF) <= 1 or not v & 0xFF)
        assert gate == has_teyaku_shape(hand), hex(hand)
        passed += gate
    assert 0 < passed < len(hands)


@pytest.mark.parametrize("grand", [True, False])
def test_multiplier_queue_without_brights_only_moves_the_queue(grand):
    carry_rule = MultiplierCarry("queue", grand=grand)
    rng = Rng(2)
    carry: object = carry_rule.initial()
    for _ in range(3000):
        cards = list(range(48))
        rng.shuffle(cards)
        field = mask_of(cards[:6])
        if rng.below(2):
            field &= ~(GRAND_BRIGHTS | LARGE_BRIGHTS)
        want = reference.multiplier_queue(field, carry, grand)
        m, carry = carry_rule.step(field, carry)
        assert (m, carry) == want


@pytest.mark.parametrize("grand", [True, False])
@pytest.mark.parametrize("mode", ["queue", "one_round", "stack"])
def test_multiplier_step_remembered_is_the_step_as_written(mode, grand):
    """``step`` answers from its memo (brights of the field, carry) what ``_step`` computes
    from the whole field; a carry given as a list still steps as written."""
    remembered, written = MultiplierCarry(mode, grand=grand), MultiplierCarry(mode, grand=grand)
    rng = Rng(4)
    carry: object = remembered.initial()
    for i in range(3000):
        cards = list(range(48))
        rng.shuffle(cards)
        field = mask_of(cards[:6])
        if i % 5 == 0:
            field |= GRAND_BRIGHTS if i % 2 else LARGE_BRIGHTS
        want = written._step(field, carry)
        got = remembered.step(field, carry)
        assert got == want
        if isinstance(carry, tuple) and carry:
            assert remembered.step(field, list(carry)) == want
        carry = got[1]
    assert remembered._memo  # the memo answered


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_config_ids())
@pytest.mark.parametrize("policy", [GREEDY, RANDOM])
def test_rounds_with_events_off_settle_like_rounds_with_events_on(name, options, policy):
    """Events off (search) takes the fast paths (no basis, no events); the same seeded
    rounds with events on must make the same deal, payments, results and totals."""
    rs = rulesets.get(name, **options)
    seats = 2 if name in ("hachi", "nuki-hachihachi") else 3
    games = []
    for events in (False, True):
        rng = Rng(17)
        st = rs.new_state(seats, 0, events=events)
        rounds = []
        for _ in range(60):
            if st.phase == OVER:
                st = rs.new_state(seats, 0, events=events)
            deck = list(rs.deck_cards)
            rng.shuffle(deck)
            st.start_round(deck)
            assert sum(st.hands).bit_count() + st.field.bit_count() + len(st.pile) == len(deck)
            st.playout(rng, policy)
            r = st.results[-1]
            assert sum(r.net) + sum(p.amount for p in r.payments if p.to == -1) \
                - sum(p.amount for p in r.payments if p.frm == -1) == 0
            rounds.append((r.ending, r.winner, r.multiplier, r.net, r.payments,
                           tuple(st.totals), st.dealer, tuple(map(str, st.actions))))
        games.append(rounds)
    assert games[0] == games[1]


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_config_ids())
def test_start_round_takes_exactly_the_permutations_of_the_deck(name, options):
    """The deal's permutation check (bytes and translations) accepts every shuffle of the
    ruleset's deck and refuses a repeated card, a foreign card, a short deck and non-cards,
    as the set comparison it replaces did."""
    from game.engine.errors import IllegalAction

    rs = rulesets.get(name, **options)
    rng = Rng(6)
    outside = [c for c in range(48) if c not in rs.deck_set] + [48, 255, 256, -1]
    for i in range(300):
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        assert frozenset(deck) == rs.deck_set
        rs.new_state(rs.min_seats, 0, events=False).start_round(deck)
        bad = deck[:]
        j, k = rng.below(len(deck)), rng.below(len(deck))
        bad[j] = bad[k] if j != k else outside[i % len(outside)]
        for wrong in (bad, deck[:-1], deck[:-1] + [str(deck[-1])], deck[:-1] + [1.5]):
            assert frozenset(wrong) != rs.deck_set or len(wrong) != len(deck)
            with pytest.raises(IllegalAction):
                rs.new_state(rs.min_seats, 0, events=False).start_round(wrong)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_config_ids())
def test_points_and_chaff_tables_count_like_the_rules(name, options):
    """Settlement's packed lookup: card points, and the chaff for the specials shifted by 10."""
    from game.engine.cards import CHAFF_EQUIV
    from game.engine.rulesets.base import points_and_count_tables

    rs = rulesets.get(name, **options)
    tables = points_and_count_tables(rs.value_masks, CHAFF_EQUIV)
    assert tables is not None  # every ruleset's deck stays under 1024 points
    t0, t1, t2, t3 = tables
    for pile in _piles(Rng(8), 1500):
        pile &= rs.deck_mask
        v = t0[pile & 0xFFF] + t1[pile >> 12 & 0xFFF] + t2[pile >> 24 & 0xFFF] + t3[pile >> 36]
        assert v & 0x3FF == rs.points(pile)
        assert v >> 10 == (pile & CHAFF_EQUIV).bit_count()


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_config_ids())
def test_claims_at_play_start_are_the_rulesets_claims(name, options):
    """The deal's inline claim gate (then ``claim_shaped``) records exactly the claims that
    ``Ruleset.claim`` gives each active hand at its position."""
    rs = rulesets.get(name, **options)
    rng = Rng(9)
    seats = 3 if rs.min_seats <= 3 <= rs.max_seats else rs.min_seats
    st = rs.new_state(seats, 0, events=False)
    seen = 0
    for _ in range(400):
        if st.phase == OVER:
            st = rs.new_state(seats, 0, events=False)
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        st.start_round(deck)
        while st.phase != PLAY_PH and not st.round_over:
            if st.is_chance():
                st.apply(st.sample_chance(rng), check=False)
            else:
                st.apply(rng.choice(st.legal_actions()), check=False)
        if st.phase == PLAY_PH:
            want = {}
            for pos, s in enumerate(st.active):
                c = rs.claim(st.hands[s], pos)
                if c is not None:
                    want[s] = c
            assert st.claims == want
            seen += bool(want)
        st.playout(rng, RANDOM)
    assert seen or rs.teyaku_table is None or not rs.teyaku_table.values
