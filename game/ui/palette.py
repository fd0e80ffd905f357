"""The one palette of the table (TABLE.md §1, CARDS.md §6): felt, panels, text, card states.

Colours are named for what they mean; the table chrome (theme.py) and the card renderer
(cards.py) both read them here, so a highlight is the same gold everywhere. The chrome's
colours have a high-contrast variant (Settings → High contrast, issue 15): near-black felt,
white text, brighter panel lines; `use()` switches them and theme re-reads them live.
"""

from __future__ import annotations

FELT = (0x1F, 0x45, 0x36)
PANEL = (0x10, 0x1A, 0x16)
PANEL_ALPHA = 230
PANEL_LINE = (0x3C, 0x5A, 0x4C)
TEXT = (0xF3, 0xEC, 0xD8)
TEXT_DIM = (0xB8, 0xB3, 0xA2)
TEXT_OFF = (0x7A, 0x75, 0x68)
GOLD = (0xE8, 0xB8, 0x4A)  # chrome accents: frames, badges
MATCH = (0xF5, 0xD3, 0x6B)  # a card that can be taken: its ring and marker
GAIN = (0x56, 0xB4, 0xE9)  # gains, and the dashed hint ring on cards
LOSS = (0xE6, 0x9F, 0x00)
ALERT = (0xD2, 0x3A, 0x2A)
INK = (0x1E, 0x1B, 0x18)
WHITE = (0xFF, 0xFF, 0xFF)
GOFUN = (0xFB, 0xF8, 0xF0)  # the card face's shell white (month plates)
SHADE = (0x0B, 0x0F, 0x0D)  # the veil over a dimmed card
BACK_COLORS = {"red": (0x5A, 0x1A, 0x14), "black": (0x1B, 0x17, 0x16),
               "indigo": (0x1C, 0x27, 0x47)}  # art/palette.json's back_* (a test checks)

# The chrome colours each variant sets (the card colours never change: the art is the art).
STANDARD: dict[str, object] = {
    "FELT": FELT, "PANEL": PANEL, "PANEL_ALPHA": PANEL_ALPHA, "PANEL_LINE": PANEL_LINE,
    "TEXT": TEXT, "TEXT_DIM": TEXT_DIM, "TEXT_OFF": TEXT_OFF, "GOLD": GOLD, "GAIN": GAIN,
    "LOSS": LOSS,
}
# Gains and losses keep their sign and arrow; the blue/orange pair is only made lighter.
HIGH_CONTRAST: dict[str, object] = {
    "FELT": (0x0A, 0x0D, 0x0C), "PANEL": (0x00, 0x00, 0x00), "PANEL_ALPHA": 250,
    "PANEL_LINE": (0xC8, 0xD2, 0xCC), "TEXT": (0xFF, 0xFF, 0xFF),
    "TEXT_DIM": (0xE2, 0xDE, 0xD2), "TEXT_OFF": (0xA0, 0x9B, 0x8E), "GOLD": (0xFF, 0xCC, 0x4D),
    "GAIN": (0x8A, 0xD0, 0xFF), "LOSS": (0xFF, 0xB3, 0x2E),
}
_high_contrast = False


def use(high_contrast: bool) -> dict[str, object]:
    """Switch the chrome colours of this module; returns the set in use (theme copies it)."""
    global _high_contrast
    _high_contrast = bool(high_contrast)
    chosen = HIGH_CONTRAST if _high_contrast else STANDARD
    globals().update(chosen)
    return chosen


def high_contrast() -> bool:
    return _high_contrast
