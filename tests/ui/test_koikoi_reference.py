"""Rules & cards for Koi-Koi (issue 47, item 6): its pages name every catalogue yaku with its
amount, say what the engine does (a stop doubled from the engine's own threshold, the koi-koi
bonus, who scores, the hands that win as dealt), and nothing of card points, 88's teyaku
shapes, sage, drop-out or field multipliers; the Cards page and the popover give each card
its yaku and Koi-Koi's notes (the Rain Man and Three Brights, the sake cup as a chaff) and no
Willow rule or points; every fact checked against the engine's rules API."""

from __future__ import annotations

import pygame
import pytest

from game.engine import State, rulesets
from game.engine.cards import mask_of_names
from game.engine.vocab import Category
from game.play import yaku_facts
from game.play.terms import card_name, term
from game.ui import card_info, theme
from game.ui.rule_words import entry_amount
from game.ui.scenes import reference
from game.ui.scenes.reference import ReferenceScene
from game.ui.scenes.title import TitleScene
from tests.ui.driver import click, frames, key, make_app

OPTIONS = [{}, {"points_scale": "high", "set_scoring": "stack_plus"},
           {"set_scoring": "stack", "viewing_sake": "with_yaku", "rain_spoils_sake": True,
            "exhausted": "dealer", "koi_limit": 1, "seven_double": False},
           {"tsukifuda": True, "field_weather": True, "field_four": "dealer_wins",
            "koi_trigger": "new_only"}]
NOT_KOIKOI = ("card point", "Card point", "par", "drop", "Drop", "下げ", "sage", "torikeshi",
              "Large field", "大場", "kan", "Willow rule", "seven dealt cards", "Mizuten")


def _all_text(rs) -> str:  # noqa: ANN001
    lines = []
    for page in reference.page_ids(rs):
        lines += reference.page_text(rs, page)
    for c in reference.combos(rs):
        lines += [term(c.id), reference.amount_words(rs, c), *c.words]
    for month in reference.card_rows(rs):
        for row in month:
            lines += [t for t, _r in reference.card_words(row)]
    return "\n".join(lines)


@pytest.mark.parametrize("options", OPTIONS)
def test_every_yaku_with_its_amount_and_nothing_of_the_88_family(options):
    rs = rulesets.get("koikoi", **options)
    assert "teyaku" not in reference.page_ids(rs)  # no shapes of seven cards
    shown = {c.id: c for c in reference.combos(rs)}
    dek = [e for e in rs.entries if e.category == Category.DEKIYAKU]
    assert list(shown) == [e.id for e in dek]
    facts = yaku_facts.yaku_facts(rs)
    for e in dek:  # the amount shown is the catalogue's, and its cards make it so
        assert reference.amount_words(rs, shown[e.id]) == entry_amount(rs, e.id, e.value)
        if not e.cards:  # the round's month's cards: a sentence says which
            assert shown[e.id].words and not shown[e.id].cards, e.id
            continue
        pile = yaku_facts._minimal(rs, facts[e.id].cards, facts[e.id].need, e.id)
        if not yaku_facts.needs_company(rs, e.id):
            assert pile is not None and rs.dekiyaku(list(pile))[e.id] == e.value, e.id
    text = _all_text(rs)
    for word in NOT_KOIKOI:
        assert word not in text, word
    for e in rs.entries:  # every catalogue name is on the pages
        assert term(e.id) in text, e.id


