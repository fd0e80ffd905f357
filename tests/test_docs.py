"""The rules pages in docs/rules/ exist, keep the spec's section numbers, and name every ruleset,
every option and every card the engine knows (so the repository explains itself).

Code comments cite these pages as "docs/rules/<page> §N.M", so a missing section number is a
broken reference. The test reads only the repository: never the spec beside the checkout.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.engine import rulesets
from game.engine.cards import CARD_IDS, KINDS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rules"

# Section numbers each page must keep: those of the rules specification's file of the same
# name, so a reference "§5.3" means the same rule on both sides.
SECTIONS: dict[str, list[str]] = {
    "README.md": ["1", "2", "3", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8",
                  "3.9", "4"],
    "common.md": ["1", "2", "3", "4", "4.1", "4.2", "5", "6", "7", "8", "9", "10"],
    "hachihachi.md": ["1", "2", "2.1", "2.2", "3", "4", "4.1", "4.2", "5", "5.1", "5.2", "5.3",
                      "5.4", "5.5", "5.6", "6", "6.1", "6.2", "6.3", "6.4", "6.5", "7", "8",
                      "9", "10", "11", "12", "13", "14", "15", "16", "17", "18"],
    "nuki.md": [str(n) for n in range(1, 12)],
    "hachi.md": [str(n) for n in range(1, 9)],
    "sudaoshi.md": [str(n) for n in range(1, 11)],
    "curriculum.md": ["1", "2", "3"],
    # not in the rules spec (the spec sits outside the repository): our own page's numbering
    "koikoi.md": ["1", "1.1", "1.2", "1.3", "1.4", "2", "2.1", "2.2", "3", "4", "4.1", "4.2",
                  "4.3", "4.4", "4.5", "4.6", "5", "5.1", "5.2", "5.3", "5.4", "5.5", "6",
                  "6.1", "6.2", "6.3", "6.4", "7"],
}

# The page that documents each ruleset (its options table lives there).
PAGE_OF = {
    "hachihachi": "hachihachi.md",
    "hachihachi-nintendo": "hachihachi.md",
    "nuki-hachihachi": "nuki.md",
    "hachi": "hachi.md",
    "sudaoshi": "sudaoshi.md",
    "curriculum": "curriculum.md",
    "koikoi": "koikoi.md",
}

_HEADING = re.compile(r"^(##|###) (\d+(?:\.\d+)?)[. ]", re.MULTILINE)


def _text(page: str) -> str:
    return (DOCS / page).read_text(encoding="utf-8")


def _numbers(page: str) -> list[str]:
    """Section numbers of '## 5. Title' and '### 5.3 Title' headings, in page order."""
    out = []
    for level, number in _HEADING.findall(_text(page)):
        if (level == "##") != ("." not in number):
            raise AssertionError(f"{page}: heading level {level} does not fit §{number}")
        out.append(number)
    return out


@pytest.mark.parametrize("page", sorted(SECTIONS))
def test_page_exists(page: str) -> None:
    assert (DOCS / page).is_file(), f"docs/rules/{page} is missing"
    assert _text(page).startswith("# "), f"docs/rules/{page} has no title"


@pytest.mark.parametrize("page", sorted(SECTIONS))
def test_section_numbers_match_the_spec(page: str) -> None:
    numbers = _numbers(page)
    missing = [n for n in SECTIONS[page] if n not in numbers]
    assert not missing, f"docs/rules/{page} lacks sections {missing}"
    assert len(numbers) == len(set(numbers)), f"docs/rules/{page} repeats a section number"


def test_readme_lists_every_page() -> None:
    readme = _text("README.md")
    for page in SECTIONS:
        if page != "README.md":
            assert f"({page})" in readme, f"README.md does not link {page}"


def test_every_ruleset_is_documented() -> None:
    pages = {page: _text(page) for page in SECTIONS}
    for name in rulesets.names():
        assert name in PAGE_OF, f"ruleset {name!r} has no page: add it to docs/rules/ and PAGE_OF"
        assert f"`{name}`" in pages[PAGE_OF[name]], f"{PAGE_OF[name]} never names `{name}`"
        assert f"`{name}`" in pages["README.md"], f"README.md does not list `{name}`"


@pytest.mark.parametrize("name", rulesets.names())
def test_every_option_is_documented_on_its_page(name: str) -> None:
    page = PAGE_OF[name]
    text = _text(page)
    for opt in rulesets.ruleset_class(name).OPTIONS:
        assert f"`{opt.name}`" in text, f"{page} does not document option `{opt.name}` of {name}"
        if opt.kind is str:
            for value in opt.values:
                assert f"`{value}`" in text, (
                    f"{page} does not name value `{value}` of option `{opt.name}` ({name})")


def _card_rows() -> dict[str, list[str]]:
    """The rows of README.md's card table, keyed by card id."""
    rows = {}
    for line in _text("README.md").splitlines():
        m = re.match(r"\| `([a-z_0-9]+)` \|(.*)\|\s*$", line)
        if m and m.group(1) in CARD_IDS:
            rows[m.group(1)] = [c.strip() for c in m.group(2).split("|")]
    return rows


