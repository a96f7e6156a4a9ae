// The replay viewer: /matches/<id>/replay/ on the site, and `python -m games.arena view FILE`
// on an author's machine; one file for both (docs/bots.md, "Replays"). It reads the replay
// document (games/replay_format.py) from the root's data-json and shows one step at a time:
// the table (every hand, or one seat's), the move with its timings and note, two charts, and
// the arena command that reopens the position.
import { el, moveText, renderBuraco, renderBusca, seatName } from "./cards.js";
import { t } from "./texts.js";

const root = document.getElementById("match");
const isBusca = root.dataset.game === "busca";
const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const KEYS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
const lang = document.documentElement.lang || undefined;
const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });

// What the page shows (tests read window.__replay).
const viewer = { doc: null, seats: [], at: 0, seat: null, charts: [] };
window.__replay = viewer;

// --- words ------------------------------------------------------------------------------------

function who(n) {
  return seatName({ seats: viewer.seats }, n);
}

function duration(ms) {
  if (ms === null || ms === undefined) return "";
  if (Math.abs(ms) < 10) return t("r_ms", { n: number.format(Math.round(ms * 100) / 100) }); // the arena's
  if (Math.abs(ms) < 10000) return t("r_ms", { n: number.format(Math.round(ms)) });
  return t("r_seconds", { n: number.format(Math.round(ms / 100) / 10) });
}

function clock(iso) {
  if (!iso) return "";
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return when.toLocaleTimeString(lang, { hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 3 });
}

function byText(by) {
  if (by === "timeout") return t("by_timeout");
  if (by === "house") return t("by_house");
  if (by === "fallback") return t("r_by_fallback");
  return "";
}

function moveLine(last) {
  return [who(last.seat), moveText(last.move), byText(last.by)].filter(Boolean).join(" ");
}

function timingParts(timing) {
  if (!timing) return [];
  return [
    timing.think_ms !== null && timing.think_ms !== undefined ? t("r_think", { time: duration(timing.think_ms) }) : null,
    timing.delivered_at ? t("r_delivered", { time: clock(timing.delivered_at) }) : null,
    timing.arrived_at ? t("r_arrived", { time: clock(timing.arrived_at) }) : null,
    timing.transit_ms !== null && timing.transit_ms !== undefined ? t("r_transit", { time: duration(timing.transit_ms) }) : null,
    timing.bank_ms !== null && timing.bank_ms !== undefined ? t("r_bank", { time: duration(timing.bank_ms) }) : null,
  ].filter(Boolean);
}

function noteNumbers(note) {
  return [
    typeof note.eval === "number" ? t("r_eval", { value: number.format(note.eval) }) : null,
    typeof note.confidence === "number" ? t("r_confidence", { value: number.format(note.confidence) }) : null,
  ].filter(Boolean);
}

// --- the steps --------------------------------------------------------------------------------

const lastStep = () => viewer.doc.frames.length - 1;

function step(action) {
  const moves = { first: 0, back: viewer.at - 1, forward: viewer.at + 1, last: lastStep() };
  go(moves[action]);
}

function go(i) {
  const n = lastStep();
  const at = Math.max(0, Math.min(n, Math.round(Number(i)) || 0));
  viewer.at = at;
  const frame = viewer.doc.frames[at];
  $("replay-range").value = at;
  $("replay-range").setAttribute("aria-valuetext", where(frame, at));
  if (document.activeElement !== $("replay-turn")) $("replay-turn").value = at;
  const deal = $("replay-deal");
  const option = [...deal.options].reverse().find((o) => Number(o.value) <= at);
  if (option) deal.value = option.value;
  $("replay-where").textContent = where(frame, at);
  drawTable(frame);
  drawMove(frame, at);
  markList(at);
  for (const chart of viewer.charts) chart.cursor(at);
  drawCommand(frame, at);
  for (const button of root.querySelectorAll("[data-step]")) {
    const edge = button.dataset.step === "first" || button.dataset.step === "back" ? at === 0 : at === n;
    button.setAttribute("aria-disabled", String(edge));
  }
  const seat = viewer.seat === null ? "" : `&seat=${viewer.seat}`;
  history.replaceState(null, "", `#move=${at}${seat}`);
}

function where(frame, at) {
  const n = lastStep();
  if (!frame.last) return t("r_where_start", { n });
  return t("r_where", { i: at, n, who: who(frame.last.seat), move: moveText(frame.last.move) });
}

