// The phone page of a party game (issues 28 and 42). It shows what its seat's messages say
// and sends the seat's choices; every rule, word and amount comes from the game on the host.
// It changes only what a message changed (nodes are kept by card id and seat), keeps its
// socket alive through sleep and lost Wi-Fi, and never drops a tap without a word.
//
// Online seats (issue 46) use the same page through a relay: /o/<room>/<seat>/<token>#<key>.
// Only the wire differs (see "online seats" below): every message is sealed with a key made
// for each socket from the link's key, and a frame, once opened, is handled exactly as a
// message from the party server.
"use strict";
(function () {
  const parts = location.pathname.split("/");
  const isOnline = parts[1] === "o";
  const token = (isOnline ? parts[4] : parts[2]) || "";
  const isTable = parts[1] === "t";
  const LANGS = ["en", "ja", "fr", "uk"];
  // close codes after which trying again cannot help (game/party/server.py; for an online
  // seat, the relay's: game/relay/wire.py)
  const FINAL = isOnline
    ? { 4002: "replaced", 4003: "refused", 4004: "new_link", 4005: "closed" }
    : { 4001: "retired", 4002: "replaced", 4003: "refused", 4004: "over" };
  const RETRY_MAX = 1000; // ms between tries while the page is visible (issue 42, item 6)
  const PING_AFTER = 5000; // ms of silence before the page asks the host whether it is there
  const DEAD_AFTER = 3000; // ms without an answer to that ping: the socket is dead
  const $ = (id) => document.getElementById(id);

  const page = {
    lang: pickLang(),
    view: null, // the last view (or table) message
    words: {}, // the page's words, from the last message that had them
    picked: null, // the hand card a first tap lifted
    pending: null, // a move sent and not answered yet: {a, n, card, lost}
    resentN: -1, // the view a move was sent again for (its first copy may be taken too)
    warn: null, // a refused move's line: {text, n: the first view after it}
    final: null, // why the page stopped for good ("over", "replaced"...): no more tries
    turn: false, // the last view was this seat's turn (the cue plays when it becomes so)
    sheetK: 0, // the round count of the last round-end sheet opened (0: none yet)
  };
  const link = { ws: null, up: false, down: false, timer: 0, tries: 0, heard: 0, pingAt: 0,
                 openedAt: 0, backTimer: 0,
                 chan: null, hostAway: false, dropped: 0 }; // online seats only (below)
  let audio = null; // made on the first tap: browsers allow sound only after a gesture
  let touched = false; // a first tap happened (a buzz before it is refused, with a warning)

  // --- small DOM helpers: each writes only when the value differs ------------------------
  function setText(el, s) {
    s = s == null ? "" : String(s);
    if (el.textContent !== s) el.textContent = s;
  }
  function show(el, on) { if (el.hidden === !!on) el.hidden = !on; }
  function flag(el, cls, on) {
    if (el.classList.contains(cls) !== !!on) el.classList.toggle(cls, !!on);
  }
  function setData(el, key, value) { if (el.dataset[key] !== value) el.dataset[key] = value; }
  function setDisabled(el, off) { if (el.disabled !== !!off) el.disabled = !!off; }
  function make(tag, cls) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    return e;
  }
  function fill(template, key, value) {
    return String(template || "").replace("{" + key + "}", value);
  }

  // Make `box`'s children follow `keys`, in order: a child whose data-key is still wanted is
  // kept (only `update` touches it), a new key gets `build(key)`, the rest are removed.
  function keyed(box, keys, build, update) {
    const wanted = new Set(keys), old = new Map();
    for (const el of [...box.children]) {
      if (wanted.has(el.dataset.key)) old.set(el.dataset.key, el);
      else el.remove(); // first, so that the kept ones move as little as they can
    }
    keys.forEach((key, i) => {
      let el = old.get(key);
      if (!el) { el = build(key); el.dataset.key = key; }
      update(el, key, i);
      if (box.children[i] !== el) box.insertBefore(el, box.children[i] || null);
    });
  }

  // Lines of text kept by position (a log, a list of hints): only changed lines are written.
  function lines(box, texts, tag) {
    while (box.children.length > texts.length) box.lastElementChild.remove();
    texts.forEach((t, i) => {
      const el = box.children[i] || box.appendChild(make(tag || "li"));
      setText(el, t);
    });
  }

  function pickLang() {
    for (const l of navigator.languages || [navigator.language || "en"]) {
      const code = String(l || "").slice(0, 2).toLowerCase();
      if (LANGS.includes(code)) return code;
    }
    return String(navigator.language || "en").slice(0, 2).toLowerCase();
  }
  function word(key, fallback) { return page.words[key] || fallback || ""; }
  function cardName(card) { return ((page.view && page.view.card_names) || {})[card] || ""; }
  function listSep() { return page.words.list_sep || (page.lang === "ja" ? "、" : ", "); }

  // --- cards ---------------------------------------------------------------------------
  function cardImg(card) {
    const i = make("img");
    i.draggable = false;
    i.src = "/cards/" + (card.startsWith("back") ? "back" : card) + ".svg";
    i.alt = "";
    return i;
  }
  function cardButton(card) {
    const b = make("button", "card");
    b.type = "button";
    b.appendChild(cardImg(card));
    return b;
  }
  function nameCard(el, card) {
    const name = cardName(card);
    const img = el.tagName === "IMG" ? el : el.firstChild;
    if (img.alt !== name) { img.alt = name; el.title = name; }
  }
  function strip(box, cards) {
    keyed(box, cards, cardImg, (el, k) => nameCard(el, k));
  }

  // --- what the seat may do now (from the view's `legal`) ----------------------------------
  function legal() { return (page.view && page.view.legal) || []; }
  function playsOf(card) { return legal().filter((e) => e.verb === "play" && e.card === card); }
  function decisions() { return legal().filter((e) => e.verb !== "play" && e.verb !== "take"); }
  function hasLegal(msg, a) { return (msg.legal || []).some((e) => e.a === a); }
  // the picked card's play when it has exactly one (a second tap or Play sends it)
  function singlePlay() {
    const plays = page.picked ? playsOf(page.picked) : [];
    return plays.length === 1 ? plays[0] : null;
  }
  function canAct() {
    return !isTable && link.up && !link.hostAway && !page.pending && !page.final && !!page.view
      && !!page.view.turn;
  }
  // The field cards a tap on the field would send, and those the picked card would take.
  function fieldMarks() {
    const targets = new Map();
    let takes = [];
    const takeChoices = legal().filter((e) => e.verb === "take");
    if (takeChoices.length) takeChoices.forEach((e) => targets.set(e.target, e.a));
    else if (page.picked) {
      const plays = playsOf(page.picked);
      if (plays.length > 1) plays.forEach((e) => e.target && targets.set(e.target, e.a));
      else if (plays.length === 1) takes = plays[0].takes || [];
    }
    return { targets: targets, takes: new Set(takes) };
  }

  // --- rendering a view ----------------------------------------------------------------
  function renderAll() {
    renderTop();
    renderChips();
    renderPlayable();
    renderMore();
  }
  // what a tap can change, and what the connection's state changes
  function renderPlayable() {
    if (!page.view) return;
    renderField();
    renderBar();
    renderDecisions();
    renderHand();
  }

  function renderTop() {
    const v = page.view, me = v.me || {};
    setText($("me-name"), me.name || "八八");
    setText($("me-seat"), me.number ? fill(word("seat", "{n}"), "n", me.number) : "");
    setText($("me-total"), me.total || "");
    // the table page has no prompt of its own: it says only that the game is over
    setText($("prompt"), v.prompt || (isTable && v.phase === "over" ? word("game_over") : ""));
    flag($("prompt"), "turn", !!v.turn);
    const title = (v.turn ? "● " + word("yourturn") + " · " : "") + "Hachi-Hachi";
    if (document.title !== title) document.title = title;
  }

  // The other seats as small chips (the table page: every seat), then the draw pile.
  function renderChips() {
    const v = page.view;
    const seats = v.names.map((_, s) => String(s)).filter((s) => isTable || +s !== v.seat);
    keyed($("chips"), seats.concat(["pile"]),
          (k) => (k === "pile" ? buildPile() : buildChip()),
          (el, k) => (k === "pile" ? updatePile(el) : updateChip(el, +k)));
  }
  // A chip is a seat's plate: on a phone its name, counts and line; on a wide screen also
  // its card points, the teyaku it showed and what it took (the whole table, issue 46).
  function buildChip() {
    const c = make("div", "chip");
    const top = c.appendChild(make("div", "row"));
    top.appendChild(make("b", "name"));
    top.appendChild(make("span", "away"));
    const caps = top.appendChild(make("span", "caps"));
    caps.appendChild(make("i", "mini"));
    caps.appendChild(make("span", "n"));
    c.appendChild(make("div", "badge")); // its own line: a narrow chip keeps the name
    c.appendChild(make("div", "line"));
    c.appendChild(make("div", "plate"));
    c.appendChild(make("div", "cards strip shown"));
    c.appendChild(make("div", "cards strip took"));
    return c;
  }
  function plate(s) { return ((page.view && page.view.plates) || [])[s] || {}; }
  function claimOf(s) { return (page.view.teyaku || []).find((c) => c.seat === s) || null; }
  // "Dealer · 31 / 88 pts · Second · burden 110": the plate's facts, the host's words
  function plateText(s) {
    const p = plate(s), parts = [];
    if (p.dealer) parts.push(word("dealer"));
    if (p.role) parts.push(p.role);
    if (p.points) parts.push(p.points);
    return parts.join(" · ");
  }
  function updateChip(c, s) {
    const v = page.view;
    const away = (v.away || []).includes(s);
    setText(c.querySelector(".name"), v.names[s]);
    setText(c.querySelector(".away"), away ? word("away") : "");
    setText(c.querySelector(".caps .n"), ((v.captured || [])[s] || []).length);
    // the line's parts ("12 mon", "5 in hand", yaku) wrap between them, never inside one
    const parts = String((v.seat_lines || [])[s] || "").split(" · ").filter(Boolean);
    const shown = parts.map((p, i) => p + (i < parts.length - 1 ? " · " : ""));
    lines(c.querySelector(".line"), shown, "span");
    const claim = claimOf(s);
    setText(c.querySelector(".badge"), claim ? word("teyaku_badge") : "");
    setText(c.querySelector(".plate"), plateText(s));
    strip(c.querySelector(".strip.shown"), claim ? claim.cards : []);
    strip(c.querySelector(".strip.took"), (v.captured || [])[s] || []);
    flag(c, "now", s === v.to_move && v.phase !== "over");
    flag(c, "gone", away);
    // dropped out: once the round is in play (before, `active` lists who has decided so far)
    const playing = ["play", "take", "decide"].includes(v.phase);
    flag(c, "out", playing && !!(v.active && v.active.length) && !v.active.includes(s));
  }
  function buildPile() {
    const p = make("div", "chip pile");
    p.appendChild(cardImg("back"));
    p.appendChild(make("b", "n"));
    return p;
  }
  function updatePile(p) {
    setText(p.querySelector(".n"), page.view.pile);
    if (p.title !== word("pile")) {
      p.title = word("pile");
      p.setAttribute("aria-label", word("pile"));
    }
  }

  // The field, the drawn card first: a target glows and is a button, the cards the picked
  // card would take are lifted.
  function renderField() {
    const v = page.view, marks = fieldMarks(), live = canAct();
    const keys = (v.drawn ? [v.drawn] : []).concat(v.field || []);
    setData($("field"), "size", keys.length > 14 ? "l" : keys.length > 12 ? "m" : "s");
    keyed($("field"), keys, cardButton, (b, k) => {
      nameCard(b, k);
      const a = marks.targets.get(k) || "";
      setData(b, "a", a);
      flag(b, "drawn", k === v.drawn);
      flag(b, "takes", marks.takes.has(k));
      flag(b, "target", !!a);
      setDisabled(b, !(a && live));
    });
    setAttrOnce($("field"), "aria-label", word("field"));
  }
  function setAttrOnce(el, name, value) {
    if (el.getAttribute(name) !== value) el.setAttribute(name, value);
  }

  // The line between field and hand: what the picked card takes, "Sent…", a refused move.
  function renderBar() {
    const single = singlePlay();
    let main = "", hint = "", tone = "";
    if (page.warn) { main = page.warn.text; tone = "warn"; }
    else if (page.pending) { main = word("sent"); tone = "sent"; }
    else if (!page.view.turn || isTable) main = "";
    else if (single) { main = takesText(single); hint = word("tap_again"); }
    else if (fieldMarks().targets.size) main = word("target");
    const info = $("info");
    if (info.dataset.tone !== tone) info.dataset.tone = tone;
    setText(info.firstChild || info.appendChild(make("span")), main);
    setText(info.children[1] || info.appendChild(make("small")), hint);
    const play = $("play"), back = $("back");
    flag($("bar"), "empty", !main && !single && !page.picked); // a decision: room for it
    show(play, !!single && !page.pending);
    setText(play, word("play"));
    setDisabled(play, !canAct());
    show(back, !!page.picked && !page.pending);
    setText(back, word("cancel"));
  }
  function takesText(entry) {
    const cards = (entry.takes || []).map(cardName).filter(Boolean);
    if (!cards.length) return word("takes_nothing");
    return fill(word("takes"), "cards", cards.join(listSep()));
  }

  // Decisions (mizuten, sage, shoubu, drop out...): big buttons that say what each pays.
  function renderDecisions() {
    const list = decisions(), box = $("decisions"), live = canAct();
    show(box, list.length > 0 && !isTable);
    flag($("game"), "deciding", list.length > 0);
    keyed(box, list.map((e) => e.a), buildDecision, (b, a, i) => {
      const e = list[i];
      setData(b, "a", a);
      setData(b, "verb", e.verb);
      setText(b.children[0], e.label || e.verb);
      setText(b.children[1], e.pays || "");
      setText(b.children[2], e.risks || "");
      setDisabled(b, !live);
    });
  }
  function buildDecision() {
    const b = make("button", "choice");
    b.type = "button";
    b.append(make("b"), make("small", "pays"), make("small", "risks"));
    return b;
  }

  // The hand, at the bottom: a playable card is framed, the picked one lifted. A seat that
  // decides blind (mizuten) sees its cards' backs.
  function renderHand() {
    const v = page.view, hand = $("hand"), live = canAct();
    let keys = (v.hand || []).slice();
    const count = (v.hand_counts || [])[v.seat] || 0;
    if (!keys.length && count) keys = Array.from({ length: count }, (_, i) => "back-" + i);
    setData(hand, "size", keys.length > 10 ? "l" : keys.length > 8 ? "m" : "s");
    setData(hand, "n", String(keys.length));
    keyed(hand, keys, cardButton, (b, k) => {
      const playable = playsOf(k).length > 0;
      nameCard(b, k);
      flag(b, "live", playable && !!v.turn);
      flag(b, "picked", k === page.picked);
      flag(b, "sent", !!page.pending && page.pending.card === k);
      setDisabled(b, !(playable && live));
    });
    setAttrOnce(hand, "aria-label", word("hand"));
  }

  // Below the fold (beside the table on a wide screen): the teyaku shown, what this seat
  // took, the hints, every seat's captures, the standings, the last round, the log.
  function renderMore() {
    const v = page.view;
    renderClaims();
    setText($("took-h"), word("took"));
    show($("took-box"), !isTable);
    if (!isTable) {
      strip($("took"), (v.captured || [])[v.seat] || []);
      setText($("took-pts"), plate(v.seat).points || "");
    }
    show($("watch-box"), !!(v.watch && v.watch.length));
    setText($("watch-h"), word("watch"));
    lines($("watch"), v.watch || [], "p");
    setText($("seats-h"), word("others"));
    renderSeats();
    renderStanding();
    setText($("log-h"), word("log"));
    lines($("log"), (v.log || []).slice(-10));
    renderOutcome(v.round_end);
  }
  // The teyaku shown this round, each holder's line (what it pays, when) and cards.
  function renderClaims() {
    const list = page.view.teyaku || [];
    show($("teyaku"), list.length > 0);
    setText($("teyaku-h"), word("teyaku"));
    keyed($("claims"), list.map((c) => String(c.seat)), buildClaim, (el, k, i) => {
      setText(el.children[0], list[i].text);
      strip(el.children[1], list[i].cards);
      flag(el, "me", list[i].seat === page.view.seat);
    });
  }
  function buildClaim() {
    const d = make("div", "claim");
    d.append(make("p"), make("div", "cards strip"));
    return d;
  }
  // The game's standings now: place, name, total (the host's order and amounts).
  function renderStanding() {
    const rows = page.view.standings || [];
    show($("standing"), rows.length > 1);
    const t = $("standing-t");
    const cap = t.caption || t.createCaption();
    setText(cap, word("standings"));
    const body = t.tBodies[0] || t.createTBody();
    while (body.rows.length > rows.length) body.deleteRow(-1);
    rows.forEach((r, i) => {
      const row = body.rows[i] || body.insertRow();
      while (row.cells.length < 3) row.insertCell();
      const cls = r.me && !isTable ? "me" : "";
      if (row.className !== cls) row.className = cls;
      setText(row.cells[0], r.place);
      setText(row.cells[1], r.name + (r.me && !isTable ? " (" + word("you") + ")" : ""));
      setText(row.cells[2], r.total);
    });
  }
  // Every seat with its line and what it took (a phone: the others; its own is above).
  function renderSeats() {
    const v = page.view;
    const seats = v.names.map((_, s) => String(s)).filter((s) => isTable || +s !== v.seat);
    keyed($("seats"), seats, buildSeat, (el, k) => updateSeat(el, +k));
  }
  function buildSeat() {
    const d = make("div", "seat");
    d.append(make("b", "name"), make("span", "line"), make("div", "plate"),
             make("div", "cards strip"));
    return d;
  }
  function updateSeat(d, s) {
    const v = page.view;
    setText(d.children[0], v.names[s]);
    setText(d.children[1], (v.seat_lines || [])[s] || "");
    setText(d.children[2], plateText(s));
    strip(d.children[3], (v.captured || [])[s] || []);
  }

  // --- the round's end and the game's end ---------------------------------------------
  function storedK() {
    try {
      return +(localStorage.getItem("hachi.k." + token) || 0);
    } catch (e) { return page.sheetK; } // no storage: this page's own memory
  }
  function storeK(k) {
    try { localStorage.setItem("hachi.k." + token, String(k)); } catch (e) { /* private mode */ }
  }

  // The sheet opens when the count of settled rounds grows past the last one dismissed.
  function maybeSheet(re) {
    if (isTable || !re || re.k <= storedK() || re.k === page.sheetK) return;
    page.sheetK = re.k;
    setText($("sheet-h"), word("round_over"));
    setText($("sheet-ok"), word("ok", "OK"));
    const body = $("sheet-body");
    body.replaceChildren(...roundSummary(re));
    show($("sheet"), true);
    $("sheet-ok").focus({ preventScroll: true });
  }
  function closeSheet() {
    storeK(page.sheetK);
    show($("sheet"), false);
  }
  // A round's result in short: its title, this seat's net, each seat's net and total, and
  // the ledger's payments (those touching this seat marked).
  function roundSummary(re) {
    const out = [];
    const title = make("p", "title"); title.textContent = re.title; out.push(title);
    if (re.mine && !isTable) { const m = make("p", "mine"); m.textContent = re.mine; out.push(m); }
    const t = make("table", "net");
    const head = t.createTHead().insertRow();
    ["", word("net"), word("total")].forEach((h) => head.appendChild(span("", h, "th")));
    const body = t.createTBody();
    (re.net || []).forEach((r) => {
      const row = body.insertRow();
      row.className = (r.me ? "me " : "") + (r.gain ? "gain" : r.loss ? "loss" : "");
      [r.name, r.net, r.total].forEach((s) => { row.insertCell().textContent = s; });
    });
    out.push(t);
    if (re.lines && re.lines.length) {
      const ul = make("ul", "ledger");
      re.lines.forEach((l) => {
        const li = make("li", l.mine ? "me" : "");
        li.append(span("reason", l.reason), span("who", l.who), span("amt", l.amount));
        ul.appendChild(li);
      });
      out.push(ul);
    } else if (re.none) { const p = make("p", "dim"); p.textContent = re.none; out.push(p); }
    return out;
  }
  function span(cls, s, tag) {
    const e = make(tag || "span", cls);
    e.textContent = s;
    return e;
  }

  // The last round's result stays on the page (a TV's table page: nobody taps it; a seat:
  // after its sheet is closed, below the fold or beside the table).
  function renderOutcome(re) {
    const box = $("outcome");
    show(box, !!re);
    if (!re || box.dataset.k === String(re.k) + page.lang) return;
    box.dataset.k = String(re.k) + page.lang;
    const h = make("h2"); h.textContent = word("last_round", word("round_over"));
    box.replaceChildren(h, ...roundSummary(re));
  }

  // The game's end: the standings, the winner, this seat's place, what happens next.
  function renderOver(msg) {
    const s = $("screen"), w = msg.words || page.words;
    const h = make("h1"); h.textContent = w.game_over || "";
    const head = make("p", "headline"); head.textContent = msg.headline || "";
    const parts = [h, head];
    if (msg.mine) { const m = make("p", "mine"); m.textContent = msg.mine; parts.push(m); }
    parts.push(standings(msg.standings || [], w));
    if (msg.next) { const n = make("p", "next"); n.textContent = msg.next; parts.push(n); }
    if (msg.round_end) {
      const r = make("details", "last");
      const sum = make("summary"); sum.textContent = w.last_round || w.round_over || "";
      r.append(sum, ...roundSummary(msg.round_end));
      parts.push(r);
    }
    s.replaceChildren(...parts);
    s.className = "over";
    const mine = (msg.standings || []).find((r) => r.me);
    if (mine) setText($("me-total"), mine.total);
    setText($("prompt"), "");
    show($("sheet"), false);
  }
  function standings(rows, w) {
    const t = make("table", "standings");
    const cap = t.createCaption(); cap.textContent = w.standings || "";
    const body = t.createTBody();
    rows.forEach((r) => {
      const row = body.insertRow();
      row.className = (r.me ? "me " : "") + (r.winner ? "winner" : "");
      row.insertCell().textContent = r.place + (r.winner ? " ★" : "");
      row.insertCell().textContent = r.name + (r.me ? " (" + (w.you || "") + ")" : "");
      row.insertCell().textContent = r.total;
    });
    return t;
  }

  // --- whole-page screens ----------------------------------------------------------------
  function setMode(mode) {
    if (document.body.dataset.mode === mode) return;
    document.body.dataset.mode = mode;
    const game = mode === "game";
    show($("game"), game);
    show($("more"), game);
    show($("screen"), !game);
    if (!game) show($("sheet"), false);
  }
  function renderWaiting(msg) {
    page.words = msg.words || page.words;
    const me = msg.me || {};
    setText($("me-name"), me.name || "八八");
    setText($("me-seat"), me.number ? fill(word("seat", "{n}"), "n", me.number) : "");
    setMode("waiting");
    const s = $("screen");
    if (s.className !== "waiting") {
      s.className = "waiting";
      s.replaceChildren(make("p", "big"), make("p", "dim"));
    }
    setText(s.children[0], msg.prompt || word("waiting", "…"));
    setText(s.children[1], msg.status || "");
    setText($("prompt"), "");
  }
  // A closed seat: the reason, and for a seat opened on another screen a way to take it back.
  function renderClosed(why, text) {
    page.final = why;
    setMode("closed");
    const s = $("screen");
    s.className = "closed " + why;
    const p = make("p", "big");
    p.textContent = text || closedWords(why);
    const parts = [make("div", "mark"), p];
    if (why === "replaced") {
      const b = make("button", "go wide");
      b.type = "button";
      b.id = "take-back";
      b.textContent = "↻ " + word("take_back"); // the word may be missing: the arrow alone
      flag(b, "icon", !word("take_back"));
      b.addEventListener("click", () => location.reload());
      parts.push(b);
    }
    s.replaceChildren(...parts);
    setText($("prompt"), "");
    stopTrying();
  }

  // --- messages ------------------------------------------------------------------------
  function dispatch(msg) {
    if (msg.words) page.words = msg.words;
    if (msg.lang && LANGS.includes(msg.lang)) setLang(msg.lang);
    switch (msg.t) {
      case "view": case "table": return onView(msg);
      case "status": return onStatus(msg);
      case "waiting": return renderWaiting(msg);
      case "rejected": return onRejected(msg);
      case "over": page.final = "over"; setMode("over"); return renderOver(msg);
      case "replaced":
        return renderClosed(msg.why === "new_link" ? "new_link" : "replaced", msg.text);
      case "retired": case "refused": return renderClosed(msg.t, msg.text);
      default: return undefined; // pong, and what a later version may add
    }
  }
  function onView(msg) {
    const wasTurn = page.turn;
    page.view = msg;
    settlePending(msg);
    if (page.picked && !playsOf(page.picked).length) page.picked = null;
    if (page.warn) {
      if (page.warn.n == null) page.warn.n = msg.n;
      else if (msg.n > page.warn.n) page.warn = null; // the table moved since: the line is old
    }
    setMode("game");
    renderAll();
    setData(document.body, "n", String(msg.n)); // the view on screen (tests wait for it)
    page.turn = !!msg.turn;
    if (page.turn && !wasTurn && !isTable) cue();
    maybeSheet(msg.round_end);
  }
  // Someone's phone came or went: only the chips and the seats change.
  function onStatus(msg) {
    if (!page.view) return;
    page.view.away = msg.away || [];
    renderChips();
    renderSeats();
  }
  // A move is answered by the next view (the table moved), or sent again when the socket
  // closed before that and the view on screen is still the one it answered.
  function settlePending(msg) {
    const p = page.pending;
    if (!p) return;
    if (msg.n !== p.n) { page.pending = null; return; }
    if (!p.lost) return;
    if (!hasLegal(msg, p.a)) { page.pending = null; return; }
    p.lost = false;
    page.resentN = p.n;
    sendAct(p);
  }
  function onRejected(msg) {
    // A move sent again after a reconnect whose first copy had reached the table: the table
    // took the first, refused the copy, and the view on screen is newer. Nothing to say.
    if (msg.n === page.resentN && page.view && page.view.n > msg.n) return;
    if (page.pending && page.pending.n === msg.n) page.pending = null;
    page.warn = { text: msg.text || "", n: null };
    renderPlayable();
  }

  function setLang(lang) {
    page.lang = lang;
    if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
  }

  // --- taps ---------------------------------------------------------------------------
  // A first tap lifts a hand card and shows what it would take; a second tap on it (or
  // Play) plays it. A card with a choice of target waits for a tap on the field.
  function tapHand(card) {
    const plays = playsOf(card);
    if (!plays.length || !canAct()) return;
    page.warn = null;
    if (page.picked === card && plays.length === 1) return act(plays[0].a, card);
    page.picked = card;
    renderPlayable();
    return undefined;
  }
  function act(a, card) {
    if (!canAct()) return;
    page.warn = null;
    page.picked = null;
    page.pending = { a: a, n: page.view.n, card: card || null, lost: false };
    sendAct(page.pending);
    renderPlayable();
  }
  function sendAct(p) {
    const ws = link.ws;
    if (ws && ws.readyState === 1) transmit(ws, { t: "act", a: p.a, n: p.n });
    else p.lost = true; // sent again once the socket is back (settlePending)
  }
  function clicked(box, handler) {
    $(box).addEventListener("click", (ev) => {
      const b = ev.target.closest("button");
      if (b && !b.disabled && $(box).contains(b)) handler(b);
    });
  }
  clicked("hand", (b) => tapHand(b.dataset.key));
  clicked("field", (b) => { if (b.dataset.a) act(b.dataset.a, null); });
  clicked("decisions", (b) => act(b.dataset.a, null));
  $("play").addEventListener("click", () => { const e = singlePlay(); if (e) act(e.a, e.card); });
  $("back").addEventListener("click", () => {
    page.picked = null;
    page.warn = null;
    renderPlayable();
  });
  $("sheet-ok").addEventListener("click", closeSheet);

  // --- your turn: a short buzz and a short sound, where the browser allows -------------------
  function unlockAudio() {
    touched = true;
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!audio && Ctx) audio = new Ctx();
      if (audio && audio.state === "suspended") audio.resume();
    } catch (e) { audio = null; }
  }
  function cue() {
    try {
      if (touched && navigator.vibrate) navigator.vibrate(120);
    } catch (e) { /* not allowed here */ }
    if (!audio || audio.state !== "running") return;
    const t = audio.currentTime;
    [660, 990].forEach((hz, i) => { // two soft rising notes, 0.1 s each
      const o = audio.createOscillator(), g = audio.createGain(), at = t + i * 0.12;
      o.frequency.value = hz;
      g.gain.setValueAtTime(0.0001, at);
      g.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      g.gain.exponentialRampToValueAtTime(0.0001, at + 0.11);
      o.connect(g).connect(audio.destination);
      o.start(at);
      o.stop(at + 0.12);
    });
  }
  document.addEventListener("pointerdown", unlockAudio, { capture: true });
  document.addEventListener("keydown", unlockAudio, { capture: true });

  // --- the connection ------------------------------------------------------------------
  function wsUrl() {
    return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
  }
  function connect() {
    clearTimeout(link.timer);
    link.timer = 0;
    if (page.final || (link.ws && link.ws.readyState <= 1)) return;
    let ws;
    try { ws = new WebSocket(wsUrl()); } catch (e) { retryLater(); return; }
    link.ws = ws;
    link.openedAt = Date.now();
    link.pingAt = 0;
    if (isOnline) ws.binaryType = "arraybuffer";
    ws.onopen = () => {
      if (link.ws !== ws) return;
      link.heard = Date.now();
      if (isOnline) ws.send(JSON.stringify({ t: "join", room: online.room, seat: online.seat,
                                             token: token }));
      else hello(ws);
    };
    ws.onmessage = (ev) => {
      if (link.ws !== ws) return;
      if (isOnline) received(ws, ev.data);
      else heard(ev.data);
    };
    ws.onclose = (ev) => {
      if (link.ws !== ws) return;
      link.ws = null;
      lost(ev.code);
    };
  }
  function hello(ws) { transmit(ws, { t: "hello", token: token, lang: page.lang }); }
  // A message to the host: as JSON text to the party server, sealed to an online seat's host.
  function transmit(ws, msg) {
    if (isOnline) sealAndSend(ws, JSON.stringify(msg));
    else ws.send(JSON.stringify(msg));
  }
  function heard(data) {
    link.heard = Date.now();
    link.pingAt = 0;
    let msg;
    try { msg = JSON.parse(data); } catch (e) { return; }
    if (!link.up && !["refused", "replaced", "retired"].includes(msg.t)) cameBack();
    dispatch(msg);
  }
  // The first message after a hello: the seat is ours again.
  function cameBack() {
    link.up = true;
    link.tries = 0;
    if (link.down) {
      link.down = false;
      flash(word("back_online"));
    }
    renderConnection();
  }
  function lost(code) {
    link.up = false;
    link.chan = null;
    link.hostAway = false; // unknown until the relay answers the next join
    if (page.pending) page.pending.lost = true;
    if (FINAL[code]) return finish(FINAL[code]);
    if (page.final) return undefined;
    link.down = true;
    renderConnection();
    retryLater();
    return undefined;
  }
  // A close that ends the page (its message, if it came, already drew the screen).
  function finish(why) {
    stopTrying();
    if (page.final) return;
    if (why === "over") {
      page.final = "over";
      setText($("prompt"), word("game_over"));
      renderConnection();
      return;
    }
    renderClosed(why);
  }
  function stopTrying() {
    clearTimeout(link.timer);
    link.timer = 0;
    renderConnection();
  }
  function retryLater() {
    if (page.final || link.timer) return;
    const visible = document.visibilityState !== "hidden";
    const delay = visible ? Math.min(100 * Math.pow(2, link.tries), RETRY_MAX) : 5000;
    link.tries += 1;
    link.timer = setTimeout(() => { link.timer = 0; connect(); }, delay);
  }
  // Give up on the socket now (the network went away, or it stopped answering).
  function drop() {
    const ws = link.ws;
    if (!ws) return;
    link.ws = null;
    try { ws.close(); } catch (e) { /* already closing */ }
    lost(1006);
  }
  function ping() {
    const ws = link.ws;
    if (!ws || ws.readyState !== 1 || link.hostAway) return; // nobody to answer
    link.pingAt = Date.now();
    transmit(ws, { t: "ping" });
  }
  // Every second: a connect that hangs, or a socket that stopped answering, is dropped.
  function tick() {
    const ws = link.ws, now = Date.now();
    if (page.final || !ws) return;
    if (ws.readyState === 0 && now - link.openedAt > 4000) { drop(); return; }
    if (ws.readyState !== 1 || document.visibilityState === "hidden") return;
    if (link.hostAway) return; // nobody would answer; the relay says when the host is back
    if (link.pingAt && now - link.pingAt > DEAD_AFTER) drop();
    else if (!link.pingAt && now - link.heard > PING_AFTER) ping();
  }
  function wake() {
    if (page.final) return;
    link.tries = 0;
    if (!link.ws) connect();
    else if (link.up) ping(); // a socket that slept may be dead without knowing it
  }

  // The banner says why the cards wait; the page looks and acts disabled meanwhile.
  function renderConnection() {
    const off = !link.up && !page.final;
    const away = link.hostAway && !page.final; // an online seat's host left the relay
    flag(document.body, "offline", (off && link.down) || away);
    const banner = $("banner");
    if (away) {
      clearTimeout(link.backTimer);
      setData(banner, "tone", "bad");
      setText(banner, localWord("host_away"));
      show(banner, true);
    } else if (off && link.down) {
      clearTimeout(link.backTimer);
      setData(banner, "tone", "bad");
      const offline = navigator.onLine === false;
      setText(banner, offline ? word("offline", "⚠ Offline") : word("lost", "⚠ …"));
      show(banner, true);
    } else if (banner.dataset.tone === "bad") show(banner, false);
    renderPlayable();
  }
  function flash(text) {
    const banner = $("banner");
    setData(banner, "tone", "good");
    setText(banner, text);
    show(banner, !!text);
    clearTimeout(link.backTimer);
    link.backTimer = setTimeout(() => {
      if (banner.dataset.tone === "good") show(banner, false);
    }, 2000);
  }

  window.addEventListener("online", wake);
  window.addEventListener("offline", drop);
  window.addEventListener("pageshow", wake);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") wake();
  });
  setInterval(tick, 1000);

  // The top bar's height, for the first screen to end exactly at the screen's bottom.
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      document.documentElement.style.setProperty("--top", $("top").offsetHeight + "px");
    }).observe($("top"));
  }

  // --- online seats (issue 46) ----------------------------------------------------------
  // The relay (game/relay) passes frames between this page and the host and can read none:
  // 1. the page joins: {"t":"join",room,seat,token} as text; the relay answers {"t":"ok"};
  // 2. the page sends b"C" + 16 random bytes (this socket's id) in clear, the host answers
  //    b"S" + 16 random bytes of its own, and both ends seal every later frame of this socket
  //    with HKDF(seat key, id and answer) (HachiSeal.deriveConnKey), counters from 1
  //    (docs/design/SEALING.md); a reloaded page picks a new id and the host a new answer, so
  //    nothing sealed for an old socket opens on a new one;
  // 3. from then on a message is sealed (p2h) and sent as a binary frame, and a binary frame
  //    is opened (h2p) and handled by `heard`, as the party server's text is.
  // Text from the relay is its own: the host left or came back ({"t":"host","here":…}).
  // The words the page needs before the host has said any (or when it cannot), in the four
  // languages of the game; the host's words win where it sent them.
  const LOCAL = {
    no_crypto: {
      en: "This page needs a secure connection (https) to keep your cards private, so it cannot open here. Ask the host for an https link.",
      ja: "手札を守るため、このページには安全な接続（https）が必要です。ここでは開けません。https のリンクをホストに聞いてください。",
      fr: "Cette page a besoin d’une connexion sécurisée (https) pour garder vos cartes secrètes : elle ne peut pas s’ouvrir ici. Demandez un lien https à l’hôte.",
      uk: "Цій сторінці потрібне захищене з’єднання (https), щоб ваші карти лишалися таємними, тож тут вона не відкриється. Попросіть у господаря посилання https.",
    },
    no_key: {
      en: "This link is incomplete: the part after # is missing. Copy the whole link again.",
      ja: "このリンクは不完全です（# 以降がありません）。リンク全体をもう一度コピーしてください。",
      fr: "Ce lien est incomplet : il manque la partie après #. Copiez de nouveau le lien entier.",
      uk: "Це посилання неповне: бракує частини після #. Скопіюйте все посилання ще раз.",
    },
    host_away: {
      en: "The host is away — waiting…",
      ja: "ホストが不在です — 待っています…",
      fr: "L’hôte est absent — en attente…",
      uk: "Господаря немає — чекаємо…",
    },
    new_link: {
      en: "The host made a new link for this seat, so this one no longer works. Ask the host for the new link or scan the new code.",
      ja: "ホストがこの席の新しいリンクを作ったため、このリンクはもう使えません。新しいリンクをホストに聞くか、新しいコードを読み取ってください。",
      fr: "L’hôte a créé un nouveau lien pour cette place : celui-ci ne fonctionne plus. Demandez le nouveau lien à l’hôte ou scannez le nouveau code.",
      uk: "Господар створив нове посилання на це місце, тож це більше не працює. Попросіть у господаря нове посилання або відскануйте новий код.",
    },
    closed: {
      en: "The host closed the game. It is kept on the host's computer.",
      ja: "ホストがゲームを閉じました。ゲームはホストのコンピューターに保存されています。",
      fr: "L’hôte a fermé la partie. Elle est gardée sur son ordinateur.",
      uk: "Господар закрив гру. Її збережено на його комп’ютері.",
    },
    refused: {
      en: "This link is not a seat of the game on this table.",
      ja: "このリンクはこの卓の対局の席ではありません。",
      fr: "Ce lien n’est pas une place de la partie sur cette table.",
      uk: "Це посилання не є місцем у грі за цим столом.",
    },
    replaced: {
      en: "This seat was opened on another screen.",
      ja: "この席は別の画面で開かれました。",
      fr: "Cette place a été ouverte sur un autre écran.",
      uk: "Це місце відкрили на іншому екрані.",
    },
  };
  function localWord(key) {
    const t = LOCAL[key] || {};
    return word(key) || t[page.lang] || t.en || "";
  }
  // A closed seat's words: the host's where it sent them, else the page's own.
  function closedWords(why) {
    return word(why) || localWord(why) || word(why === "new_link" ? "replaced" : why, "—");
  }

  const online = isOnline ? { room: parts[2] || "", seat: Number(parts[3]), key: null } : null;

  // The relay's answer to the join makes this socket's sealed channel; the host coming back
  // makes a fresh one (a new id), so a host that restarted is never left without one.
  function relaySaid(ws, text) {
    let msg;
    try { msg = JSON.parse(text); } catch (e) { return; }
    if (msg.t === "ok") {
      startChannel(ws);
      hostAway(msg.host === false);
    } else if (msg.t === "host") {
      const back = msg.here === true && link.hostAway;
      hostAway(msg.here !== true);
      if (back) startChannel(ws);
    }
  }
  function startChannel(ws) {
    const S = window.HachiSeal;
    const id = crypto.getRandomValues(new Uint8Array(S.CONN_ID_BYTES));
    const hi = new Uint8Array(1 + id.length);
    hi[0] = 0x43; // "C"
    hi.set(id, 1);
    ws.send(hi);
    // the key waits for the host's answer (b"S" + its nonce); what is sealed before it
    // (the hello below) waits with it, in order
    const chan = { ws: ws, answered: false, answer: null };
    const nonce = new Promise((resolve) => { chan.answer = resolve; });
    chan.ready = nonce.then((n) => S.deriveConnKey(online.key, id, n)).then((k) => ({
      sealer: S.makeSealer(k, online.room, online.seat, "p2h"),
      opener: S.makeOpener(k, online.room, online.seat, "h2p"),
    }));
    chan.ready.catch(() => {}); // a channel that failed is dropped with its socket
    link.chan = chan;
    hello(ws); // the seat's language, as the party page says it; sealed like the rest
  }
  // The host's answer to this socket's id: the first binary frame, b"S" + 16 bytes.
  function answered(chan, bytes) {
    const S = window.HachiSeal;
    if (chan.answered || bytes.length !== 1 + S.CONN_ID_BYTES || bytes[0] !== 0x53) return false;
    chan.answered = true;
    chan.answer(bytes.slice(1));
    return true;
  }
  function hostAway(away) {
    if (link.hostAway === away) return;
    link.hostAway = away;
    link.pingAt = 0; // a ping the host could not answer says nothing about the socket
    renderConnection();
  }
  // Sealed in call order (the channel's sealer numbers them so); sent only on the socket and
  // channel it was sealed for.
  function sealAndSend(ws, text) {
    const chan = link.chan;
    if (!chan || chan.ws !== ws) return; // no channel yet: the relay has not let us in
    chan.ready.then((c) => c.sealer.seal(text)).then((frame) => {
      if (link.chan === chan && ws.readyState === 1) ws.send(frame);
    }, () => { link.dropped += 1; });
  }
  // A frame from the relay: its own text, or the host's sealed message, opened in order and
  // handed to `heard` as the party server's text is. A frame that does not open (forged,
  // replayed, or sealed for an older socket) is dropped without a word.
  function received(ws, data) {
    link.heard = Date.now();
    if (typeof data === "string") { relaySaid(ws, data); return; }
    const chan = link.chan;
    if (!chan || chan.ws !== ws) { link.dropped += 1; return; }
    if (!chan.answered) { // before the host's answer nothing is sealed for this socket
      if (!answered(chan, new Uint8Array(data))) link.dropped += 1;
      return;
    }
    chan.ready.then((c) => c.opener.open(new Uint8Array(data))).then((plain) => {
      if (link.ws === ws && link.chan === chan) heard(new TextDecoder().decode(plain));
    }, () => { link.dropped += 1; });
  }
  // The seat's key from the link's fragment; without WebCrypto, or without a key, the page
  // says why in one sentence instead of playing in clear or breaking.
  function onlineReady() {
    if (!window.HachiSeal || !window.HachiSeal.available() || !window.isSecureContext) {
      renderClosed("no_crypto");
      return false;
    }
    try {
      online.key = window.HachiSeal.keyFromHash();
    } catch (e) {
      renderClosed("no_key");
      return false;
    }
    return true;
  }

  // A link pasted over this one that differs only after '#' (another key) changes nothing
  // but the fragment, which reloads no page: start again with the new key.
  if (isOnline) window.addEventListener("hashchange", () => location.reload());

  setLang(page.lang);
  if (isTable) document.body.classList.add("table");
  setMode("connecting");
  if (!isOnline || onlineReady()) connect();
})();
