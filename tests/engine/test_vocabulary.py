"""One home for every rule and every name (issue 10): the engine's vocabulary and catalogue.

Contract tests walk real games of every ruleset and preset and check that every event kind,
payload, payment reason and yaku the engine produces is one it declares, with a category;
the defect tests pin the seven places where the table used to say what the engine did not do.
"""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.cards import INDEX, MONTH_MASK, cards_of, mask_of, names_of
from game.engine.events import Event
from game.engine.rng import Rng
from game.engine.state import DEAL, PLAY_PH
from game.engine.vocab import EVENT_FIELDS, CaptureRule, Category, EventKind, PaidAt

# Every ruleset with option sets that switch on what can be paid (fees, liabilities, the
# 1921 teyaku, four of a month taken by the dealer ...), and a seat count for each.
CASES = [
    ("hachihachi", {}, 3), ("hachihachi", {}, 5), ("hachihachi", {}, 7),
    ("hachihachi", {"payment_model": "split", "hand_swap": True, "bdb": True,
                    "hatto_liability": True, "tobikomi_liability": True}, 4),
    ("hachihachi", {"two_player_payment": "capped"}, 2),
    ("hachihachi-nintendo", {}, 4),
    ("nuki-hachihachi", {"dropout_fees": True, "forced_out_comp": "non_dealers"}, 4),
    ("nuki-hachihachi", {}, 2),
    ("hachi", {"match_end": "rounds"}, 2),
    ("sudaoshi", {"field_four": "dealer_takes", "yaku_unit": 12}, 3),
    ("sudaoshi", {"teyaku": "1921", "more_seats": True}, 5),
    ("curriculum", {"tier": 2}, 3), ("curriculum", {"tier": 8}, 3),
]


def play(rs: rulesets.Ruleset, seats: int, seed: int, rounds: int = 4):
    """Random legal games with events on; yields (state, event) for every event."""
    st = rs.new_state(seats, 0, events=True)
    rng = Rng(seed)
    played = 0
    while not st.over and played < rounds:
        if st.phase == DEAL:
            deck = list(rs.deck_cards)
            rng.shuffle(deck)
            evs = st.start_round(deck)
            played += 1
        elif st.is_chance():
            evs = st.apply(st.sample_chance(rng))
        else:
            evs = st.apply(rng.choice(st.legal_actions()))
        for ev in evs:
            yield st, ev


@pytest.mark.parametrize(("name", "options", "seats"), CASES)
def test_every_event_and_payment_is_in_the_vocabulary(name, options, seats):
    rs = rulesets.get(name, **options)
    ids = {e.id for e in rs.entries}
    kinds = set()
    for seed in range(6):
        for _st, ev in play(rs, seats, seed):
            assert isinstance(ev.kind, EventKind)
            kinds.add(ev.kind)
            required, optional = EVENT_FIELDS[ev.kind]
            keys = set(ev.data)
            assert required <= keys <= required | optional, (ev.kind, keys)
            if ev.kind == EventKind.PAYMENT:
                reason = ev.data["reason"]
                assert reason in ids, f"{name} pays {reason!r} but its catalogue lacks it"
                assert isinstance(rs.category(reason), Category)
            if ev.kind == EventKind.CAPTURED:
                assert ev.data["card"] in ev.data["cards"]
                assert all(c in INDEX for c in ev.data["cards"])
    assert {EventKind.ROUND_START, EventKind.ROUND_END, EventKind.PAYMENT} <= kinds


def test_categories_of_the_reasons_the_spec_names():
    rs = rulesets.get("hachihachi", hand_swap=True, bdb=True)
    assert rs.category("dropout_fee") == rs.category("compensation") == Category.FEE
    assert rs.category("sanbon") == Category.TEYAKU
    assert rs.category("aotan") == Category.DEKIYAKU
    assert rs.category("sujuroku") == Category.SPECIAL
    assert rs.category("dealer_hand") == rs.category("tobikomi") == Category.ACHIEVEMENT
    assert rs.category("pot") == Category.POT
    assert rs.category("card_points") == Category.CARD_POINTS
    with pytest.raises(ValueError, match="never pays"):
        rs.category("kirishima")  # a Hachi yaku


