"""The .po reader (game/po.py) and the language switch (game/i18n.py), on small catalogs."""

from __future__ import annotations

import pytest

from game import i18n, po
from game.messages import PLURAL_FORMS, find_messages, header_text, merge, problems, template

UK = f'''msgid ""
msgstr ""
{"".join(po.quote(line + chr(10)) + chr(10) for line in header_text("uk").splitlines())}
#: game/x.py:1
msgid "Play"
msgstr "Грати"

msgctxt "reading"
msgid "Sanbon"
msgstr "санбон"

#, python-brace-format
msgid "{{n}} card"
msgid_plural "{{n}} cards"
msgstr[0] "{{n}} карта"
msgstr[1] "{{n}} карти"
msgstr[2] "{{n}} карт"

msgid "Two \\"quoted\\"\\nlines"
msgstr "Два \\"рядки\\"\\n"
"в лапках"

#, fuzzy
msgid "Unsure"
msgstr "Непевно"
'''


def test_parse_plural_context_escapes_and_fuzzy():
    entries = po.parse(UK)
    assert po.header(entries)["Plural-Forms"] == PLURAL_FORMS["uk"]
    t = po.translations(entries)
    assert t.gettext("Play") == "Грати"
    assert t.pgettext("reading", "Sanbon") == "санбон"
    assert t.gettext("Sanbon") == "Sanbon"  # the context is part of the id
    assert t.gettext('Two "quoted"\nlines') == 'Два "рядки"\nв лапках'
    assert t.gettext("Unsure") == "Unsure"  # fuzzy: not trusted, shown in English
    assert [t.ngettext("{n} card", "{n} cards", n).format(n=n) for n in (1, 2, 5, 21, 11)] \
        == ["1 карта", "2 карти", "5 карт", "21 карта", "11 карт"]


def test_dump_reads_back_the_same():
    entries = po.parse(UK)
    again = po.parse(po.dump(entries))
    assert [(e.key, e.msgstr, e.msgid_plural, e.flags) for e in again] == \
        [(e.key, e.msgstr, e.msgid_plural, e.flags) for e in entries]


@pytest.mark.parametrize("text", [
    'msgid "a"\nmsgstr "b',  # truncated
    'msgid "a"\nmsgstr "\\q"',  # unknown escape
    'msgstr "b"',  # no msgid
    'msgid "a"\nmsgstr[1] "b"',  # plural form out of order
    'msgid "a"\nbogus "b"',
    '"continued"',
])
def test_damaged_catalogs_raise_with_a_line(text):
    with pytest.raises(po.PoError, match="line"):
        po.parse(text)


def test_a_bad_plural_header_is_refused():
    with pytest.raises(po.PoError):
        po.translations(po.parse('msgid ""\nmsgstr "Plural-Forms: nplurals=2; '
                                 'plural=__import__(1);\\n"\n'))


def test_a_damaged_catalog_leaves_the_game_in_english(monkeypatch, tmp_path):
    (tmp_path / "fr.po").write_text('msgid "Play"\nmsgstr "Jou', encoding="utf-8")
    monkeypatch.setattr(i18n, "resource_dir", lambda *a, **k: tmp_path)
    i18n.catalog_entries.cache_clear()
    try:
        assert i18n.set_language("fr") == "fr"
        assert i18n._("Play") == "Play"
    finally:
        i18n.catalog_entries.cache_clear()
        i18n.set_language("en")


def test_unknown_language_is_english():
    assert i18n.set_language("xx") == "en"
    assert i18n._("Play") == "Play"


