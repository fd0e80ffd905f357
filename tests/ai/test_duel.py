"""The decision duel (ai/duel.py): twins tie exactly, results repeat, a worse agent loses,
and bad arguments are refused with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ai import duel
from ai.master import MasterAgent


def test_an_agent_against_its_twin_agrees_everywhere_and_scores_zero():
    out = duel.run("hachihachi", "rules", "rules", rounds=4, seed=3)
    assert out["positions"] > 0
    assert out["agreed"] == out["positions"] and out["agreement"] == 1.0
    assert out["mean_per_round"] == 0 and out["mean_per_round_ci"] == [0, 0]
    assert out["mean_per_decision"] == 0


def test_the_duel_is_reproducible_and_the_seed_matters():
    a = duel.run("hachihachi", "random", "rules", rounds=3, seed=5, k=1)
    b = duel.run("hachihachi", "random", "rules", rounds=3, seed=5, k=1)
    c = duel.run("hachihachi", "random", "rules", rounds=3, seed=6, k=1)
    a.pop("seconds"), b.pop("seconds"), c.pop("seconds")
    assert a == b
    assert (a["positions"], a["mean_per_round"]) != (c["positions"], c["mean_per_round"])


def test_a_random_player_loses_to_the_rule_based_one():
    out = duel.run("hachihachi", "random", "rules", rounds=8, seed=1, k=1)
    assert out["agreement"] < 0.8
    assert out["mean_per_round"] < 0 and out["mean_per_decision"] < 0


def test_agent_specs_carry_keyword_arguments():
    assert duel.parse_spec("master:playouts=800,w_rollout=1") == (
        "master", {"playouts": 800, "w_rollout": 1})
    m = duel.build("master:playouts=800,w_rollout=0.25", 4)
    assert isinstance(m, MasterAgent) and m.budget == 800 and m.W_ROLLOUT == 0.25
    for bad in ("nobody", "master:playouts", "master:speed=3"):
        with pytest.raises(ValueError):
            duel.parse_spec(bad)


@pytest.mark.parametrize("args", [
    ["--test", "nobody"],
    ["--test", "rules", "--against", "master:playouts"],
    ["--test", "rules", "--rounds", "0"],
    ["--test", "rules", "--k", "0"],
    ["--test", "rules", "--seats", "9"],
    ["--test", "rules", "--options", "[1]"],
])
def test_bad_arguments_give_a_clear_error_and_exit_code_2(args, capsys):
    assert duel.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and len(err.splitlines()) == 1


def test_the_command_line_prints_json():
    proc = subprocess.run([sys.executable, "-m", "ai.duel", "--test", "greedy", "--against",
                           "rules", "--rounds", "2", "--k", "1", "--json"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["rounds"] == 2 and out["test"] == "greedy" and out["positions"] > 0
    assert out["mean_per_round_ci"][0] <= out["mean_per_round"] <= out["mean_per_round_ci"][1]
