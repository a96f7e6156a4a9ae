// The live match page: a socket that keeps the table current, the seat's controls, the pace
// of the table (trick pause, score sheets, the spectators' queue), the replay.
// Protocol: docs/web.md. Every message carries the match's version (its turn number).
import { addToRun, addedWild, buscaHand, cardEl, cardText, clockText, el, meldCardsEl, movedText, moveText, readRun, renderBuraco, renderBusca, runMeld, seatName } from "./cards.js";
import { setupPhrases, showChat, showPhrase } from "./phrases.js";
import { sendSoon, setupPreferences, tone } from "./preferences.js";
import { has, num, t, tn } from "./texts.js";

const root = document.getElementById("match");
const mySeat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
const isBusca = root.dataset.game === "busca";
const baseTitle = document.title;
const $ = (id) => document.getElementById(id);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

const PACE = { card: 600, trick: 1500, summary: 4000 }; // milliseconds
const SWEEP = 450; // a finished trick's sweep to its taker, at the end of its pause

// What the socket has told us: always the newest state (tests read window.__match).
const live = {
  version: -1, // the turn number the move log has reached
  match: null, // the newest state: match_public() as this socket's reader sees it
  moves: new Map(), // turn -> public log entry
  snaps: new Map(), // version -> state, for a spectator's queue
  socket: null,
  retries: 0,
  closedForGood: false,
  pending: false,
};

// What the page shows: the live state at once for a seated person; a spectator's table follows
// the live one a move at a time, at a pace eyes can follow.
const shown = {
  match: null,
  version: -1,
  trickKey: null, // the last finished trick already seen ("deal:count")
  dealKey: null, // the last score sheet already seen
  pause: null, // {trick, until, last} a finished trick in the middle
  pauseTimer: null,
  sweepTimer: null,
  summary: null,
  summaryTimer: null, // the score sheet on the table, if open
  queueTimer: null,
  waitUntil: 0,
};

// --- the socket -------------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${root.dataset.socket}`);
  live.socket = socket;
  setConnection(t("connecting"));
  socket.onopen = () => {
    live.retries = 0;
    setConnection(t("live"));
  };
  socket.onmessage = (message) => onMessage(JSON.parse(message.data));
  socket.onclose = (event) => {
    live.socket = null;
    if (event.code === 4403 || event.code === 4404 || live.closedForGood) {
      setConnection(event.code === 4404 ? t("no_such_match") : event.code === 4403 ? t("not_your_seat") : "");
      return;
    }
    // Back off: 0.5 s, 1 s, 2 s … up to 10 s, with jitter; the state message resumes us.
    const delay = Math.min(10000, 500 * 2 ** live.retries) * (0.75 + Math.random() / 2);
    live.retries += 1;
    setConnection(t("reconnecting", { s: Math.round(delay / 1000) }));
    setTimeout(connect, delay);
  };
}

function send(body) {
  if (!live.socket || live.socket.readyState !== WebSocket.OPEN) {
    showError(t("not_connected"));
    return false;
  }
  live.socket.send(JSON.stringify(body));
  return true;
}

// A Buraco addition keeps the words for the wild it put in or moved, read from the state that
// came with it (cards.js addedWild), for the move list, the middle and screen readers.
function nameWild(m, match) {
  const wild = addedWild(match, m);
  return wild ? { ...m, wild } : m;
}

function setConnection(text) {
  $("connection").textContent = text ? `· ${text}` : "";
}

function keepSnap(match) {
  if (!match || mySeat !== null) return;
  live.snaps.set(match.version, match);
  // Keep what the queue may still need, and a little more.
  for (const v of live.snaps.keys()) if (v < Math.min(shown.version, live.version) - 2) live.snaps.delete(v);
}

function onMessage(msg) {
  if (msg.type === "state") {
    live.moves.clear();
    for (const m of msg.moves) live.moves.set(m.turn, nameWild(m, msg.match));
    live.version = msg.version;
    live.match = msg.match;
    live.pending = false;
    keepSnap(msg.match);
    if (shown.match === null || mySeat !== null) showNow(live.match, { quiet: shown.match === null });
    else pump();
    renderLog(true);
    fetchNotes();
  } else if (msg.type === "event") {
    const moves = msg.moves || [];
    if (moves.length && moves[0].turn > live.version) {
      // A gap: we missed an event. Ask for the whole state again.
      send({ action: "sync" });
      return;
    }
    for (const m of moves) live.moves.set(m.turn, nameWild(m, msg.match));
    live.version = Math.max(live.version, msg.version);
    const wasMyTurn = myTurn();
    if (msg.match && (!live.match || msg.match.version >= live.match.version)) {
      live.match = msg.match;
      live.pending = false;
    }
    // Sound (off unless chosen, preferences.js): a tick for others' cards, two notes for my turn.
    if (mySeat !== null && moves.some((m) => m.seat !== mySeat)) tone("card");
    if (!wasMyTurn && myTurn()) tone("turn");
    keepSnap(msg.match);
    if (mySeat !== null) {
      announcePlays(moves);
      showNow(live.match);
    } else pump();
    renderLog(false);
    renderBehind();
    if (moves.length) fetchNotes();
  } else if (msg.type === "phrase") {
    showPhrase(msg);
  } else if (msg.type === "chat") {
    showChat(msg);
  } else if (msg.type === "reply") {
    showError("");
  } else if (msg.type === "explain") {
    explaining = false;
    // The server found the move legal after all (the page's match missed it): play it.
    if (msg.legal && myTurn()) sendMove(msg.move);
    else showError(msg.legal ? t("move_is_legal") : msg.detail || genericRefusal(lastAsked));
  } else if (msg.type === "error") {
    live.pending = false;
    if (explaining && msg.action !== "move") {
      // A server without "explain": say what we know.
      explaining = false;
      showError(genericRefusal(lastAsked));
      return;
    }
    if (msg.error === "turn_not_open") send({ action: "sync" });
    showError(errorText(msg));
    renderControls();
  }
}

