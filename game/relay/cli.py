"""`python -m game relay --listen HOST:PORT [--redis URL]` (issue 46, item 4): one relay
instance in the foreground until Ctrl+C or SIGTERM. Every failure to start (an address that
is not HOST:PORT, a port that cannot be had, a Redis that cannot be reached) is one sentence
on stderr and exit status 2, never a traceback."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import signal
import sys

from game.relay import wire

DEFAULT_LISTEN = "127.0.0.1:8765"  # this computer only: a reverse proxy adds TLS in front

HELP = ("Run a relay for online seats: a host anywhere opens one connection out to it, its "
        "friends' pages open theirs, and the relay passes sealed frames between them without "
        "being able to read them. Rooms live in memory; with --redis, several relay "
        "instances share rooms (a host on one, players on another). It listens on this "
        "computer only unless --listen says otherwise; put a TLS reverse proxy in front of "
        "it for the internet (README, 'Running a relay').")


def add_parser(sub: argparse._SubParsersAction) -> None:
    """The `relay` command's arguments, added to the program's command line."""
    p = sub.add_parser("relay", help="run a relay for online seats (players anywhere)",
                       description=HELP)
    p.add_argument("--listen", default=DEFAULT_LISTEN, metavar="HOST:PORT",
                   help=f"the address and port to listen on (default {DEFAULT_LISTEN}; "
                        "[::1]:8765 for IPv6; port 0 picks a free one)")
    p.add_argument("--redis", metavar="URL",
                   help="share rooms with other instances through this Redis "
                        "(redis://host:6379/0); without it rooms live in this process only")
    p.add_argument("--max-connections", type=int, default=None, metavar="N",
                   help=f"connections this instance holds at most (default {wire.TOTAL}: "
                        "a room of four is five; keep it under the process's open-file "
                        "limit)")
    p.add_argument("--per-address", type=int, default=None, metavar="N",
                   help=f"connections from one address at most (default {wire.PER_ADDRESS})")
    p.add_argument("--behind-proxy", action="store_true",
                   help="a reverse proxy in front is the only one to connect: count the "
                        "connections per client address it names (the last of "
                        "X-Forwarded-For) instead of per the proxy's own address")


class BadListen(ValueError):
    """A --listen that is not HOST:PORT."""


def parse_listen(text: str) -> tuple[str, int]:
    """`HOST:PORT` (or `[V6]:PORT`) as a host and a port number (BadListen otherwise)."""
    host, sep, port = text.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise BadListen(f"--listen must be HOST:PORT with a port from 0 to 65535, not {text!r}")
    return host, int(port)


def cmd_relay(args: argparse.Namespace) -> int:
    try:
        host, port = parse_listen(args.listen)
    except BadListen as e:
        return _err(str(e))
    limits: dict[str, object] = {"proxied": bool(getattr(args, "behind_proxy", False))}
    for flag, field in (("max_connections", "total"), ("per_address", "per_address")):
        value = getattr(args, flag, None)
        if value is not None:
            if not 1 <= value <= 1_000_000:
                return _err(f"--{flag.replace('_', '-')} must be from 1 to 1000000, not "
                            f"{value}")
            limits[field] = value
    try:
        return asyncio.run(_serve(host, port, args.redis, limits))
    except KeyboardInterrupt:
        return 0


async def _serve(host: str, port: int, redis_url: str | None,
                 limits: dict[str, object] | None = None) -> int:
    from game.relay.backend import BackendError, RedisBackend
    from game.relay.server import Limits, Relay

    backend = None
    if redis_url:
        try:
            backend = await RedisBackend.connect(redis_url)
        except BackendError as e:
            return _err(str(e))
    relay = Relay(backend, limits=dataclasses.replace(Limits(), **(limits or {})))
    try:
        await relay.start(host, port)
    except OSError as e:
        if backend is not None:
            await backend.close()
        return _err(f"cannot listen on {host}:{port} ({e.strerror or e})")
    shown = f"[{host}]" if ":" in host else host
    where = "rooms shared through Redis" if redis_url else "rooms in this process only"
    print(f"Relay listening on ws://{shown}:{relay.port}/ws ({where}). Ctrl+C stops it.",
          flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, AttributeError, ValueError):
            loop.add_signal_handler(sig, stop.set)
    stopped = asyncio.ensure_future(stop.wait())
    failed = asyncio.ensure_future(relay.failed.wait())
    await asyncio.wait({stopped, failed}, return_when=asyncio.FIRST_COMPLETED)
    for waiting in (stopped, failed):
        waiting.cancel()
    await relay.close()
    if relay.broken is not None:  # its clients were told to go elsewhere; start afresh
        return _err(f"{relay.broken}; the relay stops so that its supervisor starts it again",
                    status=1)
    print("Relay stopped.", flush=True)
    return 0


def _err(text: str, status: int = 2) -> int:
    print(f"error: {text}", file=sys.stderr)
    return status


def main(argv: list[str] | None = None) -> int:
    """The relay alone (`python -m game.relay.cli`), as a container runs it: only the relay's
    own code and its two packages are needed, not the game."""
    ap = argparse.ArgumentParser(prog="hachihachi-relay", description=HELP)
    add_parser(sub := ap.add_subparsers(dest="command", required=True))
    del sub
    return cmd_relay(ap.parse_args(["relay", *(sys.argv[1:] if argv is None else argv)]))


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["DEFAULT_LISTEN", "add_parser", "cmd_relay", "main", "parse_listen"]
