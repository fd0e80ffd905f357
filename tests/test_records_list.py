"""Issue 26, item 6: the records list's model without a window (game/records_index.py and
game/ui/records_model.py): the words of a row, the orders, the filters, damaged files, and
the index that keeps a large folder fast."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import records_index as ri
from game import replays, storage
from game.engine import record as records
from game.engine.state import OVER
from game.simulate import simulate
from game.ui.records_model import Order, RecordsModel, placing, result_words, row_of

ROOT = Path(__file__).resolve().parents[1]


def make(folder: Path, name: str, ruleset: str = "hachihachi", names=("You", "Ren", "Yui"),
         kinds=("human", "ai:casual", "ai:expectimax"), when="2026-11-20T20:05:00+00:00",
         seed: int = 7, rounds: int = 1) -> records.Record:
    rec = simulate(ruleset, {"rounds": rounds}, len(names), ["random"], seed, names=list(names))
    for s, k in zip(rec.seats, kinds, strict=True):
        s["kind"] = k
    rec.app = {"finished_at": when}
    storage.write_record(folder / name, rec)
    return rec


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "data" / "records"
    d.mkdir(parents=True)
    return d


def catalogue(folder: Path) -> ri.Catalogue:
    c = ri.Catalogue(folder, ri.index_path(folder))
    c.scan()
    c.finish()
    return c


def test_a_row_names_game_date_rounds_players_levels_and_result(folder: Path) -> None:
    rec = make(folder, "20261120-200500-hachihachi.json")
    st = records.replay(rec).state
    assert st.phase == OVER
    [s] = catalogue(folder).all()
    row = row_of(s)
    assert row.title.startswith("Hachi-Hachi · ")
    assert f"· {len(st.results)} round" in row.title
    assert ".json" not in row.title + row.players + row.result  # words, not file names
    assert row.players == "You (Human) · Ren (Beginner) · Yui (Expert)"
    me = st.totals[0]
    winners = st.rs.game_winners(st)
    if 0 in winners:
        assert row.result.startswith("Won") or row.result.startswith("Shared win")
    else:
        better = sum(t > me for t in st.totals)
        assert row.result.startswith(f"Place {max(2, 1 + better)} of 3")
    assert row.result.endswith(str(abs(me)))  # the engine's total, as the table writes it


def test_without_a_human_the_winner_is_named(folder: Path) -> None:
    make(folder, "a.json", kinds=("ai:rules", "ai:casual", "ai:master"))
    [s] = catalogue(folder).all()
    st = records.replay(storage.read_record(folder / "a.json")).state
    names = ["You", "Ren", "Yui"]
    assert result_words(s).startswith("Winner")
    for w in st.rs.game_winners(st):
        assert names[w] in result_words(s)
    assert "Master" in row_of(s).players


def test_placing_follows_the_engines_winners_and_totals() -> None:
    s = ri.Summary("x.json", 1, 1, None, "hachihachi",
                   tuple(ri.SeatFacts(n, "human" if n == "A" else "ai:rules") for n in "ABC"),
                   "", 2, True, (10, 30, -40), (1,))
    assert placing(s, 0) == 2 and placing(s, 1) == 1 and placing(s, 2) == 3
    assert result_words(s).startswith("Place 2 of 3")
    unfinished = ri.Summary("x.json", 1, 1, None, "hachihachi", s.seats, "", 1, False,
                            (10, 30, -40), ())
    assert result_words(unfinished).startswith("Unfinished")


def test_orders_and_filters(folder: Path) -> None:
    make(folder, "1.json", "sudaoshi", ("Mia", "Ken", "Aoi"), when="2026-11-22T10:00:00+00:00")
    make(folder, "2.json", "hachihachi", ("You", "Ren", "Yui"), when="2026-11-23T10:00:00+00:00")
    make(folder, "3.json", "hachi", ("Hana", "Taro"), ("human", "ai:rules"),
         when="2026-11-21T10:00:00+00:00")
    (folder / "broken.json").write_text("{ nope")
    model = RecordsModel()
    model.set(catalogue(folder).all())
    files = [r.summary.file for r in model.rows]
    assert files == ["2.json", "1.json", "3.json", "broken.json"]  # newest first, bad last
    model.next_order()
    assert model.order is Order.GAME
    assert [r.summary.ruleset for r in model.rows[:3]] == ["hachi", "hachihachi", "sudaoshi"]
    model.next_order()
    assert model.order is Order.RESULT
    values = [r.summary.totals[r.summary.viewer] for r in model.rows[:3]]
    assert values == sorted(values, reverse=True)
    assert model.rows[-1].summary.file == "broken.json"
    model.next_game()
    assert model.game == "hachi" and [r.summary.file for r in model.rows] == ["3.json"]
    assert model.game_filter_words() == "Game: Hachi"
    model.next_game(-1)
    assert model.game is None
    model.set_search("ren")
    assert [r.summary.file for r in model.rows] == ["2.json"]
    assert model.count_words() == "1 of 4 records"
    model.set_search("nobody")
    assert model.rows == []


@pytest.mark.parametrize("text,problem", [
    ("{ not json", replays.Problem.NOT_A_RECORD),
    ("[1, 2]", replays.Problem.NOT_A_RECORD),
    ('{"format": null}', replays.Problem.NOT_A_RECORD),
    ('{"format": "hanafuda-record/9"}', replays.Problem.NEWER),
    (b"\xff\xfe\x00garbage", replays.Problem.NOT_A_RECORD),
])
def test_a_damaged_file_is_one_line_of_words_and_hides_nothing(folder: Path, text,
                                                                problem) -> None:
    make(folder, "good.json")
    bad = folder / "bad.json"
    if isinstance(text, bytes):
        bad.write_bytes(text)
    else:
        bad.write_text(text)
    model = RecordsModel()
    model.set(catalogue(folder).all())
    assert [r.ok for r in model.rows] == [True, False]
    row = model.rows[1]
    assert row.summary.problem == problem
    assert row.players == replays.problem_words(problem) and row.title == "bad.json"
    assert "None" not in row.players and "'" not in row.players


def test_a_fifo_or_a_folder_named_like_a_record(folder: Path) -> None:
    make(folder, "good.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "dir.json").mkdir()
    (folder / "loop.json").symlink_to(folder / "loop.json")
    rows = {s.file: s for s in catalogue(folder).all()}
    assert rows["good.json"].ok
    assert rows["pipe.json"].problem == replays.Problem.NOT_A_FILE
    assert "dir.json" not in rows and "loop.json" not in rows


def test_the_index_is_used_and_checked_by_size_and_time(folder: Path, monkeypatch) -> None:
    make(folder, "a.json")
    make(folder, "b.json", seed=8)
    catalogue(folder)
    index = ri.index_path(folder)
    assert index.exists() and index.parent != folder  # beside the folder, not in it
    calls: list[str] = []
    real = ri.summarise

    def counting(path, size, mtime):  # noqa: ANN001, ANN202
        calls.append(path.name)
        return real(path, size, mtime)

    monkeypatch.setattr(ri, "summarise", counting)
    c = catalogue(folder)
    assert calls == [] and len(c.all()) == 2  # everything from the index
    rec = make(folder, "b.json", seed=9)  # a changed file is read again
    os.utime(folder / "b.json", ns=(1, 1))
    c = catalogue(folder)
    assert calls == ["b.json"]
    b = next(s for s in c.all() if s.file == "b.json")
    assert b.totals == tuple(records.replay(rec).state.totals)
    (folder / "a.json").unlink()
    c = catalogue(folder)
    assert [s.file for s in c.all()] == ["b.json"]
    assert [r["file"] for r in json.loads(index.read_text())["records"]] == ["b.json"]


@pytest.mark.parametrize("damage", [
    "{ broken", "[]", '{"format": "hanafuda-records-index/1", "records": [1, {"file": 3}]}',
    "x" * 100, '{"format": "hanafuda-records-index/1", "records": [{"file": "a.json", '
    '"size": -1, "mtime_ns": 0, "problem": "bogus", "ruleset": "", "seats": [], '
    '"finished_at": "", "rounds": 0, "finished": false, "totals": [], "winners": [5]}]}'])
def test_a_broken_index_is_ignored_and_rebuilt(folder: Path, damage: str) -> None:
    make(folder, "a.json")
    ri.index_path(folder).write_text(damage)
    c = catalogue(folder)
    [s] = c.all()
    assert s.ok and s.file == "a.json"
    assert ri.read_index(ri.index_path(folder))["a.json"] == s  # written whole again


def test_an_index_entry_that_lies_about_a_winner_is_dropped(folder: Path) -> None:
    make(folder, "a.json")
    c = catalogue(folder)
    data = json.loads(ri.index_path(folder).read_text())
    data["records"][0]["winners"] = [9]  # no such seat
    ri.index_path(folder).write_text(json.dumps(data))
    assert ri.read_index(ri.index_path(folder)) == {}
    assert catalogue(folder).all() == c.all()


def test_a_large_folder_is_read_a_few_files_at_a_time(folder: Path) -> None:
    for i in range(5):
        make(folder, f"{i}.json", seed=i)
    c = ri.Catalogue(folder, ri.index_path(folder))
    c.scan()
    assert len(c.pending) == 5 and not c.done
    assert c.work(0.0) == 1  # at least one per call, never all at once
    assert len(c.pending) == 4
    c.finish()
    assert c.done and len(c.all()) == 5


def test_the_model_and_index_need_no_pygame() -> None:
    code = ("import sys, game.records_index, game.ui.records_model, game.ui.file_browser; "
            "assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