@pytest.mark.parametrize(("env", "code"), [
    ({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LANGUAGE": "uk:en", "LANG": "C"}, "uk"),
    ({"LC_ALL": "fr_CA.UTF-8", "LANG": "ja_JP"}, "fr"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"), ({}, "en")])
def test_detect_reads_the_environment(env, code):
    assert i18n.detect(env) == code


def test_extract_merge_and_check(tmp_path):
    src = tmp_path / "game" / "m.py"
    src.parent.mkdir()
    src.write_text('x = _("Hello {name}")\ny = ngettext("{n} round", "{n} rounds", 3)\n'
                   'z = pgettext("reading", "Aka")\nw = _(variable)\n', encoding="utf-8")
    pot = template(find_messages([src], tmp_path))
    assert [e.key for e in pot[1:]] == ["Hello {name}", "{n} round", "reading\x04Aka"]
    uk = merge("uk", pot, [])
    assert [len(e.msgstr) for e in uk[1:]] == [1, 3, 1]
    found = problems("uk", uk, pot)
    assert len(found["untranslated"]) == 3
    uk[1].msgstr = ["Привіт {nam}"]
    uk[2].msgstr = ["{n} раунд", "{n} раунди", "{n} раундів"]
    uk[3].msgstr = ["ака"]
    found = problems("uk", uk, pot)
    assert found["placeholders"] == ["Hello {name}"] and not found["untranslated"]
    kept = merge("uk", pot, uk)  # a second update keeps the translations
    assert kept[2].msgstr == ["{n} раунд", "{n} раунди", "{n} раундів"]


# --- issue 24, item 7: a catalog can no longer stop the program ---------------------------
def _catalog(head: str, body: str = "") -> str:
    lines = "".join(po.quote(line + "\n") + "\n" for line in head.splitlines())
    return f'msgid ""\nmsgstr ""\n{lines}\n#, python-brace-format\nmsgid "Play {{{{name}}}}"\n' \
        f'msgstr "Грати {{{{name}}}}"\n\nmsgid "{{n}} card"\nmsgid_plural "{{n}} cards"\n' \
        f'msgstr[0] "{{n}} карта"\nmsgstr[1] "{{n}} карти"\nmsgstr[2] "{{n}} карт"\n{body}'


GOOD_HEAD = header_text("uk")
BAD_HEADERS = {
    "plural without ;": GOOD_HEAD.replace("nplurals=3;", "nplurals=3"),
    "plural without plural=": GOOD_HEAD.replace("plural=(", "("),
    "no charset": GOOD_HEAD.replace("; charset=UTF-8", ""),
    "unknown charset": GOOD_HEAD.replace("charset=UTF-8", "charset=klingon-8"),
    "another charset": GOOD_HEAD.replace("charset=UTF-8", "charset=latin-1"),
    "divides by zero": GOOD_HEAD.replace("plural=(n%10==1", "plural=(n%0==1"),
    "form out of range": GOOD_HEAD.replace("? 1 : 2);", "? 1 : 7);"),
}


@pytest.mark.parametrize("name", list(BAD_HEADERS))
def test_a_catalog_header_gettext_cannot_use_falls_back_to_english(monkeypatch, tmp_path,
                                                                    caplog, name):
    text = _catalog(BAD_HEADERS[name]).replace("{{", "{").replace("}}", "}")
    (tmp_path / "uk.po").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "resource_dir", lambda *a, **k: tmp_path)
    i18n.catalog_entries.cache_clear()
    try:
        assert i18n.set_language("uk") == "uk"
        assert i18n._("Play {name}") == "Play {name}"
        assert i18n.ngettext("{n} card", "{n} cards", 5) == "{n} cards"
        assert not i18n.has_catalog()
        assert any("English is used" in r.message for r in caplog.records)
    finally:
        i18n.catalog_entries.cache_clear()
        i18n.set_language("en")
    entries = po.parse(text)
    assert po.header_problems(entries), "messages check rejects it too"
    pot = template([]) + [e for e in entries if e.msgid]
    assert problems("uk", entries, pot)["header"]


def test_the_good_header_passes(monkeypatch, tmp_path):
    text = _catalog(GOOD_HEAD).replace("{{", "{").replace("}}", "}")
    assert not po.header_problems(po.parse(text))
    t = po.translations(po.parse(text))
    assert t.gettext("Play {name}") == "Грати {name}"


@pytest.mark.parametrize("translation", ["Грати {nom}", "Грати", "Грати {name} {", "{0}"])
def test_a_translation_with_other_placeholders_shows_the_message(caplog, translation):
    text = _catalog(GOOD_HEAD).replace("{{", "{").replace("}}", "}").replace(
        "Грати {name}", translation)
    entries = po.parse(text)
    t = po.translations(entries)
    assert t.gettext("Play {name}").format(name="Ana") == "Play Ana"
    assert t.ngettext("{n} card", "{n} cards", 5) == "{n} карт"  # the others still count
    assert any("placeholders" in r.message for r in caplog.records)
    pot = [e for e in entries if e.msgid]
    assert problems("uk", entries, pot)["placeholders"] == ["Play {name}"]


def test_a_plural_rule_failing_at_an_unprobed_count_gives_english():
    t = po.translations(po.parse(_catalog(GOOD_HEAD).replace("{{", "{").replace("}}", "}")))
    t.plural = lambda n: 1 // (n - 5000)  # as a rule failing far from the probed counts
    old = i18n._catalog
    i18n._catalog = t
    try:
        assert i18n.ngettext("{n} card", "{n} cards", 5000) == "{n} cards"
    finally:
        i18n._catalog = old


def test_a_catalog_that_is_no_file_does_not_block(monkeypatch, tmp_path):
    import os

    os.mkfifo(tmp_path / "uk.po")
    monkeypatch.setattr(i18n, "resource_dir", lambda *a, **k: tmp_path)
    i18n.catalog_entries.cache_clear()
    try:
        assert i18n.set_language("uk") == "uk" and not i18n.has_catalog()
    finally:
        i18n.catalog_entries.cache_clear()
        i18n.set_language("en")