def test_the_pages_say_what_the_engine_does():
    rs = rulesets.get("koikoi")
    yaku = reference.page_text(rs, "yaku")
    scoring = reference.page_text(rs, "scoring")
    assert any("or stop" in line for line in yaku)
    assert "A stop worth 7\u00a0mon or more is doubled." in scoring
    assert any("other player had called" in line for line in scoring)
    assert "The game lasts 12 rounds; the highest total wins." in scoring
    # the seven: a stop of 6 is paid as is, of 7 twice, by the engine's own settlement
    chaff = list(yaku_facts.yaku_facts(rs)["kasu"].cards)
    assert yaku_facts._stop_net(rs, chaff[:15]) == 6
    assert yaku_facts._stop_net(rs, chaff[:16]) == 14
    # both doublings multiply, as the page says: the other player had called koi-koi
    assert yaku_facts._stop_net(rs, chaff[:16], called=(1,)) == 28
    combos = {c.id: c for c in reference.combos(rs)}
    assert "Rain Man and any 3 of the other cards in your captures." in combos["ame_shiko"].words
    assert rs.dekiyaku(["crane", "curtain", "moon", "phoenix"]) == {"shiko": 8}  # no rain
    assert any("Paid in place of" in w and term("sanko") in w for w in combos["goko"].words)
    assert rs.dekiyaku(["crane", "curtain", "moon", "rain_man", "phoenix"]) == {"goko": 10}
    before = reference.page_text(rs, "before")
    assert term("teshi") in before[0] and "6\u00a0mon" in before[-1]
    hand = ["pine_chaff_1", "pine_chaff_2", "crane", "pine_ribbon", "plum_chaff_1",
            "cherry_chaff_1", "iris_chaff_1", "maple_chaff_1"]
    # the rules API's rs.teyaku() does not know Koi-Koi's dealt hands yet (no hand rules):
    # the ruleset's own check says which one a hand is
    assert rs.dealt_teyaku(mask_of_names(*hand)) == "teshi"
    pairs = ["pine_chaff_1", "pine_chaff_2", "plum_chaff_1", "plum_chaff_2", "iris_chaff_1",
             "iris_chaff_2", "maple_chaff_1", "maple_chaff_2"]
    assert rs.dealt_teyaku(mask_of_names(*pairs)) == "four_pairs"
    assert term("four_pairs") in before[1]
    dealer = rulesets.get("koikoi", exhausted="dealer")
    assert any("the dealer wins the round and receives 6\u00a0mon" in line
               for line in reference.page_text(dealer, "scoring"))
    assert not any("7\u00a0mon" in line for line in reference.page_text(
        rulesets.get("koikoi", seven_double=False), "scoring"))


def test_the_rain_and_the_company_the_viewing_sakes_need():
    rs = rulesets.get("koikoi", viewing_sake="with_yaku", rain_spoils_sake=True)
    words = {c.id: c.words for c in reference.combos(rs)}["hanami_zake"]
    assert "Paid only beside another yaku." in words
    assert "Not paid while Rain Man is in your captures." in words
    assert "hanami_zake" not in rs.dekiyaku(["curtain", "sake_cup"])
    assert "hanami_zake" in rs.dekiyaku(["curtain", "sake_cup", "boar", "deer", "butterflies"])
    assert "hanami_zake" not in rs.dekiyaku(["curtain", "sake_cup", "boar", "deer",
                                             "butterflies", "rain_man"])
    plain = {c.id: c.words for c in reference.combos(rulesets.get("koikoi"))}["hanami_zake"]
    assert plain == ["All of these cards in your captures."]


