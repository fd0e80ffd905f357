"""The table layout (TABLE.md §4): a pure function of the window size and the seating.

`layout()` returns named rectangles and card widths; it draws nothing and holds no state, so
it is unit-tested for every size and seat count (no overlaps, all inside the window, minimum
card sizes). The helpers below place cards inside those regions (hand, fans, capture groups,
month slots), also pure.

`text` is the UI text scale asked for (theme.effective_scale() / 100, up to 2.0): the bands
that hold text (top bar, name plate rows, capture-group labels, the own plate and prompt
row, the bench, the sidebar's width) are at least as tall as that text needs, and the card
bands take what remains (issue 15). The table gives its text only as much as leaves every
card readable (`table_text`, issue 23: at 200 % on 1280 × 720 the field cards had shrunk to
40 px while the text doubled), so `Layout.text` may be less than asked, and whatever draws
on the table sizes its text by it (theme.table_text).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from pygame import Rect

from game.ui.cards import ASPECT_H, ASPECT_W, card_height
from game.ui.fonts import role_size

MIN_SIZE = (1024, 640)
DEFAULT_SIZE = (1280, 720)
MIN_FACE_W = 40
CARD_RATIO = ASPECT_W / ASPECT_H  # width / height (CARDS.md §1)

# Bands (fractions of the table height Th), TABLE.md §4.2: opponents, field, captures, hand.
BANDS = {
    "three": (0.0, 0.24, 0.36, 0.14, 0.26),
    "two": (0.0, 0.22, 0.40, 0.13, 0.25),
    "many": (0.05, 0.21, 0.34, 0.14, 0.26),
    "dropout": (0.0, 0.24, 0.36, 0.14, 0.26),
}
# Card heights (fractions of Th): own hand, field, own captures, opponent captures, backs.
HEIGHTS = {
    "three": (0.22, 0.155, 0.115, 0.115, 0.09),
    "two": (0.21, 0.175, 0.11, 0.11, 0.10),
    "many": (0.22, 0.145, 0.115, 0.11, 0.085),
    "dropout": (0.22, 0.155, 0.115, 0.115, 0.09),
}


def width_of(height: float) -> int:
    return max(1, round(height * CARD_RATIO))


def height_of(width: int) -> int:
    return card_height(width)


@dataclass(frozen=True)
class Layout:
    window: Rect
    area: Rect
    top_bar: Rect
    sidebar: Rect | None
    drawer: Rect | None  # where the log drawer opens over the table when there is no sidebar
    table: Rect
    bench: Rect | None
    opponents: tuple[Rect, ...]  # [0] = the next player after the viewer (top right)
    field: Rect  # the field band (grid + reveal + pile)
    slots: tuple[Rect, ...]  # 12 month slots, months 1-6 on top
    reveal: Rect
    pile: Rect
    captures: Rect
    plate: Rect
    prompt: Rect
    hand: Rect
    panel: Rect | None
    hand_w: int
    field_w: int
    cap_w: int
    opp_cap_w: int
    back_w: int
    slot_step: float  # fan step inside a month slot, fraction of the card width
    body: int = 15  # the body and small text sizes (px) this layout holds (theme.size_of)
    small: int = 13
    opp_row: int = 20  # the name row at the top of an opponent panel
    opp_label: int = 13  # text size of the capture-group labels in the opponent panels
    cap_label: int = 13  # ... and in the own capture row
    text: float = 1.0  # the table's text scale (table_text): body and small are drawn at it
    opp_fit: int = 0  # the widest opponent capture card four fanned groups have room for
    mode: str = "three"  # the band set (BANDS): three, two, many or dropout
    opp_lines: int = 1  # text lines in an opponent's name row (2 where the cards leave room)


    def regions(self) -> dict[str, Rect]:
        """The non-overlapping regions, for tests and debugging."""
        out = {"top_bar": self.top_bar, "field": self.field, "captures": self.captures,
               "plate": self.plate, "hand_band": self.prompt.union(self.hand)}
        if self.sidebar:
            out["sidebar"] = self.sidebar
        if self.bench:
            out["bench"] = self.bench
        if self.panel and not (self.sidebar and self.sidebar.contains(self.panel)):
            out["panel"] = self.panel
        for i, r in enumerate(self.opponents):
            out[f"opponent{i}"] = r
        return out


def mode_of(active: int, seats: int, phase: str) -> str:
    if phase == "dropout" and seats > active:  # every other seat gets a chip (Nuki's 3 too)
        return "dropout"
    if active <= 2:
        return "two"
    return "many" if seats > active else "three"


# The least share of its 100 % size each card keeps when the text grows (issue 23): the
# table's text grows with the UI scale only as far as these allow, then stops. Hand, field
# and own captures are what a player reads to play; the opponents' captures are the ones
# squeezed first (a fan of small cards whose corners show), but never below MIN_FACE_W.
READABLE = {"hand": 0.85, "field": 0.85, "captures": 0.85, "opponents": 0.7}
TEXT_STEP = 0.1  # the text scale the table tries, from the asked one down to 1.0
GROUP_GAP = 0.15  # gap between two capture groups, share of the card width (+ the label)
FAN_ROOM = 1.6  # the fans' room a capture row keeps beyond one card per group, in widths
LABEL_W = 3.0  # a capture label left of its group (own row): "カス" (2 em) and a margin


def layout(width: int, height: int, active: int = 3, seats: int = 3, phase: str = "play",
           panel: bool = False, card_scale: float = 1.0, text: float = 1.0,
           name_lines: int = 1) -> Layout:
    """Rectangles and card sizes for a window of width x height (TABLE.md §4.1), holding
    text drawn at `text` times the design size, or less: `Layout.text` is the scale the
    table's text gets (`table_text`), the largest that leaves every card readable.
    `name_lines` 2: an opponent's name row always has a second line for its details (a
    Sudaoshi seat's role and burden do not fit beside its name and points)."""
    t = table_text(width, height, active, seats, card_scale, text, name_lines)
    return _layout(width, height, active, seats, phase, panel, card_scale, t, name_lines)


