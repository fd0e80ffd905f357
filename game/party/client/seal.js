// Sealed frames between an online seat's page and the host (issue 46, items 8-9): the page's
// twin of game/online/seal.py, byte for byte (docs/design/SEALING.md §2), so a relay in
// between forwards the frames and reads nothing. WebCrypto's AES-GCM does the work, which
// browsers offer only in a secure context (https, or http on localhost / 127.0.0.1).
//
// A frame: version (1) | counter (8, big-endian) | ciphertext and its 16-byte tag.
// Nonce (12, not sent): direction code (1: h2p, 2: p2h) | 0 0 0 | counter (8, big-endian).
// Associated data (not sent): version | direction code | seat | room id (UTF-8).
//
// Loaded like party.js, as a classic script; it defines one global, HachiSeal:
//   HachiSeal.makeSealer(keyBytes, room, seat, direction, after = 0) -> {seal, counter}
//   HachiSeal.makeOpener(keyBytes, room, seat, direction, last = 0)  -> {open, last}
//   HachiSeal.keyFromHash(hash = location.hash) -> Uint8Array(32)
//   HachiSeal.keyText(keyBytes) -> the key's 43 base64url characters
//   HachiSeal.deriveConnKey(keyBytes, connId, hostNonce) -> a promise of one socket's key
//     (32 bytes; HKDF of the seat key, salted with the page's id and the host's nonce)
//   HachiSeal.SealError, HachiSeal.available()
// seal(bytes or string) and open(bytes) return promises; each sealer and each opener works
// through its frames one at a time, in the order they were handed to it, so counters go out
// in order and a frame given twice at once is still taken only once.
"use strict";
(function (root) {
  const VERSION = 1;
  const KEY_BYTES = 32;
  const HEADER_BYTES = 9; // version and counter
  const TAG_BITS = 128;
  const MIN_FRAME = HEADER_BYTES + TAG_BITS / 8;
  const MAX_COUNTER = (1n << 64n) - 1n;
  const DIRECTIONS = { h2p: 1, p2h: 2 };
  const KEY_TEXT = /^[A-Za-z0-9_-]{43}$/;
  const CONN_ID_BYTES = 16; // the page's id for one socket (b"C"), the host's nonce (b"S")
  const CONN_INFO = "hachihachi seat v1"; // HKDF's info: binds the derived key to this use

  class SealError extends Error {
    constructor(message) {
      super(message);
      this.name = "SealError";
    }
  }

  function available() {
    return !!(root.crypto && root.crypto.subtle);
  }

  function code(direction) {
    if (!Object.prototype.hasOwnProperty.call(DIRECTIONS, direction)) {
      throw new SealError('direction is "h2p" or "p2h"');
    }
    return DIRECTIONS[direction];
  }

  // A private copy of bytes given as a Uint8Array, another typed array, a DataView or an
  // ArrayBuffer; a string is taken as its UTF-8 bytes.
  function bytesOf(data) {
    if (typeof data === "string") return new TextEncoder().encode(data);
    if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
    if (ArrayBuffer.isView(data)) {
      return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    }
    throw new SealError("bytes expected");
  }

  function checkKey(keyBytes) {
    const key = bytesOf(keyBytes);
    if (typeof keyBytes === "string" || key.length !== KEY_BYTES) {
      throw new SealError("a seat key is 32 bytes");
    }
    return key;
  }

  function checkCounter(n) {
    let big;
    try {
      big = BigInt(n);
    } catch (e) {
      throw new SealError("a counter is an integer in 0..2**64-1");
    }
    if (big < 0n || big > MAX_COUNTER) throw new SealError("a counter is an integer in 0..2**64-1");
    return big;
  }

  function associatedData(room, seat, direction) {
    if (typeof room !== "string" || room === "") throw new SealError("a room id is a non-empty string");
    if (!Number.isInteger(seat) || seat < 0 || seat > 255) {
      throw new SealError("a seat number is an integer in 0..255");
    }
    const roomBytes = new TextEncoder().encode(room);
    const ad = new Uint8Array(3 + roomBytes.length);
    ad[0] = VERSION;
    ad[1] = code(direction);
    ad[2] = seat;
    ad.set(roomBytes, 3);
    return ad;
  }

  function nonce(directionCode, counter) {
    const n = new Uint8Array(12);
    n[0] = directionCode;
    new DataView(n.buffer).setBigUint64(4, counter, false);
    return n;
  }

  // Everything both halves share: the imported key, the bound data, a queue of one.
  function binding(keyBytes, room, seat, direction) {
    if (!available()) throw new SealError("WebCrypto needs a secure context (https or localhost)");
    const ad = associatedData(room, seat, direction);
    const key = root.crypto.subtle.importKey("raw", checkKey(keyBytes), { name: "AES-GCM" },
                                              false, ["encrypt", "decrypt"]);
    key.catch(() => {}); // reported to whoever seals or opens, not as an unhandled rejection
    let tail = Promise.resolve();
    return {
      ad,
      key,
      code: code(direction),
      params(counter) {
        return { name: "AES-GCM", iv: nonce(this.code, counter), additionalData: ad,
                 tagLength: TAG_BITS };
      },
      // run job() after every job queued before it; its result is the returned promise's
      queue(job) {
        const result = tail.then(job);
        tail = result.catch(() => {});
        return result;
      },
    };
  }

  function makeSealer(keyBytes, room, seat, direction, after = 0) {
    const b = binding(keyBytes, room, seat, direction);
    let counter = checkCounter(after);
    return {
      get counter() { return counter; }, // the last counter used (a BigInt)
      seal(plaintext) {
        let data;
        try {
          data = bytesOf(plaintext);
        } catch (e) {
          return Promise.reject(e);
        }
        if (counter >= MAX_COUNTER) {
          return Promise.reject(new SealError("this key has sealed all the frames it may"));
        }
        counter += 1n;
        const n = counter; // taken now: the order of the calls is the order of the counters
        return b.queue(async () => {
          const body = new Uint8Array(await root.crypto.subtle.encrypt(b.params(n), await b.key,
                                                                       data));
          const frame = new Uint8Array(HEADER_BYTES + body.length);
          frame[0] = VERSION;
          new DataView(frame.buffer).setBigUint64(1, n, false);
          frame.set(body, HEADER_BYTES);
          return frame;
        });
      },
    };
  }

  function makeOpener(keyBytes, room, seat, direction, last = 0) {
    const b = binding(keyBytes, room, seat, direction);
    let lastN = checkCounter(last);
    async function openNow(f) {
      if (f.length < MIN_FRAME) throw new SealError("frame too short");
      if (f[0] !== VERSION) throw new SealError("unknown frame version");
      const n = new DataView(f.buffer).getBigUint64(1, false);
      if (n <= lastN) throw new SealError("frame replayed or out of order");
      let plain;
      try {
        plain = await root.crypto.subtle.decrypt(b.params(n), await b.key,
                                                 f.subarray(HEADER_BYTES));
      } catch (e) {
        throw new SealError("frame forged, or not for this key, room, seat or direction");
      }
      lastN = n; // only a frame that opened moves the counter on
      return new Uint8Array(plain);
    }
    return {
      get last() { return lastN; }, // the last counter accepted (a BigInt)
      open(frame) {
        let f;
        try {
          f = bytesOf(frame);
        } catch (e) {
          return Promise.reject(e);
        }
        return b.queue(() => openNow(f));
      },
    };
  }

  // The key one socket seals with (the lead's handshake, game/online/seal.py `derive`):
  // HKDF-SHA256 of the seat key, salted with the id the page picked for this socket. A page
  // that reloads, or a second device, picks a new id, so its counters start at 1 again
  // without ever reusing a nonce under one key, and no old socket's frame opens under it.
  async function deriveConnKey(keyBytes, connId, hostNonce) {
    if (!available()) throw new SealError("WebCrypto needs a secure context (https or localhost)");
    const key = checkKey(keyBytes);
    const part = (value, what) => {
      let b;
      try { b = typeof value === "string" ? null : bytesOf(value); } catch (e) { b = null; }
      if (!b || b.length !== CONN_ID_BYTES) {
        throw new SealError(what + " is " + CONN_ID_BYTES + " bytes");
      }
      return b;
    };
    const id = part(connId, "a connection id"), nonce = part(hostNonce, "a host nonce");
    const salt = new Uint8Array(2 * CONN_ID_BYTES);
    salt.set(id, 0);
    salt.set(nonce, CONN_ID_BYTES);
    const ikm = await root.crypto.subtle.importKey("raw", key, "HKDF", false, ["deriveBits"]);
    const bits = await root.crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt: salt, info: new TextEncoder().encode(CONN_INFO) },
      ikm, KEY_BYTES * 8);
    return new Uint8Array(bits);
  }

  function keyText(keyBytes) {
    let s = "";
    for (const byte of checkKey(keyBytes)) s += String.fromCharCode(byte);
    return root.btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  // The seat's key from the link's fragment: "#<key>" or "#k=<key>&...". Browsers never
  // send the fragment to a server, so the relay that serves the page never sees the key.
  function keyFromHash(hash) {
    let text = (hash === undefined ? root.location.hash : String(hash)).replace(/^#/, "");
    if (text.includes("=")) text = new URLSearchParams(text).get("k") || "";
    if (!KEY_TEXT.test(text)) throw new SealError("no seat key in the link");
    const raw = root.atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=");
    const key = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) key[i] = raw.charCodeAt(i);
    if (keyText(key) !== text) throw new SealError("no seat key in the link"); // stray bits
    return key;
  }

  root.HachiSeal = Object.freeze({ makeSealer, makeOpener, keyFromHash, keyText, deriveConnKey,
                                   SealError, available, VERSION, MIN_FRAME, CONN_ID_BYTES });
})(globalThis);
