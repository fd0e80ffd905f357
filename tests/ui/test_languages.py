"""`python -m game --smoke --lang L` for each language, and no word on screen left out of
the catalog (the pseudo language shows every marked message with accented letters)."""

from __future__ import annotations

import pytest

from game.i18n import LANGUAGES
from game.messages import unmarked_text
from game.ui.smoke import smoke_run


@pytest.mark.parametrize("code", [c for c in LANGUAGES if c != "en"])
def test_smoke_in_each_language(code, capsys):
    assert smoke_run(language=code) == 0
    assert f"language {code}" in capsys.readouterr().out


def test_every_drawn_word_went_through_the_catalog():
    left = unmarked_text((("hachihachi", {}), ("hachi", {}), ("sudaoshi", {})))
    assert left == []
