"""Records and the command line: round trips, and every kind of bad input rejected clearly."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.engine import record as records
from game.engine.errors import RecordError
from game.simulate import simulate


def _record(**kw) -> records.Record:
    args = {"ruleset": "hachihachi", "options": {}, "seats": 3, "agents": ["random"],
            "seed": 5, "rounds": 2}
    args.update(kw)
    return simulate(args["ruleset"], args["options"], args["seats"], args["agents"],
                    args["seed"], args["rounds"])


def test_simulate_is_deterministic_and_replays():
    a, b = _record(), _record()
    assert a.to_json() == b.to_json()
    rep = records.replay(records.loads(a.dumps()))
    assert rep.complete and rep.state.rounds_played == 2
    assert a.to_json()["format"] == "hanafuda-record/1"


def _bad(data: dict, needle: str) -> None:
    with pytest.raises(RecordError) as info:
        records.replay(records.loads(json.dumps(data)))
    assert needle in str(info.value)


def test_rejects_bad_records():
    good = _record().to_json()
    with pytest.raises(RecordError, match="JSON"):
        records.loads("{not json")
    _bad({**good, "format": "other/2"}, "format")
    _bad({**good, "ruleset": "chess"}, "chess")
    _bad({**good, "options": {"kan": 11}}, "kan")
    _bad({**good, "seats": []}, "seats")
    _bad({**good, "seats": [{}] * 9}, "seats")
    deck = list(good["rounds"][0]["deck"])
    dup = deck[:-1] + [deck[0]]
    _bad({**good, "rounds": [{"deck": dup, "actions": []}]}, "permutation")
    _bad({**good, "rounds": [{"deck": deck[:-1] + ["dragon"], "actions": []}]}, "dragon")


def test_illegal_action_names_round_and_action():
    good = _record().to_json()
    rounds = json.loads(json.dumps(good["rounds"]))
    idx = next(i for i, a in enumerate(rounds[1]["actions"]) if " play " in a)
    seat = rounds[1]["actions"][idx].split()[0]
    rounds[1]["actions"][idx] = f"{seat} play {rounds[1]['deck'][-1]}"  # a pile card
    with pytest.raises(RecordError) as info:
        records.replay(records.from_json({**good, "rounds": rounds}))
    msg = str(info.value)
    assert "round 2" in msg and f"action {idx + 1}" in msg and f"actions[{idx}]" in msg


def test_round_after_game_end_is_rejected():
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], 3)
    data = rec.to_json()
    data["rounds"].append(data["rounds"][0])
    _bad(data, "already ended")


def test_incomplete_round_followed_by_another_is_rejected():
    data = _record().to_json()
    data["rounds"][0]["actions"] = data["rounds"][0]["actions"][:3]
    _bad(data, "stops before its end")


def test_save_in_progress_replays():
    data = _record().to_json()
    data["rounds"][-1]["actions"] = data["rounds"][-1]["actions"][:4]
    rep = records.replay(records.from_json(data))
    assert not rep.complete and len(rep.results) == len([r for r in data["rounds"]]) - 1


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          timeout=60)


def test_cli_simulate_and_replay(tmp_path):
    out = tmp_path / "g.json"
    p = _cli("simulate", "--ruleset", "hachihachi", "--seats", "4", "--agents",
             "random,random,random,random", "--seed", "9", "--rounds", "3", "--out", str(out))
    assert p.returncode == 0, p.stderr
    p = _cli("replay", str(out), "--json")
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    played = [r for r in data["rounds"] if r["ending"] != "misdeal"]
    assert len(played) == 3
    for r in data["rounds"]:
        assert sum(r["net"]) == 0
        assert set(r) == {"ending", "winner", "multiplier", "net", "payments"}
    assert data["totals"] == [sum(r["net"][s] for r in data["rounds"]) for s in range(4)]
    text = _cli("replay", str(out))
    assert text.returncode == 0 and "Totals" in text.stdout


def test_cli_rejects_bad_record_with_status_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2")
    p = _cli("replay", str(bad))
    assert p.returncode == 2 and "Traceback" not in p.stderr and "JSON" in p.stderr
    p = _cli("replay", str(tmp_path / "missing.json"))
    assert p.returncode == 2 and "Traceback" not in p.stderr


def test_cli_rejects_bad_options():
    p = _cli("simulate", "--ruleset", "hachihachi", "--seats", "3", "--agents", "random",
             "--seed", "1", "--options", '{"kan": 11}')
    assert p.returncode == 2 and "kan" in p.stderr and "Traceback" not in p.stderr
    p = _cli("simulate", "--ruleset", "hachihachi", "--seats", "9", "--agents", "random",
             "--seed", "1")
    assert p.returncode == 2 and "seats" in p.stderr
    p = _cli("simulate", "--ruleset", "hachihachi", "--seats", "3", "--agents", "genius",
             "--seed", "1")
    assert p.returncode == 2 and "genius" in p.stderr


def test_simulate_takes_level_names_and_records_ids():
    rec = simulate("hachi", {}, 2, ["Beginner", "casual"], 5, 1)
    assert [s["kind"] for s in rec.seats] == ["ai:casual", "ai:casual"]
    with_ids = simulate("hachi", {}, 2, ["casual"], 5, 1)
    assert rec.to_json() == with_ids.to_json()  # a level plays as its id, draw for draw
