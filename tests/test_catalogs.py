"""The shipped catalogs (issue 15): every language has every message the code marks, with the
same placeholders as English, nothing empty, and the plural forms each language needs."""

from __future__ import annotations

import pytest

from game import i18n, po
from game.messages import (
    CATALOGS,
    LOCALE,
    NPLURALS,
    find_messages,
    problems,
    source_files,
    template,
)


@pytest.fixture(scope="module")
def pot() -> list[po.Entry]:
    return template(find_messages(source_files()))


def entries(code: str) -> list[po.Entry]:
    return po.parse((LOCALE / f"{code}.po").read_text(encoding="utf-8"))


def test_the_code_marks_a_real_number_of_messages(pot):
    assert len(pot) > 900  # every screen's words; a broken extractor finds few


@pytest.mark.parametrize("code", CATALOGS)
def test_catalog_matches_the_code(code, pot):
    found = problems(code, entries(code), pot)
    assert {k: v[:5] for k, v in found.items() if v} == {}


@pytest.mark.parametrize("code", CATALOGS)
def test_catalog_header_and_plural_rule(code):
    head = po.header(entries(code))
    assert head["Language"] == code
    assert f"nplurals={NPLURALS[code]};" in head["Plural-Forms"]


def test_ukrainian_plural_forms_for_1_2_5_21():
    """Each plural message takes form 0 for 1 and 21, form 1 for 2, form 2 for 5 and 11."""
    uk = entries("uk")
    t = po.translations(uk)
    plural = [e for e in uk if e.msgid_plural is not None]
    assert plural, "the code has counted messages"
    for e in plural:
        forms = [t.ngettext(e.msgid, e.msgid_plural, n) for n in (1, 2, 5, 21, 11)]
        assert forms == [e.msgstr[0], e.msgstr[1], e.msgstr[2], e.msgstr[0], e.msgstr[2]]


@pytest.mark.parametrize("code", CATALOGS)
def test_each_language_loads_and_translates(code):
    try:
        assert i18n.set_language(code) == code
        assert i18n._("Teach me to play") != "Teach me to play"
    finally:
        i18n.set_language("en")
