"""The contract between the rules reference and the engine (issue 23, major 4).

For every teyaku and yaku of every ruleset (the curriculum's nine tiers, Sudaoshi's three
teyaku sets, option sets that change values), the test reads what the page SAYS, in English,
and builds hands and piles from those words alone: the shapes ("Cards by month: 3 + 2 + 1 +
1"), which triplets stand (the page's own line naming the months and cards), the kinds a
chaff teyaku needs, the named cards and who may make it. The engine must claim exactly what
the page predicts, for hands built from each definition and for random hands; the example
hands and yaku cards the page draws must be the engine's, and each must claim its id.
"""

from __future__ import annotations

import itertools
import random
import re

import pygame
import pytest

from game.engine import rulesets
from game.engine.cards import (
    CARD_IDS,
    CHAFF_EQUIV,
    INDEX,
    KINDS,
    MONTH_MASK,
    MONTH_NAMES,
    WILLOW,
    cards_of,
    names_of,
)
from game.engine.vocab import Category
from game.play.terms import card_name, card_names, term
from game.ui import rule_words
from game.ui.scenes import reference
from game.ui.scenes.reference import ReferenceScene
from tests.ui.driver import frames, key, make_app

CONFIGS = [
    ("hachihachi", {}), ("hachihachi", {"kan": 10, "aka_value": 3, "bdb": True}),
    ("hachihachi", {"teyaku_combine": "best_one", "goko_after_shiko": "cumulative"}),
    ("hachihachi-nintendo", {}), ("hachihachi-nintendo", {"bdb": False}),
    ("nuki-hachihachi", {}), ("hachi", {}),
    ("sudaoshi", {}), ("sudaoshi", {"teyaku": "1921", "yaku_unit": 12}),
    ("sudaoshi", {"teyaku": "none", "top_yaku": False}),
    *[("curriculum", {"tier": t}) for t in range(1, 10)],
]
IDS = [f"{n}{''.join(f'-{k}={v}' for k, v in o.items())}" for n, o in CONFIGS]
STANDING = {"no triplet stands": {0}, "at least one triplet stands": {1, 2},
            "exactly one of the two triplets stands": {1}, "both triplets stand": {2}}
KIND_WORD = {"Bright": 0, "Brights": 0, "Animal": 1, "Animals": 1, "Ribbon": 2, "Ribbons": 2}
NON_WILLOW = [[c for c in range(48) if KINDS[c] == k and not WILLOW >> c & 1]
              for k in ("bright", "animal", "ribbon")]


# --- reading the page --------------------------------------------------------------------
def standing_cards(rs: rulesets.Ruleset) -> tuple[set[int], int | None]:
    """The months (1..12) whose triplets stand and the Paulownia three, read from the
    page's standing line (none when the page has no such line)."""
    line = next((x for x in reference.page_text(rs, "teyaku")
                 if x.startswith("A triplet stands")), None)
    if line is None:
        return set(), None
    m = re.match(r"A triplet stands when it is any three cards of (.+?)(?:, or the three "
                 r"chaff of (\w+) \((.+); not with (.+)\))?\.$", line)
    assert m, line
    months = {MONTH_NAMES.index(w) + 1 for w in re.split(r", | or ", m.group(1))}
    three = None
    if m.group(2):
        month = MONTH_NAMES.index(m.group(2))
        others = {INDEX[c] for c in CARD_IDS if card_name(c) == m.group(4)}
        three = MONTH_MASK[month] & ~sum(1 << c for c in others) & rs.deck_mask
        named = sorted(card_names([CARD_IDS[c] for c in cards_of(three)]))  # told apart
        assert named == sorted(m.group(3).split(", ")), line
    return months, three


