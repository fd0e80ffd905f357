"""The desktop window as a party host (issue 28): a Phone seat in the setup, the lobby with a
QR code per phone seat, Start once every phone is in, the table that never shows a phone's
hand and waits for its moves, a computer taking an away seat, and Continue re-opening the
lobby with the same links. The phones here are raw WebSocket clients in threads."""

from __future__ import annotations

import json
import os
import threading
import time

import pygame
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game.engine.cards import CARD_IDS
from game.party import keep
from game.play.session import GameSession, SeatSpec, Step
from game.ui.scenes.lobby import LobbyScene, open_party
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.setup_model import PHONE, SetupModel
from tests.ui.driver import click, frames, key, make_app

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")


class Phone(threading.Thread):
    """A phone that answers every view of its seat with its last legal action, and checks
    that no message ever holds a card of another seat's hand."""

    def __init__(self, link: str, session: GameSession, seat: int) -> None:
        super().__init__(daemon=True)
        origin, token = link.split("/j/")
        self.origin, self.token, self.session, self.seat = origin, token, session, seat
        self.stop = threading.Event()
        self.acts = 0
        self.views = 0
        self.leaks: list[str] = []
        self.closed_with: dict | None = None
        self.joined = threading.Event()

    def run(self) -> None:
        host_port = self.origin.split("//", 1)[1]
        with connect(f"ws://{host_port}/ws", origin=self.origin, open_timeout=5) as ws:
            ws.send(json.dumps({"t": "hello", "token": self.token, "lang": "en"}))
            self.joined.set()
            while not self.stop.is_set():
                try:
                    m = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
                except ConnectionClosed:
                    return
                if m["t"] in ("retired", "replaced"):
                    self.closed_with = m
                    return
                if m["t"] != "view":
                    continue
                self.views += 1
                self._check(m)
                if m["legal"]:
                    ws.send(json.dumps({"t": "act", "a": m["legal"][-1]["a"], "n": m["n"]}))
                    self.acts += 1

    def _check(self, m: dict) -> None:
        """Its hand holds no card of another seat's hand (race-free: a card never moves from
        one hand to another within a round; the full leak check of every message is in
        test_protocol.py and test_phone_pages.py)."""
        st = self.session.st
        others = {CARD_IDS[c] for s, hand in enumerate(st.hands) if s != self.seat
                  for c in range(48) if hand >> c & 1}
        if set(m["hand"]) & others:
            self.leaks.append(str(set(m["hand"]) & others))


def _party_session(seed: int = 11, phones: tuple[int, ...] = (1,), local: tuple[int, ...] = (0,),
                   rounds: int = 1) -> GameSession:
    seats = []
    for i in range(3):
        if i in phones:
            seats.append(SeatSpec(f"Phone{i}", "human", phone=True))
        elif i in local:
            seats.append(SeatSpec("You", "human"))
        else:
            seats.append(SeatSpec(f"C{i}", "ai:rules"))
    return GameSession("hachihachi", {"rounds": rounds}, seats, seed)


def test_setup_offers_a_phone_seat_and_the_session_knows_it():
    m = SetupModel("hachihachi")
    m.fix_seats()
    kinds = m.kind_choices()[1]
    assert PHONE in kinds.ids and "Phone" in kinds.values
    m.seats[1]["kind"] = PHONE
    session, problem = m.session()
    assert problem is None and session is not None
    assert session.phones == [1] and 1 in session.humans and session.local_humans == [0]
    assert session.seats[1].kind == "human"  # a phone is a human seat in the record
    rec = session.record()
    assert rec.app["phones"] == [1]
    again = GameSession.from_record(rec)
    assert again.phones == [1] and again.local_humans == [0]


def test_a_phone_seat_is_its_own_step_and_never_undone():
    s = _party_session(phones=(0,), local=())
    s.deal()
    while s.next_step() in (Step.CHANCE, Step.AI):
        v = s.view(s.st.to_move)
        s.apply(v.legal[0]) if s.next_step() is Step.AI else s.chance()
    assert s.next_step() is Step.PHONE
    assert s.undo_point() is None  # the window never takes a phone's move back


