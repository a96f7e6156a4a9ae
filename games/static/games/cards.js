// Cards and tables drawn as HTML: one renderer for the live table and for replays.
// Suits are four-coloured AND carry their symbol and letter, so colour is never the only cue.
// Seats sit around a felt: the viewer's own seat at the bottom, the partner opposite.
import { has, t, tn } from "./texts.js";

const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
// Busca's Spanish deck is drawn with Latin suits or French faces (the card_style setting,
// games/card_style.py, rendered into the match page); its suits keep their Spanish-deck names
// either way (coins, cups, swords, clubs). Buraco keeps French cards.
const MATCH = document.getElementById("match");
const SPANISH = MATCH?.dataset.game === "busca";
const LATIN = SPANISH && MATCH.dataset.cardStyle === "latin";
const SPRITE = MATCH?.dataset.suits || "";
const SUIT_KEYS = SPANISH ? { C: "clubs", D: "coins", H: "cups", S: "swords" } : { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const SVG = "http://www.w3.org/2000/svg";
let uid = 0;
const seenPlayed = new Set(); // trick cards already drawn: only new ones are animated

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function rankName(r) {
  return has(`rank_${r}`) ? t(`rank_${r}`) : r;
}

function suitName(suit) {
  return t(SPANISH ? `suit_latin_${suit}` : `suit_${suit}`);
}

export function cardName(card) {
  if (card === "JK") return t("joker");
  return t("card_name", { rank: rankName(card[0]), suit: suitName(card[1]) });
}

// A card in a line of text: "7♥", or with Latin suits (no text symbol) its name.
export function cardText(card) {
  if (!card) return "?";
  if (card === "JK") return t("joker");
  if (LATIN) return cardName(card);
  return `${card[0] === "T" ? "10" : card[0]}${SYMBOLS[card[1]]}`;
}

// A Latin suit drawn from the sprite (games/suits.svg): coins, cups, swords or clubs.
function latinSuit(suit) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "suit-svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `${SPRITE}#latin-${suit}`);
  svg.append(use);
  return svg;
}

// One card: a button when it can be chosen, otherwise a plain element. ``mark: false`` leaves
// out data-card (cards of tricks already taken: the page's hand tests look for data-card).
// ``reason`` (a refused card) dims it, keeps it focusable, and describes it for screen readers.
export function cardEl(card, { button = false, cls = "", pressed, disabled, onclick, reason, wild = false, mark = true } = {}) {
  const joker = card === "JK";
  const suit = joker ? "J" : card[1];
  const rank = joker ? "★" : card[0] === "T" ? "10" : card[0];
  const name = cardName(card) + (wild ? ` (${t("wild")})` : "");
  const face = [
    el("span", { class: "rank", "aria-hidden": "true" }, rank),
    el("span", { class: "suit", "aria-hidden": "true" }, joker ? t("joker") : LATIN ? latinSuit(suit) : SYMBOLS[suit]),
    el("span", { class: "suit-letter", "aria-hidden": "true" }, joker ? "JK" : suit),
    wild ? el("span", { class: "wild-mark", "aria-hidden": "true" }, t("wild_short")) : null,
  ];
  const attrs = {
    class: `card suit-${suit}${LATIN ? " deck-latin" : ""}${wild ? " wild" : ""} ${cls}`.trim(),
    "data-card": mark ? card : null,
    "data-suit": joker ? null : SUIT_KEYS[suit],
    "data-card-style": SPANISH ? (LATIN ? "latin" : "french") : null,
    "aria-label": name,
    title: reason ? `${name}: ${reason}` : name,
  };
  if (!button) return el("span", { ...attrs, role: "img" }, face);
  let why = null;
  if (reason) {
    uid += 1;
    why = el("span", { id: `why-${uid}`, class: "visually-hidden why" }, reason);
    attrs["aria-describedby"] = why.id;
    attrs["data-reason"] = reason;
  }
  return el(
    "button",
    {
      ...attrs,
      type: "button",
      "aria-pressed": pressed === undefined ? null : String(pressed),
      "aria-disabled": disabled ? "true" : null,
      onclick,
    },
    face,
    why,
  );
}

