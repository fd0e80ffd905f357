"""Make the Linux AppImage from the built program: `python -m tools.appimage --runtime FILE`
after `pyinstaller build.spec` (issue 29: "a tar.gz and an AppImage for Linux").

An AppImage (type 2) is an ELF program, the *runtime*, with a squashfs image of an AppDir
appended: the runtime finds the image at its own end, mounts it with FUSE (or, with
`--appimage-extract-and-run`, unpacks it to a temporary folder) and runs the AppDir's `AppRun`.
So this tool needs no appimagetool: it lays out the AppDir (`AppRun`, `hachihachi.desktop`,
the icon as `hachihachi.png` and `.DirIcon`, the program under `usr/bin/hachihachi/`), squashes
it with `mksquashfs` (Debian/Ubuntu: squashfs-tools) and writes
`dist/Hachi-Hachi-<version>-<machine>.AppImage` = runtime bytes + image, executable, with its
SHA-256 beside it like `tools.release`'s archives.

The runtime is not made here: the release workflow downloads the AppImage project's official
one, pinned and checked by its SHA-256 (.github/workflows/release.yml). The image is
reproducible: files owned by root, every time stamp set to the release epoch
(SOURCE_DATE_EPOCH, as `tools.release`), so the same folder and runtime give the same bytes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.release import EPOCH, NAME, ROOT, checksum, machine_name

APP_NAME = "Hachi-Hachi"
ICON = ROOT / "art" / "icon.png"
# The type 2 runtime reads zstd and gzip images (it links libzstd and zlib); zstd unpacks faster.
COMPRESSORS = ("zstd", "gzip")

APPRUN = f"""#!/bin/sh
# Run the program inside this AppImage with the arguments it was given. The runtime sets
# APPDIR to the mounted (or unpacked) image; without it, find the folder this script is in.
here="${{APPDIR:-$(dirname "$(readlink -f "$0")")}}"
exec "$here/usr/bin/{NAME}/{NAME}" "$@"
"""


class AppImageError(Exception):
    """Something the maintainer must fix before an AppImage can be made; said in one line."""


def appimage_name(version: str, machine: str) -> str:
    return f"{APP_NAME}-{version}-{machine}.AppImage"


def desktop_entry(version: str) -> str:
    """The AppDir's .desktop file: what a launcher (AppImageLauncher, appimaged) shows and files
    the program under; `Exec` names the program, the runtime itself always starts AppRun."""
    return (
        "[Desktop Entry]\n"
        "Type=Application\n"
        f"Name={APP_NAME}\n"
        "Comment=Hanafuda card game: Hachi-Hachi and its family\n"
        f"Exec={NAME}\n"
        f"Icon={NAME}\n"
        "Categories=Game;CardGame;\n"
        "Terminal=false\n"
        f"X-AppImage-Version={version}\n"
    )


def make_appdir(program: Path, appdir: Path, version: str, icon: Path = ICON) -> Path:
    """Lay out `appdir` from the built `program` folder; returns `appdir`.

    Modes are set explicitly (not left to the umask) so that the image does not depend on
    who built it."""
    if not (program / NAME).is_file():
        raise AppImageError(f"{program / NAME} is not there: run `pyinstaller build.spec` first")
    if not icon.is_file():
        raise AppImageError(f"the icon {icon} is not there")
    appdir.mkdir(parents=True, exist_ok=True)
    bindir = appdir / "usr" / "bin"
    bindir.mkdir(parents=True, exist_ok=True)
    shutil.copytree(program, bindir / NAME, symlinks=True)
    apprun = appdir / "AppRun"
    apprun.write_text(APPRUN, encoding="utf-8", newline="\n")
    apprun.chmod(0o755)
    (appdir / f"{NAME}.desktop").write_text(desktop_entry(version), encoding="utf-8",
                                           newline="\n")
    shutil.copyfile(icon, appdir / f"{NAME}.png")
    (appdir / ".DirIcon").symlink_to(f"{NAME}.png")
    for p in [appdir, *sorted(appdir.rglob("*"))]:
        if p.is_symlink():
            continue
        if p.is_dir():
            p.chmod(0o755)
        elif p != apprun:
            p.chmod(0o755 if p.stat().st_mode & 0o111 else 0o644)
    return appdir


def read_runtime(path: Path) -> bytes:
    """The runtime's bytes, refused when they cannot be a runtime (an ELF program)."""
    if not path.is_file():
        raise AppImageError(f"the runtime {path} is not there (the release workflow downloads "
                            "it; give its path with --runtime)")
    data = path.read_bytes()
    if not data.startswith(b"\x7fELF"):
        raise AppImageError(f"{path} is not an AppImage runtime (not an ELF program)")
    return data