def test_card_table_matches_the_engine() -> None:
    """id, month, kind, points in the 88 family, Hachi and Sudaoshi, and the Nuki deck."""
    rows = _card_rows()
    assert list(rows) == list(CARD_IDS), "README.md §5 must list the 48 cards in card order"
    hh, hachi, suda = (rulesets.get(n) for n in ("hachihachi", "hachi", "sudaoshi"))
    nuki = set(rulesets.get("nuki-hachihachi").deck)
    for i, card in enumerate(CARD_IDS):
        _name, month, kind, p_hh, p_hachi, p_suda, in_nuki = rows[card]
        assert int(month.split()[0]) == i // 4 + 1, card
        assert kind == KINDS[i], card
        assert int(p_hh) == hh.card_points([card]), card
        assert int(p_hachi) == hachi.card_points([card]), card
        assert int(p_suda) == suda.card_points([card]), card
        assert in_nuki == ("yes" if card in nuki else "no"), card


def test_rules_words_can_be_found() -> None:
    """A newcomer finds each rule by its own name with one grep over docs/."""
    every = "\n".join(_text(page) for page in SECTIONS).lower()
    for word in ("sage", "shoubu", "mizuten", "drop-out fee", "liability", "hatto", "tobikomi",
                 "nukeyaku", "paulownia rule", "agari", "teyaku", "dekiyaku", "all eights",
                 "sohachi", "compensation", "acting dealer", "burden", "decisions of this "
                 "implementation"):
        assert word in every, f"no page of docs/rules/ says {word!r}"


ROOT = DOCS.parent.parent
_PATH = re.compile(r"`((?:game|ai|tests|benchmarks)/[\w/]+\.py)`")
_CITE = re.compile(r"docs/rules/([\w]+\.md),? ((?:§[\d.]*\d(?:-§?[\d.]*\d)?(?:, ?)?)+)")


def test_engine_paths_in_the_pages_exist() -> None:
    for page in SECTIONS:
        for path in _PATH.findall(_text(page)):
            assert (ROOT / path).is_file(), f"{page} points to {path}, which does not exist"


def test_code_citations_point_to_existing_sections() -> None:
    """Every 'docs/rules/<page> §N' in the code names a page and a section that exist."""
    numbers = {page: set(_numbers(page)) for page in SECTIONS}
    for folder in ("game", "ai", "tests", "benchmarks"):
        for source in sorted((ROOT / folder).rglob("*.py")):
            text = source.read_text(encoding="utf-8")
            for page, refs in _CITE.findall(text):
                where = f"{source.relative_to(ROOT)} cites docs/rules/{page} {refs}"
                assert page in numbers, f"{where}: no such page"
                for ref in re.findall(r"\d+(?:\.\d+)?", refs):
                    assert ref in numbers[page], f"{where}: no §{ref} there"


_LINK = re.compile(r"(README|[a-z]+)\.md`?(?:\]\([a-z]+\.md\))?\)?,? "
                   r"((?:§[\d.]*\d(?:,? (?:and )?)?)+)")


def test_references_between_pages_exist() -> None:
    """'`hachihachi.md` §5.3' or '[common.md](common.md) §6' inside the pages."""
    numbers = {page: set(_numbers(page)) for page in SECTIONS}
    for page in SECTIONS:
        for name, refs in _LINK.findall(_text(page)):
            target = f"{name}.md"
            assert target in numbers, f"{page} refers to {target}, which is not a page"
            for ref in re.findall(r"\d+(?:\.\d+)?", refs):
                assert ref in numbers[target], f"{page} refers to {target} §{ref}: no such section"
