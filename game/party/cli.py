"""`python -m game host`: a party game without the window (issue 28, item 6): phones play
their seats, computers the others, and the table can be watched in a browser tab."""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import sys
import threading

from game import storage
from game.engine import rulesets
from game.engine.errors import RulesError


def cmd_host(args: argparse.Namespace, options: dict) -> int:
    from game.party.host import PartyHost
    from game.ui.session import GameSession, SeatSpec

    try:
        rs = rulesets.get(args.ruleset, **options)
    except RulesError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if not rs.min_seats <= args.seats <= rs.max_seats:
        print(f"error: {args.ruleset} is played with {rs.min_seats} to {rs.max_seats} seats",
              file=sys.stderr)
        return 2
    if not 1 <= args.phones <= args.seats:
        print(f"error: --phones must be between 1 and --seats ({args.seats})", file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print("error: --port must be between 0 and 65535", file=sys.stderr)
        return 2
    import ai

    if args.ai not in ai.AGENTS:
        print(f"error: unknown computer player {args.ai!r} (known: {', '.join(ai.AGENTS)})",
              file=sys.stderr)
        return 2
    if args.bind == "auto":
        from game.party.net import default_bind

        args.bind = default_bind()
    seats = [SeatSpec(f"Phone {i + 1}", "human") if i < args.phones else
             SeatSpec(f"Computer {i - args.phones + 1}", f"ai:{args.ai}")
             for i in range(args.seats)]
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    session = GameSession(args.ruleset, options, seats, seed)
    paths = storage.default_paths().ensure()
    try:
        host = PartyHost(session, list(range(args.phones)), paths, bind=args.bind,
                         port=args.port, hints=args.hints, think=0.4).start()
    except OSError as e:
        print(f"error: cannot listen on {args.bind}:{args.port} ({e})", file=sys.stderr)
        return 2
    print(f"Party game: {rs.title}, {args.seats} seats, seed {seed}. Open on each phone:")
    for s in host.phones:
        link = host.server.link(s)
        print(f"  {seats[s].name}: {link}")
        _qr(link)
    print(f"  The table (read-only): {host.server.table_link()}")
    print("Ctrl+C stops the game (it stays saved; the record is kept when it ends).")
    stop = threading.Event()
    signal.signal(signal.SIGINT, lambda *_a: stop.set())
    if hasattr(signal, "SIGTERM"):
        signal.signal(signal.SIGTERM, lambda *_a: stop.set())
    try:
        kept = host.run(stop=stop)
    finally:
        host.driver.save_now()
        host.stop()
    if host.over:
        print("Game over. " + (f"Record: {kept.record}" if getattr(kept, "record", None)
                               else ""))
    return 0


def _qr(link: str) -> None:
    """The link as a QR code in the terminal, when one can show it."""
    if not sys.stdout.isatty() or os.environ.get("TERM") == "dumb":
        return
    try:
        import segno

        segno.make(link, error="m").terminal(compact=True)
    except Exception:  # noqa: BLE001 - the link above is enough
        pass
