"""The table says only what the engine gives it (issue 10): words keyed by engine ids.

Every id any ruleset can emit (event kinds, endings, categories, catalogue ids, capture
rules) has words here; the table's sidebar, reveal, prompt, round label, rules page and
sound cues follow the engine's answers, and every preset plays through the smoke run.
"""

from __future__ import annotations

import json

import pytest

from game.engine import rulesets
from game.engine.cards import INDEX, MONTH_MASK, cards_of
from game.engine.events import Event
from game.engine.rng import Rng
from game.engine.state import DEAL, State
from game.engine.vocab import CaptureRule, Category, Ending, EventKind, PaidAt
from game.play.narrate import narrate
from game.play.session import GameSession, SeatSpec
from game.play.terms import (
    CAPTURE_RULES,
    ENDINGS,
    PAID_AT,
    SECTIONS,
    TARGET_PROMPTS,
    TERMS,
    round_label,
    term,
    value_words,
)
from game.ui.cues import cue_for
from game.ui.presets import PRESETS
from game.ui.scenes.rules_help import help_lines
from game.ui.scenes.table import TableScene
from game.ui.scenes.teyaku import TeyakuScene
from game.ui.smoke import smoke_run
from tests.engine.test_vocabulary import CASES, play
from tests.ui.driver import frames, make_app

NAMES = ["Ana", "Ren", "Yui", "Kei", "Mio", "Sora", "Taro"]


def option_sets(name: str) -> list[dict]:
    """Every preset of a ruleset, and every value of every option it accepts."""
    cls = rulesets.ruleset_class(name)
    out = [dict(opts) for _, opts in PRESETS.get(name, ())]
    for o in cls.OPTIONS:
        for v in o.values or ((True, False) if o.kind is bool else ()):
            out.append({o.name: v})
    return out


@pytest.mark.parametrize("name", rulesets.names())
def test_every_catalogue_id_has_words_and_a_section(name):
    for options in option_sets(name):
        rs = rulesets.get(name, **options)
        for e in rs.entries:
            assert e.id in TERMS, f"{name} {options}: no words for {e.id!r}"
            assert e.category in SECTIONS


def test_every_engine_enum_has_words():
    assert set(ENDINGS) == set(Ending)
    assert set(SECTIONS) == set(Category)
    assert set(CAPTURE_RULES) == set(CaptureRule) == set(TARGET_PROMPTS)
    assert set(PAID_AT) == set(PaidAt)


@pytest.mark.parametrize(("name", "options", "seats"), CASES)
def test_every_event_is_narrated(name, options, seats):
    """Every event kind the engine emits gets a log line (turn markers excepted)."""
    rs = rulesets.get(name, **options)
    for seed in range(3):
        for _st, ev in play(rs, seats, seed):
            line = narrate(ev, NAMES[:seats], 1)
            if ev.kind == EventKind.TURN:
                continue
            assert line, ev
            assert "None" not in line and "{" not in line, line


def test_four_of_a_month_taken_by_the_dealer_is_narrated():
    """Defect 1: this event crashed the narration (card='') and the game fell to the title."""
    rs = rulesets.get("sudaoshi", field_four="dealer_takes")
    four = MONTH_MASK[7]
    rest = [c for c in rs.deck_cards if not four >> c & 1]
    st = rs.new_state(3, 0)
    lines = [narrate(ev, NAMES[:3], 1) for ev in st.start_round(rest[:21] + cards_of(four)
                                                                  + rest[21:])]
    assert "R1 Ana takes the four Susuki grass cards dealt to the field." in lines


def test_nasake_has_words_and_goes_to_the_teyaku_section():
    """Defect 2."""
    rs = rulesets.get("sudaoshi", teyaku="1921")
    assert term("nasake") == "情け Nasake · Mercy (ribbons and Willow)"
    assert SECTIONS[rs.category("nasake")] == SECTIONS[Category.TEYAKU]


