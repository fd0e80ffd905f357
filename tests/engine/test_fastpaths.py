"""The fast-path register (game/engine/FASTPATHS.md) and the direct oracles it names.

The register lists every place that restates a rule for speed; this file checks that the
tags in the code and the register's rows agree, and compares the fast paths that had no
direct reference (legal moves, the turn, the deal's misdeal check, the specials gate, the
ledger's quiet bookkeeping, card points against a par) with the rules as written
(``reference.py``), on many seeded positions of every ruleset.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine import rulesets
from game.engine.actions import PLAY
from game.engine.capture import choices
from game.engine.cardpoints import settle_against_par
from game.engine.cards import CHAFF_EQUIV, MONTH_MASK, cards_of, mask_of
from game.engine.rng import Rng
from game.engine.rulesets.hachihachi import HachiHachi
from game.engine.state import OVER, PLAY_PH, TAKE_PH, State
from game.engine.teyaku import shape

from . import reference

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "game" / "engine"
REGISTER = ENGINE / "FASTPATHS.md"
TAG = re.compile(r"fastpath: ([a-z][a-z0-9-]*)")
ROW = re.compile(r"^\| `([a-z][a-z0-9-]*)` \|", re.M)
TEST_REF = re.compile(r"`(tests/[\w/]+\.py)::(\w+)`")

CONFIGS = [("hachihachi", {}), ("hachihachi", {"bdb": True, "goko_after_shiko": "cumulative"}),
           ("hachihachi", {"multiplier_carry": "stack", "payment_model": "split"}),
           ("hachihachi-nintendo", {}), ("nuki-hachihachi", {}), ("hachi", {}), ("sudaoshi", {}),
           ("curriculum", {"tier": 1}), ("curriculum", {"tier": 5})]


def _ids() -> list[str]:
    return [f"{n}-{i}" for i, (n, _) in enumerate(CONFIGS)]


# ---------------------------------------------------------------------------- the register


def _tags() -> dict[str, set[str]]:
    """tag -> the files (relative to the repository) that carry it, in the engine and ai."""
    found: dict[str, set[str]] = {}
    for base in (ENGINE, ROOT / "ai"):
        for path in [*base.rglob("*.py"), *base.rglob("*.c")]:
            for name in TAG.findall(path.read_text(encoding="utf-8")):
                found.setdefault(name, set()).add(path.relative_to(ROOT).as_posix())
    return found


def _rows() -> dict[str, str]:
    """register row name -> the whole row."""
    text = REGISTER.read_text(encoding="utf-8")
    return {m.group(1): text[m.start():text.index("\n", m.start())] for m in ROW.finditer(text)}


def test_the_register_and_the_tags_agree():
    tags, rows = _tags(), _rows()
    assert len(rows) >= 20
    assert set(tags) - set(rows) == set(), "tagged in code but not in FASTPATHS.md"
    assert set(rows) - set(tags) == set(), "in FASTPATHS.md but tagged nowhere"
    for name, files in tags.items():  # each row names the files its tags are in
        for f in files:
            assert Path(f).name in rows[name], (name, f)


def test_every_test_the_register_names_exists():
    named = 0
    for name, row in _rows().items():
        refs = TEST_REF.findall(row)
        assert refs, f"row {name} names no test"
        for file, test in refs:
            source = (ROOT / file).read_text(encoding="utf-8")
            assert re.search(rf"^def {test}\(", source, re.M), f"{name}: {file}::{test}"
            named += 1
    assert named >= 25


def test_the_capture_choice_is_written_in_at_most_five_places():
    """The rule's own home (capture.choices) plus the registered fast paths; no other copy
    of the condition in the engine or the AIs."""
    assert len(_tags()["capture-choice"]) + 1 <= 5
    sites = sum(text.count("fastpath: capture-choice") for text in
                (p.read_text(encoding="utf-8") for p in [*ENGINE.rglob("*.py"),
                                                         *ENGINE.rglob("*.c")]))
    assert sites + 1 <= 5
    # the condition's spellings so far: "k == 2 or (...k > 2)", "k == 2 || ...", ">= 2"
    copy = re.compile(r"k == 2 (or|\|\|)|\bk > 2\b|matches\.bit_count\(\) >= 2")
    for base in (ENGINE, ROOT / "ai"):
        for path in [*base.rglob("*.py"), *base.rglob("*.c")]:
            if path.name == "capture.py":  # the rule's home
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            for i, line in enumerate(lines):
                if copy.search(line):
                    near = "\n".join(lines[max(0, i - 2):i + 1])
                    assert "fastpath: capture-choice" in near, f"{path.name}: {line.strip()}"


# ---------------------------------------------------------------------------- positions


def _positions(name: str, options: dict, count: int, seed: int):
    """Random play positions: (ruleset, state) with the hands, field and pile dealt at
    random from the ruleset's deck; the field's size varies (0 to 12 cards), so every count
    of matches occurs; a sager to move now and then."""
    rs = rulesets.get(name, **options)
    rng = Rng(seed)
    seats = rs.active_count
    for i in range(count):
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        k = rng.below(7) + 1  # cards per hand
        hands = {s: deck[s * k:(s + 1) * k] for s in range(seats)}
        rest = deck[seats * k:]
        n_field = min(rng.below(13), len(rest) - 1)
        field, pile = rest[:n_field], rest[n_field:]
        sager = i % 5 == 0 and rs.decision == "sage"
        st = State.from_position(rs, seats, active=list(range(seats)), hands=hands,
                                 field=field, pile=pile, to_move=0, events=False,
                                 sage_order=[0] if sager else [])
        yield rs, st


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_ids())
def test_legal_actions_match_capture_choices(name, options):
    seen_choice = 0
    for rs, st in _positions(name, options, 400, 1):
        seat = st.to_move
        legal = st.legal_actions()
        assert len(legal) == len(set(legal))
        want = reference.legal_plays(rs, seat, st.hands[seat], st.field,
                                     bool(st.sagers >> seat & 1))
        assert set(legal) == want
        seen_choice += any(len(a.args) == 2 for a in legal)
        for c in cards_of(st.field ^ rs.deck_mask):  # needs_choice: the API's choice
            assert st.needs_choice(c) == mask_of(reference.capture_choices(rs, st.field, c))
    assert seen_choice > 50


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_ids())
def test_a_turn_resolves_like_capture_arrive(name, options):
    """Every legal play, through apply's shortcut (check off, events off) and through the
    checked handler with events on, captures what capture.arrive says for the played card
    and then for the drawn card."""
    took = 0
    for rs, st in _positions(name, options, 120, 2):
        seat = st.to_move
        for a in st.legal_actions():
            if a.verb != PLAY:
                continue
            card, target = a.args[0], a.args[1] if len(a.args) == 2 else -1
            field, got = rs.arrive(st.field, card, target)
            drawn = st.pile[st.pile_pos]
            among = choices(rs.capture_rel, rs.capture_sum, field, drawn)
            fast = st.clone()
            fast.apply(a, check=False)
            checked = st.clone()
            checked.events_on = True
            checked.apply(a)
            for twin in (fast, checked):
                assert twin.hands[seat] == st.hands[seat] & ~(1 << card)
                if among:  # the drawn card waits for its target
                    assert twin.phase == TAKE_PH and twin.drawn == drawn
                    assert (twin.field, twin.captured[seat]) == (field,
                                                                 st.captured[seat] | got)
                    assert twin.needs_choice(drawn) == among
                else:
                    field2, got2 = rs.arrive(field, drawn)
                    assert twin.field == field2
                    assert twin.captured[seat] == st.captured[seat] | got | got2
            assert fast.actions == checked.actions
            took += bool(got)
    assert took > 100


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_ids())
def test_the_deal_misdeals_exactly_on_four_of_a_month(name, options):
    """The deal's nibble count against the field's months, on shuffled decks and on decks
    with a whole month placed in the field; the summed-bit hands against mask_of."""
    rs = rulesets.get(name, **options)
    rng = Rng(3)
    seats = rs.min_seats if rs.min_seats > 2 else min(3, rs.max_seats)
    misdeals = 0
    for i in range(400):
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        start = seats * 7
        if i % 2:  # move a whole month of the deck into the field slots
            months = [m for m in range(12) if MONTH_MASK[m] & rs.deck_mask == MONTH_MASK[m]]
            month = MONTH_MASK[months[rng.below(len(months))]]
            four = [c for c in deck if month >> c & 1]
            rest = [c for c in deck if not month >> c & 1]
            deck = rest[:start] + four + rest[start:]
        st = rs.new_state(seats, 0, events=True)
        events = st.start_round(deck)
        field = mask_of(deck[start:start + 6])
        assert st.field == field or st.round_over
        for j, s in enumerate(st.participants):
            assert st.hands[s] == mask_of(deck[7 * j:7 * j + 7]) or st.round_over
        month = reference.four_of_a_month(field)
        misdealt = any(e.kind == "misdeal" for e in events)
        assert misdealt == (rs.field_check == "misdeal" and month is not None)
        if misdealt:
            assert next(e for e in events if e.kind == "misdeal").data["month"] == month
            misdeals += 1
    assert misdeals > 100 or rs.field_check != "misdeal"


def _split(rng: Rng, cards: list[int], bias: int) -> list[int]:
    """Three capture piles from the deck, skewed toward seat 0 for some splits."""
    piles = [0, 0, 0]
    for c in cards:
        s = 0 if rng.below(10) < bias else rng.below(3)
        piles[s] |= 1 << c
    return piles


def _to_par(rng: Rng, rs, piles: list[int]) -> list[int]:  # noqa: ANN001
    """Swap cards between the piles until each holds 88 card points, where it can."""
    for _ in range(3000):
        pts = [rs.points(p) for p in piles]
        if pts == [88, 88, 88]:
            break
        a, b = rng.below(3), rng.below(3)
        if a == b or not piles[a]:
            continue
        c = cards_of(piles[a])[rng.below(piles[a].bit_count())]
        moved = [piles[0], piles[1], piles[2]]
        moved[a] &= ~(1 << c)
        moved[b] |= 1 << c
        if sum(abs(rs.points(p) - 88) for p in moved) <= sum(abs(p - 88) for p in pts):
            piles = moved
    return piles


@pytest.mark.parametrize("options", [{}, {"payment_model": "split"}, {"kan": 10}])
@pytest.mark.parametrize("tier", [None, 1, 3])
def test_the_specials_gate_lets_every_special_through(options, tier):
    """HachiHachi.settle asks settle_special only past a threshold: on every split of the
    deck where no dekiyaku formed, a special settles the round exactly when the rules as
    written say one applies, and pays what settle_special pays."""
    rs = (rulesets.get("curriculum", tier=tier) if tier else
          rulesets.get("hachihachi", **options))
    assert isinstance(rs, HachiHachi)
    rng = Rng(5)
    specials = 0
    for i in range(900):
        piles = _split(rng, list(rs.deck_cards), (0, 4, 7)[i % 3])
        if i % 9 == 0:
            piles = _to_par(rng, rs, piles)
        if any(rs.dek_value(p) for p in piles):
            continue
        st = State.from_position(rs, 3, hands={}, field="", pile="",
                                 captured=dict(enumerate(piles)), to_move=0, events=False)
        pts = [rs.points(p) for p in piles]
        chaff = [(p & CHAFF_EQUIV).bit_count() for p in piles]
        want = reference.special_applies(pts, chaff, rs.specials)
        twin = st.clone()
        result = st.settle_now()
        assert (result.ending in ("sohachi", "nihachi", "sujuroku")) == want, (pts, chaff)
        if want:
            from game.engine.specials import settle_special

            assert settle_special(twin, dict(enumerate(pts)), rs.specials, split=rs.split)
            assert result.payments == tuple(twin.payments) and result.ending == twin.ending
            specials += 1
    assert specials > 30 or rs.specials.sohachi is None


def test_three_seats_settle_against_par_as_written():
    rs = rulesets.get("sudaoshi")
    rng = Rng(6)
    for _ in range(3000):
        points = [rng.below(200) for _ in range(3)]
        pars = [rng.below(3) * 10 + 80 for _ in range(3)] if rng.below(2) else [88] * 3
        m = 1 + rng.below(4)
        seats = [0, 1, 2]
        want = reference.settle_against_par(seats, points, pars, m)
        for events in (False, True):
            st = State.from_position(rs, 3, hands={}, field="", pile="", to_move=0,
                                     multiplier=m, events=events)
            settle_against_par(st, seats, points, pars)
            assert st.payments == want
            assert st.round_returns() == tuple(
                sum(p.amount for p in want if p.to == s) -
                sum(p.amount for p in want if p.frm == s) for s in seats)


def test_pay_quiet_books_like_pay():
    rs = rulesets.get("hachihachi")
    rng = Rng(7)
    for _ in range(500):
        a = State.from_position(rs, 3, hands={}, field="", pile="", to_move=0, events=False)
        b = a.clone()
        for _ in range(rng.below(5)):
            payee, amount = rng.below(3), rng.below(30) - 5
            payers = [s for s in range(3) if s != payee and rng.below(3)]
            for frm in payers:
                a.pay(frm, payee, amount, "card_points")
            b.pay_quiet("card_points", payers, payee, amount)
        assert (a.payments, a.net, a.pot) == (b.payments, b.net, b.pot)
        assert all(p.amount > 0 and p.frm != p.to for p in b.payments)
        assert sum(b.net) == 0


@pytest.mark.parametrize("events", [False, True])
def test_each_opponent_pays_what_the_payment_forms_say(events):
    """from_each_opponent's written-out amount against the forms it restates: every other
    active seat pays scaled(base, split_denominator(den, split, n), m)."""
    from game.engine.ledger import scaled
    from game.engine.payments import from_each_opponent, opponents, split_denominator

    rng = Rng(11)
    for _ in range(2000):
        rs = rulesets.get("hachihachi")
        n_active = 2 + rng.below(2)
        st = State.from_position(rs, 3, active=list(range(n_active)), hands={}, field="",
                                 pile="", to_move=0, multiplier=1 + rng.below(8),
                                 events=events)
        payee, base, den, split = rng.below(n_active), rng.below(400), 1 + rng.below(2), \
            bool(rng.below(2))
        from_each_opponent(st, payee, base, den, "goko", split=split)
        opps = opponents(st, payee)
        amount = scaled(base, split_denominator(den, split, len(opps)), st.m)
        assert [(p.frm, p.to, p.amount) for p in st.payments] == (
            [(o, payee, amount) for o in opps] if amount > 0 else [])


def test_standing_triplets_count_as_written():
    """shape's nibble count of standing triplets against teyaku.is_standing per triplet."""
    rng = Rng(8)
    cards = list(range(48))
    hands = [sum(1 << (4 * m + k) for k in range(4) if k != skip) | extra
             for m in range(12) for skip in range(4) for extra in (0, 1 << 47, 1 << 16)]
    for _ in range(20000):
        rng.shuffle(cards)
        hands.append(mask_of(cards[:7]))
    for hand in hands:
        assert shape(hand).standing == reference.standing_triplets(hand), hex(hand)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_ids())
