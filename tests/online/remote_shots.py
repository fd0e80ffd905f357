"""Screenshots of the remote table (issue 46, item 2): the page a friend opens from an online
seat's link, served and carried by a relay on 127.0.0.1, at a laptop's size (1366 x 768) and
a phone's (390 x 844), in English and Japanese:

    python -m tests.online.remote_shots [--out /tmp/remote-shots] [--lang en ja] [--size wide phone]

A four-seat game of two rounds (seed 7: two computers show teyaku), seat 0 online, the others
computers that think a little. Each file is <size>-<lang>-<state>.png: decision, your-turn,
selection, others-turn, below-the-fold (phone), round-end, next-round, game-end.
Not collected by pytest."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from game.online.transport import RelayTransport
from game.party.host import PartyHost
from game.party.protocol import encode, notice
from game.play.session import GameSession, SeatSpec
from game.relay.server import RelayThread
from tests.party.browser import PHONE, WIDE, Paused, chrome, shown, tap_a_move, visible, wait

SIZES = {"wide": WIDE, "phone": PHONE}


def online_host(port: int, seed: int) -> PartyHost:
    specs = [SeatSpec("Mika", "human")] + [SeatSpec(n, "ai:rules")
                                           for n in ("Ana", "Kenji", "Louise")]
    session = GameSession("hachihachi", {"rounds": 2}, specs, seed)
    transport = RelayTransport([0], f"ws://127.0.0.1:{port}",
                               notices=lambda kind, lang: encode(notice(kind, lang)),
                               backoff=(0.05, 0.2))
    return PartyHost(session, [0], transport=transport, think=0.5)


def need(pred, timeout: float = 40) -> None:  # noqa: ANN001
    if not wait(pred, timeout):
        raise RuntimeError("a state the screenshots need did not come")


def my_turn(host: PartyHost, page) -> bool:  # noqa: ANN001
    s = host.session
    return (s.next_step().name == "PHONE" and shown(page) == host.serial
            and bool(visible(page, "#hand button.card.live, #decisions button.choice")))


def second_round(host: PartyHost, page) -> bool:  # noqa: ANN001
    """The second round in play, on the page (this seat may sit it out)."""
    v = host.session.public_view()
    return v.round == 2 and v.phase == "play" and shown(page) == host.serial


def run(out: Path, size: str, lang: str, seed: int) -> list[Path]:
    taken: list[Path] = []
    page = chrome(SIZES[size], lang)

    def shoot(state: str, bottom: bool = False) -> None:
        page.execute_script("window.scrollTo(0, arguments[0] ? document.body.scrollHeight : 0)",
                            bottom)
        time.sleep(0.35)
        path = out / f"{size}-{lang}-{state}.png"
        page.save_screenshot(str(path))
        taken.append(path)

    relay = RelayThread.of().start("127.0.0.1", 0)
    try:
        with Paused(online_host(relay.port, seed)) as paused:
            host = paused.host
            page.get(host.link(0))
            need(lambda: visible(page, "#decisions button.choice"))
            shoot("decision")
            tap_a_move(page)
            need(lambda: my_turn(host, page) and visible(page, "#hand button.card.live"))
            shoot("your-turn")
            visible(page, "#hand button.card.live")[0].click()
            shoot("selection")
            paused.hold()
            (visible(page, "#play") or visible(page, "#hand button.card.picked"))[0].click()
            paused.go()
            need(lambda: "chip now" in page.page_source and not my_turn(host, page))
            shoot("others-turn")
            if size == "phone":
                shoot("below-the-fold", bottom=True)
            need(lambda: _play_until(host, page, lambda: visible(page, "#sheet-ok")), 120)
            shoot("round-end")
            visible(page, "#sheet-ok")[0].click()
            need(lambda: _play_until(host, page, lambda: second_round(host, page)), 60)
            shoot("next-round")
            need(lambda: _play_until(host, page,
                                     lambda: visible(page, "#screen.over")), 180)
            shoot("game-end")
    finally:
        page.quit()
        relay.stop()
    return taken


def _play_until(host: PartyHost, page, done) -> bool:  # noqa: ANN001
    """One step towards `done`: a move tapped when it is this seat's turn; True when done."""
    if done():
        return True
    if my_turn(host, page):
        serial = host.serial
        if tap_a_move(page):
            wait(lambda: host.serial != serial or done(), 10)
    return bool(done())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/remote-shots"))
    ap.add_argument("--lang", nargs="+", default=["en", "ja"])
    ap.add_argument("--size", nargs="+", default=list(SIZES), choices=list(SIZES))
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for size in args.size:
        for lang in args.lang:
            for path in run(args.out, size, lang, args.seed):
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
