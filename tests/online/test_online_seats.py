"""Online seats in the window and the headless host (issue 46, items 1 and 3): the New game
screen's Online kind (offered only with a relay set), `SeatSpec.online` in the session and
its record, the `Combined` transport that gives the host phones and online seats as one,
the links of both kept beside the autosave, the lobby's card of an online seat, Settings'
relay address, and `python -m game host --relay` with a relay that cannot be reached.

The relay runs in-process on 127.0.0.1 (tests/relay/conftest.py); pygame is the dummy one."""

from __future__ import annotations

import json
import queue
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from pathlib import Path

import pygame
import pytest

from game.party import keep
from game.party.host import PartyHost
from game.party.transport import Combined, PartFailed
from game.play.session import GameSession, SeatSpec, Step
from game.relay.server import Limits, RelayThread
from game.settings import Settings, relay_url_ok
from game.ui.scenes.lobby import LobbyScene, open_party
from game.ui.scenes.relay_setting import RelayScene
from game.ui.setup_model import ONLINE, PHONE, SetupModel
from tests.online.test_transport import Page
from tests.relay.conftest import start_relay
from tests.ui.driver import click, frames, key, make_app

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")
ROOT = Path(__file__).resolve().parents[2]
WAIT = 30.0


@pytest.fixture
def relay() -> Iterator[RelayThread]:
    running = start_relay(time.monotonic, Limits(sweep_seconds=3600))  # type: ignore[arg-type]
    yield running
    running.stop()