function shownHands(frame) {
  if (viewer.seat === null) return frame.hands;
  return frame.hands.map((hand, n) => (n === viewer.seat ? hand : null));
}

function drawTable(frame) {
  const match = { seats: viewer.seats, status: "running", deadline: null, view: frame.view };
  // The seat seen from is marked "(cards shown)", never "(you)": the viewer may be anyone.
  const options = { mySeat: viewer.seat, hands: shownHands(frame), live: false, mark: t("r_seen_mark") };
  $("replay-table").replaceChildren(isBusca ? renderBusca(match, options) : renderBuraco(match, options));
}

function drawMove(frame, at) {
  const parts = [];
  const last = frame.last;
  if (!last) parts.push(el("p", {}, t("r_no_move")));
  else {
    parts.push(el("p", { class: "replay-move-line" }, moveLine(last)));
    parts.push(el("p", { class: "muted" }, t("r_log_turn", { turn: last.turn })));
    parts.push(el("p", {}, t("r_notation"), " ", el("code", { class: "notation" }, JSON.stringify(last.move))));
    const timing = timingParts(last.timing);
    parts.push(
      timing.length
        ? el("ul", { class: "replay-timing", "data-role": "timing" }, timing.map((line) => el("li", {}, line)))
        : el("p", { class: "muted" }, t("r_no_timing")),
    );
    if (last.note) {
      parts.push(
        el(
          "div",
          { class: "replay-note", "data-role": "note" },
          el("p", { class: "replay-note-title" }, t("r_note"), " ", noteNumbers(last.note).join(", ")),
          last.note.text ? el("blockquote", {}, last.note.text) : null,
        ),
      );
    }
  }
  const toMove = frame.view.to_move;
  parts.push(el("p", { class: "replay-next" }, typeof toMove === "number" ? t("someone_to_move", { name: who(toMove) }) : t("game_over")));
  if (at === lastStep()) parts.push(resultEl());
  $("replay-move").replaceChildren(...parts.filter(Boolean));
}

function resultEl() {
  const result = viewer.doc.result || {};
  const places = result.places || [];
  if (!places.length) return null;
  const scores = result.scores || [];
  const order = places.map((place, n) => ({ place, n })).sort((a, b) => a.place - b.place);
  return el(
    "div",
    { class: "replay-result" },
    el("p", {}, t("r_result")),
    el("ul", { class: "places" }, order.map(({ place, n }) => el("li", {}, t("r_score_line", { place, name: who(n), score: scores[n] ?? "" })))),
  );
}

function drawCommand(frame, at) {
  const toMove = frame.view.to_move;
  const code = $("replay-command");
  if (typeof toMove !== "number") {
    $("replay-command-what").textContent = t("r_command_over");
    code.textContent = "";
    code.parentElement.hidden = true;
    return;
  }
  const seat = viewer.seat ?? toMove;
  $("replay-command-what").textContent = t("r_command_for", { seat, name: who(seat), i: at });
  code.textContent = `${root.dataset.command} --seat ${seat} --from-turn ${at} --bot mybot.py`;
  code.parentElement.hidden = false;
}

// --- the move list ----------------------------------------------------------------------------

function buildList() {
  const items = viewer.doc.frames.slice(1).map((frame, k) => {
    const last = frame.last;
    const think = last.timing?.think_ms;
    const facts = [think !== null && think !== undefined ? t("r_think", { time: duration(think) }) : null];
    if (last.note) facts.push(...noteNumbers(last.note));
    const note = last.note?.text ? el("span", { class: "replay-list-note", title: last.note.text }, last.note.text.slice(0, 140)) : null;
    return el(
      "li",
      { "data-step": k + 1, "data-seat": last.seat },
      el(
        "button",
        { type: "button", onclick: () => go(k + 1) },
        el("span", { class: "replay-list-move" }, moveLine(last)),
        facts.filter(Boolean).length ? el("span", { class: "replay-list-facts" }, facts.filter(Boolean).join(" · ")) : null,
        note,
      ),
    );
  });
  $("replay-moves").replaceChildren(...items);
}

