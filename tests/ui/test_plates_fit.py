"""Issue 23 (major 5, minor 10): the name plates hold their words in English, Japanese,
French and Ukrainian at 100, 150 and 200 % ("Yui 0 pts · Third · b…" was cut, and French
plates): every plate of the table, drawn with the longest real contents (a long name, the
longest computer level, Sudaoshi's role and burden, the longest status the game can give),
cuts nothing with "…"."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.play.chronicle import STATUSES
from game.play.session import SeatSpec
from game.play.terms import seat_role
from game.ui import theme
from game.ui.layout import layout
from game.ui.table_view import SeatInfo, TableView, shared_renderer

LANGS = ["en", "ja", "fr", "uk"]
CASES = [((1280, 720), 100), ((1280, 720), 150), ((1280, 720), 200), ((1920, 1080), 150),
         ((1920, 1080), 200)]
# (active, seats, phase, game)
CONFIGS = [(3, 3, "play", "sudaoshi"), (3, 7, "play", "hachihachi"),
           (3, 7, "dropout", "hachihachi"), (2, 2, "play", "hachi")]


@pytest.fixture(autouse=True)
def _back():
    yield
    theme.ELIDED = None
    theme.set_ui_scale(100)
    i18n.set_language("en")


def _longest(texts: list[str], size: int) -> str:
    return max(texts, key=lambda t: theme.text_width(t, size))


def _seat(game: str, position: int, status: str, human: bool, size: int) -> SeatInfo:
    """A seat with the widest words its plate can show in the current language."""
    specs = [SeatSpec("Ana", "ai:" + aid) for aid in ("casual", "rules", "expectimax",
                                                       "master")]
    spec = max(specs, key=lambda s: theme.text_width(s.describe(), size))
    if human:
        spec = SeatSpec("Anastasia", "human")
    return SeatInfo(name="Anastasia" if human else "Yui", kind=spec.describe(),
                    short_kind=spec.describe_short(), total=-1234, points=123,
                    dealer=True, sage=False, status=status,
                    role=seat_role(game, position, 120))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size,scale", CASES)
@pytest.mark.parametrize("config", CONFIGS)
def test_plates_cut_nothing(lang, size, scale, config):
    active, seats, phase, game = config
    i18n.set_language(lang)
    theme.set_ui_scale(scale)
    W, H = size
    L = layout(W, H, active, seats, phase, text=scale / 100,
               name_lines=2 if game == "sudaoshi" else 1)  # as the table asks (roles)
    surface = pygame.Surface(size)
    tv = TableView(shared_renderer())
    statuses = [_(STATUSES["sage"])]  # what a seat of a 2- or 3-seat game can show
    if seats > active:  # and a drop-out phase's words
        statuses += [_(s) for s in STATUSES.values()] + [
            _("Dropped · paid {amount}").format(amount=48)]
    theme.ELIDED = []
    with theme.table_text(L.text):
        status = _longest(statuses, L.small)
        for i, rect in enumerate(L.opponents):
            si = _seat(game, i % 3, status if i % 2 else "", False, L.small)
            tv.draw_plate(surface, rect, si, False, L.body, L.small, False,
                          phase == "dropout", L.opp_lines)
        me = _seat(game, 0, status, True, L.small)
        tv.draw_plate(surface, L.plate, me, True, L.body, L.small, True)
    cut = sorted(set(theme.ELIDED))
    assert not cut, cut


def _(s: str) -> str:
    return i18n._(s)
