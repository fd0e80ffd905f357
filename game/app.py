"""The desktop table's entry point: window, main loop, scene stack, errors, smoke run.

`run()` opens a resizable window (no pygame.SCALED: text and art are drawn at the real
size) and drives the scene stack. A player never sees a traceback: an exception in a scene
is logged to the log file (platformdirs' user_log_dir) and shown as a short message, and the
failing overlay is closed. `run(smoke=True)` plays a scripted AI game through every scene
with SDL's dummy drivers and prints SMOKE OK.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from game import i18n

log = logging.getLogger("game")

FPS = 60
IDLE_FPS = 30  # the loop's pace while nothing changes on screen (input answers in <= 33 ms)
# Card art is drawn ahead of need only in what is left of a frame: no face is started once a
# frame has run this long (a face read from the disk cache takes ~0.1 ms, a rasterised one
# 2.5-4 ms), so a 60 fps frame keeps its 16.7 ms; a frame that drew nothing (the loop then
# runs at IDLE_FPS, 33 ms a frame) may spend more.
WARM_UNTIL = 0.008
WARM_UNTIL_IDLE = 0.020


def setup_logging(log_dir: Path | None) -> None:
    """Log to a rotating file in the user log folder (and never to a missing stderr)."""
    root = logging.getLogger()
    if any(getattr(h, "_hachihachi", False) for h in root.handlers):
        return
    if log_dir is not None:
        from game import files

        try:
            log_dir.mkdir(parents=True, exist_ok=True)
            files.check_regular(log_dir / "hachihachi.log")  # a FIFO there would block
            h = logging.handlers.RotatingFileHandler(log_dir / "hachihachi.log",
                                                     maxBytes=512_000, backupCount=2,
                                                     encoding="utf-8")
            h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
            h._hachihachi = True  # type: ignore[attr-defined]
            root.addHandler(h)
            root.setLevel(logging.INFO)
        except (OSError, files.FileRejected):
            root.addHandler(logging.NullHandler())  # no log file: nothing on the console


class App:
    """The window and the loop. Tests build one and call `step()` with posted events."""

    def __init__(self, size: tuple[int, int] | None = None, paths=None,  # noqa: ANN001
                 settings=None, smoke: bool = False,  # noqa: ANN001
                 language: str | None = None,
                 clock: Callable[[], float] | None = None) -> None:
        """`clock`: the one clock every guard and pace of the window reads (`now`): the
        key gate, the hand-over's guard, the computers' thinking time, the table's notes,
        stamps and tooltips. time.monotonic by default; the test driver steps its own, one
        frame at a time, so no test waits on the wall clock (issue 44, item 5)."""
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # AI searches run on a worker thread and hold the GIL in bursts; a short switch
        # interval hands it back to the frame loop sooner (measured: 45 -> 59 fps while the
        # Expert thinks).
        sys.setswitchinterval(0.001)
        # (Windows' DPI awareness is set by the entry point, game/__main__.py, before pygame)
        import pygame

        from game import settings as settings_mod
        from game import storage
        from game.ui.audio import Audio
        from game.ui.keygate import KeyGate
        from game.ui.layout import DEFAULT_SIZE
        from game.ui.scene import SceneStack

        self.pg = pygame
        pygame.display.init()
        pygame.font.init()
        self.paths = paths if paths is not None else storage.default_paths().ensure()
        self._notices: list[str] = []
        if settings is None:
            # the system's language first: the settings file may be unreadable, and its
            # notice is then written in the language its defaults will choose
            i18n.set_language(language or i18n.detect())
            settings, msg = settings_mod.load(self.paths)
            if msg:
                self._notices.append(msg)
        self.settings = settings
        # the language: --lang for this run, else the player's choice, else the system's
        i18n.set_language(language or settings.language or i18n.detect())
        from art.icon import window_icon

        icon = window_icon()  # before the window opens: some systems ignore a later one
        if icon is not None:
            pygame.display.set_icon(icon)
        self.screen = pygame.display.set_mode(size or DEFAULT_SIZE, pygame.RESIZABLE)
        self._window = self._clamp_window()
        pygame.display.set_caption("八八 Hachi-Hachi")
        pygame.key.set_repeat(350, 40)
        self.clock = pygame.time.Clock()
        self.stack = SceneStack()
        self.now: Callable[[], float] = clock or time.monotonic
        self.keys = KeyGate(self.now)  # a key acts only where it went down (issue 23)
        self._card_scale, self._hand_sort = settings.card_scale, settings.hand_sort
        self.audio = Audio(settings.volume, 1.0, settings.muted,
                           music_volume=settings.music_volume, music_on=settings.music)
        self.card_cache = self._card_cache()
        self.renderer = self._renderer()
        self.apply_access()
        self.apply_look()
        if settings.fullscreen:
            self.set_fullscreen(True)
            settings.fullscreen = self.is_fullscreen()
        from game.play import terms

        terms.set_style(settings.term_style)  # the saved term style from the first frame
        self.warm_queue: list[int] = self.warm_plan()  # drawn after the first frame
        self._chores = self.after_warm()  # then these, one per frame
        self._steps = 0
        self.running = True
        self.stop_requested: str | None = None  # a signal's name: save and leave (issue 23)
        self.smoke = smoke
        self.last_record_path: Path | None = None
        self.errors: list[str] = []
        self.frame_times: list[float] = []
        self.idle = False  # the last step drew nothing: nothing had changed
        self._drawn: object | None = None  # the frame key of the last frame drawn

    def warm_plan(self) -> list[int]:
        """The card widths the first deal shows (hand, field, capture piles, hidden hands
        of the default 3-seat layout of this window: the widths the table itself warms,
        game/ui/scenes/table_stage.py), drawn in the frames after the title appears
        (``step``), not before it: the title needs five cards, not 98 (issue 29)."""
        from game.ui.layout import layout

        w, h = self.screen.get_size()
        lay = layout(w, h, 3, 3)
        return list(dict.fromkeys((lay.hand_w, lay.field_w, lay.cap_w, lay.opp_cap_w,
                                   lay.back_w)))

    def _card_cache(self):  # noqa: ANN202 - game.ui.card_cache.CardCache | None
        """The drawn cards kept on disk between runs (game/ui/card_cache.py), when the
        paths have a cache folder."""
        folder = getattr(self.paths, "cache_dir", None)
        if folder is None:
            return None
        from game.ui.card_cache import CardCache

        return CardCache(Path(folder) / "cards")

    def _renderer(self):  # noqa: ANN202 - game.ui.cards.CardRenderer
        """The process's renderer for the chosen back and marks, reading this app's disk
        cache."""
        from game.ui.table_view import shared_renderer

        renderer = shared_renderer(self.settings.card_back, self.settings.corner_marks)
        renderer.disk = self.card_cache
        return renderer

    def after_warm(self) -> list[Callable[[], object]]:
        """What the spare frames do once the cards are drawn: tidy the disk cache (old
        versions, sizes not used for long), load the table's music (~30 ms the table's
        first frame paid)."""
        chores: list[Callable[[], object]] = [lambda: self.audio.preload("table")]
        if self.card_cache is not None:
            chores.insert(0, self.card_cache.tidy)
        return chores

    def _warm(self, start: float) -> None:
        """Draw queued card widths ahead of need in what is left of this frame; once all
        are drawn, one chore a frame (`after_warm`)."""
        until = start + (WARM_UNTIL_IDLE if self.idle else WARM_UNTIL)
        spare = self.idle  # a frame that drew nothing always does some: a slow machine too
        while self.warm_queue and (spare or time.perf_counter() < until):
            spare = False
            if self.renderer.warm(self.warm_queue[0], limit=49, until=until):
                self.warm_queue.pop(0)
        if not self.warm_queue and self._chores and (self.idle or time.perf_counter() < until):
            self._chores.pop(0)()

    # --- helpers used by scenes ---------------------------------------------------------
    def pop_notice(self) -> str | None:
        return self._notices.pop(0) if self._notices else None

    def apply_access(self) -> bool:
        """UI scale, reduced motion and high contrast (issue 15) from the settings; True
        when the look changed, so the scenes lay out and paint their felt again."""
        from game.ui import anim, theme

        s = self.settings
        scale = s.ui_scale or theme.default_ui_scale()
        changed = (theme.clamp_scale(scale) != theme.ui_scale()
                   or bool(s.high_contrast) != theme.high_contrast())
        theme.set_ui_scale(scale)
        theme.set_high_contrast(s.high_contrast)
        anim.set_reduced_motion(s.reduced_motion)
        return changed

    def apply_look(self) -> bool:
        """Table surface, hand order and card size (issue 26, item 7) from the settings;
        True when the table surface changed (felt caches must be painted again)."""
        from game.ui import cards, model

        s = self.settings
        changed = cards.chosen_table_style() != s.table_style
        cards.set_table_style(s.table_style)
        model.set_hand_sort(s.hand_sort)
        return changed

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen on or off (F11 and Settings → Fullscreen). A system that refuses
        (no window manager, SDL's dummy driver) leaves the window as it is; the callers
        then set the setting to what the window really is."""
        pg = self.pg
        try:
            if self.is_fullscreen() != bool(on):
                pg.display.toggle_fullscreen()
        except pg.error as e:
            log.info("fullscreen not available: %s", e)
        surface = pg.display.get_surface()
        if surface is not None and (surface is not self.screen
                                    or surface.get_size() != self.screen.get_size()):
            self._resize(*surface.get_size())

    def music_for_screen(self) -> str | None:
        """The music the scenes on the stack call for: the table's while a game or a replay
        is open under whatever overlay, else the title's."""
        if any(scene.name in ("table", "replay") for scene in self.stack.scenes):
            return "table"
        return "title" if self.stack.scenes else None

    def change_ui_scale(self, intent) -> None:  # noqa: ANN001 - an Intent.SCALE_*
        """Ctrl+= / Ctrl+- / Ctrl+0 (TABLE.md §6.2): 10 % up, down, or back to the display's
        default; saved like any setting."""
        from game.ui import theme
        from game.ui.intents import Intent

        if intent is Intent.SCALE_RESET:
            self.settings.ui_scale = 0
        else:
            step = 10 if intent is Intent.SCALE_UP else -10
            self.settings.ui_scale = theme.clamp_scale(theme.ui_scale() + step)
        self.apply_settings()

    def apply_settings(self) -> None:
        from game import settings as settings_mod
        from game.play import terms

        s = self.settings
        self.invalidate()
        terms.set_style(s.term_style)  # the words module reads the term style, not the app
        look = self.apply_look()
        if self.apply_access() or look:  # new sizes or colours: lay out and paint again
            for scene in self.stack.scenes:
                if hasattr(scene, "_felt"):  # cached felt surfaces (title, table)
                    scene._felt = None
                if getattr(scene, "tv", None) is not None:
                    scene.tv._felt = None
                scene.resize(self.screen.get_size())
        if s.language and s.language != i18n.language():  # switches live: every scene
            i18n.set_language(s.language)                 # rebuilds its words
            for scene in self.stack.scenes:
                scene.relabel()
        self.audio.volume = s.volume
        self.audio.muted = s.muted
        self.audio.music_volume = s.music_volume
        self.audio.music_on = s.music
        if s.fullscreen != self.is_fullscreen():
            self.set_fullscreen(s.fullscreen)
            s.fullscreen = self.is_fullscreen()  # a system that refuses: the row says Off
        self.renderer = self._renderer()
        from game.ui.scenes.table import TableScene

        for scene in self.stack.scenes:
            if isinstance(scene, TableScene):
                scene.tv.renderer = self.renderer
                if s.card_scale != self._card_scale:
                    scene.stage.replan()  # the new card size from the next frame
                if s.hand_sort != self._hand_sort:  # the hand re-sorted, its keys renumbered
                    scene.tv.model.resort_hands(s.hand_sort)  # left to right
                    scene.input.numbers = {}
                    scene.stage.retarget(0.2)
        self._card_scale, self._hand_sort = s.card_scale, s.hand_sort
        if self.paths is not None:
            settings_mod.save(self.paths, s)
            notice = settings_mod.take_notice(self.paths)  # a full disk: told once, not silent
            if notice:
                from game.ui.scenes.message import MessageScene

                self.stack.push(MessageScene(self, i18n._("Settings not saved"), notice))

    def game_in_progress(self) -> bool:
        from game.ui.scenes.table import TableScene

        t = self.stack.find(TableScene)
        return t is not None and not t.finished

    def request_quit(self) -> None:
        """The window's close button (and the title's Quit): what quitting would lose is
        written again first (the disk may have room now); a game at the table asks (a
        setting); what still could not be written (a finished game only in memory, the
        latest moves of a game whose autosave fails) always asks: quitting loses it."""
        from game.ui.scenes.confirm_quit import ConfirmQuitScene, at_risk, try_saving

        written = try_saving(self)
        ask = (self.game_in_progress() and self.settings.confirm_quit) or at_risk(self)
        if ask and not isinstance(self.stack.top, ConfirmQuitScene):
            self.stack.push(ConfirmQuitScene(self, written))
        else:
            self.running = False

    # --- the loop ---------------------------------------------------------------------
    def _clamp_window(self):  # noqa: ANN202 - pygame.Window | None
        """Tell the window manager the smallest window the layout supports, so a drag stops
        there instead of the window being destroyed and made again (issue 12)."""
        from game.ui.layout import MIN_SIZE

        try:
            with warnings.catch_warnings():  # deprecated in favour of a Window-only app
                warnings.simplefilter("ignore", DeprecationWarning)
                window = self.pg.Window.from_display_module()
            window.minimum_size = MIN_SIZE
            return window
        except (AttributeError, self.pg.error) as e:  # an older pygame-ce or no window
            log.info("minimum window size not set: %s", e)
            return None

    def _resize(self, w: int, h: int) -> None:
        from game.ui.layout import MIN_SIZE

        pg = self.pg
        if (w < MIN_SIZE[0] or h < MIN_SIZE[1]) and self._window is not None:
            # the manager ignored the minimum: grow the same window back, never recreate it
            self._window.size = (max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1]))
        self.screen = pg.display.get_surface()
        self.invalidate()
        for scene in self.stack.scenes:
            scene.resize(self.screen.get_size())

    def handle(self, event) -> None:  # noqa: ANN001
        from game.ui.intents import Intent, intent_of

        pg = self.pg
        if event.type == pg.QUIT:
            self.request_quit()
            return
        if event.type == pg.VIDEORESIZE:
            self._resize(event.w, event.h)
            return
        if event.type == pg.WINDOWFOCUSLOST:
            self.keys.release_all()
        top = self.stack.top
        if not self.keys.admit(event, self.input_owner()):
            return  # a held key or a button released over a scene it was not pressed in
        intent = intent_of(event)
        if intent in (Intent.SCALE_UP, Intent.SCALE_DOWN, Intent.SCALE_RESET):
            editing = getattr(top, "editing", None)  # a text field keeps its keys
            if not (callable(editing) and editing()):
                self.change_ui_scale(intent)
                return
        if top is not None and top.process_event(event, intent):
            return
        if intent is Intent.MUTE and top is not None and top.name != "setup":
            self.settings.muted = self.audio.toggle_mute()
            self.apply_settings()
        elif intent is Intent.FULLSCREEN:  # F11: the Fullscreen setting follows
            self.settings.fullscreen = not self.is_fullscreen()
            self.apply_settings()

    def is_fullscreen(self) -> bool:
        try:
            return bool(self.pg.display.is_fullscreen())
        except self.pg.error:
            return False

    def invalidate(self) -> None:
        """Draw the next frame whatever the frame keys say (settings applied, a window
        resized, a test that reads what a frame draws)."""
        self._drawn = None

    def _frame_key(self) -> object | None:
        """The visible scenes, the window size and the top scene's own frame key; None when
        the top scene cannot say what it shows (then every frame is drawn)."""
        top = self.stack.top
        own = top.frame_key() if top is not None else None
        if own is None:
            return None
        return (tuple(id(s) for s in self.stack.visible()), self.screen.get_size(), own)

    def input_owner(self) -> tuple[object, object]:
        """The context a key press belongs to: the top scene itself (compared by identity,
        never by an id a new scene could reuse) and what it says is on screen
        (`Scene.input_context`)."""
        top = self.stack.top
        return (top, top.input_context() if top is not None else None)

    def step(self, dt: float = 1 / FPS) -> None:
        """One frame: input, update of the top scene, drawing, flip. Never raises."""
        start = time.perf_counter()
        try:
            events = self.pg.event.get()
            for event in events:
                self.handle(event)
            top = self.stack.top
            if top is not None:
                top.update(dt)
            self.audio.play_music(self.music_for_screen())
            self.audio.tick()
            key = self._frame_key()
            self.idle = not events and key is not None and key == self._drawn
            if not self.idle:
                for scene in self.stack.visible():
                    scene.draw(self.screen)
                self.pg.display.flip()
                self._drawn = key
            if (self.warm_queue or self._chores) and self._steps:
                self._warm(start)  # spare time, never before the first frame is shown
        except Exception as e:  # a player never sees a traceback
            self._fail(e)
        self._steps += 1
        self.frame_times.append(time.perf_counter() - start)
        if len(self.frame_times) > 4000:
            del self.frame_times[:2000]

    def _fail(self, exc: Exception) -> None:
        from game.ui.scenes.message import MessageScene
        from game.ui.scenes.title import TitleScene

        log.exception("unexpected error in the game loop")
        self.save_crash_record()
        self.errors.append(f"{type(exc).__name__}: {exc}")
        if self.smoke or len(self.errors) > 20:
            raise exc
        top = self.stack.top
        try:
            if isinstance(top, MessageScene) or top is None:
                self.stack.reset(TitleScene(self))
            elif top.transparent:
                self.stack.pop()
            else:
                self.stack.reset(TitleScene(self))
            self.stack.push(MessageScene(
                self, i18n._("Something went wrong"),
                i18n._("{error}. Details are in the log file; your game was saved after the "
                       "last move.").format(error=f"{type(exc).__name__}: {str(exc)[:160]}")))
        except Exception:
            log.exception("could not show the error message")
            self.running = False

    def save_crash_record(self) -> Path | None:
        """Keep the game's record next to the log after an unexpected error, so the game
        can be replayed and the error reproduced; never raises."""
        from game import files, storage
        from game.ui.scenes.table import TableScene

        try:
            table = self.stack.find(TableScene)
            if table is None or self.paths is None:
                return None
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = files.unique_path(Path(self.paths.log_dir), f"crash-{stamp}", ".json")
            storage.write_record(path, table.session.record())
            log.error("the game's record at the time of the error: %s", path)
            return path
        except Exception:
            log.exception("could not save the game's record")
            return None

    def stop_now(self) -> None:
        """SIGTERM, SIGINT or SIGHUP: the system or the player's terminal wants the program
        gone. No question (the quit dialog would keep it alive for good): the game in
        progress is saved once more, then the loop ends."""
        from game.ui.scenes.table import TableScene

        log.info("%s received: saving and leaving", self.stop_requested)
        table = self.stack.find(TableScene)
        try:
            if table is not None and not table.finished:
                table.save_now()
            if self.paths is not None:  # games only in memory: one more try
                from game import storage

                storage.retry_in_memory(self.paths)
        except Exception:  # leaving must never fail
            log.exception("the last save before leaving failed")
        self.running = False

    def run_loop(self, max_seconds: float | None = None) -> None:
        t0 = time.monotonic()
        while self.running and self.stack.top is not None:
            if self.stop_requested:
                self.stop_now()
                break
            dt = self.clock.tick(IDLE_FPS if self.idle else FPS) / 1000.0
            self.step(min(dt, 0.1))
            if max_seconds is not None and time.monotonic() - t0 > max_seconds:
                break

    def screenshot(self, path: str | os.PathLike) -> None:
        self.pg.image.save(self.screen, str(path))

    def close(self) -> None:
        for scene in list(self.stack.scenes):
            scene.shutdown()
        self.stack.scenes.clear()
        self.audio.stop()


