// People talking at the table (games/phrases.py, games/services/chat.py). A person at a seat
// picks one of a fixed set of quick phrases from the 💬 menu, or, where the event turned chat
// on, writes a line. Every page of the match shows it in a bubble over the speaker's seat, in
// the "Table talk" list and to screen readers; a phrase in the reader's own language (only its
// code travels). Each reader may mute a seat (kept on this device) and report a chat line.
// The words come from games/_phrase_texts.html.
const WORDS = {};
for (const item of document.querySelectorAll("#phrase-texts [data-t]")) WORDS[item.dataset.t] = item.textContent.trim();
const PHRASES = ["hello", "gg", "wp", "thanks", "oops"];
const SHOW_MS = 4000;
const MUTED_KEY = "cardtables.muted";

function word(key, params = {}) {
  let text = WORDS[key] ?? key;
  for (const [name, value] of Object.entries(params)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

function node(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "onclick") el.addEventListener("click", value);
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) el.append(child);
  return el;
}

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

function setMuted(names) {
  try {
    localStorage.setItem(MUTED_KEY, JSON.stringify([...names].slice(-200)));
  } catch {
    // Storage is off: the mute lasts as long as the page.
  }
  memory = names;
}

let memory = muted();
let nameOf = (seat) => String(seat);

let sendBody = () => false;

// The "Table talk" list: the latest lines and phrases, under the move list.
function talkLog() {
  let list = document.getElementById("talk-log");
  if (list) return list;
  const home = document.querySelector(".move-log") || document.getElementById("match");
  if (!home) return null;
  list = node("ol", { id: "talk-log", class: "talk-log" });
  home.append(node("details", { id: "talk-box", class: "talk-box", open: "" }, node("summary", {}, word("talk")), list));
  return list;
}

// ``send(body)`` sends over the table's socket; ``names(seat)`` is a seat's name for people;
// ``chat``: the event allows free-text chat here.
export function setupPhrases({ mySeat, send, names, chat = false }) {
  nameOf = names;
  sendBody = send;
  const anchor = document.getElementById("help-open");
  if (mySeat === null || !anchor) return;
  const menu = node("div", { id: "phrase-menu", class: "phrase-menu", role: "menu", hidden: "" });
  const button = node(
    "button",
    { type: "button", id: "phrase-open", class: "help-open phrase-open", "aria-haspopup": "menu", "aria-expanded": "false", "aria-controls": "phrase-menu", title: word("open") },
    node("span", { "aria-hidden": "true" }, "💬"),
    node("span", { class: "visually-hidden" }, word("open")),
  );
  const close = () => {
    menu.hidden = true;
    button.setAttribute("aria-expanded", "false");
  };
  for (const code of PHRASES) {
    menu.append(
      node("button", { type: "button", role: "menuitem", "data-phrase": code, onclick: () => {
        send({ action: "say", phrase: code });
        close();
        button.focus();
      } }, word(code)),
    );
  }
  if (chat) {
    const input = node("input", { type: "text", id: "chat-text", maxlength: "200", autocomplete: "off", "aria-label": word("write") , placeholder: word("write") });
    const form = node("form", { class: "chat-form" }, input, node("button", { type: "submit" }, word("send")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      if (send({ action: "chat", text })) {
        input.value = "";
        close();
        button.focus();
      }
    });
    menu.append(form);
  }
  button.addEventListener("click", () => {
    menu.hidden = !menu.hidden;
    button.setAttribute("aria-expanded", String(!menu.hidden));
    if (!menu.hidden) menu.querySelector("button")?.focus();
  });
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      close();
      button.focus();
    }
  });
  // The menu opens under its button, never over it.
  anchor.before(node("span", { class: "phrase-anchor" }, button, menu));
}

// A phrase from the socket: a bubble on the seat, a line in the talk list and for screen readers.
export function showPhrase(msg) {
  if (!PHRASES.includes(msg.phrase)) return;
  say(msg, word(msg.phrase), null);
}

// A chat line from the socket: as a phrase, with a button to report it.
export function showChat(msg) {
  const report = node("button", { type: "button", class: "talk-report", "aria-label": word("report"), title: word("report"), onclick: () => {
    if (sendBody({ action: "report", id: msg.id })) {
      report.disabled = true;
      report.textContent = word("reported");
    }
  } }, "⚑");
  say(msg, msg.text, report);
}

function say(msg, text, extra) {
  const name = nameOf(msg.seat);
  if (memory.has(name)) return;
  const list = talkLog();
  if (list) {
    list.append(node("li", { "data-seat": msg.seat }, node("strong", {}, `${name}: `), text, extra ? " " : null, extra));
    while (list.children.length > 30) list.firstElementChild.remove();
  }
  const announce = document.getElementById("announce");
  if (announce) announce.textContent = word("said", { name, phrase: text });
  // The table is redrawn at every move: the bubble floats above it, over the seat's place.
  const seat = document.querySelector(`#table .seat[data-seat="${msg.seat}"]`);
  if (!seat) return;
  let layer = document.getElementById("phrase-layer");
  if (!layer) {
    layer = node("div", { id: "phrase-layer", class: "phrase-layer" });
    document.body.append(layer);
  }
  layer.querySelector(`[data-seat="${msg.seat}"]`)?.remove();
  const box = seat.getBoundingClientRect();
  const bubble = node(
    "p",
    { class: "phrase-bubble", "data-phrase": msg.phrase || "", "data-seat": msg.seat },
    node("span", {}, text),
    node("button", { type: "button", class: "phrase-mute", "aria-label": word("mute", { name }), title: word("mute", { name }), onclick: () => {
      setMuted(new Set([...memory, name]));
      bubble.remove();
    } }, "🔇"),
  );
  bubble.style.left = `${Math.max(4, box.left + window.scrollX)}px`;
  bubble.style.top = `${Math.max(4, box.top + window.scrollY - 6)}px`;
  layer.append(bubble);
  setTimeout(() => bubble.remove(), SHOW_MS);
}

window.__phrases = { muted: () => [...memory] };
