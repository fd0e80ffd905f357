"""Headless Chromium for the phone-page tests and screenshots (tests/party/test_phone_pages.py,
tests/party/phone_shots.py): a browser at a phone's or a tablet's size in a given language,
and a party host whose thread can be paused (so a test can hold the table still)."""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from pathlib import Path

from game.party.host import PartyHost

PHONE = (390, 844)
TABLET = (820, 1180)
WIDE = (1366, 768)  # a laptop: the page's whole-table layout (issue 46)


def have_browser() -> bool:
    return shutil.which("chromium") is not None and shutil.which("chromedriver") is not None


def _fonts_conf() -> str | None:
    """A fontconfig file that adds the Japanese font the game ships (pygame_gui's Noto Sans
    JP) to the system's, for machines without one: a phone has its own, this container may
    not, and a screenshot of tofu shows nothing. None when that font is not installed."""
    try:
        import pygame_gui.data as data
    except ImportError:
        return None
    folder = Path(data.__file__).parent
    if not (folder / "NotoSansJP-Regular.otf").exists():
        return None
    conf = Path(tempfile.gettempdir()) / "hachi-phone-fonts.conf"
    conf.write_text('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                    "<fontconfig>\n  <include ignore_missing=\"yes\">/etc/fonts/fonts.conf"
                    f"</include>\n  <dir>{folder}</dir>\n</fontconfig>\n")
    return str(conf)


def chrome(size: tuple[int, int] = PHONE, lang: str = "en"):  # noqa: ANN201 - a WebDriver
    """A headless Chromium whose inner window is `size` (CSS pixels) and whose
    navigator.language is `lang`."""
    from selenium import webdriver

    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--force-device-scale-factor=1",
                "--autoplay-policy=no-user-gesture-required", f"--lang={lang}"):
        opts.add_argument(arg)
    opts.add_experimental_option("prefs", {"intl.accept_languages": lang})
    env = {}
    conf = _fonts_conf()
    if conf:
        import os

        env = {**os.environ, "FONTCONFIG_FILE": conf}
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"),
                                      env=env or None)
    driver = webdriver.Chrome(options=opts, service=service)
    fit(driver, size)
    return driver


def fit(driver, size: tuple[int, int]) -> None:  # noqa: ANN001
    """Make the page's viewport (innerWidth x innerHeight) exactly `size`."""
    driver.set_window_size(*size)
    inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    dw, dh = size[0] - inner[0], size[1] - inner[1]
    if dw or dh:
        driver.set_window_size(size[0] + dw, size[1] + dh)


def wait(pred, timeout: float = 15.0, step: float = 0.05) -> bool:  # noqa: ANN001
    """True once `pred()` is; False after `timeout` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if pred():
                return True
        except Exception:  # noqa: BLE001 - a page between two states: look again
            pass
        time.sleep(step)
    return False


class Paused:
    """A party host polled by a thread that a test can hold (`hold()`/`go()`): while held,
    the phones' moves wait in the server's queue and nothing moves on the table."""

    def __init__(self, host: PartyHost) -> None:
        self.host = host
        self.running = threading.Event()
        self.running.set()
        self.stop = threading.Event()
        self.idle = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self.stop.is_set():
            if not self.running.is_set():
                self.idle.set()
                time.sleep(0.01)
                continue
            self.idle.clear()
            if not self.host.poll():
                time.sleep(0.01)

    def hold(self) -> None:
        self.running.clear()
        self.idle.wait(5)

    def go(self) -> None:
        self.running.set()

    def __enter__(self) -> Paused:
        self.host.start()
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(10)
        self.host.stop()


def party_host(phones: int = 1, seats: int = 3, seed: int = 7, rounds: int = 1,
               think: float = 0.0, ruleset: str = "hachihachi") -> PartyHost:
    """A party game on localhost: seats 0..phones-1 on phones, the rest computers that take
    at least `think` seconds a move (so a screenshot can catch another seat's turn)."""
    from game.play.session import GameSession, SeatSpec

    specs = [SeatSpec(f"P{i + 1}", "human") if i < phones else SeatSpec(f"C{i}", "ai:rules")
             for i in range(seats)]
    session = GameSession(ruleset, {"rounds": rounds}, specs, seed)
    return PartyHost(session, list(range(phones)), think=think)


def visible(page, css: str) -> list:  # noqa: ANN001
    """The elements matching `css` that are shown and enabled."""
    from selenium.webdriver.common.by import By

    return [e for e in page.find_elements(By.CSS_SELECTOR, css)
            if e.is_displayed() and e.is_enabled()]


def shown(page) -> int:  # noqa: ANN001
    """The serial of the view on the page's screen (-1 before the first)."""
    n = page.execute_script("return document.body.dataset.n")
    return int(n) if n is not None else -1


def phone_turn(host, seat: int = 0) -> bool:  # noqa: ANN001 - a PartyHost
    """It is ``seat``'s turn, and its phone is the one to play it."""
    s = host.session
    return s.next_step().name == "PHONE" and s.st.to_move == seat


def tap_a_move(page) -> bool:  # noqa: ANN001
    """Make one move as a player would: OK on a round's sheet first; else a decision (pass
    or stay in where offered), a target on the field, or a hand card tapped twice (select,
    then play). True when a move was sent."""
    ok = visible(page, "#sheet-ok")
    if ok:
        ok[0].click()
    decisions = visible(page, "#decisions button.choice")
    if decisions:
        quiet = [b for b in decisions if b.get_attribute("data-verb") in ("pass", "join")]
        (quiet or decisions)[0].click()
        return True
    targets = visible(page, "#field button.card.target")
    if targets:
        targets[0].click()
        return True
    cards = visible(page, "#hand button.card.live")
    if not cards:
        return False
    cards[0].click()
    targets = visible(page, "#field button.card.target")
    if targets:
        targets[0].click()
    else:
        play = visible(page, "#play")
        (play[0] if play else cards[0]).click()
    return True
