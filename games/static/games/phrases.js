// Quick phrases at the table (games/phrases.py): a person at a seat picks one of a fixed set
// from the 💬 menu; every page of the match shows it in its reader's own language, in a bubble
// on the speaker's seat and to screen readers. Each reader may mute a seat (kept on this
// device). Only the phrase's code travels; the words come from games/_phrase_texts.html.
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

// ``send(body)`` sends over the table's socket; ``names(seat)`` is a seat's name for people.
export function setupPhrases({ mySeat, send, names }) {
  nameOf = names;
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
  anchor.before(button, menu);
}

// A phrase from the socket: a bubble on the seat and a line for screen readers.
export function showPhrase(msg) {
  const name = nameOf(msg.seat);
  if (memory.has(name) || !PHRASES.includes(msg.phrase)) return;
  const text = word(msg.phrase);
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
    { class: "phrase-bubble", "data-phrase": msg.phrase, "data-seat": msg.seat, role: "status" },
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