// Screen readers hear each other seat's move as it comes (a live region of its own, so the
// trick's and the score sheet's announcements do not cut them off).
function announcePlays(moves) {
  const region = $("plays");
  const match = live.match;
  if (!region || !match) return;
  const lines = moves.filter((m) => m.seat !== mySeat).map((m) => `${seatName(match, m.seat)} ${moveText(m.move, { wild: live.moves.get(m.turn)?.wild })}`);
  if (lines.length) region.textContent = lines.join(". ");
}

// An error from the socket in the page's words: a refused move's reason comes translated from the
// server (its reader's language); the other errors' details are the API's English, so the page
// says them with its own texts (games/_table_texts.html, keys error_<code>).
function errorText(msg) {
  if (msg.error === "illegal_move" && msg.detail) return msg.detail;
  return has(`error_${msg.error}`) ? t(`error_${msg.error}`) : t("error_other");
}

// --- what the table shows ---------------------------------------------------------------------

// The last finished trick a view knows of: this deal's, or the last deal's last one.
function finishedTrick(view) {
  if (!view) return null;
  if (view.tricks && view.tricks.length) return { key: `${view.deal}:${view.tricks.length}`, trick: view.tricks.at(-1) };
  const last = view.last_deal;
  if (last && last.tricks && last.tricks.length) return { key: `${last.deal}:${last.tricks.length}`, trick: last.tricks.at(-1) };
  return null;
}

function dealKey(view) {
  if (!view || !view.last_deal) return null;
  if (isBusca) return String(view.last_deal.deal);
  return `${view.deal}|${view.step === "over"}|${JSON.stringify(view.last_deal)}`;
}

// Show ``match`` now; start a trick pause or a score sheet when it finished one.
function showNow(match, { quiet = false } = {}) {
  shown.match = match;
  shown.version = match.version;
  const view = match.view;
  if (view) {
    const done = isBusca ? finishedTrick(view) : null;
    if (done && done.key !== shown.trickKey) {
      if (!quiet && shown.trickKey !== null) {
        if (shown.summary && mySeat !== null) shown.summary = null;
        startPause(done.trick, false);
      }
      shown.trickKey = done.key;
    } else if (!done) shown.trickKey = "";
    const key = dealKey(view) ?? "";
    if (key !== shown.dealKey) {
      if (!quiet && shown.dealKey !== null && key) {
        shown.summary = view.last_deal;
        // At one's own seat the next deal goes on: the sheet steps aside after a while
        // (the Score sheet button brings it back).
        clearTimeout(shown.summaryTimer);
        if (mySeat !== null && match.status === "running") {
          const sheet = view.last_deal;
          shown.summaryTimer = setTimeout(() => {
            if (shown.summary === sheet) closeSummary();
          }, PACE.trick + PACE.summary + 2000);
        }
      }
      shown.dealKey = key;
    }
  }
  $("open-summary").hidden = !(view && view.last_deal);
  renderAll();
}

function startPause(trick, last) {
  clearTimeout(shown.pauseTimer);
  shown.pause = { trick, last };
  // Screen readers hear who took the trick (the table itself is redrawn, not announced).
  if (!last && shown.match) $("announce").textContent = t("trick_taken", { name: seatName(shown.match, trick.winner), points: tn("points", trick.points) });
  shown.pauseTimer = setTimeout(() => {
    shown.pause = null;
    renderTable();
  }, PACE.trick);
  // The cards sweep to the taker in the pause's last half second (not with reduced motion).
  clearTimeout(shown.sweepTimer);
  if (last) return;
  shown.sweepTimer = setTimeout(() => {
    if (!reducedMotion.matches) document.querySelector("[data-role=trick].paused .trick-spots")?.classList.add("sweeping");
  }, PACE.trick - SWEEP);
}

function renderAll() {
  const match = shown.match;
  if (!match) return;
  $("status").textContent =
    match.status === "running" ? t("status_running", { turn: match.turn }) : match.status === "aborted" ? t("status_aborted") : t("status_finished");
  renderTable();
  renderControls();
  renderNotice();
  renderBanner();
  renderBehind();
  if (match.status !== "running") showReplay();
}

function renderTable() {
  const match = shown.match;
  const table = $("table");
  if (!match || !match.view) {
    table.replaceChildren(el("p", { class: "muted" }, t("sealed")));
    return;
  }
  const behind = mySeat === null && shown.version < live.version;
  const parts = [
    isBusca
      ? renderBusca(match, { mySeat, pause: shown.pause, live: !behind })
      : renderBuraco(match, { mySeat, ui: buracoUi, live: !behind, lastMove: lastMoveText(match) }),
  ];
  if (shown.summary && !(shown.pause && !shown.pause.last)) {
    parts.push(summaryEl(match, shown.summary));
    const title = parts.at(-1).querySelector("caption")?.textContent || "";
    if ($("announce").textContent !== title) $("announce").textContent = title;
  }
  table.replaceChildren(...parts);
  if (mySeat !== null) renderHand();
  fitTable();
}

// One screen: the felt must end above the dock. Where it would not, it turns compact (melds as
// runs that open on a tap), then tight (fewer facts, smaller cards), then snug (smaller text
// and hand faces); a resize starts over.
const FITS = ["compact", "tight", "snug"];
function fitTable() {
  const felt = $("table").querySelector(".felt");
  if (!felt) return;
  felt.classList.remove(...FITS);
  const dock = document.querySelector(".dock");
  const room = () => window.innerHeight - (dock ? dock.offsetHeight : 0);
  const bottom = () => $("table").getBoundingClientRect().bottom + window.scrollY;
  for (const cls of FITS) {
    if (bottom() <= room()) return;
    felt.classList.add(cls);
  }
}

