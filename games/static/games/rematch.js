// The Rematch button of a match page: shown once the match is over (match.js keeps the live
// match in window.__match), with "<name> asks for a rematch" when another player asked first.
const form = document.getElementById("rematch-form");
const button = document.getElementById("rematch");
const asked = document.getElementById("rematch-asked");
const ASK_EVERY = 3000;
const ASK_FOR = 10 * 60 * 1000; // stop asking after ten minutes on the page

function over() {
  const status = window.__match?.match?.status;
  return status === "finished";
}

async function askWhoAsked() {
  try {
    const response = await fetch(form.dataset.state, { headers: { Accept: "application/json" } });
    if (!response.ok) return;
    const body = await response.json();
    if (body.asked_by) {
      const text = form.dataset.asked.replace("%(name)s", body.asked_by);
      if (asked.textContent !== text) asked.textContent = text;
      button.textContent = form.dataset.join;
    }
  } catch {
    // The network may drop; the next ask tries again.
  }
}

if (form) {
  const started = Date.now();
  const timer = setInterval(() => {
    if (Date.now() - started > ASK_FOR) {
      clearInterval(timer);
      return;
    }
    if (!over()) return;
    form.hidden = false;
    askWhoAsked();
  }, ASK_EVERY);
  if (!form.hidden) askWhoAsked();
}
