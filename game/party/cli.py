"""`python -m game host`: a party game without the window (issue 28, item 6): phones play
their seats, computers the others, and the table can be watched in a browser tab.

The headless host keeps its own saved game (`host-autosave.json` beside the window's, and
its links beside it), so it never replaces the game the window would Continue (issue 42,
item 2). A saved hosted game is continued with `--resume`, or replaced on purpose with
`--new`; without either, the host says so and starts nothing.

With `--relay URL` (issue 46) some of the phone seats are online seats instead: played from
anywhere through that relay, each with a link that carries its key (`--online K`: the first
K of the phone seats; all of them by default). A relay that cannot be reached is one
sentence and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import sys
import threading

from game import storage
from game.engine import rulesets
from game.engine.errors import RecordError, RulesError
from game.i18n import N_

PHONE_NAME = N_("Phone {n}")  # the seats' names: each page shows them in its language
COMPUTER_NAME = N_("Computer {n}")
ONLINE_NAME = N_("Online {n}")  # a seat played through the relay (issue 46)


def _err(text: str) -> int:
    print(f"error: {text}", file=sys.stderr)
    return 2


def _checked(args: argparse.Namespace, options: dict) -> str | None:
    """What is wrong with the command line, in a sentence (None: nothing)."""
    try:
        rulesets.check_new_game(args.ruleset, options)  # a new game's limits
        rs = rulesets.get(args.ruleset, **options)
    except RulesError as e:
        return str(e)
    if not rs.min_seats <= args.seats <= rs.max_seats:
        return f"{args.ruleset} is played with {rs.min_seats} to {rs.max_seats} seats"
    if not 1 <= args.phones <= args.seats:
        return f"--phones must be between 1 and --seats ({args.seats})"
    if not 0 <= args.port <= 65535:
        return "--port must be between 0 and 65535"
    online = getattr(args, "online", None)
    if online is not None and not 1 <= online <= args.phones:
        return f"--online must be between 1 and --phones ({args.phones})"
    import ai

    if args.ai not in ai.AGENTS:
        return f"unknown computer player {args.ai!r} (known: {', '.join(ai.AGENTS)})"
    return None


def _default_names(names: list[str]) -> dict[int, tuple[str, int]]:
    """The seats this command named itself ("Phone 2", "Computer 1"), to be translated on
    each page."""
    out = {}
    for seat, name in enumerate(names):
        for words in (PHONE_NAME, COMPUTER_NAME, ONLINE_NAME):
            head = words.split("{", 1)[0]
            tail = name[len(head):]
            if name.startswith(head) and tail.isdigit():
                out[seat] = (words, int(tail))
    return out


def cmd_host(args: argparse.Namespace, options: dict) -> int:
    from game.party.host import PartyHost
    from game.party.keep import load as load_links
    from game.party.net import BadBind, check_bind
    from game.party.transport import PartFailed
    from game.play.session import GameSession, SeatSpec
    from game.settings import relay_url_ok

    try:
        args.bind = check_bind(args.bind)
    except BadBind as e:
        return _err(str(e))
    if args.resume and args.new:
        return _err("--resume and --new cannot go together")
    relay = getattr(args, "relay", None)
    if relay is not None and (not relay or not relay_url_ok(relay)):
        return _err("--relay must be a ws://, wss://, http:// or https:// address with a host")
    if getattr(args, "online", None) is not None and relay is None:
        return _err("--online needs --relay")
    online_kept = None
    paths = storage.default_paths().ensure().for_host()
    rec, told = storage.start_up(paths)  # a finished one gets its record, as at the title
    if told:
        print(told)
    tokens = table = None
    if rec is not None and not args.new:
        if not args.resume:
            session = GameSession.from_record(rec)  # type: ignore[arg-type]
            return _err(f"a hosted game is saved in {paths.autosave} ({session.summary()}). "
                        "Continue it with --resume, or start a new one with --new (the "
                        "saved one is then replaced).")
        try:
            session = GameSession.from_record(rec)  # type: ignore[arg-type]
        except (RecordError, ValueError) as e:
            return _err(f"the saved hosted game cannot go on: {e}")
        if not session.phones:
            return _err("the saved hosted game has no phone seat")
        links = load_links(paths.autosave, session.seed, session.phones, session.online)
        if links is not None and links.bind == args.bind:
            tokens, table = links.tokens, links.table
            args.port = links.port
        online_kept = links.online if links is not None else None
        if session.online and relay is None and not (online_kept and online_kept.get("relay")):
            return _err("the saved hosted game has online seats: give the relay with --relay")
        phones = None
        names = [s.name for s in session.seats]
    else:
        if args.resume:
            return _err(f"no hosted game is saved (in {paths.autosave}): leave out --resume "
                        "to start one")
        problem = _checked(args, options)
        if problem:
            return _err(problem)
        online = 0 if relay is None else (getattr(args, "online", None) or args.phones)
        names = [_seat_name(i, args.phones, online) for i in range(args.seats)]
        seats = [SeatSpec(names[i], "human") if i < args.phones else
                 SeatSpec(names[i], f"ai:{args.ai}") for i in range(args.seats)]
        seed = args.seed if args.seed is not None else secrets.randbits(63)
        session = GameSession(args.ruleset, options, seats, seed)
        session.to_online(list(range(online)))
        phones = list(range(args.phones))
    try:
        host = PartyHost(session, phones, paths, bind=args.bind, port=args.port,
                         hints=args.hints, think=0.4, tokens=tokens, table_token=table,
                         default_names=_default_names(names), relay=relay,
                         online_kept=online_kept).start()
    except PartFailed as e:
        if e.part == "online":  # one sentence: RelayTransport.start says which relay
            return _err(str(e))
        return _err(f"cannot listen on {args.bind}:{args.port} ({e})")
    except OSError as e:
        return _err(f"cannot listen on {args.bind}:{args.port} ({e})")
    from game.party import keep

    host.driver.autosave()  # the saved game exists from the first moment, links beside it
    keep.save(paths.autosave, session.seed, host.keep())
    rs = session.rs
    print(f"Party game: {rs.title}, {len(session.seats)} seats, seed {session.seed}. "
          "Open on each phone (an online seat's link goes to its player alone: it is that "
          "seat's key):")
    for s in host.phones:
        link = host.link(s)
        print(f"  {host.names()[s]}{' (online)' if host.is_online(s) else ''}: {link}")
        _qr(link)
    table_link = host.table_link()
    if table_link is not None:
        print(f"  The table (read-only): {table_link}")
    if any(host.is_online(s) for s in host.phones):
        from game.party.files import ClientFiles
        from game.resources import program_name

        print(f"The online page's fingerprint: {ClientFiles().fingerprint()} (a friend who "
              f"wants to be sure the relay serves it unchanged: {program_name()} check-page LINK).")
    print(f"Saved after every move in {paths.autosave} (the window's own saved game is not "
          "touched).")
    from game.resources import program_name

    print(f"Ctrl+C stops the game; `{program_name()} host --resume` continues it.")
    stop = threading.Event()
    signal.signal(signal.SIGINT, lambda *_a: stop.set())
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, lambda *_a: stop.set())
    try:
        kept = host.run(stop=stop)
    finally:
        if not host.over:
            host.driver.save_now()
        host.stop()
    if not host.over:
        print(f"Stopped; the game is saved in {paths.autosave}.")
        return 0
    keep.forget(paths.autosave)
    print("Game over.")
    _tell_kept(kept)
    return 0


def _seat_name(i: int, phones: int, online: int) -> str:
    """Seat i's name in a new hosted game: the online seats, then the phones, then the
    computers, each counted from 1."""
    if i < online:
        return ONLINE_NAME.format(n=i + 1)
    if i < phones:
        return PHONE_NAME.format(n=i - online + 1)
    return COMPUTER_NAME.format(n=i - phones + 1)


def _tell_kept(kept: storage.Kept) -> None:
    """Where the finished game's record went, or why it could not go there (issue 42,
    item 15)."""
    if kept.path is not None:
        print(f"Record: {kept.path}")
    if kept.problem:
        print(f"Record not saved: {kept.problem}", file=sys.stderr)
    if kept.told:
        print(kept.told)


def _qr(link: str) -> None:
    """The link as a QR code in the terminal, when one can show it."""
    if not sys.stdout.isatty() or os.environ.get("TERM") == "dumb":
        return
    try:
        import segno

        segno.make(link, error="m").terminal(compact=True)
    except Exception:  # noqa: BLE001 - the link above is enough
        pass


__all__ = ["cmd_host"]
