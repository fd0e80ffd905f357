"""The yaku watch says what the viewer knows (issue 23, minor 6): a needed card in the
viewer's own hand is "in your hand", not unseen; a card another seat revealed for teyaku is
held by that seat; a yaku leaves the watch once a needed card went to another pile; and the
sidebar watch, scrolled by the wheel at 1280×720, never cuts an entry in the middle."""

from __future__ import annotations

import pygame

from game.engine import rulesets
from game.engine.state import State
from game.play.session import GameSession, SeatSpec
from game.ui.hints import watch_items, watch_lines, watch_max_scroll, watch_window
from game.ui.scenes.table import TableScene
from tests.ui.driver import frames, make_app

NAMES = ["Ana", "Ren", "Yui"]


def _state(**kw: object) -> State:
    rs = rulesets.get("hachihachi")
    base = dict(
        hands={0: "cherry_ribbon plum_chaff_1", 1: "cherry_chaff_1 iris_chaff_1",
               2: "peony_chaff_1 clover_chaff_1"},
        field="pine_ribbon maple_chaff_2 curtain", pile="pine_chaff_2 plum_chaff_2",
        captured={0: "plum_ribbon", 1: "warbler"}, to_move=0)
    base.update(kw)
    return State.from_position(rs, 3, dealer=0, **base)


def _akatan(view, seat: int):  # noqa: ANN001, ANN202
    return next(p for p in view.watch[seat] if p.id == "akatan")


def test_a_needed_card_in_my_hand_is_in_my_hand_not_unseen():
    view = _state().view(0)
    mine = _akatan(view, 0)
    assert mine.have == 1 and mine.on_field == ("pine_ribbon",)
    assert mine.held == ((0, "cherry_ribbon"),) and mine.unseen == 0
    line = next(t for t, _c in watch_lines(view, NAMES) if "Akatan" in t)
    assert "in your hand: Cherry ribbon" in line and "unseen" not in line
    # the same card for another seat's view is unseen: Ren cannot see Ana's hand
    assert _akatan(_state().view(1), 0).held == () and _akatan(_state().view(1), 0).unseen == 1


def test_a_revealed_teyaku_card_is_held_by_its_seat():
    rs = rulesets.get("hachihachi")
    hand = "cherry_ribbon cherry_chaff_1 cherry_chaff_2 pine_chaff_1 iris_chaff_1 " \
           "peony_chaff_1 maple_chaff_1"  # a triplet of Cherry: Ren reveals it
    from game.engine.cards import INDEX

    claim = rs.claim(sum(1 << INDEX[c] for c in hand.split()), 1)
    assert claim is not None and claim.reveal >> INDEX["cherry_ribbon"] & 1
    st = State.from_position(
        rs, 3, dealer=0,
        hands={0: "plum_chaff_1 pine_chaff_2 iris_chaff_2 peony_chaff_2 clover_chaff_1 "
                  "maple_chaff_2 susuki_chaff_1",
               1: hand,
               2: "plum_chaff_2 clover_chaff_2 susuki_chaff_2 chrysanthemum_chaff_1 "
                  "chrysanthemum_chaff_2 lightning paulownia_chaff_1"},
        field="pine_ribbon plum_ribbon curtain moon warbler boar",
        pile="crane deer butterflies", claims={1: claim}, to_move=0)
    p = _akatan(st.view(0), 0)
    assert (1, "cherry_ribbon") in p.held and p.unseen == 0
    assert "Ren holds: Cherry ribbon" in "\n".join(t for t, _c in watch_lines(st.view(0),
                                                                                NAMES))


def test_a_yaku_leaves_the_watch_when_a_needed_card_went_to_another_pile():
    before = _state().view(0)
    assert any(p.id == "akatan" for p in before.watch[0])
    after = _state(field="maple_chaff_2 curtain",
                   captured={0: "plum_ribbon", 1: "warbler pine_ribbon"}).view(0)
    assert not any(p.id == "akatan" for p in after.watch[0])
    assert "Akatan" not in "\n".join(t for t, _c in watch_lines(after, NAMES)).split("Ren")[0]


def test_watch_window_shows_whole_rows_only():
    sizes = [1, 2, 1, 2, 2, 1, 2, 1]
    room = 5
    top = watch_max_scroll(sizes, room)
    for first in range(len(sizes)):
        a, b = watch_window(sizes, room, first)
        lines = (1 if a else 0) + sum(sizes[a:b]) + (1 if b < len(sizes) else 0)
        assert lines <= room and b > a and a <= top
    a, b = watch_window(sizes, room, top)
    assert b == len(sizes)  # scrolled to the end, the last row shows whole


def test_scrolled_sidebar_watch_never_cuts_an_entry_at_1280x720(tmp_path):
    st = State.from_position(
        rulesets.get("hachihachi"), 3, dealer=0,
        hands={0: "pine_chaff_1 plum_chaff_1", 1: "cherry_chaff_1 iris_chaff_1",
               2: "peony_chaff_1 clover_chaff_1"},
        field="maple_chaff_1 maple_chaff_2 curtain", pile="pine_chaff_2 plum_chaff_2",
        captured={0: "crane moon", 1: "warbler plum_ribbon pine_ribbon"}, to_move=0)
    app = make_app(tmp_path, (1280, 720))
    session = GameSession("hachihachi", {}, [SeatSpec(n, "human" if i == 0 else "ai:random")
                                             for i, n in enumerate(NAMES)], 1, 0, st)
    table = TableScene(app, session)
    app.stack.reset(table)
    frames(app, 3)
    rect = table.hints.watch_rect()
    assert rect is not None and table.hints.watch_max > 0
    from game.ui import theme

    small = theme.size_of("small", 720)
    items = watch_items(st.view(0), NAMES, small, rect.w - 20)
    starts = {item[0][0] for item in items}
    rows = {line for item in items for line, _c in item}
    for _notch in range(table.hints.watch_max + 2):
        shown = [x for x in table.hints.watch_lines if x in rows]
        assert shown, table.hints.watch_lines
        assert shown[0] in starts  # the first line under the title or ▲ begins an entry
        k = next(i for i, item in enumerate(items) if item[0][0] == shown[0])
        flat = [line for item in items[k:] for line, _c in item]
        assert shown == flat[:len(shown)]
        ends, total = set(), 0
        for item in items[k:]:
            total += len(item)
            ends.add(total)
        assert len(shown) in ends  # whole entries only: the last one is not cut either
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        frames(app, 2)
    assert table.tv.watch_scroll == table.hints.watch_max
    assert table.hints.watch_lines[-1] in {item[-1][0] for item in items[-1:]}  # the end, whole
    app.close()