export function backs(count, label, max = 14) {
  const shown = Math.min(count, max);
  const row = el("span", { class: "backs", role: "img", "aria-label": label });
  for (let i = 0; i < shown; i++) row.append(el("span", { class: "card back", "aria-hidden": "true" }));
  return row;
}

const cardsText = (cards) => cards.map(cardText).join(" ");
const endText = (end) => t(end === "low" ? "end_low" : "end_high");

export function moveText(move) {
  if (!move) return "";
  if ("play" in move) return t("move_play", { card: cardText(move.play) });
  if ("lay" in move) return move.lay ? t("move_lay_card", { card: cardText(move.lay) }) : t("move_lay");
  if ("draw" in move) {
    if (move.draw === "stock") return t("move_stock");
    if (move.meld) return t("move_pile_meld", { cards: cardsText(move.meld) });
    return t("move_pile_add", { meld: move.add + 1, end: endText(move.end), cards: cardsText(move.cards) });
  }
  if ("meld" in move) return t("move_meld", { cards: cardsText(move.meld) });
  if ("add" in move) return t("move_add", { meld: move.add + 1, end: endText(move.end), cards: cardsText(move.cards) });
  if ("discard" in move) return t("move_discard", { card: cardText(move.discard) });
  return t("move_other");
}

// A seat's name for people: a house bot by its one name everywhere (games/house_names.py:
// "Greedy house bot"). An event's house entrant keeps its event letter (the seat's ``tag``, as
// in the standings); others are told apart by a letter in seat order when several of one
// style share the table, skipping the letters an event's entrants hold.
export function seatName(match, n) {
  const seats = match.seats || [];
  const seat = seats[n];
  if (!seat) return t("player");
  if (seat.kind !== "house" || !String(seat.name).startsWith("house:")) return seat.name;
  const style = seat.name.slice(6);
  const words = has(`house_${style}`) ? t(`house_${style}`) : style;
  const name = words.charAt(0).toUpperCase() + words.slice(1);
  if (seat.tag) return `${name} ${seat.tag}`;
  const same = seats.filter((s) => s.kind === "house" && s.name === seat.name);
  if (same.length < 2) return name;
  const taken = new Set(same.map((s) => s.tag).filter(Boolean));
  const free = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((letter) => !taken.has(letter));
  return `${name} ${free[same.filter((s) => !s.tag).indexOf(seat)]}`;
}

// Where each seat sits: the viewer (or seat 0) at the bottom; play goes anticlockwise in
// Busca (the next seat on the right) and clockwise in Buraco (the next seat on the left).
export function positions(count, base, busca) {
  const order = {
    2: ["bottom", "top"],
    3: busca ? ["bottom", "right", "left"] : ["bottom", "left", "right"],
    4: busca ? ["bottom", "right", "top", "left"] : ["bottom", "left", "top", "right"],
  }[count] || ["bottom", "right", "top", "left"];
  const at = {};
  for (let n = 0; n < count; n++) at[n] = order[(n - base + count) % count];
  return at;
}

function minutesText(seconds) {
  const left = Math.max(0, Math.round(seconds));
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
}

export function clockText(deadline) {
  if (!deadline) return "";
  return minutesText((Date.parse(deadline) - Date.now()) / 1000);
}