function markList(at) {
  const list = $("replay-moves");
  list.querySelector("[aria-current]")?.removeAttribute("aria-current");
  const item = list.querySelector(`li[data-step="${at}"]`);
  if (!item) return;
  item.setAttribute("aria-current", "step");
  // Keep the current move in view inside the list (its offset parent), not scrolling the page.
  const top = item.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = Math.max(0, top - list.clientHeight / 2);
  }
}

// --- the charts (inline SVG) ------------------------------------------------------------------

// Drawn at the box's own width, so that its words keep the page's size on a phone too.
const PAD = { left: 64, right: 12, top: 12, bottom: 30 };

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value !== null && value !== undefined) node.setAttribute(key, String(value));
  for (const child of children) if (child) node.append(child);
  return node;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

// Each seat's points: [{step, turn, value}] from the moves that carry the measure.
function seriesOf(measure) {
  const bySeat = new Map();
  viewer.doc.frames.slice(1).forEach((frame, k) => {
    const value = measure(frame.last);
    if (typeof value !== "number" || !Number.isFinite(value)) return;
    const seat = frame.last.seat;
    if (!bySeat.has(seat)) bySeat.set(seat, []);
    bySeat.get(seat).push({ step: k + 1, turn: frame.last.turn, value });
  });
  return [...bySeat.entries()].sort((a, b) => a[0] - b[0]).map(([seat, points]) => ({ seat, points }));
}

