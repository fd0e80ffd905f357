"""Every design citation in the repository resolves inside the repository.

The code cites the project's design record as "TABLE.md §5.2", "CARDS.md §12" or
"GUIDE.md §4" (also "GUIDE §1b"), and the rules as "docs/rules/hachihachi.md §5.3" or just
"common.md §4". Each citation must name a page that exists (docs/design/ for the design
record, docs/rules/ for the rules) and a section number that is a heading on that page
("## 5." or "### 5.2"), so a newcomer can follow it. The test scans game/, ai/, art/,
sounds/, tests/, benchmarks/, docs/ and the top-level files, and fails with the list of
citations that do not resolve. Inside a design page a bare "§4.6" means that page.

Lists and ranges are read as people write them: "TABLE.md §2-§3, §6.3", "README.md §3.3 to
§3.6", "examples.md §4 (D12, D13), §7", a citation broken over two lines; a trailing full
stop ("CARDS.md §14.") is not part of the number. A page name with no section ("see
CARDS.md") cites no section and is not checked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SELF = Path(__file__).resolve()
ROOT = SELF.parent.parent
DESIGN = ROOT / "docs" / "design"
RULES = ROOT / "docs" / "rules"
SCANNED_DIRS = ("game", "ai", "art", "sounds", "tests", "benchmarks", "docs")
TOP_FILES = ("README.md", "ARCHITECTURE.md", "setup.py", "build.spec", "pyproject.toml")
SUFFIXES = frozenset({".py", ".md", ".c", ".h", ".txt", ".toml", ".spec", ".po"})
SKIP_DIRS = frozenset({".venv", "venv", ".git", "build", "dist", "__pycache__"})

# The design pages and the top-level sections each keeps: the numbering of the design briefs
# the code was written against, so an old citation still means the same part.
DESIGN_PAGES: dict[str, list[str]] = {
    "TABLE.md": [str(n) for n in range(14)],
    "CARDS.md": [str(n) for n in range(15)],
    "GUIDE.md": ["1", "1b", "2", "3", "4", "5"],
}

# Cited pages the repository does not hold, with the reason. An entry stops mattering the
# day its page is added (a page that exists is always checked): then delete it here.
OUTSIDE: dict[str, str] = {
    "examples.md": "the rules specification's worked examples; the engine tests that cite "
                   "them (tests/engine/test_rules_api*.py, test_rounds_*.py) are their "
                   "copy in the repository",
}

NUMBER = r"\d+[a-z]?(?:\.\d+)*"
HEADING = re.compile(rf"^(#{{2,4}}) ({NUMBER})\.?(?= )", re.MULTILINE)
# A page, then (a closing backtick, a Markdown link's target, a closing parenthesis, a
# comma) and whitespace, then the first "§".
CITE = re.compile(
    r"(?<![\w/.-])(?:(?P<prefix>docs/design/|docs/rules/|rules/)?(?P<page>[A-Za-z][\w-]*)\.md"
    r"|(?P<short>TABLE|CARDS|GUIDE)\b)"
    r"`?(?:\]\([^)\s]*\))?\)?,?\s+(?=§)")
SECTION = re.compile(rf"§({NUMBER})")
# What may stand between two sections of one citation: spaces, line breaks (with a comment
# mark), commas, "and", "to", "or", dashes, a parenthesis without a section in it.
BETWEEN = re.compile(r"(?:\s|,|#|-|–|\band\b|\bto\b|\bor\b|\([^()§\n]*\))*(?=§)")


@dataclass(frozen=True)
class Citation:
    source: str  # file and line, for the failure message
    page: Path  # the cited page (which may not exist)
    section: str


def headings(page: Path) -> list[tuple[str, str]]:
    """(level, number) of the numbered headings of a Markdown page."""
    return HEADING.findall(page.read_text(encoding="utf-8"))


def numbers(page: Path) -> set[str]:
    return {number for _level, number in headings(page)}


def design_page_names() -> set[str]:
    return {p.name for p in DESIGN.glob("*.md") if p.name != "README.md"}


def target(prefix: str | None, name: str) -> Path:
    """The page a citation means: its explicit folder, else the design record for a design
    page's name, else the rules."""
    if prefix == "docs/design/":
        return DESIGN / name
    if prefix in ("docs/rules/", "rules/"):
        return RULES / name
    return DESIGN / name if name in design_page_names() else RULES / name


