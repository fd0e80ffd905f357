"""Cold start (issue 29): cards drawn only when needed, kept on disk between runs, and a
damaged cache file never worse than a miss."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.cards import CARD_IDS  # noqa: E402
from game.ui import card_cache  # noqa: E402
from game.ui import cards as ui  # noqa: E402
from game.ui.card_cache import CardCache  # noqa: E402
from game.ui.layout import layout  # noqa: E402
from game.ui.scenes.title import BRIGHTS, TitleScene  # noqa: E402
from tests.ui.driver import make_app  # noqa: E402

W = 60  # below FINE_MIN_WIDTH: the supersampled path; small, so the tests stay quick


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))


@pytest.fixture
def rasterised(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The widths of every SVG rasterisation from now on."""
    calls: list[int] = []
    real = ui.rasterize

    def counting(svg: str, width: int) -> pygame.Surface:
        calls.append(width)
        return real(svg, width)

    monkeypatch.setattr(ui, "rasterize", counting)
    return calls


def rgba(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


REAL_RASTERIZE = ui.rasterize


def drawn(card: str, width: int = W, back: str = "red", marks: bool = False) -> bytes:
    """The card as a renderer without a disk cache draws it (not counted as rasterised)."""
    counting, ui.rasterize = ui.rasterize, REAL_RASTERIZE
    try:
        return rgba(ui.CardRenderer(back, marks).image(None if card == "back" else card, width))
    finally:
        ui.rasterize = counting


def test_a_second_run_reads_every_card_back_instead_of_rasterising(
        tmp_path: Path, rasterised: list[int]) -> None:
    first = ui.CardRenderer("black", disk=CardCache(tmp_path, key="k"))
    assert first.warm(W, limit=49)
    assert len(rasterised) == 49  # 48 faces and the back, each drawn once and stored
    rasterised.clear()
    cache = CardCache(tmp_path, key="k")  # the next start: a new process, the same folder
    second = ui.CardRenderer("black", disk=cache)
    assert second.warm(W, limit=49)
    assert rasterised == [] and cache.hits == 49 and cache.rejected == 0
    for card in (*CARD_IDS[:6], "back"):
        assert rgba(second.image(None if card == "back" else card, W)) == drawn(card, back="black")


def test_the_key_and_the_cards_settings_each_make_their_own_files(
        tmp_path: Path, rasterised: list[int]) -> None:
    ui.CardRenderer("red", disk=CardCache(tmp_path, key="k")).face("crane", W)
    ui.CardRenderer("red", True, disk=CardCache(tmp_path, key="k")).face("crane", W)
    ui.CardRenderer("black", disk=CardCache(tmp_path, key="k")).face("crane", W)
    ui.CardRenderer("red", disk=CardCache(tmp_path, key="k")).face("crane", W + 1)
    new_art = CardCache(tmp_path, key="other")
    ui.CardRenderer("red", disk=new_art).face("crane", W)
    assert len(rasterised) == 5 and new_art.misses == 1 and new_art.hits == 0
    marked = ui.CardRenderer("red", True, disk=CardCache(tmp_path, key="k"))
    assert rgba(marked.face("crane", W)) == drawn("crane", marks=True)
    assert len(rasterised) == 5


def damage_truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-40])


def damage_garbage(path: Path) -> None:
    path.write_bytes(os.urandom(path.stat().st_size))


def damage_empty(path: Path) -> None:
    path.write_bytes(b"")


def damage_wrong_size(path: Path) -> None:
    """A whole, valid file of another card size under this card's name."""
    path.write_bytes(card_cache.encode(ui.CardRenderer().face("crane", W + 4)))


def damage_bad_pixels(path: Path) -> None:
    """The right header and length, the compressed pixels changed in the middle."""
    data = bytearray(path.read_bytes())
    mid = len(data) // 2
    data[mid:mid + 8] = bytes(b ^ 0xFF for b in data[mid:mid + 8])
    path.write_bytes(bytes(data))


def damage_folder(path: Path) -> None:
    path.unlink()
    (path / "inside").mkdir(parents=True)


DAMAGE = [damage_truncated, damage_garbage, damage_empty, damage_wrong_size, damage_bad_pixels,
          damage_folder]
if hasattr(os, "mkfifo"):
    def damage_fifo(path: Path) -> None:  # a reader that waited on it would hang the start
        path.unlink()
        os.mkfifo(path)

    DAMAGE.append(damage_fifo)


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__.removeprefix("damage_"))
def test_a_damaged_file_is_a_miss_the_card_is_drawn_again_and_nothing_fails(
        tmp_path: Path, rasterised: list[int], damage) -> None:  # noqa: ANN001
    ui.CardRenderer(disk=CardCache(tmp_path, key="k")).face("moon", W)
    path = CardCache(tmp_path, key="k").path("moon", W, False, "red")
    damage(path)
    rasterised.clear()
    cache = CardCache(tmp_path, key="k")
    face = ui.CardRenderer(disk=cache).face("moon", W)
    assert rasterised == [W] and cache.hits == 0 and cache.misses == 1
    assert face.get_size() == ui.card_size(W) and rgba(face) == drawn("moon")
    if path.is_file():  # replaced by the good card; a folder or pipe there is left alone
        rasterised.clear()
        again = CardCache(tmp_path, key="k")
        assert rgba(ui.CardRenderer(disk=again).face("moon", W)) == drawn("moon")
        assert rasterised == [] and again.hits == 1
    else:
        assert cache.rejected == 1


