"""The replay viewer: a finished (or saved) game's record, action by action, at the table.

The record is read through game.storage (size and shape limits) and replayed by the engine
once, position by position (`PositionBuilder`, over `records.Replayer`). A record of an
ordinary game is built whole before the first frame; a longer one (a valid 4 MB record
holds some 50,000 positions, about 6 s of narration) opens on its first positions at once
and the rest is built in the frames that follow, in what is left of each frame, while the
player steps and plays through what is built (issue 43, item 8). A `Timeline` keeps a
`State.clone()` only every `SNAPSHOT_EVERY` positions and rebuilds any other position on
demand from the nearest one (a few dozen actions at most), so such a record needs a few
hundred MB (a clone per position cost 1.9 GB: each clone copies the game's history). What
is drawn comes only from `state.view(seat)` of the chosen seat, so hands stay hidden exactly
as that seat saw them; once a round is over "Reveal all" may show every seat's hand as it
was dealt (read from the state right after the deal). The table is drawn by the table's own
`TableView`, `TableModel` and `layout()`; the control panel sits where the table's
decision panel goes. A record that cannot be loaded or replayed (found at opening, or at
the position where the build meets the problem) shows the reason in words and never
raises.
"""

from __future__ import annotations

import bisect
import dataclasses
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game import replays, storage
from game.engine import record as records
from game.engine.actions import Action
from game.engine.errors import RecordError
from game.engine.events import Event
from game.engine.state import DEAL, OVER, State
from game.engine.view import PlayerView
from game.i18n import _, pgettext
from game.play.chronicle import Chronicle
from game.play.present import name_lines, seat_infos
from game.play.round_end import round_end_view
from game.play.session import SeatSpec
from game.play.terms import round_label
from game.seats import clean_name
from game.text import clean_line, file_name_words
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.intents import Intent
from game.ui.layout import Layout, layout
from game.ui.model import Seating, TableModel, seating, targets
from game.ui.scene import Scene
from game.ui.table_view import TableInfo, TableView

log = logging.getLogger(__name__)

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)  # actions per second while playing


SNAPSHOT_EVERY = 32  # positions between two kept states
CACHED_STATES = 16  # positions rebuilt lately, kept for stepping back and forth
# Positions built before the first frame: every position of an ordinary game (a 12-round
# game of any ruleset has a few hundred; ~0.13 ms each, most of it the log's narration),
# so a huge record shows its first position in about the time it takes to read it.
OPEN_POSITIONS = 800
# Of each later frame, the seconds spent building: while the replay plays (cards move) or
# in a frame the player pressed a key in, a share that keeps it smooth and the answer
# quick; while it stands still, as much as the app gives a frame that changes nothing
# (game.app.WARM_UNTIL_IDLE).
BUILD_UNTIL = 0.008
BUILD_UNTIL_STILL = 0.020
BUILD_MOST = 2000  # and at most this many positions a frame


class Timeline:
    """The states of a replayed record by position index, rebuilt on demand.

    `keep` is called for every position while the record is replayed once; it clones the
    state only at every `SNAPSHOT_EVERY`-th position. `state(i)` starts from the nearest
    kept or recently built state at or before `i` and applies the recorded deals and
    actions up to `i`. The states handed out are only read (views, phases, totals)."""

    def __init__(self, rec: records.Record) -> None:
        self.rec = rec
        self.steps: list[tuple[int, int]] = []  # (round, action) of each position
        self.kept: dict[int, State] = {}
        self._kept_at: list[int] = []
        self._cache: OrderedDict[int, State] = OrderedDict()

    def keep(self, st: State, ri: int, ai: int) -> None:
        i = len(self.steps)
        self.steps.append((ri, ai))
        if i % SNAPSHOT_EVERY == 0:
            self.kept[i] = st.clone()
            self._kept_at.append(i)

    def _advance(self, st: State, i: int) -> None:
        """Position i-1's state becomes position i's."""
        from game.engine.cards import parse_card

        ri, ai = self.steps[i]
        rnd = self.rec.rounds[ri]
        if ai == 0:
            st.start_round([parse_card(c) for c in rnd["deck"]])
        else:
            records.apply_recorded(st, Action.parse(rnd["actions"][ai - 1]))

    def state(self, i: int) -> State:
        st = self._cache.get(i)
        if st is not None:
            self._cache.move_to_end(i)
            return st
        if i in self.kept:
            return self.kept[i]
        base = self._kept_at[bisect.bisect_right(self._kept_at, i) - 1]
        nearer = [j for j in self._cache if base < j < i]
        if nearer:
            base = max(nearer)
        st = (self._cache[base] if base in self._cache else self.kept[base]).clone()
        for k in range(base + 1, i + 1):
            self._advance(st, k)
        self._cache[i] = st
        while len(self._cache) > CACHED_STATES:
            self._cache.popitem(last=False)
        return st


