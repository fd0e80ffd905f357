"""Issue 23 (major 5): a table that works at 150 % and 200 %. Over every window size, UI
scale and seat configuration of every game (2 to 7 seats, drop-out and play, decision panel
docked or not): every card keeps a minimum height (the table's text grows only as far as
that allows), every region lies inside the window, no two overlap, the opponents' cards stay
in their panels, and the log stays reachable (docked beside the table with room for the
scores under a panel, or a drawer inside the window). Pure: no pygame surfaces."""

from __future__ import annotations

import itertools

import pytest

from game.engine import rulesets
from game.ui.layout import (
    MIN_FACE_W,
    READABLE,
    height_of,
    layout,
    scores_height,
    top_group_positions,
    top_label_h,
    top_label_w,
)
from game.ui.model import face_width, fan_width, opponent_parts

SIZES = [(1280, 720), (1920, 1080), (1024, 640), (1366, 768)]
SCALES = [100, 150, 200]


def _configs() -> list[tuple[int, int, str]]:
    """(active, seats, phase) every game can show: its seat counts, drop-out and play."""
    out = set()
    for name in rulesets.names():
        rs = rulesets.get(name)
        for seats in range(rs.min_seats, rs.max_seats + 1):
            active = min(rs.active_count, seats)
            out.add((active, seats, "play"))
            if seats > active:
                out.add((active, seats, "dropout"))
    return sorted(out)


CONFIGS = _configs()
# the least card heights, as shares of the window height, at any scale
MIN_HEIGHT = {"hand": 0.135, "field": 0.11, "captures": 0.095, "opponents": 0.07}


def test_the_configurations_cover_two_to_seven_seats():
    assert {s for _a, s, _p in CONFIGS} == set(range(2, 8))
    assert (3, 7, "dropout") in CONFIGS and (2, 2, "play") in CONFIGS


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("panel", [False, True])
def test_cards_keep_a_minimum_height_at_every_scale(size, scale, config, panel):
    W, H = size
    L = layout(W, H, *config, panel, text=scale / 100)
    base = layout(W, H, *config, panel, text=1.0)
    assert 1.0 <= L.text <= scale / 100
    hand, field, caps = height_of(L.hand_w), height_of(L.field_w), height_of(L.cap_w)
    assert hand >= MIN_HEIGHT["hand"] * H, hand
    assert field >= MIN_HEIGHT["field"] * H, field
    assert caps >= MIN_HEIGHT["captures"] * H, caps
    for w in (L.hand_w, L.field_w, L.cap_w):
        assert w >= MIN_FACE_W
    # the text took room from the cards only within their readable share
    if not panel or L.sidebar is not None:  # (a panel beside the field squeezes it anyway)
        assert hand >= READABLE["hand"] * height_of(base.hand_w) - 1
        assert field >= READABLE["field"] * height_of(base.field_w) - 1
    assert caps >= READABLE["captures"] * height_of(base.cap_w) - 1
    if config[2] == "play" and L.opponents:
        opp = height_of(L.opp_cap_w)
        assert opp >= MIN_HEIGHT["opponents"] * H and L.opp_cap_w >= MIN_FACE_W - 1, opp


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("panel", [False, True])
def test_regions_inside_the_window_and_apart(size, scale, config, panel):
    L = layout(*size, *config, panel, text=scale / 100)
    regions = L.regions()
    for name, r in regions.items():
        assert L.window.contains(r) and r.w > 0 and r.h > 0, (name, r)
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
    for s in (*L.slots, L.reveal, L.pile):
        assert L.field.contains(s), s
    for slot in L.slots:
        assert L.panel is None or not slot.colliderect(L.panel)
    assert L.table.contains(L.hand) and L.table.contains(L.plate)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("config", [c for c in CONFIGS if c[2] == "play"])
def test_opponent_cards_stay_in_their_panels(size, scale, config):
    """Seven backs, three revealed teyaku cards and four capture groups of 3, 4, 5 and 12
    cards (labels above them) lie inside each opponent panel."""
    L = layout(*size, *config, text=scale / 100)
    for rect in L.opponents:
        row, fan, caps = opponent_parts(rect, L, 3)
        assert rect.contains(row) and rect.contains(caps), (rect, caps)
        assert fan.right < caps.x and fan.x >= rect.x
        assert fan.y + height_of(max(L.back_w, face_width(L))) <= rect.bottom
        assert fan.w == fan_width(L, 3, rect.w) > fan_width(L, 0)
        groups = top_group_positions(caps, [3, 4, 5, 12], L.opp_cap_w,
                                     top_label_h(L.opp_label), top_label_w(L.opp_label))
        for label, cards in groups:
            assert caps.contains(label), (label, caps)
            for x, y in cards:
                assert caps.x <= x and x + L.opp_cap_w <= caps.right + 1
                assert y >= label.bottom and y + height_of(L.opp_cap_w) <= rect.bottom


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("config", CONFIGS)
def test_the_log_stays_reachable(size, scale, config):
    """Docked: a decision panel at the top of the sidebar leaves the scores, the log's
    heading and two of its lines inside the window. Narrow: the drawer opens inside it."""
    L = layout(*size, *config, True, text=scale / 100)
    if L.sidebar is not None:
        assert L.window.contains(L.sidebar)
        assert L.sidebar.bottom - (L.panel.bottom + 6) >= scores_height(L.small, config[1])
    else:
        assert L.drawer is not None and L.window.contains(L.drawer)
        assert L.drawer.top >= L.top_bar.bottom


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("config", CONFIGS)
def test_the_text_grows_with_the_scale_and_keeps_its_size_all_game(size, config):
    """Bigger at 150 % and 200 % than at 100 % on every window and seat count, and the
    same in the drop-out phase, in play and with a panel open (no jump mid-game)."""
    active, seats, _phase = config
    for scale in (150, 200):
        sizes = {layout(*size, active, seats, phase, panel, text=scale / 100).text
                 for phase in ("play", "dropout") for panel in (False, True)}
        assert len(sizes) == 1
        assert sizes.pop() >= 1.4


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", SCALES)
def test_a_second_name_line_when_the_table_asks_for_it(size, scale):
    """Sudaoshi's seats carry a role and burden: their name rows get a second line, the
    cards still keep their minimum height and the regions stay apart."""
    W, H = size
    L = layout(W, H, 3, 3, "play", text=scale / 100, name_lines=2)
    assert L.opp_lines == 2
    assert L.opp_row >= 2 * round(L.small * 1.35)
    assert height_of(L.hand_w) >= MIN_HEIGHT["hand"] * H
    assert height_of(L.field_w) >= MIN_HEIGHT["field"] * H
    assert height_of(L.opp_cap_w) >= MIN_HEIGHT["opponents"] * H
    for (a, ra), (b, rb) in itertools.combinations(L.regions().items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
