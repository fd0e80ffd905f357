"""Records broken at a game's end (issue 26, item 4): measured against the games before it.

The table counts the finished game (storage.keep_finished) before the result screen opens,
so the queries must leave the game itself (and anything stored after it) out."""

from __future__ import annotations

from pathlib import Path

from game import stats
from game.engine import record as records
from tests.test_stats import finished


def _entry(rec: records.Record) -> stats.GameEntry:
    return stats.entry_from_record(rec)


def _best(entry: stats.GameEntry) -> int:
    return max(r["net"][0] for r in entry.rounds if r["ending"] != "misdeal")


def test_the_first_game_breaks_nothing(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    rec = finished(5)
    assert stats.count_game(db, rec)[0]
    assert stats.game_records_broken(db, rec) == []


def test_the_game_itself_is_left_out_of_what_it_is_measured_against(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    first, second = finished(5), finished(7)
    assert stats.count_game(db, first)[0]
    # measured before it is counted, then after (the table's order): the same answer
    past, _ = stats.read(db, lambda d: d.bests_before(_entry(second).fingerprint,
                                                       "hachihachi"))
    before = stats.records_broken(_entry(second), past)
    assert stats.count_game(db, second)[0]
    after = stats.game_records_broken(db, second)
    assert after == before and after  # seed 7 beats seed 5's best round
    assert past.games == 1 and past.best_round == _best(_entry(first))
    assert past.best_total == _entry(first).totals[0]
    kinds = {b.kind for b in after}
    assert ("best_round" in kinds) == (_best(_entry(second)) > max(0, _best(_entry(first))))
    # a game stored later is not "before" the second one
    assert stats.count_game(db, finished(23))[0]
    assert stats.game_records_broken(db, second) == after


def test_each_kind_of_record() -> None:
    entry = _entry(finished(5))
    seat = entry.player_seat
    assert seat == 0
    entry.winners = [0]
    entry.totals[0] = 90
    entry.yaku = {0: {"goko": 1, "akatan": 2}}
    entry.rounds[0]["net"][0] = 70
    entry.rounds[0]["ending"] = "win"
    past = stats.PastBests(games=3, wins=0, best_total=50, best_round=60,
                           yaku_made=frozenset({"akatan"}), any_games=3)
    got = stats.records_broken(entry, past)
    assert stats.Broken("first_win", 90) in got
    assert stats.Broken("best_total", 90, 50) in got
    assert stats.Broken("first_yaku", "goko") in got
    assert not any(b.kind == "first_yaku" and b.value == "akatan" for b in got)
    assert any(b.kind == "best_round" and b.previous == 60 and b.value >= 70 for b in got)
    # not beaten: nothing
    past = stats.PastBests(games=3, wins=1, best_total=900, best_round=900,
                           yaku_made=frozenset({"akatan", "goko"}), any_games=3)
    assert stats.records_broken(entry, past) == []
    # no earlier game: nothing to break
    assert stats.records_broken(entry, stats.PastBests()) == []


def test_computers_only_hold_no_records(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    assert stats.count_game(db, finished(5))[0]
    rec = finished(11, human=False)
    assert stats.count_game(db, rec)[0]
    assert stats.game_records_broken(db, rec) == []


def test_an_unreadable_database_gives_no_records(tmp_path: Path) -> None:
    folder = tmp_path / "not-a-file"
    folder.mkdir()
    assert stats.game_records_broken(folder, finished(5)) == []
