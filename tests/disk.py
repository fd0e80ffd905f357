"""A full disk for the tests that check nothing is lost (test_keep_finished, test_nothing_lost):
one definition of what "full" means, so both sets of tests fail the same writes."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from game import files


def disk_full(monkeypatch: pytest.MonkeyPatch, *folders: Path) -> None:
    """Every write into `folders` fails as on a full disk (the data never reaches it)."""
    real = files._write_all

    def write_all(fd: int, data: bytes) -> None:
        where = Path(os.readlink(f"/proc/self/fd/{fd}")).parent
        if where in folders:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data)

    monkeypatch.setattr(files, "_write_all", write_all)
