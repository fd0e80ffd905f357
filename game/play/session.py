"""One game in the window: the engine state, the seats, the seeded chance, the AI workers.

No pygame here. A front end's driver (game.play.driver) asks `next_step()` what happens
next and calls `deal`, `chance`, `apply` or lets an `AiWorker` think. Every deck and chance
outcome comes from a generator derived from (seed, round entry, action count), so a game
continued from its autosave deals exactly what the uninterrupted game would have dealt.

Undo against the computer (`undo`) rebuilds the state from the round's recorded deck and a
prefix of its actions, as a replay does, and keeps every chance outcome it took back for the
moves that follow: a player who undoes meets the same draws and cannot fish for better ones.
"""

from __future__ import annotations

import copy
import dataclasses
import logging
import re
import time
from dataclasses import dataclass

import ai
from game.engine import record as records
from game.engine import rulesets
from game.engine.actions import CHANCE, PASS, Action
from game.engine.errors import IllegalAction
from game.engine.events import Event
from game.engine.rng import Rng
from game.engine.state import DEAL, OVER, State
from game.engine.view import PlayerView
from game.engine.vocab import StrEnum
from game.i18n import _
from game.play.narrate import joined, seat_names
from game.play.terms import round_label
from game.seats import clean_name, kind_problem

log = logging.getLogger(__name__)

MASK64 = (1 << 64) - 1


LESSON_KEY = re.compile(r"[a-z0-9_-]{1,40}")  # a lesson's key in a record (game.progress)


class Step(StrEnum):
    """What the game needs next (`GameSession.next_step`); equal to its plain name."""

    DEAL = "deal"  # a round is to be dealt
    CHANCE = "chance"  # a chance outcome is pending (a blank card, a reshuffle)
    HUMAN = "human"  # a human seat at this screen is to act
    PHONE = "phone"  # a human seat on a phone is to act (a party game: game.party)
    AI = "ai"  # a computer seat is to act
    OVER = "over"  # the game has ended


@dataclass(frozen=True)
class SeatSpec:
    name: str
    kind: str  # "human" or "ai:<id>"
    # a human who plays on a phone (a party game, issue 28): still "human" in the record,
    # whose app data lists the phone seats; the window never shows that seat's hand
    phone: bool = False
    # a human who plays from anywhere, through a relay (issue 46): a remote seat like a
    # phone (`phone` is set too: the host carries it, the window never shows its hand), so
    # the record lists it in app.phones, which older code reads, and again in app.online
    online: bool = False

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    @property
    def ai_id(self) -> str | None:
        return self.kind[3:] if self.kind.startswith("ai:") else None

    def describe(self) -> str:
        if self.online:
            return _("Online")
        if self.phone:
            return _("Phone")
        if self.is_human:
            return _("Human")
        aid = self.ai_id or ""
        level = next((_(lv) for lv, agent, _d in ai.LEVELS if agent == aid),
                     _(ai.AGENT_NAMES.get(aid, aid)))
        return _("Computer · {level}").format(level=level)

    def describe_short(self) -> str:
        """The kind on a crowded plate: the level alone ("Beginner", not "Computer · …")."""
        if self.online:
            return _("Online")
        if self.phone:
            return _("Phone")
        if self.is_human:
            return _("Human")
        aid = self.ai_id or ""
        return next((_(lv) for lv, agent, _d in ai.LEVELS if agent == aid),
                    _(ai.AGENT_NAMES.get(aid, aid)))