// The move that led to the state shown, in words (Buraco's middle shows it).
function lastMoveText(match) {
  const m = live.moves.get(match.version - 1);
  return m ? movedText(match, m.seat, m.move, mySeat, m.wild) : "";
}

function renderHand() {
  const box = $("hand-box");
  const match = shown.match;
  if (!box || !match.view) return;
  const v = match.view;
  if (!v.hand || match.status !== "running") {
    box.replaceChildren();
    return;
  }
  const focused = document.activeElement?.closest?.("#hand-box [data-card]")?.dataset.card;
  const title = isBusca && v.laid ? t("your_hand_laid", { card: cardText(v.laid) }) : t("your_hand");
  const hand = isBusca
    ? buscaHand(match, mySeat, { myTurn: myTurn(), onPlay: sendMove, onRefused: showError })
    : buracoUi.handEl(v.hand);
  box.replaceChildren(el("h2", { class: "hand-title visually-hidden" }, title), hand);
  fitHand(hand, box.clientWidth);
  if (focused) box.querySelector(`[data-card="${focused}"]`)?.focus();
}

// A hand too long for one row of 44 px strips (WCAG 2.5.5) goes into balanced rows that
// overlap (table.css, .hand.mine.rows): as few rows as fit, the cards shared out evenly (11 as
// 6 and 5, never one card alone), each row's last card whole.
function fitHand(hand, width) {
  const cards = [...hand.querySelectorAll(":scope > .card")];
  if (!cards.length || !width) return;
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const strip = 2.75 * rem;
  const face = 3.3 * rem;
  const fits = Math.max(1, Math.floor((width - face) / strip) + 1);
  if (cards.length <= fits) return;
  const rows = Math.ceil(cards.length / fits);
  const perRow = Math.ceil(cards.length / rows);
  hand.classList.add("rows");
  hand.style.setProperty("--per-row", String(perRow));
  cards.forEach((card, i) => card.classList.toggle("row-end", i % perRow === perRow - 1 || i === cards.length - 1));
}

// The score sheet of a finished deal.
function summaryEl(match, last) {
  const v = match.view;
  const sheet = el("section", { class: "deal-summary", "data-role": "deal-summary", role: "dialog", "aria-labelledby": "summary-title" });
  const close = el("button", { type: "button", class: "secondary", onclick: () => closeSummary() }, t("continue"));
  if (isBusca) {
    const table = el("table", { class: "sheet" });
    table.append(el("caption", { id: "summary-title" }, t("summary_busca", { deal: last.deal })));
    table.append(el("tr", {}, el("th", { scope: "col" }, t("col_player")), el("th", { scope: "col" }, t("col_points")), el("th", { scope: "col" }, t("col_buscas")), el("th", { scope: "col" }, t("col_total"))));
    const out = new Set(last.out || []);
    for (let n = 0; n < v.seats; n++) {
      if (!last.seats.includes(n)) continue;
      table.append(
        el(
          "tr",
          { class: out.has(n) ? "went-out" : "" },
          el("th", { scope: "row" }, seatName(match, n), out.has(n) ? el("span", { class: "flag" }, ` ${t("goes_out")}`) : null),
          el("td", {}, num(last.points[n] ?? "—")),
          el("td", {}, last.buscas[n] ? `+${last.buscas[n]}` : "0"),
          el("td", {}, num(v.totals[n])),
        ),
      );
    }
    sheet.append(table);
    const notes = [t("last_trick_by", { name: seatName(match, last.last_trick_winner) })];
    if (last.laid) notes.push(t("laid_was", { card: cardText(last.laid) }));
    if (last.out && last.out.length) notes.push(t("went_out", { names: last.out.map((n) => seatName(match, n)).join(", ") }));
    sheet.append(el("p", {}, notes.join(" · ")));
  } else {
    const table = el("table", { class: "sheet" });
    table.append(el("caption", { id: "summary-title" }, v.step === "over" ? t("summary_buraco_last") : t("summary_buraco", { deal: Math.max(1, v.deal - 1) })));
    const head = el("tr", {}, el("th", { scope: "col" }, ""));
    v.sides.forEach((members) => head.append(el("th", { scope: "col" }, members.map((n) => seatName(match, n)).join(" & "))));
    table.append(head);
    const rows = [["melded", "row_melds"], ["canastas", "row_canastas"], ["hand", "row_hand"], ["muerto", "row_muerto"], ["close", "row_close"], ["total", "row_deal"]];
    for (const [field, key] of rows) {
      const row = el("tr", {}, el("th", { scope: "row" }, t(key)));
      last.scores.forEach((s) => row.append(el("td", {}, num(s[field]))));
      table.append(row);
    }
    const totals = el("tr", { class: "totals" }, el("th", { scope: "row" }, t("row_totals")));
    v.totals.forEach((n) => totals.append(el("td", {}, num(n))));
    table.append(totals);
    sheet.append(table);
    sheet.append(el("p", {}, last.closer === null || last.closer === undefined ? t("nobody_closed") : t("closed_by", { names: v.sides[last.closer].map((n) => seatName(match, n)).join(" & ") })));
  }
  sheet.append(close);
  return sheet;
}

function closeSummary() {
  shown.summary = null;
  renderTable();
  if (mySeat === null) {
    shown.waitUntil = 0;
    pump();
  }
}

