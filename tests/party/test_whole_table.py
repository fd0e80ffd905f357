"""The whole table in a seat's message (issue 46, item 2): a player who does not see the
host's window reads every seat's plate (card points against its par, the dealer), the teyaku
shown with their cards and what they pay, and the standings, from the host's words."""

from __future__ import annotations

from game.engine.cards import CARD_IDS
from game.party.protocol import table_message, view_message
from game.play.present import claim_lines
from game.play.session import GameSession, SeatSpec
from game.play.standings import ranking


def _to_first_play(seed: int = 7) -> GameSession:
    """Four seats (seat 0 stays in), played by the first legal quiet choice up to the first
    card of round one: seed 7 deals teyaku to two computers."""
    specs = [SeatSpec("Mika", "human")] + [SeatSpec(n, "ai:rules") for n in ("A", "B", "C")]
    s = GameSession("hachihachi", {"rounds": 2}, specs, seed)
    for _ in range(100):
        if s.st.phase != 0 and s.view(0).phase == "play":
            break
        _step(s, lambda legal: next((a for a in legal if a.verb in ("join", "pass")),
                                    legal[0]))
    return s


def _step(s: GameSession, choose) -> None:  # noqa: ANN001 - legal actions -> one of them
    """One step of the game: a deal, a chance outcome, or the seat to move's choice."""
    step = s.next_step().name
    if step == "DEAL":
        s.deal()
    elif step == "CHANCE":
        s.chance()
    else:
        s.apply(choose(s.view(s.st.to_move).legal))


def test_the_teyaku_shown_carry_the_hosts_words_and_cards_and_are_named():
    s = _to_first_play()
    view = s.view(0)
    msg = view_message(view, s.names(), 3)
    claimed = {seat for seat, c in view.claims.items() if c.items}
    assert claimed, "seed 7 deals teyaku"
    assert {c["seat"] for c in msg["teyaku"]} == claimed
    lines = {seat: (text, cards) for seat, text, cards in claim_lines(view, s.names(), True)}
    for claim in msg["teyaku"]:
        assert (claim["text"], claim["cards"]) == lines[claim["seat"]]
        assert claim["cards"] == list(view.claims[claim["seat"]].cards)
        assert "mon" in claim["text"]
        for card in claim["cards"]:  # shown cards still in a hand: named for the page
            assert msg["card_names"][card]
    # the table page's message, from the public view, carries the same
    public = table_message(s.public_view(), s.names(), 3)
    assert [c["seat"] for c in public["teyaku"]] == [c["seat"] for c in msg["teyaku"]]


def test_plates_say_points_against_the_par_and_the_dealer():
    s = _to_first_play()
    view = s.view(0)
    plates = view_message(view, s.names(), 1)["plates"]
    assert len(plates) == 4
    assert [p["dealer"] for p in plates] == [i == view.dealer for i in range(4)]
    for seat, p in enumerate(plates):
        if view.par[seat] is not None:
            assert p["points"].endswith(f"/ {view.par[seat]} pts"), p
        else:
            assert p["points"].endswith(" pts"), p


def test_standings_follow_the_engines_totals_and_mark_the_seat():
    s = _to_first_play()
    while s.view(0).round < 2:  # one whole round: totals differ
        _step(s, lambda legal: legal[0])
    view = s.view(0)
    rows = view_message(view, s.names(), 1)["standings"]
    assert [r["name"] for r in rows] == [s.names()[seat] for _p, seat in ranking(view.totals)]
    assert [r["place"] for r in rows] == [p for p, _seat in ranking(view.totals)]
    assert [r["me"] for r in rows] == [seat == 0 for _p, seat in ranking(view.totals)]
    assert len({r["total"] for r in rows}) > 1
    assert not any(r["me"] for r in table_message(s.public_view(), s.names(), 1)["standings"])


def test_no_teyaku_outside_a_round_in_play():
    specs = [SeatSpec("Mika", "human"), SeatSpec("A", "ai:rules"), SeatSpec("B", "ai:rules")]
    s = GameSession("hachihachi", {"rounds": 1}, specs, 7)
    msg = view_message(s.view(0), s.names(), 0)  # before the deal
    assert msg["teyaku"] == []
    assert all(CARD_IDS.count(c) == 1 for c in msg["card_names"])