def test_grand_field_plays_its_own_cue():
    """Defect 7: a x4 field played the x2 cue."""
    def cue(m: int) -> str | None:
        return cue_for(Event(EventKind.MULTIPLIER, -1, {"m": m, "carry": []}))

    assert (cue(1), cue(2), cue(4), cue(8)) == (None, "multiplier", "multiplier_grand",
                                                  "multiplier_grand")


def test_round_label_follows_the_engine_plan():
    """Defect 6: 'Round N / 12' came from the rounds option, wrong for agari matches."""
    assert round_label(3, 12) == "Round 3 / 12"
    assert round_label(3, None) == "Round 3"


def test_rules_page_states_the_ruleset_capture_rule():
    """Defect 5: Hachi's help described same-month capture."""
    hachi = "\n".join(help_lines("hachi"))
    assert CAPTURE_RULES[CaptureRule.MONTH_SUM] in hachi
    assert CAPTURE_RULES[CaptureRule.SAME_MONTH] not in hachi
    kansai = "\n".join(help_lines(rulesets.get("hachihachi", kan=10)))
    assert "1 kan = 10 mon." in kansai


def _table(app, ruleset: str, options: dict, state: State) -> TableScene:  # noqa: ANN001
    specs = [SeatSpec(NAMES[i], "ai:random") for i in range(state.n)]
    session = GameSession(ruleset, options, specs, 1, 0, state)
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 2)
    return table


def test_sidebar_shows_the_third_seats_willow_yaku(tmp_path):
    """Defect 4: the sidebar asked for yaku without the seat's position, so Sudaoshi's
    Willow yaku of the third seat never showed, though they are paid."""
    rs = rulesets.get("sudaoshi")
    st = State.from_position(
        rs, 3, dealer=0,
        hands={0: "pine_chaff_1 plum_chaff_1", 1: "cherry_chaff_1 iris_chaff_1",
               2: "peony_chaff_1 clover_chaff_1"},
        field="maple_chaff_1 maple_chaff_2", pile="pine_chaff_2 plum_chaff_2",
        captured={2: "rain_man swallow willow_ribbon lightning"}, to_move=0)
    app = make_app(tmp_path)
    table = _table(app, "sudaoshi", {}, st)
    info = table._info()
    assert term("ame_zoro") in info.seats[2].yaku
    assert info.seats[0].yaku == []


@pytest.mark.parametrize("options", [{"payment_model": "split"}, {}])
def test_teyaku_reveal_shows_what_each_opponent_pays(tmp_path, options):
    """Defect 3: the reveal showed the raw claim value (double under split) and 'settled at
    round end' even where teyaku are paid at the claim."""
    rs = rulesets.get("hachihachi", **options)
    # seat 0 holds a triplet (sanbon, 2 kan = 24 mon): split halves it to 12 per opponent
    st = State.from_position(
        rs, 3, dealer=0,
        hands={0: "pine_chaff_1 pine_chaff_2 pine_ribbon plum_chaff_1 cherry_chaff_1 "
                  "iris_chaff_1 peony_chaff_1",
               1: "plum_chaff_2 cherry_chaff_2 iris_chaff_2 peony_chaff_2 clover_chaff_1 "
                  "clover_chaff_2 susuki_chaff_1",
               2: "susuki_chaff_2 chrysanthemum_chaff_1 chrysanthemum_chaff_2 "
                  "maple_chaff_1 maple_chaff_2 lightning paulownia_chaff_1"},
        field="crane warbler curtain cuckoo bridge butterflies",
        pile="boar moon geese sake_cup deer rain_man swallow phoenix", to_move=0,
        claims={0: rs.claim(_mask("pine_chaff_1 pine_chaff_2 pine_ribbon plum_chaff_1 "
                                  "cherry_chaff_1 iris_chaff_1 peony_chaff_1"), 0)})
    app = make_app(tmp_path)
    table = _table(app, "hachihachi", options, st)
    want = 12 if options else 24
    assert st.view(0).claims[0].pays["sanbon"] == want
    text = " ".join(t for t, _ in TeyakuScene(app, table).lines())
    assert f"{term('sanbon')}: {want} mon from each opponent" in text
    assert PAID_AT[PaidAt.ROUND_END] in text


