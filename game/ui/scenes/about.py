"""About: version, credits and licences, in players' words (fonts under the OFL; our card
art and sounds under MIT)."""

from __future__ import annotations

from game.engine.record import APP_VERSION
from game.i18n import _, pgettext
from game.resources import resource_dir
from game.ui.buttons import Button
from game.ui.scenes.overlay import OverlayScene

FONTS = (("Noto Sans", "NotoSans-OFL.txt"), ("Noto Sans JP", "NotoSansJP-OFL.txt"))


def licence_lines() -> list[str]:
    """What a player may want to know: the version, who made what and under which licence,
    and the full licence texts the fonts require. No file names or build notes (issue 12);
    those live in art/LICENSES/README.md for developers."""
    lines = [_("Hachi-Hachi (八八), version {version}.").format(version=APP_VERSION),
             _("Free software under the MIT licence: you may use, copy, change and share it."),
             _("The card art and the sound effects were made for this game and are shared "
               "under the same MIT licence."),
             _("Made with pygame-ce (GNU LGPL 2.1), pygame_gui (MIT) and platformdirs (MIT)."),
             _("Text is set in Noto Sans and Noto Sans JP, used under the SIL Open Font "
               "License 1.1 (below). \u201cNoto\u201d is a trademark of Google LLC.")]
    try:
        folder = resource_dir("art", "LICENSES", holding="README.md")
        for title, name in FONTS:
            lines += ["", f"—— {title} · SIL Open Font License 1.1 ——"]
            lines += (folder / name).read_text(encoding="utf-8").splitlines()
    except OSError:
        lines += ["", _("(The font licence texts could not be read; they are at "
                        "{url})").format(url="https://openfontlicense.org")]
    return lines


class AboutScene(OverlayScene):
    name = "about"
    width_frac = 0.7
    height_frac = 0.85

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, *self.content())

    def content(self) -> tuple[str, list[str], list[Button]]:
        return _("About Hachi-Hachi"), licence_lines(), [
            Button(pgettext("button", "Close"), self.close, "primary")]
