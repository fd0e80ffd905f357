"""The view's public history (issue 30, item 1): each turn of play as everyone saw it.

Checked against an independent derivation from the engine's public events (played, placed,
captured, drew) at every decision of seeded rounds of every ruleset; checked public: two true
states that differ only in what a seat cannot see give that seat equal histories."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.cards import INDEX
from game.engine.history import TurnRecord
from game.engine.rng import Rng
from game.engine.state import DEAL, PLAY_PH

from .helpers import dealt_to_play, hidden_reshuffled

GAMES = [("hachihachi", {}, 3), ("hachihachi", {}, 5), ("hachihachi-nintendo", {}, 3),
         ("nuki-hachihachi", {}, 2), ("hachi", {}, 2), ("sudaoshi", {}, 3),
         ("curriculum", {"tier": 1}, 3)]


def _mask(cards: list[str]) -> int:
    return sum(1 << INDEX[c] for c in cards)


class FromEvents:
    """The turns of the round as a spectator would write them down from the events."""

    def __init__(self) -> None:
        self.turns: list[dict] = []
        self.field = 0
        self.current: dict | None = None

    def feed(self, ev) -> None:  # noqa: ANN001
        k, d = ev.kind, ev.data
        if k == "dealt":
            self.turns, self.field, self.current = [], _mask(d["field"]), None
        elif k == "played":
            self.current = {"seat": ev.seat, "field_before": self.field,
                            "played": INDEX[d["card"]], "took": 0, "drawn": -1,
                            "drawn_took": 0}
            self.turns.append(self.current)
        elif k == "drew" and self.current is not None:
            self.current["drawn"] = INDEX[d["card"]]
        elif k == "placed":
            self.field |= 1 << INDEX[d["card"]]
        elif k == "captured":
            got = _mask(d["cards"])
            if d.get("rule") or self.current is None:  # taken from the field before play
                self.field &= ~got
                return
            self.field &= ~got
            key = "drawn_took" if self.current["drawn"] == INDEX[d["card"]] else "took"
            self.current[key] = got

    def records(self, pending_seat: int | None) -> tuple[TurnRecord, ...]:
        out = []
        for i, t in enumerate(self.turns):
            last = i == len(self.turns) - 1
            pending = last and pending_seat is not None and t["drawn"] >= 0 \
                and not t["drawn_took"] and not (self.field >> t["drawn"] & 1)
            out.append(TurnRecord(**t, pending=pending))
        return tuple(out)


@pytest.mark.parametrize("ruleset,options,seats", GAMES)
def test_history_matches_the_public_events_at_every_decision(ruleset, options, seats):
    rs = rulesets.get(ruleset, **options)
    checked = 0
    for seed in range(3):
        st = rs.new_state(seats, seed % seats, events=True)
        rng = Rng(100 + seed)
        spectator = FromEvents()
        for _round in range(2):
            deck = list(rs.deck_cards)
            rng.shuffle(deck)
            for ev in st.start_round(deck):
                spectator.feed(ev)
            while st.phase != DEAL and not st.over:
                if st.is_chance():
                    events = st.apply(st.sample_chance(rng))
                else:
                    seat = st.to_move
                    v = st.view(seat)
                    pending = seat if st.drawn >= 0 else None
                    assert v.turns == spectator.records(pending), (ruleset, seed, len(v.turns))
                    for other in range(seats):  # every seat sees the same history
                        assert st.view(other).turns == v.turns
                    checked += 1
                    events = st.apply(rng.choice(v.legal))
                for ev in events:
                    spectator.feed(ev)
            if st.over:
                break
        assert spectator.turns, "no turn was played"
    assert checked > 20


def test_history_is_public_two_worlds_one_history():
    """Two true states that differ only in what seat 0 cannot see (other hands, the undrawn
    pile): seat 0's views, history included, are equal."""
    for seed in range(5):
        rng = Rng(seed)
        a = dealt_to_play(rng)
        for _ in range(7):
            a.apply(rng.choice(a.legal_actions()))
        while a.phase != PLAY_PH or a.to_move != 0:
            a.apply(rng.choice(a.legal_actions()))
        b = hidden_reshuffled(a, seed + 7)
        assert (a.hands[1], a.pile) != (b.hands[1], b.pile)
        va, vb = a.view(0), b.view(0)
        assert va.turns and va.turns == vb.turns
        assert va == vb
        drawn = set(a.pile[:a.pile_pos])
        assert all(t.drawn in drawn for t in va.turns if t.drawn >= 0)  # never a hidden card


def test_a_built_position_has_no_history():
    rs = rulesets.get("hachihachi")
    st = rs.new_state(3, 0, events=False)
    assert st.view(0).turns == ()
