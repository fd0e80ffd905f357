"""A QR code as a pygame surface (segno makes the matrix; we draw the modules), for the party
lobby's seat links (issue 28)."""

from __future__ import annotations

import pygame


def qr_surface(text: str, size: int, dark: tuple[int, int, int] = (20, 20, 20),
               light: tuple[int, int, int] = (250, 248, 240)) -> pygame.Surface:
    """`text` as a square QR code about `size` pixels wide (whole pixels per module, the
    quiet zone included, so a phone camera reads it from across a room)."""
    import segno

    qr = segno.make(text, error="m")
    rows = [list(r) for r in qr.matrix_iter(scale=1, border=4)]
    n = len(rows)
    unit = max(1, size // n)
    surf = pygame.Surface((n * unit, n * unit))
    surf.fill(light)
    for y, row in enumerate(rows):
        for x, bit in enumerate(row):
            if bit:
                surf.fill(dark, pygame.Rect(x * unit, y * unit, unit, unit))
    return surf


__all__ = ["qr_surface"]
