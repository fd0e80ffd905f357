"""The big moments at the real table (issue 26), driven by posted pygame events: a yaku
cut-in from the engine's yaku event (its words from the catalogue, its values the engine's),
a key that finishes a cut-in never also acts, skipping by key or click leaves the game
exactly as without skipping, reduced motion makes every moment a plain fade, the round-end
beat opens the ledger only when it is done, stamps stay while the call holds, and a Grand
field is announced when it is dealt."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.play.numbers import amount
from game.play.terms import plain, term
from game.ui.cutin import cutin_lines
from game.ui.moments import pose
from game.ui.scenes.scoring import ScoringScene
from game.ui.scenes.table_moments import STAMP_WORDS, TableMoments
from game.ui.table_view import MULTIPLIER_WORDS
from tests.ui.driver import make_app
from tests.ui.table_helpers import dismiss, my_turn, play_by_keys, start_table

AI3 = [("Ana", "ai:random"), ("Ren", "ai:random"), ("Yui", "ai:random")]
DT = 1 / 30


def step(app, n: int = 1) -> None:  # noqa: ANN001
    for _i in range(n):
        app.invalidate()
        app.step(DT)


def run(app, pred, limit: int = 6000, each=None) -> bool:  # noqa: ANN001
    for _i in range(limit):
        if pred():
            return True
        if each is not None:
            each()
        step(app)
    return pred()


def post_key(k: int, down: bool = True) -> None:
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


def post_click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def moment_of(table, kind: str, seat: int | None = None) -> bool:  # noqa: ANN001
    m = table.moments.current()
    return m is not None and m.kind == kind and (seat is None or m.seat == seat)


def last_event(table, kind: str):  # noqa: ANN001, ANN201
    return next(ev for ev in reversed(table.chronicle.events) if ev.kind == kind)


def test_the_humans_yaku_makes_a_cut_in_with_the_engines_words_and_values_and_the_key_that_ends_it_does_nothing_else(tmp_path):  # noqa: E501
    app = make_app(tmp_path, anim_speed="fast")
    ducked: list[float] = []
    app.audio.duck = ducked.append  # the music steps back while a cut-in speaks
    table = start_table(app, [("Ana", "human"), ("Ren", "ai:random"), ("Yui", "ai:random")],
                        seed=3, rounds=1)

    def each() -> None:
        if dismiss(app):
            return
        if my_turn(app, table):
            play_by_keys(app, table)

    assert run(app, lambda: moment_of(table, "yaku", 0), each=each)
    m = table.moments.current()
    assert ducked and ducked[-1] == m.seconds
    ev = last_event(table, "yaku")
    assert ev.seat == 0 and dict(m.items) == ev.data["items"]
    assert dict(m.items) == table.session.view(0).yaku[0]  # the engine's values
    lines = cutin_lines(m)
    assert [name for name, _v, _f in lines] == [term(k) for k, _x in
                                                 sorted(m.items, key=lambda kv: kv[0]
                                                        not in m.fresh)]
    for (_k, v), (_n, words, _f) in zip(sorted(m.items, key=lambda kv: kv[0] not in m.fresh),
                                        lines, strict=True):
        assert words == _("{amount} mon").format(amount=amount(v))
    assert m.cards and set(m.cards) <= set(table.tv.model.captured[0])
    step(app)
    assert table.moments.active and not table.panel.visible  # the decision comes after it
    history = len(table.session.st.actions)
    post_key(pygame.K_1)  # "1" is Sage on the panel: here it only ends the cut-in
    step(app)
    assert not table.moments.active
    assert len(table.session.st.actions) == history and table.session.st.to_move == 0
    post_key(pygame.K_1)  # the key held down: its repeat never reaches the panel either
    step(app, 3)
    assert len(table.session.st.actions) == history
    post_key(pygame.K_1, down=False)
    step(app)
    assert table.shown_view.phase == "decide" and table.human_to_move()
    assert table.panel.visible and table.panel.threats  # sage's risk, from view.watch
    assert not app.errors
    app.close()


def _play_out(tmp_path, how: str, rounds: int = 2):  # noqa: ANN001, ANN202
    """A computers' game played to its end; `how` every moment ends: "key", "click" or
    "wait" (played out). Returns the game's actions, totals and the moments seen."""
    app = make_app(tmp_path / how, anim_speed="fast")
    table = start_table(app, AI3, seed=3, rounds=rounds)
    seen: list = []

    def each() -> None:
        m = table.moments.current()
        if m is not None and (not seen or seen[-1] is not m):
            seen.append(m)
        if app.stack.top.name == "scoring":
            post_key(pygame.K_RETURN)
            post_key(pygame.K_RETURN, down=False)
            return
        dismiss(app)
        if m is not None and app.stack.top is table:
            if how == "key":
                post_key(pygame.K_SPACE)
                post_key(pygame.K_SPACE, down=False)
            elif how == "click":
                post_click((5, app.screen.get_height() // 2))

    assert run(app, lambda: table.finished, 12000, each)
    out = (list(table.session.st.actions), list(table.session.st.totals), seen)
    assert not app.errors
    app.close()
    return out


def test_skipping_every_moment_by_key_or_by_click_changes_nothing_in_the_game(tmp_path):
    waited = _play_out(tmp_path, "wait")
    kinds = {m.kind for m in waited[2]}
    assert {"yaku", "teyaku", "field", "round_end"} <= kinds
    for how in ("key", "click"):
        skipped = _play_out(tmp_path, how)
        assert skipped[0] == waited[0] and skipped[1] == waited[1]
        assert [m.kind for m in skipped[2]]  # moments began and were cut short


def test_reduced_motion_makes_each_moment_a_plain_fade(tmp_path):
    app = make_app(tmp_path, anim_speed="fast", reduced_motion=True)
    table = start_table(app, AI3, seed=3, rounds=1)
    seen = set()

    def each() -> None:
        dismiss(app)
        m = table.moments.current()
        if m is None:
            return
        p = table.moments.queue.pose(reduced=True)
        assert (p.gather, p.count, p.grow) == (1.0, 1.0, 1.0)
        if table.moments.queue.t < m.seconds * 0.1:
            assert p.alpha < 1.0  # fading in
            assert pose(m, table.moments.queue.t).gather < 1.0  # the full motion would move
        seen.add(m.kind)

    assert run(app, lambda: {"yaku", "round_end"} <= seen, each=each)
    assert not app.errors
    app.close()


def test_the_round_end_beat_counts_the_totals_up_and_opens_the_ledger_after_it(tmp_path):
    app = make_app(tmp_path, anim_speed="fast")
    table = start_table(app, AI3, seed=3, rounds=1)
    assert run(app, lambda: moment_of(table, "round_end"), each=lambda: dismiss(app))
    result = table.session.st.results[-1]
    m = table.moments.current()
    assert m.net == tuple(result.net) and m.seat == (-1 if result.winner is None
                                                      else result.winner)
    assert table.phase.value == "ledger_due"
    assert not any(isinstance(s, ScoringScene) for s in app.stack.scenes)
    before = [si.total for si in table._info().seats]
    step(app, 8)
    during = [si.total for si in table._info().seats]
    assert during != before or not any(result.net)
    assert not any(isinstance(s, ScoringScene) for s in app.stack.scenes)
    post_click((5, app.screen.get_height() // 2))  # skipped by a click
    step(app)
    assert not table.moments.active
    assert run(app, lambda: isinstance(app.stack.top, ScoringScene), 30)
    after = [si.total for si in table._info().seats]
    assert after == list(table.session.st.totals)  # counted to the engine's totals
    assert not app.errors
    app.close()


def test_a_call_is_stamped_on_its_plate_and_stays_while_it_holds(tmp_path):
    app = make_app(tmp_path, anim_speed="fast")
    table = start_table(app, AI3, seed=3, rounds=2)
    assert run(app, lambda: "sage" in table.moments.stamps.calls.values() or
               app.stack.top.name == "scoring", each=lambda: dismiss(app))
    seat = next(s for s, k in table.moments.stamps.calls.items() if k == "sage")
    assert table.moments.stamp_words()[seat] == plain(_(STAMP_WORDS["sage"]))
    step(app, round(2.0 / DT))  # longer than the old 1.2 s stamp
    assert table.moments.stamps.calls[seat] in ("sage", "shoubu", "cancel")
    assert run(app, lambda: app.stack.top.name == "scoring", each=lambda: dismiss(app))
    assert seat in table.moments.stamps.calls  # still there under the ledger
    post_key(pygame.K_RETURN)
    post_key(pygame.K_RETURN, down=False)
    assert run(app, lambda: table.chronicle.round == 2 and table.play_started,
               each=lambda: dismiss(app))
    assert seat not in table.moments.stamps.calls or \
        table.moments.stamps.fresh[seat] < 30  # a new round's call, not the old one
    assert not app.errors
    app.close()


def test_a_grand_field_is_announced_when_it_is_dealt(tmp_path):
    app = make_app(tmp_path, anim_speed="fast")
    table = start_table(app, AI3, seed=3, rounds=2)

    def each() -> None:
        if app.stack.top.name == "scoring":
            post_key(pygame.K_RETURN)
            post_key(pygame.K_RETURN, down=False)
            return
        dismiss(app)

    assert run(app, lambda: moment_of(table, "field"), each=each)
    ev = last_event(table, "multiplier")
    m = table.moments.current()
    assert m.multiplier == ev.data["m"] >= 2
    assert MULTIPLIER_WORDS[m.multiplier]  # its words are the top bar's chip's
    assert isinstance(table.moments, TableMoments)
    step(app)
    assert table.moments.covered is not None  # drawn over the field
    post_key(pygame.K_SPACE)
    step(app)
    assert not table.moments.active
    assert not app.errors
    app.close()
