"""The program's icon, drawn from our own card art: ``python -m art.icon [OUT_DIR]``.

Writes `icon.png` (256 px, the window icon, shipped as package data), `icon.ico` (Windows:
16 to 256 px, given to PyInstaller's EXE) and `icon.icns` (macOS: 16 to 512 px, given to its
BUNDLE). Large sizes show the crane bright (`cards/crane.svg`) fanned over a red card back;
below 48 px, where two cards would be a smudge, the crane card stands alone and its `fine`
layer is cut, as the table does for small cards (art/README.md).

No Pillow: the PNGs are encoded here from pygame's RGBA pixels (zlib, no timestamps), and
the .ico and .icns files are the simple containers of PNGs both formats allow (`pack_ico`,
`pack_icns`; their layout is described at each function). The files are committed; rerun this
after changing the card art.
"""

from __future__ import annotations

import io
import logging
import re
import struct
import sys
import zlib
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pygame is imported only when drawing or loading the icon
    import pygame

HERE = Path(__file__).resolve().parent
ICON_PNG = "icon.png"
ICON_ICO = "icon.ico"
ICON_ICNS = "icon.icns"
WINDOW_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# .icns element types holding PNG data, by pixel size (Apple's "icns" types since 10.7).
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"icp6", 64), (b"ic12", 64),
    (b"ic07", 128), (b"ic08", 256), (b"ic13", 256), (b"ic09", 512), (b"ic14", 512))
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SMALL = 48  # below this, one upright card without hairlines
FACE = "crane.svg"
BACK = "back.svg"
FRAME = (0x5A, 0x1A, 0x14)  # palette.json back_red: the frame the table draws round a face
_FINE_RE = re.compile(r'<g id="fine">.*?</g>', re.S)
CARD_RATIO = 530 / 320  # the card SVGs' view box


# --- drawing -----------------------------------------------------------------------------


def _card(pygame_mod, name: str, height: int, fine: bool) -> pygame.Surface:  # noqa: ANN001
    """One card, `height` px tall, with rounded corners and a frame in the back colour."""
    pg = pygame_mod
    svg = (HERE / "cards" / name).read_text(encoding="utf-8")
    if not fine:
        svg = _FINE_RE.sub('<g id="fine"></g>', svg, count=1)
    width = max(1, round(height / CARD_RATIO))
    art = pg.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (width, height))
    art = pg.transform.smoothscale(art, (width, height)) if art.get_size() != (
        width, height) else art
    radius = max(1, round(width * 0.07))
    frame = max(1, round(width * 0.035))
    card = pg.Surface((width, height), pg.SRCALPHA)
    pg.draw.rect(card, (*FRAME, 255), card.get_rect(), border_radius=radius)
    inner = card.get_rect().inflate(-2 * frame, -2 * frame)
    mask = pg.Surface(inner.size, pg.SRCALPHA)
    pg.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(),
                 border_radius=max(0, radius - frame))
    face = art.subsurface(inner).copy()
    face.blit(mask, (0, 0), special_flags=pg.BLEND_RGBA_MIN)
    card.blit(face, inner.topleft)
    return card


def draw(size: int) -> pygame.Surface:
    """The icon at `size` px square, transparent around the cards.

    Drawn at 4x and scaled down (smoothscale), so the rounded corners and the tilted cards
    have soft edges at every size."""
    import pygame as pg

    k = 4
    big = size * k
    out = pg.Surface((big, big), pg.SRCALPHA)
    if size < SMALL:
        card = _card(pg, FACE, big, fine=False)
        out.blit(card, card.get_rect(center=(big // 2, big // 2)))
    else:
        h = round(big * 0.86)
        back = pg.transform.rotozoom(_card(pg, BACK, h, fine=True), 14, 1.0)
        face = pg.transform.rotozoom(_card(pg, FACE, h, fine=True), -8, 1.0)
        out.blit(back, back.get_rect(center=(round(big * 0.40), big // 2)))
        out.blit(face, face.get_rect(center=(round(big * 0.58), big // 2)))
    return pg.transform.smoothscale(out, (size, size))


# --- file formats ------------------------------------------------------------------------


def png_bytes(surface: pygame.Surface) -> bytes:
    """An RGBA PNG of the surface: signature, IHDR, one IDAT, IEND (no timestamp, so the
    same pixels give the same bytes)."""
    import pygame as pg

    w, h = surface.get_size()
    rgba = pg.image.tobytes(surface, "RGBA")
    rows = b"".join(b"\x00" + rgba[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)  # 8-bit RGBA, no interlace
    return (PNG_SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR; ValueError if it is not a PNG."""
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def pack_ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico of PNG images (allowed since Windows Vista).

    ICONDIR: reserved 0, type 1 (icon), count (three little-endian u16); then one 16-byte
    ICONDIRENTRY per image: width, height (0 means 256), colour count 0, reserved 0,
    planes 1, bits per pixel 32, byte size, offset from the file's start; then the images."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def read_ico(data: bytes) -> dict[int, bytes]:
    """Pixel size -> PNG bytes of an .ico written by `pack_ico`; ValueError if malformed."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an icon file")
    out: dict[int, bytes] = {}
    for i in range(count):
        w, h, _c, _r, planes, bpp, size, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        if offset + size > len(data):
            raise ValueError("an image runs past the end of the file")
        out[w or 256] = data[offset:offset + size]
    return out


def pack_icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns of PNG images: 'icns' and the file's length (big-endian u32), then per
    element its four-letter type, its length with this 8-byte header, and the PNG."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
                    for kind, s in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def read_icns(data: bytes) -> dict[bytes, bytes]:
    """Element type -> data of an .icns file; ValueError if malformed."""
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file")
    out, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack(">I", data[pos + 4:pos + 8])[0]
        if length < 8 or pos + length > len(data):
            raise ValueError("an element runs past the end of the file")
        out[kind] = data[pos + 8:pos + length]
        pos += length
    return out


# --- use ---------------------------------------------------------------------------------


def window_icon() -> pygame.Surface | None:
    """The window icon (icon.png, from the package data or the frozen bundle); None when it
    cannot be read, for a missing icon must never stop the game."""
    import pygame as pg

    from game.resources import read_resource

    try:
        return pg.image.load(io.BytesIO(read_resource("art", ICON_PNG)), ICON_PNG)
    except (OSError, pg.error, ValueError) as e:
        logging.getLogger(__name__).warning("no window icon: %s", e)
        return None


def write(out_dir: Path) -> list[Path]:
    """Draw every size once and write the three files into `out_dir`."""
    import pygame as pg

    pg.init()  # not the display: drawing needs only surfaces and the SVG loader
    sizes = sorted({WINDOW_SIZE, *ICO_SIZES, *(s for _k, s in ICNS_TYPES)})
    pngs = {s: png_bytes(draw(s)) for s in sizes}
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {ICON_PNG: pngs[WINDOW_SIZE],
             ICON_ICO: pack_ico({s: pngs[s] for s in ICO_SIZES}),
             ICON_ICNS: pack_icns(pngs)}
    written = []
    for name, data in files.items():
        (out_dir / name).write_bytes(data)
        written.append(out_dir / name)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else HERE
    for p in write(out):
        print(f"{p} ({p.stat().st_size / 1024:.0f} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
