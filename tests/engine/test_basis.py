"""Every payment carries its basis (the formula behind it) and the formula gives the amount,
over real games of every ruleset (TABLE.md §5.8: the ledger explains)."""

from __future__ import annotations

import pytest

from game.engine import rulesets
from game.engine.ledger import Basis, Payment
from tests.engine.test_properties import OPTION_SETS, play_checked

CASES = [(name, seats) for name in rulesets.names()
         for seats in range(rulesets.get(name).min_seats, rulesets.get(name).max_seats + 1)]


def check_basis(p: Payment) -> None:
    b = p.basis
    assert isinstance(b, Basis), f"{p.reason} has no basis"
    assert b.amount() == p.amount, f"{p.reason}: {b} gives {b.amount()}, paid {p.amount}"
    if b.kind in ("kan", "capped"):
        assert b.kan * b.unit == b.base
    if b.kind == "card_points":
        assert abs(b.points - b.par) == b.base
    if b.kind == "difference":
        assert b.points - b.par == b.base


@pytest.mark.parametrize(("name", "seats"), CASES)
def test_every_payment_has_a_basis_that_gives_its_amount(name: str, seats: int) -> None:
    kinds = set()
    for seed, options in enumerate(OPTION_SETS if name.startswith("hachihachi") else [{}]):
        opts = {k: v for k, v in options.items()
                if k in {o.name for o in rulesets.ruleset_class(name).OPTIONS}}
        st, _ = play_checked(name, opts, seats, 1000 + seed, 6)
        for r in st.results:
            for p in r.payments:
                check_basis(p)
                kinds.add(p.basis.kind)
    assert kinds, "no payment in six rounds"


def test_basis_is_not_in_the_json_and_not_built_without_events() -> None:
    b = Basis("kan", 24, 2, kan=2, unit=12)
    p = Payment(0, 1, 48, "goko", b)
    assert p.as_json() == {"from": 0, "to": 1, "amount": 48, "reason": "goko"}
    assert b.amount() == 48
    from game.engine.rng import Rng
    from game.engine.state import DEAL, OVER

    rs = rulesets.get("hachihachi")
    quiet = rs.new_state(3, 0, events=False)
    rng = Rng(3)
    while quiet.phase != OVER and not any(r.payments for r in quiet.results):
        deck = list(rs.deck_cards)
        rng.shuffle(deck)
        quiet.start_round(deck)
        while quiet.phase not in (DEAL, OVER):
            quiet.apply(quiet.sample_chance(rng) if quiet.is_chance()
                        else rng.choice(quiet.legal_actions()))
    paid = [p for r in quiet.results for p in r.payments]
    assert paid and all(p.basis is None for p in paid)