function logEntry(m) {
  const seat = (live.match.seats || [])[m.seat];
  const by = m.by === "timeout" ? ` ${t("by_timeout")}` : m.by === "house" && seat && seat.kind !== "house" ? ` ${t("by_house")}` : "";
  const note = notes.byTurn.get(m.turn);
  return el("li", { value: m.turn, "data-turn": m.turn }, `${movedText(live.match, m.seat, m.move, mySeat, m.wild)}${by}`, note ? noteEl(note) : null);
}

// --- the owner's notes ------------------------------------------------------------------------
// A signed-in owner of a bot at this table sees its notes beside its moves as they arrive
// (docs/bots.md, "Notes"); nobody else's page asks. One read at a time; a move that comes
// during a read asks again once it is done.
const notes = { url: root.dataset.notes || "", byTurn: new Map(), from: 0, busy: false, again: false };

function noteEl(note) {
  const numbers = [];
  if (note.eval !== null && note.eval !== undefined) numbers.push(t("note_eval", { value: note.eval }));
  if (note.confidence !== null && note.confidence !== undefined) numbers.push(t("note_confidence", { value: note.confidence }));
  return el(
    "p",
    { class: "move-note", "data-note-turn": note.turn },
    el("span", { class: "note-label" }, `${t("note_label")} `),
    note.text,
    numbers.length ? el("span", { class: "note-numbers" }, ` (${numbers.join(", ")})`) : null,
  );
}

async function fetchNotes() {
  if (!notes.url) return;
  if (notes.busy) {
    notes.again = true;
    return;
  }
  notes.busy = true;
  try {
    for (let more = true; more; ) {
      const reply = await fetch(`${notes.url}?from=${notes.from}`, { credentials: "same-origin" });
      if (!reply.ok) break;
      const body = await reply.json();
      for (const note of body.notes) {
        notes.byTurn.set(note.turn, note);
        notes.from = Math.max(notes.from, note.turn + 1);
        const entry = document.querySelector(`#log li[data-turn="${note.turn}"]`);
        if (entry && !entry.querySelector(".move-note")) entry.append(noteEl(note));
      }
      more = body.more;
    }
  } catch {
    // Offline for a moment: the next move asks again.
  } finally {
    notes.busy = false;
    if (notes.again) {
      notes.again = false;
      setTimeout(fetchNotes, 250);
    }
  }
}

// The move list follows the table: a spectator behind live does not see the moves to come.
function renderLog(full) {
  const log = $("log");
  const upto = mySeat === null ? shown.version : live.version;
  const turns = [...live.moves.keys()].filter((turn) => turn < upto).sort((a, b) => a - b);
  if (full) log.replaceChildren(...turns.map((turn) => logEntry(live.moves.get(turn))));
  else {
    const have = new Set([...log.children].map((li) => Number(li.dataset.turn)));
    for (const turn of turns) if (!have.has(turn)) log.append(logEntry(live.moves.get(turn)));
  }
  log.parentElement.scrollTop = log.parentElement.scrollHeight;
}

function myTurn() {
  const m = live.match;
  return mySeat !== null && m && m.status === "running" && m.to_move === mySeat && (m.legal_moves || []).length > 0;
}

function renderNotice() {
  const notice = $("notice");
  const m = shown.match;
  let text = "";
  if (m.status === "running" && myTurn()) text = t("your_turn");
  else if (m.status === "running" && m.to_move !== null && m.to_move !== undefined) text = t("someone_to_move", { name: seatName(m, m.to_move) });
  if (notice.textContent !== text) notice.textContent = text;
  notice.classList.toggle("your-turn", myTurn());
  document.title = myTurn() ? `● ${t("your_turn_short")} · ${baseTitle}` : baseTitle;
}

// The result banner: the places by name, once the match is over (a resignation too).
function renderBanner() {
  const banner = $("result-banner");
  const m = shown.match;
  if (m.status === "running") {
    banner.hidden = true;
    return;
  }
  const result = m.result || (m.view && m.view.result);
  const parts = [el("h2", {}, m.status === "aborted" ? t("match_aborted") : t("match_over"))];
  if (result && result.places) {
    const order = result.places.map((place, n) => ({ place, n })).sort((a, b) => a.place - b.place);
    parts.push(el("ol", { class: "places" }, order.map(({ place, n }) => el("li", { "data-place": place }, t("place_line", { place, name: seatName(m, n) })))));
    if (result.reason === "resignation") {
      const names = (result.forfeited || []).map((n) => seatName(m, n)).join(", ");
      parts.push(el("p", {}, t("resigned_by", { names })));
    }
  }
  parts.push(el("p", { class: "muted" }, t("replay_below")));
  banner.replaceChildren(...parts);
  banner.hidden = false;
}

let countdownTimer = null;
function tickClocks() {
  for (const clock of document.querySelectorAll("[data-deadline]")) clock.textContent = clockText(clock.dataset.deadline);
  const countdown = $("countdown");
  if (!countdown) return;
  const m = live.match;
  if (!m || m.status !== "running" || m.to_move !== mySeat || !m.deadline) {
    countdown.textContent = "";
    countdown.classList.remove("urgent");
    return;
  }
  const left = Math.max(0, Math.round((Date.parse(m.deadline) - Date.now()) / 1000));
  countdown.textContent = t("you_have", { s: left });
  countdown.classList.toggle("urgent", left <= 10);
}

function renderControls() {
  clearInterval(countdownTimer);
  tickClocks();
  countdownTimer = setInterval(tickClocks, 1000);
  if (mySeat === null) return;
  const m = live.match;
  $("resign").hidden = m.status !== "running";
  if (!isBusca) buracoUi.renderActions();
  else {
    const box = $("actions");
    const text = m.status !== "running" ? "" : myTurn() ? (m.view.step === "lay" ? t("busca_lay_help") : t("busca_help")) : t("wait_turn");
    box.replaceChildren(el("p", { class: "hint" }, text));
  }
}