def _free_port() -> int:
    """A loopback port nobody listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --- the setup and the session --------------------------------------------------------------
def test_setup_offers_online_only_with_a_relay_and_the_record_keeps_it():
    m = SetupModel("hachihachi")
    m.fix_seats()
    assert ONLINE not in m.kind_choices()[1].ids  # no relay set: no Online kind
    m = SetupModel("hachihachi", online=True)
    m.fix_seats()
    kinds = m.kind_choices()[1]
    assert ONLINE in kinds.ids and "Online" in kinds.values and PHONE in kinds.ids
    m.seats[1]["kind"] = ONLINE
    m.seats[2]["kind"] = PHONE
    session, problem = m.session()
    assert problem is None and session is not None
    assert session.online == [1] and session.phones == [1, 2]
    assert session.seats[1].kind == "human" and session.seats[1].describe() == "Online"
    rec = session.record()
    assert rec.app["phones"] == [1, 2] and rec.app["online"] == [1]
    again = GameSession.from_record(rec)
    assert again.online == [1] and again.phones == [1, 2] and again.local_humans == [0]
    del rec.app["online"]  # what older code wrote or reads: the seat is a phone seat
    assert GameSession.from_record(rec).phones == [1, 2]
    assert GameSession.from_record(rec).online == []
    # a remembered Online seat with the relay gone: still a remote human, a phone
    m = SetupModel("hachihachi", seats=[{"name": "A", "kind": "human"},
                                        {"name": "B", "kind": ONLINE},
                                        {"name": "C", "kind": "ai:rules"}])
    m.fix_seats()
    assert m.seats[1]["kind"] == PHONE


def test_an_online_seat_is_a_remote_step():
    seats = [SeatSpec("A", "human"), SeatSpec("B", "ai:rules"), SeatSpec("C", "ai:rules")]
    s = GameSession("hachihachi", {"rounds": 1}, seats, 5)
    s.to_online([0])
    assert s.seats[0].phone and s.seats[0].online and s.local_humans == []
    s.deal()
    while s.next_step() in (Step.CHANCE, Step.AI):
        s.apply(s.view(s.st.to_move).legal[0]) if s.next_step() is Step.AI else s.chance()
    assert s.next_step() is Step.PHONE and s.undo_point() is None


def test_the_relay_setting_is_checked():
    good = ["", "wss://relay.example.org", "ws://127.0.0.1:8765", "https://r.example/hh",
            "http://[::1]:9000/ws"]
    bad = ["relay.example.org", "ftp://x", "wss://", "wss://u:p@host", "wss://h/?q=1",
           "wss://h/#k", " wss://h", "wss://h:99999", 5, None, "wss://" + "a" * 600]
    assert all(relay_url_ok(v) for v in good)
    assert not any(relay_url_ok(v) for v in bad)
    assert Settings(relay_url="nonsense").cleaned().relay_url == ""
    assert Settings(relay_url="wss://r.example").cleaned().relay_url == "wss://r.example"


# --- the combined transport ------------------------------------------------------------------
class Fake:
    """A transport that records every call (a SeatTransport's surface)."""

    def __init__(self, seats: list[int], events: queue.Queue, actions: queue.Queue,
                 fail: bool = False) -> None:
        self.events, self.actions = events, actions
        self._seats = {s: object() for s in seats}
        self.table_token = "t" * 22
        self.calls: list[tuple] = []
        self.fail = fail

    @property
    def seats(self) -> Mapping[int, object]:
        return self._seats

    def start(self) -> Fake:
        if self.fail:
            raise OSError("nobody answers")
        self.calls.append(("start",))
        return self

    def stop(self) -> None:
        self.calls.append(("stop",))

    def joined(self) -> dict[int, bool]:
        return {s: s % 2 == 0 for s in self._seats}

    def kept(self) -> dict:
        return {"seats": sorted(self._seats)}

    def link(self, seat: int) -> str:
        return f"link{seat}"

    def reissue(self, seat: int) -> str:
        self.calls.append(("reissue", seat))
        return f"new{seat}"

    def retire(self, seat: int) -> None:
        self.calls.append(("retire", seat))

    def publish(self, seat: int, message: dict) -> None:
        self.calls.append(("publish", seat, message["n"]))

    def tell(self, seat: int, message: dict) -> None:
        self.calls.append(("tell", seat))

    def publish_table(self, message: dict) -> None:
        self.calls.append(("table",))

    def broadcast(self, message: dict, *, tables: bool = True) -> None:
        self.calls.append(("broadcast",))

    def game_over(self) -> None:
        self.calls.append(("over",))


def test_combined_routes_each_seat_to_its_part_and_merges_the_queues():
    events: queue.Queue = queue.Queue()
    actions: queue.Queue = queue.Queue()
    online, home = Fake([1], events, actions), Fake([2, 3], events, actions)
    both = Combined({"online": online, "home": home}).start()
    assert dict(both.seats).keys() == {1, 2, 3} and both.joined() == {1: False, 2: True,
                                                                      3: False}
    both.publish(1, {"n": 7})
    both.publish(3, {"n": 8})
    both.tell(2, {})
    assert ("publish", 1, 7) in online.calls and ("publish", 3, 8) not in online.calls
    assert ("publish", 3, 8) in home.calls and ("tell", 2) in home.calls
    assert both.link(1) == "link1" and both.reissue(2) == "new2" and both.part_of(1) == "online"
    both.publish_table({})
    both.broadcast({})
    both.game_over()
    for part in (online, home):
        assert {("table",), ("broadcast",), ("over",)} <= set(part.calls)
    online.actions.put((1, "a", 1))  # each part writes into the one queue the host reads
    home.actions.put((2, "b", 1))
    assert [both.actions.get_nowait(), both.actions.get_nowait()] == [(1, "a", 1), (2, "b", 1)]
    assert both.kept() == {"parts": {"online": {"seats": [1]}, "home": {"seats": [2, 3]}}}
    assert both.table_token == home.table_token
    with pytest.raises(KeyError):
        both.publish(5, {"n": 1})
    with pytest.raises(ValueError):  # parts that do not share their queues
        Combined({"a": Fake([1], events, actions), "b": Fake([2], queue.Queue(), actions)})


def test_combined_start_stops_what_started_when_a_part_fails():
    events: queue.Queue = queue.Queue()
    actions: queue.Queue = queue.Queue()
    home, online = Fake([2], events, actions), Fake([1], events, actions, fail=True)
    with pytest.raises(PartFailed) as failed:
        Combined({"home": home, "online": online}).start()
    assert failed.value.part == "online" and isinstance(failed.value, OSError)
    assert home.calls == [("start",), ("stop",)]


# --- keeping the links -----------------------------------------------------------------------
def test_combined_links_kept_and_loaded(tmp_path):
    auto = tmp_path / "autosave.json"
    online = {"relay": "ws://127.0.0.1:1", "room": "R" * 22, "secret": "S" * 32,
              "table": "T" * 22, "seats": {"1": {"token": "a" * 22, "key": "k" * 43}}}
    home = {"bind": "127.0.0.1", "port": 4567, "table": "U" * 22, "tokens": {"2": "b" * 22}}
    keep.save(auto, 9, {"parts": {"online": online, "home": home}})
    links = keep.load(auto, 9, [1, 2], [1])
    assert links is not None and links.online == online
    assert links.tokens == {2: "b" * 22} and links.port == 4567 and links.table == "U" * 22
    assert keep.load(auto, 9, [1, 2]) is None  # read as a phones-only game: not this shape
    keep.save(auto, 9, {"parts": {"online": online}})  # every remote seat online
    only = keep.load(auto, 9, [1], [1])
    assert only is not None and only.online == online and only.tokens == {}
    path = keep.path_for(auto)
    for twin in ({"parts": []}, {"parts": {"online": "x"}}, {"parts": {"home": home}},
                 {"parts": {"online": {"room": "R" * 22}}}, {**home}):
        path.write_text(json.dumps({"seed": 9, **twin}))
        assert keep.load(auto, 9, [1], [1]) is None, twin
    keep.save(auto, 9, {"parts": {"online": online, "home": {**home, "port": "80"}}})
    assert keep.load(auto, 9, [1, 2], [1]) is None  # a damaged home part: new links


def test_a_host_with_phones_and_online_seats_keeps_both_and_comes_back(tmp_path, relay):
    seats = [SeatSpec("A", "human"), SeatSpec("B", "human"), SeatSpec("C", "ai:rules")]
    session = GameSession("hachihachi", {"rounds": 1}, seats, 4)
    session.to_online([0])
    session.to_phone([1])
    url = f"ws://127.0.0.1:{relay.port}"
    host = PartyHost(session, None, bind="127.0.0.1", relay=url, auto_start=False).start()
    page = None
    try:
        assert isinstance(host.server, Combined)
        assert set(host.server.parts) == {"online", "home"}
        assert "#" in host.link(0) and "/j/" in host.link(1) and "#" not in host.link(1)
        assert host.table_link() is not None and host.bind == "127.0.0.1"
        page = Page(host.link(0)).open()
        end = time.monotonic() + WAIT
        while not host.server.joined()[0] and time.monotonic() < end:
            host.poll()
            time.sleep(0.01)
        assert host.server.joined() == {0: True, 1: False}
        kept = host.keep()
        keep.save(tmp_path / "autosave.json", session.seed, kept)
        links = keep.load(tmp_path / "autosave.json", session.seed, session.phones,
                          session.online)
        assert links is not None and links.tokens == {1: host.link(1).rsplit("/", 1)[1]}
        before = (host.link(0), host.link(1))
    finally:
        if page is not None:
            page.close()
        host.stop()
    again = PartyHost(session, None, bind="127.0.0.1", tokens=links.tokens,
                      table_token=links.table, online_kept=links.online,
                      auto_start=False).start()  # the relay from what was kept
    try:
        assert again.link(0) == before[0]
        assert again.link(1).rsplit("/", 1)[1] == before[1].rsplit("/", 1)[1]
    finally:
        again.stop()


# --- the window -------------------------------------------------------------------------------
def _online_session(seed: int = 3) -> GameSession:
    seats = [SeatSpec("You", "human"), SeatSpec("Friend", "human"), SeatSpec("C", "ai:rules")]
    session = GameSession("hachihachi", {"rounds": 1}, seats, seed)
    session.to_online([1])
    return session


def test_a_game_with_an_online_seat_opens_its_lobby_and_its_link_works(tmp_path, relay):
    app = make_app(tmp_path, relay_url=f"ws://127.0.0.1:{relay.port}")
    session = _online_session()
    open_party(app, session)
    frames(app, 2)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene), lobby
    host = lobby.host
    page = None
    try:
        link = host.link(1)
        assert link.startswith(f"http://127.0.0.1:{relay.port}/o/") and "#" in link
        said, _colour = lobby.status(1)
        assert said.startswith("Online") and "Waiting" in said
        card = lobby.cards[0]
        assert card.copy is not None and card.copy.label == "Copy link"
        assert host.table_link() is None and host.bind is None  # no phone on the home net
        key = link.split("#", 1)[1]
        assert not any(key in line for line in lobby.lines())  # only the link says the key
        from game.party.files import ClientFiles  # the page's fingerprint, and how to check

        assert any(ClientFiles().fingerprint() in line and "check-page" in line
                   for line in lobby.lines())
        assert lobby.heading() == "Join online"
        assert any("every player has joined" in line for line in lobby.lines())  # not phone
        kept = keep.load(app.paths.autosave, session.seed, session.phones, session.online)
        assert kept is not None and kept.online is not None
        assert kept.online["seats"]["1"]["key"] == key
        page = Page(link).open()
        end = time.monotonic() + WAIT
        while not lobby.start_button.enabled and time.monotonic() < end:
            frames(app, 1)
            time.sleep(0.01)
        assert lobby.start_button.enabled and lobby.status(1)[0] == "Online · Joined ✓"
        old = link
        lobby.new_link(1)
        assert host.link(1) != old and "#" in host.link(1)
        assert not app.errors
    finally:
        if page is not None:
            page.close()
        lobby.back()  # the relay transport leaves
        frames(app, 1)
        app.close()