class Said:
    """One teyaku as the page states it."""

    def __init__(self, rs: rulesets.Ruleset, c: reference.Combo) -> None:
        self.id, self.value = c.id, c.value
        self.shapes: list[tuple[tuple[int, ...], set[int] | None]] = []
        self.kinds: list[tuple[int, int]] | None = None
        self.cards, self.need, self.positions = 0, 0, None
        head = [x for x in reference.page_text(rs, "teyaku") if x.startswith("A triplet stands")]
        for line in c.words:
            if line.startswith("A triplet stands"):  # the page's one definition, repeated
                assert [line] == head and any(cond and max(cond) for _h, cond in self.shapes)
            elif m := re.match(r"Cards by month: (.+?)(?: — (.+))?\.$", line):
                cond = STANDING[m.group(2)] if m.group(2) else None
                for counts in m.group(1).split(" or "):
                    self.shapes.append((tuple(int(k) for k in counts.split(" + ")), cond))
            elif line == "Seven chaff cards (Willow cards count as chaff).":
                self.kinds = [(0, 0)] * 3
            elif m := re.match(r"(.+); every other card chaff \(Willow cards count as "
                               r"chaff\)\.$", line):
                self.kinds = [(0, 0)] * 3
                for part in m.group(1).split(", "):
                    n, more, word = re.match(r"(\d+)( or more)? (\w+)$", part).groups()
                    self.kinds[KIND_WORD[word]] = (int(n), 7 if more else int(n))
            elif m := re.match(r"At least (\d+) of: (.+)\.$", line):
                self.need = int(m.group(1))
                for part in m.group(2).split(", "):
                    if part in ("Brights", "Animals", "Ribbons"):
                        kind = part[:-1].lower()
                        self.cards |= sum(1 << c for c in range(48) if KINDS[c] == kind)
                    elif mm := re.match(r"the (.+) cards$", part):
                        self.cards |= MONTH_MASK[MONTH_NAMES.index(mm.group(1))]
                    else:
                        self.cards |= 1 << next(INDEX[c] for c in CARD_IDS
                                                if card_name(c) == part)
                self.cards &= rs.deck_mask
            elif m := re.match(r"Only the (.+) player in turn order\.$", line):
                self.positions = {["first", "second", "third", "fourth"].index(w)
                                  for w in m.group(1).split(" or ")}
            else:
                raise AssertionError(f"{rs.name} {c.id}: the test cannot read {line!r}")
        assert self.shapes or self.kinds is not None or self.need, (rs.name, c.id, c.words)

    @property
    def group(self) -> str:
        return "set" if self.shapes or self.need else "chaff"

    def matches(self, hand: int, position: int, standing: tuple[set[int], int | None]) -> bool:
        if self.positions is not None and position not in self.positions:
            return False
        if self.shapes:
            counts = [(hand & mm).bit_count() for mm in MONTH_MASK]
            hist = tuple(sorted((k for k in counts if k), reverse=True))
            months, three = standing
            stands = sum(1 for i, k in enumerate(counts) if k == 3 and (
                i + 1 in months or (three is not None and hand & MONTH_MASK[i] == three)))
            return any(hist == h and (cond is None or stands in cond)
                       for h, cond in self.shapes)
        if self.kinds is not None:
            have = [sum(1 for c in pool if hand >> c & 1) for pool in NON_WILLOW]
            return all(lo <= n <= hi for n, (lo, hi) in zip(have, self.kinds, strict=True))
        return (hand & self.cards).bit_count() >= self.need


def predicted(rs, said: list[Said], hand: int, position: int, standing,
              best_one: bool) -> dict[str, int]:
    """What the page says this hand claims: every matching teyaku, or with "Only the better
    of the two teyaku scores" the better of the set one and the chaff one (equal: the set)."""
    got = [s for s in said if s.matches(hand, position, standing)]
    if best_one:
        sets = [s for s in got if s.group == "set"]
        chaff = [s for s in got if s.group == "chaff"]
        if sets and chaff:
            got = sets if sets[0].value >= chaff[0].value else chaff
    return rs.api_amounts({s.id: s.value for s in got})


def hands_for(said: Said, rs: rulesets.Ruleset, standing, rng: random.Random,
              n: int = 12) -> list[int]:
    """Hands built from the page's words for one teyaku: each shape (with the standing
    months or not as it says), the kinds, or the named cards; the rest at random."""
    deck = rs.deck_mask
    by_month = {m: cards_of(deck & MONTH_MASK[m]) for m in range(12) if deck & MONTH_MASK[m]}
    out = []
    for _ in range(n):
        hand = 0
        if said.shapes:
            hist, cond = rng.choice(said.shapes)
            months, three = standing
            want = rng.choice(sorted(cond)) if cond else None
            for _try in range(200):
                hand, used, stands = 0, [], 0
                for k in hist:
                    m = rng.choice([m for m in by_month if m not in used
                                    and len(by_month[m]) >= k])
                    used.append(m)
                    picked = rng.sample(by_month[m], k)
                    hand |= sum(1 << c for c in picked)
                    if k == 3 and (m + 1 in months or sum(1 << c for c in picked) == three):
                        stands += 1
                if want is None or stands == want:
                    break
            else:
                continue
        elif said.kinds is not None:
            chaff = [c for c in cards_of(deck & CHAFF_EQUIV)]
            for pool, (lo, hi) in zip(NON_WILLOW, said.kinds, strict=True):
                k = rng.randint(lo, min(hi, 7 - hand.bit_count(), lo + 2))
                hand |= sum(1 << c for c in rng.sample([c for c in pool if deck >> c & 1], k))
            hand |= sum(1 << c for c in rng.sample(chaff, 7 - hand.bit_count()))
        else:
            k = rng.randint(said.need, min(7, said.need + 2))
            hand = sum(1 << c for c in rng.sample(cards_of(said.cards), k))
            rest = [c for c in rs.deck_cards if not hand >> c & 1]
            hand |= sum(1 << c for c in rng.sample(rest, 7 - k))
        assert hand.bit_count() == 7
        out.append(hand)
    return out


