"""The page's sealing (game/party/client/seal.js) against Python's (game/online/seal.py), in
headless Chromium (Debian's chromium and chromedriver through selenium, started as
tests/party/browser.py does). A tiny page served on http://127.0.0.1 (a secure context, so
WebCrypto is there) loads seal.js; the page seals the known-answer plaintexts
(tests/online/vectors.py) to exactly the pinned frames, frames sealed in Python open in the
page and the page's open in Python, the page refuses what Python refuses, and the key read
from the link's fragment never reaches the server.

Skipped where no browser is installed, unless HACHI_REQUIRE_BROWSER=1 (CI sets it)."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from game.online.seal import H2P, P2H, Opener, Sealer, derive, key_text, new_seat_key
from game.party.server import client_dir
from tests.online.vectors import CONN_VECTORS, KEY_TEXTS, VECTORS

if os.environ.get("HACHI_SKIP_BROWSER") == "1":  # .ci/run: the browser is being installed
    pytest.skip("the browser is being installed; .ci/run runs these tests after",
                allow_module_level=True)
from tests.party.browser import PHONE, chrome, have_browser  # noqa: E402

if not have_browser():
    if os.environ.get("HACHI_REQUIRE_BROWSER") == "1":
        raise RuntimeError("HACHI_REQUIRE_BROWSER=1 but chromium or chromedriver is missing")
    pytest.skip("no chromium / chromedriver here: the page's sealing is not checked",
                allow_module_level=True)
pytest.importorskip("selenium.webdriver")

PAGE = b"<!doctype html><meta charset='utf-8'><title>seal</title><script src='/seal.js'></script>"

# Runs an async body in the page; `arguments[0]` is the test's input, the result (or
# {error}) goes back through selenium's callback. Helpers turn hex into bytes and back.
RUN = """
const input = arguments[0], done = arguments[arguments.length - 1];
const S = window.HachiSeal;
const hex = (u) => Array.from(u, (b) => b.toString(16).padStart(2, "0")).join("");
const bin = (h) => new Uint8Array((h.match(/../g) || []).map((x) => parseInt(x, 16)));
const refused = (p) => p.then(() => "opened", (e) => e.name);
(async () => { %s })().then(done, (e) => done({error: String(e && e.stack || e)}));
"""


class _Files(BaseHTTPRequestHandler):
    """Serves the test page and seal.js only; notes every request line it was sent."""

    files: dict[str, tuple[bytes, str]] = {}
    seen: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        self.seen.append(self.requestline)
        path = self.path.split("?")[0]
        if path not in self.files:
            self.send_error(HTTPStatus.NOT_FOUND)
            return
        body, kind = self.files[path]
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Quiet: the requests are kept in `seen`."""


@pytest.fixture(scope="module")
def site() -> Iterator[tuple[str, list[str]]]:
    """The page's origin on 127.0.0.1 and the request lines the server saw."""
    _Files.files = {"/test.html": (PAGE, "text/html; charset=utf-8"),
                    "/seal.js": ((client_dir() / "seal.js").read_bytes(),
                                 "text/javascript; charset=utf-8")}
    _Files.seen = []
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Files)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}", _Files.seen
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def page(site):  # noqa: ANN001, ANN201
    driver = chrome(PHONE)
    driver.set_script_timeout(20)
    driver.get(site[0] + "/test.html")
    yield driver
    driver.quit()


def run(page, body: str, data: object = None):  # noqa: ANN001, ANN201
    out = page.execute_async_script(RUN % body, data)
    assert not (isinstance(out, dict) and "error" in out), out
    return out


def test_the_page_is_a_secure_context_with_webcrypto(page):  # noqa: ANN001
    assert run(page, "return [window.isSecureContext, S.available(), S.VERSION];") == \
        [True, True, 1]


