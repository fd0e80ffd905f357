"""Issue 26, item 6: every problem a record file can have reads as a sentence at the records
screens ("This file is not a game record."), never the engine's field talk ("unsupported
record format 'None'"), which stays in the exception's detail for the log."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

from game import replays, storage
from game.engine import record as records
from game.engine.errors import RecordError
from game.simulate import simulate

P = replays.Problem


def good() -> dict:
    return simulate("hachihachi", {"rounds": 1}, 3, ["random"], 31).to_json()


def write(path: Path, data: object) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def _with(**changes: object) -> dict:
    d = good()
    d.update(changes)
    return d


def _illegal() -> dict:
    d = good()
    d["rounds"][0]["actions"][3] = "0 play crane crane"
    return d


CASES = [
    ("missing", P.MISSING, None),
    ("folder", P.NOT_A_FILE, None),
    ("fifo", P.NOT_A_FILE, None),
    ("huge", P.TOO_LARGE, None),
    ("text", P.NOT_A_RECORD, "hello, this is a letter"),
    ("list", P.NOT_A_RECORD, [1, 2, 3]),
    ("no format", P.NOT_A_RECORD, {"ruleset": "hachihachi"}),
    ("null format", P.NOT_A_RECORD, {"format": None}),
    ("other format", P.NOT_A_RECORD, {"format": "something-else/1"}),
    ("newer", P.NEWER, {"format": "hanafuda-record/2"}),
    ("unknown game", P.UNKNOWN_GAME, "ruleset"),
    ("unknown option", P.UNKNOWN_GAME, "option"),
    ("bad shape", P.DAMAGED, "seats"),
    ("illegal move", P.UNPLAYABLE, "illegal"),
    ("no round", P.EMPTY, "rounds"),
]


def make_case(tmp_path: Path, name: str, content: object) -> Path:
    path = tmp_path / "r.json"
    if name == "missing":
        return path
    if name == "folder":
        path.mkdir()
        return path
    if name == "fifo":
        os.mkfifo(path)
        return path
    if name == "huge":
        with open(path, "wb") as f:
            f.truncate(storage.RECORD_LIMITS.max_bytes + 1)
        return path
    if content == "ruleset":
        return write(path, _with(ruleset="koikoi-deluxe"))
    if content == "option":
        return write(path, _with(options={"rounds": 1, "moon_bonus": True}))
    if content == "seats":
        return write(path, _with(seats="three"))
    if content == "illegal":
        return write(path, _illegal())
    if content == "rounds":
        return write(path, _with(rounds=[]))
    return write(path, content)


@pytest.mark.parametrize("name,problem,content", CASES, ids=[c[0] for c in CASES])
def test_each_problem_reads_as_its_sentence(tmp_path: Path, name: str, problem, content) -> None:
    path = make_case(tmp_path, name, content)
    with pytest.raises(replays.RecordProblem) as caught:
        replays.check_record(path)
    e = caught.value
    assert e.problem is problem, (e.problem, e.detail)
    words = str(e)
    assert words == replays.problem_words(problem) == replays.explain(e)
    assert words[0].isupper() and words.endswith(".")
    assert "'" not in words and "None" not in words and "[" not in words
    assert isinstance(e, RecordError)  # every caller that catches RecordError still does


def test_the_sentences_the_issue_names() -> None:
    assert replays.problem_words(P.NOT_A_RECORD) == "This file is not a game record."
    assert replays.problem_words(P.NEWER).startswith(
        "This record was made by a newer version of the game")
    assert replays.problem_words("no such kind") == "This file is not a game record."


def test_the_engines_detail_stays_for_the_log(tmp_path: Path) -> None:
    path = write(tmp_path / "r.json", {"format": None})
    with pytest.raises(replays.RecordProblem) as caught:
        replays.read_record(path)
    assert "None" in caught.value.detail  # what the engine would have said, for the log
    assert "None" not in str(caught.value)


def test_explain_other_errors() -> None:
    assert replays.explain(RecordError("unsupported record format 'None'")) == \
        replays.problem_words(P.DAMAGED)
    assert replays.explain(OSError(errno.ENOSPC, "No space left")) == "the disk is full"


def test_a_good_record_passes(tmp_path: Path) -> None:
    path = write(tmp_path / "r.json", good())
    rec = replays.check_record(path)
    assert rec.to_json() == records.from_json(good()).to_json()


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_an_unreadable_file(tmp_path: Path) -> None:
    path = write(tmp_path / "r.json", good())
    path.chmod(0)
    with pytest.raises(replays.RecordProblem) as caught:
        replays.check_record(path)
    assert caught.value.problem is P.UNREADABLE


def test_export_as_never_writes_over_a_file_unless_told(tmp_path: Path) -> None:
    src = write(tmp_path / "src.json", good())
    rec = records.from_json(good())
    replays.write_notes(src, {(0, 0): (rec.rounds[0]["actions"][0], "a reason")})
    out = tmp_path / "out"
    out.mkdir()
    (out / "taken.json").write_text("mine")
    (out / "fresh.notes.json").write_text("someone else's notes")
    with pytest.raises(FileExistsError):
        replays.export_record_as(src, out / "taken.json")
    assert (out / "taken.json").read_text() == "mine"
    dest = replays.export_record_as(src, out / "fresh.json")
    assert storage.read_record(dest).to_json() == rec.to_json()
    assert (out / "fresh.notes.json").read_text() == "someone else's notes"
    dest = replays.export_record_as(src, out / "taken.json", replace=True)
    assert storage.read_record(dest).to_json() == rec.to_json()
    assert replays.read_notes(dest)  # a replaced record gets its own notes beside it
    (out / "pipe.json").unlink(missing_ok=True)
    os.mkfifo(out / "pipe.json")
    with pytest.raises(OSError):
        replays.export_record_as(src, out / "pipe.json", replace=True)
    assert sorted(p.name for p in out.iterdir() if p.name.startswith(".")) == []
