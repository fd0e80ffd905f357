"""The drop-out window says where it stands (issue 23, minor 15): the engine's view of the
window (who joined, who dropped, who decides, the pot, who a join would force out); the
table's phase line "Drop-out · joined 2 of 3 · pot …"; the join panel naming the pot and who
would be forced out; a forced-out player told why, in the log and on the sit-out banner."""

from __future__ import annotations

import random

import pygame

from game.engine import rulesets
from game.engine.actions import DROP, JOIN, PASS, Action
from game.engine.dropout_window import MUST_COMPULSORY
from game.play.decisions import dropout_line
from game.play.session import GameSession, SeatSpec
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, make_app

NAMES = ["Ana", "Ren", "Yui", "Mia", "Ken"]  # Yui deals: Yui, Mia, Ken, Ana, Ren decide


def _state(verbs: list[str]):  # noqa: ANN202
    """A 5-seat round dealt by Yui, the first seats' drop-out answers given."""
    rs = rulesets.get("hachihachi")
    for seed in range(50):
        st = rs.new_state(5, 2)
        deck = list(rs.deck_cards)
        random.Random(seed).shuffle(deck)
        events = st.start_round(deck)
        if st.view(0).phase in ("mizuten", "dropout"):
            break
    while st.view(st.to_move).phase == "mizuten":
        events += st.apply(Action(st.to_move, PASS))
    for verb in verbs:
        events += st.apply(Action(st.to_move, verb))
    return st, events


def _table(app, verbs: list[str]) -> TableScene:  # noqa: ANN001
    st, events = _state(verbs)
    session = GameSession("hachihachi", {}, [SeatSpec(n, "human" if i == 0 else "ai:random")
                                             for i, n in enumerate(NAMES)], 1, 2, st)
    session.past_events = events  # as a continued game: the table narrates them again
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 3)
    return table


def test_the_view_tells_where_the_window_stands():
    st, _ev = _state([JOIN, JOIN])
    w = st.view(1).dropout  # any seat may know it: it is public
    assert w is not None and w.order == (2, 3, 4, 0, 1)
    assert w.joined == (2, 3) and w.dropped == () and w.deciding == 4 and w.target == 3
    assert w.forced_if_join == (0, 1)  # Ken's join fills the table
    st, _ev = _state([JOIN, JOIN, DROP])
    w = st.view(0).dropout
    assert w.dropped == (4,) and w.deciding == 0 and w.pot == st.view(0).pot > 0
    assert w.forced_if_join == (1,) and w.must_join is None
    st, _ev = _state([DROP, DROP])
    assert st.view(4).dropout.must_join == MUST_COMPULSORY  # three seats left for three
    st, _ev = _state([JOIN, JOIN, JOIN])
    assert st.view(0).dropout is None  # the window closed: Ana and Ren were forced out


def test_the_phase_line_while_another_seat_decides(tmp_path):
    app = make_app(tmp_path, (1280, 720), ai_pace="relaxed")  # Ken thinks a while
    table = _table(app, [JOIN, JOIN])
    assert dropout_line(table.shown_view, NAMES) == "Drop-out · joined 2 of 3 · Ken decides"
    assert table.hints.phase_line == "Drop-out · joined 2 of 3 · Ken decides"  # drawn
    app.close()


def test_the_join_panel_names_the_pot_and_who_is_forced_out(tmp_path):
    app = make_app(tmp_path, (1280, 720))
    table = _table(app, [JOIN, JOIN, DROP])
    assert table.human_to_move() and table.panel.visible
    pot = table.shown_view.pot
    join = next(b for b in table.panel.group.buttons if b.action_verb == JOIN)
    assert "If you join, the table is full: Ren is forced out." in join.lines
    assert f"The pot holds {pot} mon now." in join.lines
    assert table.hints.phase_line == f"Drop-out · joined 2 of 3 · pot {pot} mon"
    app.close()


def test_a_forced_out_player_is_told_why(tmp_path):
    app = make_app(tmp_path, (1280, 720))
    table = _table(app, [JOIN, JOIN, JOIN])
    line = next(x for x in table.log if "Ana was forced out" in x)
    assert "Yui, Mia, Ken joined before Ana was asked" in line and "3 players" in line
    why = table.chronicle.why(0, True)
    assert why.startswith("You were forced out: Yui, Mia, Ken joined before you were asked")
    drawn: list[str] = []
    import game.ui.panels as panels

    real = panels.theme.blit_text

    def spy(surface, text, *a, **k):  # noqa: ANN001, ANN002, ANN003, ANN202
        drawn.append(text)
        return real(surface, text, *a, **k)

    panels.theme.blit_text = spy
    try:
        assert table.sitting_out()
        table.draw(pygame.Surface(app.screen.get_size()))
    finally:
        panels.theme.blit_text = real
    assert any("You were forced out" in t for t in drawn)  # on the sit-out banner
    app.close()
