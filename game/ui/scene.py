"""The scene stack (Tuxemon-style pushdown automaton) that drives every screen.

Lifecycle of a scene: `resume` when it becomes the top, `update(dt)` every frame while on top
(scenes below a transparent overlay are frozen, which is how Pause freezes the table),
`process_event` for input (top first), `draw` from the highest opaque scene upward, `pause`
when covered, `shutdown` when removed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.ui.intents import Intent

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)


class Scene:
    """Base class; override what you need. `transparent` overlays show the scene below."""

    transparent = False
    name = "scene"

    def __init__(self, app: App) -> None:
        self.app = app

    def resume(self) -> None:
        """Became the top scene (again)."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def shutdown(self) -> None:
        """Removed from the stack for good."""

    def update(self, dt: float) -> None:
        """Advance time by dt seconds (only the top scene is updated)."""

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """Handle input; return True when consumed."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window surface."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def frame_key(self) -> object | None:
        """What the next frame would show, as a comparable value, for a scene that can say
        (the title): the loop draws only when it changes or an event came (issue 23: an idle
        title used a third of a core). None, the default: draw every frame."""
        return None

    def input_context(self) -> object:
        """What a key press belongs to besides this scene (game.ui.keygate): a scene whose
        content changes under the player's fingers (the table's decision panel, the hand on
        screen) names it, so a held key never carries over into the new content."""
        return None

    def relabel(self) -> None:
        """The language changed: words drawn each frame follow by themselves; a scene that
        built widgets with words (pygame_gui buttons, wrapped pages) builds them again."""
        self.resize(self.app.screen.get_size())


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.resume()
        return scene

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Remove the top scene (or `scene` wherever it is) and resume the new top."""
        if not self.scenes:
            return None
        if scene is None:
            scene = self.scenes[-1]
        if scene not in self.scenes:
            return None
        was_top = scene is self.scenes[-1]
        self.scenes.remove(scene)
        scene.shutdown()
        if was_top and self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for another (no resume of the one below)."""
        if self.scenes:
            old = self.scenes.pop()
            old.shutdown()
        self.scenes.append(scene)
        scene.resume()
        return scene

    def reset(self, scene: Scene) -> Scene:
        """Clear the whole stack (e.g. back to the title)."""
        while self.scenes:
            self.scenes.pop().shutdown()
        return self.push(scene)

    def find(self, kind: type) -> Scene | None:
        for s in reversed(self.scenes):
            if isinstance(s, kind):
                return s
        return None

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the highest opaque one up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if not self.scenes[i].transparent:
                start = i
                break
        return self.scenes[start:]
