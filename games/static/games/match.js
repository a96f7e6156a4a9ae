// The live match page: a socket that keeps the table current, the seat's controls, the replay.
// Protocol: docs/web.md. Every message carries the match's version (its turn number).
import { cardEl, cardText, el, moveText, renderBuraco, renderBusca } from "./cards.js";

const root = document.getElementById("match");
const mySeat = root.dataset.seat === "" ? null : Number(root.dataset.seat);
const isBusca = root.dataset.game === "busca";
const baseTitle = document.title;
const $ = (id) => document.getElementById(id);

const live = {
  version: -1, // the turn number the move log has reached
  match: null, // the newest state: match_public() as this socket's reader sees it
  moves: new Map(), // turn -> public log entry
  socket: null,
  retries: 0,
  closedForGood: false,
  pending: false,
};

// --- the socket -------------------------------------------------------------------------------

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${root.dataset.socket}`);
  live.socket = socket;
  setConnection("connecting…");
  socket.onopen = () => {
    live.retries = 0;
    setConnection("live");
  };
  socket.onmessage = (message) => onMessage(JSON.parse(message.data));
  socket.onclose = (event) => {
    live.socket = null;
    if (event.code === 4403 || event.code === 4404 || live.closedForGood) {
      setConnection(event.code === 4404 ? "no such match" : event.code === 4403 ? "not your seat" : "");
      return;
    }
    // Back off: 0.5 s, 1 s, 2 s … up to 10 s, with jitter; the state message resumes us.
    const delay = Math.min(10000, 500 * 2 ** live.retries) * (0.75 + Math.random() / 2);
    live.retries += 1;
    setConnection(`reconnecting in ${Math.round(delay / 1000)} s…`);
    setTimeout(connect, delay);
  };
}

function send(body) {
  if (!live.socket || live.socket.readyState !== WebSocket.OPEN) {
    showError("Not connected; reconnecting. Try again in a moment.");
    return false;
  }
  live.socket.send(JSON.stringify(body));
  return true;
}

function setConnection(text) {
  $("connection").textContent = text ? `· ${text}` : "";
}

function onMessage(msg) {
  if (msg.type === "state") {
    live.moves.clear();
    for (const m of msg.moves) live.moves.set(m.turn, m);
    live.version = msg.version;
    live.match = msg.match;
    live.pending = false;
    renderAll(true);
  } else if (msg.type === "event") {
    const moves = msg.moves || [];
    if (moves.length && moves[0].turn > live.version) {
      // A gap: we missed an event. Ask for the whole state again.
      send({ action: "sync" });
      return;
    }
    for (const m of moves) live.moves.set(m.turn, m);
    live.version = Math.max(live.version, msg.version);
    if (msg.match && (!live.match || msg.match.version >= live.match.version)) {
      live.match = msg.match;
      live.pending = false;
    }
    renderAll(false);
  } else if (msg.type === "reply") {
    showError("");
  } else if (msg.type === "error") {
    live.pending = false;
    if (msg.error === "turn_not_open") send({ action: "sync" });
    showError(`${msg.error}: ${msg.detail}`);
    renderControls();
  }
}

// --- rendering --------------------------------------------------------------------------------

function renderAll(fullLog) {
  const match = live.match;
  if (!match) return;
  $("status").textContent = match.status === "running" ? `running · turn ${match.turn}` : match.status;
  renderLog(fullLog);
  renderTable();
  renderControls();
  renderNotice();
  if (match.status !== "running") showReplay();
}

function renderTable() {
  const match = live.match;
  const table = $("table");
  table.replaceChildren(
    isBusca
      ? renderBusca(match, { mySeat, controls: { send: sendMove } })
      : renderBuraco(match, { mySeat, ui: buracoUi }),
  );
}

function logEntry(m) {
  const seat = (live.match.seats || [])[m.seat];
  const by = m.by === "timeout" ? " (timed out)" : m.by === "house" && seat && seat.kind !== "house" ? " (house bot)" : "";
  return el("li", { value: m.turn, "data-turn": m.turn }, `seat ${m.seat}${seat ? " " + seat.name : ""} ${moveText(m.move)}${by}`);
}

function renderLog(full) {
  const log = $("log");
  const turns = [...live.moves.keys()].sort((a, b) => a - b);
  if (full) log.replaceChildren(...turns.map((t) => logEntry(live.moves.get(t))));
  else {
    const shown = new Set([...log.children].map((li) => Number(li.dataset.turn)));
    for (const t of turns) if (!shown.has(t)) log.append(logEntry(live.moves.get(t)));
  }
  log.parentElement.scrollTop = log.parentElement.scrollHeight;
}

function myTurn() {
  const m = live.match;
  return mySeat !== null && m && m.status === "running" && m.to_move === mySeat && (m.legal_moves || []).length > 0;
}

function renderNotice() {
  const notice = $("notice");
  const m = live.match;
  let text = "";
  if (m.status !== "running") text = "The match is over. The replay below shows every hand.";
  else if (myTurn()) text = "Your turn: choose a move.";
  if (notice.textContent !== text) notice.textContent = text;
  notice.classList.toggle("your-turn", myTurn());
  document.title = myTurn() ? `● Your turn · ${baseTitle}` : baseTitle;
}

let countdownTimer = null;
function renderControls() {
  if (mySeat === null) return;
  const m = live.match;
  const resign = $("resign");
  resign.disabled = m.status !== "running";
  clearInterval(countdownTimer);
  const countdown = $("countdown");
  const tick = () => {
    if (!m.deadline || m.status !== "running") {
      countdown.textContent = m.status === "running" ? `seat ${m.to_move} to move` : "";
      return;
    }
    const left = Math.max(0, Math.round((Date.parse(m.deadline) - Date.now()) / 1000));
    countdown.textContent = `${m.to_move === mySeat ? "You have" : `Seat ${m.to_move} has`} ${left} s left`;
    countdown.classList.toggle("urgent", m.to_move === mySeat && left <= 10);
  };
  tick();
  countdownTimer = setInterval(tick, 1000);
  if (!isBusca) buracoUi.renderActions();
}

function showError(text) {
  const box = $("error");
  if (box) box.textContent = text;
}

function sendMove(move) {
  if (!myTurn() || live.pending) return;
  live.pending = true;
  showError("");
  if (!send({ action: "move", turn: live.match.turn, move })) live.pending = false;
  buracoUi.clear();
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
    document.querySelector(`.side.mine [data-meld="${number}"] .meld-pick`)?.focus();
  },
  toggle(i) {
    const at = this.selected.indexOf(i);
    if (at >= 0) this.selected.splice(at, 1);
    else this.selected.push(i);
    this.choices = null;
    renderTable();
    renderControls();
    document.querySelector(`.hand.mine [data-index="${i}"]`)?.focus();
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
    const box = el("div", { class: "hand mine", "data-hand-seat": mySeat, "aria-label": "Your hand: select cards" });
    hand.forEach((c, i) => {
      const node = cardEl(c, {
        button: true,
        pressed: this.selected.includes(i),
        cls: `${playable.has(c) ? "legal" : ""}${this.selected.includes(i) ? " selected" : ""}`,
        disabled: !myTurn(),
        onclick: () => myTurn() && this.toggle(i),
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
  act(kind) {
    const found = this.candidates()[kind];
    if (found.length === 1) sendMove(found[0]);
    else if (found.length > 1) {
      this.choices = found;
      this.renderActions();
      $("actions").querySelector(".choices button")?.focus();
    }
  },
  renderActions() {
    const box = $("actions");
    if (!box || !live.match) return;
    if (!myTurn()) {
      box.replaceChildren(el("p", { class: "muted" }, live.match.status === "running" ? "Wait for your turn." : ""));
      return;
    }
    const c = this.candidates();
    const step = live.match.view.step;
    const button = (kind, label, hint) =>
      el("button", { type: "button", "data-action": kind, disabled: c[kind].length === 0 || live.pending, title: hint, onclick: () => this.act(kind) }, label);
    const sel = this.selection();
    const help =
      step === "draw"
        ? "Draw from the stock, or select the hand cards that meld with the pile's top card and take the pile."
        : "Select cards, then meld them, add them to a meld (pick the meld on the table first when there are several), or discard one.";
    const parts = [el("p", { class: "hint" }, help), el("p", { class: "selection" }, sel.length ? `Selected: ${sel.map(cardText).join(" ")}` : "Nothing selected.", this.meld !== null ? ` · meld ${this.meld} chosen` : "")];
    if (step === "draw") parts.push(el("div", { class: "action-row" }, button("stock", "Draw from stock", "take the stock's top card"), button("pile", "Take the pile", "meld or add the pile's top card with your selection")));
    else parts.push(el("div", { class: "action-row" }, button("meld", "Meld", "lay the selected cards as a new meld"), button("add", "Add to meld", "add the selected cards to your side's meld"), button("discard", "Discard", "discard the one selected card and end your turn")));
    if (sel.length || this.meld !== null) parts.push(el("button", { type: "button", class: "secondary", onclick: () => { this.clear(); renderTable(); renderControls(); } }, "Clear selection"));
    if (this.choices) {
      parts.push(
        el(
          "div",
          { class: "choices", role: "group", "aria-label": "Choose one" },
          el("p", {}, "Several moves fit; choose one:"),
          this.choices.map((m) => el("button", { type: "button", onclick: () => sendMove(m) }, moveText(m))),
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
  deal.replaceChildren(...replay.data.deals.map((d) => el("option", { value: d.frame }, `deal ${d.deal}`)));
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
      button.textContent = "▶ Play";
    } else {
      button.textContent = "⏸ Pause";
      replay.timer = setInterval(() => {
        if (replay.at >= last) replayAction("play", button);
        else replayTo(replay.at + 1);
      }, 600);
    }
  }
}

function replayTo(i) {
  replay.at = i;
  const frame = replay.data.frames[i];
  const match = { ...live.match, view: frame.view, legal_moves: [] };
  $("replay-step").value = i;
  const deal = $("replay-deal");
  const option = [...deal.options].reverse().find((o) => Number(o.value) <= i);
  if (option) deal.value = option.value;
  const last = frame.last ? `seat ${frame.last.seat} ${moveText(frame.last.move)}` : "the deal";
  $("replay-where").textContent = `step ${i} of ${replay.data.frames.length - 1}: ${last}`;
  $("replay-table").replaceChildren(
    isBusca ? renderBusca(match, { hands: frame.hands }) : renderBuraco(match, { hands: frame.hands }),
  );
}

// --- start ------------------------------------------------------------------------------------

if (mySeat !== null) {
  $("resign").addEventListener("click", () => {
    if (confirm("Resign this match? The house bot plays your seat from now on.")) send({ action: "resign" });
  });
}
const initialScript = document.getElementById("initial-state");
const initial = JSON.parse(initialScript.textContent);
initialScript.remove(); // the page then holds only what the table shows now
onMessage(initial);
connect();
window.__match = live; // for tests and curious players