def test_cards_page_and_popover_give_koikoi_roles_without_points_or_willow(tmp_path):
    rs = rulesets.get("koikoi")
    rows = {r.card: r for m in reference.card_rows(rs) for r in m}
    rain = [t for t, _r in reference.card_words(rows["rain_man"])]
    assert rain[1] == "光 Bright" and "point" not in " ".join(rain)
    assert f"Does not count toward {term('sanko')}." in rain
    assert rs.dekiyaku(["rain_man", "crane", "curtain"]) == {}  # no Three Brights with it
    sake = [t for t, _r in reference.card_words(rows["sake_cup"])]
    assert f"Counts as a chaff too, toward {term('kasu')}." in sake
    chaff = [c for c in yaku_facts.yaku_facts(rs)["kasu"].cards if c != "sake_cup"][:9]
    assert rs.dekiyaku([*chaff, "sake_cup"]) == {"kasu": 1}
    assert not any(r.counts_as_chaff for r in rows.values())
    popover = [t for t, _c, _b in card_info.info_lines(rs, "sake_cup")]
    assert "point" not in popover[1] and any("+1 each more" in t for t in popover)
    assert f"Counts as a chaff too, toward {term('kasu')}." in popover
    assert "pts" not in card_info.tooltip_text(rs, "rain_man")
    # the 88 family keeps its points and its Willow rule
    hh = [t for t, _c, _b in card_info.info_lines(rulesets.get("hachihachi"), "rain_man")]
    assert "20 points" in hh[1] and any("Willow rule" in t for t in hh)
    # the page as drawn: every card's name and the notes are on screen
    app = make_app(tmp_path, (1280, 720))
    app.stack.push(TitleScene(app))
    frames(app, 2)
    click(app, next(b for b in app.stack.top.group.buttons
                    if b.label == "Rules & cards").rect.center)
    ref = app.stack.top
    assert isinstance(ref, ReferenceScene)
    frames(app, 1)
    tab = next(r for r, name in ref.ruleset_tabs if name == "koikoi")
    click(app, tab.center)
    assert ref.rs.name == "koikoi" and ref.page == "cards"
    seen: set[str] = set()
    theme.DRAWN = set()
    try:
        for _ in range(30):
            frames(app, 1)
            seen |= set(ref.card_parts)
            key(app, pygame.K_PAGEDOWN)
        drawn = " ".join(theme.DRAWN)
    finally:
        theme.DRAWN = None
        app.close()
    assert len(seen) == 48 and card_name("rain_man") in drawn
    assert "Does not count toward" in drawn and "Counts as a chaff too" in drawn
    assert "point" not in drawn.replace("points", "")  # no card points anywhere


def test_the_probes_are_right_for_a_played_stop():
    """The settlement the reference reads is the one a played round makes: a stop with
    Five Brights pays 10, doubled at seven."""
    rs = rulesets.get("koikoi")
    st = State.from_position(rs, 2, dealer=0, hands={0: "curtain willow_ribbon",
                                                     1: "iris_chaff_1 paulownia_chaff_2"},
                             field="cherry_chaff_1 wisteria_chaff_1",
                             pile=["clover_chaff_1", "clover_chaff_2", "lightning",
                                   "wisteria_chaff_2"],
                             captured={0: "crane moon phoenix rain_man"}, to_move=0)
    from game.engine.actions import Action

    st.apply(Action.parse("0 play curtain"))
    st.apply(Action.parse("0 shoubu"))
    assert st.results[-1].net == (20, -20)
    assert yaku_facts.doubled_from(rs) == 7


def test_every_option_of_every_game_has_a_label_of_its_own():
    """New game names each option in words (never its id tidied up): Koi-Koi's too."""
    from game.engine import rulesets
    from game.ui.setup_model import LABELS

    missing = sorted({o.name for name in rulesets.names()
                      for o in rulesets.ruleset_class(name).OPTIONS} - set(LABELS))
    assert missing == []


def test_the_options_that_read_the_round_are_said_where_they_are_on():
    """Cards of the Month with the catalogue's amount, the weather, the field's four and the
    new-only trigger appear on the pages only where the options put them in the engine."""
    rs = rulesets.get("koikoi", tsukifuda=True, field_weather=True, field_four="dealer_wins",
                      koi_trigger="new_only")
    yaku = " ".join(reference.page_text(rs, "yaku"))
    before = " ".join(reference.page_text(rs, "before"))
    month = next(e for e in rs.entries if e.id == "tsukifuda")
    assert month.value == 4 and f"{term('tsukifuda')}: all four cards of the round's month" \
        in yaku and "4\u00a0mon" in yaku
    assert "rained off" in yaku and "fogged off" in yaku
    assert "Only a new yaku gives the choice" in yaku
    assert f"{term('field_four')}: all four cards of one month dealt to the field" in before
    assert "6\u00a0mon" in before  # the catalogue's amount, which the engine pays
    took = rulesets.get("koikoi", field_four="dealer_takes")
    assert "four cards from the pile take their place" in " ".join(
        reference.page_text(took, "before"))
    plain = rulesets.get("koikoi")
    words = " ".join(" ".join(reference.page_text(plain, p)) for p in reference.page_ids(plain))
    for absent in ("rained off", term("tsukifuda"), "Only a new yaku", term("field_four")):
        assert absent not in words, absent
