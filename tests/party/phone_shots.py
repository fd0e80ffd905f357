"""Screenshots of every state of the phone page (issue 42: look at what you built), at a
phone's size (390 x 844) and a tablet's (820 x 1180), in English and Japanese:

    python -m tests.party.phone_shots [--out /tmp/phone-shots] [--lang en ja] [--size phone tablet]

Each file is named <size>-<lang>-<state>.png: waiting, decision (drop out or stay, the hand
shown), decision-blind (mizuten), your-turn, selection, target, take, sent, others-turn,
below-the-fold, offline, rejected, round-end, game-end, table, replaced, new-link, retired.
Not collected by pytest."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tests.party.browser import (
    PHONE,
    TABLET,
    Paused,
    chrome,
    fit,
    party_host,
    phone_turn,
    shown,
    tap_a_move,
    visible,
    wait,
)

SIZES = {"phone": PHONE, "tablet": TABLET}
ONLINE = {"offline": False, "latency": 0, "download_throughput": -1, "upload_throughput": -1}
OFFLINE = {**ONLINE, "offline": True}


class Shots:
    def __init__(self, out: Path, size: str, lang: str) -> None:
        self.out, self.size, self.lang = out, size, lang
        self.pages = [chrome(SIZES[size], lang), chrome(SIZES[size], lang)]
        self.taken: list[Path] = []

    def shoot(self, page, state: str, *, bottom: bool = False) -> None:  # noqa: ANN001
        """`bottom`: scrolled to the page's end (what lies below the fold)."""
        page.execute_script("window.scrollTo(0, arguments[0] ? document.body.scrollHeight : 0)",
                            bottom)
        time.sleep(0.35)  # the page's short transitions end
        path = self.out / f"{self.size}-{self.lang}-{state}.png"
        page.save_screenshot(str(path))
        self.taken.append(path)

    def close(self) -> None:
        for p in self.pages:
            p.quit()


def need(pred, timeout: float = 20) -> None:  # noqa: ANN001
    """Wait for a state the next screenshot shows; a script that cannot reach it stops."""
    if not wait(pred, timeout):
        raise RuntimeError("a state the screenshots need did not come")


def reach(host, page, done, limit: float = 60) -> None:  # noqa: ANN001
    """Tap moves on `page` (select, then play) until `done()`."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if done():
            return
        if phone_turn(host) and shown(page) == host.serial:
            serial = host.serial
            if done():
                return
            if tap_a_move(page):
                wait(lambda s=serial: host.serial != s or done(), 10)
                continue
        time.sleep(0.05)
    if not done():
        raise RuntimeError("the state the screenshot needs did not come")


def seats_closed(sh: Shots) -> None:
    """Waiting for the start; a seat opened elsewhere; a new link; a computer takes over."""
    a, b = sh.pages
    with Paused(party_host(phones=2, seed=4)) as run:
        host = run.host
        a.get(host.server.link(0))
        need(lambda: visible(a, "#screen.waiting"))
        sh.shoot(a, "waiting")
        b.get(host.server.link(0))
        need(lambda: visible(a, "#take-back"))
        sh.shoot(a, "replaced")
        host.reissue(0)
        need(lambda: visible(b, "#screen.closed"))
        sh.shoot(b, "new-link")
        a.get(host.server.link(1))
        need(lambda: host.server.joined()[1])
        host.give_to_computer(1, "rules")
        need(lambda: visible(a, "#screen.closed.retired"))
        sh.shoot(a, "retired")


def decisions_and_turns(sh: Shots) -> None:
    """Four seats: drop out or stay (the hand shown), then a turn, a selection, Sent…,
    another seat's turn, and the page offline."""
    a = sh.pages[0]
    with Paused(party_host(phones=1, seats=4, seed=4, think=0.8)) as run:
        host = run.host
        a.get(host.server.link(0))
        need(lambda: visible(a, "#decisions button.choice"))
        sh.shoot(a, "decision")
        visible(a, "#decisions button.choice")[0].click()  # stay in
        reach(host, a, lambda: visible(a, "#hand button.card.live") and phone_turn(host))
        sh.shoot(a, "your-turn")
        cards = visible(a, "#hand button.card.live")
        best = next((c for c in cards if c.get_attribute("data-key") in _taking(host)), cards[0])
        best.click()
        sh.shoot(a, "selection")
        sent_then_others(run, a, sh)
        reach(host, a, lambda: visible(a, "#hand button.card.live") and phone_turn(host))
        a.set_network_conditions(**OFFLINE)
        need(lambda: visible(a, "#banner"))
        sh.shoot(a, "offline")
        a.set_network_conditions(**ONLINE)
        need(lambda: not a.find_elements("css selector", "body.offline"))
        need(lambda: shown(a) == host.serial and visible(a, "#hand button.card.live"))
        run.hold()
        host.serial += 1  # the table moved on: the page's next tap answers an older view
        run.go()
        card = visible(a, "#hand button.card.live")[0]
        card.click()
        card.click()
        need(lambda: a.find_element("css selector", "#info[data-tone=warn]"))
        sh.shoot(a, "rejected")