// One seat's box: name, dealer marker, facts, the clock when it is this seat's turn. ``mark``
// follows the name of the seat seen from: "(you)" at the table, the replay's own words.
function seatBox(match, n, { pos, mine, toMove, dealer, facts, extra = null, clock = true, mark = null }) {
  const seat = (match.seats || [])[n];
  const flags = [];
  if (seat?.forfeited) flags.push(el("span", { class: "flag" }, t("forfeited")));
  return el(
    "div",
    {
      class: `seat pos-${pos}${toMove ? " to-move" : ""}${mine ? " mine" : ""}`,
      "data-seat": n,
      role: "group",
      "aria-label": seatName(match, n),
    },
    el(
      "div",
      { class: "seat-name" },
      el("span", { class: "name", title: seatName(match, n) }, seatName(match, n)),
      mine ? el("span", { class: "you" }, ` ${mark || t("you_mark")}`) : null,
      dealer ? el("span", { class: "dealer-chip", title: t("dealer"), "aria-label": t("dealer") }, t("dealer_short")) : null,
      toMove ? el("span", { class: "visually-hidden" }, ` ${t("to_move")}`) : null,
      flags,
    ),
    el("div", { class: "seat-facts" }, facts),
    toMove && clock && match.deadline && match.status === "running"
      ? el("div", { class: "seat-clock", "data-deadline": match.deadline, "aria-label": t("time_left") }, clockText(match.deadline))
      : null,
    // A clocked match (a time bank): what the other seats have left in their banks.
    !toMove && typeof seat?.bank === "number" && match.status === "running"
      ? el("div", { class: "seat-bank", "data-bank": seat.bank }, `${t("time_bank")} ${minutesText(seat.bank)}`)
      : null,
    extra,
  );
}

// --- Busca ------------------------------------------------------------------------------------

// ``pause``: a finished trick shown in the middle instead of the current one, with its taker.
// ``mark``: the words after the name of the seat seen from (null: "(you)"; the replay's own).
export function renderBusca(match, { mySeat = null, hands = null, pause = null, live = true, mark = null } = {}) {
  const v = match.view;
  const outSeats = new Set((v.out || []).map((o) => o.seat));
  const base = mySeat ?? 0;
  const at = positions(v.seats, base, true);
  const over = v.step === "over" || match.status !== "running";
  const felt = el("div", { class: `felt busca seats-${v.seats}` });
  for (let n = 0; n < v.seats; n++) {
    const size = v.hand_sizes[n];
    const facts = [
      el("span", { class: "fact buscas" }, tn("buscas", v.totals[n] ?? 0)),
      outSeats.has(n) ? el("span", { class: "fact" }, t("out")) : null,
      !outSeats.has(n) && v.points[n] !== null && v.points[n] !== undefined ? el("span", { class: "fact" }, tn("points", v.points[n])) : null,
      size !== null && size !== undefined && !over ? el("span", { class: "fact count" }, tn("cards", size)) : null,
    ];
    const hand = hands ? hands[n] : null;
    const extra = hand
      ? el("div", { class: "hand small", "data-hand-seat": n }, hand.map((c) => cardEl(c)))
      : n !== mySeat && size && !over
        ? backs(size, tn("cards_down", size), 6)
        : null;
    const box = seatBox(match, n, {
      pos: at[n],
      mine: n === mySeat,
      toMove: !over && n === v.to_move,
      dealer: !over && n === v.dealer,
      facts,
      extra,
      clock: live,
      mark,
    });
    if (outSeats.has(n)) box.classList.add("out");
    felt.append(box);
  }
  felt.append(trickEl(match, at, pause, over));
  return felt;
}

