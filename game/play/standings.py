"""Where each seat finished: the standings every front end shows at a game's end (the
window's result screen, the phone's last page). From the engine's totals only. No pygame.
"""

from __future__ import annotations

from collections.abc import Sequence


def ranking(totals: Sequence[int]) -> list[tuple[int, int]]:
    """(place, seat) best first; equal totals share a place (1, 1, 3)."""
    order = sorted(range(len(totals)), key=lambda s: -totals[s])
    out: list[tuple[int, int]] = []
    for i, s in enumerate(order):
        place = out[-1][0] if i and totals[s] == totals[order[i - 1]] else i + 1
        out.append((place, s))
    return out


__all__ = ["ranking"]