def _mask(cards: str) -> int:
    m = 0
    for c in cards.split():
        m |= 1 << INDEX[c]
    return m


def four_of_a_month_seed(ruleset: str, seats: int) -> int:
    """A smoke seed whose first deal puts four cards of one month on the field (the
    session's deck generator, as the table uses it)."""
    from game.play.session import MASK64

    rs = rulesets.get(ruleset)
    for seed in range(100_000):
        deck = list(rs.deck_cards)
        Rng((seed * 1_000_003) & MASK64).shuffle(deck)
        field = deck[7 * seats:7 * seats + 6]
        if any(sum(1 for c in field if c >> 2 == m) == 4 for m in range(12)):
            return seed
    raise AssertionError("no seed found")


def test_the_session_deals_what_the_seed_search_expects():
    seed = four_of_a_month_seed("sudaoshi", 3)
    s = GameSession("sudaoshi", {"field_four": "dealer_takes"},
                    [SeatSpec(n, "ai:random") for n in NAMES[:3]], seed, 0)
    assert s.st.phase == DEAL
    evs = s.deal()
    assert any(e.kind == EventKind.CAPTURED and e.data.get("rule") == "field_four"
               for e in evs)


SMOKES = [(name, opts, 88) for name in rulesets.names() for _, opts in PRESETS[name]]
SMOKES += [("sudaoshi", {"field_four": "dealer_takes", "yaku_unit": 12}, "four"),
           ("hachihachi", {}, "four"), ("hachihachi", {"bdb": True}, 7)]


@pytest.mark.parametrize(("name", "options", "seed"), SMOKES,
                         ids=[f"{n}-{json.dumps(o, sort_keys=True)}-{s}" for n, o, s in SMOKES])
def test_smoke_every_preset(name, options, seed, capsys):
    """python -m game --smoke --ruleset R --options JSON: SMOKE OK for every preset."""
    if seed == "four":
        seed = four_of_a_month_seed(name, 3)
    assert smoke_run(rounds=1, ruleset=name, options=options, seed=seed) == 0
    assert "SMOKE OK" in capsys.readouterr().out


def test_no_question_between_interchangeable_cards(tmp_path):
    """Issue 11 defect 8: two cards that are the same for every rule (two plain Maple chaff)
    are not a choice: the engine says so and the table plays without asking."""
    rs = rulesets.get("hachihachi")
    assert rs.distinct([INDEX["maple_chaff_1"], INDEX["maple_chaff_2"]]) == \
        [INDEX["maple_chaff_1"]]
    assert len(rs.distinct([INDEX["maple_chaff_1"], INDEX["maple_ribbon"]])) == 2
    st = State.from_position(
        rs, 3, dealer=0,
        hands={0: "maple_ribbon pine_chaff_1", 1: "plum_chaff_1 cherry_chaff_1",
               2: "iris_chaff_1 peony_chaff_1"},
        field="maple_chaff_1 maple_chaff_2 crane", pile="boar moon geese sake_cup deer rain_man",
        to_move=0)
    app = make_app(tmp_path)
    specs = [SeatSpec("You", "human"), SeatSpec("Ren", "ai:random"), SeatSpec("Yui", "ai:random")]
    table = TableScene(app, GameSession("hachihachi", {}, specs, 1, 0, st))
    app.stack.reset(table)
    frames(app, 3)
    assert table.input.plays()["maple_ribbon"] == ["maple_chaff_1"]
    table.input.choose_card("maple_ribbon")
    frames(app, 2)
    assert table.input.selected is None
    assert str(st.actions[0]) == "0 play maple_ribbon maple_chaff_1"


def test_every_option_value_has_distinct_words():
    """Setup shows words for option values (never 'void_double'); within one option the
    words are distinct, so a choice maps back to its value."""
    for name in rulesets.names():
        for opt in rulesets.ruleset_class(name).OPTIONS:
            if opt.kind is str:
                words = [value_words(opt.name, v) for v in opt.values]
                assert len(set(words)) == len(words), (name, opt.name)
                assert all(w != v or "_" not in v for w, v in zip(words, opt.values,
                                                                       strict=True))
