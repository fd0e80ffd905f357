"""The shared window never shows a hidden hand (issue 42, item 1): every panel, every frame.

Whole rounds are played through the real window loop (dummy SDL): hot-seat with three
humans at the screen, and party games with nobody at the screen (phones and computers, seat 0
a phone or a computer). At every frame the texts the window draws (every text goes through
`game.ui.theme.text`) and the card faces it draws (`CardRenderer.face`) are collected, and
none may name or show a card that is hidden at that moment: in the draw pile, or in a hand
that is not face up on this screen and was not revealed for teyaku. While a hot-seat hand is
face up, it alone is "you" (and in hot-seat it is named: "Ren holds: …"), and a seat's
named cards are only ever its own visible ones.

A hidden card is "named" only by a card name that no card visible at that moment carries
(several chaff cards share a name), as a whole name, after the yaku and teyaku names (some
name cards: "Boar-Deer-Butterflies") are taken out; the frame's texts are joined with spaces,
so a name wrapped over two lines is still read whole.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pygame
import pytest

from game.app import App
from game.engine import rulesets
from game.engine.actions import Action
from game.engine.cards import CARD_IDS, INDEX
from game.party.host import PartyHost
from game.play.session import GameSession, SeatSpec, Step
from game.play.terms import card_name, term
from game.ui import hints, theme
from game.ui.cards import CardRenderer
from game.ui.scenes import table_chrome
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.table import TableScene
from game.ui.table_flow import TablePhase
from tests.ui.driver import frames, make_app

FRAME_LIMIT = 6000


class Drawn:
    """What the window drew in one frame: its texts in order, and the card faces."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[str] = []
        self.faces: set[str] = set()
        self.watch: set[str] = set()  # the yaku watch's rows, whole (before wrapping)
        real_text = theme.text
        real_face = CardRenderer.face
        real_watch = hints.watch_lines

        def watch_lines(*args: object, **kw: object) -> list[tuple[str, tuple]]:
            rows = real_watch(*args, **kw)  # type: ignore[arg-type]
            self.watch.update(text for text, _colour in rows)
            return rows

        def text(s: str, size: int, color: tuple | None = None,
                 bold: bool = False) -> pygame.Surface:
            self.texts.append(s)
            return real_text(s, size, color, bold)

        def face(renderer: CardRenderer, card_id: str, width: int,
                 marks: bool | None = None) -> pygame.Surface:
            self.faces.add(card_id)
            return real_face(renderer, card_id, width, marks)

        monkeypatch.setattr(theme, "text", text)
        monkeypatch.setattr(CardRenderer, "face", face)
        monkeypatch.setattr(hints, "watch_lines", watch_lines)
        # a hovered card's name shows at once (not after half a second of real time)
        monkeypatch.setattr(table_chrome, "TOOLTIP_AFTER", 0.0)

    def clear(self) -> None:
        self.texts.clear()
        self.faces.clear()
        self.watch.clear()


def _terms_pattern() -> re.Pattern[str]:
    """Every yaku and teyaku name of every ruleset, any whitespace where it has a space."""
    ids = {e.id for name in rulesets.names() for e in rulesets.get(name).entries}
    words = sorted({term(i) for i in ids}, key=len, reverse=True)
    return re.compile("|".join(r"\s+".join(map(re.escape, w.split())) for w in words))


def _name_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + r"\s+".join(map(re.escape, name.split())) + r"(?!\w)")


NAMES = {c: card_name(c) for c in CARD_IDS}
NAME_RE = {c: _name_pattern(n) for c, n in NAMES.items()}


def face_up(table: TableScene) -> int | None:
    """The seat whose hand this screen shows now: the human at the screen once confirmed
    (hot-seat: after the hand-over), never a phone's or a computer's."""
    if not table.session.local_humans or not table.confirmed:
        return None
    return table.viewer


def hidden_cards(table: TableScene, up: int | None) -> set[str]:
    """The cards nobody may see on this screen now: the draw pile and every hand that is not
    face up here, less the cards revealed for teyaku."""
    st = table.session.st
    v = st.view(0)  # its public fields: field, piles, the drawn card, the claims
    shown = v.field_mask
    if v.drawn >= 0:
        shown |= 1 << v.drawn
    for m in v.captured_masks:
        shown |= m
    for c in v.claims.values():
        shown |= c.mask
    if up is not None and not st.hidden_hands:
        shown |= st.hands[up]
    deck = table.session.rs.deck_mask
    return {CARD_IDS[i] for i in range(48) if deck >> i & 1 and not shown >> i & 1}


@dataclass
class Report:
    frames: int = 0
    problems: list[str] = field(default_factory=list)
    seen_up: set[int] = field(default_factory=set)  # seats whose hand was face up
    your_lines: int = 0  # cards said to be "your" (the watch's "in your hand", "Your Crane")
    watch_yours: int = 0  # the watch's "in your hand" lists
    watch_frames: int = 0  # frames that drew the yaku watch
    scenes: set[str] = field(default_factory=set)  # the scenes seen on top
    popovers: int = 0  # frames with a card's info popover open
    tooltips: int = 0  # frames with a face-up card hovered (its name drawn)
    cutins: int = 0  # frames with a cut-in (a yaku, a teyaku) playing
    claims: int = 0  # frames with teyaku cards revealed
    named_up: int = 0  # lists of the face-up hand's own (unrevealed) cards, by its name

    def add(self, text: str) -> None:
        if len(self.problems) < 12:
            self.problems.append(text)