def squash(appdir: Path, image: Path, comp: str = "zstd") -> Path:
    """`mksquashfs` the AppDir into `image`, reproducibly: one owner (root), one time for every
    file and for the file system (-all-time, -mkfs-time), no extended attributes, no appending
    to an old image. SOURCE_DATE_EPOCH is kept from mksquashfs, which refuses it beside
    -mkfs-time; its value is already in EPOCH."""
    exe = shutil.which("mksquashfs")
    if exe is None:
        raise AppImageError("mksquashfs is not installed (Debian/Ubuntu: apt-get install "
                            "squashfs-tools)")
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    cmd = [exe, str(appdir), str(image), "-noappend", "-all-root", "-no-xattrs",
           "-mkfs-time", str(EPOCH), "-all-time", str(EPOCH), "-comp", comp,
           "-quiet", "-no-progress"]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0 or not image.is_file():
        said = (done.stderr or done.stdout).strip().splitlines()
        raise AppImageError(f"mksquashfs failed: {said[-1] if said else done.returncode}")
    return image


def build(program: Path, runtime: Path, out_dir: Path, version: str, machine: str,
          comp: str = "zstd", icon: Path = ICON) -> Path:
    """The AppImage for `program` in `out_dir`; returns its path (its .sha256 is beside it)."""
    head = read_runtime(runtime)
    if not program.is_dir():
        raise AppImageError(f"{program} is not there: run `pyinstaller build.spec` first")
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / appimage_name(version, machine)
    with tempfile.TemporaryDirectory(prefix="appimage-", dir=out_dir) as tmp:
        appdir = make_appdir(program, Path(tmp) / "AppDir", version, icon)
        image = squash(appdir, Path(tmp) / "image.squashfs", comp)
        part = out.with_name(out.name + ".part")
        with open(part, "wb") as f:
            f.write(head)
            with open(image, "rb") as src:
                shutil.copyfileobj(src, f, 1 << 20)
        part.chmod(0o755)
        os.replace(part, out)
    checksum(out)
    return out


def main(argv: list[str] | None = None) -> int:
    from game.engine.version import VERSION

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runtime", default=str(ROOT / "dist" / f"runtime-{machine_name()}"),
                    help="the AppImage type 2 runtime (default: dist/runtime-MACHINE)")
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="where build.spec built (dist)")
    ap.add_argument("--out", default=None, help="where to write the AppImage (default: --dist)")
    ap.add_argument("--comp", default="zstd", choices=COMPRESSORS,
                    help="squashfs compression (the runtime reads both)")
    args = ap.parse_args(argv)
    dist = Path(args.dist)
    try:
        out = build(dist / NAME, Path(args.runtime), Path(args.out) if args.out else dist,
                    VERSION, machine_name(), args.comp)
    except AppImageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"error: {e.strerror or e} ({e.filename or 'writing the AppImage'})",
              file=sys.stderr)
        return 2
    sums = out.with_name(out.name + ".sha256")
    print(f"{out} ({out.stat().st_size / 1e6:.1f} MB)\n{sums}: {sums.read_text().strip()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