def test_links_kept_beside_the_autosave_and_their_broken_twins(tmp_path):
    auto = tmp_path / "autosave.json"
    kept = {"bind": "127.0.0.1", "port": 4567, "table": "T" * 22, "tokens": {"1": "a" * 22}}
    keep.save(auto, 99, kept)
    links = keep.load(auto, 99, [1])
    assert links is not None and links.tokens == {1: "a" * 22} and links.port == 4567
    if os.name == "posix":
        assert oct(keep.path_for(auto).stat().st_mode & 0o777) == "0o600"
    assert keep.load(auto, 98, [1]) is None  # another game's links
    assert keep.load(auto, 99, [1, 2]) is None  # other phone seats
    path = keep.path_for(auto)
    text = path.read_text()
    twins = [text[: len(text) // 2], "x" * 100_000, "[" * 5000 + "]" * 5000, "{}", "[]",
             json.dumps({**kept, "seed": 99, "port": "80"}),
             json.dumps({**kept, "seed": 99, "tokens": {"one": "a" * 22}}),
             json.dumps({**kept, "seed": 99, "tokens": {"1": "../../etc"}}),
             json.dumps({**kept, "seed": 99, "tokens": []}), "\x00\xff"]
    for twin in twins:
        path.write_text(twin, encoding="utf-8", errors="surrogateescape")
        assert keep.load(auto, 99, [1]) is None, twin[:40]
    path.unlink()
    os.mkfifo(path) if hasattr(os, "mkfifo") else None
    if path.exists():
        assert keep.load(auto, 99, [1]) is None  # a FIFO is refused, never waited on
        path.unlink()
    keep.forget(auto)  # nothing to forget: no error


def _until_all_joined(app, lobby: LobbyScene, seconds: float = 10.0) -> None:  # noqa: ANN001
    """Frames until the lobby's Start is enabled (every phone in), or `seconds` pass."""
    end = time.monotonic() + seconds
    while not lobby.start_button.enabled and time.monotonic() < end:
        frames(app, 1)
        time.sleep(0.01)


def _lobby(app, session) -> LobbyScene:  # noqa: ANN001
    open_party(app, session)
    frames(app, 2)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    return lobby


def test_lobby_then_a_round_with_a_phone_and_a_human_here(tmp_path):
    app = make_app(tmp_path)
    session = _party_session()
    lobby = _lobby(app, session)
    host = lobby.host
    try:
        assert not lobby.start_button.enabled  # the phone has not joined
        click(app, lobby.start_button.rect.center)
        assert app.stack.top is lobby
        link = host.link(1)
        assert link.startswith(host.server.origin + "/j/")
        assert keep.load(app.paths.autosave, session.seed, [1]).tokens[1] == link.rsplit("/", 1)[1]
        phone = Phone(link, session, 1)
        phone.start()
        _until_all_joined(app, lobby)
        assert lobby.start_button.enabled
        click(app, lobby.start_button.rect.center)
        table = app.stack.top
        assert isinstance(table, TableScene) and table.party is host
        assert table.viewer == 0 and not table.hotseat
        seen_phone_turn = False
        for _ in range(20000):
            top = app.stack.top
            # the phone's hand is never face up on this screen
            assert top is not table or all(c is None for c in table.tv.model.hands[1])
            if top is table and session.next_step() is Step.PHONE:
                seen_phone_turn = True
                assert "phone" in table._prompt(False) or table.busy()
            if top is table and table.human_to_move() and not table.busy():
                table.act(table.shown_view.legal[0])
            elif top is not None and top.name in ("teyaku", "scoring"):
                key(app, pygame.K_RETURN)
            elif top is not None and top.name == "result":
                break
            frames(app, 1)
            time.sleep(0.0005)
        assert app.stack.top.name == "result", app.stack.top.name
        assert seen_phone_turn and phone.acts >= 3 and not phone.leaks
        assert not keep.path_for(app.paths.autosave).exists()  # the game over: links gone
        rec_path = app.last_record_path
        rec = json.loads(open(rec_path, encoding="utf-8").read())
        assert rec["app"]["phones"] == [1]
    finally:
        phone.stop.set()
        host.stop()
        app.close()


def test_an_away_phone_is_said_and_a_computer_takes_its_seat(tmp_path):
    app = make_app(tmp_path)
    session = _party_session(phones=(1,), local=())
    lobby = _lobby(app, session)
    host = lobby.host
    phone = Phone(host.link(1), session, 1)
    phone.stop.set()  # it joins, then its page closes at once
    phone.start()
    phone.join(10)
    _until_all_joined(app, lobby)
    click(app, lobby.start_button.rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table._show_hand_of() is None  # nobody at this screen: every hand face down
    for _ in range(5000):
        if session.next_step() is Step.PHONE and not table.busy() and app.stack.top is table:
            break
        top = app.stack.top
        if top is not table and top.name in ("teyaku",):
            key(app, pygame.K_RETURN)
        frames(app, 1)
    assert session.next_step() is Step.PHONE
    frames(app, 3)
    assert 1 in host.away()
    assert "away" in table._prompt(False)
    moves = session.move_key()
    frames(app, 20)
    assert session.move_key() == moves  # the table waits for the phone
    key(app, pygame.K_ESCAPE)  # pause → Phones…
    pause = app.stack.top
    phones_button = next(b for b in pause.group.buttons if b.label.startswith("Phones"))
    phones_button.action()
    frames(app, 1)
    over = app.stack.top
    assert isinstance(over, LobbyScene) and over.table is table
    click(app, over.cards[0].computer.rect.center)
    assert session.seats[1].ai_id is not None and not session.phones
    assert app.stack.top is table and table.party is None  # no phone left: server closed
    for _ in range(3000):
        if session.move_key() != moves:
            break
        frames(app, 1)
    assert session.move_key() != moves  # the computer plays the seat
    assert not app.errors
    app.close()


def test_continue_reopens_the_lobby_with_the_same_links(tmp_path):
    app = make_app(tmp_path)
    session = _party_session()
    lobby = _lobby(app, session)
    host = lobby.host
    link, port = host.link(1), host.server.port
    phone = Phone(link, session, 1)
    phone.start()
    _until_all_joined(app, lobby)
    click(app, lobby.start_button.rect.center)
    table = app.stack.top
    for _ in range(3000):  # a few moves, the phone's among them
        if phone.acts >= 1 and app.stack.top is table and not table.busy():
            break
        top = app.stack.top
        if top is table and table.human_to_move() and not table.busy():
            table.act(table.shown_view.legal[0])
        elif top is not table and top.name in ("teyaku", "scoring"):
            key(app, pygame.K_RETURN)
        frames(app, 1)
        time.sleep(0.0005)
    assert phone.acts >= 1
    phone.stop.set()
    key(app, pygame.K_ESCAPE)  # pause → Save and quit to title: the server stops
    pause = app.stack.top
    frames(app, 1)
    click(app, next(b for b in pause.group.buttons if b.label.startswith("Save and quit"))
          .rect.center)
    assert app.stack.top.name == "title"
    with pytest.raises(OSError):
        connect(f"ws://127.0.0.1:{port}/ws", open_timeout=1).close()
    app.close()
    app = make_app(tmp_path)  # the program again: Continue
    app.stack.push(TitleScene(app))
    frames(app, 2)
    cont = app.stack.top.group.buttons[0]
    assert cont.label == "Continue"
    click(app, cont.rect.center)
    frames(app, 2)
    again = app.stack.top
    assert isinstance(again, LobbyScene) and again.resumed
    try:
        assert again.host.link(1) == link  # the same address, port and token
        assert again.start_button.label == "Play on" and not again.start_button.enabled
        back = Phone(link, again.session, 1)  # the phone's page comes back by itself
        back.start()
        _until_all_joined(app, again)
        assert again.start_button.enabled
        back.stop.set()
    finally:
        again.host.stop()
        app.close()


def test_the_lobby_by_keys_new_link_and_back(tmp_path):
    app = make_app(tmp_path)
    session = _party_session()
    lobby = _lobby(app, session)
    host = lobby.host
    old = host.link(1)
    key(app, pygame.K_RETURN)  # the first button: this seat's New link
    assert host.link(1) != old
    assert keep.load(app.paths.autosave, session.seed, [1]).tokens[1] == \
        host.link(1).rsplit("/", 1)[1]  # the kept link follows
    key(app, pygame.K_TAB)  # to Computer plays, then Start (disabled: skipped), Back
    assert lobby.group.focused is lobby.cards[0].computer
    key(app, pygame.K_TAB)
    assert lobby.group.focused is lobby.back_button
    key(app, pygame.K_RETURN)
    assert app.stack.top.name == "title"
    assert not host.server.joined() or not any(host.server.joined().values())
    assert not keep.path_for(app.paths.autosave).exists()  # never begun: no links kept
    app.close()


def test_nobody_is_you_on_a_shared_party_screen():
    """One phone and computers: the window is everybody's, so the seat named "You" is
    "Player 1", on the window and on the phones alike."""
    seats = [SeatSpec("You", "human", phone=True), SeatSpec("C1", "ai:rules"),
             SeatSpec("C2", "ai:rules")]
    assert GameSession("hachihachi", {}, seats, 1).names()[0] == "Player 1"
    alone = [SeatSpec("You", "human"), SeatSpec("C1", "ai:rules"), SeatSpec("C2", "ai:rules")]
    assert GameSession("hachihachi", {}, alone, 1).names()[0] == "You"


def test_after_a_new_link_start_waits_for_that_phone_again(tmp_path):
    """Issue 42, item 10: a seat whose link was replaced waits for its phone again: the
    lobby says so and Start is off until the new link is opened."""
    app = make_app(tmp_path)
    session = _party_session()
    lobby = _lobby(app, session)
    host = lobby.host
    first = Phone(host.link(1), session, 1)
    first.start()
    try:
        _until_all_joined(app, lobby)
        assert lobby.start_button.enabled
        lobby.new_link(1)
        frames(app, 2)
        assert not lobby.start_button.enabled
        assert lobby.status(1)[0] == "Waiting for the phone…"
        click(app, lobby.start_button.rect.center)
        assert app.stack.top is lobby  # Start waits
        first.join(5)
        assert first.closed_with is not None and first.closed_with["why"] == "new_link"
        second = Phone(host.link(1), session, 1)
        second.start()
        _until_all_joined(app, lobby)
        assert lobby.start_button.enabled
        second.stop.set()
    finally:
        first.stop.set()
        host.stop()
        app.close()
