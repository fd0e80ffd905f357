"""The big moments' model (issue 26), pygame-free: which event starts which moment, with the
engine's items, values and cards; how it moves (a plain fade under reduced motion); the
queue that a click or key empties; the stamps that stay while a call holds; the sage
panel's threats from the view."""

from __future__ import annotations

import subprocess
import sys

from game.engine import rulesets
from game.engine.cards import names_of
from game.engine.events import Event
from game.engine.rng import Rng
from game.engine.view import combination_cards
from game.engine.vocab import EventKind
from game.ui.moments import (
    COMPUTER,
    FADE,
    SECONDS,
    Moment,
    MomentQueue,
    StampBoard,
    counted,
    fresh_items,
    moment_for,
    pose,
)

RS = rulesets.get("hachihachi")
REDS = next(e for e in RS.entries if e.id == "akatan")
RED_CARDS = tuple(names_of(REDS.cards))


def _yaku(seat: int, items: dict) -> Event:
    return Event(EventKind.YAKU, seat, {"items": items, "last": False})


def test_a_yaku_event_starts_a_cut_in_with_the_engines_items_values_and_cards():
    pile = (*RED_CARDS, "pine_chaff_1")
    ev = _yaku(1, {"akatan": REDS.value})
    m = moment_for(ev, viewer=1, rs=RS, pile=pile)
    assert m is not None and m.kind == "yaku" and m.own and m.seat == 1
    assert dict(m.items) == ev.data["items"]  # the value is the event's, untouched
    assert m.cards == combination_cards(RS, "akatan", pile) and len(m.cards) == 3
    assert m.seconds == SECONDS["yaku"]


def test_a_cards_of_the_month_cut_in_gathers_the_rounds_month():
    """Koi-Koi's Cards of the Month has no cards of its own in the catalogue: the cut-in
    gathers the four of the round's month from the pile (round 3: Cherry)."""
    kk = rulesets.get("koikoi", tsukifuda=True)
    cherry = ("curtain", "cherry_ribbon", "cherry_chaff_1", "cherry_chaff_2")
    pile = ("crane", "pine_ribbon", "pine_chaff_1", "pine_chaff_2", *cherry)
    ev = _yaku(0, {"tsukifuda": 4})
    m = moment_for(ev, viewer=0, rs=kk, pile=pile, ctx=kk.context_of(3, 0))
    assert m is not None and m.cards == cherry
    assert moment_for(ev, viewer=0, rs=kk, pile=pile).cards == ()  # no round, no cards


def test_a_computers_cut_in_is_shorter_and_none_plays_at_instant_speed():
    ev = _yaku(2, {"akatan": 7})
    small = moment_for(ev, viewer=0, rs=RS, pile=RED_CARDS)
    assert small is not None and not small.own
    assert small.seconds == SECONDS["yaku"] * COMPUTER
    assert moment_for(ev, viewer=0, rs=RS, pile=RED_CARDS, speed=0.0) is None
    slow = moment_for(ev, viewer=2, rs=RS, pile=RED_CARDS, speed=1.5)
    assert slow is not None and slow.seconds == SECONDS["yaku"] * 1.5


def test_only_the_yaku_a_turn_formed_or_raised_are_fresh():
    assert fresh_items({"akatan": 7, "tane": 1}, {"akatan": 7}) == {"tane"}
    assert fresh_items({"tane": 2}, {"tane": 1}) == {"tane"}
    assert fresh_items({"tane": 1}, None) == {"tane"}


def test_teyaku_field_and_round_end_events_start_their_moments():
    tey = moment_for(Event(EventKind.TEYAKU, 0, {"items": {"karasu": 4},
                                                  "cards": ["pine_chaff_1"]}),
                     viewer=0, rs=RS)
    assert tey is not None and tey.kind == "teyaku" and tey.cards == ("pine_chaff_1",)
    assert dict(tey.items) == {"karasu": 4}
    grand = moment_for(Event(EventKind.MULTIPLIER, -1, {"m": 4, "carry": []}), viewer=0, rs=RS)
    assert grand is not None and grand.kind == "field" and grand.multiplier == 4
    small = Event(EventKind.MULTIPLIER, -1, {"m": 1, "carry": []})
    assert moment_for(small, viewer=0, rs=RS) is None
    large = Event(EventKind.MULTIPLIER, -1, {"m": 2, "carry": []})
    assert moment_for(large, viewer=0, rs=RS, field_multiplier=False) is None
    end = moment_for(Event(EventKind.ROUND_END, 2, {"ending": "shoubu", "net": [-5, -5, 10]}),
                     viewer=0, rs=RS)
    assert end is not None and end.kind == "round_end" and end.seat == 2
    assert end.net == (-5, -5, 10)
    misdeal = Event(EventKind.ROUND_END, -1, {"ending": "misdeal", "net": [0, 0, 0]})
    assert moment_for(misdeal, viewer=0, rs=RS) is None