function showError(text) {
  const box = $("error");
  if (box) box.textContent = text;
}

function sendMove(move) {
  if (!myTurn() || live.pending) return;
  live.pending = true;
  showError("");
  const turn = live.match.turn;
  // With "undo" chosen (preferences.js) the move waits 2 s, and Undo puts the controls back.
  sendSoon(
    () => {
      if (!live.pending || !live.match || live.match.turn !== turn) return;
      if (!send({ action: "move", turn, move })) live.pending = false;
    },
    () => {
      live.pending = false;
      renderControls();
    },
  );
  buracoUi.clear();
}

// --- refusals: why a card or an action may not be used -------------------------------------------

let explaining = false;
let lastAsked = null;

// The page's action names and the refusals' keys (games/consumers.py "refusals").
const REASON_KEYS = { stock: "draw", pile: "take", meld: "meld", add: "add", discard: "discard" };

function actionReason(kind) {
  const reasons = (live.match && live.match.refusals && live.match.refusals.actions) || {};
  return reasons[REASON_KEYS[kind]] || null;
}

function genericRefusal(kind) {
  return actionReason(kind) || t(`refused_${kind || "move"}`);
}

function explain(kind, move) {
  lastAsked = kind;
  if (!myTurn()) {
    showError(t("not_your_turn"));
    return;
  }
  if (!move) {
    showError(genericRefusal(kind));
    return;
  }
  explaining = true;
  if (!send({ action: "explain", move })) explaining = false;
}

// --- a spectator's queue ----------------------------------------------------------------------

// The state at ``version``: a state we were sent, or (Busca) the next one rewound move by move.
function stateAt(version) {
  if (live.snaps.has(version)) return live.snaps.get(version);
  const later = [...live.snaps.keys()].filter((v) => v > version).sort((a, b) => a - b);
  if (!later.length) return live.match;
  const next = live.snaps.get(later[0]);
  if (isBusca) return rewindBusca(next, version) || next;
  return next;
}

function rewindBusca(snap, version) {
  const v = snap.view;
  if (!v) return null;
  const moves = [];
  for (let turn = version; turn < snap.version; turn++) {
    const m = live.moves.get(turn);
    if (!m) return null;
    moves.push(m);
  }
  // The plays of the deal being rewound: this deal's, or the last deal's if the state is past it.
  let deal;
  const current = v.step !== "over" ? [...(v.tricks || []).flatMap((x) => x.cards), ...v.trick.cards] : null;
  const lays = moves.filter((m) => m.move && "lay" in m.move).length;
  const plays = moves.length - lays;
  if (current && plays <= current.length && (lays === 0 || plays === current.length)) {
    deal = { tricks: v.tricks || [], cards: current, seats: v.in_deal, dealer: v.dealer, deal: v.deal, totals: v.totals, out: v.out, last: v.last_deal };
  } else if (v.last_deal && lays <= 1) {
    const last = v.last_deal;
    const cards = last.tricks.flatMap((x) => x.cards);
    const already = current ? current.length : 0;
    if (plays - already > cards.length || plays < already) return null;
    deal = {
      tricks: last.tricks,
      cards,
      seats: last.seats,
      dealer: last.dealer,
      deal: last.deal,
      totals: v.totals.map((total, n) => total - (last.buscas[n] || 0)),
      out: (v.out || []).filter((o) => o.deal !== last.deal),
      last: null,
      removed: plays - already,
      ended: true,
    };
  } else return null;
  const removed = deal.removed ?? plays;
  const keep = deal.cards.length - removed;
  const per = deal.seats.length;
  const whole = Math.floor(keep / per);
  const tricks = deal.tricks.slice(0, whole);
  const trick = deal.cards.slice(whole * per, keep);
  const sizes = Array(v.seats).fill(null);
  for (const n of deal.seats) sizes[n] = deal.ended ? 0 : v.hand_sizes[n] || 0;
  for (const c of deal.cards.slice(keep)) sizes[c.seat] += 1;
  const points = Array(v.seats).fill(null);
  for (const n of deal.seats) points[n] = 0;
  for (const x of tricks) points[x.winner] += x.points;
  const nextPlay = deal.cards[keep];
  const beforeLay = lays > 0 && !deal.ended;
  if (beforeLay) sizes[deal.dealer] += 1;
  const view = {
    ...v,
    step: beforeLay ? "lay" : "play",
    deal: deal.deal,
    dealer: deal.dealer,
    in_deal: deal.seats,
    to_move: beforeLay ? deal.dealer : nextPlay ? nextPlay.seat : null,
    trick: { leader: trick.length ? trick[0].seat : nextPlay?.seat ?? null, cards: trick },
    tricks,
    points,
    totals: deal.totals,
    hand_sizes: sizes,
    out: deal.out,
    last_deal: deal.last,
    result: null,
  };
  return { ...snap, version, turn: version, status: "running", to_move: view.to_move, deadline: null, result: null, view };
}

function pump() {
  if (shown.queueTimer) return;
  step();
}

function step() {
  shown.queueTimer = null;
  const now = Date.now();
  if (shown.summary || shown.pause) {
    const until = shown.summary ? shown.waitUntil : now + 50;
    if (until > now) {
      shown.queueTimer = setTimeout(step, Math.min(until - now, 250));
      renderBehind();
      return;
    }
    if (shown.summary) {
      shown.summary = null;
      renderTable();
    }
  }
  if (shown.version >= live.version) {
    if (shown.match !== live.match && live.match.version >= shown.version) showNow(live.match);
    renderLog(false);
    renderBehind();
    return;
  }
  const next = stateAt(shown.version + 1);
  const hadSummary = shown.summary;
  showNow(next);
  renderLog(false);
  renderBehind();
  let delay = PACE.card;
  if (shown.pause) delay = PACE.trick;
  if (shown.summary && !hadSummary) {
    shown.waitUntil = Date.now() + PACE.trick + PACE.summary;
    delay = 250;
  }
  shown.queueTimer = setTimeout(step, delay);
}