function trickEl(match, at, pause, over) {
  const v = match.view;
  const box = el("div", { class: `middle trick${pause ? " paused" : ""}`, "data-role": "trick", "aria-label": t("the_trick") });
  const cards = pause ? pause.trick.cards : v.trick.cards;
  const spots = el("div", { class: "trick-spots" });
  for (const c of cards) {
    const key = `${v.deal}:${c.seat}:${c.card}`;
    const fresh = !pause && !seenPlayed.has(key);
    seenPlayed.add(key);
    spots.append(
      el(
        "figure",
        { class: `played at-${at[c.seat]}${fresh ? " fresh" : ""}${pause && c.seat === pause.trick.winner ? " taker" : ""}`, "data-seat": c.seat },
        cardEl(c.card, { mark: false }),
        el("figcaption", {}, seatName(match, c.seat)),
      ),
    );
  }
  box.append(spots);
  let caption;
  if (pause) {
    caption = t(pause.last ? "last_trick_taken" : "trick_taken", {
      name: seatName(match, pause.trick.winner),
      points: tn("points", pause.trick.points),
    });
  } else if (over) caption = t("game_over");
  else if (!v.trick.cards.length) caption = v.step === "lay" ? t("dealer_lays") : t("deal_trick", { deal: v.deal, n: (v.tricks || []).length + 1 });
  else caption = t("deal_trick", { deal: v.deal, n: (v.tricks || []).length + 1 });
  box.append(el("p", { class: "trick-caption" }, caption));
  if (pause && !pause.last && v.trick.cards.length) {
    box.append(el("p", { class: "next-trick" }, t("next_trick"), " ", cardsText(v.trick.cards.map((c) => c.card))));
  }
  return box;
}

// The person's own Busca hand: legal cards highlighted, refused ones dimmed with their reason.
export function buscaHand(match, mySeat, { myTurn, onPlay, onRefused }) {
  const v = match.view;
  const legal = new Map();
  for (const m of match.legal_moves || []) legal.set(m.play || m.lay, m);
  const refusals = (match.refusals && match.refusals.cards) || {};
  const hand = el("div", { class: "hand mine", "data-role": "hand", "data-hand-seat": mySeat, role: "group", "aria-label": t("your_hand") });
  for (const c of v.hand || []) {
    const move = myTurn ? legal.get(c) : null;
    let reason = null;
    if (myTurn && !move) reason = refusals[cardText(c)] || refusals[c] || t("card_refused");
    const node = cardEl(c, {
      button: true,
      cls: move ? "legal" : reason ? "refused" : "",
      disabled: !move,
      reason,
      onclick: () => (move ? onPlay(move) : onRefused(reason || t("not_your_turn"))),
    });
    hand.append(node);
  }
  return hand;
}

// --- Buraco -----------------------------------------------------------------------------------

// Which cards of a meld act as wilds: every joker, and a 2 that is not its suit's natural 2.
export function wildFlags(meld) {
  if (meld.kind === "limpia" || meld.kind === "de mil") return meld.cards.map(() => false);
  const naturals = meld.cards.filter((c) => c !== "JK" && c[0] !== "2");
  const suit = naturals.length ? naturals[0][1] : null;
  return meld.cards.map((c, i) => {
    if (c === "JK") return true;
    if (c[0] !== "2") return false;
    if (c[1] !== suit) return true;
    const prev = meld.cards[i - 1];
    const next = meld.cards[i + 1];
    return !(prev === `A${suit}` || (next && next === `3${suit}`));
  });
}

const KIND_KEYS = { limpia: "canasta_limpia", sucia: "canasta_sucia", "de mil": "canasta_de_mil" };

export function meldEl(meld, side, { selectable = false, selected = false, onselect } = {}) {
  const kind = KIND_KEYS[meld.kind] ? t(KIND_KEYS[meld.kind]) : "";
  const label = t("meld_label", { n: meld.number + 1, points: meld.points });
  const attrs = {
    class: `meld kind-${(meld.kind || "sequence").replace(" ", "-")}${selected ? " selected" : ""}`,
    "data-meld": meld.number,
    "data-side": side,
  };
  const wild = wildFlags(meld);
  const cards = el("span", { class: "meld-cards" }, meld.cards.map((c, i) => cardEl(c, { wild: wild[i] })));
  const caption = el("span", { class: "meld-label" }, label, kind ? el("span", { class: "canasta-badge" }, kind) : null);
  if (!selectable) return el("li", attrs, caption, cards);
  return el(
    "li",
    attrs,
    el("button", { type: "button", class: "meld-pick", "aria-pressed": String(selected), onclick: onselect }, caption),
    cards,
  );
}