def test_the_motion_gathers_and_counts_up_and_reduced_motion_is_a_plain_fade():
    m = Moment("yaku", 0, items=(("akatan", 84),), fresh=frozenset({"akatan"}), seconds=1.0)
    start, mid, late = pose(m, 0.02), pose(m, 0.5), pose(m, 0.9)
    assert start.gather < 0.2 and start.count == 0.0 and start.grow < 0.5
    assert mid.alpha == 1.0 and late.count == 1.0
    assert counted(84, start.count) == 0 and counted(84, 1.0) == 84
    for t in (0.0, 0.02, 0.5, 0.95):
        still = pose(m, t, reduced=True)
        assert (still.gather, still.count, still.grow) == (1.0, 1.0, 1.0)
    assert pose(m, FADE * 0.5, reduced=True).alpha < 1.0  # it fades in
    assert pose(m, 1.0 - FADE * 0.5, reduced=True).alpha < 1.0  # and out
    assert pose(m, 0.5, reduced=True).alpha == 1.0


def test_the_queue_plays_moments_one_after_the_other_and_a_skip_empties_it():
    q = MomentQueue()
    a, b = Moment("teyaku", 0, seconds=0.5), Moment("teyaku", 1, seconds=0.5)
    assert q.push(a) is True and q.push(b) is False and q.push(None) is False
    assert q.current is a
    assert q.update(0.6) is b and q.current is b
    assert q.update(0.5) is None and not q.active
    q.push(a)
    q.push(b)
    q.skip()
    assert not q.active and q.current is None and q.pose() is None


def test_a_sage_stamp_stays_until_the_same_seats_shoubu_and_calls_clear_at_the_next_round():
    board = StampBoard()
    board.note(Event(EventKind.SAGE, 1, {}))
    board.update(5.0)  # far longer than the old 1.2 s stamp
    assert board.calls == {1: "sage"}
    board.note(Event(EventKind.SHOUBU, 2, {}))
    assert board.calls == {1: "sage", 2: "shoubu"}
    board.note(Event(EventKind.CANCEL, 1, {}))
    assert board.calls[1] == "cancel"
    board.note(Event(EventKind.DROP, 0, {}))
    board.note(Event(EventKind.TURN, 0, {}))
    assert board.calls[0] == "drop"
    board.note(Event(EventKind.ROUND_START, -1, {"round": 2, "dealer": 0}))
    assert board.calls == {}


def _decide_view():  # noqa: ANN202
    """A real sage-or-shoubu decision from a played round (the engine's view of it), with
    an opponent that still has turns and a yaku in reach."""
    for seed in range(40):
        st = RS.new_state(3, 0)
        deck = list(RS.deck_cards)
        Rng(seed).shuffle(deck)
        st.start_round(deck)
        rng = Rng(seed)
        while not st.over and st.rounds_played == 0:
            v = st.view(st.to_move) if st.to_move >= 0 else None
            if v is not None and v.phase == "decide" and len(v.legal) > 1 and any(
                    v.turns_left[s] and any(not p.made for p in v.watch[s])
                    for s in v.active if s != v.seat):
                return v
            acts = st.legal_actions()
            st.apply(rng.choice(acts) if not st.is_chance() else st.sample_chance(rng))
    raise AssertionError("no decision found")


def test_the_sage_panel_names_each_opponents_yaku_in_reach_and_their_turns_left():
    from game.i18n import _
    from game.play.decisions import threat_lines
    from game.play.terms import term

    v = _decide_view()
    names = ["Ana", "Ren", "Yui"]
    lines = threat_lines(v, names)
    opponents = [s for s in v.active if s != v.seat
                 and any(not p.made for p in v.watch[s]) and v.turns_left[s] > 0]
    assert opponents and _("No opponent can still make a yaku this round.") not in lines
    assert len(lines) == len(opponents)
    for s, line in zip(opponents, lines, strict=True):
        assert line.startswith(names[s] + " (")
        assert f"({v.turns_left[s]} turn" in line
        nearest = min((p for p in v.watch[s] if not p.made), key=lambda p: p.need - p.have)
        assert f"{term(nearest.id)} {nearest.have}/{nearest.need}" in line


def test_the_moments_model_imports_no_pygame():
    code = "import sys, game.ui.moments; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
