"""The relay serves an online seat's page (issue 46): /o/<room>/<seat>/<token> is the party
client's page, with its files and the card pictures from the party client's fixed list
(game.party.files, which the party server serves from too), under the headers a page with a
key in its address wants; anything else is a 404, and no path reaches the file system."""

from __future__ import annotations

import http.client

import pytest

from game.party.files import CLIENT_FILES, ClientFiles, client_dir
from game.party.server import PartyServer
from tests.relay.conftest import ROOM, TOKENS

PAGE_PATH = f"/o/{ROOM}/0/{TOKENS[0]}"


def get(port: int, path: str, host: str | None = None) -> http.client.HTTPResponse:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", path, headers={"Host": host} if host else {})
    response = conn.getresponse()
    response.body = response.read()  # type: ignore[attr-defined]
    conn.close()
    return response


def test_the_page_is_served_with_the_headers_of_a_page_with_a_key_in_its_address(relay):
    r = get(relay.port, PAGE_PATH)
    assert r.status == 200
    assert r.body == (client_dir() / "index.html").read_bytes()  # type: ignore[attr-defined]
    assert r.getheader("Content-Type") == "text/html; charset=utf-8"
    assert r.getheader("Cache-Control") == "no-store"
    assert r.getheader("Referrer-Policy") == "no-referrer"
    assert r.getheader("X-Content-Type-Options") == "nosniff"
    assert r.getheader("X-Frame-Options") == "DENY"
    policy = dict(d.strip().split(" ", 1) for d in r.getheader("Content-Security-Policy")
                  .split(";"))
    origin = f"127.0.0.1:{relay.port}"
    assert policy == {"default-src": "'none'", "script-src": "'self'",
                      "style-src": "'self'", "img-src": "'self'",
                      "connect-src": f"ws://{origin} wss://{origin}",
                      "base-uri": "'none'", "form-action": "'none'",
                      "frame-ancestors": "'none'"}


def test_a_host_header_that_is_not_a_plain_host_leaves_sockets_to_self(relay):
    r = get(relay.port, PAGE_PATH, host="evil.example; script-src *")
    assert "connect-src 'self';" in r.getheader("Content-Security-Policy")
    assert "script-src *" not in r.getheader("Content-Security-Policy")


def test_the_page_files_and_the_card_pictures_are_served(relay):
    for name, kind in CLIENT_FILES.items():
        r = get(relay.port, f"/c/{name}")
        assert (r.status, r.getheader("Content-Type")) == (200, kind)
        assert r.body == (client_dir() / name).read_bytes()  # type: ignore[attr-defined]
        assert r.getheader("Referrer-Policy") == "no-referrer"
    for card in ("crane", "back"):
        r = get(relay.port, f"/cards/{card}.svg")
        assert (r.status, r.getheader("Content-Type")) == (200, "image/svg+xml")
        assert r.getheader("Cache-Control") == "max-age=86400"
        assert r.body.startswith(b"<")  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", [
    "/o/", f"/o/{ROOM}/0", f"/o/{ROOM}/8/{TOKENS[0]}", f"/o/short/0/{TOKENS[0]}",
    f"/o/{ROOM}/0/short", f"/o/{ROOM}/0/{TOKENS[0]}/x", "/j/" + TOKENS[0], "/index.html",
    "/c/index.html", "/c/../server.py", "/c/party.js/", "/cards/../../pyproject.toml",
    "/cards/crane.svg.bak", "/cards/nothing.svg", "/cards/%2e%2e/back.svg", "/etc/passwd",
])
def test_anything_else_is_a_404(relay, path):
    assert get(relay.port, path).status == 404


def test_the_party_server_serves_the_same_list():
    """One list for both: the phones' server answers the same names with the same bytes."""
    server = PartyServer([0]).start()
    try:
        files = ClientFiles()
        assert files.card_names >= {"crane", "back"} and len(files.card_names) == 49
        for name in CLIENT_FILES:
            r = get(server.port, f"/c/{name}")
            assert r.status == 200
            assert r.body == files.asset(f"/c/{name}").body  # type: ignore[attr-defined, union-attr]
        assert get(server.port, "/cards/crane.svg").status == 200
        assert get(server.port, f"/o/{ROOM}/0/{TOKENS[0]}").status == 404
    finally:
        server.stop()