def check_frame(table: TableScene, drawn: Drawn, terms: re.Pattern[str], rep: Report) -> None:
    """One frame's texts and faces against the cards hidden at that moment."""
    up = face_up(table)
    hidden = hidden_cards(table, up)
    deck = {CARD_IDS[i] for i in range(48) if table.session.rs.deck_mask >> i & 1}
    visible_names = {NAMES[c] for c in deck - hidden}
    shown = drawn.faces & hidden
    where = f"frame {rep.frames}, phase {table.session.st.view(0).phase}, face up {up}"
    if shown:
        rep.add(f"{where}: faces of hidden cards drawn: {sorted(shown)}")
    stream = terms.sub(" ", " ".join(drawn.texts))
    for c in sorted(hidden):
        m = NAME_RE[c].search(stream) if NAMES[c] not in visible_names else None
        if m is not None:
            said = stream[max(0, m.start() - 60):m.end() + 20]
            rep.add(f"{where}: hidden {c} ({_holder(table, c)}) named: {said!r}")
    if "YAKU WATCH" in drawn.texts or "Yaku watch (W)" in drawn.texts:
        rep.watch_frames += 1
    if up is not None:
        rep.seen_up.add(up)
    rep.popovers += table.card_info.card is not None
    rep.tooltips += table.tv.hover_key in INDEX
    moment = table.moments.current()
    rep.cutins += moment is not None and moment.kind in ("yaku", "teyaku")
    rep.claims += any(c.mask for c in table.shown_view.claims.values())
    # "your" is the face-up seat's; "Ren holds: …" (the watch) lists only cards of Ren's
    # hand that this screen may show: face up, or revealed for teyaku (played since, in the
    # frame a move is fed and not yet shown)
    st = table.session.st
    revealed = {s: c.mask for s, c in st.view(0).claims.items()}
    mine = set() if up is None else _names_in(st.hands[up], hidden)
    said = [(m.group(1), t) for t in drawn.texts for m in YOUR.finditer(t)]
    yours = [(seg, row) for row in drawn.watch for seg in _lists(row, "in your hand: ")]
    rep.watch_yours += len(yours)
    said += yours
    for segment, text in said:
        rep.your_lines += 1
        listed = _listed(segment)
        if up is None or not listed <= mine:
            rep.add(f"{where}: {text!r} says 'your' {sorted(listed - mine)} with the hand "
                    f"of seat {up} face up")
    for seat, who in enumerate(table.session.names()):
        theirs = _names_in(st.hands[seat], hidden) | _names_in(revealed.get(seat, 0), set())
        for row in drawn.watch:
            for segment in _lists(row, f"{who} holds: "):
                listed = _listed(segment)
                if not listed <= theirs:
                    rep.add(f"{where}: {row!r} lists {sorted(listed - theirs)} for {who}")
                rep.named_up += seat == up and bool(
                    listed - _names_in(revealed.get(seat, 0), set()))


# "your Crane", "Your Pine ribbon takes": a card said to be the player's own
YOUR = re.compile(r"\b[Yy]our (" + "|".join(sorted(
    (re.escape(n) for n in set(NAMES.values())), key=len, reverse=True)) + ")")


def _names_in(mask: int, hidden: set[str]) -> set[str]:
    return {NAMES[c] for c in CARD_IDS if mask >> INDEX[c] & 1 and c not in hidden}


def _lists(row: str, lead: str) -> list[str]:
    """The card lists that follow `lead` in a watch row, each to the next place (";")."""
    return [row[m.end():].split(";")[0] for m in re.finditer(re.escape(lead), row)]


def _listed(segment: str) -> set[str]:
    return {n for n in set(NAMES.values()) if _name_pattern(n).search(segment)}


def _holder(table: TableScene, card: str) -> str:
    """Whose hand holds `card` ("the pile" when nobody's), for the failure's message."""
    i = INDEX[card]
    seat = next((s for s, h in enumerate(table.session.st.hands) if h >> i & 1), None)
    return "the pile" if seat is None else table.session.names()[seat]


def _post_key(k: int) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=k, mod=0, unicode="", scancode=0))