def _kernel_name() -> str:
    from game.engine import kernel_name

    return kernel_name()


def _catch_stop_signals(holder: list[App]) -> None:
    """SIGTERM (and SIGINT, SIGHUP) ask the running App to save and leave at its next
    frame. SDL would turn them into a window-close event, which asks "Quit the game?" while
    a game is on: a `kill` then never ended the program. SDL installs its own handler only
    where none is set, so ours stays."""
    def stop(signum: int, _frame: object) -> None:
        name = signal.Signals(signum).name
        if holder:
            holder[0].stop_requested = name
        else:  # the window is not open yet: nothing to save
            raise SystemExit(128 + signum)

    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        sig = getattr(signal, name, None)
        if sig is not None:
            try:
                signal.signal(sig, stop)
            except (ValueError, OSError):  # not the main thread, or not allowed here
                pass


def run(smoke: bool = False, size: tuple[int, int] | None = None,
        probe: bool = False, language: str | None = None) -> int:
    """Open the window (or play the headless smoke run); returns the exit status.

    ``probe``: draw the first frame of the title menu and return at once (the cold-start
    benchmark times this from process launch)."""
    if smoke:
        from game.ui.smoke import smoke_run

        return smoke_run()
    from game import storage

    paths = storage.default_paths()
    try:
        paths.ensure()
    except OSError:
        pass
    setup_logging(paths.log_dir)
    paths.clean_up()  # temporary files of a writer killed mid-save
    holder: list[App] = []
    _catch_stop_signals(holder)  # before SDL starts, so SDL leaves these signals to us
    try:
        app = App(size, paths, language=language)
        holder.append(app)
    except Exception as e:
        log.exception("the window could not be opened")
        print(f"error: the game window could not be opened: {e}", file=sys.stderr)
        return 1
    from game.ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    if probe:  # exit 0 only if the first frame drew the title (a notice over it is fine)
        app.step()
        reached = not app.errors and app.stack.find(TitleScene) is not None
        shot = os.environ.get("HACHIHACHI_PROBE_SCREENSHOT")
        if shot:
            app.screenshot(shot)
        app.close()
        app.pg.quit()
        if not reached:
            print(f"error: the title was not reached: {'; '.join(app.errors)}", file=sys.stderr)
        return 0 if reached else 1
    log.info("the title is open (%dx%d, kernel %s)", *app.screen.get_size(),
             _kernel_name())
    try:
        app.run_loop()
    finally:
        app.close()
        app.pg.quit()
    return 0