def test_the_page_seals_the_known_answers_byte_for_byte(page):  # noqa: ANN001
    vectors = [{**v._asdict(), "counter": str(v.counter)} for v in VECTORS]  # 2**64-1 > 2**53
    got = run(page, """
        const out = [];
        for (const v of input) {
          const s = S.makeSealer(bin(v.key), v.room, v.seat, v.direction, BigInt(v.counter) - 1n);
          const o = S.makeOpener(bin(v.key), v.room, v.seat, v.direction, BigInt(v.counter) - 1n);
          const frame = await s.seal(bin(v.plaintext));
          out.push([hex(frame), hex(await o.open(bin(v.frame))), String(s.counter)]);
        }
        return out;""", vectors)
    assert got == [[v.frame, v.plaintext, str(v.counter)] for v in VECTORS]


def test_a_string_is_sealed_as_its_utf8_bytes(page):  # noqa: ANN001
    v = VECTORS[2]
    got = run(page, """
        const s = S.makeSealer(bin(input.key), input.room, input.seat, input.direction,
                               BigInt(input.counter) - 1n);
        return hex(await s.seal("菊に盃"));""", {**v._asdict(), "counter": str(v.counter)})
    assert got == v.frame


def test_the_host_and_the_page_understand_each_other(page):  # noqa: ANN001
    """One conversation: the host seals views (h2p), the page opens them in order and
    answers with moves (p2h) that the host opens."""
    key, room, seat = new_seat_key(), "Zq3-room", 3
    host_out, host_in = Sealer(key, room, seat, H2P), Opener(key, room, seat, P2H)
    views = ['{"t":"view","hand":["crane","curtain"]}', '{"t":"view","n":2}', "",
             "日本語の手札 " * 40]
    frames = [host_out.seal(v.encode()).hex() for v in views]
    got = run(page, """
        const o = S.makeOpener(bin(input.key), input.room, input.seat, "h2p");
        const s = S.makeSealer(bin(input.key), input.room, input.seat, "p2h");
        const opened = [];
        const text = new TextDecoder();
        for (const f of input.frames) opened.push(text.decode(await o.open(bin(f))));
        const moves = await Promise.all(input.frames.map((f, i) =>
          s.seal(`{"a":"play","i":${i}}`)));
        return [opened, moves.map(hex), String(o.last)];""",
              {"key": key.hex(), "room": room, "seat": seat, "frames": frames})
    opened, moves, last = got
    assert opened == views and last == str(len(views))
    # sealed all at once, the page's frames still carry 1, 2, 3... in the order asked
    assert [int(m[2:18], 16) for m in moves] == [1, 2, 3, 4]
    assert [host_in.open(bytes.fromhex(m)) for m in moves] == \
        [f'{{"a":"play","i":{i}}}'.encode() for i in range(4)]


def test_the_page_refuses_what_python_refuses(page):  # noqa: ANN001
    key, room = new_seat_key(), "room-A"
    sealer = Sealer(key, room, 1, P2H)
    first, second, third = (sealer.seal(t).hex() for t in (b"one", b"two", b"three"))
    flipped = bytearray(bytes.fromhex(first))
    flipped[20] ^= 0x04
    got = run(page, """
        const k = bin(input.key), f1 = bin(input.first), f2 = bin(input.second);
        const o = S.makeOpener(k, "room-A", 1, "p2h");
        const r = {};
        r.flipped = await refused(o.open(bin(input.flipped)));
        r.truncated = await refused(o.open(f1.subarray(0, f1.length - 1)));
        r.header = await refused(o.open(f1.subarray(0, 9)));
        r.version = await refused(o.open(Uint8Array.of(2, ...f1.subarray(1))));
        r.otherRoom = await refused(S.makeOpener(k, "room-B", 1, "p2h").open(f1));
        r.otherSeat = await refused(S.makeOpener(k, "room-A", 2, "p2h").open(f1));
        r.otherWay = await refused(S.makeOpener(k, "room-A", 1, "h2p").open(f1));
        r.otherKey = await refused(S.makeOpener(new Uint8Array(32), "room-A", 1, "p2h").open(f1));
        r.genuine = new TextDecoder().decode(await o.open(f1));
        r.replayed = await refused(o.open(f1));
        const both = [o.open(bin(input.third)), o.open(f2)];  // third arrives before second
        r.third = new TextDecoder().decode(await both[0]);
        r.reordered = await refused(both[1]);
        r.sameTwiceAtOnce = await Promise.all([refused(o.open(bin(input.third))),
                                               refused(o.open(bin(input.third)))]);
        r.badKey = await refused((async () => S.makeSealer(new Uint8Array(16), "r", 1, "p2h"))());
        r.badWay = await refused((async () => S.makeSealer(k, "r", 1, "up"))());
        r.badSeat = await refused((async () => S.makeSealer(k, "r", 256, "p2h"))());
        return r;""", {"key": key.hex(), "first": first, "second": second, "third": third,
                       "flipped": flipped.hex()})
    no = "SealError"
    assert got == {"flipped": no, "truncated": no, "header": no, "version": no,
                   "otherRoom": no, "otherSeat": no, "otherWay": no, "otherKey": no,
                   "genuine": "one", "replayed": no, "third": "three", "reordered": no,
                   "sameTwiceAtOnce": [no, no], "badKey": no, "badWay": no, "badSeat": no}


