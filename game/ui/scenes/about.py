"""About: version and licences (fonts under the OFL; our card art and sounds under MIT)."""

from __future__ import annotations

from game.engine.record import APP_VERSION
from game.resources import resource_dir
from game.ui.scenes.overlay import OverlayScene
from game.ui.theme import Button


def licence_lines() -> list[str]:
    lines = [f"Hachi-Hachi (八八) version {APP_VERSION}. Free software under the MIT licence.",
             "Card art (art/) and sound effects (sounds/) are the project's own work, MIT.",
             "Built with pygame-ce (LGPL 2.1) and pygame_gui (MIT); platformdirs (MIT).", ""]
    try:
        folder = resource_dir("art", "LICENSES", holding="README.md")
        readme = (folder / "README.md").read_text(encoding="utf-8")
        for raw in readme.splitlines():
            line = raw.strip().replace("`", "")
            if line.startswith("|---"):
                continue
            if line.startswith("|"):
                cells = [c.strip() for c in line.strip("|").split("|")]
                line = " — ".join(c for c in cells if c)
            lines.append(line.lstrip("#").strip())
        for ofl in sorted(folder.glob("*-OFL.txt")):
            lines += ["", f"—— {ofl.name} ——"]
            lines += ofl.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        lines.append(f"(The licence files could not be read: {e})")
    return lines


class AboutScene(OverlayScene):
    name = "about"
    width_frac = 0.7
    height_frac = 0.85

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app, "About Hachi-Hachi", licence_lines(),
                         [Button("Close", self.close, "primary")])
