"""`python -m game host` as a player runs it (issue 42, items 2, 11, 14, 15): it keeps its own
saved game and never touches the window's, says where the record went, listens only on a
home network's address (never every interface), and writes its links readable by the
player alone from the first byte."""

from __future__ import annotations

import json
import os
import re
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from game import files
from game.party import keep, net

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")
ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path) -> dict[str, str]:
    env = dict(os.environ, HACHIHACHI_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    return env


def _host(home: Path, *args: str, python: tuple[str, ...] = ()) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *python, "-m", "game", "host", "--bind",
                             "127.0.0.1", "--port", "0", *args], cwd=ROOT, env=_env(home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _link(proc: subprocess.Popen, said: list[str] | None = None) -> tuple[str, str]:
    """(origin, token) of the first phone link the host prints (the lines before it and
    itself go to `said`)."""
    for _ in range(40):
        line = proc.stdout.readline()  # type: ignore[union-attr]
        if said is not None:
            said.append(line)
        m = re.search(r"(http://[^/\s]+)/j/([\w-]+)", line)
        if m:
            return m.group(1), m.group(2)
    raise AssertionError("the host printed no link")


def _play(origin: str, token: str, timeout: float = 120.0) -> str:
    """Play the seat with its last legal action until the game ends; the last kind seen."""
    last = ""
    end = time.monotonic() + timeout
    with connect(origin.replace("http", "ws") + "/ws", origin=origin, open_timeout=5) as ws:
        ws.send(json.dumps({"t": "hello", "token": token, "lang": "en"}))
        while time.monotonic() < end:
            try:
                m = json.loads(ws.recv(timeout=1))
            except TimeoutError:
                continue
            except ConnectionClosed:
                return last
            last = m["t"]
            if m["t"] == "view" and m["legal"]:
                ws.send(json.dumps({"t": "act", "a": m["legal"][-1]["a"], "n": m["n"]}))
    return last


def test_the_headless_host_keeps_its_own_save_and_says_where_the_record_went(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    window_game = data / "autosave.json"
    window_game.write_text('{"the window": "its own game"}')
    before = window_game.read_bytes(), window_game.stat().st_mtime_ns
    proc = _host(tmp_path, "--seats", "3", "--phones", "1", "--seed", "5", "--options",
                 '{"rounds": 1}', python=("-X", "importtime"))  # every module it loads
    try:
        origin, token = _link(proc)
        assert (data / "host-autosave.json").exists()  # saved from the first moment
        assert _play(origin, token) == "over"  # the page's last word: the game's end
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    # issue 44: a whole game hosted without the window never loads pygame (nor the window)
    loaded = {line.rsplit("|", 1)[-1].strip() for line in err.splitlines()
              if line.startswith("import time:")}
    assert "game.party.host" in loaded and "game.play.session" in loaded
    assert not {m for m in loaded if m.split(".")[0] == "pygame" or m.startswith("game.ui")}
    m = re.search(r"Record: (.+\.json)", out)
    assert m, out
    assert Path(m.group(1)).exists()
    assert (window_game.read_bytes(), window_game.stat().st_mtime_ns) == before
    assert not (data / "host-autosave.json").exists()  # the finished game is a record now


def test_a_saved_hosted_game_is_never_replaced_without_being_asked(tmp_path):
    proc = _host(tmp_path, "--seats", "3", "--phones", "1", "--seed", "8")
    try:
        _link(proc)
        time.sleep(0.5)
        proc.terminate()  # SIGTERM: saved
        out, _err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    saved = tmp_path / "data" / "host-autosave.json"
    assert "saved in" in out and saved.exists()
    kept = saved.read_bytes()
    again = _host(tmp_path, "--seats", "3", "--phones", "1")
    out, err = again.communicate(timeout=30)
    assert again.returncode == 2 and "--resume" in err and "--new" in err
    assert saved.read_bytes() == kept
    resumed = _host(tmp_path, "--resume")
    said: list[str] = []
    try:
        _link(resumed, said)
        resumed.terminate()
        resumed.communicate(timeout=30)
    finally:
        resumed.kill()
    assert "seed 8" in "".join(said)  # the same game goes on


def test_every_interface_at_once_is_refused(tmp_path):
    for addr in ("0.0.0.0", "::"):
        proc = subprocess.run([sys.executable, "-m", "game", "host", "--bind", addr],
                              cwd=ROOT, env=_env(tmp_path), capture_output=True, text=True,
                              timeout=60)
        assert proc.returncode == 2
        assert "every network" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "data" / "host-autosave.json").exists()


@pytest.mark.parametrize(("address", "home"), [
    ("192.168.1.20", True), ("10.1.2.3", True), ("172.16.0.5", True), ("172.31.255.1", True),
    ("fd12:3456::1", True), ("fc00::1", True),
    ("192.0.2.2", False),  # documentation (TEST-NET-1)
    ("198.51.100.7", False), ("203.0.113.9", False),  # documentation
    ("198.18.0.1", False),  # benchmarking
    ("100.64.0.1", False),  # a carrier's shared range
    ("240.0.0.1", False),  # reserved
    ("169.254.1.1", False), ("127.0.0.1", False), ("8.8.8.8", False), ("172.32.0.1", False),
    ("2001:db8::1", False), ("fe80::1", False), ("not an address", False)])
def test_only_a_home_network_address_is_picked(address, home):
    assert net.is_home_network(address) is home


def test_auto_falls_back_to_this_computer_when_no_home_address_is_held(monkeypatch):
    monkeypatch.setattr(net, "route_address", lambda *_a: "192.0.2.2")  # documentation
    assert net.choices() == [net.LOOPBACK]
    monkeypatch.setattr(net, "route_address", lambda *_a: "192.168.77.77")
    monkeypatch.setattr(net, "holds", lambda a: False)  # routed, but not on an interface
    assert net.choices() == [net.LOOPBACK]
    monkeypatch.setattr(net, "holds", lambda a: True)
    assert net.choices()[0] == "192.168.77.77"
    assert net.check_bind("auto") == "192.168.77.77"
    with pytest.raises(net.BadBind):
        net.check_bind("0.0.0.0")
    assert net.check_bind("127.0.0.1") == "127.0.0.1"


def test_holds_means_an_address_of_this_computer():
    assert net.holds("127.0.0.1")
    assert not net.holds("192.0.2.254") or socket.gethostname() == ""


def test_the_links_file_is_private_from_its_first_byte(tmp_path, monkeypatch):
    seen: list[int] = []
    real = files._write_all

    def spy(fd: int, data: bytes) -> None:
        seen.append(stat.S_IMODE(os.fstat(fd).st_mode))
        real(fd, data)

    monkeypatch.setattr(files, "_write_all", spy)
    old = os.umask(0o022)
    try:
        auto = tmp_path / "autosave.json"
        keep.save(auto, 7, {"bind": "127.0.0.1", "port": 4567, "table": "T" * 22,
                            "tokens": {"0": "a" * 22}})
        keep.path_for(auto).chmod(0o644)  # a file made readable since: written private again
        keep.save(auto, 7, {"bind": "127.0.0.1", "port": 4567, "table": "T" * 22,
                            "tokens": {"0": "b" * 22}})
    finally:
        os.umask(old)
    assert seen == [0o600, 0o600]
    assert stat.S_IMODE(keep.path_for(auto).stat().st_mode) == 0o600