def table_text(width: int, height: int, active: int, seats: int, card_scale: float = 1.0,
               text: float = 1.0, name_lines: int = 1) -> float:
    """The text scale the table uses for `text` asked (issue 23): the largest, in steps of
    TEXT_STEP from `text` down to 1.0, at which every card keeps its READABLE share of its
    100 % size and the docked sidebar keeps room for the scores and the log under a decision
    panel. It depends on the window and the seats only (not on the phase or on an open
    panel), so the text keeps its size for the whole game."""
    return _table_text(width, height, active, seats, round(card_scale, 3), round(text, 3),
                       name_lines)


@functools.lru_cache(maxsize=256)
def _table_text(width: int, height: int, active: int, seats: int, card_scale: float,
                text: float, name_lines: int) -> float:
    if text <= 1.0:
        return max(0.5, text)
    phases = ("play", "dropout") if seats > active else ("play",)
    base = {ph: _layout(width, height, active, seats, ph, False, card_scale, 1.0, name_lines)
            for ph in phases}
    steps = [text] + [round(text - k * TEXT_STEP, 3) for k in range(1, 12)
                      if text - k * TEXT_STEP > 1.0 + 1e-6]
    for t in steps:
        if all(readable(_layout(width, height, active, seats, ph, False, card_scale, t,
                                name_lines), base[ph])
               and log_room(_layout(width, height, active, seats, ph, True, card_scale, t,
                                    name_lines), seats)
               for ph in phases):
            return t
    return 1.0


def readable(L: Layout, base: Layout) -> bool:
    """Every card of `L` keeps its READABLE share of its size in `base` (the 100 % layout
    of the same window and seats), and no face-up card is narrower than MIN_FACE_W."""
    def ok(w: int, w0: int, share: float) -> bool:
        return height_of(w) >= share * height_of(w0) - 0.5 and w >= min(w0, MIN_FACE_W)

    return (ok(L.hand_w, base.hand_w, READABLE["hand"])
            and ok(L.field_w, base.field_w, READABLE["field"])
            and ok(L.cap_w, base.cap_w, READABLE["captures"])
            and (not L.opponents or L.mode == "dropout"  # seat chips show backs only
                 or (L.opp_fit >= min(base.opp_fit, 0.85 * L.opp_cap_w)
                     and (L.opp_cap_w >= base.opp_cap_w
                          or ok(L.opp_cap_w, base.opp_cap_w, READABLE["opponents"])))))


