// The phone page of a party game (issue 28). It shows what its seat's messages say and sends
// the seat's choices; every rule, word and amount comes from the game on the host.
"use strict";
(function () {
  const parts = location.pathname.split("/");
  const token = parts[2] || "";
  const isTable = parts[1] === "t";
  const $ = (id) => document.getElementById(id);
  let ws = null, view = null, picked = null, retry = 500, closedFor = null, lastTurn = false;

  function img(card, name) {
    const i = document.createElement("img");
    i.src = "/cards/" + card + ".svg";
    i.alt = name || card;
    i.dataset.card = card;
    return i;
  }
  function text(el, s) { el.textContent = s || ""; }
  function send(obj) { if (ws && ws.readyState === 1) ws.send(JSON.stringify(obj)); }
  function say(words) {
    document.querySelector("main").innerHTML = "";
    const p = document.createElement("p");
    p.className = "notice";
    p.textContent = words;
    document.querySelector("main").appendChild(p);
  }

  function connect() {
    const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws";
    ws = new WebSocket(url);
    ws.onopen = () => {
      retry = 500;
      send({ t: "hello", token: token, lang: (navigator.language || "en").slice(0, 2) });
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.t === "view" || msg.t === "table") { view = msg; render(); }
      else if (msg.t === "waiting") {
        text($("prompt"), msg.prompt || (view && view.words.waiting) || "…");
        text($("status"), msg.status || "");
      }
      else if (msg.t === "refused") { closedFor = "refused"; say("This link is not a seat of this game."); }
      else if (msg.t === "retired") { closedFor = "retired"; say((view && view.words.retired) || "A computer plays this seat now."); }
      else if (msg.t === "replaced") { closedFor = "replaced"; say((view && view.words.replaced) || "This seat was opened on another screen."); }
    };
    ws.onclose = (ev) => {
      if (closedFor || ev.code === 4003 || ev.code === 4002 || ev.code === 4001) return;
      text($("status"), (view && view.words.lost) || "…");
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 8000);
    };
  }

  function renderSeats() {
    const box = $("players");
    box.innerHTML = "";
    view.names.forEach((name, s) => {
      if (!isTable && s === view.seat) return;
      const d = document.createElement("div");
      d.className = "seat";
      const n = document.createElement("div");
      n.className = "name" + (s === view.to_move ? " now" : "");
      n.textContent = name + (view.away.includes(s) ? " · " : "");
      if (view.away.includes(s)) {
        const a = document.createElement("span");
        a.className = "away"; a.textContent = view.words.away; n.appendChild(a);
      }
      const m = document.createElement("div");
      m.className = "meta";
      m.textContent = (view.seat_lines || [])[s] || "";
      const c = document.createElement("div");
      c.className = "cards small";
      (view.captured[s] || []).forEach((k) => c.appendChild(img(k, view.card_names[k])));
      d.append(n, m, c);
      box.appendChild(d);
    });
  }

  function render() {
    const w = view.words;
    text($("field-h"), w.field); text($("hand-h"), w.hand); text($("took-h"), w.took);
    text($("status"), "");
    text($("prompt"), view.prompt || "");
    text($("pile"), w.pile + ": " + view.pile);
    renderSeats();
    const field = $("field");
    field.innerHTML = "";
    view.field.forEach((k) => field.appendChild(img(k, view.card_names[k])));
    if (view.drawn) field.appendChild(img(view.drawn, view.card_names[view.drawn]));
    const log = $("log");
    log.innerHTML = "";
    view.log.slice(-8).forEach((l) => { const li = document.createElement("li"); li.textContent = l; log.appendChild(li); });
    if (isTable) {
      for (const id of ["mine", "took-s", "decisions", "choose", "watch"]) $(id).hidden = true;
      return;
    }
    const legal = view.legal || [];
    const plays = legal.filter((a) => a.verb === "play");
    const hand = $("hand");
    hand.innerHTML = "";
    view.hand.forEach((k) => {
      const b = document.createElement("button");
      b.type = "button";
      const mine = plays.filter((a) => a.card === k);
      b.disabled = mine.length === 0;
      if (mine.length) b.className = "live" + (k === picked ? " picked" : "");
      b.appendChild(img(k, view.card_names[k]));
      b.onclick = () => choose(k);
      hand.appendChild(b);
    });
    const took = $("took");
    took.innerHTML = "";
    (view.captured[view.seat] || []).forEach((k) => took.appendChild(img(k, view.card_names[k])));
    renderChoice(legal);
    const dec = $("decisions");
    dec.innerHTML = "";
    const decisions = legal.filter((a) => a.verb !== "play" && a.verb !== "take");
    dec.hidden = decisions.length === 0;
    decisions.forEach((a) => {
      const b = document.createElement("button");
      b.type = "button"; b.className = "choice";
      b.textContent = a.label || a.verb;
      if (a.pays) { const s = document.createElement("small"); s.textContent = a.pays; b.appendChild(s); }
      if (a.risks) { const s = document.createElement("small"); s.textContent = a.risks; b.appendChild(s); }
      b.onclick = () => act(a.a);
      dec.appendChild(b);
    });
    const watch = $("watch");
    watch.hidden = !view.watch;
    watch.innerHTML = "";
    (view.watch || []).forEach((l) => { const p = document.createElement("div"); p.textContent = l; watch.appendChild(p); });
    const turn = legal.length > 0;
    if (turn && !lastTurn && navigator.vibrate) { try { navigator.vibrate(120); } catch (e) {} }
    lastTurn = turn;
  }

  function renderChoice(legal) {
    const takes = legal.filter((a) => a.verb === "take");
    const targets = picked ? legal.filter((a) => a.verb === "play" && a.card === picked && a.target) : takes;
    const box = $("choose");
    box.hidden = targets.length === 0;
    text($("choose-h"), view.words.target);
    const t = $("targets");
    t.innerHTML = "";
    targets.forEach((a) => {
      const b = document.createElement("button");
      b.type = "button";
      b.appendChild(img(a.target, view.card_names[a.target]));
      b.onclick = () => act(a.a);
      t.appendChild(b);
    });
    if (picked && targets.length) box.scrollIntoView({ block: "center" });
    const back = $("choose-back");
    back.hidden = !picked;
    text(back, view.words.cancel);
    back.onclick = () => { picked = null; render(); };
  }

  function choose(card) {
    const plays = (view.legal || []).filter((a) => a.verb === "play" && a.card === card);
    if (plays.length === 1) act(plays[0].a);
    else if (plays.length > 1) { picked = card; render(); }
  }

  function act(a) {
    picked = null;
    send({ t: "act", a: a, n: view.n });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && (!ws || ws.readyState > 1) && !closedFor) connect();
  });
  connect();
})();
