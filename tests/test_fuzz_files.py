"""Fuzz: damaged and hostile records, autosaves and settings through the real loading paths.

Each example mutates a valid file (a value swapped for a hostile one anywhere in the
document, or the text itself cut, spliced, nested or padded) and feeds it where the program
reads it: `python -m game replay` (in-process, `cli.main`), the title screen's Continue
check, and the settings loaded at start-up followed by New game. Asserted for every input:
no exception escapes, the title is reached with New game on it (a notice at most once), and
a rejected record exits with 2 and a message.

Then every file the program reads (settings, autosave, records, notes, learn.json, the
statistics database as bytes and as schema, a translation catalog, and a FIFO, a folder or
a device link in any file's place) through the same guarded paths, each input under a
time limit (tests/fuzz.py; `python -m tests.fuzz --inputs 100000` is the long run).

Bounded for CI (about 30 s in all); FUZZ_EXAMPLES=N multiplies the examples for a long run.
"""

from __future__ import annotations

import contextlib
import io
import json
import os

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import cli
from game import settings as settings_mod
from game.simulate import simulate
from tests import fuzz as fuzz_files
from tests.ui.driver import click, frames, key, make_app

SCALE = int(os.environ.get("FUZZ_EXAMPLES", "1"))


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples * SCALE, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


COUNTS = {"record": 0, "autosave": 0, "settings": 0}
OUTCOMES: dict[str, int] = {}

HOSTILE_STRINGS = ["", "self", "name", "human", "robot", "ai:bogus", "ai:random", "hachihachi",
                   "crane", "\u200b", "\ud800", "\x00", "八八", "1 play crane", "１ play crane",
                   "1  play crane", "* deck", "hanafuda-record/1", "W" * 3000, "-1", "NaN"]
HOSTILE_NUMBERS = [0, -1, 1, 2, 3, 7, 12, 120, 121, 10_000, 10_001, 2**63, -(2**63),
                   10**40, 10**41, 1e308, -0.0, 0.5]
KEYS = ["format", "ruleset", "options", "seats", "seed", "first_dealer", "rounds", "deck",
        "actions", "name", "kind", "self", "rounds", "kan", "agari_count", "target_points",
        "volume", "last_setup", "anim_speed", "muted", "hachihachi"]

leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.sampled_from(HOSTILE_NUMBERS),
                   st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                   st.sampled_from(HOSTILE_STRINGS))
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(KEYS), st.text(max_size=6)), inner,
                    max_size=4)), max_leaves=10)


def _paths(doc: object) -> list[tuple]:
    """Every path (a tuple of keys and indices) to a value in the document."""
    out: list[tuple] = [()]
    stack: list[tuple[tuple, object]] = [((), doc)]
    while stack:
        path, node = stack.pop()
        children = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for k, v in children:
            out.append((*path, k))
            stack.append(((*path, k), v))
    return out


def _set(doc: object, path: tuple, value: object, delete: bool) -> object:
    if not path:
        return value
    node = doc
    for k in path[:-1]:
        node = node[k]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


@st.composite
def mutated(draw: st.DrawFn, base: dict) -> str:
    """A file's text: `base` with one to three structural changes, then maybe a text one."""
    doc = json.loads(json.dumps(base))
    # half the time only the small fields (seats, options, seed...) change, so that many
    # inputs stay replayable and go on to the table instead of being rejected at once
    small = draw(st.booleans())
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(doc)
        if small:
            paths = [p for p in paths if p and p[0] not in ("rounds", "format")] or paths
        path = draw(st.sampled_from(paths))
        delete = bool(path) and draw(st.booleans()) and draw(st.booleans())
        doc = _set(doc, path, draw(values), delete)
    text = json.dumps(doc, ensure_ascii=draw(st.booleans()))
    kind = "none" if small else draw(st.sampled_from(["none", "cut", "splice", "nest",
                                                       "digits", "bytes"]))
    if kind == "cut":
        text = text[:draw(st.integers(0, len(text)))]
    elif kind == "splice":
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from(["[", "{", '"', ",", "]", "}", "\\ud800",
                                                 "\\u0000", "1e999", "NaN", "-", "\x00"])) \
            + text[at:]
    elif kind == "nest":
        n = draw(st.sampled_from([20, 1000, 100_000]))
        text = "[" * n + text + "]" * n
    elif kind == "digits":
        text = text.replace("1", "9" * draw(st.sampled_from([50, 5000])), 1)
    elif kind == "bytes":
        text = text + draw(st.sampled_from(["\udcff", "\ufeff"]))
    return text


def _write(path, text: str) -> None:  # noqa: ANN001
    path.write_bytes(text.encode("utf-8", "surrogatepass"))


