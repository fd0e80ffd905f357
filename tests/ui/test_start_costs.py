"""Start-up costs cut for issue 29 stay cut, and the cuts change nothing a player sees."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import importlib  # noqa: E402
import importlib.resources  # noqa: E402
import random  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import resources  # noqa: E402
from game.ui import cards as ui  # noqa: E402


def test_the_fonts_are_found_without_importing_pygame_gui() -> None:
    """Importing pygame_gui only to find its font folder cost ~40 ms of every start."""
    code = ("import sys; from game.ui import fonts; print(fonts.font_dir()); "
            "print('pygame_gui' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    assert out.returncode == 0, out.stderr
    folder, imported = out.stdout.split()
    assert imported == "False"
    import pygame_gui.data

    assert Path(folder) == Path(str(importlib.resources.files(pygame_gui.data)))


@pytest.mark.parametrize("package", ["art", "sounds", "pygame_gui.data"])
def test_an_imported_package_and_a_not_imported_one_give_the_same_folder(
        package: str, monkeypatch: pytest.MonkeyPatch) -> None:
    importlib.import_module(package)
    imported = resources.candidates(package)
    monkeypatch.delitem(sys.modules, package)
    assert resources.candidates(package) == imported


def test_a_missing_package_still_says_where_it_looked() -> None:
    with pytest.raises(FileNotFoundError):
        resources.resource_dir("no_such_package_here.data")


def reference_grain(base: tuple[int, int, int], noise: float, seed: int) -> pygame.Surface:
    """The felt's grain as it was first written: one rng.uniform and set_at per pixel."""
    rng = random.Random(seed)
    tile = pygame.Surface((64, 64))
    for y in range(64):
        for x in range(64):
            k = 1 + rng.uniform(-noise, noise)
            tile.set_at((x, y), tuple(min(255, round(c * k)) for c in base))
    return tile


@pytest.mark.parametrize("style", [s for s, v in ui.TABLES.items() if v[3]])
def test_the_faster_grain_is_the_same_cloth(style: str) -> None:
    base, _weave, _edge, noise = ui.TABLES[style]
    for seed in (88, 7):
        assert (pygame.image.tobytes(ui._grain(base, noise, seed), "RGB")
                == pygame.image.tobytes(reference_grain(base, noise, seed), "RGB"))
