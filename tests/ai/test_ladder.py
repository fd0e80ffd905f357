"""The ladder (ai/ladder.py): the shipped table's shape, merging one run into it, the README
copy of it, damaged files, and which entry the seat picker reads for a game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import ai
from ai import ladder


def _entry(game: str = "hachihachi-3", test: str = "rules", against: str = "casual",
           **over: object) -> dict:
    ruleset, options, seats = ladder.GAMES.get(game, ("hachihachi", {}, 3))
    e = {"game": game, "ruleset": ruleset, "options": dict(options), "seats": seats,
         "test": test, "against": against, "deal_sets": 300, "rounds": 300 * seats,
         "mean_points": 12.5, "mean_points_ci": [4.0, 21.0], "win_share": 0.41,
         "win_share_ci": [0.38, 0.44], "seed": 2026,
         "command": ladder.command(game, test, against, 300, 2026), "date": "2026-11-24"}
    e.update(over)
    return e


def _doc(entries: list) -> bytes:
    return json.dumps({"version": ladder.VERSION, "entries": entries}).encode()


# --- the shipped table -------------------------------------------------------------------

def test_the_shipped_table_is_whole_and_each_entry_is_what_its_command_measures():
    entries = ladder.read()
    assert entries is not None, "ai/ladder.json is missing or damaged"
    raw = json.loads(ladder.DEFAULT_PATH.read_text(encoding="utf-8"))["entries"]
    assert len(entries) == len(raw) > 0  # no entry left out as malformed
    keys = [(e["game"], e["test"], e["against"]) for e in entries]
    assert len(set(keys)) == len(keys)
    for e in entries:
        assert (e["ruleset"], e["options"], e["seats"]) == ladder.GAMES[e["game"]]
        assert e["test"] in ai.AGENTS and e["against"] in ai.AGENTS
        assert e["rounds"] == e["deal_sets"] * e["seats"]
        assert e["command"] == ladder.command(e["game"], e["test"], e["against"],
                                              e["deal_sets"], e["seed"])
        lo, hi = e["mean_points_ci"]
        assert lo <= e["mean_points"] <= hi
        wlo, whi = e["win_share_ci"]
        assert wlo <= e["win_share"] <= whi


def test_every_game_of_the_issue_is_addressed_the_way_the_engine_takes_it():
    from game.engine import rulesets

    for key, (name, options, seats) in ladder.GAMES.items():
        rs = rulesets.get(name, **options)
        assert rs.min_seats <= seats <= rs.max_seats, key
    assert ladder.GAMES["curriculum-5"][1] == {"tier": 5}
    assert {k for k, v in ladder.GAMES.items() if v[2] == 2} == {
        "hachihachi-2", "nuki-hachihachi", "hachi", "koikoi"}


def test_pairs_climb_the_levels_from_the_random_baseline():
    ids = [agent for _n, agent, _d in ai.LEVELS]
    pairs = ladder.level_pairs()
    assert pairs[0] == (ids[0], "random")
    assert pairs[1:] == list(zip(ids[1:], ids[:-1], strict=True))
    # the baselines come after the levels, and the seat picker never reads them
    assert ladder.default_pairs() == pairs + [("rules", "greedy_sets"),
                                              ("casual", "greedy_sets")]
    assert ladder.below("rules") == "casual"


def test_the_readme_shows_the_table_the_file_holds():
    text = ladder.README.read_text(encoding="utf-8")
    block = ladder.readme_block(text)
    assert block is not None, "README.md has no ladder markers"
    assert block == "\n" + ladder.markdown(ladder.read() or [])


# --- running and merging -----------------------------------------------------------------

def test_a_run_replaces_only_its_own_entry(tmp_path, capsys):
    out = tmp_path / "ladder.json"
    args = ["--pair", "rules:casual", "--deals", "2", "--out", str(out)]
    assert ladder.main(["--game", "hachi", *args]) == 0
    assert ladder.main(["--game", "sudaoshi", *args]) == 0
    first = {e["game"]: e for e in ladder.read(out)}
    assert set(first) == {"hachi", "sudaoshi"}
    assert first["hachi"]["deal_sets"] == 2 and first["hachi"]["rounds"] == 4
    assert first["hachi"]["command"] == ("python -m ai.ladder --game hachi --pair rules:casual "
                                         "--deals 2 --seed 2026")
    # the same game and pair again, with another seed: only that entry changes
    assert ladder.main(["--game", "hachi", *args, "--seed", "7"]) == 0
    second = {e["game"]: e for e in ladder.read(out)}
    assert set(second) == {"hachi", "sudaoshi"}
    assert second["sudaoshi"] == first["sudaoshi"]
    assert second["hachi"]["seed"] == 7
    # another pair on the same game is a new entry beside it; level names are accepted
    assert ladder.main(["--game", "hachi", "--pair", "Beginner:random", "--deals", "1",
                        "--out", str(out)]) == 0
    pairs = {(e["game"], e["test"], e["against"]) for e in ladder.read(out)}
    assert pairs == {("hachi", "rules", "casual"), ("sudaoshi", "rules", "casual"),
                     ("hachi", "casual", "random")}
    assert not list(tmp_path.glob("*.tmp"))  # written atomically, nothing left behind
    assert "hachi: rules vs casual, 2 deal-sets" in capsys.readouterr().out


def test_the_same_command_measures_the_same_figures(tmp_path):
    a = ladder.measure("hachi", "rules", "casual", 2, 11)
    b = ladder.measure("hachi", "rules", "casual", 2, 11)
    for k in ("mean_points", "mean_points_ci", "win_share", "win_share_ci", "rounds"):
        assert a[k] == b[k]


@pytest.mark.parametrize("argv", [
    ["--pair", "rules"], ["--pair", "rules:nobody"], ["--pair", ":casual"],
    ["--deals", "0"], ["--deals", "many"], ["--jobs", "0"], ["--game", "chess"]])
def test_bad_arguments_stop_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as e:
        ladder.main(argv)
    assert e.value.code == 2
    assert "error" in capsys.readouterr().err


def test_a_damaged_table_is_never_overwritten(tmp_path, capsys):
    out = tmp_path / "ladder.json"
    out.write_bytes(b'{"version": 1, "entries": [')
    assert ladder.main(["--game", "hachi", "--pair", "rules:casual", "--deals", "1",
                        "--out", str(out)]) == 2
    assert "not a ladder table" in capsys.readouterr().err
    assert out.read_bytes() == b'{"version": 1, "entries": ['


def test_write_readme_needs_the_markers_and_rewrites_only_between_them(tmp_path, capsys):
    table = tmp_path / "ladder.json"
    ladder.write(table, [_entry()])
    readme = tmp_path / "README.md"
    readme.write_text("# x\n\nbefore\n")
    assert ladder.main(["--out", str(table), "--write-readme", str(readme)]) == 2
    assert "markers" in capsys.readouterr().err
    readme.write_text(f"before\n{ladder.START}\nold\n{ladder.END}\nafter\n")
    assert ladder.main(["--out", str(table), "--write-readme", str(readme)]) == 0
    text = readme.read_text()
    assert text.startswith(f"before\n{ladder.START}\n") and text.endswith(
        f"{ladder.END}\nafter\n")
    assert "old" not in text and "| Intermediate | Beginner | 300 | +12.50" in text
    assert ladder.main(["--out", str(table), "--readme"]) == 0
    assert capsys.readouterr().out == ladder.markdown([_entry()])


def test_the_markdown_names_each_level_that_does_not_beat_the_one_below():
    good = _entry()
    weak = _entry("hachi", mean_points=-1.0, mean_points_ci=[-3.0, 1.0])
    text = ladder.markdown([weak, good])
    assert text.index("`hachihachi-3`") < text.index("`hachi`)")  # in the games' order
    assert "+12.50 (+4.00 .. +21.00) | 41.0% (38.0 .. 44.0)" in text
    assert ("No measured edge (the interval of mean points is not above 0): Intermediate "
            "over Beginner in Hachi, 2 seats.") in text
    assert f"    {good['command']}" in text
    assert "Every level measured beats" in ladder.markdown([good])
    assert "Not measured yet: Beginner against Random on any game; Intermediate against " \
           "Beginner on `hachihachi-2`, `hachihachi-5`" in text
    everything = [_entry(g, t, a) for g in ladder.GAMES for t, a in ladder.default_pairs()]
    assert "Not measured yet" not in ladder.markdown(everything)


# --- damaged files -----------------------------------------------------------------------

@pytest.mark.parametrize("data", [
    b"", b"\xff\xfe", b'{"version": 1, "entries": [', b"[]", b'{"entries": []}',
    b'{"version": 2, "entries": []}', b'{"version": 1, "entries": {}}',
    b"[" * 100_000 + b"]" * 100_000, b'{"version": 1, "entries": [' + b"[" * 50_000,
    b" " * (ladder.MAX_BYTES + 1), b'{"version": 1, "entries": [], "x": NaN}'])
def test_a_damaged_file_is_no_table(data):
    assert ladder.parse(data) is None


def test_an_entry_of_the_wrong_shape_costs_only_its_own_line():
    bad = [_entry(win_share="41%"), _entry(seats=True), _entry(mean_points_ci=[5, 1]),
           _entry(options=[]), _entry(command=None), _entry(win_share=1.5), "entry",
           {k: v for k, v in _entry().items() if k != "date"}]
    good = _entry("hachi")
    assert ladder.parse(_doc([*bad, good])) == [good]
    assert ladder.strength_line("rules", "hachihachi", 3, {}, ladder.parse(_doc(bad))) is None


def test_a_missing_or_huge_file_reads_as_none(tmp_path):
    assert ladder.read(tmp_path / "none.json") is None
    big = tmp_path / "big.json"
    big.write_bytes(_doc([_entry()])[:-2] + b" " * ladder.MAX_BYTES + b"]}")
    assert ladder.read(big) is None
    assert ladder.read(tmp_path) is None  # a folder


# --- the picker's line -------------------------------------------------------------------

ENTRIES = [
    _entry("hachihachi-3", win_share=0.41),
    _entry("hachihachi-5", win_share=0.27),
    _entry("hachi", win_share=0.55, mean_points_ci=[-2.0, 3.0]),
    _entry("curriculum-1", win_share=0.38),
    _entry("curriculum-5", win_share=0.45),
    _entry("hachihachi-3", "expectimax", "rules", win_share=0.48),
]


def _line(agent: str, ruleset: str, seats: int, options: dict | None = None):  # noqa: ANN202
    return ladder.strength_line(agent, ruleset, seats, options or {}, ENTRIES)


def test_the_line_comes_from_the_same_game_and_seats():
    s = _line("rules", "hachihachi", 3)
    assert (s.template, s.share, s.even, s.level) == (ladder.BEATS, 41, 33, "Beginner")
    assert s.template.format(share=s.share, level=s.level, even=s.even, mon=s.mon) == (
        "Scores 13 mon a round more than Beginner and wins 41% of rounds (an even share is "
        "33%).")
    assert _line("rules", "hachihachi", 5).share == 27
    assert _line("rules", "hachihachi", 5).even == 20
    assert _line("rules", "hachihachi", 4).entry["seats"] in (3, 5)  # the nearest count
    assert _line("rules", "hachihachi", 7).share == 27


def test_the_line_follows_the_curriculum_tier():
    assert _line("rules", "curriculum", 3, {"tier": 5}).share == 45
    assert _line("rules", "curriculum", 3, {"tier": 1}).share == 38
    assert _line("rules", "curriculum", 3, {"tier": 5, "rounds": 3}).share == 45
    assert _line("rules", "curriculum", 3, {"tier": 9}).share == 45  # the nearest tier
    assert _line("rules", "curriculum", 3, {"tier": 2}).share == 38


def test_the_line_leads_with_the_points_even_when_rounds_won_are_even():
    entries = [_entry("hachi", "rules", "casual", mean_points=0.3,
                      mean_points_ci=[0.1, 0.5], win_share=0.5)]
    s = ladder.strength_line("rules", "hachi", 2, {}, entries)
    assert (s.template, s.mon, s.share, s.even) == (ladder.BEATS, 1, 50, 50)  # at least 1


def test_without_an_edge_the_line_says_so():
    s = _line("rules", "hachi", 2)
    assert (s.template, s.share, s.even) == (ladder.NO_EDGE, 55, 50)


def test_an_unmeasured_game_takes_the_three_seat_hachihachi_entry():
    s = _line("rules", "sudaoshi", 3)
    assert s.entry["game"] == "hachihachi-3" and s.share == 41


def test_a_level_gets_a_line_only_against_the_level_below():
    assert _line("expectimax", "hachihachi", 3).level == "Intermediate"
    assert _line("casual", "hachihachi", 3) is None  # the bottom was not measured vs random
    assert _line("random", "hachihachi", 3) is None  # no level
    entries = [*ENTRIES, _entry(test="casual", against="random", win_share=0.36)]
    s = ladder.strength_line("casual", "hachihachi", 3, {}, entries)
    assert (s.level, s.share) == ("Random", 36)
    assert ladder.strength_line("rules", "hachihachi", 3, {}, []) is None


def test_reading_the_table_loads_no_pygame():
    code = ("import sys, ai.ladder; ai.ladder.strength_line('rules', 'hachi', 2); "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