function jumpToLive() {
  clearTimeout(shown.queueTimer);
  shown.queueTimer = null;
  clearTimeout(shown.pauseTimer);
  shown.pause = null;
  shown.summary = null;
  showNow(live.match, { quiet: true });
  renderLog(true);
}

function renderBehind() {
  if (mySeat !== null) return;
  const behind = Math.max(0, live.version - shown.version);
  $("behind").textContent = behind ? tn("behind", behind) : live.match && live.match.status === "running" ? t("watching_live") : "";
  $("jump-live").hidden = behind === 0;
  $("watch").classList.toggle("lagging", behind > 0);
}

// --- Buraco: select cards, then choose draw / meld / add / discard ----------------------------

function counts(cards) {
  const c = new Map();
  for (const x of cards) c.set(x, (c.get(x) || 0) + 1);
  return c;
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const ca = counts(a);
  for (const [k, n] of counts(b)) if (ca.get(k) !== n) return false;
  return true;
}

function withoutOne(cards, card) {
  const out = [...cards];
  const i = out.indexOf(card);
  if (i >= 0) out.splice(i, 1);
  return out;
}

// The action buttons' icons (a short label goes with each): draw, take the pile, meld, add, discard.
const ACTION_ICONS = { stock: "↓", pile: "⇊", meld: "▦", add: "+", discard: "↗" };

