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
