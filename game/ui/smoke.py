"""`python -m game --smoke`: a scripted computer-only game through every scene, headless.

SDL's dummy video and audio drivers are set here, the settings and saves go to a temporary
folder (or under HACHIHACHI_HOME when it is set), animation is instant. Besides the game it
walks the learning scenes (issue 13): the first-run welcome, Learn 88, the reference pages of
the ruleset, the yaku watch of the game, and a guided game's tour with one advisor hint on
the player's first decision. Prints `SMOKE OK` and returns 0, or the failure and 1.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time

from game.engine import rulesets
from game.engine.vocab import Category
from game.storage import HOME_ENV

FRAME_LIMIT = 20_000  # frames a round may take at instant speed
HINT_SECONDS = 60.0  # the advisor's worker thread must answer within this (it takes < 1 s)
NAMES = ("Ana", "Ren", "Yui", "Kei", "Mio", "Sora", "Taro")


def smoke_options(ruleset: str, options: dict, rounds: int, seats: int | None
                  ) -> tuple[dict, int]:
    """The options and seat count a smoke run plays: ``rounds`` fills the game's 'rounds'
    option unless ``options`` sets it; seats default to 3, or the game's nearest count.
    ValueError (naming the problem) for a bad ruleset, option or seat count."""
    cls = rulesets.ruleset_class(ruleset)
    opts = dict(options)
    if "rounds" not in opts and any(o.name == "rounds" for o in cls.OPTIONS):
        opts["rounds"] = rounds
    rs = rulesets.get(ruleset, **opts)
    n = seats if seats is not None else max(rs.min_seats, min(3, rs.max_seats))
    if not rs.min_seats <= n <= rs.max_seats:
        raise ValueError(f"{ruleset} is played with {rs.min_seats} to {rs.max_seats} seats, "
                         f"not {n}")
    return opts, n


def _party_check() -> None:
    """The party mode's server starts and serves the phones' page and a card (the
    standalone build must carry websockets and the page's files), then stops."""
    import urllib.request

    from game.party.server import PartyServer

    server = PartyServer([0], "127.0.0.1", 0).start()
    try:
        for path, needle in ((f"/j/{server.seats[0].token}", b"party.js"),
                             ("/c/party.js", b"WebSocket"), ("/cards/crane.svg", b"<svg")):
            with urllib.request.urlopen(server.origin + path, timeout=5) as r:
                if needle not in r.read():
                    raise RuntimeError(f"the party server's {path} is not what it should be")
    finally:
        server.stop()


def _lobby(app, ruleset: str, options: dict, seats: int, seed: int, visit) -> None:  # noqa: ANN001
    """A party game's lobby (issue 28): its server on this computer only, a QR code drawn
    per phone seat (the standalone build must carry segno), then closed."""
    from game.party.host import PartyHost
    from game.play.session import GameSession, SeatSpec
    from game.ui.scenes.lobby import LobbyScene

    specs = [SeatSpec(NAMES[0], "human", phone=True)] + [
        SeatSpec(NAMES[i], "ai:random") for i in range(1, seats)]
    host = PartyHost(GameSession(ruleset, options, specs, seed), None, None,
                     bind="127.0.0.1", auto_start=False).start()
    try:
        visit(LobbyScene(app, host.session, host))
    finally:
        host.stop()


def smoke_run(rounds: int = 1, seats: int | None = None, ruleset: str = "hachihachi",
              options: dict | None = None, seed: int = 88, language: str | None = None
              ) -> int:
    """Play one scripted game; 0 and SMOKE OK, 2 for bad arguments, 1 for a failure."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        opts, n = smoke_options(ruleset, options or {}, rounds, seats)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    seen: list[str] = []
    try:
        home = os.environ.get(HOME_ENV)
        if home:  # the caller's folder: its records and statistics stay for a look after
            _walk(home, ruleset, opts, n, seed, seen, language)
        else:
            with tempfile.TemporaryDirectory(prefix="hachihachi-smoke-") as tmp:
                _walk(tmp, ruleset, opts, n, seed, seen, language)
        _party_check()
        seen.append("party server")
    except Exception as e:  # report, never a traceback
        print(f"SMOKE FAILED: {type(e).__name__}: {e} (scenes so far: {', '.join(seen)})",
              file=sys.stderr)
        return 1
    lang = f", language {language}" if language else ""
    print(f"SMOKE OK ({ruleset} {json.dumps(opts, sort_keys=True)}, {n} seats, seed {seed}{lang}; "
          f"{len(set(seen))} scenes: {', '.join(dict.fromkeys(seen))}; "
          f"{time.monotonic() - t0:.1f} s)")
    return 0


def _walk(home: str, ruleset: str, options: dict, seats: int, seed: int,
          seen: list[str], language: str | None) -> None:
    import pygame

    from game import i18n, storage
    from game.app import App
    from game.settings import Settings
    from game.ui.scenes.about import AboutScene
    from game.ui.scenes.confirm_quit import ConfirmQuitScene
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.history import HistoryScene
    from game.ui.scenes.inspect import InspectScene
    from game.ui.scenes.learn import LearnScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.records import RecordsScene
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.result import ResultScene
    from game.ui.scenes.rules_help import RulesHelpScene
    from game.ui.scenes.settings_menu import SettingsScene
    from game.ui.scenes.setup import SetupScene
    from game.ui.scenes.statistics import StatisticsScene
    from game.ui.scenes.table import TableScene
    from game.ui.scenes.title import TitleScene
    from game.ui.scenes.tour import WelcomeScene

    paths = storage.default_paths(home).ensure()
    app = App((1280, 720), paths, Settings(anim_speed="instant", ai_pace="instant",
                                           welcome_seen=True),
              smoke=True, language=language or "en")
    if language not in (None, i18n.SOURCE) and not i18n.has_catalog():
        raise RuntimeError(f"the catalog of {language!r} was not found or could not be read")

    def frames(n: int = 2) -> None:
        for _ in range(n):
            app.step(1 / 60)
            top = app.stack.top
            if top is not None and (not seen or seen[-1] != top.name):
                seen.append(top.name)

    def visit(scene) -> None:  # noqa: ANN001
        app.stack.push(scene)
        frames()
        app.stack.pop(scene)
        frames(1)

    def press(k: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="",
                                             scancode=0))
        frames(1)

    app.stack.push(TitleScene(app))
    frames()
    for make in (SettingsScene, AboutScene, RulesHelpScene, ConfirmQuitScene, WelcomeScene,
                 LearnScene):
        visit(make(app))
    _reference(app, ruleset, options, frames, press)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    title.new_game()
    frames()
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    setup.ruleset = ruleset
    setup.options = {ruleset: dict(options)}
    setup.seats = [{"name": NAMES[i], "kind": "ai:random"} for i in range(seats)]
    setup.seed_text = str(seed)
    setup.build()
    frames()
    setup.start()
    frames()
    table = app.stack.top
    assert isinstance(table, TableScene), f"the table did not open ({table})"
    visited_overlays = False
    watch = _WatchCheck(table)
    limit = FRAME_LIMIT * (1 + options.get("rounds", 12))
    for _ in range(limit):
        frames(1)
        top = app.stack.top
        if isinstance(top, ResultScene):
            break
        if top is table and watch.check(frames):
            seen.append("yaku watch")
        if not visited_overlays and top is table and table.play_started:
            visited_overlays = True
            visit(PauseScene(app, table))
            visit(InspectScene(app, table))
            visit(HandoverScene(app, table, 0))
    else:
        raise RuntimeError("the game did not reach the result screen")
    if app.errors:
        raise RuntimeError("; ".join(app.errors))
    scenes = ["title", "welcome", "learn", "reference", "setup", "table", "scoring", "result"]
    rs = rulesets.get(ruleset, **options)
    if rs.teyaku_stand_in_play and any(e.category == Category.TEYAKU for e in rs.entries):
        # a game without teyaku in play (none, or Koi-Koi's that win before it) reveals none
        scenes.insert(6, "teyaku")
    if watch.expected:
        scenes.insert(-2, "yaku watch")
    for needed in scenes:
        if needed not in seen:
            raise RuntimeError(f"scene {needed!r} was never shown")
    for make in (StatisticsScene, HistoryScene, RecordsScene):
        visit(make(app))
    if app.last_record_path is not None:
        visit(ReplayScene(app, app.last_record_path))
    _lobby(app, ruleset, options, seats, seed, visit)
    for needed in ("statistics", "history", "records", "replay", "lobby"):
        if needed not in seen:
            raise RuntimeError(f"scene {needed!r} was never shown")
    app.stack.top.title()  # type: ignore[union-attr]
    frames()
    _guided(app, frames, press, seen)
    for needed in ("tour", "hint (advisor)"):
        if needed not in seen:
            raise RuntimeError(f"{needed!r} was never shown")
    if app.errors:
        raise RuntimeError("; ".join(app.errors))
    app.close()


def _reference(app, ruleset: str, options: dict, frames, press) -> None:  # noqa: ANN001
    """The reference of the game about to be played, every page turned with →."""
    import pygame

    from game.ui.scenes.reference import ReferenceScene, page_ids

    rs = rulesets.get(ruleset, **options)
    ref = ReferenceScene(app, rs)
    app.stack.push(ref)
    frames()
    pages = [ref.page]
    want = page_ids(rs)  # the pages this game has something for
    for _ in want[1:]:
        press(pygame.K_RIGHT)
        pages.append(ref.page)
    if pages != list(want):
        raise RuntimeError(f"the reference showed pages {pages}, not {list(want)}")
    press(pygame.K_ESCAPE)
    if app.stack.top is ref:
        raise RuntimeError("Escape did not close the reference")


class _WatchCheck:
    """The yaku watch of the smoke game: drawn at the table once play has begun, for games
    whose seats can make yaku (the watch lists what the engine's view says is in reach)."""

    def __init__(self, table) -> None:  # noqa: ANN001
        self.table = table
        self.done = False
        self.expected = False

    def check(self, frames) -> bool:  # noqa: ANN001
        t = self.table
        # a decision panel or the teyaku reveal docked in the sidebar (a big table) takes the
        # watch's place for a while: checked once it has room
        if self.done or not t.play_started or t.panel.visible or t.tv.dock:
            return False
        self.done = True
        view = t.shown_view  # what the table shows: its watch lists this view's
        self.expected = any(view.watch) and t.hints.allows("watch")
        if not self.expected:
            return False
        t.hints.show_watch = True  # narrow windows show it on W; wide ones always
        t.app.invalidate()  # this frame is drawn even if nothing else moved
        frames(1)
        if t.panel.visible or t.tv.dock:  # that frame docked something: look again later
            self.done = False
            return False
        shown = t.hints.watch_rect()
        if shown is None:
            raise RuntimeError("the yaku watch was not drawn")
        return True


def _guided(app, frames, press, seen: list[str]) -> None:  # noqa: ANN001
    """The first-run path: welcome → Teach me to play → the five coach marks (Enter) → the
    player's first decision, with one advisor hint that must be a legal action."""
    import pygame

    from game.ui.scenes.table import TableScene
    from game.ui.scenes.tour import TourScene, WelcomeScene

    app.settings.hints = "advisor"
    welcome = WelcomeScene(app)
    app.stack.push(welcome)
    frames()
    welcome.teach()
    frames()
    tour = app.stack.top
    if not isinstance(tour, TourScene):
        raise RuntimeError(f"Teach me to play did not open the tour ({tour})")
    table = tour.table
    for _ in range(len(tour.steps()) + 1):
        if app.stack.top is not tour:
            break
        press(pygame.K_RETURN)
    if app.stack.top is not table:
        raise RuntimeError("the tour did not end on the table")
    for _ in range(FRAME_LIMIT):
        if table.human_to_move():
            break
        frames(1)
    else:
        raise RuntimeError("the guided game never reached the player's turn")
    if not table.hints.ask():
        raise RuntimeError("the advisor refused to give a hint")
    deadline = time.monotonic() + HINT_SECONDS
    while table.hints.current() is None and time.monotonic() < deadline:
        frames(1)
        time.sleep(0.005)
    hint = table.hints.current()
    if hint is None:
        raise RuntimeError("the advisor gave no hint")
    seen.append("hint (advisor)")
    if not table.act(hint.action):
        raise RuntimeError(f"the advised action {hint.action} is not legal")
    frames()
    assert isinstance(table, TableScene)