def test_only_yaku_cards_raise_the_dekiyaku_value(name, options):
    rs = rulesets.get(name, **options)
    rng = Rng(9)
    others = [c for c in rs.deck_cards if not rs.yaku_cards >> c & 1]
    deck = list(rs.deck_cards)
    for _ in range(3000):
        rng.shuffle(deck)
        pile = mask_of(deck[:rng.below(len(deck))])
        for c in others[:8]:
            assert rs.dek_value(pile | 1 << c) <= rs.dek_value(pile)


@pytest.mark.parametrize(("name", "options"), CONFIGS, ids=_ids())
def test_vcache_holds_the_dekiyaku_value_in_play(name, options):
    """What settlement reads instead of V: after every move of random rounds, each active
    seat's vcache is the dekiyaku value of its pile."""
    rs = rulesets.get(name, **options)
    rng = Rng(10)
    seats = rs.active_count
    checked = 0
    for game in range(20):
        st = rs.new_state(seats, game % seats, events=False)
        while st.phase != OVER and len(st.results) < 2:
            for _ in st.decisions(rng):
                st.apply(rng.choice(st.legal_actions()))
                if st.phase in (PLAY_PH, TAKE_PH):
                    assert [st.vcache[s] for s in st.active] == [
                        rs.dek_value(st.captured[s]) for s in st.active]
                    checked += 1
    assert checked > 200
