"""Issue 43, item 9: Hachi's points target is capped where a whole match fits in its record
(docs/rules/hachi.md, "Why the points target stops at 500"; the figures come from
benchmarks/hachi_target.py). A new match cannot be set up beyond the cap, by the setup's
saved choices or the command line; a record or saved game of a match to a larger target,
which earlier versions allowed, still replays."""

from __future__ import annotations

import pytest

from game import settings
from game.engine import record as records
from game.engine import rulesets
from game.engine.errors import RulesError
from game.engine.rulesets.hachi import Hachi
from game.i18n import _
from game.simulate import simulate


def target_option():  # noqa: ANN201 - an Option
    return next(o for o in Hachi.OPTIONS if o.name == "target_points")


def test_a_new_match_may_not_go_beyond_the_cap():
    """`python -m game simulate` at the old maximum ran 216 s of CPU without finishing."""
    for too_many in (501, 2000, 10_000):
        with pytest.raises(ValueError, match="at most 500"):  # python -m game simulate
            simulate("hachi", {"match_end": "points", "target_points": too_many}, 2,
                     ["random"], 1, rounds=1)
        with pytest.raises(RulesError, match="at most 500"):  # the setup, the party host
            rulesets.check_new_game("hachi", {"match_end": "points",
                                              "target_points": too_many})
    assert target_option().maximum == 500
    rulesets.check_new_game("hachi", {"match_end": "points", "target_points": 500})


def test_a_saved_setup_beyond_the_cap_is_not_kept_for_a_new_game():
    kept = settings.clean_last_setup({"ruleset": "hachi", "options": {"hachi": {
        "match_end": "points", "target_points": 10_000}}})
    assert kept["options"]["hachi"] == {"match_end": "points"}  # back to the default


def test_a_record_of_a_match_to_an_older_larger_target_still_replays():
    rs = rulesets.get("hachi", match_end="points", target_points=10_000)  # no error
    assert rs.match_goal == ("points", 10_000)
    rec = simulate("hachi", {"match_end": "points", "target_points": 500}, 2, ["random"],
                   2, rounds=3)
    rec.options = dict(rec.options, target_points=10_000)  # as an earlier version wrote it
    rep = records.replay(records.from_json(rec.to_json()))
    assert rep.state.rounds_played == 3
    with pytest.raises(RulesError):  # beyond what any version allowed: still refused
        rulesets.get("hachi", match_end="points", target_points=10_001)


def test_the_options_help_says_the_cap():
    help_text = _(target_option().help)
    assert "500" in help_text and "record" in help_text