def test_nasake_is_a_teyaku_of_the_next_player_only():
    """Defect 2: Sudaoshi 1921's nasake was filed under dekiyaku and had no category."""
    rs = rulesets.get("sudaoshi", teyaku="1921")
    assert rs.category("nasake") == Category.TEYAKU
    entry = next(e for e in rs.entries if e.id == "nasake")
    assert entry.positions == (1,) and entry.value == 10
    hand = ["pine_ribbon", "plum_ribbon", "cherry_ribbon", "crane", "warbler", "moon",
            "deer"]
    assert rs.teyaku(hand, seat=1) == {"nasake": 10}
    assert rs.teyaku(hand, seat=0) == {}


def test_sudaoshi_four_of_a_month_names_the_cards_taken():
    """Defect 1: the dealer's capture of four of a month came with card='' (a KeyError in
    the narration, and the game dropped to the title)."""
    rs = rulesets.get("sudaoshi", field_four="dealer_takes")
    four = MONTH_MASK[7]  # Susuki: moon, geese and two chaff
    rest = [c for c in rs.deck_cards if not four >> c & 1]
    deck = rest[:21] + cards_of(four) + rest[21:]
    st = rs.new_state(3, 0)
    evs = st.start_round(deck)
    caps = [e for e in evs if e.kind == EventKind.CAPTURED]
    assert len(caps) == 1
    assert caps[0].data == {"card": "moon", "cards": names_of(four), "rule": "field_four"}
    assert st.captured[st.acting] == four


@pytest.mark.parametrize(("name", "options", "seats"), [
    ("hachihachi", {"payment_model": "split"}, 3), ("hachihachi", {}, 3),
    ("hachihachi", {"payment_model": "split"}, 5), ("hachihachi-nintendo", {}, 3),
    ("nuki-hachihachi", {}, 2), ("sudaoshi", {}, 3), ("sudaoshi", {"teyaku": "1921"}, 3),
])
def test_teyaku_reveal_amounts_equal_what_the_engine_pays(name, options, seats):
    """Defect 3: the reveal showed raw claim values (double under payment_model=split) and
    said 'settled at round end' for rulesets that pay at the claim."""
    rs = rulesets.get(name, **options)
    checked = 0
    for seed in range(40):
        st = rs.new_state(seats, 0, events=True)
        rng = Rng(seed)
        claims = None
        while not st.over and st.rounds_played < 1:
            if st.phase == DEAL:
                deck = list(rs.deck_cards)
                rng.shuffle(deck)
                st.start_round(deck)
            elif st.is_chance():
                st.apply(st.sample_chance(rng))
            else:
                st.apply(rng.choice(st.legal_actions()))
            if claims is None and st.phase == PLAY_PH:  # play began: claims are shown
                claims = st.view(st.active[0]).claims
        result = st.results[-1]
        if not claims or result.ending in ("sohachi", "nihachi", "sujuroku", "misdeal"):
            continue
        for seat, c in claims.items():
            assert c.paid_at == rs.teyaku_paid_at
            for k in c.items:
                paid = [p.amount for p in result.payments if p.reason == k and p.to == seat]
                assert paid and set(paid) == {c.pays[k]}, (seed, k, paid, c.pays)
                checked += 1
    assert checked >= 3
    expected = PaidAt.CLAIM if name in ("hachihachi-nintendo", "sudaoshi") else \
        PaidAt.ROUND_END
    assert rs.teyaku_paid_at == expected