def test_an_online_game_without_a_relay_is_told_not_started(tmp_path):
    app = make_app(tmp_path)
    open_party(app, _online_session())
    frames(app, 1)
    assert not isinstance(app.stack.top, LobbyScene)
    assert "relay" in " ".join(app.stack.top.lines)
    app.close()


def test_an_unreachable_relay_is_said_in_a_message(tmp_path):
    app = make_app(tmp_path, relay_url=f"ws://127.0.0.1:{_free_port()}")
    open_party(app, _online_session())
    frames(app, 1)
    assert app.stack.top.title == "Cannot reach the relay"
    app.close()


def test_an_install_without_sealing_says_how_to_add_it(tmp_path, monkeypatch):
    """A player's install without the `online` extra (no cryptography): one message that
    names the package and the command, never a traceback; the game stays saved."""
    monkeypatch.setitem(sys.modules, "game.online.transport", None)  # import fails
    app = make_app(tmp_path, relay_url=f"ws://127.0.0.1:{_free_port()}")
    open_party(app, _online_session())
    frames(app, 1)
    assert app.stack.top.title == "Online seats are not installed"
    assert 'pip install "hachihachi[online]"' in " ".join(app.stack.top.lines)
    assert not app.errors
    app.close()


def test_settings_take_a_relay_address_typed(tmp_path):
    app = make_app(tmp_path)
    scene = RelayScene(app)
    app.stack.push(scene)
    frames(app, 1)
    for text in "wss://r.example":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app, 1)
    assert scene.field.text == "wss://r.example"
    scene.field.text = "not a relay"
    scene.save()
    assert app.settings.relay_url == "" and scene.problem  # refused, said
    scene.field.text = "wss://r.example"
    frames(app, 1)  # the buttons again, under the problem now said
    click(app, scene.group.buttons[0].rect.center)
    assert app.settings.relay_url == "wss://r.example" and app.stack.top is not scene
    assert SetupModel.from_last({}, [], online=bool(app.settings.relay_url)).online
    app.close()


