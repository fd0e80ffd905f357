"""`python -m game check-page LINK` (issue 46, item 9): is the page a relay serves the page
this program ships?

Sealing keeps a hand from a relay that only passes frames; a relay that serves an altered page
could read what that page decrypts. The lobby shows this program's page fingerprint
(game.party.files.fingerprint); this command fetches the page, its scripts and its style sheet
from a relay (from a seat's link, or from the relay's address alone: the relay serves the same
page for every seat) and compares. Exit status 0: the same; 1: different (the files that
differ are named); 2: the page could not be fetched. The link's fragment, the seat's key, is
never sent: browsers do not send it, and neither does this.
"""

from __future__ import annotations

import argparse
import secrets
from urllib.parse import urlsplit, urlunsplit

from game.party.files import CLIENT_FILES, PAGE, SCRIPTED, ClientFiles, fingerprint

MAX_BYTES = 2 * 1024 * 1024  # a page file is some tens of kilobytes: more is not ours
TIMEOUT = 10.0  # seconds for each file


class CheckFailed(OSError):
    """The relay's page could not be fetched (one sentence for the user)."""


def page_url(link: str) -> str:
    """Where the page is: the link itself (without its fragment) when it is a seat's link
    (/o/ROOM/SEAT/TOKEN), else a seat address of the relay that names no room (the relay
    serves the page for any well-formed one and checks nothing until a socket joins)."""
    parts = urlsplit(link.strip())
    if "/o/" in parts.path and parts.scheme in ("http", "https"):
        return urlunsplit(parts._replace(fragment="", query=""))
    from game.online.transport import relay_urls  # websockets and sealing: only when run

    try:
        _socket, base = relay_urls(link)
    except ValueError as e:
        raise CheckFailed(str(e)) from None
    return f"{base}/o/checkpage/0/{secrets.token_urlsafe(16)}"


def fetch(url: str) -> bytes:
    """One file's bytes (CheckFailed: not reachable, not 200, or larger than MAX_BYTES)."""
    import urllib.error  # with http.client and ssl: 18 ms, paid only by this command
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": "hachihachi-check-page"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:  # noqa: S310 - http(s) only
            body = answer.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as e:
        raise CheckFailed(f"{url} answered {e.code} {e.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", e)
        raise CheckFailed(f"could not fetch {url}: {reason}") from None
    if len(body) > MAX_BYTES:
        raise CheckFailed(f"{url} is larger than any page file of this program")
    return body


def relay_files(link: str) -> dict[str, bytes]:
    """The page and its files as the relay at `link` serves them."""
    page = page_url(link)
    if urlsplit(page).scheme not in ("http", "https"):
        raise CheckFailed(f"not an http or https address: {link!r}")
    origin = urlunsplit(urlsplit(page)._replace(path="", query="", fragment=""))
    prefix = urlsplit(page).path.split("/o/", 1)[0]
    files = {PAGE: fetch(page)}
    for name in CLIENT_FILES:
        files[name] = fetch(f"{origin}{prefix}/c/{name}")
    return files


def compare(theirs: dict[str, bytes], ours: dict[str, bytes]) -> list[str]:
    """The names of the files that differ, in fingerprint order."""
    return [name for name in SCRIPTED if theirs.get(name) != ours.get(name)]


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check-page", help="check that a relay serves this program's page, unchanged",
        description="Fetch the page a relay gives online seats (from a seat's link or the "
                    "relay's address) and compare it with this program's own: the lobby "
                    "shows the same fingerprint. The link's key (after #) is never sent.")
    p.add_argument("link", help="a seat's link (https://relay.example.org/o/…) or the "
                                "relay's address (wss://relay.example.org)")


def cmd_check_page(args: argparse.Namespace) -> int:
    local = ClientFiles()
    ours = {name: local.page().body if name == PAGE else
            local.asset(f"/c/{name}").body for name in SCRIPTED}  # type: ignore[union-attr]
    try:
        theirs = relay_files(args.link)
    except CheckFailed as e:
        print(f"Could not check the page: {e}.")
        return 2
    differ = compare(theirs, ours)
    if not differ:
        print(f"The relay serves this program's page, unchanged (fingerprint "
              f"{fingerprint(ours)}).")
        return 0
    print(f"The relay's page is NOT this program's: {', '.join(differ)} differ "
          f"(its fingerprint {fingerprint(theirs)}, ours {fingerprint(ours)}). Do not "
          "play through it with a key you care about; tell the host.")
    return 1


__all__ = ["CheckFailed", "add_parser", "cmd_check_page", "compare", "page_url", "relay_files"]
