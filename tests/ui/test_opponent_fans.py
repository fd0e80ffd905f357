"""Issue 23, minor 5 and 14: an opponent's capture groups fan out into the room beside
them (they overlapped to one visible card with free room at their right), and the
teyaku cards an opponent revealed show readable in its hand fan (they were 25 % slivers).
Pure: the placements `targets()` gives for a model and a layout."""

from __future__ import annotations

import pytest

from game.ui.layout import MIN_FACE_W, layout
from game.ui.model import Seating, TableModel, opponent_parts, targets

SIZES = [(1280, 720), (1920, 1080)]


def _table(revealed: list[str], captured: list[str]) -> tuple[TableModel, Seating]:
    model = TableModel(3)
    model.hands[0] = ["crane", "plum_chaff_1", "cherry_chaff_1", "wisteria_chaff_1",
                      "iris_chaff_1", "peony_chaff_1", "clover_chaff_1"]
    model.hands[1] = [*revealed, *[None] * (7 - len(revealed))]
    model.hands[2] = [None] * 7
    model.captured[1] = list(captured)
    return model, Seating(0, [1, 2], [], "play", 3)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("n", [3, 4, 7])
def test_revealed_teyaku_cards_show_readable(size, scale, n):
    revealed = ["moon", "geese", "susuki_chaff_1", "susuki_chaff_2", "sake_cup",
                "chrysanthemum_ribbon", "chrysanthemum_chaff_1"][:n]
    model, seat = _table(revealed, [])
    L = layout(*size, 3, 3, text=scale)
    places = targets(model, L, seat)
    faces = [places[c] for c in revealed]
    assert all(p.face for p in faces)
    for a, b in zip(faces, faces[1:], strict=False):
        assert b.x - a.x >= 0.4 * a.w, (a, b)  # each shows at least 40 % of its face
    assert all(p.w >= MIN_FACE_W - 1 for p in faces)
    rect = L.opponents[0]
    assert all(rect.contains((p.x, p.y, p.w, 1)) for p in faces)
    if n <= 3:  # a few: (nearly) whole, side by side
        assert all(b.x - a.x >= 0.7 * a.w for a, b in zip(faces, faces[1:], strict=False))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_capture_groups_use_the_room_beside_them(size, scale):
    caught = ["crane", "curtain", "warbler", "bridge", "butterflies", "pine_ribbon",
              "plum_ribbon", "pine_chaff_2", "plum_chaff_2", "cherry_chaff_2"]
    model, seat = _table([], caught)
    L = layout(*size, 3, 3, text=scale)
    places = targets(model, L, seat)
    _row, _fan, caps = opponent_parts(L.opponents[0], L)
    xs = {c: places[c].x for c in caught}
    w = L.opp_cap_w
    right = max(x + w for x in xs.values())
    assert right <= caps.right + 1
    groups = [["crane", "curtain"], ["warbler", "bridge", "butterflies"],
              ["pine_ribbon", "plum_ribbon"], ["pine_chaff_2", "plum_chaff_2", "cherry_chaff_2"]]
    gap = max(4, round(0.15 * w))
    fits = 4 * w + 6 * round(0.42 * w) + 3 * gap <= caps.w  # room for 42 % fans
    for g in groups:  # every card of every group shows its left strip, 42 % if it fits
        steps = [xs[b] - xs[a] for a, b in zip(g, g[1:], strict=False)]
        assert min(steps) >= (round(0.42 * w) - 1 if fits else 0.3 * w), (g, steps)
    # and they spread (up to 75 %) when the row has room to spare
    if caps.right - right > w:
        assert min(xs[b] - xs[a] for g in groups for a, b in zip(g, g[1:], strict=False)) \
            >= round(0.7 * w)
