"""Reading gettext `.po` catalogs with the standard library alone.

Why not compiled `.mo` files: a build step (msgfmt is not in the standard library) and a
binary twin of every catalog to keep in step. Why not Babel or polib: a dependency in the
frozen program for ~120 lines of parsing. So the `.po` text ships and is read at start-up:
`parse` turns it into entries, `translations` packs the translated ones into the `.mo`
layout in memory and hands that to `gettext.GNUTranslations`, so plural forms (the
catalog's Plural-Forms header) and contexts behave exactly as gettext defines them.

The catalogs are ours and ship with the program, but a damaged one must still never stop the
game: `PoError` names the line, and the caller falls back to English. gettext trusts a
catalog's header (it raises IndexError on a Plural-Forms without its `;`, LookupError on an
unknown charset, and a plural rule that divides by zero fails at the first count), so the
header is checked here first (`header_problems`) and handed to gettext rebuilt from the
checked values. A translation whose placeholders differ from its message's would fail at
`.format()`: it is left out (logged), so that one message shows in English.
`python -m game.messages check` rejects the same things with the same functions.
"""

from __future__ import annotations

import codecs
import gettext
import io
import logging
import re
import string
import struct
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

MAX_BYTES = 8_000_000  # our catalogs are ~150 kB; anything this big is not one of them
MAX_PLURALS = 6  # the most forms any language's rule has (Arabic)
PLURAL_PROBE = (*range(0, 1001), 10_001, 100_000, 1_000_001, 2**31 - 1)  # counts checked
CONTEXT_SEP = "\x04"  # gettext's separator between a context and its message id


class PoError(ValueError):
    """A catalog that cannot be read; the message names the line."""


@dataclass
class Entry:
    msgid: str
    msgstr: list[str] = field(default_factory=lambda: [""])
    msgid_plural: str | None = None
    msgctxt: str | None = None
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # "#." and "#:" lines, kept for merges

    @property
    def key(self) -> str:
        """The id gettext looks up: the context, \\x04, then the message id."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}{CONTEXT_SEP}{self.msgid}"

    @property
    def translated(self) -> bool:
        return "fuzzy" not in self.flags and all(self.msgstr) and bool(self.msgstr)


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}


def _unquote(text: str, line_no: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise PoError(f"line {line_no}: expected a quoted string")
    out, body, i = [], text[1:-1], 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise PoError(f"line {line_no}: unknown escape")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        elif ch == '"':
            raise PoError(f"line {line_no}: unescaped quote")
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def parse(text: str) -> list[Entry]:
    """The entries of a `.po` text, header (msgid "") included; PoError if malformed."""
    if len(text) > MAX_BYTES:
        raise PoError("catalog too large")
    entries: list[Entry] = []
    cur: Entry | None = None
    field_name: str | None = None
    index = 0
    pending_flags: set[str] = set()
    pending_comments: list[str] = []

    def finish() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):  # obsolete entries are not part of the catalog
            continue
        if line.startswith("#"):
            if cur is not None and field_name is not None and field_name.startswith("msgstr"):
                finish()
            if line.startswith("#,"):
                pending_flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            elif line.startswith(("#.", "#:")):
                pending_comments.append(line)
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if cur is None or field_name is None:
                raise PoError(f"line {no}: a continued string outside an entry")
            value = _unquote(line, no)
            if field_name == "msgid":
                cur.msgid += value
            elif field_name == "msgid_plural":
                cur.msgid_plural = (cur.msgid_plural or "") + value
            elif field_name == "msgctxt":
                cur.msgctxt = (cur.msgctxt or "") + value
            else:
                cur.msgstr[index] += value
            continue
        if keyword == "msgctxt" or (keyword == "msgid" and (
                cur is None or field_name != "msgctxt")):
            finish()
            cur = Entry(msgid="", flags=pending_flags, comments=pending_comments)
            pending_flags, pending_comments = set(), []
        if cur is None:
            raise PoError(f"line {no}: {keyword or line[:20]!r} before any msgid")
        if keyword == "msgctxt":
            cur.msgctxt, field_name = _unquote(rest, no), "msgctxt"
        elif keyword == "msgid":
            cur.msgid, field_name = _unquote(rest, no), "msgid"
        elif keyword == "msgid_plural":
            cur.msgid_plural, field_name = _unquote(rest, no), "msgid_plural"
        elif keyword == "msgstr":
            cur.msgstr, index, field_name = [_unquote(rest, no)], 0, "msgstr"
        elif keyword.startswith("msgstr[") and keyword.endswith("]"):
            try:
                index = int(keyword[7:-1])
            except ValueError:
                raise PoError(f"line {no}: bad plural index") from None
            if field_name != "msgstr":  # the first form, right after msgid_plural
                cur.msgstr = []
            if index != len(cur.msgstr):
                raise PoError(f"line {no}: plural forms out of order")
            cur.msgstr.append("")
            cur.msgstr[index] = _unquote(rest, no)
            field_name = "msgstr"
        else:
            raise PoError(f"line {no}: unknown keyword {keyword[:20]!r}")
    finish()
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    """The catalog's header fields (Language, Plural-Forms, ...)."""
    for e in entries:
        if e.msgid == "" and e.msgctxt is None:
            out = {}
            for line in e.msgstr[0].splitlines():
                k, sep, v = line.partition(":")
                if sep:
                    out[k.strip()] = v.strip()
            return out
    return {}


