"""Pack the standalone program for a release: `python -m tools.release` after
`pyinstaller build.spec` (issue 29).

Writes `dist/hachihachi-<version>-<system>-<machine>.<ext>` beside the built folder (a zip on
Windows and macOS, a tar.gz on Linux) and its SHA-256 in a `.sha256` file in the format
`sha256sum -c` reads. The archive is reproducible from the same folder: its entries are sorted,
owned by nobody, and dated from the version's source (SOURCE_DATE_EPOCH when set, else
2026-01-01), so two runs give the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "hachihachi"
EPOCH = int(os.environ.get("SOURCE_DATE_EPOCH", "1767225600"))  # 2026-01-01 UTC


def system_name() -> str:
    return {"Darwin": "macos", "Windows": "windows"}.get(platform.system(), "linux")


def machine_name() -> str:
    m = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}.get(m, m or "unknown")


def archive_name(version: str, system: str, machine: str) -> str:
    ext = "tar.gz" if system == "linux" else "zip"
    return f"{NAME}-{version}-{system}-{machine}.{ext}"


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() or p.is_symlink())


def pack(folder: Path, out: Path) -> Path:
    """`folder` (the built program) into `out`, its top folder named like the archive."""
    top = out.name.split(".tar.gz")[0].removesuffix(".zip")
    if out.name.endswith(".tar.gz"):
        import gzip

        with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=EPOCH) as gz, \
                tarfile.open(fileobj=gz, mode="w") as tar:
            for p in _files(folder):
                info = tar.gettarinfo(str(p), f"{top}/{p.relative_to(folder).as_posix()}")
                info.uid = info.gid = 0
                info.uname = info.gname = ""
                info.mtime = EPOCH
                if info.isreg():
                    with open(p, "rb") as f:
                        tar.addfile(info, f)
                else:
                    tar.addfile(info)
    else:
        stamp = (2026, 1, 1, 0, 0, 0)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for p in _files(folder):
                zi = zipfile.ZipInfo(f"{top}/{p.relative_to(folder).as_posix()}", stamp)
                if p.is_symlink():
                    # kept as a link (macOS's unzip and Finder restore it): a PyInstaller
                    # .app links folders inside itself, which cannot be read as bytes
                    zi.external_attr = 0o120777 << 16
                    z.writestr(zi, os.readlink(p))
                    continue
                mode = p.stat().st_mode & 0o777
                zi.external_attr = (0o100000 | mode) << 16
                zi.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(zi, p.read_bytes())
    return out


def checksum(path: Path) -> Path:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    line = f"{h.hexdigest()}  {path.name}\n"
    target = path.with_name(path.name + ".sha256")
    target.write_text(line, encoding="ascii")
    return target


def main(argv: list[str] | None = None) -> int:
    from game.engine.version import VERSION

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dist", default=str(ROOT / "dist"), help="where build.spec built (dist)")
    ap.add_argument("--system", default=system_name(), choices=("linux", "macos", "windows"))
    args = ap.parse_args(argv)
    dist = Path(args.dist)
    folder = dist / NAME
    if args.system == "macos" and (dist / f"{NAME}.app").is_dir():
        folder = dist / f"{NAME}.app"
    if not folder.is_dir():
        print(f"error: {folder} is not there: run `pyinstaller build.spec` first",
              file=sys.stderr)
        return 2
    out = pack(folder, dist / archive_name(VERSION, args.system, machine_name()))
    sums = checksum(out)
    print(f"{out} ({out.stat().st_size / 1e6:.1f} MB)\n{sums}: {sums.read_text().strip()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
