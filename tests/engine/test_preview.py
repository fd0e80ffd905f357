"""Decision previews: the amounts shown before a choice are what the engine then pays."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine import rulesets
from game.engine.preview import preview
from game.engine.rng import Rng
from game.engine.state import DEAL, OVER
from game.play.choices import choice_words

DEKIYAKU = {"goko", "shiko", "nanatan", "akatan", "aotan", "inoshikacho"}


def _net(payments, seat, reasons) -> int:
    return sum((p.amount if p.to == seat else -p.amount) for p in payments
               if p.reason in reasons and seat in (p.frm, p.to))


@pytest.mark.parametrize("name, options, seats", [
    ("hachihachi", {}, 3),
    ("hachihachi", {"sage_failure": "half_double", "payment_model": "split"}, 3),
    ("hachihachi", {"dropout_fee": "by_seat"}, 6),
    ("hachihachi-nintendo", {}, 5),
    ("nuki-hachihachi", {"dropout_fees": True}, 4),
    ("curriculum", {"tier": 2}, 3),
])
def test_preview_amounts_match_the_settlement(name, options, seats):
    rs = rulesets.get(name, **options)
    rng = Rng(17)
    checked = set()
    for game in range(40):
        st = rs.new_state(seats, game % seats, events=False)
        while st.phase != OVER and len(st.results) < 3:
            for seat in st.decisions(rng):
                for choice in preview(st.view(seat)):
                    verb = choice.action.verb
                    if verb not in ("shoubu", "cancel", "drop"):
                        continue
                    twin = st.clone()
                    before = len(twin.payments)
                    twin.apply(choice.action)
                    if verb == "drop":
                        got = _net(twin.payments[before:], seat, {"dropout_fee"})
                    else:
                        got = _net(twin.results[-1].payments, seat, DEKIYAKU)
                    assert choice.amount == got, (verb, str(choice.action))
                    assert all(choice_words(choice))
                    checked.add(verb)
                st.apply(rng.choice(st.legal_actions()))
    assert "shoubu" in checked


@pytest.mark.parametrize("fee_mode", ["by_order", "by_seat"])
def test_the_drop_fee_preview_reads_the_view_not_the_log_text(fee_mode):
    """The k-th drop's fee follows from who joined and the drop-out order, not from
    counting log lines: a view with its log cleared previews the same fee."""
    rs = rulesets.get("hachihachi", dropout_fee=fee_mode, compulsory_three=False)
    rng = Rng(8)
    later = 0
    for _ in range(30):
        st = rs.new_state(7, rng.below(7), events=False)
        for seat in st.decisions(rng):
            view = st.view(seat)
            if view.phase == "dropout" and any(a.verb == "drop" for a in view.legal):
                fee = next(c.fee for c in preview(view) if c.action.verb == "drop")
                blank_log = dataclasses.replace(view, log=())
                assert next(c.fee for c in preview(blank_log) if c.action.verb == "drop") == fee
                twin = st.clone()
                twin.apply(next(a for a in view.legal if a.verb == "drop"))
                if not twin.round_over:  # (a misdeal returns every fee)
                    assert twin.pot - st.pot == fee
                later += st.drops > 0
            if view.phase == "play":
                break
            st.apply(rng.choice(st.legal_actions()))
    assert later > 5


def test_preview_covers_every_decision_and_no_play():
    rs = rulesets.get("hachihachi", hand_swap=True)
    rng = Rng(3)
    st = rs.new_state(4, 0)
    deck = list(rs.deck_cards)
    rng.shuffle(deck)
    st.start_round(deck)
    seen = set()
    while st.phase not in (DEAL, OVER):
        if st.is_chance():
            st.apply(st.sample_chance(rng))
            continue
        v = st.view(st.to_move)
        titles = {c.action.verb for c in preview(v)}
        verbs = {a.verb for a in v.legal if a.verb not in ("play", "take")}
        assert titles == verbs
        seen |= verbs
        st.apply(rng.choice(st.legal_actions()))
    assert {"swap", "pass", "join"} <= seen