def test_decode_refuses_what_is_not_a_whole_card_of_the_size() -> None:
    good = card_cache.encode(ui.CardRenderer().face("rain_man", W))
    size = ui.card_size(W)
    assert rgba(card_cache.decode(good, size)) == drawn("rain_man")
    for bad in (good[:5], good[:-1], b"x" * len(good), good + b"more"):
        with pytest.raises(ValueError):
            card_cache.decode(bad, size)
    with pytest.raises(ValueError):
        card_cache.decode(good, (size[0], size[1] + 1))


def test_an_unwritable_cache_draws_every_card_and_stops_trying(tmp_path: Path) -> None:
    blocked = tmp_path / "cards"
    blocked.write_text("a file where the cache folder should be")
    cache = CardCache(blocked, key="k")
    r = ui.CardRenderer(disk=cache)
    assert rgba(r.face("crane", W)) == drawn("crane")
    assert not cache.writable
    assert rgba(r.face("moon", W)) == drawn("moon")
    assert blocked.read_text().startswith("a file")


def test_tidy_keeps_this_key_and_the_sets_used_last(tmp_path: Path) -> None:
    (tmp_path / "old-version" / "80").mkdir(parents=True)
    (tmp_path / "old-version" / "80" / "red-crane.card").write_bytes(b"x")
    here = tmp_path / "k"
    for i in range(card_cache.MAX_SETS + 3):
        folder = here / str(100 + i)
        folder.mkdir(parents=True)
        os.utime(folder, (1000 + i, 1000 + i))
    leftover = here / "100" / ".red-crane.card.1234abcd.tmp"
    leftover.write_bytes(b"half")
    os.utime(leftover, (0, 0))
    os.utime(here / "100", (5000, 5000))  # the oldest folder was used last
    assert CardCache(tmp_path, key="k").tidy() == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k"]
    kept = {p.name for p in here.iterdir()}
    assert len(kept) == card_cache.MAX_SETS and {"100", "126"} <= kept
    assert {"101", "102", "103"}.isdisjoint(kept) and not leftover.exists()


def test_the_key_follows_the_art(monkeypatch: pytest.MonkeyPatch) -> None:
    key = ui.cache_key()
    assert key == ui.cache_key() and len(key) == 16
    real = ui.svg_text

    def recoloured(name: str) -> str:
        return real(name).replace("#", "#0", 1) if name == "moon" else real(name)

    monkeypatch.setattr(ui, "svg_text", recoloured)
    assert ui.cache_key() != key


def test_warm_stops_at_its_deadline_after_one_face(rasterised: list[int]) -> None:
    r = ui.CardRenderer()
    assert not r.warm(W + 2, limit=49, until=time.perf_counter() - 1)
    assert rasterised == [W + 2]


def test_the_title_draws_its_five_brights_and_no_other_card(
        tmp_path: Path, rasterised: list[int]) -> None:
    app = make_app(tmp_path, (1280, 720), card_back="black")  # a renderer no test warmed
    try:
        assert rasterised == []  # opening the window draws no card
        app.stack.push(TitleScene(app))
        app.step()
        assert len(rasterised) == len(BRIGHTS)
        lay = layout(1280, 720, 3, 3)
        widths = (lay.hand_w, lay.field_w, lay.cap_w, lay.opp_cap_w, lay.back_w)
        assert app.warm_queue == list(dict.fromkeys(widths))
        for _ in range(400):  # the following frames draw the first deal's sizes
            if not app.warm_queue:
                break
            app.step()
        assert not app.warm_queue
        for w in widths:
            assert app.renderer.warm(w, limit=0)  # every face at every width: nothing left
        assert rgba(app.renderer.face("willow_ribbon", lay.hand_w)) == drawn(
            "willow_ribbon", lay.hand_w, "black")
    finally:
        app.close()