export function sideNames(match, members) {
  return members.map((n) => seatName(match, n)).join(" & ");
}

export function muertoText(match, side, mySide) {
  const state = match.view.muertos[side];
  const key = `muerto_${state}_${mySide === null ? "side" : side === mySide ? "ours" : "theirs"}`;
  return t(key, { names: sideNames(match, match.view.sides[side]) });
}

export function renderBuraco(match, { mySeat = null, hands = null, ui = null, live = true, lastMove = "", mark = null } = {}) {
  const v = match.view;
  const base = mySeat ?? 0;
  const mySide = mySeat === null ? null : mySeat % 2;
  const near = base % 2;
  const at = positions(v.seats, base, false);
  const over = v.step === "over" || match.status !== "running";
  const felt = el("div", { class: `felt buraco seats-${v.seats}` });
  for (let n = 0; n < v.seats; n++) {
    const side = n % 2;
    const facts = [
      el("span", { class: "fact score" }, t("side_score", { score: v.totals[side], target: v.target })),
      over ? null : el("span", { class: "fact count" }, tn("cards", v.hand_sizes[n])),
    ];
    const extra = hands && hands[n] ? el("div", { class: "hand small", "data-hand-seat": n }, hands[n].map((c) => cardEl(c))) : null;
    felt.append(seatBox(match, n, { pos: at[n], mine: n === mySeat, toMove: !over && n === v.to_move, dealer: !over && n === v.dealer, facts, extra, clock: live, mark }));
  }
  for (const side of [1 - near, near]) {
    const where = side === near ? "near" : "far";
    // "Your side's melds" only for the person at the table; a replay names each side.
    const title = mySide === null || mark ? t("melds_of", { names: sideNames(match, v.sides[side]) }) : t(side === mySide ? "melds_ours" : "melds_theirs");
    const box = el("section", { class: `side melds-area ${where}${side === mySide ? " mine" : ""}`, "data-side": side, "aria-label": title });
    box.append(el("h2", { class: "side-title" }, title, el("span", { class: "muerto", "data-muerto": v.muertos[side] }, muertoText(match, side, mySide))));
    const melds = el("ul", { class: "melds" });
    for (const meld of v.melds[side]) {
      const selectable = ui && side === mySide && ui.canPickMeld;
      melds.append(meldEl(meld, side, { selectable, selected: ui && ui.meld === meld.number && side === mySide, onselect: () => ui.pickMeld(meld.number) }));
    }
    if (!v.melds[side].length) melds.append(el("li", { class: "muted" }, t("no_melds")));
    box.append(melds);
    felt.append(box);
  }
  const middle = el("section", { class: "middle stock-pile", "aria-label": t("stock_and_pile") });
  middle.append(
    el("div", { class: "stock" }, backs(v.stock ? 1 : 0, tn("stock_cards", v.stock), 1), el("span", { class: "count" }, tn("stock_cards", v.stock))),
  );
  const pile = el("div", { class: "pile", "aria-label": tn("pile_cards", v.pile.size) });
  if (v.pile.cards && v.pile.cards.length) {
    const shown = v.pile.cards.slice(-8);
    pile.append(el("span", { class: "pile-cards" }, shown.map((c, i) => cardEl(c, { cls: i === shown.length - 1 ? "top" : "" }))));
  } else if (v.pile.top) pile.append(cardEl(v.pile.top, { cls: "top" }));
  else pile.append(el("span", { class: "card empty", "aria-hidden": "true" }));
  pile.append(el("span", { class: "count" }, tn("pile_cards", v.pile.size)));
  middle.append(pile);
  if (lastMove) middle.append(el("p", { class: "last-move" }, lastMove));
  felt.append(middle);
  return felt;
}
