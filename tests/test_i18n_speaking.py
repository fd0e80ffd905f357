"""i18n.speaking renders words in another language for a while, then gives the window its
own language back (the party mode's phones each read their own)."""

from game import i18n
from game.i18n import _, speaking


def test_speaking_switches_for_the_block_only():
    assert i18n.language() == "en"
    with speaking("ja"):
        assert i18n.language() == "ja" and _("Your hand") == "あなたの手札"
    assert i18n.language() == "en" and _("Your hand") == "Your hand"
    with speaking("xx"), speaking(None):  # unknown or none: the language in use
        assert i18n.language() == "en"