_PLURAL_FORMS = re.compile(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*([^;]+?)\s*;?\s*")


def plural_rule(value: str) -> tuple[int, object]:
    """(nplurals, the rule as a function of n) from a Plural-Forms value, checked for
    every count in `PLURAL_PROBE`: a form index in range, no error. PoError otherwise."""
    m = _PLURAL_FORMS.fullmatch(value)
    if m is None:
        raise PoError(f"Plural-Forms {value[:60]!r} is not 'nplurals=N; plural=EXPR;'")
    n = int(m.group(1))
    if not 1 <= n <= MAX_PLURALS:
        raise PoError(f"Plural-Forms: nplurals={n} (1 to {MAX_PLURALS})")
    try:
        rule = gettext.c2py(m.group(2))
    except (ValueError, SyntaxError, RecursionError) as e:
        raise PoError(f"Plural-Forms: {str(e)[:80]}") from None
    for count in PLURAL_PROBE:
        try:
            form = rule(count)
        except (ArithmeticError, ValueError, RecursionError) as e:
            raise PoError(f"Plural-Forms: n={count}: {type(e).__name__}") from None
        if not isinstance(form, int) or not 0 <= form < n:
            raise PoError(f"Plural-Forms: n={count} gives form {form!r} of {n}")
    return n, rule


def header_problems(entries: list[Entry]) -> list[str]:
    """What in the catalog's header gettext could not use: a Content-Type without a
    charset or with another charset than UTF-8 (the .po is read as UTF-8), a Plural-Forms
    that does not parse or fails for some count. Empty when the header is sound."""
    head = header(entries)
    out = []
    ctype = head.get("Content-Type", "text/plain; charset=UTF-8")
    charset = ctype.partition("charset=")[2].strip().split(";")[0].strip()
    if not charset:
        out.append(f"Content-Type {ctype[:60]!r} names no charset")
    else:
        try:
            name = codecs.lookup(charset).name
        except LookupError:
            name = ""
        if name != "utf-8":
            out.append(f"charset {charset[:30]!r} is not UTF-8")
    if "Plural-Forms" in head:
        try:
            plural_rule(head["Plural-Forms"])
        except PoError as e:
            out.append(str(e))
    return out


def placeholders(text: str) -> list[str] | None:
    """The names of the `str.format` fields in `text`, sorted ("{n:,}" is "n", "{}" is
    ""); None when `text` is no format string at all (a lone brace)."""
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    names = []
    for _lit, name, _spec, _conv in parsed:
        if name is not None:
            names.append(re.split(r"[.\[]", name, maxsplit=1)[0])
    return sorted(names)


def placeholders_match(e: Entry) -> bool:
    """True when every form of a translation keeps its message's placeholders. A plural
    message's two English forms must have the same ones (gettext also answers a plain
    lookup of the singular with a plural form, which must then format like it)."""
    expect = placeholders(e.msgid)
    if e.msgid_plural is not None:
        other = placeholders(e.msgid_plural)
        if expect is None or other is None or set(expect) != set(other):
            return False
    if expect is None:  # braces that are not fields: the translation must keep them as is
        return all(s.count("{") == e.msgid.count("{") and s.count("}") == e.msgid.count("}")
                   for s in e.msgstr)
    for s in e.msgstr:  # by name: .format() takes each name however often it is used
        mine = placeholders(s)
        if mine is None or set(mine) != set(expect):
            return False
    return True


def _mo_bytes(pairs: list[tuple[str, str]]) -> bytes:
    """The GNU `.mo` layout (little endian, no hash table) of sorted (id, text) pairs."""
    pairs = sorted(pairs, key=lambda p: p[0].encode())
    ids = [k.encode() for k, _ in pairs]
    strs = [v.encode() for _, v in pairs]
    n = len(pairs)
    start = 7 * 4 + 16 * n
    offsets, blob = [], b""
    for s in ids:
        offsets.append((len(s), start + len(blob)))
        blob += s + b"\0"
    toffsets = []
    for s in strs:
        toffsets.append((len(s), start + len(blob)))
        blob += s + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, 7 * 4, 7 * 4 + 8 * n, 0, start)
    out += b"".join(struct.pack("<2I", *o) for o in offsets)
    out += b"".join(struct.pack("<2I", *o) for o in toffsets)
    return out + blob


