"""Phone pages in a real browser (Debian's chromium and chromedriver, headless, through
selenium; helpers in tests/party/browser.py): three phones play a whole round by taps and no
page ever holds another seat's hand card; a reload mid-round rejoins; the same link in a
second tab takes the seat over. Then every state of issue 42's page: a turn that fits one
390 x 844 screen, a first tap that shows what a card takes and a second that plays it, a
choice of target and the drawn card's choice on the field, decisions, the round's end sheet
and the game's end screen, a seat opened elsewhere, a new link, a seat a computer took, the
page offline and back within a second, a move lost with its socket and sent again, a refused
move said in words, updates that keep the nodes they did not change, and a Japanese page.

Skipped where no browser is installed, unless HACHI_REQUIRE_BROWSER=1 (CI sets it)."""

from __future__ import annotations

import os
import time

import pytest

from game.engine.cards import CARD_IDS
from tests.party.browser import (
    PHONE,
    WIDE,
    Paused,
    chrome,
    fit,
    have_browser,
    party_host,
    phone_turn,
    shown,
    tap_a_move,
    visible,
    wait,
)

if os.environ.get("HACHI_SKIP_BROWSER") == "1":  # .ci/run: the browser is being installed
    pytest.skip("the browser is being installed; .ci/run runs these tests after",
                allow_module_level=True)
