// Live page parts: a tournament's bracket, tables and standings, a leaderboard, a league season.
//
// The part is an element with data-live-socket (its WebSocket path), data-live-fragment (a URL
// that renders just this element) and data-live-version (the version it shows). The socket sends
// {"type": "state", "version"} on connect and {"type": "event", "version", ...} per change
// (docs/web.md). Any event newer than what the page shows re-fetches the fragment and swaps it
// in: the server renders it, so the page never patches rows by hand and a missed event (a gap)
// or a reconnect heals the same way. Elements of the fragment response marked data-live-oob
// replace the page's elements with the same id (a heading's version, a status line).

const STOP_CODES = new Set([4403, 4404]);

function liveState(root) {
  return {
    id: root.id,
    socketPath: root.dataset.liveSocket,
    fragment: root.dataset.liveFragment,
    version: Number(root.dataset.liveVersion || 0),
    retries: 0,
    connects: 0,
    states: 0, // state messages seen: after the first, the socket hears every event
    refreshes: 0,
    fetching: false,
    again: false,
    status: "connecting",
  };
}

// The badge's words come from the JavaScript catalog (/jsi18n/, loaded by base.html first);
// live.status keeps the English key for tests and curious readers.
const gettext = window.gettext || ((text) => text);
const interpolate = window.interpolate || ((text, named) => text.replace(/%\((\w+)\)s/g, (_, k) => named[k]));

function setStatus(live, key, text) {
  live.status = key;
  const badge = document.getElementById(`${live.id}-status`);
  if (badge) badge.textContent = text;
}

async function refresh(live) {
  if (live.fetching) {
    live.again = true; // one more fetch once this one lands: it may predate the newest event
    return;
  }
  live.fetching = true;
  try {
    const reply = await fetch(live.fragment, { headers: { Accept: "text/html" }, cache: "no-store" });
    if (reply.status === 404) {
      setStatus(live, "gone", gettext("gone"));
      return;
    }
    if (!reply.ok) throw new Error(`${reply.status}`);
    const doc = new DOMParser().parseFromString(await reply.text(), "text/html");
    const fresh = doc.getElementById(live.id);
    const current = document.getElementById(live.id);
    if (fresh && current) {
      current.replaceWith(document.importNode(fresh, true));
      live.version = Math.max(live.version, Number(fresh.dataset.liveVersion || 0));
    }
    for (const part of doc.querySelectorAll("[data-live-oob][id]")) {
      const old = document.getElementById(part.id);
      if (old) old.replaceWith(document.importNode(part, true));
    }
    live.refreshes += 1;
  } catch (error) {
    live.again = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    live.fetching = false;
  }
  if (live.again) {
    live.again = false;
    refresh(live);
  }
}

function onMessage(live, msg) {
  if (msg.type === "state") {
    live.states += 1;
    // On a reconnect anything may have happened meanwhile; on the first connect only a
    // change between rendering the page and opening the socket.
    if (msg.version !== live.version || live.connects > 1) refresh(live);
  } else if (msg.type === "event") {
    // The next version or a later one (a gap): either way the fragment is the truth.
    // An event at or below what the page shows is old news (a duplicate, or already fetched).
    if (msg.version > live.version) refresh(live);
  }
}

function connect(live) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${live.socketPath}`);
  setStatus(live, "connecting…", gettext("connecting…"));
  socket.onopen = () => {
    live.retries = 0;
    live.connects += 1;
    setStatus(live, "live", gettext("live"));
  };
  socket.onmessage = (message) => onMessage(live, JSON.parse(message.data));
  socket.onclose = (event) => {
    if (STOP_CODES.has(event.code)) {
      setStatus(live, "not found", gettext("not found"));
      return;
    }
    // Back off: 0.5 s, 1 s, 2 s … up to 10 s, with jitter; the state message resumes us.
    const delay = Math.min(10000, 500 * 2 ** live.retries) * (0.75 + Math.random() / 2);
    live.retries += 1;
    const seconds = Math.round(delay / 1000);
    const words = interpolate(gettext("reconnecting in %(seconds)s s…"), { seconds }, true);
    setStatus(live, `reconnecting in ${seconds} s…`, words);
    setTimeout(() => connect(live), delay);
  };
}

// Tests and curious readers: window.__live[id] holds each part's version and counters.
window.__live = window.__live || {};
for (const root of document.querySelectorAll("[data-live-socket][data-live-fragment][id]")) {
  const live = liveState(root);
  window.__live[live.id] = live;
  connect(live);
}
