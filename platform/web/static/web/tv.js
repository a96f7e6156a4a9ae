// TV (docs/web.md, "TV"): every few seconds ask the server which match is featured
// (`current.json?showing=<the match shown>`; the server keeps it while it runs). When the match
// shown has ended, say so, wait a moment on its result, then load the TV page again: the server
// picks the next featured match (or says that nothing is live). A TV page with no match loads
// the first one that starts. The words shown come from the template's data-* attributes.
const tv = document.getElementById("tv");

if (tv) {
  const shown = tv.dataset.match ? Number(tv.dataset.match) : null;
  const poll = Number(tv.dataset.pollMs) || 3000;
  const wait = Number(tv.dataset.switchMs) || 0;
  const notice = document.getElementById("tv-notice");
  const state = { shown, polls: 0, next: undefined, switching: false };
  window.__tv = state; // read by the browser tests

  const moveOn = (next, delay, text) => {
    state.switching = true;
    state.next = next;
    if (notice && text) notice.textContent = text;
    window.setTimeout(() => {
      window.location.assign(tv.dataset.tvUrl + window.location.search);
    }, delay);
  };

  const check = async () => {
    if (state.switching) return;
    state.polls += 1;
    try {
      const url = new URL(tv.dataset.tvCurrent, window.location.href);
      if (shown !== null) url.searchParams.set("showing", String(shown));
      const reply = await fetch(url, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (reply.ok) {
        const body = await reply.json();
        if (body.match !== shown) {
          if (shown === null) moveOn(body.match, 0, tv.dataset.textFound);
          else moveOn(body.match, wait, tv.dataset.textEnded);
        }
      }
    } catch (error) {
      // Offline for a moment: ask again at the next tick.
    }
    if (!state.switching) window.setTimeout(check, poll);
  };

  window.setTimeout(check, poll);
}