def test_an_address_typed_key_by_key_is_kept_whole(tmp_path):
    """As a keyboard types it: a KEYDOWN then a TEXTINPUT for every character, digits too,
    then Enter. The digits once pressed the dialog's buttons ("1" Save, "2" Clear), which
    closed it halfway through the address and sent the rest to the screens below."""
    from game.ui.scenes.settings_menu import SettingsScene

    app = make_app(tmp_path)
    settings = SettingsScene(app, "online")
    app.stack.push(settings)
    scene = RelayScene(app)
    app.stack.push(scene)
    frames(app, 1)
    for ch in "ws://127.0.0.1:18800":
        code = pygame.key.key_code(ch) if ch.isalnum() else pygame.K_UNKNOWN
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=ch,
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        frames(app, 1)
        assert app.stack.top is scene, ch
    key(app, pygame.K_RETURN)
    assert app.settings.relay_url == "ws://127.0.0.1:18800"
    assert app.stack.top is settings
    app.close()


# --- the headless host -----------------------------------------------------------------------
def test_host_with_an_unreachable_relay_says_so_in_one_sentence(tmp_path):
    env = {"HACHIHACHI_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    url = f"ws://127.0.0.1:{_free_port()}"
    done = subprocess.run([sys.executable, "-m", "game", "host", "--bind", "127.0.0.1",
                           "--port", "0", "--relay", url], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: the relay at " + url)
    assert "could not be reached" in lines[0]
    bad = subprocess.run([sys.executable, "-m", "game", "host", "--relay", "relay.example"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--relay must be" in bad.stderr