@dataclass
class Position:
    """The game right after the deal (action 0) or after a round's n-th recorded action;
    its state comes from the replay's `Timeline` when asked for."""

    round: int  # index into record.rounds
    action: int  # recorded actions applied in this round
    timeline: Timeline = field(repr=False)
    index: int  # this position's place in the timeline
    log_len: int  # chronicle lines up to here
    statuses: dict[int, str] = field(default_factory=dict)
    text: str = ""  # the recorded action that led here ("" after the deal)
    note: str = ""  # the AI's explanation of that action, from the sidecar
    line: str = ""  # the narrated line of that action (or of the deal)

    @property
    def state(self) -> State:
        return self.timeline.state(self.index)


class PositionBuilder:
    """A record's positions built in order, as many at a time as asked (`build`), with the
    narrated log they index into (`lines`, growing) and per round each seat's hand as
    dealt (from the round's deck and the public "dealt" event, which names the seats dealt
    to, dealer first; shown only by "Reveal all" after the round).

    RecordError (round and action, `records.replay`'s messages) at the first problem, when
    made or from the `build` that meets it."""

    def __init__(self, rec: records.Record, names: list[str], notes: replays.Notes) -> None:
        self.rec = rec
        self.notes = notes
        self._replayer = records.Replayer(rec, events=True)
        self._steps = self._replayer.steps()
        rs = self._replayer.state.rs
        self.chron = Chronicle(names, words=rs.decision_words)
        self.positions: list[Position] = []
        self.dealt: list[dict[int, list[str]]] = []
        self.timeline = Timeline(rec)
        self.total = sum(1 + len(r.get("actions", [])) for r in rec.rounds)
        self.done = not rec.rounds

    @property
    def lines(self) -> list[str]:
        return self.chron.lines

    def build(self, count: int | None = None, until: float | None = None,
              clock: Callable[[], float] = time.perf_counter) -> int:
        """Build up to `count` more positions (every one left when None), stopping early
        once `clock()` passes `until` (at least one is built); how many were built."""
        built = 0
        while not self.done and (count is None or built < count):
            if built and until is not None and clock() >= until:
                break
            step = next(self._steps, None)
            if step is None:
                self.done = True
                break
            self._keep(*step)
            built += 1
        return built

    def _keep(self, ri: int, ai: int, evs: list[Event]) -> None:
        """Position (round `ri`, `ai` actions in) as the replay stands there."""
        chron, rnd = self.chron, self.rec.rounds[ri]
        text = note = ""
        if ai == 0:
            self.dealt.append({})
        else:
            text = rnd["actions"][ai - 1]
            act, said = self.notes.get((ri, ai - 1), ("", ""))
            note = said if act == text else ""
        chron.replay(evs)
        line = chron.lines[-1] if chron.lines else ""
        for ev in evs:
            if ev.kind == "dealt":
                deck = rnd["deck"]
                n = self._replayer.state.rs.hand_size
                self.dealt[ri] = {s: deck[n * k:n * (k + 1)]
                                  for k, s in enumerate(ev.data.get("seats", []))}
        if note:
            chron.lines.append(f"  » {note}")
        self.timeline.keep(self._replayer.state, ri, ai)
        self.positions.append(Position(ri, ai, self.timeline, len(self.positions),
                                       len(chron.lines), dict(chron.statuses), text, note,
                                       line))