def translations(entries: list[Entry]) -> gettext.GNUTranslations:
    """A gettext translation object from parsed entries; untranslated or fuzzy entries are
    left out, so they show in English, and so are translations whose placeholders differ
    from their message's (logged). PoError when the header cannot be used."""
    bad = header_problems(entries)
    if bad:
        raise PoError(f"header: {'; '.join(bad)}")
    head = header(entries)
    nplurals = plural_rule(head["Plural-Forms"])[0] if "Plural-Forms" in head else 2
    # gettext reads only these two fields; rebuilt from the checked values
    header_text = "Content-Type: text/plain; charset=UTF-8\n" + (
        f"Plural-Forms: {head['Plural-Forms']}\n" if "Plural-Forms" in head else "")
    pairs: list[tuple[str, str]] = [("", header_text)]
    for e in entries:
        if e.msgid == "" and e.msgctxt is None or not e.translated:
            continue
        if not placeholders_match(e):
            log.warning("catalog: the translation of %r keeps other placeholders; English "
                        "is shown", e.msgid[:60])
            continue
        if e.msgid_plural is not None and len(e.msgstr) != nplurals:
            log.warning("catalog: %r has %d plural forms, not %d; English is shown",
                        e.msgid[:60], len(e.msgstr), nplurals)
            continue
        key = e.key if e.msgid_plural is None else f"{e.key}\0{e.msgid_plural}"
        pairs.append((key, "\0".join(e.msgstr)))
    try:
        return gettext.GNUTranslations(io.BytesIO(_mo_bytes(pairs)))
    except (ValueError, SyntaxError, OSError, LookupError, IndexError) as e:
        raise PoError(f"header: {e}") from None


def quote(s: str) -> str:
    """A string as a `.po` literal (the inverse of reading one)."""
    body = (s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            .replace("\t", "\\t").replace("\r", "\\r"))
    return f'"{body}"'


def dump(entries: list[Entry]) -> str:
    """`.po` text for entries (the message tool writes catalogs with it)."""
    out: list[str] = []
    for e in entries:
        out.extend(e.comments)
        if e.flags:
            out.append("#, " + ", ".join(sorted(e.flags)))
        if e.msgctxt is not None:
            out.append(f"msgctxt {quote(e.msgctxt)}")
        out.append(f"msgid {quote(e.msgid)}")
        if e.msgid_plural is not None:
            out.append(f"msgid_plural {quote(e.msgid_plural)}")
            for i, s in enumerate(e.msgstr):
                out.append(f"msgstr[{i}] {quote(s)}")
        else:
            out.append(f"msgstr {quote(e.msgstr[0] if e.msgstr else '')}")
        out.append("")
    return "\n".join(out)