# --- the contract ------------------------------------------------------------------------
@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_every_teyaku_on_the_page_claims_as_the_page_says(name, options):
    rs = rulesets.get(name, **options)
    shown = [c for c in reference.combos(rs) if c.category == Category.TEYAKU]
    assert [c.id for c in shown] == [e.id for e in rs.entries if e.category == Category.TEYAKU]
    assert ("teyaku" in reference.page_ids(rs)) == bool(shown)
    standing = standing_cards(rs)
    said = [Said(rs, c) for c in shown]
    best_one = "Only the better of the two teyaku scores." in reference.page_text(rs, "teyaku")
    rng = random.Random(23)
    for s, c in zip(said, shown, strict=True):
        # the page's example is the engine's, claims its teyaku, and is what the page says
        assert c.example == names_of(rs.teyaku_example(c.id)) and len(c.example) == 7
        seat = min(s.positions) if s.positions else 0
        example = sum(1 << INDEX[x] for x in c.example)
        assert c.id in rs.teyaku(c.example, seat), (name, c.id, c.example)
        assert s.matches(example, seat, standing), (name, c.id, c.example)
        for hand in hands_for(s, rs, standing, rng):
            assert s.matches(hand, seat, standing)
            want = predicted(rs, said, hand, seat, standing, best_one)
            assert rs.teyaku(names_of(hand), seat) == want, (name, c.id, names_of(hand))
    positions = range(3 if name == "sudaoshi" else 1)
    for _ in range(3000 if said else 0):  # and hands at random: nothing the page omits
        hand = sum(1 << c for c in rng.sample(rs.deck_cards, 7))
        for seat in positions:
            want = predicted(rs, said, hand, seat, standing, best_one)
            assert rs.teyaku(names_of(hand), seat) == want, (name, names_of(hand), seat)


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_every_yaku_on_the_page_is_made_by_its_cards(name, options):
    rs = rulesets.get(name, **options)
    shown = [c for c in reference.combos(rs) if c.category == Category.DEKIYAKU]
    entries = {e.id: e for e in rs.entries if e.category == Category.DEKIYAKU}
    assert [c.id for c in shown] == list(entries)
    rng = random.Random(8)
    for c in shown:
        assert sum(1 << INDEX[x] for x in c.cards) == entries[c.id].cards & rs.deck_mask
        (note,) = c.words
        m = re.match(r"(All|Any (\d+)) of these cards in your captures\.(?: Only the (.+) "
                     r"player in turn order\.)?$", note)
        assert m, note
        need = int(m.group(2)) if m.group(2) else len(c.cards)
        seats = ({["first", "second", "third"].index(w) for w in m.group(3).split(" or ")}
                 if m.group(3) else {0, 1, 2})
        for _ in range(5):
            pile = rng.sample(c.cards, need)
            for seat in range(3 if name == "sudaoshi" else 1):
                got = rs.dekiyaku(pile, seat)
                assert (c.id in got) == (seat in seats), (name, c.id, pile, seat, got)
                if seat in seats:
                    assert got[c.id] == c.value, (name, c.id, got)
        if need > 1:  # one card short never makes it
            assert c.id not in rs.dekiyaku(c.cards[:need - 1], min(seats))


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_amounts_are_the_catalogues_in_both_units_alike(name, options):
    rs = rulesets.get(name, **options)
    for c in reference.combos(rs):
        words = reference.amount_words(rs, c)
        assert words.endswith(f"{c.value} mon"), (name, c.id, words)
        kan = rs.in_kan(c.id)
        assert (" kan · " in words) == (kan is not None), (name, c.id, words)
        if kan is not None:
            assert words == f"{kan} kan · {c.value} mon"
    # teyaku and yaku of one game say the same units (issue 23, minor 18)
    units = {" kan · " in reference.amount_words(rs, c) for c in reference.combos(rs)
             if c.category == Category.DEKIYAKU or not (name == "sudaoshi"
                                                         and options.get("teyaku") == "1921")}
    assert len(units) <= 1, (name, units)


def test_the_standing_triplet_is_the_engines_in_every_language():
    """Major 4: the page said "three of a month whose fourth card lies on the field"."""
    from game import i18n

    rs = rulesets.get("hachihachi")
    months, three = standing_cards(rs)
    assert months == {4, 5, 7} and names_of(three) == ["paulownia_yellow", "paulownia_chaff_1",
                                                        "paulownia_chaff_2"]
    hand = "wisteria_ribbon wisteria_chaff_1 wisteria_chaff_2 crane warbler curtain boar"
    assert rs.teyaku(hand.split()) == {"tatesanbon": 36}  # nothing of Wisteria on the field
    try:
        for lang in ("ja", "fr", "uk"):
            i18n.set_language(lang)
            text = "\n".join(reference.page_text(rs, "teyaku"))
            for m in (4, 5, 7):
                assert i18n._(MONTH_NAMES[m - 1]) in text, (lang, m)
            tate = next(c for c in reference.combos(rs) if c.id == "tatesanbon")
            assert "3 + 2 + 1 + 1" in " ".join(tate.words), (lang, tate.words)
    finally:
        i18n.set_language(i18n.SOURCE)


