"""Settings → the relay's address (issue 46): one line typed or pasted, checked as the settings
file checks it (game.settings.relay_url_ok), kept on Save; Clear leaves none (the New game
screen then offers no Online seat).

A small dialog of its own rather than a cycled row: an address is typed, never chosen from a
list, and the settings rows are buttons.
"""

from __future__ import annotations

import pygame

from game import settings as settings_mod
from game.i18n import N_, _
from game.ui import theme
from game.ui.buttons import Button
from game.ui.intents import Intent
from game.ui.scenes.overlay import OverlayScene
from game.ui.text_field import TextField


class RelayScene(OverlayScene):
    """Type the relay's address; Save (or Enter) keeps it when it is one, Clear forgets it."""

    name = "relay_setting"
    width_frac = 0.56

    def __init__(self, app, on_done=None) -> None:  # noqa: ANN001
        super().__init__(app, _("Relay for online seats"), [], vertical=False)
        self.field = TextField("", app.settings.relay_url,
                               limit=settings_mod.MAX_RELAY_URL)
        self.problem: str | None = None
        self.on_done = on_done  # told after a change (the settings rows relabel)
        self.relabel_all()

    def relabel_all(self) -> None:
        self.title = _("Relay for online seats")
        self.lines = [_(RELAY_HELP), _("Its address, for example wss://relay.example.org "
                                       "(empty: no online seats).")]
        if self.problem:
            self.lines.append(self.problem)
        self.group.set([Button(_("Save"), self.save, "primary"),
                        Button(_("Clear"), self.clear), Button(_("Cancel"), self.close)])

    def relabel(self) -> None:
        self.relabel_all()

    def frame_key(self) -> object:
        return None  # the field's caret blinks

    def save(self) -> None:
        text = self.field.text.strip()
        if not settings_mod.relay_url_ok(text):
            self.problem = _("That is not a relay's address: it starts with wss://, ws://, "
                             "https:// or http:// and names a computer.")
            self.app.audio.play("refuse")
            self.relabel_all()
            return
        self.app.settings.relay_url = text
        self.app.apply_settings()
        self.close()
        if self.on_done is not None:
            self.on_done()

    def clear(self) -> None:
        self.field.text = ""
        self.save()

    def process_event(self, event: pygame.event.Event, intent: Intent | None) -> bool:
        """Typing goes to the field first: no typed character is a shortcut here, not even a
        digit (an address is full of them: "1" pressed Save and "2" Clear, which closed the
        dialog halfway through "127.0.0.1"); Enter saves."""
        typing = not self.group.show_focus
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and typing:
            self.save()
            return True
        if self.field.handle_key(event):
            return True
        if typing and event.type == pygame.KEYDOWN and event.unicode \
                and event.unicode.isprintable():
            return True  # its TEXTINPUT types it
        return super().process_event(event, intent)

    def body_height(self, width: int, size: int) -> int:
        """The lines, then room for the field under them."""
        return super().body_height(width, size) + round(size * 2.6)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        H = surface.get_height()
        body = theme.size_of("body", H)
        buttons_top = min(b.rect.y for b in self.group.buttons)
        self.field.rect = pygame.Rect(self.box.x + 24, buttons_top - round(body * 2.4) - 6,
                                      self.box.w - 48, round(body * 2.0))
        self.field.draw(surface, body, not self.group.show_focus, label_above=False,
                        placeholder="wss://…")


# what a relay is, in one sentence (the Settings row's explanation says the same)
RELAY_HELP = N_("A relay is a server you or a friend run that passes sealed messages between "
              "this game and friends far away; it cannot read a hand.")

__all__ = ["RELAY_HELP", "RelayScene"]
