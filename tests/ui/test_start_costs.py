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


def test_each_cloth_is_a_new_surface_painted_once(monkeypatch: pytest.MonkeyPatch) -> None:
    painted: list[tuple[int, int]] = []
    real = ui._paint_table

    def counting(size: tuple[int, int], style: str, seed: int) -> pygame.Surface:
        painted.append(size)
        return real(size, style, seed)

    monkeypatch.setattr(ui, "_paint_table", counting)
    ui._FELTS.clear()
    first = ui.table_surface((300, 200), "felt")
    first.fill((255, 0, 0))  # a caller drawing on its cloth changes no one else's
    second = ui.table_surface((300, 200), "felt")
    assert second is not first and painted == [(300, 200)]
    assert second.get_at((5, 5)) != first.get_at((5, 5))
    assert pygame.image.tobytes(second, "RGB") == pygame.image.tobytes(
        real((300, 200), "felt", 88), "RGB")
    ui.table_surface((300, 200), "tatami")
    ui.table_surface((320, 200), "felt")
    assert painted == [(300, 200), (300, 200), (320, 200)]
    assert len(ui._FELTS) == 2


def test_the_title_loads_the_tables_music_in_its_spare_frames(tmp_path: Path) -> None:
    from game.ui.scenes.title import TitleScene
    from tests.ui.driver import make_app

    app = make_app(tmp_path)
    asked: list[str] = []
    real = app.audio.preload
    app.audio.preload = lambda variant: (asked.append(variant), real(variant))  # type: ignore
    try:
        app.stack.push(TitleScene(app))
        app.step()
        assert asked == []  # never before the title's first frame
        for _ in range(400):
            if not (app.warm_queue or app._chores):
                break
            app.step()
        assert asked == ["table"]
    finally:
        app.close()


def test_preload_loads_a_loop_once_and_only_when_music_plays() -> None:
    from game.ui.audio import Audio, read_music

    loaded: list[str] = []

    def loader(variant: str) -> bytes:
        loaded.append(variant)
        return read_music(variant)

    audio = Audio(music_loader=loader)
    if not audio.available:
        pytest.skip("no audio device, not even SDL's dummy one")
    audio.preload("table")
    audio.play_music("table")
    assert loaded == ["table"]
    quiet = Audio(music_on=False, music_loader=loader)
    quiet.preload("title")
    assert loaded == ["table"]
    with pytest.raises(ValueError):
        audio.preload("disco")
    audio.stop()