const buracoUi = {
  selected: [], // indexes into the hand
  meld: null, // the chosen meld for an add
  choices: null, // candidate moves to choose from
  get canPickMeld() {
    return myTurn();
  },
  clear() {
    this.selected = [];
    this.meld = null;
    this.choices = null;
  },
  selection() {
    const hand = live.match.view.hand || [];
    return this.selected.map((i) => hand[i]);
  },
  pickMeld(number) {
    this.meld = this.meld === number ? null : number;
    this.choices = null;
    renderTable();
    renderControls();
    // The pick button, or on a compact table the meld's run, keeps the focus.
    const meld = document.querySelector(`.side.mine [data-meld="${number}"]`);
    [...(meld?.querySelectorAll(".meld-pick, .meld-run") || [])].find((b) => b.offsetParent !== null)?.focus();
  },
  toggle(i) {
    const at = this.selected.indexOf(i);
    if (at >= 0) this.selected.splice(at, 1);
    else this.selected.push(i);
    this.choices = null;
    renderHand();
    renderControls();
    document.querySelector(`#hand-box [data-index="${i}"]`)?.focus();
  },
  // Cards in some legal move besides a discard are highlighted.
  playable() {
    const set = new Set();
    for (const m of live.match.legal_moves || []) {
      for (const c of m.meld || m.cards || []) set.add(c);
    }
    return set;
  },
  handEl(hand) {
    const playable = myTurn() ? this.playable() : new Set();
    const refusals = (live.match.refusals && live.match.refusals.cards) || {};
    const box = el("div", { class: "hand mine", "data-role": "hand", "data-hand-seat": mySeat, role: "group", "aria-label": t("your_hand_select") });
    hand.forEach((c, i) => {
      const reason = myTurn() ? refusals[c] || null : null;
      const node = cardEl(c, {
        button: true,
        pressed: this.selected.includes(i),
        // Not dimmed: a card that may not be discarded may still go into a meld.
        cls: `${playable.has(c) ? "legal" : ""}${this.selected.includes(i) ? " selected" : ""}`,
        disabled: !myTurn(),
        reason,
        onclick: () => (myTurn() ? this.toggle(i) : showError(t("not_your_turn"))),
      });
      node.dataset.index = i;
      box.append(node);
    });
    return box;
  },
  candidates() {
    const legal = live.match.legal_moves || [];
    const sel = this.selection();
    const top = live.match.view.pile.top;
    const pile = legal.filter((m) => m.draw === "pile" && sameCards(withoutOne(m.meld || m.cards, top), sel) && (this.meld === null || m.meld || m.add === this.meld));
    return {
      stock: legal.filter((m) => m.draw === "stock"),
      pile,
      meld: legal.filter((m) => !("draw" in m) && m.meld && sameCards(m.meld, sel)),
      add: legal.filter((m) => !("draw" in m) && "add" in m && sameCards(m.cards, sel) && (this.meld === null || m.add === this.meld)),
      discard: legal.filter((m) => "discard" in m && sel.length === 1 && m.discard === sel[0]),
    };
  },
  // The move the selection means, for "explain" when no legal move matches it.
  built(kind) {
    const sel = this.selection();
    const top = live.match.view.pile.top;
    const meld = this.meld ?? 0;
    if (kind === "stock") return { draw: "stock" };
    if (kind === "pile") {
      if (!top || !sel.length) return null;
      return this.meld === null ? { draw: "pile", meld: [...sel, top] } : { draw: "pile", add: meld, cards: [...sel, top], end: "high" };
    }
    if (!sel.length) return null;
    if (kind === "meld") return { meld: sel };
    if (kind === "add") return (live.match.view.melds[mySeat % 2] || []).length ? { add: meld, cards: sel, end: "high" } : null;
    if (kind === "discard") return sel.length === 1 ? { discard: sel[0] } : null;
    return null;
  },
  act(kind) {
    const found = this.candidates()[kind];
    if (found.length === 1) sendMove(found[0]);
    else if (found.length > 1) {
      this.choices = found;
      this.renderActions();
      $("actions").querySelector(".choices button")?.focus();
    } else explain(kind, this.built(kind));
  },
  // The meld a move makes: a new meld's run, or the chosen meld after the addition (the wild
  // moved where the move says), with its number for an addition; null if it cannot be read.
  madeMeld(m) {
    if (m.meld) {
      const run = readRun(m.meld);
      return run ? { made: runMeld(run), number: null } : null;
    }
    const meld = (live.match.view.melds[mySeat % 2] || []).find((x) => x.number === m.add);
    const run = meld && readRun(meld.cards);
    const after = run && addToRun(run, m.cards, m.end);
    return after ? { made: runMeld(after), number: m.add } : null;
  },
  // A choice among moves: the meld it makes, drawn with its wild at its place, and in words
  // ("New meld: 2♥ as the 8♣, at the top").
  choiceEl(m) {
    const found = this.madeMeld(m);
    if (!found) return el("button", { type: "button", class: "choice", "data-move": JSON.stringify(m), onclick: () => sendMove(m) }, moveText(m, { you: true }));
    const { made, number } = found;
    const where = number === null ? t("choice_new_meld") : t("choice_add", { n: number + 1, end: t(m.end === "low" ? "end_low" : "end_high") });
    let wild = t("no_wild");
    if (made.wild) {
      const { at } = made.wild;
      const place = at === 0 ? "wild_at_low" : at === made.cards.length - 1 ? "wild_at_high" : "wild_inside";
      wild = `${t("wild_as", { wild: cardText(made.cards[at]), card: cardText(made.wild.for) })}, ${t(place)}`;
    }
    return el(
      "button",
      { type: "button", class: "choice", "data-move": JSON.stringify(m), title: moveText(m, { you: true }), onclick: () => sendMove(m) },
      el("span", { class: "choice-meld", "aria-hidden": "true" }, meldCardsEl(made, "meld-cards mini", false)),
      el("span", { class: "choice-words" }, `${where}: ${wild}`),
    );
  },
  // Arrow keys move between the choices (Tab and Enter work as ever).
  choiceKey(event) {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in keys)) return;
    const all = [...event.currentTarget.querySelectorAll("button.choice")];
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    all[(at + keys[event.key] + all.length) % all.length].focus();
  },
  renderActions() {
    const box = $("actions");
    if (!box || !live.match) return;
    if (!myTurn()) {
      box.replaceChildren(el("p", { class: "hint" }, live.match.status === "running" ? t("wait_turn") : ""));
      return;
    }
    const c = this.candidates();
    const step = live.match.view.step;
    const button = (kind, label) => {
      const off = c[kind].length === 0 || live.pending;
      return el(
        "button",
        {
          type: "button",
          "data-action": kind,
          "aria-disabled": off ? "true" : null,
          class: `icon-button${off ? " refused" : ""}`,
          title: off ? genericRefusal(kind) : label,
          onclick: () => this.act(kind),
        },
        el("span", { class: "icon", "aria-hidden": "true" }, ACTION_ICONS[kind]),
        el("span", { class: "label" }, label),
      );
    };
    const sel = this.selection();
    const help = step === "draw" ? t("buraco_draw_help") : t("buraco_play_help");
    const parts = [
      el("p", { class: "hint help-line" }, help),
      el("p", { class: `selection${sel.length || this.meld !== null ? "" : " empty"}` }, sel.length ? t("selected", { cards: sel.map(cardText).join(" ") }) : t("nothing_selected"), this.meld !== null ? ` · ${t("meld_chosen", { n: this.meld + 1 })}` : ""),
    ];
    if (step === "draw") parts.push(el("div", { class: "action-row" }, button("stock", t("act_stock")), button("pile", t("act_pile"))));
    else parts.push(el("div", { class: "action-row" }, button("meld", t("act_meld")), button("add", t("act_add")), button("discard", t("act_discard"))));
    if (sel.length || this.meld !== null) {
      parts.push(el("button", { type: "button", class: "secondary clear-selection", onclick: () => { this.clear(); renderTable(); renderControls(); } }, t("clear_selection")));
    }
    if (this.choices) {
      parts.push(
        el(
          "div",
          { class: "choices", role: "group", "aria-label": t("choose_one") },
          el("p", {}, t("several_fit")),
          el("div", { class: "choice-list", onkeydown: (event) => this.choiceKey(event) }, this.choices.map((m) => this.choiceEl(m))),
        ),
      );
    }
    box.replaceChildren(...parts);
  },
};

// --- replay -----------------------------------------------------------------------------------

const replay = { data: null, at: 0, timer: null, loading: false };

async function showReplay() {
  const section = $("replay");
  if (!section.hidden || replay.loading) return;
  replay.loading = true;
  const reply = await fetch(root.dataset.replay);
  if (!reply.ok) {
    replay.loading = false;
    return;
  }
  replay.data = await reply.json();
  section.hidden = false;
  const frames = replay.data.frames;
  const range = $("replay-step");
  range.max = frames.length - 1;
  range.addEventListener("input", () => replayTo(Number(range.value)));
  const deal = $("replay-deal");
  deal.replaceChildren(...replay.data.deals.map((d) => el("option", { value: d.frame }, t("deal_n", { n: d.deal }))));
  deal.addEventListener("change", () => replayTo(Number(deal.value)));
  section.querySelectorAll("[data-replay]").forEach((b) => b.addEventListener("click", () => replayAction(b.dataset.replay, b)));
  replayTo(0);
}

function replayAction(action, button) {
  const last = replay.data.frames.length - 1;
  if (action === "first") replayTo(0);
  else if (action === "last") replayTo(last);
  else if (action === "back") replayTo(Math.max(0, replay.at - 1));
  else if (action === "next") replayTo(Math.min(last, replay.at + 1));
  else if (action === "play") {
    if (replay.timer) {
      clearInterval(replay.timer);
      replay.timer = null;
      button.textContent = `▶ ${t("play")}`;
    } else {
      button.textContent = `⏸ ${t("pause")}`;
      replay.timer = setInterval(() => {
        if (replay.at >= last) replayAction("play", button);
        else replayTo(replay.at + 1);
      }, PACE.card);
    }
  }
}