function chart(box, series, { id, format, summary, empty, fromZero }) {
  if (!series.length) {
    box.replaceChildren(el("p", { class: "muted chart-empty" }, empty));
    return null;
  }
  const W = Math.min(960, Math.max(300, Math.round(box.clientWidth) || 640));
  const H = W < 480 ? 180 : 220;
  const n = Math.max(1, lastStep());
  const values = series.flatMap((s) => s.points.map((p) => p.value));
  let low = fromZero ? Math.min(0, ...values) : Math.min(...values);
  let high = Math.max(...values);
  if (high === low) {
    high += 1;
    if (!fromZero) low -= 1;
  }
  const x = (stepAt) => PAD.left + ((W - PAD.left - PAD.right) * stepAt) / n;
  const y = (value) => PAD.top + ((H - PAD.top - PAD.bottom) * (high - value)) / (high - low);
  const desc = svg("desc", { id: `${id}-desc` });
  desc.textContent = series.map(summary).join(" ");
  const plot = svg("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "chart-svg",
    role: "img",
    "aria-labelledby": `${id}-title ${id}-desc`,
    "data-chart": id,
  });
  plot.append(desc);
  plot.append(svg("line", { class: "axis", x1: PAD.left, x2: W - PAD.right, y1: y(low), y2: y(low) }));
  plot.append(svg("line", { class: "axis", x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }));
  if (low < 0 && high > 0) plot.append(svg("line", { class: "zero", x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0) }));
  const label = (text, attrs) => {
    const node = svg("text", { class: "tick", ...attrs });
    node.textContent = text;
    return node;
  };
  plot.append(label(format(high), { x: PAD.left - 6, y: PAD.top + 10, "text-anchor": "end" }));
  plot.append(label(format(low), { x: PAD.left - 6, y: H - PAD.bottom, "text-anchor": "end" }));
  plot.append(label(`${t("r_axis_move")} 0`, { x: PAD.left, y: H - 8, "text-anchor": "start" }));
  plot.append(label(String(n), { x: W - PAD.right, y: H - 8, "text-anchor": "end" }));
  series.forEach((s, k) => {
    const group = svg("g", { class: `series series-${k}`, "data-seat": s.seat });
    group.append(svg("polyline", { class: "line", points: s.points.map((p) => `${x(p.step).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ") }));
    for (const p of s.points) {
      const title = svg("title");
      title.textContent = t("r_point", { name: who(s.seat), i: p.step, value: format(p.value) });
      group.append(svg("circle", { class: "point", cx: x(p.step).toFixed(1), cy: y(p.value).toFixed(1), r: 3, "data-seat": s.seat, "data-step": p.step, "data-turn": p.turn }, title));
    }
    plot.append(group);
  });
  const cursor = svg("line", { class: "cursor", y1: PAD.top, y2: H - PAD.bottom, x1: x(0), x2: x(0) });
  plot.append(cursor);
  plot.addEventListener("click", (event) => {
    const point = event.target.closest?.("circle[data-step]");
    if (point) go(Number(point.dataset.step));
  });
  const legend = el(
    "ul",
    { class: "chart-legend" },
    series.map((s, k) =>
      el("li", { "data-seat": s.seat }, legendMark(k), ` ${who(s.seat)}`),
    ),
  );
  box.replaceChildren(plot, legend);
  return {
    cursor(at) {
      cursor.setAttribute("x1", x(at));
      cursor.setAttribute("x2", x(at));
    },
  };
}

function legendMark(k) {
  const mark = svg("svg", { class: `legend-mark series series-${k}`, viewBox: "0 0 24 8", "aria-hidden": "true", focusable: "false" });
  mark.append(svg("line", { class: "line", x1: 0, x2: 24, y1: 4, y2: 4 }));
  return mark;
}

function buildCharts() {
  const think = seriesOf((last) => last.timing?.think_ms);
  const evals = seriesOf((last) => last.note?.eval);
  const ms = (value) => duration(value);
  viewer.charts = [
    chart($("chart-think"), think, {
      id: "chart-think",
      format: ms,
      fromZero: true,
      empty: t("r_no_think"),
      summary: (s) => {
        const values = s.points.map((p) => p.value);
        return t("r_think_summary", { name: who(s.seat), count: values.length, median: ms(median(values)), longest: ms(Math.max(...values)) });
      },
    }),
    chart($("chart-eval"), evals, {
      id: "chart-eval",
      format: (value) => number.format(value),
      fromZero: false,
      empty: t("r_no_eval"),
      summary: (s) => {
        const values = s.points.map((p) => p.value);
        return t("r_eval_summary", { name: who(s.seat), count: values.length, low: number.format(Math.min(...values)), high: number.format(Math.max(...values)) });
      },
    }),
  ].filter(Boolean);
}

// --- start ------------------------------------------------------------------------------------

function setup() {
  const doc = viewer.doc;
  const count = doc.frames[0].hands.length;
  viewer.seats = Array.from({ length: count }, (_, n) => doc.seats?.[n] ?? { seat: n, kind: "bot", name: t("r_seat_n", { n }) });
  const n = lastStep();
  for (const id of ["replay-range", "replay-turn"]) $(id).max = n;
  $("replay-range").addEventListener("input", (event) => go(event.target.value));
  const turn = $("replay-turn");
  const jump = () => {
    if (turn.value !== "" && !Number.isNaN(Number(turn.value))) go(turn.value);
  };
  turn.addEventListener("input", jump);
  turn.addEventListener("change", () => {
    jump();
    turn.value = viewer.at;
  });
  for (const button of root.querySelectorAll("[data-step]")) button.addEventListener("click", () => step(button.dataset.step));
  const seats = $("replay-seat");
  for (let s = 0; s < count; s++) seats.append(el("option", { value: s }, t("r_seat_view", { name: who(s) })));
  seats.addEventListener("change", () => {
    viewer.seat = seats.value === "" ? null : Number(seats.value);
    go(viewer.at);
  });
  const deal = $("replay-deal");
  deal.replaceChildren(...doc.deals.map((d) => el("option", { value: d.frame }, t("deal_n", { n: d.deal }))));
  deal.addEventListener("change", () => go(deal.value));
  deal.closest("label").hidden = doc.deals.length < 2;
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest("input, select, textarea")) return;
    const action = KEYS[event.key];
    if (!action) return;
    event.preventDefault();
    step(action);
  });
  buildList();
  buildCharts();
  const status = $("replay-status");
  status.textContent = doc.truncated ? t("r_truncated", { n }) : "";
  status.hidden = !doc.truncated;
  // A link may name a move and a seat: #move=12&seat=1.
  const wanted = new URLSearchParams(location.hash.slice(1));
  const seat = Number(wanted.get("seat"));
  if (wanted.has("seat") && Number.isInteger(seat) && seat >= 0 && seat < count) {
    viewer.seat = seat;
    seats.value = String(seat);
  }
  go(wanted.has("move") ? wanted.get("move") : 0);
  root.dataset.ready = "true";
}

async function load() {
  try {
    const reply = await fetch(root.dataset.json, { headers: { Accept: "application/json" } });
    if (!reply.ok) throw new Error(`HTTP ${reply.status}`);
    viewer.doc = await reply.json();
  } catch {
    $("replay-status").textContent = t("r_load_failed");
    return;
  }
  setup();
}

load();