def citations(text: str, where: str, own_page: Path | None = None) -> Iterator[Citation]:
    """Every (page, section) cited in `text`; with `own_page`, bare "§N" cite that page."""
    consumed: set[int] = set()
    for m in CITE.finditer(text):
        name = f"{m['short']}.md" if m["short"] else f"{m['page']}.md"
        page = target(m["prefix"], name)
        pos = m.end()
        while True:
            sec = SECTION.match(text, pos)
            if sec is None:
                break
            consumed.add(sec.start())
            line = text.count("\n", 0, sec.start()) + 1
            yield Citation(f"{where}:{line}", page, sec[1])
            pos = sec.end()
            gap = BETWEEN.match(text, pos)
            if gap is None:
                break
            pos = gap.end()
    if own_page is not None:
        for sec in SECTION.finditer(text):
            if sec.start() not in consumed:
                line = text.count("\n", 0, sec.start()) + 1
                yield Citation(f"{where}:{line}", own_page, sec[1])


def unresolved(cites: list[Citation]) -> list[str]:
    """A line per citation that does not resolve, saying why."""
    known: dict[Path, set[str]] = {}
    out = []
    for c in cites:
        shown = f"{c.page.relative_to(ROOT)} §{c.section}"
        if not c.page.is_file():
            if c.page.name not in OUTSIDE:
                out.append(f"{c.source}: {shown}: no such page")
            continue
        if c.page not in known:
            known[c.page] = numbers(c.page)
        if c.section not in known[c.page]:
            out.append(f"{c.source}: {shown}: no such section")
    return out


def scanned_files() -> Iterator[Path]:
    """The files whose citations must resolve; this one is left out, since its examples of
    broken citations are broken on purpose."""
    for name in TOP_FILES:
        if (ROOT / name).is_file():
            yield ROOT / name
    for folder in SCANNED_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in SUFFIXES and path.is_file() and path != SELF and not (
                    SKIP_DIRS & set(path.relative_to(ROOT).parts)):
                yield path


def all_citations() -> list[Citation]:
    out: list[Citation] = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        own = path if path.parent == DESIGN and path.name != "README.md" else None
        out.extend(citations(text, str(path.relative_to(ROOT)), own))
    return out


# ----------------------------------------------------------------------------- the pages


@pytest.mark.parametrize("name", sorted(DESIGN_PAGES))
def test_design_page_exists_and_keeps_its_sections(name: str) -> None:
    page = DESIGN / name
    assert page.is_file(), f"docs/design/{name} is missing"
    assert page.read_text(encoding="utf-8").startswith("# "), f"docs/design/{name}: no title"
    found = headings(page)
    got = [number for _level, number in found]
    missing = [n for n in DESIGN_PAGES[name] if n not in got]
    assert not missing, f"docs/design/{name} lacks sections {missing}"
    assert len(got) == len(set(got)), f"docs/design/{name} repeats a section number"
    for level, number in found:  # "## 5." for a section, "### 5.2" for a part of one
        assert (level == "##") == ("." not in number), (
            f"docs/design/{name}: heading level {level} does not fit §{number}")


def test_design_readme_names_every_page() -> None:
    readme = (DESIGN / "README.md").read_text(encoding="utf-8")
    for page in sorted(p.name for p in DESIGN.glob("*.md") if p.name != "README.md"):
        assert f"]({page})" in readme, f"docs/design/README.md does not link {page}"
    assert set(DESIGN_PAGES) <= design_page_names()