def _taking(host) -> set[str]:  # noqa: ANN001
    """The phone's hand cards that would take something (a selection worth showing)."""
    from game.party.protocol import view_message

    legal = view_message(host.session.view(0), host.names(), host.serial)["legal"]
    return {e["card"] for e in legal if e["verb"] == "play" and e["takes"]}


def sent_then_others(run: Paused, page, sh: Shots) -> None:  # noqa: ANN001
    """Sent… (the table held still), then another seat's turn."""
    host = run.host
    run.hold()
    (visible(page, "#play") or visible(page, "#hand button.card.picked"))[0].click()
    need(lambda: visible(page, "#info[data-tone=sent]"))
    sh.shoot(page, "sent")
    run.go()
    need(lambda: "chip now" in page.page_source and not phone_turn(host))
    sh.shoot(page, "others-turn")
    sh.shoot(page, "below-the-fold", bottom=True)


def choices(sh: Shots) -> None:
    """Mizuten (a blind decision), then a card with a choice of target; then (another deal)
    the drawn card's choice."""
    a = sh.pages[0]
    with Paused(party_host(phones=1, seed=11)) as run:
        host = run.host
        a.get(host.server.link(0))
        need(lambda: visible(a, "#decisions button.choice"))
        sh.shoot(a, "decision-blind")
        visible(a, "#decisions button.choice")[-1].click()  # look at the hand
        need(lambda: visible(a, "#hand button.card.live"))
        choosing = _cards_with_targets(host)
        card = next(c for c in visible(a, "#hand button.card.live")
                    if c.get_attribute("data-key") in choosing)
        card.click()
        need(lambda: visible(a, "#field button.card.target"))
        sh.shoot(a, "target")
    with Paused(party_host(phones=1, seed=7)) as run:
        host = run.host
        a.get(host.server.link(0))
        reach(host, a, lambda: visible(a, "#field button.card.target") and
              host.session.view(0).phase == "take")
        sh.shoot(a, "take")


def _cards_with_targets(host) -> set[str]:  # noqa: ANN001
    """The phone's hand cards that could take either of two field cards."""
    from game.engine.cards import CARD_IDS

    v = host.session.view(0)
    return {CARD_IDS[a.args[0]] for a in v.legal if a.verb == "play" and len(a.args) > 1}


def ends(sh: Shots) -> None:
    """Two rounds: the round's end sheet, the table page, and the game's end."""
    a, b = sh.pages
    with Paused(party_host(phones=1, seed=7, rounds=2)) as run:
        host = run.host
        a.get(host.server.link(0))
        b.get(host.server.table_link())
        reach(host, a, lambda: visible(a, "#sheet-ok"), 90)
        sh.shoot(a, "round-end")
        sh.shoot(b, "table")
        reach(host, a, lambda: visible(a, "#screen.over"), 120)
        sh.shoot(a, "game-end")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="/tmp/phone-shots")
    ap.add_argument("--lang", nargs="+", default=["en", "ja"])
    ap.add_argument("--size", nargs="+", default=["phone", "tablet"], choices=list(SIZES))
    ap.add_argument("--only", nargs="*", default=None,
                    help="scenarios: seats_closed decisions_and_turns choices ends")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    scenarios = [seats_closed, decisions_and_turns, choices, ends]
    if args.only:
        scenarios = [s for s in scenarios if s.__name__ in args.only]
    taken: list[Path] = []
    for size in args.size:
        for lang in args.lang:
            sh = Shots(out, size, lang)
            try:
                for scenario in scenarios:
                    for p in sh.pages:
                        fit(p, SIZES[size])
                    scenario(sh)
            finally:
                sh.close()
            taken += sh.taken
    for path in taken:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