if not have_browser():
    if os.environ.get("HACHI_REQUIRE_BROWSER") == "1":
        raise RuntimeError("HACHI_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
    pytest.skip("no chromium / chromedriver here", allow_module_level=True)
pytest.importorskip("selenium.webdriver")
from selenium.webdriver.common.by import By  # noqa: E402

ONLINE = {"offline": False, "latency": 0, "download_throughput": -1, "upload_throughput": -1}
OFFLINE = {**ONLINE, "offline": True}


@pytest.fixture(scope="module")
def pool():  # noqa: ANN201
    """Browsers kept for the whole file (starting one costs a second or two): pool(i, lang)."""
    made: dict = {}

    def get(i: int = 0, lang: str = "en"):  # noqa: ANN202
        if (i, lang) not in made:
            made[i, lang] = chrome(PHONE, lang)
        return made[i, lang]

    yield get
    for driver in made.values():
        driver.quit()


@pytest.fixture
def browser(pool):  # noqa: ANN001, ANN201
    """A test's browsers, from the pool, at a phone's size; left online on a blank page."""
    used: list = []

    def get(i: int = 0, lang: str = "en"):  # noqa: ANN202
        driver = pool(i, lang)
        fit(driver, PHONE)
        used.append(driver)
        return driver

    yield get
    for driver in used:
        try:
            driver.set_network_conditions(**ONLINE)
            driver.get("about:blank")
        except Exception:  # noqa: BLE001 - a browser that died is the test's own failure
            pass


# --- helpers ----------------------------------------------------------------------------
def _others_hands(host, seat):  # noqa: ANN001, ANN202
    """The cards in other seats' hands that nobody showed (teyaku shown are public)."""
    st = host.session.st
    shown_cards = {c for claim in host.session.public_view().claims.values()
                   for c in claim.cards}
    return {CARD_IDS[c] for s, hand in enumerate(st.hands) if s != seat
            for c in range(48) if hand >> c & 1} - shown_cards


def _no_leak(host, pages):  # noqa: ANN001, ANN202
    for seat, page in pages.items():
        html = page.page_source
        leaked = {c for c in _others_hands(host, seat) if f"/cards/{c}.svg" in html}
        assert leaked == set(), (seat, leaked)


def _ready(host, page, seat: int = 0) -> bool:  # noqa: ANN001
    """The seat's turn, and its page shows the table as it is now."""
    return phone_turn(host, seat) and shown(page) == host.serial


def _play_until(host, page, done, limit: float = 60.0, seat: int = 0) -> bool:  # noqa: ANN001
    """Tap moves on `page` as a player would until `done()` (False after `limit` s)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if done():
            return True
        if _ready(host, page, seat) and not done():
            serial = host.serial
            if tap_a_move(page):
                wait(lambda s=serial: host.serial != s, 10)
                continue
        time.sleep(0.03)
    return done()


def _in_view(page, *css: str) -> list:  # noqa: ANN001
    """The shown elements matching `css` that are not wholly inside the screen (nothing to
    scroll to), as [selector, top, bottom, innerHeight]; and the page must not be scrolled."""
    return page.execute_script("""
        const out = [];
        if (window.scrollY !== 0) out.push(["scrolled", window.scrollY, 0, innerHeight]);
        for (const css of arguments[0]) {
          const found = [...document.querySelectorAll(css)].filter((e) => e.offsetParent);
          if (!found.length) out.push([css, "missing", 0, innerHeight]);
          for (const e of found) {
            const r = e.getBoundingClientRect();
            const out_of_sight = r.top < 0 || r.bottom > innerHeight + 0.5;
            if (out_of_sight) out.push([css, r.top, r.bottom, innerHeight]);
          }
        }
        return out;""", list(css))


def _texts(page, css: str) -> list[str]:  # noqa: ANN001
    return [e.text for e in page.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]


def _last_action(host, seat: int = 0) -> str:  # noqa: ANN001
    """The seat's last move this round, in the record's notation."""
    return next((str(a) for a in reversed(host.session.st.actions) if a.seat == seat), "")


def _hand_card(page, key: str):  # noqa: ANN001, ANN202
    return page.find_element(By.CSS_SELECTOR, f"#hand button[data-key='{key}']")


def _info(page) -> str:  # noqa: ANN001
    """The line between field and hand (what a pick takes, Sent…, a refused move)."""
    return page.find_element(By.CSS_SELECTOR, "#info span").text


def _legal_entries(host, seat: int = 0) -> list[dict]:  # noqa: ANN001
    """The seat's legal moves as its page receives them (with what each play takes)."""
    from game.party.protocol import view_message

    return view_message(host.session.view(seat), host.names(), host.serial)["legal"]


# --- a whole round by taps ----------------------------------------------------------------
def test_three_phones_play_a_round_by_taps(party, pool):
    with party(phones=3, seats=3, seed=11) as host:
        pages = {s: pool(s) for s in host.phones}
        try:
            for s, page in pages.items():
                fit(page, PHONE)
                page.get(host.server.link(s))
            assert wait(lambda: host.started)
            reloaded = taken_over = False
            taps = 0
            end = time.monotonic() + 150
            while not host.over and time.monotonic() < end:
                seat = host.session.st.to_move
                if seat not in pages or host.session.next_step().name != "PHONE":
                    time.sleep(0.03)
                    continue
                page = pages[seat]
                serial = host.serial
                if wait(lambda p=page, s=seat: _ready(host, p, s) and tap_a_move(p), 10):
                    taps += 1
                    wait(lambda s=serial: host.serial != s, 10)
                _no_leak(host, pages)
                if taps == 6 and not reloaded:  # a reload mid-round: the seat comes back
                    pages[0].refresh()
                    assert wait(lambda: host.server.joined()[0] and
                                pages[0].find_elements(By.CSS_SELECTOR, "#hand img"))
                    reloaded = True
                if taps == 10 and not taken_over:  # the same link in another tab
                    second = pool(3)
                    fit(second, PHONE)
                    second.get(host.server.link(1))
                    assert wait(lambda: "another screen" in pages[1].page_source)
                    pages[1].get("about:blank")
                    pages[1] = second
                    taken_over = True
            assert host.over, f"the round did not end ({taps} taps)"
            assert reloaded and taken_over and host.refused == 0
        finally:
            for page in {*pages.values(), pool(0), pool(1), pool(2)}:
                page.get("about:blank")


# --- one screen, two taps ---------------------------------------------------------------
def test_a_turn_fits_one_screen_and_a_card_plays_on_the_second_tap(browser):
    """Four seats: stay in or drop out (a decision, the hand shown below it), then a turn:
    hand, field, prompt and the other seats on one 390 x 844 screen; a first tap lifts the
    card and says what it takes; a second plays it."""
    page = browser()
    with Paused(party_host(phones=1, seats=4, seed=4)) as run:
        host = run.host
        page.get(host.server.link(0))
        assert wait(lambda: _ready(host, page) and visible(page, "#decisions button.choice"))
        assert _in_view(page, "#prompt", "#chips .chip", "#field .card", "#decisions button",
                        "#hand .card") == []
        pays = _texts(page, "#decisions button.choice small.pays")
        assert len(pays) == 2 and all(pays), pays
        join = page.find_element(By.CSS_SELECTOR, "#decisions button[data-verb=join]")
        join.click()
        assert wait(lambda: _last_action(host) == "0 join")
        assert _play_until(host, page, lambda: _ready(host, page) and
                           host.session.view(0).phase == "play")
        assert wait(lambda: visible(page, "#hand button.card.live"))
        assert "turn" in page.find_element(By.ID, "prompt").get_attribute("class")  # gold
        assert _in_view(page, "#prompt", "#chips .chip", "#field .card", "#bar",
                        "#hand .card") == []
        assert page.find_element(By.ID, "me-name").text == "P1"
        assert page.find_element(By.ID, "me-seat").text == "Seat 1"

        entries = [e for e in _legal_entries(host) if e["verb"] == "play"]
        taking = next(e for e in entries if e["takes"])
        idle = next((e for e in entries if not e["takes"]), None)
        serial = host.serial
        if idle is not None:  # a first tap on a card that takes nothing: it says so
            _hand_card(page, idle["card"]).click()
            assert wait(lambda: _info(page).startswith("Takes nothing"))
            assert not page.find_elements(By.CSS_SELECTOR, "#field button.card.takes")
        key = taking["card"]
        card = _hand_card(page, key)
        card.click()  # a first tap (on another card: the pick moves): lifted, nothing sent
        assert wait(lambda: "picked" in card.get_attribute("class"))
        assert len(page.find_elements(By.CSS_SELECTOR, "#hand button.card.picked")) == 1
        lifted = [b.get_attribute("data-key") for b in  # the field cards it takes
                  page.find_elements(By.CSS_SELECTOR, "#field button.card.takes")]
        assert sorted(lifted) == sorted(taking["takes"])
        assert _info(page).startswith("Takes: ")
        assert visible(page, "#play") and visible(page, "#back")
        time.sleep(0.3)
        assert host.serial == serial and phone_turn(host)  # a first tap plays nothing
        card.click()  # the second tap plays it
        assert wait(lambda: host.serial != serial)
        assert _last_action(host).startswith(f"0 play {key}")
        assert key not in host.session.view(0).hand


def test_a_choice_of_target_and_the_drawn_cards_choice_are_taps_on_the_field(browser):
    """Japanese: mizuten (a blind decision: the hand's backs), then a card that could take
    either of two field cards waits for a tap on one of them (a second tap on the card plays
    nothing); later the drawn card's choice is a tap on the field too."""
    page = browser(0, "ja")
    with Paused(party_host(phones=1, seed=11)) as run:
        host = run.host
        page.get(host.server.link(0))
        assert wait(lambda: _ready(host, page) and visible(page, "#decisions button.choice"))
        assert page.execute_script("return document.documentElement.lang") == "ja"
        assert host.server.seats[0].lang == "ja"
        assert page.find_element(By.ID, "me-total").text.endswith("文")
        assert page.find_element(By.ID, "hand").get_attribute("aria-label") == "あなたの手札"
        backs = page.find_elements(By.CSS_SELECTOR, "#hand button.card img[src$='back.svg']")
        assert len(backs) == host.session.view(0).hand_counts[0] > 0  # blind: backs only
        assert _in_view(page, "#prompt", "#field .card", "#decisions button", "#hand .card") == []
        page.find_element(By.CSS_SELECTOR, "#decisions button[data-verb=pass]").click()
        assert wait(lambda: _ready(host, page) and visible(page, "#hand button.card.live"))

        view = host.session.view(0)
        choosing = [a for a in view.legal if a.verb == "play" and len(a.args) > 1]
        key = CARD_IDS[choosing[0].args[0]]
        card = _hand_card(page, key)
        serial = host.serial
        card.click()
        targets = {CARD_IDS[a.args[1]] for a in choosing if a.args[0] == choosing[0].args[0]}
        assert wait(lambda: {b.get_attribute("data-key") for b in
                             visible(page, "#field button.card.target")} == targets)
        assert not visible(page, "#play")  # no Play: the field card is the second tap
        card.click()
        time.sleep(0.3)
        assert host.serial == serial
        assert _in_view(page, "#field .card.target", "#hand .card.picked", "#back") == []
        target = sorted(targets)[-1]
        page.find_element(By.CSS_SELECTOR, f"#field button[data-key='{target}']").click()
        assert wait(lambda: host.serial != serial)
        assert _last_action(host) == f"0 play {key} {target}"

    with Paused(party_host(phones=1, seed=7)) as run:  # the drawn card's choice
        host = run.host
        page.get(host.server.link(0))
        assert _play_until(host, page, lambda: _ready(host, page) and
                           host.session.view(0).phase == "take")
        drawn = CARD_IDS[host.session.view(0).drawn]
        assert wait(lambda: visible(page, "#field button.card.target"))
        assert page.find_element(By.CSS_SELECTOR, "#field button.card.drawn") \
            .get_attribute("data-key") == drawn
        choice = visible(page, "#field button.card.target")[0].get_attribute("data-key")
        serial = host.serial
        page.find_element(By.CSS_SELECTOR, f"#field button[data-key='{choice}']").click()
        assert wait(lambda: host.serial != serial)
        assert _last_action(host) == f"0 take {choice}"


# --- the round's end, the game's end --------------------------------------------------------
def test_the_round_end_sheet_then_the_game_end_screen(browser):
    """Two rounds: the sheet (who paid whom, this seat's net, totals) opens once, OK closes
    it and a reload does not open it again; the game's end shows the standings and what comes
    next, and the page stays there when the host closes (no "trying again"). The read-only
    table page shows the same round's end on the page and never a hand."""
    page, table = browser(0), browser(1)
    with Paused(party_host(phones=1, seed=7, rounds=2)) as run:
        host = run.host
        page.get(host.server.link(0))
        table.get(host.server.table_link())
        assert _play_until(host, page, lambda: bool(visible(page, "#sheet-ok")), 90)
        result = host.session.view(0).results[-1]
        assert page.find_element(By.ID, "sheet-h").text == "Round over"
        rows = page.find_elements(By.CSS_SELECTOR, "#sheet table.net tbody tr")
        assert len(rows) == 3 and "me" in rows[0].get_attribute("class")
        mine = page.find_element(By.CSS_SELECTOR, "#sheet p.mine").text
        assert mine.startswith("You won" if result.net[0] > 0 else "You paid"
                               if result.net[0] < 0 else "You neither")
        ledger = page.find_elements(By.CSS_SELECTOR, "#sheet ul.ledger li")
        assert len(ledger) == len(result.payments)
        assert wait(lambda: table.find_elements(By.CSS_SELECTOR, "#outcome table.net"))
        assert not table.find_elements(By.CSS_SELECTOR, "#hand .card")
        assert len(table.find_elements(By.CSS_SELECTOR, "#chips .chip:not(.pile)")) == 3

        page.find_element(By.ID, "sheet-ok").click()
        assert wait(lambda: not visible(page, "#sheet"))
        page.refresh()
        assert wait(lambda: shown(page) == host.serial)
        time.sleep(0.3)
        assert not visible(page, "#sheet")  # dismissed once is dismissed

        assert _play_until(host, page, lambda: bool(visible(page, "#screen.over")), 120)
        assert host.over
        standings = page.find_elements(By.CSS_SELECTOR, "#screen table.standings tbody tr")
        assert len(standings) == 3
        assert page.find_elements(By.CSS_SELECTOR, "#screen tr.winner")
        screen = page.find_element(By.ID, "screen").text
        assert "Game over" in screen and "close this page" in screen
    # the host has closed (the socket with 4004): the end screen stays, nothing retries
    time.sleep(1.5)
    assert visible(page, "#screen.over")
    assert not visible(page, "#banner") and "trying again" not in page.page_source
    assert wait(lambda: table.find_element(By.ID, "prompt").text == "Game over", 5)
    assert not visible(table, "#banner")


# --- closed seats -------------------------------------------------------------------------
def test_waiting_replaced_new_link_retired_and_refused_screens(browser):
    """Before the start: who you are and who has joined. A second screen takes the seat: the
    first says so and can take it back; a new link: the old page says so, no button; a
    computer takes a seat: its page says so. None of them tries again. A link that is no
    seat of the game says so too."""
    a, b = browser(0), browser(1)
    with Paused(party_host(phones=2, seed=4)) as run:
        host = run.host
        a.get(host.server.link(0))
        assert wait(lambda: visible(a, "#screen.waiting"))
        assert "Waiting" in a.find_element(By.ID, "screen").text
        assert a.find_element(By.ID, "me-name").text == "P1"

        b.get(host.server.link(0))
        assert wait(lambda: visible(a, "#take-back"))
        assert "another screen" in a.find_element(By.ID, "screen").text
        visible(a, "#take-back")[0].click()  # take it back here
        assert wait(lambda: visible(b, "#take-back") and visible(a, "#screen.waiting"))

        host.reissue(0)
        assert wait(lambda: visible(a, "#screen.closed.new_link"))
        assert "new link" in a.find_element(By.ID, "screen").text
        assert not visible(a, "#take-back")

        b.get(host.server.link(1))
        assert wait(lambda: host.server.joined()[1])
        host.give_to_computer(1, "rules")
        assert wait(lambda: visible(b, "#screen.closed.retired"))
        assert "computer plays" in b.find_element(By.ID, "screen").text
        refused = host.server.refused
        time.sleep(2)  # no page tries its dead link again
        assert host.server.refused == refused and not host.server.joined()[0]
        for page in (a, b):
            assert not visible(page, "#banner")

        a.get(host.server.link(0).rsplit("/", 1)[0] + "/" + "x" * 22)  # no seat of this game
        assert wait(lambda: visible(a, "#screen.closed.refused"))
        assert "not a seat" in a.find_element(By.ID, "screen").text


# --- the connection -------------------------------------------------------------------------
def test_offline_shows_a_banner_disables_the_cards_and_comes_back_within_a_second(browser):
    page = browser()
    with Paused(party_host(phones=1, seed=1)) as run:
        host = run.host
        page.get(host.server.link(0))
        assert wait(lambda: _ready(host, page) and visible(page, "#hand button.card.live"))
        page.set_network_conditions(**OFFLINE)
        assert wait(lambda: visible(page, "#banner") and not host.server.joined()[0], 5)
        assert page.find_element(By.ID, "banner").text.startswith("Offline")
        cards = page.find_elements(By.CSS_SELECTOR, "#hand button.card")
        assert cards and all(not c.is_enabled() for c in cards)
        assert page.execute_script("return document.body.classList.contains('offline')")
        time.sleep(1.5)  # a while offline: the page keeps trying, every second at most
        page.set_network_conditions(**ONLINE)
        back = time.monotonic()
        assert wait(lambda: host.server.joined()[0] and visible(page, "#hand button.card.live"),
                    5, 0.02)
        assert time.monotonic() - back < 1.5
        assert wait(lambda: page.find_element(By.ID, "banner").text in ("", "Connected again."))


def test_a_move_lost_with_its_socket_is_sent_again(browser):
    """The table is held still; the phone plays; its move is lost on the way (taken out of
    the server's queue) and the socket closes before an answer. Back online, the view is the
    one the move answered: the page sends it again, and says "Sent…" until the answer."""
    page = browser()
    with Paused(party_host(phones=1, seed=1)) as run:
        host = run.host
        page.get(host.server.link(0))
        assert wait(lambda: _ready(host, page) and visible(page, "#hand button.card.live"))
        run.hold()
        card = visible(page, "#hand button.card.live")[0]
        key = card.get_attribute("data-key")
        card.click()
        card.click()
        assert wait(lambda: _info(page) == "Sent…")
        assert wait(lambda: not host.server.actions.empty())
        host.server.actions.get_nowait()  # the move never reached the table
        page.set_network_conditions(**OFFLINE)
        assert wait(lambda: not host.server.joined()[0], 5)
        page.set_network_conditions(**ONLINE)
        assert wait(lambda: not host.server.actions.empty(), 5)  # sent again
        serial = host.serial
        run.go()
        assert wait(lambda: host.serial != serial)
        assert _last_action(host).startswith(f"0 play {key}") and host.refused == 0
        assert wait(lambda: _info(page) != "Sent…")


def test_a_refused_move_is_said_and_the_next_tap_plays(browser):
    """A tap that answers an older view than the table's (the table moved meanwhile) is
    refused by the host; the page says so in its line, and a new tap plays."""
    page = browser()
    with Paused(party_host(phones=1, seed=1)) as run:
        host = run.host
        page.get(host.server.link(0))
        assert wait(lambda: _ready(host, page) and visible(page, "#hand button.card.live"))
        run.hold()
        host.serial += 1  # the table's view moved on; the page still shows the older one
        run.go()
        card = visible(page, "#hand button.card.live")[0]
        card.click()
        card.click()
        assert wait(lambda: "not taken" in page.find_element(By.ID, "info").text)
        assert host.refused == 1
        assert wait(lambda: shown(page) == host.serial)
        serial = host.serial
        assert tap_a_move(page)
        assert wait(lambda: host.serial != serial)
        assert "not taken" not in page.find_element(By.ID, "info").text


# --- only what changed ------------------------------------------------------------------------
def test_updates_keep_the_nodes_they_did_not_change(browser):
    """Another phone goes and comes back (status messages), then this seat plays and the
    table moves (views): the hand's and the field's other card elements are the same nodes
    throughout (marked with a property), and the chip says who is away."""
    a, b = browser(0), browser(1)
    with Paused(party_host(phones=2, seed=1)) as run:
        host = run.host
        a.get(host.server.link(0))
        b.get(host.server.link(1))
        assert wait(lambda: host.started)
        done = lambda: _ready(host, a, 0) and visible(a, "#hand button.card.live")  # noqa: E731
        end = time.monotonic() + 30
        while not done() and time.monotonic() < end:
            if _ready(host, b, 1):
                tap_a_move(b)
            time.sleep(0.05)
        assert done()
        mark = """for (const e of document.querySelectorAll('#hand .card, #field .card'))
                    e.hachiMark = e.dataset.key;"""
        kept = """return [...document.querySelectorAll('#hand .card, #field .card')]
                    .filter((e) => e.hachiMark === e.dataset.key).map((e) => e.dataset.key);"""
        a.execute_script(mark)
        keys = set(a.execute_script(kept))
        b.get("about:blank")  # seat 2's phone goes away: a status message
        assert wait(lambda: "away" in a.find_element(By.CSS_SELECTOR, "#chips .chip.gone").text)
        assert set(a.execute_script(kept)) == keys
        b.get(host.server.link(1))
        assert wait(lambda: not a.find_elements(By.CSS_SELECTOR, "#chips .chip.gone"))
        assert set(a.execute_script(kept)) == keys

        hand = set(host.session.view(0).hand)
        serial = host.serial
        assert tap_a_move(a)
        assert wait(lambda: host.serial != serial and shown(a) == host.serial)
        now = set(host.session.view(0).hand) | set(host.session.view(0).field)
        still = set(a.execute_script(kept))
        assert hand - still == hand - now  # every card still in hand is the same node
        assert (keys & now) <= still  # and every field card that stayed


def test_the_whole_table_on_a_wide_screen_and_the_teyaku_shown(browser):
    """At 1366 x 768 (a friend online sees no host window, issue 46 item 2): the other
    seats' plates with their points, teyaku and captures across the top, the field and the
    whole hand on one screen, and beside them, without scrolling the page, the teyaku shown
    (the host's words and cards), this seat's captures, the standings and the log. At a
    phone's size a plate that wears the teyaku badge still shows its seat's name."""
    from game.party.protocol import view_message

    page = browser()
    fit(page, WIDE)
    with Paused(party_host(phones=1, seats=4, seed=7)) as run:
        host = run.host
        page.get(host.server.link(0))
        assert _play_until(host, page, lambda: _ready(host, page) and visible(
            page, "#hand button.card.live") and host.session.view(0).phase == "play")
        msg = view_message(host.session.view(0), host.names(), host.serial)
        claims = msg["teyaku"]
        assert claims, "seed 7 deals a teyaku to a computer"
        assert _in_view(page, "#prompt", "#chips .chip", "#field .card", "#hand .card",
                        "#teyaku", "#standing") == []
        game = page.find_element(By.ID, "game").rect
        more = page.find_element(By.ID, "more").rect
        assert more["x"] >= game["x"] + game["width"] - 1  # beside the table, not below
        assert _texts(page, "#claims .claim p") == [c["text"] for c in claims]
        for claim in claims:
            chip = page.find_element(By.CSS_SELECTOR, f"#chips .chip[data-key='{claim['seat']}']")
            shown_cards = [i.get_attribute("src").rsplit("/", 1)[1][:-4] for i in
                           chip.find_elements(By.CSS_SELECTOR, ".strip.shown img")]
            assert shown_cards == claim["cards"]
            assert chip.find_element(By.CSS_SELECTOR, ".badge").text
        plates = [e.text for e in page.find_elements(By.CSS_SELECTOR, "#chips .chip .plate")
                  if e.is_displayed()]
        assert plates and all("pts" in t for t in plates), plates
        assert len(page.find_elements(By.CSS_SELECTOR, "#standing tbody tr")) == 4
        assert not page.find_elements(By.CSS_SELECTOR, "#seats .seat")[0].is_displayed()

        fit(page, PHONE)  # the same page on a phone: plates are chips, names still shown
        assert wait(lambda: page.execute_script("return innerWidth") < 500)
        for claim in claims:
            name = page.find_element(
                By.CSS_SELECTOR, f"#chips .chip[data-key='{claim['seat']}'] .name")
            assert name.rect["width"] > 20 and name.text == host.names()[claim["seat"]]
        assert _in_view(page, "#prompt", "#chips .chip", "#field .card", "#hand .card") == []
