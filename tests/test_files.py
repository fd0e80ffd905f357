"""game.files: bounded reads, atomic durable writes, set-aside, start-up clean-up (issue 12)."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest

from game import files, storage
from game.engine.errors import RecordError

SMALL = files.Limits(max_bytes=10_000, max_depth=4, max_int_digits=10, max_str_len=50,
                     max_items=100)


@pytest.mark.parametrize("text, words", [
    ("[" * 5 + "]" * 5, "nested"),
    ("[" * 100_000 + "]" * 100_000, "larger"),
    ("[" * 3000 + "]" * 3000, "nested"),
    ('{"a": ' + "9" * 11 + "}", "digits"),
    ('{"a": -' + "9" * 11 + "}", "digits"),
    ('{"a": 1e999}', "out of range"),
    ('{"a": NaN}', "NaN"),
    ('{"a": -Infinity}', "Infinity"),
    ('"' + "x" * 51 + '"', "longer"),
    ("[" + ",".join(["1"] * 200) + "]", "values"),
    ("{not json", "not valid JSON"),
])
def test_parse_json_rejects_what_breaks_a_limit(text, words):
    with pytest.raises(files.FileRejected, match=words):
        files.parse_json(text, SMALL)


def test_parse_json_takes_what_is_within_limits():
    assert files.parse_json('{"a": [1, -2, 3.5, "x", null, true]}', SMALL) == {
        "a": [1, -2, 3.5, "x", None, True]}


def _count_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bytes of every read from a file the readers open from now on (they read through
    `os.fdopen`, game/files.py)."""
    sizes: list[int] = []
    real = os.fdopen

    class Counted:
        def __init__(self, f) -> None:  # noqa: ANN001
            self.f = f

        def __enter__(self) -> Counted:
            return self

        def __exit__(self, *exc: object) -> None:
            self.f.close()

        def fileno(self) -> int:
            return self.f.fileno()

        def read(self, n: int = -1) -> bytes:
            data = self.f.read(n)
            sizes.append(len(data))
            return data

    monkeypatch.setattr(os, "fdopen", lambda fd, *a, **k: Counted(real(fd, *a, **k)))
    return sizes


def test_read_json_checks_the_size_before_reading(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(2_000_000_000)  # sparse: 2 GB that cost nothing to make
    read = _count_reads(monkeypatch)
    with pytest.raises(files.FileRejected, match="larger"):
        files.read_json(big, SMALL)
    assert read == []  # refused from its size alone: not a byte read (work, not seconds)


def test_read_json_names_each_kind_of_bad_file(tmp_path):
    p = tmp_path / "f.json"
    with pytest.raises(FileNotFoundError):
        files.read_json(p, SMALL)
    p.write_bytes(b"\xff\xfe{}")
    with pytest.raises(files.FileRejected, match="UTF-8"):
        files.read_json(p, SMALL)
    p.write_bytes(b'\xef\xbb\xbf{"a": 1}')  # a byte-order mark is fine
    assert files.read_json(p, SMALL) == {"a": 1}
    (tmp_path / "d.json").mkdir()
    with pytest.raises(files.FileRejected, match="a folder"):
        files.read_json(tmp_path / "d.json", SMALL)


def test_a_record_too_large_is_rejected_before_it_is_read(tmp_path, monkeypatch):
    f = tmp_path / "huge.json"
    with open(f, "wb") as out:
        out.truncate(storage.RECORD_LIMITS.max_bytes + 1)
    read = _count_reads(monkeypatch)
    with pytest.raises(RecordError, match="larger"):
        storage.read_record(f)
    assert read == []


def test_atomic_write_syncs_before_the_rename(tmp_path, monkeypatch):
    order: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: order.append("fsync") or real_fsync(fd))
    monkeypatch.setattr(os, "replace",
                        lambda a, b: order.append("replace") or real_replace(a, b))
    target = tmp_path / "f.json"
    files.atomic_write_text(target, "new")
    assert target.read_text() == "new"
    assert order.index("fsync") < order.index("replace")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    target = tmp_path / "f.json"
    files.atomic_write_text(target, "old")

    def no_space(fd, data):  # noqa: ANN001
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", no_space)
    with pytest.raises(OSError) as info:
        files.atomic_write_text(target, "new" * 1000)
    assert files.describe_os_error(info.value) == "the disk is full"
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_set_aside_never_overwrites_an_earlier_one(tmp_path):
    kept = []
    for text in ("first", "second", "third"):  # all within the same second
        p = tmp_path / "autosave.json"
        p.write_text(text)
        kept.append(files.set_aside(p))
    assert len({k.name for k in kept}) == 3
    assert sorted(k.read_text() for k in kept) == ["first", "second", "third"]
    assert not (tmp_path / "autosave.json").exists()


def test_start_up_removes_temporaries_a_killed_writer_left(tmp_path):
    paths = storage.default_paths(tmp_path).ensure()
    old = [paths.data_dir / ".autosave.json.abc123.tmp", paths.config_dir / ".settings.json.x.tmp",
           paths.data_dir / "autosave.jsonq1w2e3.tmp"]  # the name the old writer used
    fresh = paths.records_dir / ".r.json.zz.tmp"  # another copy of the game, writing now
    for p in (*old, fresh):
        p.write_text("partial")
    for p in old:
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    keep = paths.data_dir / "notes.txt"
    keep.write_text("mine")
    assert paths.clean_up() == 3
    assert not any(p.exists() for p in old) and fresh.exists() and keep.exists()


def test_the_program_start_cleans_up(tmp_path, monkeypatch):
    from game import app

    monkeypatch.setenv(storage.HOME_ENV, str(tmp_path))
    paths = storage.default_paths().ensure()
    leftover = paths.data_dir / ".autosave.json.k1ll3d.tmp"
    leftover.write_text("{")
    os.utime(leftover, (time.time() - 3600, time.time() - 3600))
    monkeypatch.setattr(app, "App", _NoWindow)
    assert app.run(probe=True) == 1  # stops where the window would open
    assert not leftover.exists()


class _NoWindow:
    def __init__(self, *a: object, **k: object) -> None:
        raise RuntimeError("no window in this test")


def test_unique_path_counts_up(tmp_path):
    a = files.unique_path(tmp_path, "20260101-x", ".json")
    a.write_text("1")
    b = files.unique_path(tmp_path, "20260101-x", ".json")
    assert a.name == "20260101-x.json" and b.name == "20260101-x-2.json"


def test_every_user_file_is_read_and_written_here():
    """One writer and one reader: no module but game/files.py renames or temp-writes."""
    root = Path(__file__).resolve().parents[1] / "game"
    offenders = []
    for py in root.rglob("*.py"):
        if py.name == "files.py" and py.parent == root:
            continue
        text = py.read_text(encoding="utf-8")
        for needle in ("os.replace(", "mkstemp(", "_MEIPASS", "importlib.resources"):
            if needle in text and not (py.name == "resources.py" and needle in (
                    "_MEIPASS", "importlib.resources")):
                offenders.append(f"{py.relative_to(root)}: {needle}")
    assert not offenders
