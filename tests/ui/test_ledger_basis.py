"""The ledger explains (TABLE.md §5.8, issue 13): every payment shows its basis from the
engine, Σ = 0, card-point bars against par, Sudaoshi's roles and burdens, Hachi's agari
streak, and "Reveal all cards" shows the dealt hands, driven by real pygame events."""

from __future__ import annotations

import pygame
import pytest

from game.engine.cards import HAND_SIZE
from game.play.numbers import amount
from game.play.terms import basis_text
from game.ui import theme
from game.ui.scenes.scoring import ScoringScene
from tests.ui.driver import frames, idle, key, make_app, run_until
from tests.ui.table_helpers import dismiss, play_by_keys, start_table


def to_ledger(tmp_path, ruleset: str, seats: list[tuple[str, str]], seed: int = 3):  # noqa: ANN001, ANN201
    app = make_app(tmp_path)
    table = start_table(app, seats, seed=seed, ruleset=ruleset)

    def step() -> None:
        if dismiss(app):
            return
        if app.stack.top is table and idle(table) and table.human_to_move():
            play_by_keys(app, table)

    assert run_until(app, lambda: isinstance(app.stack.top, ScoringScene), 8000, step)
    return app, table, app.stack.top


def drawn_texts(app, monkeypatch) -> list[str]:  # noqa: ANN001
    """Every string the ledger draws in one frame."""
    seen: list[str] = []
    real = theme.blit_text

    def spy(surface, text, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(str(text))
        return real(surface, text, *a, **k)

    monkeypatch.setattr(theme, "blit_text", spy)
    frames(app, 1)
    monkeypatch.setattr(theme, "blit_text", real)
    return seen


THREE = [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")]
SEED_88 = 5  # a hachihachi game whose first round is settled by card points


def test_every_payment_shows_its_basis_and_the_round_sums_to_zero(tmp_path, monkeypatch):
    app, table, ledger = to_ledger(tmp_path, "hachihachi", THREE)
    result = table.session.st.results[-1]
    rows = [r for r in ledger.rows() if r[0] == "row"]
    assert len(rows) == len(result.payments)
    for row, p in zip(rows, result.payments, strict=True):
        assert p.basis is not None and p.basis.amount() == p.amount
        assert row[5] == basis_text(p.basis) and row[5]
    texts = drawn_texts(app, monkeypatch)
    assert "Σ = 0" in texts and sum(result.net) == 0
    for row in rows[:ledger.scroll + 8]:
        assert any(t and row[5].startswith(t.rstrip("…")[:12]) for t in texts), row[5]
    # bars: each active seat's card points, against par 88 when card points settled
    view = ledger.view
    for s in table.session.st.active:
        pts = table.session.rs.points(view.captured_masks[s])
        if result.ending == "card_points":
            assert f"{pts} / par 88 ({amount(pts - 88, sign=True)})" in texts
        else:  # a dekiyaku round: no par to measure against
            assert str(pts) in texts and not any(t.startswith(f"{pts} / par") for t in texts)


def test_card_point_bars_against_par_88(tmp_path, monkeypatch):
    app, table, ledger = to_ledger(tmp_path, "hachihachi", THREE, seed=SEED_88)
    result = table.session.st.results[-1]
    assert result.ending == "card_points"
    texts = drawn_texts(app, monkeypatch)
    assert "Σ = 0" in texts
    for s in table.session.st.active:
        pts = table.session.rs.points(ledger.view.captured_masks[s])
        assert f"{pts} / par 88 ({amount(pts - 88, sign=True)})" in texts
    card = [p for p in result.payments if p.reason == "card_points"]
    assert card and all(p.basis.kind == "card_points" and p.basis.par == 88 for p in card)


def test_reveal_all_shows_every_dealt_hand(tmp_path, monkeypatch):
    app, table, ledger = to_ledger(tmp_path, "hachihachi", THREE)
    drawn: list[str] = []
    real = app.renderer.draw

    def spy(surface, card, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        drawn.append(card)
        return real(surface, card, *a, **k)

    monkeypatch.setattr(app.renderer, "draw", spy)
    frames(app, 1)
    assert drawn[-HAND_SIZE * 3:] != [] and not ledger.reveal  # the table under the ledger
    st = table.session.st
    deck = st.history[-1][0]
    names = dict(zip(st.rs.deck_cards, st.rs.deck, strict=True))
    want = [names[c] for c in deck[:HAND_SIZE * len(st.participants)]]
    assert len(want) == 3 * HAND_SIZE
    drawn.clear()
    key(app, pygame.K_r)
    frames(app, 1)
    assert drawn[-len(want):] == want  # the ledger draws them last, over everything
    key(app, pygame.K_r)
    drawn.clear()
    frames(app, 1)
    assert drawn[-len(want):] != want


def test_sudaoshi_ledger_shows_roles_and_burdens(tmp_path, monkeypatch):
    app, table, ledger = to_ledger(tmp_path, "sudaoshi", THREE)
    texts = drawn_texts(app, monkeypatch)
    joined = "\n".join(texts)
    for role, burden in (("Dealer", 100), ("Second", 110), ("Third", 120)):
        assert f"{role} · burden {burden}" in joined
    for _s, pts, par, _ in ledger.seat_lines():
        assert par in (100, 110, 120)
        assert f"{pts} / par {par}" in joined
    for p in table.session.st.results[-1].payments:
        if p.reason == "card_points":
            assert p.basis.par in (100, 110, 120)
    # the plates: each seat's role and burden by its position this round
    v = ledger.view
    roles = {s.name: s.role for s in table._info().seats}
    for i, name in enumerate(ledger.names):
        pos = v.positions[i]
        want = f"{('Dealer', 'Second', 'Third')[pos]} · burden {100 + 10 * pos}"
        assert roles[name] == want


@pytest.mark.parametrize("seed", [3])
def test_hachi_ledger_shows_the_month_sum_and_the_agari_streak(tmp_path, monkeypatch, seed):
    app, table, ledger = to_ledger(tmp_path, "hachi", [("Ana", "human"), ("Ren", "ai:random")],
                                   seed)
    st = table.session.st
    agari, streak = st.game_data["agari"], st.game_data["streak"]
    assert ledger.view.agari == tuple(agari) and ledger.view.streak == streak
    joined = "\n".join(drawn_texts(app, monkeypatch))
    assert "Takes: month sum ends in 3 or 8" in joined
    want = "streak: none" if streak is None else f"streak: {ledger.names[streak]}"
    assert want in joined
    assert "Agari Ana " + str(agari[0]) in joined


def test_the_viewers_rows_are_marked_by_seat_not_by_name(tmp_path, monkeypatch):
    """A computer seat named like the human ("Ana" and "Ana"; a computer left as "You" is
    "Player N" now, issue 45): only the rows the human pays or receives take the match
    colour (the ledger used to compare names: issue 25, item 2)."""
    seats = [("Ana", "human"), ("Ana", "ai:random"), ("Yui", "ai:random")]
    app, table, ledger = to_ledger(tmp_path, "hachihachi", seats, seed=2)
    assert ledger.names[:2] == ["Ana", "Ana"] and table.viewer == 0
    rows = [r for r in ledger.rows() if r[0] == "row"]
    pays = table.session.st.results[-1].payments
    assert [r[6] for r in rows] == [(p.frm, p.to) for p in pays]
    assert any(0 not in r[6] for r in rows)  # a payment between the two computers
    whos = {r[3] for r in rows}
    drawn: list[tuple[str, tuple]] = []
    real = theme.blit_text

    def spy(surface, text, size, pos, color=None, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        if text in whos and color in (theme.MATCH, theme.TEXT):
            drawn.append((text, color))
        return real(surface, text, size, pos, color, *a, **k)

    monkeypatch.setattr(theme, "blit_text", spy)
    frames(app, 1)
    want = [(r[3], theme.MATCH if 0 in r[6] else theme.TEXT) for r in rows]
    assert drawn == want
    assert [ledger.is_mine(r[6]) for r in rows] == [0 in r[6] for r in rows]