def test_the_page_draws_the_engines_cards(tmp_path):
    """What the scene draws for each combination: the engine's example hand or yaku cards
    (scrolled through with real keys)."""
    app = make_app(tmp_path)
    for name, options in (("hachihachi", {}), ("sudaoshi", {"teyaku": "1921"}),
                          ("hachi", {})):
        rs = rulesets.get(name, **options)
        for page, cat in (("teyaku", Category.TEYAKU), ("yaku", Category.DEKIYAKU)):
            if page not in reference.page_ids(rs):
                continue
            ref = ReferenceScene(app, rs, page)
            app.stack.push(ref)
            for _ in range(40):
                frames(app, 1)
                key(app, pygame.K_PAGEDOWN)
            want = {c.id: c.example or c.cards for c in reference.combos(rs)
                    if c.category == cat}
            assert ref.drawn == want, (name, page)
            key(app, pygame.K_ESCAPE)
    app.close()


def test_round_end_pages_state_the_engines_specials_and_achievements():
    for name, options in CONFIGS:
        rs = rulesets.get(name, **options)
        text = "\n".join(reference.page_text(rs, "scoring") + reference.page_text(rs, "before"))
        text = text.replace(rule_words.NBSP, " ")
        for r in rs.special_rules():
            line = next(x for x in text.split("\n") if x.startswith(term(r.id) + ":"))
            for n, v in r.amounts:
                assert f"{v} mon" in line and str(n) in line, (name, r.id, line)
            if r.step:
                assert f"plus {rule_words.mon_words(rs, r.step)}".replace(rule_words.NBSP,
                                                                          " ") in line
        for a in rs.achievement_rules():
            line = next(x for x in text.split("\n") if x.startswith(term(a.id) + ":"))
            assert f"{a.value} mon" in line and str(a.points or "") in line, (name, a.id)
            for t in a.teyaku:
                assert term(t) in line
        if rs.mizuten_min_seats:
            assert f"with {rs.mizuten_min_seats} or more seats" in text
        mode, fees = rs.fee_schedule()
        for f in fees:
            assert str(f) in text
    hachi = "\n".join(reference.page_text(rulesets.get("hachi"), "scoring"))
    assert "won by 20 points or more is a decisive win" in hachi
    assert "2 decisive wins in a row" in hachi and "has 1 agari" in hachi
    suda = "\n".join(reference.page_text(rulesets.get("sudaoshi"), "scoring"))
    assert "Dealer 100, Second 110, Third 120" in suda


def test_every_japanese_name_has_a_reading():
    """Minor 18: readings were missing for some names."""
    from game.play.terms import TERMS

    ids = {e.id for n in rulesets.names() for e in rulesets.get(n).entries}
    ids |= {e.id for e in rulesets.get("sudaoshi", teyaku="1921").entries}
    for i in sorted(ids):
        kanji, reading, _en = TERMS.get(i, ("", "", ""))
        assert not kanji or reading, i
    assert all(not k or r for k, r, _e in TERMS.values())
    assert list(itertools.islice(ids, 1))


def test_the_field_multiplier_line_is_the_engines():
    """The page names the brights and their multiplier; a field with one of them multiplies
    the round by that much in the engine."""
    for name, grand in (("hachihachi", True), ("nuki-hachihachi", False)):
        rs = rulesets.get(name)
        line = next(x for x in reference.page_text(rs, "play") if "dealt to the field" in x)
        m = re.search(r": (.+) dealt to the field multiplies every payment of the round by (\d+)"
                      r"(?:; .+: (.+), by (\d+))?\.$", line)
        assert m and bool(m.group(3)) == grand, line
        groups = [(m.group(1), int(m.group(2)))] + ([(m.group(3), int(m.group(4)))]
                                                    if grand else [])
        for words, mult in groups:
            for card in re.split(r", | or ", words):
                c = next(INDEX[x] for x in CARD_IDS if card_name(x) == card)
                chaff = {}  # one plain chaff of five other months: nothing else multiplies
                for x in cards_of(rs.deck_mask):
                    if KINDS[x] == "chaff" and x // 4 != c // 4 and x // 4 != 10:
                        chaff.setdefault(x // 4, x)
                field = (1 << c) | sum(1 << x for x in list(chaff.values())[:5])
                assert rs.field_multiplier(field, rs.initial_carry())[0] == mult, (name, card)
