"""The table's words go through the catalog (issue 15): narration, decision panels, table view.

Under the pseudo language every message comes out with accented letters, so a plain ASCII
word left in a line was never marked. Player names, card names and terms (terms.py, another
owner's words) are taken out before looking. In English the words stay as they were.
"""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.engine import rulesets
from game.engine.cards import CARD_IDS
from game.engine.events import Event
from game.engine.rng import Rng
from game.engine.state import OVER
from game.engine.vocab import Ending, EventKind
from game.play import decisions as panels
from game.play.decisions import footer
from game.play.narrate import narrate
from game.play.terms import TERMS, card_name, ending_text, month_name, term
from game.ui import theme
from game.ui.panels import DecisionPanel
from tests.engine.test_vocabulary import CASES, play
from tests.ui.driver import frames, make_app
from tests.ui.table_helpers import start_table

NAMES = ["You", "Ren", "Yui", "Kei", "Mio", "Sora", "Taro"]
WORD = re.compile(r"[A-Za-z]{2,}")


def _others_words() -> list[str]:
    """Words this file does not own: names, cards, terms (longest first, so a term that
    contains another one is taken out whole). Computed in the language in use."""
    words = set(NAMES) | {card_name(c) for c in CARD_IDS} | {month_name(c) for c in CARD_IDS}
    words |= {term(k) for k in TERMS} | {ending_text(str(e)) for e in Ending}
    return sorted((w for w in words if w), key=len, reverse=True)


def plain_words(text: str, others: list[str]) -> list[str]:
    """The plain ASCII words of `text` once the other owners' words are taken out."""
    for w in others:
        text = text.replace(w, " ")
    return WORD.findall(text)


@pytest.fixture
def pseudo():
    i18n.set_language(i18n.PSEUDO)
    try:
        yield _others_words()
    finally:
        i18n.set_language(i18n.SOURCE)


@pytest.mark.parametrize(("name", "options", "seats"), CASES)
def test_every_narration_line_is_translated(pseudo, name, options, seats):
    """Each event of real games, in the second and the third person, is one message."""
    rs = rulesets.get(name, **options)
    kinds = set()
    for seed in range(2):
        for _st, ev in play(rs, seats, seed):
            for names in (NAMES[:seats], NAMES[1:seats + 1]):
                line = narrate(ev, names, 3)
                if line is None:
                    assert ev.kind == EventKind.TURN
                    continue
                assert not plain_words(line, pseudo), (ev, line)
                assert "{" not in line, line
                kinds.add(ev.kind)
    assert {EventKind.PLAYED, EventKind.CAPTURED, EventKind.ROUND_END} <= kinds


def test_lines_of_rare_events_are_translated(pseudo):
    names = NAMES[:3]
    events = [Event("misdeal", -1, {"month": 3}), Event("misdeal", -1, {"reason": "all"}),
              Event("multiplier", -1, {"m": 2, "carry": [2, 4]}),
              Event("multiplier", -1, {"m": 8}), Event("game_end", -1, {}),
              Event("payment", -1, {"from": -1, "to": 1, "amount": -6, "reason": "pot"}),
              Event("walkover", 0, {}), Event("walkover", 1, {}),
              Event("forced_out", 0, {}), Event("forced_out", 2, {}),
              Event("swap", 0, {"holder": 1}), Event("blank", 1, {}),
              Event("reshuffle", -1, {"pile": 12}), Event("round_start", 0, {"round": 4}),
              Event("round_start", 2, {"round": 4})]
    for ev in events:
        line = narrate(ev, names, 1)
        assert line and not plain_words(line, pseudo), (ev, line)
    assert "ţĥé ƥóţ" in narrate(events[5], names, 1)


def _decisions(name: str, options: dict, seats: int, games: int = 25):
    """(view, names) for every decision a seat faces in random games."""
    rs = rulesets.get(name, **options)
    rng = Rng(11)
    for game in range(games):
        st = rs.new_state(seats, game % seats, events=False)
        while st.phase != OVER and len(st.results) < 3:
            for seat in st.decisions(rng):  # deals and draws; stops at each decision
                yield st.view(seat), NAMES[:seats]
                st.apply(rng.choice(st.legal_actions()))


PANEL_CASES = [("hachihachi", {"hand_swap": True, "mizuten": True}, 4),
               ("hachihachi", {"sage_failure": "half_double", "dropout_fee": "by_seat"}, 6),
               ("nuki-hachihachi", {"dropout_fees": True}, 4), ("curriculum", {"tier": 4}, 3)]


