"""tools.release packs the built program reproducibly, named by version and system, with a
checksum `sha256sum -c` reads."""

from __future__ import annotations

import hashlib
import tarfile
import zipfile

import pytest

from tools import release


@pytest.mark.parametrize("system", ["linux", "windows", "macos"])
def test_the_archive_is_named_complete_and_the_same_twice(tmp_path, system):
    dist = tmp_path / "dist"
    prog = dist / "hachihachi"
    (prog / "_internal" / "game").mkdir(parents=True)
    (prog / "hachihachi").write_bytes(b"#!program")
    (prog / "_internal" / "game" / "ja.po").write_text("msgid \"\"\n", encoding="utf-8")
    assert release.main(["--dist", str(dist), "--system", system]) == 0
    from game.engine.version import VERSION

    name = release.archive_name(VERSION, system, release.machine_name())
    out = dist / name
    assert out.is_file() and name.startswith(f"hachihachi-{VERSION}-{system}-")
    first = out.read_bytes()
    digest, listed = (dist / f"{name}.sha256").read_text(encoding="ascii").split()
    assert listed == name and digest == hashlib.sha256(first).hexdigest()
    assert release.main(["--dist", str(dist), "--system", system]) == 0
    assert out.read_bytes() == first  # reproducible
    top = name.removesuffix(".tar.gz").removesuffix(".zip")
    if system == "linux":
        with tarfile.open(out) as t:
            names = t.getnames()
            assert all(m.uid == 0 and m.uname == "" for m in t.getmembers())
    else:
        with zipfile.ZipFile(out) as z:
            names = z.namelist()
    assert sorted(names) == [f"{top}/_internal/game/ja.po", f"{top}/hachihachi"]


def test_nothing_to_pack_is_said(tmp_path, capsys):
    assert release.main(["--dist", str(tmp_path)]) == 2
    assert "pyinstaller build.spec" in capsys.readouterr().err


def test_the_macos_app_keeps_its_links_as_links(tmp_path):
    """A PyInstaller .app links folders inside itself; the zip stores each link as a link
    (what macOS's unzip restores), not the folder's bytes, which cannot be read."""
    import os
    import stat

    app = tmp_path / "dist" / "hachihachi.app" / "Contents"
    (app / "Resources" / "art").mkdir(parents=True)
    (app / "Resources" / "art" / "icon.png").write_bytes(b"\x89PNG")
    (app / "Frameworks").mkdir()
    os.symlink("../Resources/art", app / "Frameworks" / "art")
    assert release.main(["--dist", str(tmp_path / "dist"), "--system", "macos"]) == 0
    from game.engine.version import VERSION

    out = tmp_path / "dist" / release.archive_name(VERSION, "macos", release.machine_name())
    with zipfile.ZipFile(out) as z:
        link = next(i for i in z.infolist() if i.filename.endswith("Frameworks/art"))
        assert stat.S_ISLNK(link.external_attr >> 16)
        assert z.read(link) == b"../Resources/art"
        assert any(i.filename.endswith("Resources/art/icon.png") for i in z.infolist())
