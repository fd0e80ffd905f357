"""tools.appimage lays out the AppDir, squashes it and writes runtime + image, reproducibly,
and says in one line what is missing (runtime, built program, mksquashfs).

Built from a tiny fake program and a fake runtime: no PyInstaller, no download. The real
runtime and the real program are run by the release workflow (.github/workflows/release.yml).
"""

from __future__ import annotations

import configparser
import hashlib
import os
import shutil
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from tools import appimage

pytestmark = pytest.mark.skipif(
    sys.platform == "win32",
    reason="an AppImage is a Linux program; its AppDir has a shell script and a symbolic link")

needs_mksquashfs = pytest.mark.skipif(shutil.which("mksquashfs") is None,
                                      reason="mksquashfs (squashfs-tools) is not installed")

# An ELF header's start and filler: the tool only checks the magic, the bytes must survive.
FAKE_RUNTIME = b"\x7fELF\x02\x01\x01\x00AI\x02" + bytes(range(256)) * 8


def _program(tmp_path: Path) -> Path:
    """A built-program folder like PyInstaller's: the launcher prints each argument it gets."""
    prog = tmp_path / "dist" / "hachihachi"
    (prog / "_internal" / "game").mkdir(parents=True)
    launcher = prog / "hachihachi"
    launcher.write_text('#!/bin/sh\nfor a in "$@"; do echo "[$a]"; done\n', encoding="utf-8")
    launcher.chmod(0o755)
    (prog / "_internal" / "game" / "ja.po").write_text('msgid ""\n', encoding="utf-8")
    return prog


def _runtime(tmp_path: Path) -> Path:
    rt = tmp_path / "runtime-x86_64"
    rt.write_bytes(FAKE_RUNTIME)
    return rt


def test_the_appdir_has_apprun_desktop_file_icon_and_program(tmp_path):
    prog = _program(tmp_path)
    appdir = appimage.make_appdir(prog, tmp_path / "AppDir", "9.8.7")
    names = sorted(p.relative_to(appdir).as_posix() for p in appdir.rglob("*"))
    assert names == [".DirIcon", "AppRun", "hachihachi.desktop", "hachihachi.png", "usr",
                     "usr/bin", "usr/bin/hachihachi", "usr/bin/hachihachi/_internal",
                     "usr/bin/hachihachi/_internal/game",
                     "usr/bin/hachihachi/_internal/game/ja.po",
                     "usr/bin/hachihachi/hachihachi"]
    assert (appdir / "hachihachi.png").read_bytes() == appimage.ICON.read_bytes()
    assert (appdir / ".DirIcon").is_symlink()
    assert os.readlink(appdir / ".DirIcon") == "hachihachi.png"
    assert os.access(appdir / "AppRun", os.X_OK)
    assert os.access(appdir / "usr/bin/hachihachi/hachihachi", os.X_OK)
    assert not os.access(appdir / "usr/bin/hachihachi/_internal/game/ja.po", os.X_OK)

    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # keys are case-sensitive in a .desktop file
    entry.read(appdir / "hachihachi.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Name"] == "Hachi-Hachi"
    assert d["Exec"] == "hachihachi" and d["Icon"] == "hachihachi"
    assert d["Categories"].split(";")[:2] == ["Game", "CardGame"]
    assert d["Categories"].endswith(";") and d["X-AppImage-Version"] == "9.8.7"


def test_apprun_runs_the_program_with_every_argument_as_given(tmp_path):
    """What the runtime does after mounting: exec AppRun, with APPDIR set or not."""
    appdir = appimage.make_appdir(_program(tmp_path), tmp_path / "AppDir", "1.0")
    args = ["--smoke", "two words", "--lang", "ja"]
    expected = "".join(f"[{a}]\n" for a in args)
    env = {k: v for k, v in os.environ.items() if k != "APPDIR"}
    done = subprocess.run([str(appdir / "AppRun"), *args], env=env, capture_output=True,
                          text=True, check=True, cwd=tmp_path)
    assert done.stdout == expected
    # run through a link from elsewhere, as a desktop's launcher may: still finds the program
    link = tmp_path / "elsewhere"
    link.symlink_to(appdir / "AppRun")
    done = subprocess.run([str(link), *args], env=env, capture_output=True, text=True,
                          check=True)
    assert done.stdout == expected
    done = subprocess.run([str(appdir / "AppRun"), "x"], env={**env, "APPDIR": str(appdir)},
                          capture_output=True, text=True, check=True)
    assert done.stdout == "[x]\n"


