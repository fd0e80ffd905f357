"""The New game screen's look for pygame_gui: its theme at a window height, its font per
language, and the sizes a control's words may shrink to (TABLE.md §2, issue 15).

Kept apart from the scene so that the scene wires and the builders (game.ui.setup_columns)
lay out; the colours are the table's (game.ui.theme), written as pygame_gui wants them.
"""

from __future__ import annotations

import pygame_gui
from pygame_gui.core import ObjectID

from game import i18n
from game.ui import theme


def gui_font() -> str:
    """pygame_gui's font for the language in use: its Noto Sans has no kana or kanji, so
    Japanese takes its Noto Sans JP (which also draws Latin), or every word is a box."""
    return "noto_sans_jp" if i18n.language() == "ja" else "noto_sans"


def control_sizes(height: int) -> list[int]:
    """The sizes a control's words may shrink to, largest first: the small size and two
    steps below it, never under the body role's minimum (TABLE.md §2)."""
    small = theme.size_of("small", height)
    floor = theme.min_size("body")
    return sorted({max(floor, round(small * k)) for k in (1.0, 0.85, 0.72, 0.6)}, reverse=True)


def sized(text: str, width: int, height: int, look: str | None = None) -> tuple[str, object]:
    """(words, object id) of a control whose words get `width` px: the body size when they
    fit, else the largest of `control_sizes` that holds them; shortened only if none does."""
    if theme.text_width(text, theme.size_of("body", height)) <= width:
        return text, look
    sizes = control_sizes(height)
    for k, sz in enumerate(sizes):
        if theme.text_width(text, sz) <= width:
            return text, ObjectID(object_id=f"#s{k}", class_id=look)
    return (theme.fit(text, sizes[-1], width),
            ObjectID(object_id=f"#s{len(sizes) - 1}", class_id=look))


def _hex(c: tuple) -> str:
    return "#{:02X}{:02X}{:02X}".format(*c[:3])


def gui_theme(height: int) -> dict:
    """The pygame_gui theme of the screen at this window height."""
    body = theme.size_of("body", height)
    small = theme.size_of("small", height)
    hx = _hex
    colours = {"normal_bg": hx(theme.PANEL), "hovered_bg": "#22352C",
               "selected_bg": hx(theme.GOLD), "active_bg": "#22352C",
               "dark_bg": hx(theme.PANEL), "normal_text": hx(theme.TEXT),
               "hovered_text": hx(theme.TEXT), "selected_text": hx(theme.INK),
               "active_text": hx(theme.INK), "disabled_text": hx(theme.TEXT_OFF),
               "normal_border": hx(theme.PANEL_LINE), "hovered_border": hx(theme.GOLD),
               "selected_border": hx(theme.GOLD), "active_border": hx(theme.GOLD),
               "disabled_bg": "#18201C", "disabled_border": hx(theme.TEXT_OFF),
               "text_cursor": hx(theme.TEXT), "filled_bar": hx(theme.GOLD)}
    font = {"name": gui_font(), "size": str(body), "style": "regular"}
    return {  # "defaults" gives no font to buttons, labels and fields: each gets its own
        "defaults": {"colours": colours, "font": font},
        "button": {"font": font},
        "text_entry_line": {"font": font},
        "label": {"colours": {"dark_bg": "#00000000", "normal_text": hx(theme.TEXT)},
                  "misc": {"text_horiz_alignment": "left"}, "font": font},
        "@help": {"colours": {"normal_text": hx(theme.TEXT_DIM)},
                  "font": {"name": gui_font(), "size": str(small), "style": "regular"}},
        "@off": {"colours": {"normal_text": hx(theme.TEXT_OFF)}, "font": font},
        "@error": {"colours": {"normal_text": hx(theme.LOSS)},
                   "font": {"name": gui_font(), "size": str(small), "style": "bold"}},
        "@heading": {"colours": {"normal_text": hx(theme.TEXT_DIM)},
                     "font": {"name": gui_font(), "size": str(small), "style": "bold"}},
        "@selected": {"colours": {"normal_bg": hx(theme.GOLD), "normal_text": hx(theme.INK),
                                  "hovered_bg": "#F0C863", "hovered_text": hx(theme.INK)}},
        "@primary": {"colours": {"normal_bg": hx(theme.GOLD), "normal_text": hx(theme.INK),
                                 "hovered_bg": "#F0C863", "hovered_text": hx(theme.INK)}},
        # a control whose words do not fit at the body size takes the small one (issue 15)
        **{f"#s{k}": {"font": {"name": gui_font(), "size": str(sz), "style": "regular"}}
           for k, sz in enumerate(control_sizes(height))},
        "@choice": {"misc": {"text_horiz_alignment": "left",
                             "text_horiz_alignment_padding": "10"}, "font": font},
        "text_box": {"colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
                     "font": {"name": gui_font(), "size": str(small), "style": "regular"}},
    }


def gui_manager(size: tuple[int, int]) -> pygame_gui.UIManager:
    """A pygame_gui manager for the screen, its fonts loaded before the first frame (bold and
    italic for the computer players' notes)."""
    height = size[1]
    manager = pygame_gui.UIManager(size, gui_theme(height), starting_language=(
        "ja" if gui_font() == "noto_sans_jp" else "en"))  # ja: it loads its JP font
    body, small = theme.size_of("body", height), theme.size_of("small", height)
    manager.preload_fonts([{"name": gui_font(), "point_size": sz, "style": style}
                           for sz in (body, small) for style in ("bold", "italic")])
    return manager