@pytest.mark.parametrize(("name", "options", "seats"), PANEL_CASES)
def test_every_decision_panel_word_is_translated(pseudo, name, options, seats):
    """Titles, button labels, what each choice pays and risks, and the key footer."""
    verbs = set()
    for view, names in _decisions(name, options, seats):
        panel = DecisionPanel()
        panel.prepare(view, names)
        if not panel.visible:
            continue
        texts = [panel.title, panel.note]
        for b in panel.group.buttons:
            texts += [b.label, *b.lines]
            verbs.add(b.action_verb)
        for text in texts:
            assert not plain_words(text, pseudo), (view.phase, text)
    assert {"shoubu", "sage", "join", "drop"} <= verbs or {"shoubu", "sage"} <= verbs


def test_every_table_of_words_is_translated(pseudo):
    for table in (panels.LABELS, panels.TITLES, panels.PASS_LABEL, panels.SHORT,
                  panels.SHORT_PASS):
        for verb_or_phase in table:
            assert not plain_words(i18n._(table[verb_or_phase]), pseudo)
    assert not plain_words(panels.label("pass", "play") + panels.short("pass", "play"), pseudo)
    for keys, no_default in ((["1 x"], False), (["1 x", "2 y"], True), (["1 x", "2 y"], False)):
        assert not plain_words(footer("decide", keys, no_default).replace(" x", "")
                               .replace(" y", ""), pseudo)
    assert not plain_words(footer("play", [], False), pseudo)


def test_english_words_are_unchanged():
    names = ["You", "Ren"]
    card = CARD_IDS[0]
    assert narrate(Event("played", 0, {"card": card}), names, 2) == (
        f"R2 You played {card_name(card)}.")
    assert narrate(Event("blank", 1, {}), names, 1) == (
        "R1 Ren drew the blank card and sits out.")
    assert narrate(Event("walkover", 0, {}), names, 1) == (
        "R1 You are the only player left: walkover.")
    assert narrate(Event("multiplier", -1, {"m": 2, "carry": [2, 4]}), names, 5) == (
        "R5 大場 Large field ×2 · carried: ×2, ×4")
    assert narrate(Event("payment", -1, {"from": -1, "to": 1, "amount": 6,
                                          "reason": "compensation"}), names, 1).startswith(
        "R1 Payment: the pot → Ren 6 mon · ")
    assert narrate(Event("misdeal", -1, {"month": 3}), names, 1) == (
        "R1 Misdeal — four cards of month 3 on the field.")
    assert footer("decide", ["1 Sage", "2 Shoubu"], True) == (
        "Press 1 Sage · 2 Shoubu (no default: Enter alone does nothing)")
    assert footer("dropout", ["1 Join"], False) == "The only choice here: press 1 or Enter."
    assert footer("dropout", ["1 Join", "2 Drop out"], False) == (
        "Press 1 Join · 2 Drop out · Enter = 1")


def test_panel_buttons_keep_their_verb_and_follow_a_language_switch():
    """Callers find a button by `action_verb`, never by its words; relabel() re-words it."""
    view, names = next((v, n) for v, n in _decisions("hachihachi", {}, 3)
                       if v.phase == "decide" and len(v.legal) > 1)
    panel = DecisionPanel()
    panel.prepare(view, names)
    english = [b.label for b in panel.group.buttons]
    assert {b.action_verb for b in panel.group.buttons} == {a.verb for a in view.legal}
    assert any(label.endswith("] 下げ Sage — play on") for label in english)
    panel.group.index = 1
    try:
        i18n.set_language(i18n.PSEUDO)
        panel.relabel()
        pseudo = [b.label for b in panel.group.buttons]
        assert pseudo != english and any(i18n.pseudo("Sage") in label for label in pseudo)
        assert panel.title == i18n.pseudo("You made a yaku: sage or shoubu?")
        assert panel.group.index == 1  # the choice in focus stays in focus
    finally:
        i18n.set_language(i18n.SOURCE)
    panel.relabel()
    assert [b.label for b in panel.group.buttons] == english


def test_the_table_view_draws_its_words_through_the_catalog(tmp_path):
    """A real table drawn in the pseudo language shows the pseudo headings, not English."""
    app = make_app(tmp_path, size=(1600, 900))
    try:
        start_table(app, [("You", "human"), ("Ren", "ai:rules"), ("Yui", "ai:rules")], 5)
        i18n.set_language(i18n.PSEUDO)
        theme.DRAWN = set()
        frames(app, 30)
        drawn = set(theme.DRAWN)
    finally:
        theme.DRAWN = None
        i18n.set_language(i18n.SOURCE)
        app.close()
    assert i18n.pseudo("SCORES") in drawn and i18n.pseudo("EVENT LOG") in drawn
    assert "SCORES" not in drawn and "EVENT LOG" not in drawn
    assert not any(s.endswith(" pts") for s in drawn)