@needs_mksquashfs
def test_the_appimage_is_the_runtime_then_a_squashfs_image(tmp_path):
    _program(tmp_path)
    rt = _runtime(tmp_path)
    out_dir = tmp_path / "out"
    code = appimage.main(["--runtime", str(rt), "--dist", str(tmp_path / "dist"),
                          "--out", str(out_dir)])
    assert code == 0
    from game.engine.version import VERSION

    name = f"Hachi-Hachi-{VERSION}-{appimage.machine_name()}.AppImage"
    out = out_dir / name
    data = out.read_bytes()
    assert data[:len(FAKE_RUNTIME)] == FAKE_RUNTIME
    assert data[len(FAKE_RUNTIME):len(FAKE_RUNTIME) + 4] == b"hsqs"  # squashfs magic
    assert os.access(out, os.X_OK)
    digest, listed = (out_dir / f"{name}.sha256").read_text(encoding="ascii").split()
    assert listed == name and digest == hashlib.sha256(data).hexdigest()
    assert sorted(p.name for p in out_dir.iterdir()) == [name, f"{name}.sha256"]  # no leftovers


@needs_mksquashfs
@pytest.mark.skipif(shutil.which("unsquashfs") is None, reason="unsquashfs is not installed")
def test_the_image_has_the_appdir_owned_by_root_at_one_time(tmp_path):
    appdir = appimage.make_appdir(_program(tmp_path), tmp_path / "AppDir", "1.0")
    if os.geteuid() == 0:  # as root, give a file another owner so that -all-root shows
        os.chown(appdir / "usr" / "bin" / "hachihachi" / "hachihachi", 4321, 4321)
    image = appimage.squash(appdir, tmp_path / "image.squashfs")
    listing = subprocess.run(["unsquashfs", "-lls", str(image)], capture_output=True,
                             text=True, check=True, env={**os.environ, "TZ": "UTC"}).stdout
    rows = [r for r in listing.splitlines() if "squashfs-root" in r]
    assert any(r.endswith("squashfs-root/usr/bin/hachihachi/hachihachi") for r in rows)
    assert any(r.endswith("squashfs-root/.DirIcon -> hachihachi.png") for r in rows)
    assert any(r.startswith("-rwxr-xr-x") and r.endswith("squashfs-root/AppRun") for r in rows)
    assert all(" root/root " in r for r in rows)  # -all-root
    stamp = datetime.fromtimestamp(appimage.EPOCH, timezone.utc).strftime("%Y-%m-%d %H:%M")
    assert all(f" {stamp} " in r for r in rows)  # -all-time


@needs_mksquashfs
def test_two_builds_are_the_same_bytes_even_after_the_files_were_touched(tmp_path):
    prog = _program(tmp_path)
    rt = _runtime(tmp_path)
    first = appimage.build(prog, rt, tmp_path / "a", "1.0", "x86_64")
    os.utime(prog / "_internal" / "game" / "ja.po", (1_900_000_000, 1_900_000_000))
    second = appimage.build(prog, rt, tmp_path / "b", "1.0", "x86_64")
    assert first.read_bytes() == second.read_bytes()
    assert first.name == second.name == "Hachi-Hachi-1.0-x86_64.AppImage"


def _main_error(capsys, argv) -> str:
    assert appimage.main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1, err  # one line, no traceback
    return err


def test_no_runtime_is_said_in_one_line(tmp_path, capsys):
    _program(tmp_path)
    err = _main_error(capsys, ["--runtime", str(tmp_path / "nope"), "--dist",
                               str(tmp_path / "dist"), "--out", str(tmp_path / "out")])
    assert "runtime" in err and "--runtime" in err
    assert not (tmp_path / "out").exists()


def test_a_runtime_that_is_not_a_program_is_refused(tmp_path, capsys):
    _program(tmp_path)
    bad = tmp_path / "runtime.html"
    bad.write_text("<html>Not Found</html>", encoding="utf-8")  # what a failed download leaves
    err = _main_error(capsys, ["--runtime", str(bad), "--dist", str(tmp_path / "dist"),
                               "--out", str(tmp_path / "out")])
    assert "not an AppImage runtime" in err


def test_no_built_program_is_said_in_one_line(tmp_path, capsys):
    err = _main_error(capsys, ["--runtime", str(_runtime(tmp_path)), "--dist",
                               str(tmp_path / "dist"), "--out", str(tmp_path / "out")])
    assert "pyinstaller build.spec" in err


def test_no_mksquashfs_is_said_in_one_line(tmp_path, capsys, monkeypatch):
    _program(tmp_path)
    empty = tmp_path / "bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    err = _main_error(capsys, ["--runtime", str(_runtime(tmp_path)), "--dist",
                               str(tmp_path / "dist"), "--out", str(tmp_path / "out")])
    assert "mksquashfs" in err and "squashfs-tools" in err
    assert [p.name for p in (tmp_path / "out").iterdir()] == []  # the work folder is gone


@needs_mksquashfs
def test_a_failing_mksquashfs_is_said_in_one_line(tmp_path):
    """mksquashfs refuses a compressor it was built without; the tool passes its words on."""
    _program(tmp_path)
    with pytest.raises(appimage.AppImageError, match="^mksquashfs failed: ") as caught:
        appimage.squash(tmp_path / "dist", tmp_path / "x.squashfs", "no-such-compressor")
    assert "\n" not in str(caught.value)