class GameSession:
    def __init__(self, ruleset: str, options: dict, seats: list[SeatSpec], seed: int,
                 first_dealer: int | None = None, state: State | None = None) -> None:
        self.ruleset = ruleset
        self.options = dict(options)
        self.seats = list(seats)
        self.seed = int(seed) & MASK64
        self.rs = rulesets.get(ruleset, **options)
        if state is None:
            fd = Rng(self.seed).below(len(seats)) if first_dealer is None else first_dealer
            state = self.rs.new_state(len(seats), fd, events=True)
        self.st = state
        self.agents = {i: self._agent(i, s.ai_id)
                       for i, s in enumerate(self.seats) if s.ai_id is not None}
        # a continued game's public events so far, so the table can re-narrate them
        self.past_events: list[Event] = []
        # (round index, action index) -> (action text, the AI's explanation): game.replays
        self.ai_notes: dict[tuple[int, int], tuple[str, str]] = {}
        self.undo_count = 0  # moves taken back against the computer (kept in the record)
        self.lesson: str | None = None  # a Learn lesson's key ("koikoi-yaku"): its ✓ at the end
        self.hint_count = 0  # advisor suggestions asked for (kept in the record)
        # time played before this session (a continued game), and when this session began:
        # the statistics count the whole game's time, across Save and quit and Continue
        self.played_before = 0.0
        self.session_start = time.monotonic()
        # chance outcomes an undo took back, used again before any new one is drawn
        self._kept_chance: list[Action] = []
        # the computers as they stood at each human decision of the round (action index ->
        # agents): an undo puts them back, so the same move meets the same answers
        self._agents_at: dict[int, dict] = {}
        # what the table tells once per game: the guided game's question after this many
        # rounds (0: none, or asked; game.ui.scenes.tour), the lesson's "hints are on" note,
        # a curriculum game's "New in this tier" card
        self.guided_stop = 0
        self.teaching_told = False
        self.tier_card_shown = False

    def _agent(self, seat: int, agent: str):  # noqa: ANN202 - an ai agent
        """The computer player of `seat`, seeded from the game's seed and the seat."""
        return ai.make_agent(agent, (self.seed * 31 + seat) & MASK64)

    @classmethod
    def from_record(cls, rec: records.Record) -> GameSession:
        """Continue a saved game (RecordError, a ValueError, when the file is bad): every
        seat a human or a known computer player, every name one that renders."""
        rep = records.replay(rec, events=True)
        for i, s in enumerate(rec.seats):
            problem = kind_problem(s.get("kind", "human"))
            if problem:
                raise records.RecordError(f"seat {i + 1}: {problem}")
        seats = [SeatSpec(clean_name(s.get("name"), f"Seat {i + 1}"), s.get("kind", "human"))
                 for i, s in enumerate(rec.seats)]
        phones = rec.app.get("phones", [])
        if isinstance(phones, list):  # a party game's phone seats (human seats only)
            for i in phones:
                if type(i) is int and 0 <= i < len(seats) and seats[i].is_human:
                    seats[i] = dataclasses.replace(seats[i], phone=True)
        online = rec.app.get("online", [])
        if isinstance(online, list):  # of those, the ones played through a relay (issue 46)
            for i in online:
                if type(i) is int and 0 <= i < len(seats) and seats[i].phone:
                    seats[i] = dataclasses.replace(seats[i], online=True)
        seed = rec.seed if rec.seed is not None else 0
        session = cls(rec.ruleset, rec.options, seats, seed, rec.first_dealer, rep.state)
        session.past_events = [ev for rnd in rep.events for ev in rnd]
        count = rec.app.get("undo_count", 0)
        if isinstance(count, int) and not isinstance(count, bool) and count > 0:
            session.undo_count = count
        hints = rec.app.get("hint_count", 0)
        if isinstance(hints, int) and not isinstance(hints, bool) and 0 < hints < 10**7:
            session.hint_count = hints
        lesson = rec.app.get("lesson")
        if isinstance(lesson, str) and LESSON_KEY.fullmatch(lesson):
            session.lesson = lesson  # a lesson continued keeps its ✓ to earn
        played = rec.app.get("played_seconds", 0)
        if isinstance(played, int) and not isinstance(played, bool) and 0 < played < 10**7:
            session.played_before = float(played)
        return session

    def played_seconds(self) -> float:
        """Seconds this game has been played, over every session that continued it."""
        return self.played_before + (time.monotonic() - self.session_start)

    # --- what next --------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """Every human seat, at this screen or on a phone (the names, undo and the record
        treat them alike)."""
        return [i for i, s in enumerate(self.seats) if s.is_human]

    @property
    def local_humans(self) -> list[int]:
        """The human seats that play at this screen (whose hands the window may show)."""
        return [i for i, s in enumerate(self.seats) if s.is_human and not s.phone]

    @property
    def phones(self) -> list[int]:
        """The seats played on phones (a party game, issue 28)."""
        return [i for i, s in enumerate(self.seats) if s.phone]

    @property
    def online(self) -> list[int]:
        """The seats played from anywhere through a relay (issue 46): some of `phones`."""
        return [i for i, s in enumerate(self.seats) if s.online]

    def to_online(self, seats: list[int]) -> None:
        """Make these human seats online seats (played through a relay; remote like a
        phone's)."""
        for i in seats:
            if not self.seats[i].is_human:
                raise ValueError(f"seat {i + 1} is not a human seat")
            self.seats[i] = dataclasses.replace(self.seats[i], phone=True, online=True)

    def to_phone(self, seats: list[int]) -> None:
        """Make these human seats phone seats (a party game's host)."""
        for i in seats:
            if not self.seats[i].is_human:
                raise ValueError(f"seat {i + 1} is not a human seat")
            self.seats[i] = dataclasses.replace(self.seats[i], phone=True)

    def to_computer(self, seat: int, agent: str) -> None:
        """A computer plays this seat from now on (a phone that went away, issue 28): its
        agent starts from this position; the record names the seat's new kind."""
        old = self.seats[seat]
        self.seats[seat] = SeatSpec(old.name, f"ai:{agent}")
        self.agents[seat] = self._agent(seat, agent)

    def names(self) -> list[str]:
        """The seats' names as every screen shows them (game.play.narrate.seat_names)."""
        return seat_names([s.name for s in self.seats], self.humans,
                          shared=len(self.humans) >= 2 or bool(self.phones))

    def next_step(self) -> Step:
        """What the game needs next: a deal, a chance outcome, a human's or a computer's
        action, or nothing (over)."""
        st = self.st
        if st.phase == OVER:
            return Step.OVER
        if st.phase == DEAL:
            return Step.DEAL
        if st.is_chance():
            return Step.CHANCE
        seat = self.seats[st.to_move]
        if seat.phone:
            return Step.PHONE
        return Step.HUMAN if seat.is_human else Step.AI

    def move_key(self) -> tuple[int, int]:
        """Where the game stands: (rounds begun, actions of this round). Changes with every
        move, chance outcome and deal, so a scene can tell "a new question is on screen"."""
        return len(self.st.history), len(self.st.actions)

    def _rng(self, salt: int) -> Rng:
        k = len(self.st.history)
        return Rng((self.seed * 1_000_003 + k * 7919 + salt * 104_729) & MASK64)

    def deal(self) -> list[Event]:
        deck = list(self.rs.deck_cards)
        self._rng(0).shuffle(deck)
        self._kept_chance.clear()  # undo never crosses into another round
        self._agents_at.clear()
        return self.st.start_round(deck)

    def chance(self) -> list[Event]:
        """The pending chance outcome: one an undo took back if it still fits (the same
        ``* blank``, the same ``* deck`` when the same cards are shuffled), else a new one."""
        for i, kept in enumerate(self._kept_chance):
            try:
                events = self.st.apply(kept)
            except IllegalAction:
                continue
            del self._kept_chance[i]
            return events
        return self.st.apply(self.st.sample_chance(self._rng(1 + len(self.st.actions))))

    def apply(self, action: Action) -> list[Event]:
        """Apply a player's action (raises IllegalAction, a ValueError, if illegal).

        A computer player's one-sentence `explain()` of this choice is kept in `ai_notes`,
        keyed like the record (round index, action index), for the replay viewer's sidecar
        file (game.replays); never in the record itself."""
        key = (len(self.st.history) - 1, len(self.st.actions))
        if len(self.humans) == 1 and action.seat in self.humans:
            self._agents_at[key[1]] = copy.deepcopy(self.agents)
        events = self.st.apply(action)
        agent = self.agents.get(action.seat)
        if agent is not None and action.verb != PASS:
            try:
                note = str(agent.explain())
            except Exception:  # a note is a comfort: never stop the game for one
                log.warning("explain() failed", exc_info=True)
                note = ""
            if note:
                self.ai_notes[key] = (str(action), note)
        return events

    def view(self, seat: int) -> PlayerView:
        """What `seat` may know (its hand, its legal actions): for that seat's player only."""
        return self.st.view(seat)

    def public_view(self) -> PlayerView:
        """What everyone at the table may know (seat -1): what a shared screen shows while no
        hand is face up on it (issue 42)."""
        return self.st.public_view()

    def record(self) -> records.Record:
        seats = [{"name": s.name, "kind": s.kind} for s in self.seats]
        rec = records.from_state(self.st, seats, seed=self.seed)
        if self.undo_count:
            rec.app["undo_count"] = self.undo_count
        if self.hint_count:
            rec.app["hint_count"] = self.hint_count
        rec.app["played_seconds"] = round(self.played_seconds())
        if self.phones:
            rec.app["phones"] = self.phones
        if self.online:
            rec.app["online"] = self.online
        if self.lesson:
            rec.app["lesson"] = self.lesson
        return rec

    # --- undo against the computer ------------------------------------------------------
    def undo_point(self) -> int | None:
        """Where an undo would cut the round's actions: the index of the human's last
        recorded action in the round being played; None when undo is not allowed (not
        exactly one human, i.e. hot-seat or a computer-only table; a party game, whose
        phones play their own moves; the round already
        settled, whose ledger closes it; no human move yet this round)."""
        humans = self.humans
        st = self.st
        if len(humans) != 1 or self.phones or st.phase in (DEAL, OVER) or not st.history:
            return None
        for i in range(len(st.actions) - 1, -1, -1):
            if st.actions[i].seat == humans[0]:
                return i
        return None

    @property
    def can_undo(self) -> bool:
        return self.undo_point() is not None

    def undo(self) -> list[Event] | None:
        """Take back the human's last decision and every computer move after it; the
        game's public events so far (for the log), or None when undo is not allowed.

        The state is rebuilt from the record cut before that decision (the same decks,
        the same earlier actions), never from a snapshot that could drift; the chance
        actions cut off are kept for `chance`.
        """
        cut = self.undo_point()
        if cut is None:
            return None
        taken = self.st.actions[cut:]
        decision = taken[0]
        rec = self.record()
        rec.rounds[-1]["actions"] = rec.rounds[-1]["actions"][:cut]
        rep = records.replay(rec, events=True)
        st = rep.state
        # optional windows passed before the decision (a pass leaves no action in a
        # record, so a declined mizuten or swap is not a decision undo returns to): close
        # them as the replay of the decision itself would, to stand exactly before it
        while not st.is_chance():
            legal = st.legal_actions()
            step = Action(st.to_move, PASS)
            if decision in legal or step not in legal:
                break
            rep.events[-1] += st.apply(step)
        self.st = st
        if cut in self._agents_at:  # a continued game has none: its computers go on
            self.agents = copy.deepcopy(self._agents_at[cut])
        self._agents_at = {k: v for k, v in self._agents_at.items() if k < cut}
        rnd = len(st.history) - 1  # the notes of moves taken back go with them
        self.ai_notes = {k: v for k, v in self.ai_notes.items() if k[0] != rnd or k[1] < cut}
        self._kept_chance = [a for a in taken if a.seat == CHANCE] + self._kept_chance
        self.undo_count += 1
        # (past_events stays as it was: it tells a continued game from a new one)
        return [ev for rnd in rep.events for ev in rnd]

    def summary(self) -> str:
        """'Hachi-Hachi · Round 5/12 · vs Ren, Yui' for the title's Continue button."""
        v = self.st.public_view()  # the round and its ledger: public facts
        rnd = v.round
        if v.phase in ("deal", "over") and v.results:
            from game.play.round_end import round_end_view

            # between rounds a continued game reopens the last ledger: its round, as the
            # ledger names it (a misdeal is not a round played: the same round is dealt
            # again), never the count of rounds played (issue 23, minor 13)
            rnd = round_end_view(v).round
        r = round_label(max(1, rnd), v.rounds_planned)
        h = self.humans
        names = self.names()
        others = [names[i] for i in range(len(self.seats)) if i not in h[:1]]
        return _("{game} · {round} · vs {names}").format(
            game=_(self.rs.title), round=r, names=joined(others))


__all__ = ["GameSession", "SeatSpec", "Step", "Event"]
