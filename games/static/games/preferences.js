// The table's own settings, kept on this device (localStorage), set in the "?" panel:
// - sound: short tones, off by default: two notes when your turn comes, a tick for others' cards;
// - undo: a move waits 2 s before it is sent, with an Undo button (off by default).
// Drawn by this module into #help (its words: games/_preference_texts.html). No sound file:
// the tones are made with the Web Audio API.
const KEY = "cardtables.table";
const UNDO_MS = 2000;
const WORDS = {};
for (const item of document.querySelectorAll("#preference-texts [data-t]")) WORDS[item.dataset.t] = item.textContent.trim();
const word = (key) => WORDS[key] ?? key;

function load() {
  try {
    return { sound: false, undo: false, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { sound: false, undo: false };
  }
}

export const prefs = load();

function save() {
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // Storage is off: the choice lasts as long as the page.
  }
}

function box(name) {
  const input = document.createElement("input");
  input.type = "checkbox";
  input.id = `pref-${name}`;
  input.checked = Boolean(prefs[name]);
  input.addEventListener("change", () => {
    prefs[name] = input.checked;
    save();
    if (name === "sound" && input.checked) tone("turn");
  });
  const label = document.createElement("label");
  label.htmlFor = input.id;
  label.textContent = word(name);
  const row = document.createElement("p");
  row.className = "pref-row";
  row.append(input, " ", label);
  return row;
}

// The settings' fieldset in the "?" panel, before its Close button.
export function setupPreferences() {
  const close = document.getElementById("help-close");
  if (!close) return;
  const set = document.createElement("fieldset");
  set.className = "table-prefs";
  const legend = document.createElement("legend");
  legend.textContent = word("legend");
  set.append(legend, box("sound"), box("undo"));
  close.before(set);
}

let audio = null;

// A short tone: "turn" (two rising notes) or "card" (a soft tick). Only when sound is on.
export function tone(kind) {
  if (!prefs.sound) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const notes = kind === "turn" ? [660, 880] : [420];
    notes.forEach((hz, i) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const at = audio.currentTime + i * 0.12;
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(kind === "turn" ? 0.15 : 0.06, at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.1);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + 0.11);
    });
    window.__tones = (window.__tones || 0) + 1; // for tests
  } catch {
    // No audio on this device: silence.
  }
}

let waiting = null;

// Send ``go()`` now, or, with undo on, after UNDO_MS unless the person presses Undo
// (``undone()`` then puts the controls back). Returns true while a move waits.
export function sendSoon(go, undone) {
  if (!prefs.undo) {
    go();
    return false;
  }
  cancelWaiting();
  const bar = document.createElement("p");
  bar.id = "undo-bar";
  bar.className = "undo-bar";
  bar.setAttribute("role", "status");
  const button = document.createElement("button");
  button.type = "button";
  button.id = "undo-move";
  button.textContent = word("undo_button");
  bar.append(word("sending"), " ", button);
  const home = document.getElementById("controls") || document.body;
  home.prepend(bar);
  const timer = setTimeout(() => {
    bar.remove();
    waiting = null;
    go();
  }, UNDO_MS);
  waiting = { timer, bar };
  button.addEventListener("click", () => {
    cancelWaiting();
    undone();
  });
  button.focus();
  return true;
}

export function cancelWaiting() {
  if (!waiting) return;
  clearTimeout(waiting.timer);
  waiting.bar.remove();
  waiting = null;
}
