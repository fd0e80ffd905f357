"""Subset the two Noto Sans JP fonts to the characters the game can draw with them:
``python -m tools.subset_fonts OUTDIR`` (build.spec calls `subset_fonts` itself).

pygame_gui ships Noto Sans JP whole (Regular and Bold, 9 MB together: every CJK ideograph,
about 17,000 glyphs). The game draws with it only (game/ui/fonts.py): its Japanese runs
(`split_runs`), and on the New game screen in Japanese every word, Latin ones included
(game/ui/setup_theme.py). So the subset keeps

- every character written anywhere in our text: the catalogs (game/locale/*.po: msgid and
  msgstr alike) and the Python and JSON sources of game/ and ai/, which hold the terms,
  card kinds and rule words written in Japanese (game/play/terms.py) and the engine's names;
  reading whole files keeps more than is drawn, never less;
- a safety margin: ASCII and Latin-1, the Latin, Greek and Cyrillic letters the font has,
  general punctuation, the CJK symbols and punctuation, hiragana, katakana and the full- and
  half-width forms;
- the 2,965 kanji of JIS X 0208 level 1 (the everyday kanji, most names among them), because
  a player types seat names and a record may bring names from another computer: a name in
  kanji must not turn into boxes.

The output files have the same names as pygame_gui's, so the build puts them where pygame_gui
and game/ui/fonts.py look. They are reproducible (no new timestamp). The fonts' licence (SIL
OFL 1.1, art/LICENSES/) allows a modified copy; Noto has no reserved font name.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# game/ui/fonts.py FONT_FILES for the Japanese script (a test checks they agree; not imported
# from there because that module loads pygame)
JP_FONTS = ("NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf")
TEXT_GLOBS = (("game", "**/*.po"), ("game", "**/*.py"), ("game", "**/*.json"),
              ("ai", "**/*.py"), ("ai", "**/*.json"))

SAFETY_RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x024F),  # Latin-1, Latin Extended-A and -B (names typed on the setup screen)
    (0x0370, 0x04FF),  # Greek and Cyrillic
    (0x2000, 0x206F),  # general punctuation
    (0x2190, 0x21FF),  # arrows
    (0x2212, 0x2212),  # the minus sign (game/ui/fonts.py draws it with this font)
    (0x2460, 0x24FF),  # enclosed numbers
    (0x25A0, 0x25FF),  # geometric shapes
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # hiragana, katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half-width and full-width forms
)


def jis_level1_kanji() -> set[str]:
    """The kanji of JIS X 0208 level 1: rows 16 to 47, read from Python's EUC-JP codec (row
    r, cell c is the bytes 0xA0 + r, 0xA0 + c)."""
    out = set()
    for row in range(16, 48):
        for cell in range(1, 95):
            try:
                out.add(bytes((0xA0 + row, 0xA0 + cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                pass  # row 47 ends at cell 51
    return out


def text_files(root: Path = ROOT) -> list[Path]:
    """Every file whose characters the subset keeps (see the module's docstring)."""
    found = set()
    for folder, pattern in TEXT_GLOBS:
        found |= {p for p in (root / folder).glob(pattern) if "__pycache__" not in p.parts}
    return sorted(found)


def text_characters(files: Iterable[Path]) -> set[str]:
    chars: set[str] = set()
    for path in files:
        chars |= set(path.read_text(encoding="utf-8"))
    return chars


def wanted_codepoints(root: Path = ROOT, names: bool = True) -> set[int]:
    """The code points to keep: our text, the safety margin and (`names`) the level-1 kanji."""
    points = {ord(c) for c in text_characters(text_files(root)) if c.isprintable()}
    for low, high in SAFETY_RANGES:
        points.update(range(low, high + 1))
    if names:
        points.update(ord(c) for c in jis_level1_kanji())
    return points


def font_source_dir() -> Path:
    """pygame_gui's data folder, found without importing pygame_gui (which starts pygame)."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError("pygame_gui is not installed")
    return Path(list(spec.submodule_search_locations)[0]) / "data"


def subset_font(src: Path, dst: Path, codepoints: set[int]) -> Path:
    """`src` cut to `codepoints` (those it has), written to `dst`; its layout features
    (kerning, proportional kana), hinting and names are kept."""
    from fontTools import subset

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True  # a character still missing draws a box, not nothing
    options.recalc_timestamp = False  # the same input gives the same bytes
    font = subset.load_font(str(src), options)
    try:
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(codepoints))
        subsetter.subset(font)
        dst.parent.mkdir(parents=True, exist_ok=True)
        subset.save_font(font, str(dst), options)
    finally:
        font.close()
    return dst


def subset_fonts(out_dir: Path, src_dir: Path | None = None, names: bool = True,
                 root: Path = ROOT) -> list[Path]:
    """Write the subset Noto Sans JP fonts into `out_dir` under their own file names."""
    src_dir = src_dir or font_source_dir()
    points = wanted_codepoints(root, names)
    return [subset_font(src_dir / name, Path(out_dir) / name, points) for name in JP_FONTS]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", help="where to write the subset fonts")
    ap.add_argument("--no-names", action="store_true",
                    help="leave out the level-1 kanji kept for players' names")
    args = ap.parse_args(argv)
    try:
        src = font_source_dir()
        written = subset_fonts(Path(args.outdir), src, names=not args.no_names)
    except ImportError:
        print("error: fonttools is missing: python -m pip install fonttools", file=sys.stderr)
        return 2
    except FileNotFoundError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for path in written:
        before = (src / path.name).stat().st_size
        print(f"{path}: {before / 1e6:.2f} MB -> {path.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