def scores_height(small: int, seats: int) -> int:
    """The sidebar's scores block and the log's heading with two lines under it (what
    table_view.draw_sidebar draws above and in the log): one row per seat, two columns
    above four seats."""
    lh = round(small * 1.35)
    rows = seats if seats <= 4 else -(-seats // 2)
    return 8 + round(small * 1.5) + rows * lh + 12 + round(small * 1.5) + 2 * lh + 6


def log_room(L: Layout, seats: int) -> bool:
    """A decision panel docked in the sidebar leaves the scores and some log in view."""
    if L.sidebar is None or L.panel is None:
        return True
    return L.sidebar.bottom - (L.panel.bottom + 6) >= scores_height(L.small, seats)


def _layout(width: int, height: int, active: int, seats: int, phase: str, panel: bool,
            card_scale: float, text: float, name_lines: int = 1) -> Layout:
    win = Rect(0, 0, width, height)
    aw, ah = width, height
    if width / height > 2.1:
        aw = round(2.1 * height)
    elif width / height < 1.25:
        ah = round(width / 1.25)
    area = Rect((width - aw) // 2, (height - ah) // 2, aw, ah)
    unit = ah / 40
    body = role_size("body", height, text)[0]
    small = role_size("small", height, text)[0]
    top_h = max(32, round(0.06 * ah), round(body * 1.45) + 8)  # a line: 1.45 sizes
    top = Rect(area.x, area.y, area.w, top_h)
    sidebar = drawer = None
    table_w = area.w
    if area.w / area.h >= 1.6 and area.w >= 1200:
        sw = round(min(420 * text, 0.3 * area.w, max(260, 0.22 * area.w) * text))
        sidebar = Rect(area.right - sw, top.bottom, sw, area.bottom - top.bottom)
        table_w -= sw
    else:  # TABLE.md §10: on narrow windows the log is a drawer (0.34 W) over the table
        dw = max(300, round(0.34 * area.w))
        drawer = Rect(area.right - dw, top.bottom, dw, area.bottom - top.bottom)
    table = Rect(area.x, top.bottom, table_w, area.bottom - top.bottom)
    th = table.h
    mode = mode_of(active, seats, phase)
    bench_f, opp_f, _field_f, cap_f, hand_f = BANDS[mode]
    if mode == "two" and seats > active:  # Nuki with benched seats: room for the bench
        bench_f = 0.05  # the field, the remainder, gives it up
    hh, fh, ch, och, bh = (f * th * card_scale for f in HEIGHTS[mode])

    # the text each band holds, at this scale: the opponent name row, a capture group's
    # label (glyph, count, kind name: 3.7 small sizes), the own plate's four lines; a seat
    # chip (drop-out) keeps two lines of status under its backs
    line = round(small * 1.35)
    row1 = max(round(0.045 * th), round(small * 1.5) + 4)
    forced = name_lines > 1 and mode != "dropout"  # the details' own line, always
    if forced:
        row1 += line
    label_h = round(small * 3.7) + 4
    chip_text = 2 * round(small * 1.3) + 4 if mode == "dropout" else 0
    bench_h = round(bench_f * th) and max(round(bench_f * th), round(small * 1.5) + 8)
    opp_need = (chip_text + height_of(MIN_FACE_W) // 2 if mode == "dropout"
                else top_label_h(small) + height_of(MIN_FACE_W))
    opp_h = round(opp_f * th) and max(round(opp_f * th), 8 + row1 + 6 + opp_need + 4)
    cap_band = max(round(cap_f * th), label_h + 12)
    hand_min = max(round(2.8 * body + 2.9 * small) + 16, round(body * 1.5) + 2 + round(0.1 * th))
    hand_h0 = max(round(hand_f * th * card_scale), hand_min)  # large cards: a taller hand
    field_h0 = th - bench_h - opp_h - cap_band - hand_h0

    y = table.y
    bench = None
    if bench_f:
        bench = Rect(table.x, y, table.w, bench_h)
        y = bench.bottom
    opp_band = Rect(table.x, y, table.w, opp_h)
    field = Rect(table.x, opp_band.bottom, table.w, field_h0)
    caps = Rect(table.x, field.bottom, table.w, cap_band)
    hand_band = Rect(table.x, caps.bottom, table.w, table.bottom - caps.bottom)

    panel_rect = None
    if panel:
        if sidebar is not None:  # at most 62 % of the sidebar: scores and log keep room
            room = sidebar.h - 12 - scores_height(small, seats)
            panel_rect = Rect(sidebar.x + 6, sidebar.y + 6, sidebar.w - 12,
                              min(round(0.62 * sidebar.h), field.bottom + caps.h - sidebar.y,
                                  max(round(0.38 * sidebar.h), room)))
        else:
            pw = max(round(0.36 * table.w), 360)
            panel_rect = Rect(table.right - pw, field.y, pw, field.h + caps.h)
            field = Rect(field.x, field.y, field.w - pw, field.h)
            caps = Rect(caps.x, caps.y, caps.w - pw, caps.h)

    # opponents: one panel across the top, two halves (next player at the right) or chips
    others = max(0, (seats if mode == "dropout" else active) - 1)
    opponents: list[Rect] = []
    if others == 1:
        opponents.append(opp_band.inflate(-8, -8))
    elif others >= 2:
        k = others
        cw = opp_band.w / k
        for i in range(k):  # i = 0 is the next player: rightmost
            x = opp_band.right - (i + 1) * cw
            opponents.append(Rect(round(x) + 4, opp_band.y + 4, round(cw) - 8, opp_band.h - 8))

    # own hand: plate at the left (0.18 Tw), prompt row above the cards
    plate = Rect(hand_band.x + 6, hand_band.y + 4, round(0.18 * table.w) - 6, hand_band.h - 10)
    prompt_h = max(round(max(15, unit) * 1.45), round(body * 1.5))
    prompt = Rect(plate.right + 8, hand_band.y + 2, hand_band.right - plate.right - 14, prompt_h)
    hand = Rect(prompt.x, prompt.bottom, prompt.w, hand_band.bottom - prompt.bottom - 4)
    # room below for the focus brackets, above for the hover and selected lifts (12 %),
    # so a lifted card never slides under the prompt line
    hand_h = min(hh, hand.h * 0.94 / 1.1)
    hand_w = width_of(hand_h)

    # opponent rows: name plate row (row1, above), then the fan of backs and the captures,
    # each group under a one-line label (glyph and count: the row's width goes to the
    # cards and their fans, issue 23)
    lab_h = top_label_h(small)
    if opponents:
        row2_h = opponents[0].h - row1 - 6
        if mode == "dropout":  # the backs, and the status lines under them
            och = min(och, row2_h - chip_text)
            bh = min(bh, row2_h - chip_text)
        else:
            och = min(och, row2_h - 4 - lab_h)
            bh = min(bh, row2_h - 4)
    opp_cap_w = width_of(och)
    back_w = width_of(bh)
    floor_w = MIN_FACE_W - 1
    per_row = 4 + 3 * GROUP_GAP + FAN_ROOM  # card widths a row of four groups needs

    def groups_fit(room: int, size: int) -> int:
        """The widest card four groups with their labels (left of them) and fans fit."""
        return math.floor((room - 4 * round(size * LABEL_W) - 12) / per_row)

    def label_size(room: int) -> int:
        size = small
        while size > 13 and groups_fit(room, size) < floor_w:
            size -= 1
        return size

    opp_label, opp_fit, opp_lines = small, opp_cap_w, 1
    if opponents and mode != "dropout":
        room = opponents[0].w - 32 - round(back_w * 2.6)  # opponent_parts
        opp_label = small  # four labels side by side, shrunk (not below 13 px) to fit
        while opp_label > 13 and 4 * top_label_w(opp_label) + 12 > room:
            opp_label -= 1
        lab_h = top_label_h(opp_label)
        och = min(HEIGHTS[mode][3] * th * card_scale, row2_h - 4 - lab_h)
        opp_fit = math.floor((room - 12) / per_row)
        opp_cap_w = min(width_of(och), max(floor_w, opp_fit))
        # a name row too long for one line takes a second one where the cards leave room
        spare = row2_h - 4 - max(height_of(opp_cap_w) + lab_h, height_of(back_w))
        if forced:
            opp_lines = 2
        elif spare >= line:
            row1 += line
            opp_lines = 2

    # field: 12 month slots, then reveal spot and pile at the right end
    gap = max(4, round(0.015 * th))
    field_h = min(fh, (field.h - 3 * gap) / 2)
    field_w = max(MIN_FACE_W, width_of(field_h))
    pile_zone_w = 2 * field_w + 3 * gap + round(2.2 * unit)
    grid = Rect(field.x + gap, field.y, field.w - pile_zone_w - 2 * gap, field.h)
    slot_step = 0.25
    slot_w = grid.w / 6
    if slot_w < field_w * (1 + 2 * slot_step) + gap:
        slot_step = 0.15
        if slot_w < field_w * (1 + 2 * slot_step) + gap:
            field_w = max(MIN_FACE_W, math.floor((slot_w - gap) / (1 + 2 * slot_step)))
    field_hpx = height_of(field_w)
    row_gap = max(gap, (field.h - 2 * field_hpx) // 3)
    slots = []
    for m in range(12):
        r, c = divmod(m, 6)
        sx = grid.x + round(c * slot_w)
        sy = field.y + row_gap + r * (field_hpx + row_gap)
        slots.append(Rect(sx, sy, round(slot_w) - gap, field_hpx))
    cy = field.centery - field_hpx // 2
    reveal = Rect(grid.right + gap, cy, field_w, field_hpx)
    pile = Rect(reveal.right + 2 * gap, cy, field_w, field_hpx)

    cap_h = min(ch, caps.h - 8)
    cap_room = caps.w - 12 - points_room(small)
    cap_label = label_size(cap_room)
    cap_w = min(width_of(cap_h), max(MIN_FACE_W, groups_fit(cap_room, cap_label)))
    return Layout(win, area, top, sidebar, drawer, table, bench, tuple(opponents), field,
                  tuple(slots), reveal, pile, caps, plate, prompt, hand, panel_rect, hand_w,
                  field_w, cap_w, opp_cap_w, back_w, slot_step, body, small, row1,
                  opp_label, cap_label, text, opp_fit, mode, opp_lines)


def top_label_h(size: int) -> int:
    """Height of the one-line label above an opponent's capture group (a line of Noto Sans
    JP is 1.45 sizes tall)."""
    return round(size * 1.5)


def top_label_least(size: int) -> int:
    """The width of a group's label without its kind name ("カス 12")."""
    return round(size * 3.2)


def top_label_w(size: int) -> int:
    """The width a capture group keeps for its label above it ("カス 12 Chaff": the glyph
    with its translation, TABLE.md §0.7)."""
    return round(size * 5.0)


def points_room(size: int) -> int:
    """Room kept at the right of the own capture row for its points label, one line
    ("48 / 88 pts"; it wrapped in two when this was 4.2 sizes, issue 23)."""
    return round(size * 6.4)


# ----------------------------------------------------------------------------- placement


def hand_positions(rect: Rect, n: int, w: int) -> list[tuple[int, int]]:
    """Top-left corners of n cards centred in `rect`, overlapping (up to 35 %) if needed."""
    if n <= 0:
        return []
    gap = max(4, round(0.08 * w))
    step = w + gap
    if n > 1 and (n - 1) * step + w > rect.w:
        step = max(0.3 * w, (rect.w - w) / (n - 1))
    total = (n - 1) * step + w
    x0 = rect.x + (rect.w - total) / 2
    y = rect.bottom - height_of(w) - max(2, round(0.03 * height_of(w)))
    return [(round(x0 + i * step), y) for i in range(n)]


def fan_positions(x: int, y: int, n: int, w: int, step: float) -> list[tuple[int, int]]:
    return [(round(x + i * step * w), y) for i in range(n)]


def slot_positions(slot: Rect, n: int, w: int, step: float) -> list[tuple[int, int]]:
    """Cards of one month fanned right inside their slot, squeezed if there are many."""
    if n <= 0:
        return []
    s = step
    if n > 1 and w + (n - 1) * s * w > slot.w:
        s = max(0.08, (slot.w - w) / ((n - 1) * w))
    return fan_positions(slot.x, slot.y, n, w, s)


def group_positions(rect: Rect, counts: list[int], w: int,
                    label_w: int) -> list[tuple[tuple[int, int], list[tuple[int, int]]]]:
    """Capture groups left to right: (label centre, card positions) per group.

    The label (kind glyph and count) sits left of its group so the cards keep their height.
    Cards overlap with a step of 42 % of their width, more (up to 75 %) when the row has
    room. When the row is short, the small groups keep their 42 % and only the largest ones
    are squeezed (water-filling), so a group of 3 Brights never collapses into one card just
    because the Chaff are many (TABLE.md §4.3).
    """
    used = [c for c in counts if c]
    k = len(used)
    gap = max(4, round(GROUP_GAP * w)) + label_w  # the label parts two groups already
    room = rect.w - label_w - k * w - gap * max(0, k - 1)
    steps = _group_steps(used, w, max(0, room))
    out: list[tuple[tuple[int, int], list[tuple[int, int]]]] = []
    x = rect.x + label_w
    y = rect.y
    cy = rect.y + height_of(w) // 2
    it = iter(steps)
    for c in counts:
        if not c:
            out.append(((x - label_w // 2, cy), []))
            continue
        step = next(it)
        out.append(((x - label_w // 2, cy), fan_positions(x, y, c, w, step)))
        x += round(w + (c - 1) * step * w) + gap
    return out


def top_group_positions(rect: Rect, counts: list[int], w: int, label_h: int,
                        min_w: int, least_w: int = 0
                        ) -> list[tuple[Rect, list[tuple[int, int]]]]:
    """An opponent's capture groups: (label rect, card positions) per group, the label
    line above its cards. A group is as wide as its fan or its label (`min_w`), whichever
    is wider; the fans spread (42 % of a card, up to 75 %) into the row's room, and only
    when it is short are the largest squeezed (issue 23: they overlapped to one card with
    free room beside them). In a short row the labels give up their kind names
    (down to `least_w`, the glyph and count) before the fans close below 42 %."""
    used = [c for c in counts if c]
    k = len(used)
    gap = max(4, round(GROUP_GAP * w))
    extents = [(c - 1) * w for c in used]

    def natural(m: int) -> int:
        return sum(max(m, w + round(0.42 * e)) for e in extents) + gap * max(0, k - 1)

    floor = max(w, least_w)
    while min_w > floor and natural(min_w) > rect.w:
        min_w -= 1
    if used:  # a row too short for every label: each gets its share (drawn shortened)
        min_w = min(min_w, max(w, (rect.w - gap * (k - 1)) // k))
    # groups whose fan is narrower than their label are as wide as the label (their fan
    # spreads under it); the others share what is left (water-filling)
    fixed: set[int] = set()
    steps: dict[int, float] = {}
    for _ in range(k + 1):
        free = [i for i in range(k) if i not in fixed]
        room = rect.w - gap * (k - 1) - min_w * len(fixed) - (w + 1) * len(free)
        steps = dict(zip(free, _group_steps([used[i] for i in free], w, max(0, room)),
                         strict=True))
        narrow = {i for i in free if w + steps[i] * extents[i] < min_w}
        if not narrow:
            break
        fixed |= narrow
    for i in fixed:
        steps[i] = min(0.75, (min_w - w) / extents[i]) if extents[i] else 0.42
    widths = [max(min_w, w + math.floor(steps[i] * extents[i])) for i in range(k)]
    order = iter(range(k))
    out: list[tuple[Rect, list[tuple[int, int]]]] = []
    x, y = rect.x, rect.y + label_h
    for c in counts:
        if not c:
            out.append((Rect(x, rect.y, 0, label_h), []))
            continue
        i = next(order)
        out.append((Rect(x, rect.y, widths[i], label_h), fan_positions(x, y, c, w, steps[i])))
        x += widths[i] + gap
    return out


def _group_steps(counts: list[int], w: int, room: float, base: float = 0.42,
                 most: float = 0.75) -> list[float]:
    """Fan step per group so the fans' extents sum to at most `room` pixels."""
    extents = [(c - 1) * w for c in counts]  # extent of each fan per unit of step
    total = sum(extents)
    if not total:
        return [base for _ in counts]
    if room >= base * total:
        s = min(most, room / total)
        return [s for _ in counts]
    # water-filling: cap every fan's extent at `cap`, the largest value that fits
    natural = sorted(base * e for e in extents)
    cap, left, n = 0.0, float(room), len(natural)
    for i, e in enumerate(natural):
        if e * (n - i) <= left:
            left -= e
            cap = e
        else:
            cap = left / (n - i)
            break
    return [min(base, cap / e) if e else base for e in extents]
