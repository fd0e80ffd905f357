"""The translators' tool: `python -m game.messages extract | update | check`.

- `extract` collects every `_("…")`, `N_("…")`, `ngettext("…", "…", n)` and
  `pgettext("ctx", "…")` with literal strings from game/ and ai/ into game/locale/messages.pot;
- `update` brings each language's `.po` in step with it: new messages are added empty,
  translations of messages that still exist are kept, messages no longer used are dropped;
- `check` prints, per language, how many messages are untranslated or keep different
  placeholders than English (exit 1 if any; the tests run the same check);
- `pseudo` plays the smoke walk of several games in the pseudo language, where every
  translated message is drawn with accented letters, and lists the text drawn with plain
  ASCII words: strings a player sees that were never marked for translation (exit 1 if any).

Standard library only (ast for extraction, game.po for the format).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from game import po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
POT = LOCALE / "messages.pot"
SOURCES = ("game", "ai")
CATALOGS = ("ja", "fr", "uk")
PLURAL_FORMS = {
    "ja": "nplurals=1; plural=0;",
    "fr": "nplurals=2; plural=(n > 1);",
    "uk": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
          "(n%100<10 || n%100>=20) ? 1 : 2);",
}
NPLURALS = {"ja": 1, "fr": 2, "uk": 3}
FUNCS = {"_": ("msgid",), "N_": ("msgid",), "ngettext": ("msgid", "msgid_plural"),
         "pgettext": ("msgctxt", "msgid")}
FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)?(?:[!:][^{}]*)?\}")


@dataclass
class Found:
    msgid: str
    msgid_plural: str | None
    msgctxt: str | None
    where: str


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) \
        else None


def _parse(source: str, name: str, tries: int = 3) -> ast.Module:
    """`ast.parse`, tried again on CPython 3.11's spurious "AST constructor recursion depth
    mismatch" (gh-106905, fixed in 3.11.8 and 3.12.1): its depth counter is shared by the
    interpreter, so a module compiled by another thread meanwhile (a background import)
    can upset it. A genuine error repeats and is raised."""
    for attempt in range(tries):
        try:
            return ast.parse(source, name)
        except SystemError:
            if attempt == tries - 1:
                raise
    raise AssertionError("unreachable")


def find_messages(paths: Iterable[Path], root: Path = ROOT) -> list[Found]:
    """Every marked message with a literal text, in file order."""
    out: list[Found] = []
    for path in paths:
        tree = _parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(
                f, ast.Attribute) else None
            if name not in FUNCS:
                continue
            roles = FUNCS[name]
            if len(node.args) < len(roles):
                continue
            values = [_literal(a) for a in node.args[:len(roles)]]
            if any(v is None for v in values):
                continue  # _(variable): a value marked with N_ elsewhere
            d = dict(zip(roles, values, strict=True))
            where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
            out.append(Found(d["msgid"], d.get("msgid_plural"), d.get("msgctxt"), where))
    return out


def source_files(root: Path = ROOT) -> list[Path]:
    files: list[Path] = []
    for folder in SOURCES:
        files.extend(sorted((root / folder).rglob("*.py")))
    return [p for p in files if p.name != "messages.py"]


def template(found: list[Found]) -> list[po.Entry]:
    """The .pot entries: one per (context, id), with every place it is used."""
    entries: dict[tuple[str | None, str], po.Entry] = {}
    for f in found:
        if not f.msgid:
            continue
        key = (f.msgctxt, f.msgid)
        e = entries.get(key)
        if e is None:
            e = entries[key] = po.Entry(f.msgid, [""] if f.msgid_plural is None else ["", ""],
                                        f.msgid_plural, f.msgctxt)
            if FIELD.search(f.msgid):
                e.flags.add("python-brace-format")
        e.comments.append(f"#: {f.where}")
    head = po.Entry("", ["Content-Type: text/plain; charset=UTF-8\n"])
    return [head, *entries.values()]


def header_text(code: str) -> str:
    return (f"Project-Id-Version: hachihachi\nLanguage: {code}\n"
            "MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
            "Content-Transfer-Encoding: 8bit\n"
            f"Plural-Forms: {PLURAL_FORMS[code]}\n")


def merge(code: str, pot: list[po.Entry], old: list[po.Entry]) -> list[po.Entry]:
    """The catalog of `code` for the template `pot`, keeping the translations in `old`."""
    known = {e.key: e for e in old if e.msgid}
    out = [po.Entry("", [header_text(code)])]
    n = NPLURALS[code]
    for t in pot:
        if not t.msgid:
            continue
        prev = known.get(t.key)
        e = po.Entry(t.msgid, [""] * (n if t.msgid_plural is not None else 1),
                     t.msgid_plural, t.msgctxt, set(t.flags), list(t.comments))
        if prev is not None and (prev.msgid_plural is None) == (t.msgid_plural is None):
            forms = list(prev.msgstr)[:len(e.msgstr)]
            e.msgstr[:len(forms)] = forms
            e.flags |= prev.flags & {"fuzzy"}
        out.append(e)
    return out


def problems(code: str, entries: list[po.Entry], pot: list[po.Entry]) -> dict[str, list[str]]:
    """What is wrong with a catalog against the template: a header gettext cannot use,
    untranslated, missing, extra, placeholder or plural-count mismatches (each a list of
    message ids, or of header problems). The placeholder and header checks are game.po's,
    the same the game makes when it loads the catalog."""
    out: dict[str, list[str]] = {"header": po.header_problems(entries), "untranslated": [],
                                 "missing": [], "extra": [], "placeholders": [],
                                 "plurals": []}
    if "Plural-Forms" not in po.header(entries):
        out["header"].append("no Plural-Forms")
    else:
        try:
            if po.plural_rule(po.header(entries)["Plural-Forms"])[0] != NPLURALS[code]:
                out["header"].append(f"Plural-Forms: not {NPLURALS[code]} forms")
        except po.PoError:
            pass  # already said by header_problems
    mine = {e.key: e for e in entries if e.msgid}
    want = {e.key: e for e in pot if e.msgid}
    out["missing"] = [k for k in want if k not in mine]
    out["extra"] = [k for k in mine if k not in want]
    for k, e in mine.items():
        if k not in want:
            continue
        if not e.translated:
            out["untranslated"].append(k)
            continue
        if e.msgid_plural is not None and len(e.msgstr) != NPLURALS[code]:
            out["plurals"].append(k)
        if not po.placeholders_match(e):
            out["placeholders"].append(k)
    return out


PSEUDO_GAMES = (("hachihachi", {}), ("hachihachi-nintendo", {}), ("hachi", {}),
                ("sudaoshi", {}), ("curriculum", {"tier": 5}), ("nuki-hachihachi", {}))
# data, not words: seat names of the smoke and the guided game, the logo's reading, record
# file names and folders, web addresses, proper names of fonts and licences, the languages'
# own names (each written in its own language, never translated)
NOT_WORDS = re.compile(
    r"\d{8}-\d{6}-[\w-]+(?:\.json)?|(?:/[\w.-]+)+/?|https?://\S+|Noto Sans|"
    r"SIL Open Font License|Ana|Ren|Yui|Kei|Mio|Sora|Taro|Hana|Kiku|You|Hachi-Hachi|"
    r"English|Français")


def unmarked_text(games: Iterable[tuple[str, dict]] = PSEUDO_GAMES) -> list[str]:
    """Text drawn during smoke walks in the pseudo language that has a plain ASCII word."""
    import contextlib
    import io

    from game import i18n
    from game.ui import smoke, theme

    theme.DRAWN = set()
    try:
        for name, options in games:
            with contextlib.redirect_stdout(io.StringIO()):
                smoke.smoke_run(ruleset=name, options=options, language=i18n.PSEUDO)
        drawn = theme.DRAWN
    finally:
        theme.DRAWN = None
        i18n.set_language(i18n.SOURCE)
    licences = _licence_text()  # shown as written: a licence is not ours to translate
    return sorted(s for s in drawn if s.strip() not in licences
                  and re.search(r"[A-Za-z]{2,}", NOT_WORDS.sub("", s)))


def _licence_text() -> str:
    from game.resources import resource_dir

    try:
        folder = resource_dir("art", "LICENSES")
    except FileNotFoundError:
        return ""
    return "\n".join(p.read_text(encoding="utf-8", errors="replace")
                     for p in sorted(folder.iterdir()) if p.is_file())


def read(path: Path) -> list[po.Entry]:
    return po.parse(path.read_text(encoding="utf-8")) if path.is_file() else []


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.messages", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=("extract", "update", "check", "pseudo"))
    args = ap.parse_args(argv)
    if args.command == "pseudo":
        left = unmarked_text()
        for s in left:
            print(f"  not marked: {s[:90]!r}")
        print(f"pseudo: {len(left)} drawn strings never went through the catalog")
        return 1 if left else 0
    LOCALE.mkdir(parents=True, exist_ok=True)
    if args.command in ("extract", "update"):
        pot = template(find_messages(source_files()))
        POT.write_text(po.dump(pot), encoding="utf-8")
        print(f"{POT.relative_to(ROOT)}: {len(pot) - 1} messages")
        if args.command == "update":
            for code in CATALOGS:
                path = LOCALE / f"{code}.po"
                merged = merge(code, pot, read(path))
                path.write_text(po.dump(merged), encoding="utf-8")
                todo = sum(1 for e in merged[1:] if not e.translated)
                print(f"{path.relative_to(ROOT)}: {len(merged) - 1} messages, {todo} to "
                      "translate")
        return 0
    pot = template(find_messages(source_files()))
    bad = 0
    for code in CATALOGS:
        found = problems(code, read(LOCALE / f"{code}.po"), pot)
        counts = ", ".join(f"{k} {len(v)}" for k, v in found.items())
        print(f"{code}: {len(pot) - 1} messages; {counts}")
        for kind, keys in found.items():
            for k in keys[:5]:
                print(f"  {kind}: {k[:70]!r}")
        bad += sum(len(v) for v in found.values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
