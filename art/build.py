"""Regenerate the card art: ``python -m art.build [OUT_DIR]`` writes art/cards/*.svg.

The output is deterministic (no randomness, no timestamps, fixed number formatting), so a
rebuild is byte-identical to the committed files; tests/ui checks that.
"""

from __future__ import annotations

import sys
from pathlib import Path

from art.faces import back_svg, face_svg
from game.engine.cards import CARD_IDS

CARDS_DIR = Path(__file__).resolve().parent / "cards"


def build_all() -> dict[str, str]:
    """File name -> SVG text for the 48 faces and the back."""
    files = {f"{cid}.svg": face_svg(cid) for cid in CARD_IDS}
    files["back.svg"] = back_svg()
    return files


def write(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in build_all().items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else CARDS_DIR
    paths = write(out)
    print(f"wrote {len(paths)} files to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