def test_the_key_comes_from_the_fragment_and_never_reaches_the_server(page, site):  # noqa: ANN001
    origin, seen = site
    key = new_seat_key()
    text = key_text(key)
    page.get(f"{origin}/test.html#{text}")
    got = run(page, """
        const out = [hex(S.keyFromHash()), hex(S.keyFromHash("#k=" + input + "&lang=ja")),
                     S.keyText(S.keyFromHash())];
        const bad = ["", "#", "#abc", "#" + input + "A", "#k=", "#" + input.slice(0, -1) + "+"];
        for (const b of bad) out.push(await refused((async () => S.keyFromHash(b))()));
        return out;""", text)
    assert got == [key.hex(), key.hex(), text] + ["SealError"] * 6
    assert seen and not any(text in line for line in seen)


def test_the_pinned_key_texts_read_the_same_in_the_page(page):  # noqa: ANN001
    got = run(page, "return input.map((t) => hex(S.keyFromHash('#' + t)));",
              list(KEY_TEXTS.values()))
    assert got == list(KEY_TEXTS)


def test_the_page_derives_the_connection_keys_python_derives(page):  # noqa: ANN001
    """The handshake's per-socket key (HachiSeal.deriveConnKey) against the pinned answers,
    then a frame sealed by the page under a fresh derived key opens in Python under its own."""
    got = run(page, """
        const out = [];
        for (const [key, conn, n] of input) {
          out.push(hex(await S.deriveConnKey(bin(key), bin(conn), bin(n))));
        }
        return out;""", [[k, c, n] for k, c, n, _ in CONN_VECTORS])
    assert got == [d for _, _, _, d in CONN_VECTORS]
    key, conn_id, host_nonce = new_seat_key(), bytes(range(16)), bytes(range(16, 32))
    frame = run(page, """
        const k = await S.deriveConnKey(bin(input.key), bin(input.conn), bin(input.nonce));
        return hex(await S.makeSealer(k, "room-A", 2, "p2h").seal("move"));""",
                {"key": key.hex(), "conn": conn_id.hex(), "nonce": host_nonce.hex()})
    assert Opener(derive(key, conn_id, host_nonce), "room-A", 2,
                  P2H).open(bytes.fromhex(frame)) == b"move"


def test_the_page_refuses_a_bad_connection_id_or_host_nonce(page):  # noqa: ANN001
    got = run(page, """
        const k = new Uint8Array(32), n = new Uint8Array(16);
        return [await refused(S.deriveConnKey(k, new Uint8Array(15), n)),
                await refused(S.deriveConnKey(k, new Uint8Array(17), n)),
                await refused(S.deriveConnKey(k, "0123456789abcdef", n)),
                await refused(S.deriveConnKey(k, n, new Uint8Array(15))),
                await refused(S.deriveConnKey(k, n, "0123456789abcdef")),
                await refused(S.deriveConnKey(k, n)),
                await refused(S.deriveConnKey(new Uint8Array(31), n, n))];""")
    assert got == ["SealError"] * 7
