"""The table layout (TABLE.md §4.1): inside the window, no overlaps, minimum card sizes."""

import itertools

import pytest

from game.ui.layout import MIN_FACE_W, group_positions, hand_positions, layout

SIZES = [(1024, 640), (1024, 768), (1280, 720), (1280, 800), (1600, 1200), (1920, 1080),
         (2560, 1080), (3840, 2160)]
CONFIGS = [(2, 2, "play"), (3, 3, "play"), (2, 4, "play"), (3, 4, "play"), (3, 5, "play"),
           (3, 7, "play"), (3, 5, "dropout"), (3, 7, "dropout")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("panel", [False, True])
def test_regions_inside_and_disjoint(size, config, panel):
    active, seats, phase = config
    L = layout(*size, active, seats, phase, panel)
    regions = L.regions()
    for name, r in regions.items():
        assert L.window.contains(r), (name, r)
        assert r.w > 0 and r.h > 0, name
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
    for s in L.slots + (L.reveal, L.pile):
        assert L.field.contains(s), s
    if L.panel is not None:
        assert L.window.contains(L.panel)
        for slot in L.slots:
            assert not slot.colliderect(L.panel)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("config", CONFIGS)
def test_minimum_face_up_width(size, config):
    L = layout(*size, *config)
    for w in (L.hand_w, L.field_w, L.cap_w):
        assert w >= MIN_FACE_W
    if config[2] == "play":
        assert L.opp_cap_w >= MIN_FACE_W - 1  # 0.11 Th at 640 px is 39.9 px


def test_sidebar_only_on_wide_windows():
    assert layout(1280, 720).sidebar is not None
    assert layout(1024, 768).sidebar is None
    assert layout(1024, 640).sidebar is None


def test_seat_panels_count_and_turn_order():
    assert len(layout(1280, 720, 2, 2).opponents) == 1
    L = layout(1280, 720, 3, 3)
    assert len(L.opponents) == 2
    assert L.opponents[0].x > L.opponents[1].x  # the next player sits top right
    assert len(layout(1280, 720, 3, 7, "dropout").opponents) == 6
    assert layout(1280, 720, 3, 5).bench is not None


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_cards_fit_their_regions(size):
    L = layout(*size, 3, 3)
    pos = hand_positions(L.hand, 7, L.hand_w)
    assert pos[0][0] >= L.hand.x and pos[-1][0] + L.hand_w <= L.hand.right
    groups = group_positions(L.captures, [5, 9, 10, 24], L.cap_w, 30)
    for _, cards in groups:
        for x, _ in cards:
            assert L.captures.x <= x and x + L.cap_w <= L.captures.right + 1


def test_seating_keeps_the_viewer_at_the_bottom_during_dropout():
    from game.engine import rulesets
    from game.engine.rng import Rng
    from game.ui.model import seating

    rs = rulesets.get("hachihachi")
    st = rs.new_state(5, 0)
    deck = list(rs.deck_cards)
    Rng(3).shuffle(deck)
    st.start_round(deck)
    while st.view(0).phase != "dropout" or st.to_move != 3:
        st.apply(st.legal_actions()[-1])  # pass the windows, then drop while allowed
    s = seating(st.view(3), 3, rs.active_count)
    assert s.phase == "dropout" and s.bottom == 3 and len(s.others) == 4


# --- issue 11 (layout): small and crowded windows, capture groups, drawers --------------
ISSUE_SIZES = [(1024, 640), (1024, 768), (1280, 720), (1366, 768), (1600, 900), (1920, 1080)]
ALL_SEATS = [(2, 2, "play"), (2, 3, "play"), (2, 3, "dropout"), (2, 4, "dropout"),
             (3, 3, "play"), (3, 4, "play"), (3, 5, "play"), (3, 6, "play"), (3, 7, "play"),
             (3, 4, "dropout"), (3, 6, "dropout"), (3, 7, "dropout")]


@pytest.mark.parametrize("size", ISSUE_SIZES)
@pytest.mark.parametrize("config", ALL_SEATS)
@pytest.mark.parametrize("panel", [False, True])
def test_every_seat_count_fits_every_window(size, config, panel):
    L = layout(*size, *config, panel)
    regions = L.regions()
    for name, r in regions.items():
        assert L.window.contains(r), (name, r)
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb}"
    others = config[1] - 1 if config[2] == "dropout" else config[0] - 1
    assert len(L.opponents) == others  # every other seat has a panel or a chip
    # the log is always reachable: docked, or a drawer inside the window
    assert (L.sidebar is None) != (L.drawer is None)
    if L.drawer is not None:
        assert L.window.contains(L.drawer) and L.drawer.top >= L.top_bar.bottom
    if panel and L.sidebar is not None:  # a docked panel leaves the log room below it
        assert L.sidebar.bottom - L.panel.bottom >= 0.3 * L.sidebar.h


def test_nuki_with_three_seats_shows_both_others_during_dropout():
    L = layout(1280, 720, 2, 3, "dropout")
    assert len(L.opponents) == 2


def test_small_capture_groups_keep_their_fan_beside_a_large_one():
    from game.ui.layout import group_positions

    L = layout(1280, 720, 3, 3)
    rect = L.captures.inflate(-200, 0)
    w = L.opp_cap_w
    groups = group_positions(rect, [3, 2, 4, 24], w, 24)
    brights = groups[0][1]
    assert [x for x, _ in brights] == sorted(set(x for x, _ in brights))  # none collapsed
    assert brights[1][0] - brights[0][0] >= round(0.42 * w) - 1  # each card's strip shows
    last = groups[3][1][-1][0] + w
    assert last <= rect.right + 1


def test_capture_groups_spread_out_when_there_is_room():
    from game.ui.layout import group_positions

    L = layout(1920, 1080, 2, 2)
    w = L.opp_cap_w
    (_, cards), *_ = group_positions(L.opponents[0], [3, 0, 0, 0], w, 24)
    assert cards[1][0] - cards[0][0] > round(0.42 * w)
