"""Fuzz every file the program reads, through the path the program reads it by.

    python -m tests.fuzz --inputs 100000 [--seed 1] [--kinds settings,record] [--limit 5]

Kinds (each a real loading path, see `TARGETS`): the settings (settings.load, as at
start-up), the autosave (storage.start_up then the title's GameSession summary), a record
(`python -m game replay` in-process, then the replay viewer's build_positions), a record's
notes (replays.read_notes, then the viewer), learn.json (progress.load and mark_finished),
the statistics database as bytes and as schema (stats.read of everything the screens and
`stats` show, then count_game), and a translation catalog (i18n.load, then every message
looked up and formatted as the screens do). Inputs are a valid file mutated at random:
values swapped for hostile ones, text cut, spliced, nested or padded, bytes flipped,
SQL damage, catalog lines changed. Each case runs under a time limit (SIGALRM): no input
may hang, raise, or leave a result a screen could not draw.

A failing input is written to --out with its kind and the exception, and counted; the run
goes on. The suite runs a small fixed share (tests/test_fuzz_files.py); this command is the
long run. POSIX only (SIGALRM, FIFOs).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import cli, i18n, po, progress, replays, stats, storage  # noqa: E402
from game import settings as settings_mod  # noqa: E402
from game.simulate import simulate  # noqa: E402
from game.stats import counting  # noqa: E402
from game.text import drawable  # noqa: E402


class Hang(BaseException):
    """A case ran past its time limit (BaseException: no `except Exception` swallows it)."""


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# --- valid files to start from --------------------------------------------------------
def base_record() -> dict:
    rec = simulate("hachihachi", {"rounds": 2}, 3, ["random"], 21, rounds=1,
                   names=["Ana", "Ren", "Yui"])
    rec.seats[0]["kind"] = "human"
    return rec.to_json()


def base_autosave(record: dict) -> dict:
    first = record["rounds"][0]
    return dict(record, rounds=[dict(first, actions=first["actions"][:9])])


BASE_SETTINGS = {"anim_speed": "instant", "ai_pace": "instant", "volume": 0.5, "muted": False,
                 "language": "fr", "ui_scale": 120, "hints": "watch",
                 "last_setup": {"ruleset": "hachihachi",
                                "options": {"hachihachi": {"rounds": 3}, "hachi": {}},
                                "seats": [{"name": "Ana", "kind": "human"},
                                          {"name": "Ren", "kind": "ai:random"},
                                          {"name": "Yui", "kind": "ai:rules"}]}}
BASE_LEARN = {"finished": [1, 2, 5]}


def base_notes(record: dict) -> dict:
    acts = record["rounds"][0]["actions"]
    return {"format": replays.NOTES_FORMAT,
            "notes": [{"round": 0, "action": i, "text": acts[i], "note": f"reason {i}"}
                      for i in range(0, min(len(acts), 12), 2)]}


def base_catalog(entries: int = 80) -> str:
    """The Ukrainian catalog's header and its first `entries` messages (a real catalog,
    small enough to load thousands of times)."""
    text = (ROOT / "game" / "locale" / "uk.po").read_text(encoding="utf-8")
    parsed = po.parse(text)
    plural = [e for e in parsed if e.msgid_plural is not None][:10]
    return po.dump([parsed[0], *parsed[1:entries], *plural])


def base_index(home: Path, record: dict) -> dict:
    """A records index of one record, as the records page writes it."""
    from game import records_index

    folder = home / "index-base" / "records"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "g.json").write_text(json.dumps(record), encoding="utf-8")
    c = records_index.Catalogue(folder, records_index.index_path(folder))
    c.scan()
    c.finish()
    return json.loads(records_index.index_path(folder).read_text(encoding="utf-8"))


def base_stats(folder: Path) -> bytes:
    path = folder / "base.sqlite3"
    for seed in (1, 2, 3):
        rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], seed,
                       names=["Ana", "Ren", "Yui"])
        rec.seats[0]["kind"] = "human"
        stats.record_game(path, rec, record_file=f"g{seed}.json")
    return path.read_bytes()


# --- mutations ---------------------------------------------------------------------------
HOSTILE_STRINGS = ["", "self", "name", "human", "robot", "ai:bogus", "ai:random", "hachihachi",
                   "crane", "\u200b", "\ud800", "\x00", "八八", "1 play crane", "* deck",
                   "hanafuda-record/1", "W" * 3000, "-1", "NaN", "../../etc/passwd", "{name}",
                   "{", "fr", "xx", "instant", "\udcff.json"]
HOSTILE_NUMBERS = [0, -1, 1, 2, 3, 7, 12, 120, 121, 10_000, 2**63, -(2**63), 2**64, 10**40,
                   10**41, 1e308, -0.0, 0.5, 2**31]
KEYS = ["format", "ruleset", "options", "seats", "seed", "first_dealer", "rounds", "deck",
        "actions", "name", "kind", "self", "kan", "volume", "last_setup", "anim_speed",
        "muted", "finished", "notes", "note", "text", "round", "action", "app",
        "undo_count", "played_seconds", "finished_at", "resumed"]


def hostile_value(r: random.Random, depth: int = 0) -> object:
    pick = r.random()
    if pick < 0.3:
        return r.choice(HOSTILE_STRINGS)
    if pick < 0.55:
        return r.choice(HOSTILE_NUMBERS)
    if pick < 0.65:
        return r.choice([None, True, False])
    if pick < 0.75:
        return "".join(chr(r.randrange(0, 0x3000)) for _ in range(r.randrange(0, 12)))
    if depth < 3 and pick < 0.88:
        return [hostile_value(r, depth + 1) for _ in range(r.randrange(0, 4))]
    if depth < 3:
        return {r.choice(KEYS): hostile_value(r, depth + 1) for _ in range(r.randrange(0, 4))}
    return r.randrange(-5, 50)


def _paths(doc: object) -> list[tuple]:
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


def mutate_json(r: random.Random, base: object) -> bytes:
    """`base` with one to three values changed; half the time only small ones (outside a
    record's rounds, no damage to the text), so that many inputs are still accepted and
    reach the code behind the first check."""
    doc = json.loads(json.dumps(base))
    small = r.random() < 0.5
    for _ in range(1 if small else r.randrange(1, 4)):
        paths = _paths(doc)
        if small:
            paths = [p for p in paths if p and p[0] not in ("rounds", "format")] or paths
        path = r.choice(paths)
        if small and r.random() < 0.6:  # a hostile value of the same type: read further
            node = doc
            for k in path[:-1]:
                node = node[k]
            old = node[path[-1]]
            if isinstance(old, str):
                node[path[-1]] = r.choice([v for v in HOSTILE_STRINGS if isinstance(v, str)])
                continue
            if isinstance(old, int) and not isinstance(old, bool):
                node[path[-1]] = r.choice([v for v in HOSTILE_NUMBERS if isinstance(v, int)])
                continue
        if not path:
            doc = hostile_value(r)
            continue
        node = doc
        for k in path[:-1]:
            node = node[k]
        how = r.random()
        if how < 0.2:
            del node[path[-1]]
        elif how < 0.3 and isinstance(node, list):
            node.insert(path[-1], json.loads(json.dumps(node[path[-1]])))
        else:
            node[path[-1]] = hostile_value(r)
    text = json.dumps(doc, ensure_ascii=r.random() < 0.5)
    kind = 0.0 if small else r.random()
    if kind < 0.45:
        pass
    elif kind < 0.55:
        text = text[:r.randrange(0, len(text) + 1)]
    elif kind < 0.7:
        at = r.randrange(0, len(text) + 1)
        text = text[:at] + r.choice(["[", "{", '"', ",", "]", "}", "\\ud800", "\\u0000",
                                     "1e999", "NaN", "-", "\x00", "Infinity"]) + text[at:]
    elif kind < 0.75:
        n = r.choice([20, 1000, 100_000])
        text = "[" * n + text + "]" * n
    elif kind < 0.8:
        text = text.replace("1", "9" * r.choice([50, 5000]), 1)
    raw = text.encode("utf-8", "surrogatepass")
    if kind >= 0.8:
        raw = mutate_bytes(r, raw, small=True)
    return raw


def mutate_bytes(r: random.Random, raw: bytes, small: bool = False) -> bytes:
    data = bytearray(raw)
    for _ in range(r.randrange(1, 4 if small else 8)):
        if not data:
            break
        how = r.random()
        at = r.randrange(0, len(data))
        if how < 0.5:
            for _k in range(r.randrange(1, 8)):
                i = r.randrange(0, len(data))
                data[i] = r.randrange(256) if r.random() < 0.7 else data[i] ^ (1 << r.randrange(8))
        elif how < 0.65:
            n = r.randrange(1, 512)
            data[at:at + n] = bytes([r.choice([0, 0xFF, r.randrange(256)])]) * n
        elif how < 0.75:
            del data[r.randrange(0, len(data)):]
        elif how < 0.85:
            src = r.randrange(0, len(data))
            n = r.randrange(1, 4096)
            data[at:at] = data[src:src + n]
        elif how < 0.92 and len(data) > 100:  # SQLite header fields (page size, counts)
            i = r.choice([16, 17, 18, 19, 20, 21, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64])
            data[i:i + 4] = r.randrange(1 << 32).to_bytes(4, "big")
        else:
            data[at:at] = r.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\x00", b"\xc3",
                                    b"\xed\xa0\x80"])
    return bytes(data)


SQL_VALUES = ["'x'", "NULL", "-1", "9223372036854775807", "1e999", "-1e999", "x'00ff'",
              "'[1, 2'", "'[1e999, 0, 0]'", "'[]'", "'{}'", "'[\"a\"]'", "0.5", "char(0)",
              "'../x.json'", "'/etc/passwd'", "'" + "9" * 400 + "'", "''", "'nobody'"]
COLUMNS = {"games": ["id", "fingerprint", "ruleset", "options", "seed", "first_dealer",
                     "finished_at", "duration_s", "resumed", "record_file", "hints", "undos",
                     "player_seat", "opponents", "winners", "totals"],
           "seats": ["game_id", "seat", "name", "kind", "level"],
           "rounds": ["game_id", "idx", "ending", "winner", "dealer", "multiplier"],
           "round_nets": ["game_id", "idx", "seat", "net"],
           "yaku": ["game_id", "seat", "yaku", "times"],
           "schema_version": ["version"]}


def sql_damage(r: random.Random) -> str:
    table = r.choice(list(COLUMNS))
    col = r.choice(COLUMNS[table])
    how = r.random()
    if how < 0.5:
        where = r.choice(["", " WHERE rowid = 1", " WHERE rowid % 2 = 0"])
        return f"UPDATE {table} SET {col} = {r.choice(SQL_VALUES)}{where}"
    if how < 0.6:
        return f"ALTER TABLE {table} DROP COLUMN {col}"
    if how < 0.65:
        return f"ALTER TABLE {table} ADD COLUMN extra {r.choice(['TEXT', 'INTEGER', ''])}"
    if how < 0.72:
        return (f"DROP TABLE {table}; CREATE VIEW {table} AS WITH RECURSIVE r(x) AS "
                f"(SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT "
                + ", ".join("x" for _ in COLUMNS[table]) + " FROM r")
    if how < 0.78:
        return f"DROP TABLE {table}"
    if how < 0.84:
        return (f"CREATE TRIGGER t{r.randrange(99)} AFTER INSERT ON {table} BEGIN "
                f"DELETE FROM {table}; END")
    if how < 0.9:
        return f"DELETE FROM {table}" + r.choice(["", " WHERE rowid = 1"])
    if how < 0.95:
        return f"INSERT INTO {table} ({col}) VALUES ({r.choice(SQL_VALUES)})"
    return "PRAGMA user_version = 7; CREATE TABLE other (x)"


PO_HEADERS = ["Plural-Forms: nplurals=3 plural=(n%10==1 ? 0 : 1)", "Plural-Forms: nplurals=3;",
              "Plural-Forms: nplurals=2; plural=n/0;", "Plural-Forms: nplurals=2; plural=n%0;",
              "Plural-Forms: nplurals=0; plural=0;", "Plural-Forms: nplurals=1; plural=5;",
              "Plural-Forms: nplurals=3; plural=(n > 1 ? 2 : 1) + 1;",
              "Plural-Forms: nplurals=2; plural=__import__('os');",
              "Plural-Forms: nplurals=99999999999999999999; plural=0;",
              "Plural-Forms: nplurals=2; plural=" + "(" * 500 + "n" + ")" * 500 + ";",
              "Content-Type: text/plain", "Content-Type: text/plain; charset=klingon",
              "Content-Type: text/plain; charset=latin-1", "Content-Type: charset=",
              "Content-Type: text/plain; charset=UTF-16", "Plural-Forms:", "Language: uk"]


def mutate_po(r: random.Random, base: str) -> bytes:
    lines = base.split("\n")
    for _ in range(r.randrange(1, 4)):
        how = r.random()
        i = r.randrange(0, len(lines))
        if how < 0.3:  # the header: a hostile field
            head = "\\n".join([r.choice(PO_HEADERS)] * r.randrange(1, 3)) + "\\n"
            lines[1] = 'msgstr "' + head + '"' if r.random() < 0.5 else \
                lines[1][:-1] + head + '"'
        elif how < 0.55 and lines[i].startswith("msgstr"):
            keyword, _sp, rest = lines[i].partition(" ")
            body = rest[1:-1]
            body = r.choice([body.replace("{", "{x", 1), body.replace("}", "", 1),
                             body + " {name}", body + " {", "{0}" + body, body + " {n:,}",
                             body.replace("{n}", "{N}"), "", body + "\\\\", "%s" + body])
            lines[i] = f'{keyword} "{body}"'
        elif how < 0.65:
            del lines[i]
        elif how < 0.75:
            lines.insert(i, lines[r.randrange(0, len(lines))])
        elif how < 0.85:
            lines[i] = r.choice(['msgstr[7] "x"', 'msgid_plural "y"', "#, fuzzy", '"\\q"',
                                 'msgctxt "c"', "msgid", 'msgstr "', "#~ old"])
        else:
            j = r.randrange(0, len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    raw = "\n".join(lines).encode("utf-8")
    if r.random() < 0.1:
        raw = mutate_bytes(r, raw, small=True)
    return raw


# --- the targets: each the program's own path --------------------------------------------
@dataclass
class Fixtures:
    home: Path
    paths: storage.Paths
    record: dict
    autosave: dict
    notes: dict
    catalog: str
    stats_db: bytes
    catalog_ids: list[po.Entry] = field(default_factory=list)
    index: dict = field(default_factory=dict)


def _reset(folder: Path) -> None:
    for p in folder.iterdir():
        if p.is_dir() and not p.is_symlink():
            shutil.rmtree(p)
        else:
            p.unlink()


def _clean(fx: Fixtures) -> None:
    (fx.home / "locale").mkdir(exist_ok=True)
    for folder in (fx.paths.config_dir, fx.paths.data_dir, fx.home / "locale"):
        _reset(folder)
    fx.paths.ensure()


SPECIAL = (b"<<fifo>>", b"<<folder>>", b"<<device>>")  # a thing that is no file at all


def place(path: Path, data: bytes) -> None:
    """Put the input where the program reads it: the bytes, or (SPECIAL) a FIFO, a
    folder or a link to a device in the file's place."""
    if data == b"<<fifo>>":
        os.mkfifo(path)
    elif data == b"<<folder>>":
        path.mkdir()
    elif data == b"<<device>>":
        path.symlink_to("/dev/zero")
    else:
        path.write_bytes(data)


def _drawable_text(s: str) -> bool:
    return isinstance(s, str) and all(ch == " " or drawable(ch) for ch in s)


def target_settings(fx: Fixtures, data: bytes) -> str:
    path = settings_mod.settings_path(fx.paths)
    place(path, data)
    s, msg = settings_mod.load(fx.paths)
    assert isinstance(s.volume, float) and 0.0 <= s.volume <= 1.0
    assert s.anim_speed in settings_mod.ANIM_SPEEDS and s.ai_pace in settings_mod.AI_PACES
    assert s.language in (*i18n.LANGUAGES, "") and s.term_style in settings_mod.TERM_STYLES
    assert s.ui_scale in (0, *settings_mod.UI_SCALES)
    for seat in s.last_setup.get("seats", []):
        assert _drawable_text(seat["name"]) and seat["name"]
    if msg:
        assert not path.exists(), "a rejected file is set aside"
        return "set aside"
    return "loaded"


def target_autosave(fx: Fixtures, data: bytes) -> str:
    from game.play.session import GameSession

    place(fx.paths.autosave, data)
    rec, told = storage.start_up(fx.paths)
    if rec is not None:
        summary = GameSession.from_record(rec).summary()
        assert isinstance(summary, str)
        return "continue"
    if told and "set aside" in told:
        assert not fx.paths.autosave.exists()
        return "set aside"
    return "recorded" if told else "none"


def target_record(fx: Fixtures, data: bytes) -> str:
    from game.ui.scenes.replay import build_positions

    path = fx.paths.data_dir / "fuzz-record.json"
    place(path, data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["replay", str(path)])
    assert code in (0, 2), err.getvalue()[-300:]
    if code == 2:
        assert "rejected:" in err.getvalue()
        return "rejected"
    rec = storage.read_record(path)
    positions, _lines, _dealt = build_positions(rec, ["A"] * len(rec.seats), {})
    if not positions:
        return "replayed, no round (the viewer says so)"
    assert positions[-1].state is not None
    return "replayed"


def target_notes(fx: Fixtures, data: bytes) -> str:
    from game.ui.scenes.replay import build_positions

    path = fx.paths.records_dir / "g.json"
    if not path.exists():
        path.write_text(json.dumps(fx.record), encoding="utf-8")
    place(replays.notes_path(path), data)
    notes = replays.read_notes(path)
    for (r, a), (act, note) in notes.items():
        assert isinstance(r, int) and isinstance(a, int) and isinstance(act, str)
        assert note and _drawable_text(note) and len(note) <= 300
    rec = storage.read_record(path)
    positions, _lines, _dealt = build_positions(rec, ["A", "B", "C"], notes)
    assert all(_drawable_text(p.note) for p in positions)
    return "notes" if notes else "none"


def target_listed_record(fx: Fixtures, data: bytes) -> str:
    """A record in the records folder, as the Replays & records page lists it: one row of
    drawable words, the file's problem in words when it is not a usable record."""
    from game import records_index
    from game.ui.records_model import RecordsModel

    place(fx.paths.records_dir / "g.json", data)
    c = records_index.Catalogue(fx.paths.records_dir,
                                records_index.index_path(fx.paths.records_dir))
    c.scan()
    c.finish()
    model = RecordsModel()
    model.set(c.all())
    for row in model.rows:
        for words in (row.title, row.players, row.result):
            assert _drawable_text(words), words
    if not model.rows:
        return "not listed (a folder)"
    return "listed" if model.rows[0].ok else f"listed: {model.rows[0].summary.problem}"


def target_records_index(fx: Fixtures, data: bytes) -> str:
    """The records list's index (a cache): a damaged entry is dropped; one that fits its
    file is believed, and still draws as words."""
    from game import records_index
    from game.ui.records_model import row_of

    folder = fx.paths.records_dir
    path = folder / "g.json"
    path.write_text(json.dumps(fx.record), encoding="utf-8")
    when = fx.index["records"][0]["mtime_ns"]
    os.utime(path, ns=(when, when))  # the index's entry fits the file: it is believed
    place(records_index.index_path(folder), data)
    c = records_index.Catalogue(folder, records_index.index_path(folder))
    c.scan()
    believed = not c.pending
    c.finish()
    [s] = c.all()
    row = row_of(s)
    for words in (row.title, row.players, row.result):
        assert _drawable_text(words), words
    return "index used" if believed else "index rebuilt"


def target_learn(fx: Fixtures, data: bytes) -> str:
    path = progress.progress_path(fx.paths)
    place(path, data)
    done = progress.load(fx.paths)
    assert done <= set(progress.TIERS)
    progress.mark_finished(fx.paths, 3)
    assert 3 in progress.load(fx.paths)
    told = progress.take_notice(fx.paths)
    return "set aside" if told else "loaded"


def _read_stats(fx: Fixtures) -> str:
    path = fx.paths.stats_db
    try:
        (figs, hist, line, n), msg = stats.read(path, lambda db: (
            db.summary(), db.history(), db.timeline(), db.count()))
    except stats.StatsError as e:
        assert str(e)
        outcome = f"refused ({str(e)[:70]})"
    else:
        assert isinstance(n, int) and n >= 0
        for f in figs:
            assert _drawable_text(f.ruleset) and _drawable_text(f.opponents)
            assert isinstance(f.games, int) and isinstance(f.wins, int)
            assert f.avg_net is None or isinstance(f.avg_net, float)
            assert f.best_round is None or isinstance(f.best_round, int)
            assert all(_drawable_text(y) and isinstance(t, int) for y, t in f.top_yaku)
            f.as_json()
        for h in hist:
            assert all(_drawable_text(x) for x in h.names)
            assert h.record_file is None or stats.record_name(h.record_file) == h.record_file
            assert h.net is None or isinstance(h.net, int)
        assert all(isinstance(v, int) for v in line)
        outcome = "set aside" if msg else "read"
    rec = simulate("hachihachi", {"rounds": 1}, 3, ["random"], 77)
    counting._told.clear()
    ok, told = stats.count_game(path, rec)
    # nothing here is locked, full or read-only: a game not counted is a finding
    assert ok, f"the game was not counted: {told}"
    return outcome + ", counted"


def target_stats_bytes(fx: Fixtures, data: bytes) -> str:
    place(fx.paths.stats_db, data)
    return _read_stats(fx)


def target_stats_schema(fx: Fixtures, data: bytes) -> str:
    if data in SPECIAL:
        place(fx.paths.stats_db, data)
        return _read_stats(fx)
    fx.paths.stats_db.write_bytes(fx.stats_db)
    c = sqlite3.connect(fx.paths.stats_db)
    try:
        for stmt in data.decode().split("\n"):
            with contextlib.suppress(sqlite3.Error):
                c.executescript(stmt)
    finally:
        c.close()
    return _read_stats(fx)


def target_catalog(fx: Fixtures, data: bytes) -> str:
    folder = fx.home / "locale"
    folder.mkdir(exist_ok=True)
    place(folder / "uk.po", data)
    real = i18n.resource_dir
    i18n.resource_dir = lambda *a, **k: folder  # type: ignore[assignment]
    i18n.catalog_entries.cache_clear()
    try:
        t = i18n.load("uk")
    finally:
        i18n.resource_dir = real  # type: ignore[assignment]
        i18n.catalog_entries.cache_clear()
    for e in fx.catalog_ids:
        values = {name: 1 for name in po.placeholders(e.msgid) or []}
        if e.msgid_plural is not None:
            values |= {name: 1 for name in po.placeholders(e.msgid_plural) or []}
            for n in (0, 1, 2, 5, 11, 21, 101, 1_000_000):
                text = t.npgettext(e.msgctxt, e.msgid, e.msgid_plural, n) if e.msgctxt \
                    else t.ngettext(e.msgid, e.msgid_plural, n)
                text.format(**values)
        else:
            text = t.pgettext(e.msgctxt, e.msgid) if e.msgctxt else t.gettext(e.msgid)
            if po.placeholders(e.msgid) is not None:
                text.format(**values)
    import gettext

    return "english" if type(t) is gettext.NullTranslations else "translated"


@dataclass(frozen=True)
class Target:
    run: Callable[[Fixtures, bytes], str]
    make: Callable[[random.Random, Fixtures], bytes]


TARGETS: dict[str, Target] = {
    "settings": Target(target_settings, lambda r, fx: mutate_json(r, BASE_SETTINGS)),
    "autosave": Target(target_autosave, lambda r, fx: mutate_json(r, fx.autosave)),
    "record": Target(target_record, lambda r, fx: mutate_json(r, fx.record)),
    "notes": Target(target_notes, lambda r, fx: mutate_json(r, fx.notes)),
    "learn": Target(target_learn, lambda r, fx: mutate_json(r, BASE_LEARN)),
    "listed-record": Target(target_listed_record, lambda r, fx: mutate_json(r, fx.record)),
    "records-index": Target(target_records_index, lambda r, fx: mutate_json(r, fx.index)),
    "stats-bytes": Target(target_stats_bytes, lambda r, fx: mutate_bytes(r, fx.stats_db)),
    "stats-schema": Target(target_stats_schema, lambda r, fx: "\n".join(
        sql_damage(r) for _ in range(r.randrange(1, 4))).encode()),
    "catalog": Target(target_catalog, lambda r, fx: mutate_po(r, fx.catalog)),
}


def fixtures(home: Path) -> Fixtures:
    paths = storage.default_paths(home).ensure()
    record = base_record()
    catalog = base_catalog()
    fx = Fixtures(home, paths, record, base_autosave(record), base_notes(record), catalog,
                  base_stats(home))
    fx.catalog_ids = [e for e in po.parse(catalog) if e.msgid]
    fx.index = base_index(home, record)
    return fx


@dataclass
class Report:
    inputs: Counter = field(default_factory=Counter)
    outcomes: Counter = field(default_factory=Counter)
    failures: list[tuple[str, int, str]] = field(default_factory=list)
    slowest: dict[str, float] = field(default_factory=dict)


def run_case(fx: Fixtures, kind: str, data: bytes, limit: float, report: Report,
             out: Path | None = None, index: int = 0) -> None:
    """One input through one target, under the time limit; a failure is recorded."""
    target = TARGETS[kind]
    _clean(fx)
    t0 = time.perf_counter()
    try:
        with time_limit(limit):
            outcome = target.run(fx, data)
        report.outcomes[f"{kind}: {outcome}"] += 1
    except (Exception, Hang) as e:  # noqa: BLE001 - every escape is a finding
        what = f"{type(e).__name__}: {str(e)[:200]}"
        report.failures.append((kind, index, what))
        report.outcomes[f"{kind}: FAILED"] += 1
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{kind}-{index}.bin").write_bytes(data)
            (out / f"{kind}-{index}.txt").write_text(
                what + "\n\n" + traceback.format_exc(), encoding="utf-8")
    report.inputs[kind] += 1
    took = time.perf_counter() - t0
    report.slowest[kind] = max(report.slowest.get(kind, 0.0), took)


def run(inputs: int, seed: int = 1, kinds: list[str] | None = None, limit: float = 5.0,
        out: Path | None = None, progress_every: int = 0) -> Report:
    """`inputs` cases spread evenly over `kinds` (default: every file), from `seed`."""
    kinds = kinds or list(TARGETS)
    import logging

    report = Report()
    r = random.Random(seed)
    logging_off()
    try:
        with tempfile.TemporaryDirectory(prefix="hachihachi-fuzz-", dir=_scratch()) as tmp:
            fx = fixtures(Path(tmp))
            t0 = time.perf_counter()
            for i in range(inputs):
                kind = kinds[i % len(kinds)]
                data = r.choice(SPECIAL) if r.random() < 0.03 else TARGETS[kind].make(r, fx)
                run_case(fx, kind, data, limit, report, out, i)
                if progress_every and (i + 1) % progress_every == 0:
                    print(f"  {i + 1} inputs, {len(report.failures)} failures, "
                          f"{time.perf_counter() - t0:.0f} s", flush=True)
    finally:
        logging.disable(logging.NOTSET)
    return report


def _scratch() -> str | None:
    """A memory file system when there is one: the program fsyncs every write, and a
    disk's fsync would make the run ten times slower without testing anything more."""
    return "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) \
        else None


def logging_off() -> None:
    """The program's warnings (a file set aside...) are expected here by the thousand."""
    import logging

    logging.disable(logging.CRITICAL)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--inputs", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--kinds", default="", help="comma-separated: " + ", ".join(TARGETS))
    ap.add_argument("--limit", type=float, default=5.0, help="seconds per input")
    ap.add_argument("--out", default="fuzz-failures", help="where failing inputs go")
    ap.add_argument("--replay", metavar="FILE", help="run one saved input (KIND-N.bin) again")
    args = ap.parse_args(argv)
    if args.replay:
        kind = Path(args.replay).name.rsplit("-", 1)[0]
        report = Report()
        logging_off()
        with tempfile.TemporaryDirectory(prefix="hachihachi-fuzz-", dir=_scratch()) as tmp:
            run_case(fixtures(Path(tmp)), kind, Path(args.replay).read_bytes(), args.limit,
                     report)
        print(dict(report.outcomes), report.failures)
        return 1 if report.failures else 0
    kinds = [k for k in args.kinds.split(",") if k] or None
    bad = [k for k in kinds or [] if k not in TARGETS]
    if bad:
        print(f"error: unknown kind {bad[0]!r}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    report = run(args.inputs, args.seed, kinds, args.limit, Path(args.out),
                 progress_every=max(1000, args.inputs // 20))
    took = time.perf_counter() - t0
    print(f"fuzz: {sum(report.inputs.values())} inputs in {took:.0f} s "
          f"({sum(report.inputs.values()) / max(took, 1e-9):.0f}/s), seed {args.seed}, "
          f"limit {args.limit} s per input")
    for kind, n in report.inputs.items():
        print(f"  {kind:13s} {n:7d} inputs, slowest {report.slowest[kind]:.2f} s")
    for key, n in sorted(report.outcomes.items()):
        print(f"    {key}: {n}")
    print(f"failures: {len(report.failures)}")
    for kind, i, what in report.failures[:30]:
        print(f"  {kind} #{i}: {what}")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