RECORD = simulate("hachihachi", {"rounds": 2}, 3, ["random"], 21, rounds=1).to_json()
AUTOSAVE = dict(RECORD, rounds=[dict(RECORD["rounds"][0],
                                     actions=RECORD["rounds"][0]["actions"][:9])])
SETTINGS = {"anim_speed": "instant", "ai_pace": "instant", "volume": 0.5, "muted": False,
            "last_setup": {"ruleset": "hachihachi",
                           "options": {"hachihachi": {"rounds": 3}, "hachi": {}},
                           "seats": [{"name": "Ana", "kind": "human"},
                                     {"name": "Ren", "kind": "ai:random"},
                                     {"name": "Yui", "kind": "ai:rules"}]}}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    a = make_app(tmp_path_factory.mktemp("fuzz"))
    yield a
    a.close()
    print(f"\nfuzz inputs tried: {COUNTS}; outcomes: {OUTCOMES}")


def _count(kind: str, outcome: str) -> None:
    COUNTS[kind] += 1
    OUTCOMES[f"{kind}:{outcome}"] = OUTCOMES.get(f"{kind}:{outcome}", 0) + 1


@fuzz(200)
@given(text=mutated(RECORD))
def test_replay_of_any_record_exits_0_or_2_with_a_message(app, text):
    f = app.paths.data_dir / "fuzz-record.json"
    _write(f, text)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["replay", str(f)])
    _count("record", str(code))
    assert code in (0, 2), err.getvalue()
    if code == 2:
        assert "rejected:" in err.getvalue()
    else:
        assert "Totals:" in out.getvalue()


def _title_reached(app) -> str:  # noqa: ANN001
    """Reset to the title as at start-up; dismiss one notice; the title must stay."""
    from game.ui.scenes.title import TitleScene

    app.settings.welcome_seen = True  # the first-run welcome is tested in test_learn
    app.stack.reset(TitleScene(app))
    frames(app, 1)
    outcome = "continue"
    if app.stack.top.name == "message":
        outcome = "notice"
        key(app, pygame.K_RETURN)
    assert app.stack.top.name == "title", "the notice came back"
    labels = [b.label for b in app.stack.top.group.buttons]
    assert "New game" in labels
    if outcome != "notice" and labels[0] != "Continue":
        outcome = "none"
    return outcome


@fuzz(100)
@given(text=mutated(AUTOSAVE))
def test_any_autosave_leaves_the_title_usable(app, text):
    for p in app.paths.data_dir.glob("autosave.json*"):
        p.unlink()
    _write(app.paths.autosave, text)
    outcome = _title_reached(app)
    _count("autosave", outcome)
    assert not app.errors, app.errors
    if outcome == "notice":
        assert not app.paths.autosave.exists(), "a rejected save is set aside"
        assert _title_reached(app) == "none", "and told once"
    elif outcome == "continue":  # the table opens and draws the saved seats
        from game.ui.scenes.table import TableScene

        click(app, app.stack.top.group.buttons[0].rect.center)
        frames(app, 3)
        assert app.stack.find(TableScene) is not None and not app.errors, app.errors


@fuzz(30)
@given(text=mutated(SETTINGS))
def test_any_settings_file_starts_and_reaches_the_setup(app, text):
    path = settings_mod.settings_path(app.paths)
    for p in app.paths.config_dir.glob("settings.json*"):
        p.unlink()
    _write(path, text)
    loaded, msg = settings_mod.load(app.paths)  # what App() does at start-up
    _count("settings", "set aside" if msg else "loaded")
    assert isinstance(loaded.volume, float) and 0.0 <= loaded.volume <= 1.0
    assert loaded.anim_speed in settings_mod.ANIM_SPEEDS
    loaded.anim_speed = loaded.ai_pace = "instant"
    app.settings = loaded
    app.paths.autosave.unlink(missing_ok=True)
    _title_reached(app)
    new_game = next(b for b in app.stack.top.group.buttons if b.label == "New game")
    click(app, new_game.rect.center)
    assert app.stack.top.name == "setup" and not app.errors, app.errors
    setup = app.stack.top
    assert setup.session() is not None, "the remembered setup starts a game"


@pytest.mark.parametrize("kind", sorted(fuzz_files.TARGETS))
def test_every_file_the_program_reads_survives_mutation(kind):
    report = fuzz_files.run(30 * SCALE, seed=sorted(fuzz_files.TARGETS).index(kind) + 100,
                            kinds=[kind], limit=10.0)
    print(f"\n{kind}: {dict(report.outcomes)}")
    assert report.inputs[kind] == 30 * SCALE
    assert not report.failures, report.failures[:3]