def test_readme_links_the_design_record() -> None:
    """The project's README points a newcomer to docs/design/, and its links there work."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/design/[^)#\s]*)", readme)
    assert links, "README.md has no link to docs/design/"
    for link in links:
        assert (ROOT / link).exists(), f"README.md links {link}, which does not exist"


# ----------------------------------------------------------------------------- the reader


def test_the_reader_understands_how_citations_are_written() -> None:
    text = ("Palette (TABLE.md §2-§3, §6.3).\n"
            "per CARDS.md\n§9-§13. Also `hachihachi.md` §5.3 and [common.md](common.md) §6,\n"
            "docs/rules/README.md §3.3 to §3.6, rules/examples.md §4 (D12, D13), §7 and §9;\n"
            "GUIDE §1b, GUIDE.md §4, the sheet of CARDS.md §14. See TABLE.md for more.\n"
            "# continued comment: TABLE.md §5.6,\n# §5.10\n")
    got = [(c.page.relative_to(ROOT).as_posix(), c.section) for c in citations(text, "x")]
    assert got == [
        ("docs/design/TABLE.md", "2"), ("docs/design/TABLE.md", "3"),
        ("docs/design/TABLE.md", "6.3"),
        ("docs/design/CARDS.md", "9"), ("docs/design/CARDS.md", "13"),
        ("docs/rules/hachihachi.md", "5.3"), ("docs/rules/common.md", "6"),
        ("docs/rules/README.md", "3.3"), ("docs/rules/README.md", "3.6"),
        ("docs/rules/examples.md", "4"), ("docs/rules/examples.md", "7"),
        ("docs/rules/examples.md", "9"),
        ("docs/design/GUIDE.md", "1b"), ("docs/design/GUIDE.md", "4"),
        ("docs/design/CARDS.md", "14"),
        ("docs/design/TABLE.md", "5.6"), ("docs/design/TABLE.md", "5.10"),
    ]


def test_an_unresolved_citation_is_reported_with_its_place() -> None:
    text = "x\nTABLE.md §4.1 and TABLE.md §99.9; nowhere.md §1; examples.md §2 (outside)\n"
    problems = unresolved(list(citations(text, "demo.py")))
    # the rules path is built, not written out: the rules pages' own test reads this file
    missing = (RULES / "nowhere.md").relative_to(ROOT).as_posix()
    assert problems == ["demo.py:2: docs/design/TABLE.md §99.9: no such section",
                        f"demo.py:2: {missing} §1: no such page"]


def test_a_bare_section_in_a_design_page_means_that_page() -> None:
    page = DESIGN / "TABLE.md"
    got = [(c.page, c.section) for c in citations("docked (§4.6), CARDS.md §12 and §99",
                                                   "TABLE.md", page)]
    assert got == [(DESIGN / "CARDS.md", "12"), (DESIGN / "CARDS.md", "99"), (page, "4.6")]


# ----------------------------------------------------------------------------- the repository


def test_every_citation_resolves() -> None:
    cites = all_citations()
    design = [c for c in cites if c.page.parent == DESIGN]
    assert len(design) > 100, f"only {len(design)} design citations found: is the reader broken?"
    problems = unresolved(cites)
    assert not problems, ("citations that do not resolve inside the repository:\n"
                          + "\n".join(problems))


def test_pages_kept_outside_are_still_cited_and_still_absent() -> None:
    """The OUTSIDE list holds only what it must: cited pages the repository lacks."""
    cited = {c.page.name for c in all_citations() if not c.page.is_file()}
    for name in OUTSIDE:
        assert name in cited, f"{name} is no longer cited: drop it from OUTSIDE"


def test_the_architecture_map_names_only_files_that_exist() -> None:
    """ARCHITECTURE.md is a newcomer's map: every file or folder it names in backticks
    (a path with a slash, or a module file name) is in the tree, so the map never points at
    something moved or deleted."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([\w./<>-]+/[\w./<>-]*|[\w-]+\.(?:py|md|c))`", text))
    assert len(named) > 30
    missing = []
    for name in sorted(named):
        if "<" in name:  # a pattern such as docs/rules/<game>.md
            continue
        path = name.rstrip("/")
        found = (ROOT / path).exists() or any(ROOT.rglob(path)) if "/" not in path \
            else (ROOT / path).exists()
        if not found:
            missing.append(name)
    assert missing == []
