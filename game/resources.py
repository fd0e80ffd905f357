"""Finding the data shipped with the game (card art, sounds, fonts, licences).

One lookup for every packaged file: through `importlib.resources` (a source tree or an
installed wheel), then under PyInstaller's bundle folder (`sys._MEIPASS`), where a frozen
build unpacks the same packages. Callers name a package and a path inside it, never a path
relative to `__main__.py`.
"""

from __future__ import annotations

import importlib.resources
import importlib.util
import sys
from pathlib import Path


def _unimported_folder(package: str) -> Path | None:
    """The folder of a package not imported yet, found without running any __init__:
    importing pygame_gui only to find its fonts cost ~40 ms of every start (issue 29)."""
    if package in sys.modules:
        return None
    top, *rest = package.split(".")
    try:
        spec = importlib.util.find_spec(top)  # a top-level name: found, not imported
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    folder = Path(locations[0]).joinpath(*rest) if locations else None
    return folder if folder is not None and folder.is_dir() else None


def candidates(package: str, *parts: str) -> list[Path]:
    """Where `package/parts` may be: the package's folder (imported or not), then the frozen
    bundle."""
    out: list[Path] = []
    folder = _unimported_folder(package)
    if folder is not None:
        out.append(folder.joinpath(*parts))
    else:
        try:
            out.append(Path(str(importlib.resources.files(package))).joinpath(*parts))
        except (ModuleNotFoundError, TypeError):  # TypeError: a namespace without a file
            pass
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle is not None:
        out.append(Path(bundle).joinpath(*package.split("."), *parts))
    return out


def resource_dir(package: str, *parts: str, holding: str | None = None) -> Path:
    """The folder `package/parts`, the first that exists (and holds the file `holding`).

    FileNotFoundError lists every place looked at."""
    looked = candidates(package, *parts)
    for folder in looked:
        if folder.is_dir() and (holding is None or (folder / holding).is_file()):
            return folder
    what = f"{'/'.join((package, *parts))}{f' with {holding}' if holding else ''}"
    raise FileNotFoundError(f"{what} not found in {[str(c) for c in looked]}")


def read_resource(package: str, *parts: str) -> bytes:
    """The bytes of the packaged file `package/parts`, wherever the game is installed."""
    *folder, name = parts
    return (resource_dir(package, *folder, holding=name) / name).read_bytes()


def program_name() -> str:
    """How the program was started, as a command a user can type again: the installed
    command or the frozen executable ("hachihachi"), else "python -m game". Said in help
    texts and in the sentences that name another command (the lobby's check-page)."""
    import os

    name = os.path.basename(sys.argv[0] or "")
    return name if name.startswith("hachihachi") else "python -m game"


__all__ = ["candidates", "program_name", "read_resource", "resource_dir"]