def test_the_next_start_reads_the_table_cards_from_disk(
        tmp_path: Path, rasterised: list[int]) -> None:
    from game.ui import table_view

    lay = layout(1280, 720, 3, 3)
    app = make_app(tmp_path, (1280, 720), card_back="black", corner_marks=True)
    try:
        app.stack.push(TitleScene(app))
        while app.warm_queue:
            app.step()
    finally:
        app.close()
    table_view._SHARED.clear()  # a new process: nothing in memory
    rasterised.clear()
    app = make_app(tmp_path, (1280, 720), card_back="black", corner_marks=True)
    try:
        app.stack.push(TitleScene(app))
        for _ in range(100):  # a few frames: a read takes ~0.1 ms of a frame's 8 ms
            if not app.warm_queue:
                break
            app.step()
        assert rasterised == [] and not app.warm_queue
        widths = {lay.hand_w, lay.field_w, lay.cap_w, lay.opp_cap_w, lay.back_w}
        assert app.card_cache.hits >= len(widths) * 49 and app.card_cache.rejected == 0
        assert rgba(app.renderer.face("phoenix", lay.field_w)) == drawn(
            "phoenix", lay.field_w, "black", marks=True)
    finally:
        app.close()
        table_view._SHARED.clear()


@pytest.mark.skipif(sys.platform == "win32", reason="uses a POSIX environment")
def test_the_startup_probe_draws_only_the_titles_cards(tmp_path: Path) -> None:
    """The whole program: the cold-start benchmark's probe leaves exactly the five
    Brights in the cache, so nothing else was drawn before the title."""
    env = dict(os.environ, HACHIHACHI_HOME=str(tmp_path), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    for _ in range(2):
        p = subprocess.run([sys.executable, "-m", "game", "--startup-probe"], env=env,
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, p.stderr
        stored = sorted(f.name for f in (tmp_path / "cache" / "cards").rglob("*.card"))
        assert stored == sorted(f"red-{c}.card" for c in BRIGHTS)


# --- issue 43, item 1: the cache deletes nothing it did not write --------------------------
def _someone_elses(folder: Path) -> dict[str, bytes]:
    """A folder of the player's: photos in sub-folders, and even files named like cards."""
    made = {"2020/beach.jpg": b"jpeg", "2020/notes/todo.txt": b"milk",
            "0123456789abcdef/80/red-crane.card": b"theirs", "old/80/red-moon.card": b"x",
            "top.txt": b"hello"}
    for name, data in made.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return made


def _still_there(folder: Path, made: dict[str, bytes]) -> None:
    for name, data in made.items():
        assert (folder / name).read_bytes() == data, name


def test_a_link_as_the_cards_folder_is_never_followed(tmp_path: Path,
                                                       rasterised: list[int]) -> None:
    """The player moved the cache to another disk and left a link as `cards`: tidy deletes
    nothing there, and no card is written through the link (it was: every sub-folder of
    the link's target went, with its files)."""
    disk = tmp_path / "other-disk"
    made = _someone_elses(disk)
    cards = tmp_path / "cache" / "cards"
    cards.parent.mkdir()
    cards.symlink_to(disk, target_is_directory=True)
    cache = CardCache(cards, key="k")
    assert cache.tidy() == 0
    _still_there(disk, made)
    face = ui.CardRenderer(disk=cache).face("crane", W)
    assert rgba(face) == drawn("crane") and rasterised == [W]
    assert not (disk / "k").exists() and not cache.writable
    _still_there(disk, made)


def test_links_inside_the_cache_are_never_followed(tmp_path: Path) -> None:
    """A key folder or a width folder that is a link (to the player's folder) is neither
    emptied nor written through."""
    disk = tmp_path / "photos"
    made = _someone_elses(disk)
    cards = tmp_path / "cards"
    (cards / "k").mkdir(parents=True)
    (cards / "old-key").symlink_to(disk, target_is_directory=True)
    (cards / "k" / "80").symlink_to(disk / "old" / "80", target_is_directory=True)
    for i in range(card_cache.MAX_SETS + 2):  # old width folders beside the link
        (cards / "k" / str(100 + i)).mkdir()
        os.utime(cards / "k" / str(100 + i), (1000 + i, 1000 + i))
    os.utime(cards / "k" / "80", (1, 1), follow_symlinks=False)
    cache = CardCache(cards, key="k")
    cache.tidy()
    _still_there(disk, made)
    assert (cards / "old-key").is_symlink() and (cards / "k" / "80").is_symlink()
    cache.store("moon", 80, False, "red", ui.CardRenderer().face("moon", 80))
    assert not cache.writable
    _still_there(disk, made)


def test_tidy_deletes_only_the_files_it_writes(tmp_path: Path) -> None:
    """In a real cache folder an old key's card files go, but a file of another name (and
    the folder that holds it) stays; nothing is removed as a tree."""
    cards = tmp_path / "cards"
    old = cards / "0123456789abcdef" / "80"
    old.mkdir(parents=True)
    (old / "red-crane.card").write_bytes(b"x")
    (old / "red-crane-marks.card").write_bytes(b"x")
    (old / "my-notes.txt").write_text("mine")
    (cards / "gone" / "60").mkdir(parents=True)
    (cards / "gone" / "60" / "indigo-back.card").write_bytes(b"x")
    assert CardCache(cards, key="k").tidy() == 1  # "gone"; the other keeps a file of yours
    assert sorted(p.name for p in old.iterdir()) == ["my-notes.txt"]
    assert not (cards / "gone").exists()