function replayTo(i) {
  replay.at = i;
  const frame = replay.data.frames[i];
  const match = { ...live.match, status: "running", deadline: null, view: frame.view, legal_moves: [] };
  $("replay-step").value = i;
  const deal = $("replay-deal");
  const option = [...deal.options].reverse().find((o) => Number(o.value) <= i);
  if (option) deal.value = option.value;
  const last = frame.last ? `${seatName(live.match, frame.last.seat)} ${moveText(frame.last.move)}` : t("the_deal");
  $("replay-where").textContent = t("replay_where", { i, n: replay.data.frames.length - 1, last });
  $("replay-table").replaceChildren(
    isBusca ? renderBusca(match, { hands: frame.hands, live: false }) : renderBuraco(match, { hands: frame.hands, live: false }),
  );
}

// --- the "?" panel and the first-visit hint --------------------------------------------------

function setupHelp() {
  const panel = $("help");
  let opener = null;
  const close = () => {
    panel.hidden = true;
    opener?.focus();
  };
  $("help-open").addEventListener("click", () => {
    opener = document.activeElement;
    panel.hidden = false;
    $("help-close").focus();
  });
  $("help-close").addEventListener("click", close);
  // The rules pages' short version (/rules/<game>/short/), when the site has it, replaces the
  // panel's own lines: one text for the rules pages and the table.
  const rules = $("help-rules");
  fetch(rules.dataset.short, { headers: { Accept: "text/html" } })
    .then((reply) => (reply.ok ? reply.text() : null))
    .then((html) => {
      if (!html) return;
      const fragment = new DOMParser().parseFromString(html, "text/html").querySelector(".rules-short");
      if (fragment) rules.replaceChildren(document.importNode(fragment, true));
    })
    .catch(() => {});
  panel.addEventListener("click", (event) => {
    if (event.target === panel) close();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !panel.hidden) close();
  });
  const hint = $("first-hint");
  const key = "table-hint-seen";
  let seen = false;
  try {
    seen = localStorage.getItem(key) === "1";
  } catch {
    seen = false;
  }
  // Shown on a first visit only, and marked seen at once: from then on its lines wait behind
  // "?" (the panel repeats them), never taking the screen again.
  if (!seen && mySeat !== null) {
    hint.hidden = false;
    try {
      localStorage.setItem(key, "1");
    } catch {
      // a browser without storage shows the hint on each visit, until it is closed
    }
  }
  $("first-hint-close").addEventListener("click", () => {
    hint.hidden = true;
    fitTable();
  });
}

// Arrow keys move over the hand (←/→ a card, Home/End the first/last), Tab still walks it.
function setupHandKeys() {
  const KEYS = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 };
  $("hand-box")?.addEventListener("keydown", (event) => {
    const cards = [...$("hand-box").querySelectorAll("button.card")];
    const at = cards.indexOf(document.activeElement);
    if (at < 0 || !(event.key in KEYS || event.key === "Home" || event.key === "End")) return;
    const to = event.key === "Home" ? 0 : event.key === "End" ? cards.length - 1 : Math.min(cards.length - 1, Math.max(0, at + KEYS[event.key]));
    event.preventDefault();
    cards[to].focus();
  });
}

function setupTools() {
  $("last-trick")?.addEventListener("click", () => {
    const done = finishedTrick(shown.match?.view);
    if (!done) {
      showError(t("no_trick_yet"));
      return;
    }
    startPause(done.trick, true);
    clearTimeout(shown.pauseTimer);
    shown.pauseTimer = setTimeout(() => {
      shown.pause = null;
      renderTable();
    }, PACE.trick * 2);
    renderTable();
  });
  $("open-summary").addEventListener("click", () => {
    const last = shown.match?.view?.last_deal;
    if (!last) return;
    shown.summary = last;
    shown.waitUntil = Date.now() + PACE.summary;
    renderTable();
    document.querySelector("[data-role=deal-summary] button")?.focus();
  });
  $("jump-live")?.addEventListener("click", jumpToLive);
  // The dock is fixed at the bottom on a phone: leave room for it under the page.
  const dock = document.querySelector(".dock");
  if (dock && "ResizeObserver" in window) {
    new ResizeObserver(() => {
      document.body.style.setProperty("--dock-height", `${dock.offsetHeight}px`);
      fitTable();
    }).observe(dock);
  }
  window.addEventListener("resize", () => {
    const hand = document.querySelector("#hand-box .hand.mine");
    if (hand) {
      hand.classList.remove("rows");
      fitHand(hand, $("hand-box").clientWidth);
    }
    fitTable();
  });
}

// --- start ------------------------------------------------------------------------------------

if (reducedMotion.matches) root.classList.add("reduced-motion");
if (mySeat !== null) {
  $("resign").addEventListener("click", () => {
    if (confirm(t("resign_confirm"))) send({ action: "resign" });
  });
}
setupHelp();
setupTools();
setupPreferences();
setupHandKeys();
// Quick phrases, and chat where the event allows it (games/static/games/phrases.js).
setupPhrases({ mySeat, send, names: (n) => seatName(live.match || {}, n), chat: root.dataset.chat === "on" });
const initialScript = document.getElementById("initial-state");
const initial = JSON.parse(initialScript.textContent);
initialScript.remove(); // the page then holds only what the table shows now
onMessage(initial);
connect();
window.__match = live; // for tests and curious players
window.__shown = shown;
window.__notes = notes;