def _post_mouse(pos: tuple[int, int], button: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    if button:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def _hand_rects(table: TableScene) -> list[pygame.Rect]:
    """Where every hand and fan card (face up or down) is drawn now."""
    model = table.tv.model
    keys = [k for s in range(model.seats) for k, _c in model.hand_keys(s)]
    return [table.tv.card_rects[k] for k in keys if k in table.tv.card_rects]


def play(app: App, table: TableScene, drawn: Drawn, seed: int, *, hover: bool) -> Report:
    """Play the game to its result screen as the players would, checking every frame."""
    rng = random.Random(seed)
    session = table.session
    host = table.party
    terms = _terms_pattern()
    rep = Report()
    asked: object = None
    inspected = 0
    for i in range(FRAME_LIMIT):
        top = app.stack.top
        if top is None or top.name == "result":
            break
        still = top is table and not table.busy()
        if isinstance(top, HandoverScene):
            top.opened -= 1.0  # past the 400 ms guard
            _post_key(pygame.K_RETURN)
        elif top.name in ("teyaku", "scoring") and i % 3 == 0:
            _post_key(pygame.K_RETURN)  # after a frame or two of reading it
        elif top.name == "inspect":
            _post_key(pygame.K_ESCAPE)
        elif still and table.phase is TablePhase.PLAY and table.human_to_move():
            if inspected < 3 and i % 5 == 0:  # the captures' inspection, at a human's turn
                inspected += 1
                _post_key(pygame.K_c)
            else:
                table.act(rng.choice(table.shown_view.legal))
        if host is not None and session.next_step() is Step.PHONE and still \
                and (session.move_key(), host.serial) != asked:
            seat = session.st.to_move  # asked again if the table moved on under it
            asked = (session.move_key(), host.serial)
            action: Action = rng.choice(session.view(seat).legal)  # the phone's own choice
            host.server.actions.put((seat, action, host.serial))
        if hover and top is table:
            # every hand and fan card in turn, and between them every card on the table;
            # now and then a right-click (the card's popover)
            rects = _hand_rects(table) if i % 2 else list(table.tv.card_rects.values())
            if rects:
                r = rects[(i // 2) % len(rects)]
                _post_mouse(r.center, 3 if i % 7 == 0 else 0)
        rep.scenes.add(top.name)
        drawn.clear()
        frames(app, 1)
        rep.frames += 1
        if app.stack.find(TableScene) is table and app.stack.top.name != "result":
            check_frame(table, drawn, terms, rep)
    assert app.stack.top is not None and app.stack.top.name == "result", (
        f"the game did not end in {FRAME_LIMIT} frames: {app.stack.top}")
    assert not app.errors, app.errors
    return rep


def _party(seats: list[SeatSpec], seed: int) -> tuple[GameSession, PartyHost]:
    session = GameSession("hachihachi", {"rounds": 1}, seats, seed)
    host = PartyHost(session)  # never listening: the test puts the phones' moves in its queue
    host.begin()
    return session, host


@pytest.mark.parametrize("speed", ["instant", "fast"])
def test_hotseat_shows_only_the_hand_handed_over(tmp_path, monkeypatch, speed):
    drawn = Drawn(monkeypatch)
    app = make_app(tmp_path, anim_speed=speed)  # "fast": the moves and cut-ins take frames
    seats = [SeatSpec("Ana", "human"), SeatSpec("Ren", "human"), SeatSpec("Yui", "human")]
    table = TableScene(app, GameSession("hachihachi", {"rounds": 1}, seats, 4))
    app.stack.push(table)
    try:
        rep = play(app, table, drawn, 4, hover=False)
    finally:
        app.close()
    assert not rep.problems, "\n".join(rep.problems)
    # every hand was handed over; the panels a player meets were all read; the shared
    # screen names the face-up hand ("Ren holds: …"), never "your hand"
    assert rep.seen_up == {0, 1, 2} and rep.watch_frames > 50
    assert rep.named_up and not rep.watch_yours
    assert {"handover", "teyaku", "inspect", "scoring"} <= rep.scenes and rep.claims
    assert speed == "instant" or rep.cutins


@pytest.mark.parametrize(("seats", "seed"), [
    ([SeatSpec("Ana", "human", phone=True), SeatSpec("Kai", "ai:rules"),
      SeatSpec("Yui", "human", phone=True)], 11),
    ([SeatSpec("Kai", "ai:rules"), SeatSpec("Ana", "human", phone=True),
      SeatSpec("Yui", "human", phone=True)], 16),
    ([SeatSpec("Ana", "human", phone=True), SeatSpec("Kai", "ai:rules"),
      SeatSpec("Rio", "ai:random")], 14),
], ids=["phones-0-2", "computer-in-seat-0", "one-phone-in-seat-0"])
def test_party_window_with_nobody_here_shows_no_hand(tmp_path, monkeypatch, seats, seed):
    drawn = Drawn(monkeypatch)
    app = make_app(tmp_path)
    session, host = _party(seats, seed)
    table = TableScene(app, session, party=host)
    app.stack.push(table)
    try:
        rep = play(app, table, drawn, seed, hover=True)
    finally:
        app.close()
    assert not rep.problems, "\n".join(rep.problems)
    assert not rep.seen_up and rep.watch_frames > 50 and rep.your_lines == 0
    # the seeds deal teyaku: revealed cards lie face up in a fan, and may be named
    assert {"teyaku", "scoring"} <= rep.scenes and rep.claims
    assert rep.popovers and rep.tooltips  # hovered and right-clicked: face-up cards only