def build_positions(rec: records.Record, names: list[str], notes: replays.Notes
                    ) -> tuple[list[Position], list[str], list[dict[int, list[str]]]]:
    """Every position of the record, the narrated log they index into, and per round each
    seat's hand as dealt (`PositionBuilder`, built whole). RecordError (round and action)
    on the first problem, like `records.replay`."""
    builder = PositionBuilder(rec, names, notes)
    builder.build()
    return builder.positions, builder.lines, builder.dealt


def kind_words(kind: str) -> tuple[str, str]:
    """A recorded seat's kind for its plate, long and short, as the table words it
    ("Computer · Expert", "Expert"); a kind no program of ours writes is "Computer"."""
    if kind != "human" and not (kind.startswith("ai:") and len(kind) > 3):
        return _("Computer"), _("Computer")
    spec = SeatSpec("", kind)
    return spec.describe(), spec.describe_short()


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, path: str | Path) -> None:  # noqa: ANN001 - App
        super().__init__(app)
        self.path = Path(path)
        self.error: str | None = None
        self.rec: records.Record | None = None
        self.positions: list[Position] = []
        self.lines: list[str] = []
        self.names: list[str] = []
        self.dealt: list[dict[int, list[str]]] = []
        self.kinds: list[str] = []
        self.i = 0
        self.seat = 0
        self.reveal = False
        self.playing = False
        self.speed_i = 1
        self._clock = 0.0
        self.tv = TableView(app.renderer)
        self.group = ButtonGroup(vertical=False)
        self.back_group = ButtonGroup([Button(pgettext("button", "Back"), self.close,
                                              "primary")])
        self.round_rects: list[tuple[pygame.Rect, int]] = []
        self.reveal_rects: dict[str, pygame.Rect] = {}  # the dealt hands on screen
        self._layout_key: tuple | None = None
        self._layout: Layout | None = None
        self._shown: tuple | None = None
        self.builder: PositionBuilder | None = None  # None once every position is built
        self._target: tuple[int, int] | None = None  # `show`: where to go once built
        self._input = False  # an event came this frame (`process_event`)
        self._load()

    # --- loading --------------------------------------------------------------------
    def _load(self) -> None:
        """Read the record and build its first positions (an ordinary game: all of them);
        the rest are built in the frames that follow (`update`)."""
        try:
            rec = storage.read_record(self.path)
        except Exception as e:  # noqa: BLE001 - every failure is a sentence (_fail_build)
            self._fail_build(e)
            return
        self.names = [clean_name(s.get("name"), _("Seat {n}").format(n=i + 1))
                      for i, s in enumerate(rec.seats)]
        self.kinds = [str(s.get("kind", "human")) for s in rec.seats]
        try:
            builder = PositionBuilder(rec, self.names, replays.read_notes(self.path))
            builder.build(OPEN_POSITIONS)
            if not builder.positions:
                raise replays.RecordProblem(replays.Problem.EMPTY, "no round")
        except Exception as e:  # noqa: BLE001
            self._fail_build(e, replaying=True)
            return
        self.positions, self.lines, self.dealt = builder.positions, builder.lines, \
            builder.dealt
        self.builder = None if builder.done else builder
        self.rec = rec
        humans = [i for i, k in enumerate(self.kinds) if k == "human"]
        self.seat = humans[0] if humans else 0
        self.tv.model = TableModel(len(self.names))

    def _fail_build(self, e: Exception, replaying: bool = False) -> None:
        """The record cannot be replayed (found at opening, or at the position the build
        reached): the reason in words (game.replays) instead of the table, details logged.
        `replaying`: the failure came from replaying its moves, not from reading it."""
        if isinstance(e, (RecordError, OSError)):
            log.info("record %s not replayed: %s", self.path, e)
            if replaying and isinstance(e, RecordError):
                e = replays.problem_of(e)
        else:  # an engine bug a file can reach: still only a message
            log.error("record %s could not be replayed", self.path, exc_info=e)
            if replaying:
                e = replays.RecordProblem(replays.Problem.UNPLAYABLE, str(e))
        self.error = clean_line(replays.explain(e), 600)
        self.positions, self.builder, self.playing = [], None, False

    @property
    def building(self) -> bool:
        """Positions are still being built (a long record, in the frames after it opened)."""
        return self.builder is not None

    def build_more(self, until: float | None = None, count: int | None = None) -> None:
        """Build more positions: up to `count`, or until `until` (time.perf_counter)."""
        builder = self.builder
        if builder is None:
            return
        try:
            builder.build(count, until)
        except Exception as e:  # noqa: BLE001 - said in words, never raised
            self._fail_build(e, replaying=True)
            return
        if builder.done:
            self.builder = None
        self._reach_target()

    def build_progress(self) -> float:
        """The share of the record's positions built (1.0 once all are)."""
        builder = self.builder
        return 1.0 if builder is None else len(self.positions) / max(1, builder.total)

    def show(self, rnd: int, action: int) -> None:
        """Go to the position `action` actions into round `rnd` (the review's "Show in
        replay"): now if it is built, else as soon as the build reaches it."""
        self._target = (rnd, action)
        self._reach_target()

    def _reach_target(self) -> None:
        if self._target is None or not self.positions:
            return
        last = self.positions[-1]
        if (last.round, last.action) < self._target and self.building:
            return  # not built yet
        lo = bisect.bisect_left([(p.round, p.action) for p in self.positions], self._target)
        self.go(min(lo, len(self.positions) - 1))
        self._target = None

    def review(self) -> None:
        """The game review of this record, for the seat being watched."""
        from game.ui.scenes.review import ReviewScene

        self.playing = False
        self.app.stack.push(ReviewScene(self.app, self.path, self.seat))

    # --- where we are ----------------------------------------------------------------
    @property
    def pos(self) -> Position:
        return self.positions[self.i]

    def round_over_here(self) -> bool:
        """This position ends its round (its result is in): hands may be revealed."""
        p = self.pos
        return p.state.phase in (DEAL, OVER) and len(p.state.results) == p.round + 1

    def view(self) -> PlayerView:
        """The chosen seat's view here; at a round's end the table as it stood then."""
        p = self.pos
        v = p.state.view(self.seat)
        if self.round_over_here():
            during = None
            for j in range(self.i - 1, -1, -1):  # the last view from inside that round
                q = self.positions[j]
                if q.round != p.round:
                    break
                if q.state.phase not in (DEAL, OVER):
                    during = q.state.view(self.seat)
                    break
            # the round's own number, dealer and cards, but the totals after its payments
            # (the table hides them until its ledger is read; a replay has no ledger)
            v = dataclasses.replace(round_end_view(v, during), totals=v.totals)
        return v

    def starting_hands(self) -> list[list[str]]:
        """Each seat's hand as dealt this round (only asked once the round is over)."""
        dealt = self.dealt[self.pos.round] if self.dealt else {}
        return [list(dealt.get(s, [])) for s in range(len(self.names))]

    def unseen_hand(self, v: PlayerView) -> list[str]:
        """The watched seat's hand at the start of a round, before its players may look at
        it (the engine keeps hands hidden while a mizuten question, blanks or swaps come
        first): the hand as dealt, read from the record's deck, so the replay shows the
        hand before any action (issue 26). [] once the view shows the hand itself."""
        if v.hand_mask or not v.hand_counts[self.seat]:
            return []
        dealt = self.starting_hands()[self.seat]
        return dealt if len(dealt) == v.hand_counts[self.seat] else []

    def revealed(self) -> bool:
        return self.reveal and self.round_over_here()

    def totals(self) -> tuple[int, ...]:
        """The totals on screen (at a round's end: after its payments)."""
        return tuple(self.pos.state.totals)

    # --- moving -----------------------------------------------------------------------
    def go(self, i: int) -> None:
        """Go to position `i`, clamped to the positions built so far; playing stops at the
        last one only once the whole record is built (until then it waits there)."""
        if not self.positions:
            return
        i = max(0, min(len(self.positions) - 1, i))
        if i != self.i:
            self.i = i
            self._shown = None
        if self.i == len(self.positions) - 1 and not self.building:
            self.playing = False

    def step(self, n: int) -> None:
        self.go(self.i + n)

    def round_starts(self) -> list[int]:
        return [j for j, p in enumerate(self.positions) if p.action == 0]

    def jump_round(self, k: int) -> None:
        """Go to round index k's deal (clamped)."""
        starts = self.round_starts()
        self.go(starts[max(0, min(len(starts) - 1, k))])

    def round_step(self, d: int) -> None:
        cur = self.pos.round
        if d < 0 and self.pos.action > 0:
            self.jump_round(cur)  # PgUp first goes to this round's deal
        else:
            self.jump_round(cur + d)

    def toggle_play(self) -> None:
        if not self.positions:
            return
        if not self.playing and self.i == len(self.positions) - 1 and not self.building:
            self.go(0)
        self.playing = not self.playing
        self._clock = 0.0

    def cycle_speed(self) -> None:
        self.speed_i = (self.speed_i + 1) % len(SPEEDS)

    def cycle_seat(self) -> None:
        if self.names:
            self.seat = (self.seat + 1) % len(self.names)
            self._shown = None
            self._layout_key = None

    def toggle_reveal(self) -> None:
        if self.round_over_here() or self.reveal:
            self.reveal = not self.reveal
            self._shown = None

    def close(self) -> None:
        self.app.stack.pop(self)

    # --- the loop ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.building:  # what is left of this frame builds more positions
            spare = BUILD_UNTIL if self.playing or self._input else BUILD_UNTIL_STILL
            self.build_more(until=time.perf_counter() + spare, count=BUILD_MOST)
        self._input = False
        if not self.playing:
            return
        self._clock += dt
        every = 1.0 / SPEEDS[self.speed_i]
        while self._clock >= every and self.playing:
            self._clock -= every
            self.step(1)

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        self._input = True  # this frame answers the player: it builds less (`update`)
        if intent is Intent.BACK:
            self.close()
            return True
        if self.error is not None:
            return self.back_group.handle(event, intent) or event.type == pygame.KEYDOWN
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, k in self.round_rects:
                if rect.collidepoint(event.pos):
                    self.jump_round(k)
                    return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            return self.group.handle(event, None)
        if event.type != pygame.KEYDOWN:
            return False
        keys = {pygame.K_SPACE: self.toggle_play, pygame.K_PAGEUP: lambda: self.round_step(-1),
                pygame.K_PAGEDOWN: lambda: self.round_step(1),
                pygame.K_HOME: lambda: self.go(0),
                pygame.K_END: lambda: self.go(len(self.positions) - 1),
                pygame.K_r: self.toggle_reveal, pygame.K_v: self.cycle_seat,
                pygame.K_s: self.cycle_speed}
        if event.key in keys:
            keys[event.key]()
            return True
        if intent in (Intent.LEFT, Intent.RIGHT):
            self.playing = False
            self.step(-1 if intent is Intent.LEFT else 1)
            return True
        if intent in (Intent.NEXT_REGION, Intent.PREV_REGION, Intent.CONFIRM):
            return self.group.handle(event, intent)  # Tab moves the focus, Enter presses
        return False

    # --- drawing ----------------------------------------------------------------------
    def current_layout(self, size: tuple[int, int], v: PlayerView) -> tuple[Layout, Seating]:
        assert self.rec is not None
        rs = self.pos.state.rs
        seat = seating(v, self.seat, rs.active_count)
        text = theme.effective_scale() / 100  # the bands grow with the text (issue 15)
        lines = name_lines(v, rs)  # Sudaoshi's roles take a second line, as at the table
        key = (size, seat.bottom, tuple(seat.others), tuple(seat.bench), seat.phase, text,
               lines)
        if key != self._layout_key or self._layout is None:
            self._layout_key = key
            self._layout = layout(size[0], size[1], seat.active, v.seats, seat.phase, True,
                                  text=text, name_lines=lines)
            self._shown = None
        return self._layout, seat

    def info(self, v: PlayerView | None = None) -> TableInfo:
        """What the table's chrome shows here (names, totals, log, the position line)."""
        v = v or self.view()
        p = self.pos
        rs = p.state.rs
        # the level of each computer, as the table's plates show it ("Computer · Expert",
        # "Expert" on a crowded plate): the record keeps each seat's kind
        words = [kind_words(k) for k in self.kinds]
        seats = seat_infos(v, self.names, [w[0] for w in words], rs, p.statuses,
                           short_kinds=[w[1] for w in words])
        total = len(self.rec.rounds[p.round].get("actions", [])) if self.rec else 0
        seen = self.names[self.seat]
        if self.round_over_here() and self.revealed():
            where = _("Replay · action {action}/{total} · round over · all hands shown · seen "
                      "as {name}")
        elif self.round_over_here():
            where = _("Replay · action {action}/{total} · round over · R or Reveal all shows "
                      "every hand · seen as {name}")
        elif p.line:
            where = _("Replay · action {action}/{total} · {line} · seen as {name}")
        else:
            where = _("Replay · action {action}/{total} · seen as {name}")
        where = where.format(action=p.action, total=total, line=p.line, name=seen)
        return TableInfo(title=_("{game} · replay").format(game=_(rs.title)),
                         round_text=round_label(v.round, v.rounds_planned),
                         multiplier=v.multiplier, carry=v.carry, pot=v.pot, to_move=v.to_move,
                         seats=seats, prompt=where, log=self.lines[:p.log_len])

    def _sync(self, L: Layout, seat: Seating, v: PlayerView) -> None:
        key = (self.i, self.seat, self.revealed(), self._layout_key)
        if key == self._shown:
            return
        self._shown = key
        # a fresh model each time: a position always looks the same, however it was reached
        model = self.tv.model = TableModel(len(self.names))
        model.sync(v, self.seat)
        unseen = self.unseen_hand(v)
        if unseen:
            model.hands[self.seat] = unseen
        if self.revealed():  # the round is over: every hand as it still stood, face up
            st = self.pos.state
            for s in range(len(self.names)):
                hand = list(st.view(s).hand)
                if hand:
                    model.hands[s] = hand
        self.tv.anim.go(targets(model, L, seat), 0.0)

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        if self.error is not None:
            self._draw_error(surface)
            return
        v = self.view()
        L, seat = self.current_layout((W, H), v)
        with theme.table_text(L.text):  # the table's text, as its layout holds it
            self._draw_table(surface, L, seat, v)

    def _draw_table(self, surface: pygame.Surface, L: Layout, seat: Seating,
                    v: PlayerView) -> None:
        self._sync(L, seat, v)
        info = self.info(v)
        panel_h = L.panel.h + 6 if (L.panel is not None and L.sidebar is not None) else 0
        self.tv.draw(surface, L, info, seat, {}, panel_h)
        self.reveal_rects = {}
        if self.revealed():
            self._draw_reveal(surface, L)
        if L.panel is not None:
            self._draw_controls(surface, L.panel)

    def _draw_error(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        surface.blit(self.tv.felt((W, H)), (0, 0))
        body = theme.size_of("body", H)
        head = theme.size_of("heading", H)
        box = pygame.Rect(0, 0, max(420, round(W * 0.6)), round(H * 0.6))
        box.center = (W // 2, H // 2)
        theme.panel(surface, box, alpha=245, line=theme.GOLD)
        x, y = box.x + 24, box.y + 18
        theme.blit_text(surface, _("This record cannot be replayed"), head, (x, y), theme.TEXT,
                        True)
        y += round(head * 1.6)
        for line in [self.error or "", "", _("File: {path}").format(
                path=file_name_words(str(self.path), 400))]:
            for part in theme.wrap(line, body, box.w - 48):
                theme.blit_text(surface, part, body, (x, y), theme.TEXT)
                y += round(body * 1.4)
        b = self.back_group.buttons[0]
        b.rect = pygame.Rect(x, box.bottom - 16 - round(body * 2.1), 200, round(body * 2.1))
        self.back_group.draw(surface, body)

    def _draw_reveal(self, surface: pygame.Surface, L: Layout) -> None:
        """Every dealt seat's hand as dealt this round, over the field: one row per seat
        (two columns from four seats on), the name at the left of its cards."""
        hands = [(s, h) for s, h in enumerate(self.starting_hands()) if h]
        if not hands:
            return
        small = theme.size_of("small", L.window.h)
        r = L.field.inflate(-12, -6)
        theme.panel(surface, r, alpha=235, line=theme.GOLD)
        cols = 1 if len(hands) <= 3 else 2
        per_col = -(-len(hands) // cols)
        cell_w = (r.w - 8) // cols
        cell_h = (r.h - 8) // per_col
        label_w = min(cell_w // 3, max(theme.text_width(self.names[s], small, True)
                                       for s, _ in hands) + 12)
        cw = max(12, min(L.field_w, round((cell_h - 6) / 1.62),
                         (cell_w - label_w - 12) // max(len(h) for _s, h in hands) - 3))
        ch = round(cw * 1.62)
        for k, (s, hand) in enumerate(hands):
            x = r.x + 4 + (k // per_col) * cell_w
            y = r.y + 4 + (k % per_col) * cell_h
            cy = y + cell_h // 2
            theme.blit_text(surface, theme.fit(self.names[s], small, label_w - 8, True),
                            small, (x + 6, cy), theme.GOLD if s == self.seat else theme.TEXT,
                            True, "midleft")
            cx = x + label_w
            for c in hand:
                pos = (cx, cy - ch // 2)
                self.app.renderer.draw(surface, c, pos, cw)
                self.reveal_rects[c] = pygame.Rect(pos, (cw, ch))
                cx += cw + 3

    def _buttons(self) -> list[Button]:
        over = self.round_over_here()
        return [
            Button("«", lambda: self.round_step(-1)),
            Button("‹", lambda: (self.step(-1), setattr(self, "playing", False))),
            Button(self.play_labels()[1] if self.playing else self.play_labels()[0],
                   self.toggle_play, "primary"),
            Button("›", lambda: (self.step(1), setattr(self, "playing", False))),
            Button("»", lambda: self.round_step(1)),
            Button(_("Speed {factor}×").format(factor=f"{SPEEDS[self.speed_i]:g}"),
                   self.cycle_speed),
            Button(_("Seat: {name}").format(name=self.names[self.seat]), self.cycle_seat),
            Button(_("Hide hands") if self.reveal and over else _("Reveal all"),
                   self.toggle_reveal, enabled=over),
            Button(_("Review"), self.review),
            Button(pgettext("button", "Close"), self.close, "danger"),
        ]

    def relabel(self) -> None:
        self.back_group.buttons[0].label = pgettext("button", "Back")

    @staticmethod
    def play_labels() -> tuple[str, str]:
        return pgettext("replay", "Play"), pgettext("replay", "Pause")

    def _row_widths(self, a: int, b: int, room: int, size: int) -> list[int]:
        """The buttons' widths in a row of the controls. The first row's Play/Pause button
        is as wide as the wider of its two words at the row's type size (issue 26: the
        word was shrunk, and "Lecture" split, when it had a fixed share of the row); the
        arrows share the rest. The other rows share their width evenly."""
        gaps = (b - a - 1) * 4
        if a != 0:
            return [round((room - gaps) / (b - a))] * (b - a)
        word = max(theme.text_width(t, size, True) for t in self.play_labels()) + 16
        arrow = max(theme.text_width("»", size, True) + 12, 1)
        play = min(max(word, round((room - gaps) / 3)), room - gaps - 4 * arrow)
        rest = (room - gaps - play) / 4
        return [round(rest), round(rest), play, round(rest), round(rest)]

    def _chip_window(self, n: int, cw: int, width: int, height: int,
                     row_h: int) -> tuple[int, int]:
        """The rounds whose chips are drawn, [first, last): all of them when they fit in
        `width` x `height`; else the rows that fit, around the current round's row (a
        record of thousands of rounds: the chip of the round on screen stays in sight)."""
        cols = max(1, (width + 4) // (cw + 4))
        rows = max(1, (height + 4) // max(1, row_h))
        total = -(-n // cols)
        if total <= rows:
            return 0, n
        row = self.pos.round // cols
        top = max(0, min(total - rows, row - rows // 2))
        return top * cols, min(n, (top + rows) * cols)

    def _draw_controls(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        H = surface.get_height()
        small = theme.size_of("small", H)
        theme.panel(surface, r, alpha=240, line=theme.GOLD)
        focus = self.group.index
        self.group.set(self._buttons())
        self.group.index = focus
        bh = round(small * 2.0)
        pad = 6
        x0, y = r.x + pad, r.y + pad
        rows = ((0, 5), (5, 7), (7, 9))
        for a, b in rows:
            widths = self._row_widths(a, b, r.w - 2 * pad, small)
            x = x0
            for k, bw in zip(range(a, b), widths, strict=True):
                self.group.buttons[k].rect = pygame.Rect(x, y, bw, bh)
                x += bw + 4
            y += bh + 4
        self.group.draw(surface, small)
        # the round list: one chip per round, the current one gold
        y += 2
        theme.blit_text(surface, _("Rounds (PgUp/PgDn)"), small, (x0, y), theme.TEXT_DIM, True)
        y += round(small * 1.4)
        if self.building:  # a long record: the rest is read while the player watches
            reading = _("Reading the record: {percent}%").format(
                percent=int(self.build_progress() * 100))
            for part in theme.wrap(reading, small, r.w - 2 * pad):
                theme.blit_text(surface, part, small, (x0, y), theme.GOLD)
                y += round(small * 1.3)
            y += 2
        self.round_rects = []
        n = len(self.rec.rounds) if self.rec else 0
        ready = self.positions[-1].round + 1 if self.positions else 0  # rounds built
        cw = max(theme.text_width(str(n), small, True) + 12, round(small * 2.2))
        first, last = self._chip_window(n, cw, r.right - pad - x0, r.bottom - pad - y, bh - 4)
        x = x0
        for k in range(first, last):
            if x + cw > r.right - pad:
                x, y = x0, y + bh - 4
            chip = pygame.Rect(x, y, cw, bh - 8)
            cur = k == self.pos.round
            pygame.draw.rect(surface, theme.GOLD if cur else theme.PANEL, chip, border_radius=4)
            pygame.draw.rect(surface, theme.GOLD if k < ready else theme.TEXT_DIM, chip, 1,
                             border_radius=4)
            theme.blit_text(surface, str(k + 1), small, chip.center,
                            theme.INK if cur else theme.TEXT if k < ready else theme.TEXT_DIM,
                            cur, "center")
            if k < ready:  # a round not read yet cannot be jumped to
                self.round_rects.append((chip, k))
            x += cw + 4
        y += bh
        note = self.pos.note
        if note and y < r.bottom - small:
            who = self.names[Action.parse(self.pos.text).seat] if self.pos.text else ""
            theme.blit_text(surface, _("Why ({name})").format(name=who), small, (x0, y),
                            theme.GOLD, True)
            y += round(small * 1.4)
            for part in theme.wrap(note, small, r.w - 2 * pad):
                if y > r.bottom - small * 1.3:
                    break
                theme.blit_text(surface, part, small, (x0, y), theme.TEXT)
                y += round(small * 1.3)
        keys = theme.wrap(_("←/→ step · Space play · PgUp/PgDn round · V seat · R reveal · "
                            "Esc back"), small, r.w - 2 * pad)
        kh = round(small * 1.3)
        if y < r.bottom - kh * (len(keys) + 0.2):
            for k, part in enumerate(keys):
                theme.blit_text(surface, part, small,
                                (x0, r.bottom - pad - kh * (len(keys) - 1 - k)),
                                theme.TEXT_DIM, False, "bottomleft")


__all__ = ["ReplayScene", "build_positions", "kind_words"]
