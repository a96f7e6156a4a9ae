// People's words for the table, read from the page (games/_table_texts.html, and the replay
// viewer's games/_replay_texts.html), so that the template's translation covers them.
// t("key", {name: "Bea"}) fills in {name}.
const TEXTS = {};
for (const node of document.querySelectorAll("#table-texts, #replay-texts")) {
  for (const item of node.querySelectorAll("[data-t]")) TEXTS[item.dataset.t] = item.textContent.trim();
}

export function has(key) {
  return key in TEXTS;
}

export function t(key, params = {}) {
  let text = TEXTS[key] ?? key;
  for (const [name, value] of Object.entries(params)) text = text.split(`{${name}}`).join(String(value));
  return text;
}

// Singular or plural: the template holds key_one and key_other.
export function tn(key, count, params = {}) {
  return t(count === 1 ? `${key}_one` : `${key}_other`, { n: count, ...params });
}

// A number as the page's language writes it, grouping always on ("3,120", "3.120"): the same
// digits as the server's pages (core/numbers.py, CLDR through Babel). Text passes unchanged.
const NUMBERS = new Intl.NumberFormat(document.documentElement.lang || undefined, { useGrouping: "always", maximumFractionDigits: 2 });
export function num(value) {
  return typeof value === "number" ? NUMBERS.format(value) : String(value);
}
