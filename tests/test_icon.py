"""The program's icon (art/icon.py): the committed .png, .ico and .icns files are what their
formats say, hold every size they list, and `python -m art.icon` writes them again."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from art import icon  # noqa: E402


def test_the_window_icon_is_a_256_px_png():
    data = (icon.HERE / icon.ICON_PNG).read_bytes()
    assert icon.png_size(data) == (256, 256)


def test_the_windows_icon_holds_every_size_from_16_to_256():
    images = icon.read_ico((icon.HERE / icon.ICON_ICO).read_bytes())
    assert sorted(images) == list(icon.ICO_SIZES)
    assert min(images) == 16 and max(images) == 256
    for size, png in images.items():
        assert icon.png_size(png) == (size, size)


def test_the_macos_icon_holds_each_element_as_a_png_of_its_size():
    elements = icon.read_icns((icon.HERE / icon.ICON_ICNS).read_bytes())
    assert set(elements) == {kind for kind, _ in icon.ICNS_TYPES}
    for kind, size in icon.ICNS_TYPES:
        assert icon.png_size(elements[kind]) == (size, size), kind


def test_the_readers_refuse_other_files():
    with pytest.raises(ValueError):
        icon.png_size(b"GIF89a" + bytes(30))
    with pytest.raises(ValueError):
        icon.read_ico(b"\x00\x00\x02\x00\x01\x00" + bytes(16))  # a cursor, not an icon
    with pytest.raises(ValueError):
        icon.read_icns(b"icns\x00\x00\x00\x20" + bytes(8))  # a length that lies


def test_the_icon_is_drawn_again_with_the_same_sizes(tmp_path):
    written = {p.name for p in icon.write(tmp_path)}
    assert written == {icon.ICON_PNG, icon.ICON_ICO, icon.ICON_ICNS}
    assert icon.png_size((tmp_path / icon.ICON_PNG).read_bytes()) == (256, 256)
    assert sorted(icon.read_ico((tmp_path / icon.ICON_ICO).read_bytes())) == list(
        icon.ICO_SIZES)
    small = icon.draw(16)
    # the card is drawn, not a blank square: some pixels are opaque, the corners are not
    assert small.get_at((8, 8)).a == 255 and small.get_at((0, 0)).a == 0


def test_the_loader_gives_a_256_px_surface():
    surface = icon.window_icon()
    assert surface is not None and surface.get_size() == (256, 256)


def test_a_missing_icon_is_no_icon_rather_than_an_error(monkeypatch):
    monkeypatch.setattr(icon, "ICON_PNG", "no-such-icon.png")
    assert icon.window_icon() is None