def test_the_yaku_watch_lists_every_yaku_for_the_seat_that_can_make_it():
    """Defect 4 and the contract: every card-set yaku a ruleset pays is watched for the
    positions that can make it (Sudaoshi's Willow yaku: the third seat only)."""
    for name in rulesets.names():
        for options in ({}, {"bdb": True}, {"teyaku": "1921"}, {"tier": 7}):
            try:
                rs = rulesets.get(name, **options)
            except ValueError:
                continue
            seats = max(rs.min_seats, min(3, rs.max_seats))
            st = rs.new_state(seats, 0)
            deck = list(rs.deck_cards)
            Rng(5).shuffle(deck)
            st.start_round(deck)
            while st.is_chance() or st.active == []:
                st.apply(st.legal_actions()[0] if not st.is_chance() else
                         st.sample_chance(Rng(1)))
            v = st.view(0)
            for seat, pos in enumerate(v.positions):
                if pos < 0:
                    continue
                want = {e.id for e in rs.entries if e.is_card_set and e.open_to(pos)}
                got = {p.id for p in v.watch[seat]} | set(v.yaku[seat])
                assert got == want, (name, options, pos)


def test_yaku_now_is_position_aware_for_sudaoshi_willow():
    rs = rulesets.get("sudaoshi")
    willow = MONTH_MASK[10]
    assert rs.yaku_now(willow, 2) == {"ame_zoro": 20}
    assert rs.yaku_now(willow, 0) == {}


def test_capture_rule_and_rounds_planned_come_from_the_engine():
    """Defects 5 and 6: Hachi captures by month sum; agari and points matches plan no
    number of rounds, and the year extension goes past the plan."""
    assert rulesets.get("hachi").capture_rule == CaptureRule.MONTH_SUM
    assert rulesets.get("hachihachi").capture_rule == CaptureRule.SAME_MONTH
    assert rulesets.get("hachi").rounds_planned is None
    assert rulesets.get("hachi", match_end="points").rounds_planned is None
    assert rulesets.get("hachi", match_end="rounds", rounds=5).rounds_planned == 5
    assert rulesets.get("hachihachi").rounds_planned == 12
    rs = rulesets.get("hachihachi", rounds=1, year_extension=True, multiplier_carry="queue")
    st = rs.new_state(3, 0)
    # a field with two Grand brights: x4 now, x4 carried, so round 2 is an extension
    grand = mask_of([INDEX["rain_man"], INDEX["phoenix"]])
    rest = [c for c in rs.deck_cards if not grand >> c & 1]
    st.start_round(rest[:21] + cards_of(grand) + rest[21:])
    rng = Rng(3)
    while st.rounds_played < 1:
        st.apply(st.sample_chance(rng) if st.is_chance() else rng.choice(st.legal_actions()))
    assert not st.over and st.view(0).rounds_planned is None


def test_interchangeable_cards():
    """Two plain chaff of one month are the same for every rule of 88 (the yellow Paulownia
    chaff too); in Hachi the yellow one makes yaku, so it is not."""
    hh = rulesets.get("hachihachi")
    assert hh.interchangeable(INDEX["maple_chaff_1"], INDEX["maple_chaff_2"])
    assert hh.interchangeable(INDEX["paulownia_yellow"], INDEX["paulownia_chaff_1"])
    assert not hh.interchangeable(INDEX["maple_chaff_1"], INDEX["maple_ribbon"])
    assert not hh.interchangeable(INDEX["lightning"], INDEX["willow_ribbon"])
    hachi = rulesets.get("hachi")
    assert not hachi.interchangeable(INDEX["paulownia_yellow"], INDEX["paulownia_chaff_2"])
    assert hachi.interchangeable(INDEX["paulownia_chaff_1"], INDEX["paulownia_chaff_2"])


def test_event_str_and_kind_compare_as_plain_strings():
    ev = Event(EventKind.CAPTURED, 0, {"card": "crane", "cards": ["crane"]})
    assert ev.kind == "captured" and str(ev).startswith("captured(0")
