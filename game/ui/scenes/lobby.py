"""The party game's lobby (issue 28): a QR code and a short address per phone seat, who has
joined, and Start once every phone is in. Opened before the first deal (and by Continue, with
the same links), and over the table from the pause menu (Phones) while the game is on: a seat
gets a new link (the old one stops working) or a computer takes it.

The words and the addresses come from the host (game.party.host); the lobby draws them, keeps
the links beside the autosave (game.party.keep) and starts the table with the host attached.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pygame

from game.i18n import _
from game.party import keep, net
from game.ui import theme
from game.ui.buttons import Button, ButtonGroup
from game.ui.scenes.page import PageScene
from game.ui.setup_model import DEFAULT_AI

log = logging.getLogger(__name__)


@dataclass
class SeatCard:
    """One remote seat's box: where it is drawn, and its buttons (an online seat's has Copy
    link too: its link goes to a friend by message, not by a camera in the room)."""

    seat: int
    new_link: Button
    computer: Button
    rect: pygame.Rect
    copy: Button | None = None


def open_party(app, session, *, resumed: bool = False) -> None:  # noqa: ANN001
    """Open the lobby of a party game (a new one from the setup, or Continue): the server
    listens on the home network's address (or this computer only when there is none), with
    the kept links of a continued game where they still fit; online seats (issue 46) go
    through the relay of Settings (or the one a continued game kept). A port that cannot be
    had, or a relay that cannot be reached, is said in a message, and the game stays saved."""
    from game.party.host import PartyHost
    from game.party.transport import PartFailed
    from game.ui.scenes.message import MessageScene

    paths = app.paths
    links = keep.load(paths.autosave, session.seed, session.phones,
                      session.online) if paths else None
    relay = app.settings.relay_url or None
    online_kept = links.online if links is not None else None
    if session.online and relay is None and not (online_kept and online_kept.get("relay")):
        app.stack.push(MessageScene(app, _("Cannot open the online game"), _(
            "Online seats need a relay: set its address in Settings (Online). "
            "The game is saved: Continue tries again.")))
        return
    bind = net.default_bind()
    tries = []
    if links is not None and links.bind == bind:
        tries.append((links.port, links.tokens, links.table))
    tries.append((0, links.tokens if links else None, links.table if links else None))
    host = None
    problem = ""
    unreachable = False  # the relay, not the home network, failed
    missing = False  # this install has no sealing (the `online` extra)
    if session.online:
        _say_connecting(app)
    for port, tokens, table in tries:
        try:
            host = PartyHost(session, None, paths, bind=bind, port=port, tokens=tokens,
                             table_token=table, hints=app.settings.hints_at_least("watch"),
                             auto_start=False, window=True, relay=relay,
                             online_kept=online_kept).start()
            break
        except PartFailed as e:
            problem = str(e)
            log.warning("party: the %s part could not start: %s", e.part, e)
            if e.part == "online":  # another port would not bring the relay nearer
                unreachable = True
                missing = isinstance(e.__cause__, ImportError)
                break
        except OSError as e:
            problem = str(e)
            log.warning("party: cannot listen on %s:%s: %s", bind, port, e)
    if host is None:
        if missing:
            title = _("Online seats are not installed")
            words = _("Online seats need the cryptography package. Install it with: pip "
                      "install \"hachihachi[online]\". The game is saved: Continue tries "
                      "again.")
            app.stack.push(MessageScene(app, title, words))
            return
        if unreachable:
            title = _("Cannot reach the relay")
            words = _("The relay for the online seats could not be reached ({problem}). "
                      "The game is saved: Continue tries again.")
        else:
            title = _("Cannot open the party game")
            words = _("This computer could not open a place for the phones to join "
                      "({problem}). The game is saved: Continue tries again.")
        app.stack.push(MessageScene(app, title, words.format(problem=problem)))
        return
    app.stack.reset(LobbyScene(app, session, host, resumed=resumed))


def _say_connecting(app) -> None:  # noqa: ANN001
    """One frame that says the window waits for the relay (a relay that drops packets keeps
    it waiting up to the transport's connect time): never a frozen picture of the setup."""
    try:
        screen = app.screen
        W, H = screen.get_size()
        screen.fill(theme.FELT)
        size = theme.size_of("heading", H)
        theme.blit_text(screen, _("Connecting to the relay…"), size,
                        (max(16, W // 40), max(16, W // 40)), theme.TEXT, True)
        pygame.display.flip()
    except pygame.error:  # no window to draw in (tests without one): nothing to say
        pass


class LobbyScene(PageScene):
    """Before the game: the whole screen. During it (`table` given): over the table."""

    name = "lobby"
    modal = True  # over the table, nothing falls through to it

    def __init__(self, app, session, host, *, table=None, resumed: bool = False) -> None:  # noqa: ANN001
        super().__init__(app)
        self.session = session
        self.host = host
        self.table = table
        self.transparent = table is not None
        self.resumed = resumed
        self.cards: list[SeatCard] = []
        self._qr: dict[str, pygame.Surface] = {}
        self._fingerprint: str | None = None
        self.start_button = Button(_("Play on") if resumed else _("Start"), self.start,
                                   "primary")
        self.back_button = Button(_("Close") if table is not None else _("Back"), self.back)
        self.group = ButtonGroup([], vertical=False)
        self.handed = False  # the host went on to the table (which stops it at the end)
        self.copied: int | None = None  # the seat whose link was copied last
        self.build()
        self.keep()

    # --- the seats ----------------------------------------------------------------------
    def build(self) -> None:
        """One card per phone seat, in seat order; the buttons in reading order."""
        self.cards = []
        for seat in self.host.phones:
            copy = Button(_("Copy link"), lambda s=seat: self.copy(s)) \
                if self.host.is_online(seat) else None
            self.cards.append(SeatCard(
                seat, Button(_("New link"), lambda s=seat: self.new_link(s)),
                Button(_("Computer plays"), lambda s=seat: self.computer(s)),
                pygame.Rect(0, 0, 0, 0), copy))
        buttons = [b for c in self.cards
                   for b in ((c.copy,) if c.copy else ()) + (c.new_link, c.computer)]
        buttons += [self.back_button] if self.table is not None else [self.start_button,
                                                                       self.back_button]
        index = self.group.index
        self.group.set(buttons)
        self.group.index = min(index, len(buttons) - 1)
        self.relabel_buttons()

    def relabel_buttons(self) -> None:
        self.start_button.enabled = self.table is None and self.host.all_joined()

    def keep(self) -> None:
        """The links beside the autosave, for Continue."""
        if self.app.paths is not None:
            keep.save(self.app.paths.autosave, self.session.seed, self.host.keep())

    def new_link(self, seat: int) -> None:
        self.host.reissue(seat)
        self.copied = None
        self.keep()

    def copy(self, seat: int) -> None:
        """The seat's link on the clipboard, to send to a friend; its card says Copied."""
        try:
            from pygame_gui.core.utility import clipboard_copy

            clipboard_copy(self.host.link(seat))
            self.copied = seat
        except Exception:  # noqa: BLE001 - no clipboard here: the link is on screen
            log.info("lobby: no clipboard", exc_info=True)
            self.app.audio.play("refuse")

    def computer(self, seat: int) -> None:
        """A computer (the setup's default level) takes this seat for the rest of the game."""
        self.host.give_to_computer(seat, DEFAULT_AI)
        self.build()
        self.keep()
        if self.table is not None:
            self.table.phones_changed()
        if not self.host.phones:  # nobody left on a phone: an ordinary game goes on
            if self.table is None:
                self.start()
            else:
                self.back()

    # --- leaving ------------------------------------------------------------------------
    def start(self) -> None:
        """Every phone is in: the table opens (the game itself decides the first dealer)."""
        from game.ui.scenes.table import TableScene

        if self.host.phones and not self.host.all_joined():
            self.app.audio.play("refuse")
            return
        party = self.host
        if not party.phones:  # every phone seat went to a computer
            party.stop()
            if self.app.paths is not None:
                keep.forget(self.app.paths.autosave)
            party = None
        else:
            party.begin()
        self.handed = True
        self.app.stack.reset(TableScene(self.app, self.session, party=party))

    def shutdown(self) -> None:
        """Leaving before the game (the window closed, Back): the server stops listening."""
        if self.table is None and not self.handed:
            self.host.stop()

    def back(self) -> None:
        """Before the game: back to the title (the server closes; a continued game stays
        saved with its links). During it: back to the table."""
        if self.table is not None:
            self.app.stack.pop(self)
            return
        from game.ui.scenes.title import TitleScene

        if not self.resumed and self.app.paths is not None:
            keep.forget(self.app.paths.autosave)  # a game never begun keeps no links
        self.app.stack.reset(TitleScene(self.app))  # shutdown stops the server

    # --- the loop -----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.host.sync()  # the phones hear who has joined
        self.relabel_buttons()

    def frame_key(self) -> object:
        return (tuple(sorted(self.host.server.joined().items())), self.host.all_joined(),
                tuple(self.host.link(s) for s in self.host.phones), self.group.index,
                self.group.show_focus, tuple(b.hover for b in self.group.buttons),
                self.copied, self.app.screen.get_size())

    def relabel(self) -> None:
        self.start_button.label = _("Play on") if self.resumed else _("Start")
        self.back_button.label = _("Close") if self.table is not None else _("Back")
        self.build()

    # --- drawing ------------------------------------------------------------------------
    def status(self, seat: int) -> tuple[str, tuple]:
        joined = self.host.server.joined().get(seat, False)
        online = self.host.is_online(seat)
        if joined:
            said, colour = _("Joined ✓"), theme.GOLD
        elif self.host.server.seats[seat].joined_once:
            said, colour = _("Away — its page is closed"), theme.ALERT
        elif online:
            said, colour = _("Waiting for the player…"), theme.TEXT_DIM
        else:
            said, colour = _("Waiting for the phone…"), theme.TEXT_DIM
        if online:  # the seat's kind first: its player is not in the room
            said = _("Online · {status}").format(status=said)
        if online and self.copied == seat:
            said = _("{status} · link copied").format(status=said)
        return said, colour

    def fingerprint(self) -> str:
        """This program's online page, fingerprinted once (game.party.files)."""
        if self._fingerprint is None:
            from game.party.files import ClientFiles

            try:
                self._fingerprint = ClientFiles().fingerprint()
            except OSError:  # a damaged install: the page itself would not be served either
                self._fingerprint = "?"
        return self._fingerprint

    def online_any(self) -> bool:
        """A seat is played from afar: the lobby says "player", not "phone"."""
        return any(self.host.is_online(s) for s in self.host.phones)

    def heading(self) -> str:
        """Who joins from where: phones in the room, friends online, or both."""
        online = [self.host.is_online(s) for s in self.host.phones]
        if online and all(online):
            return _("Join online")
        return _("Join with your phones or online") if any(online) else _(
            "Join with your phones")

    def qr(self, link: str, size: int) -> pygame.Surface:
        key = f"{size}:{link}"
        if key not in self._qr:
            from game.ui.qr import qr_surface

            self._qr = {k: v for k, v in self._qr.items() if k.split(":", 1)[1] != link}
            self._qr[key] = qr_surface(link, size)
        return self._qr[key]

    def lines(self) -> list[str]:
        told = []
        bind = self.host.bind
        if bind == net.LOOPBACK:
            told.append(_("This computer is on no home network: only browsers on this "
                          "computer can join."))
        elif bind is not None:
            told.append(_("Phones on the same Wi-Fi as this computer: scan a code with the "
                          "phone's camera, or type its address."))
        if any(self.host.is_online(s) for s in self.host.phones):
            from game.resources import program_name

            told.append(_("Online seats: send each friend their seat's link (Copy link) or "
                          "its code. The link is that seat's key: only its holder can play "
                          "it or see its hand."))
            told.append(_("The online page's fingerprint: {fingerprint}. To be sure the relay "
                          "serves this program's page unchanged: {command}").format(
                fingerprint=self.fingerprint(), command=f"{program_name()} check-page LINK"))
        if self.table is None and self.online_any():
            told.append(_("The game starts when every player has joined. A player who "
                          "cannot join: New link, or let a computer play their seat."))
        elif self.table is None:
            told.append(_("The game starts when every phone has joined. A phone that "
                          "cannot join: New link, or let a computer play its seat."))
        table_link = self.host.table_link()
        if table_link is not None:
            told.append(_("The table for a TV or another screen: {link}").format(
                link=table_link))
        return told

    def draw(self, surface: pygame.Surface) -> None:
        W, H = surface.get_size()
        if self.table is not None:
            theme.dim(surface, 190)
        else:
            surface.fill(theme.FELT)
        body = theme.size_of("body", H)
        small = theme.size_of("small", H)
        heading = theme.size_of("heading", H)
        margin = max(16, W // 40)
        x, y = margin, margin
        theme.blit_text(surface, self.heading(), heading, (x, y), theme.TEXT, True)
        y += round(heading * 1.5)
        for line in self.lines():
            for part in theme.wrap(line, small, W - 2 * margin):
                theme.blit_text(surface, part, small, (x, y), theme.TEXT_DIM)
                y += round(small * 1.4)
        btn_h = round(body * 2.0)
        bottom = H - margin - btn_h
        self._draw_cards(surface, pygame.Rect(margin, y + 8, W - 2 * margin,
                                              bottom - y - 24), body, small)
        bottoms = [self.back_button] if self.table is not None else [self.start_button,
                                                                      self.back_button]
        self.place_buttons(margin, bottom, W - 2 * margin, btn_h, gap=12, most=260, slots=2,
                           right=True, buttons=bottoms)
        if self.table is None and not self.start_button.enabled:
            theme.blit_text(surface, _("Waiting for every player…") if self.online_any()
                            else _("Waiting for every phone…"), small,
                            (margin, bottom + btn_h // 2), theme.TEXT_DIM, False, "midleft")
        self.group.draw(surface, body)

    def _draw_cards(self, surface: pygame.Surface, area: pygame.Rect, body: int,
                    small: int) -> None:
        """The seats' boxes in a grid whose QR codes come out largest; in each, the name,
        the status, the code, the address and the two buttons (stacked when narrow)."""
        n = max(1, len(self.cards))
        bh = round(body * 1.9)
        extra = bh + 6 if any(c.copy for c in self.cards) else 0  # Copy link's row
        wide = max(theme.text_width(c.computer.label, body) for c in self.cards) \
            if self.cards else 0
        best = None
        for cols in range(1, n + 1):
            rows = -(-n // cols)
            w, h = area.w // cols - 12, area.h // rows - 12
            stacked = (w - 24) // 2 < wide + 16
            text_h = round(body * 1.4) + round(small * 1.4) + round(small * 2.9)
            side = min(w - 16, h - text_h - (2 * bh + 6 if stacked else bh) - extra - 18)
            if best is None or side > best[0]:
                best = (side, cols, w, h, stacked)
        side, cols, w, h, stacked = best
        side = max(48, side)
        names = self.session.names()
        for i, card in enumerate(self.cards):
            r = pygame.Rect(area.x + (i % cols) * (w + 12), area.y + (i // cols) * (h + 12), w, h)
            card.rect = r
            theme.panel(surface, r, alpha=235, line=theme.GOLD)
            cx, cy = r.x + 8, r.y + 6
            theme.blit_text(surface, theme.wrap(names[card.seat], body, r.w - 16, True)[0],
                            body, (cx, cy), theme.TEXT, True)
            cy += round(body * 1.4)
            said, colour = self.status(card.seat)
            theme.blit_text(surface, theme.wrap(said, small, r.w - 16)[0], small, (cx, cy),
                            colour)
            cy += round(small * 1.4) + 2
            link = self.host.link(card.seat)
            code = self.qr(link, side)
            surface.blit(code, (r.centerx - code.get_width() // 2, cy))
            cy += code.get_height() + 4
            for part in theme.wrap(link, small, r.w - 16)[:2]:
                theme.blit_text(surface, part, small, (cx, cy), theme.TEXT)
                cy += round(small * 1.35)
            top = r.bottom - (2 * bh + 12 if stacked else bh + 6)
            if card.copy is not None:
                card.copy.rect = pygame.Rect(r.x + 8, top - bh - 6, r.w - 16, bh)
            if stacked:
                card.computer.rect = pygame.Rect(r.x + 8, r.bottom - bh - 6, r.w - 16, bh)
                card.new_link.rect = pygame.Rect(r.x + 8, r.bottom - 2 * bh - 12, r.w - 16, bh)
            else:
                half = (r.w - 24) // 2
                card.new_link.rect = pygame.Rect(r.x + 8, r.bottom - bh - 6, half, bh)
                card.computer.rect = pygame.Rect(r.x + 16 + half, r.bottom - bh - 6, half, bh)


__all__ = ["LobbyScene", "open_party"]
