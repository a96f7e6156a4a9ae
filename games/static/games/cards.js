// Cards and tables drawn as HTML: one renderer for the live table and for replays.
// Faces are drawn here in SVG (faceSvg): four colours AND the suit's shape, so colour is never
// the only cue; no letter stands for a suit.
// Seats sit around a felt: the viewer's own seat at the bottom, the partner opposite.
import { has, num, t, tn } from "./texts.js";

const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
// Busca's Spanish deck is drawn with Latin suits or French faces (the card_style setting,
// games/card_style.py, rendered into the match page); its suits keep their Spanish-deck names
// either way (coins, cups, swords, clubs). Buraco keeps French cards.
const MATCH = document.getElementById("match");
const SPANISH = MATCH?.dataset.game === "busca";
const LATIN = SPANISH && MATCH.dataset.cardStyle === "latin";
const SUIT_KEYS = SPANISH ? { C: "clubs", D: "coins", H: "cups", S: "swords" } : { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const SVG = "http://www.w3.org/2000/svg";
let uid = 0;
let seenPlayed = new Set(); // the trick cards drawn last time: only new ones move in

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

// The engine's ranks as the Spanish deck names and numbers them: its J Q K are sota, caballo
// and rey (10, 11, 12 in the corners), its A is the 1.
const LATIN_INDEX = { A: "1", J: "10", Q: "11", K: "12" };

function rankName(r) {
  if (LATIN && has(`rank_latin_${r}`)) return t(`rank_latin_${r}`);
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

// The index in a card's corner: A K Q J 10…2 on French faces, 1–7 10 11 12 on the Spanish deck.
export function cardIndex(card) {
  if (card === "JK") return "★";
  if (LATIN) return LATIN_INDEX[card[0]] || card[0];
  return card[0] === "T" ? "10" : card[0];
}

// The suits, drawn here (24×24, currentColor): French hearts, diamonds, spades, clubs, and the
// Spanish deck's cups, coins, swords, clubs (as games/suits.svg draws them). One hidden sprite
// per page; every card face <use>s it.
const SUIT_SHAPES = {
  "fr-H": '<path d="M12 21.6C5 15.6 1.6 11.9 1.6 7.7 1.6 4.6 4 2.4 6.9 2.4c2.2 0 4 1.2 5.1 3.1 1.1-1.9 2.9-3.1 5.1-3.1 2.9 0 5.3 2.2 5.3 5.3 0 4.2-3.4 7.9-10.4 13.9z"/>',
  "fr-D": '<path d="M12 1.5 20.6 12 12 22.5 3.4 12z"/>',
  "fr-S": '<path d="M12 1.5c4 5 10 8.5 10 13 0 3.1-2.4 4.9-4.8 4.9-1.6 0-3-.8-3.9-1.9.3 2.1 1.3 3.7 2.9 5H7.8c1.6-1.3 2.6-2.9 2.9-5-.9 1.1-2.3 1.9-3.9 1.9C4.4 19.4 2 17.6 2 14.5c0-4.5 6-8 10-13z"/>',
  "fr-C": '<circle cx="12" cy="6.6" r="4.7"/><circle cx="6.6" cy="13.4" r="4.7"/><circle cx="17.4" cy="13.4" r="4.7"/><path d="M10.9 12h2.2l1.1 8.4 2.3 2.1H7.5l2.3-2.1z"/>',
  "la-D": '<circle cx="12" cy="12" r="10"/><circle cx="12" cy="12" r="6.5" fill="none" stroke="#fff" stroke-width="1.6"/><circle cx="12" cy="12" r="2.2" fill="#fff"/>',
  "la-H": '<path d="M4 3h16c0 5.2-2.6 8.6-6 9.6V17c2.4.4 4 1.3 4 2.5V21H6v-1.5c0-1.2 1.6-2.1 4-2.5v-4.4C6.6 11.6 4 8.2 4 3z"/><path fill="none" stroke="#fff" stroke-width="1.2" d="M6.2 5.2h11.6"/>',
  "la-S": '<path d="M11 1.5h2l.8 14.5h-3.6z"/><rect x="6" y="15.6" width="12" height="2.2" rx="1.1"/><rect x="10.9" y="17.6" width="2.2" height="3.6"/><circle cx="12" cy="22" r="1.6"/>',
  "la-C": '<path d="M9.2 22.5 8 6.5C7.9 4 9.4 1.5 12 1.5s4.1 2.5 4 5l-1.2 16z"/><circle cx="10" cy="8" r="1.1" fill="#fff"/><circle cx="13.6" cy="12" r="1.1" fill="#fff"/><circle cx="10.6" cy="16" r="1.1" fill="#fff"/>',
  joker: '<path d="M12 1.8l2.9 6.6 7.2.7-5.4 4.8 1.6 7.1L12 17.3 5.7 21l1.6-7.1L1.9 9.1l7.2-.7z"/>',
};

function suitSprite() {
  if (document.getElementById("card-suits")) return;
  const sprite = document.createElementNS(SVG, "svg");
  sprite.setAttribute("id", "card-suits");
  sprite.setAttribute("aria-hidden", "true");
  sprite.setAttribute("class", "card-sprite");
  for (const [id, body] of Object.entries(SUIT_SHAPES)) {
    const symbol = document.createElementNS(SVG, "symbol");
    symbol.setAttribute("id", `suit-${id}`);
    symbol.setAttribute("viewBox", "0 0 24 24");
    // Parsed as SVG, not HTML: the shapes are this file's own constants.
    const doc = new DOMParser().parseFromString(`<svg xmlns="${SVG}">${body}</svg>`, "image/svg+xml");
    for (const node of [...doc.documentElement.childNodes]) symbol.append(document.importNode(node, true));
    symbol.setAttribute("fill", "currentColor");
    sprite.append(symbol);
  }
  document.body.append(sprite);
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

// A card's face, 50×70: the index and a small suit in two corners, the suit large in the
// middle, a frame and the figure's name (Spanish deck) on a sota, caballo or rey.
function faceSvg(card) {
  suitSprite();
  const joker = card === "JK";
  const symbol = joker ? "#suit-joker" : `#suit-${LATIN ? "la" : "fr"}-${card[1]}`;
  const index = cardIndex(card);
  const corner = (transform) =>
    svg(
      "g",
      transform ? { transform } : {},
      svg("text", { x: 4, y: 14, class: "face-index", "font-size": index.length > 1 ? 11.5 : 14, ...(index.length > 1 ? { textLength: 13 } : {}) }, index),
      svg("use", { href: symbol, x: 3.5, y: 17, width: 10, height: 10 }),
    );
  const face = svg("svg", { class: "face", viewBox: "0 0 50 70", "aria-hidden": "true", focusable: "false" });
  face.append(svg("rect", { class: "face-bg", x: 0.75, y: 0.75, width: 48.5, height: 68.5, rx: 5 }));
  const figure = !joker && "JQK".includes(card[0]);
  if (figure) face.append(svg("rect", { class: "face-frame", x: 14, y: 9, width: 32, height: 52, rx: 2.5 }));
  face.append(corner(""), corner("rotate(180 25 35)"));
  face.append(svg("use", { href: symbol, x: figure ? 19 : 15, y: figure ? 18 : 23, width: figure ? 22 : 24, height: figure ? 22 : 24 }));
  if (figure && LATIN) face.append(svg("text", { x: 30, y: 53, class: "face-word", "text-anchor": "middle" }, rankName(card[0])));
  else if (figure) face.append(svg("text", { x: 30, y: 56, class: "face-word big", "text-anchor": "middle" }, index));
  else if (joker) face.append(svg("text", { x: 25, y: 58, class: "face-word", "text-anchor": "middle" }, t("joker")));
  return face;
}

// One card: a button when it can be chosen, otherwise a plain element. ``mark: false`` leaves
// out data-card (cards of tricks already taken: the page's hand tests look for data-card).
// ``reason`` (a refused card) dims it, keeps it focusable, and describes it for screen readers.
// The element is the card's visible strip (a fanned hand overlaps the next card on it); the
// face inside keeps the card's whole size.
// ``wild`` marks a card acting as a wild; ``wildFor`` (the card it stands for) labels it "5♣"
// on the face and "2 of hearts as the 5 of clubs" for screen readers.
export function cardEl(card, { button = false, cls = "", pressed, disabled, onclick, reason, wild = false, wildFor = null, mark = true } = {}) {
  const joker = card === "JK";
  const suit = joker ? "J" : card[1];
  const name = wild && wildFor ? t("wild_as", { wild: cardName(card), card: cardName(wildFor) }) : cardName(card) + (wild ? ` (${t("wild")})` : "");
  const face = [
    faceSvg(card),
    wild ? el("span", { class: "wild-mark", "aria-hidden": "true" }, "✱") : null,
    wild && wildFor ? el("span", { class: `wild-for suit-${wildFor[1]}`, "aria-hidden": "true" }, cardText(wildFor)) : null,
  ];
  const attrs = {
    class: `card drawn suit-${suit}${LATIN ? " deck-latin" : ""}${wild ? " wild" : ""} ${cls}`.trim(),
    "data-card": mark ? card : null,
    "data-wild-for": wild && wildFor ? wildFor : null,
    "data-index-shown": cardIndex(card),
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

// A move in words: "plays 7♥" after a seat's name, or with ``you`` the person's own move in
// the second person ("You play 7♥": keys you_move_*). ``wild`` names an addition's wild where
// the table worked it out ("2♥ as the 3♣", from the meld after the move: addedWild below).
export function moveText(move, { you = false, wild = "" } = {}) {
  if (!move) return "";
  const also = wild ? ` (${wild})` : "";
  const k = (key) => (you && has(`you_${key}`) ? `you_${key}` : key);
  if ("play" in move) return t(k("move_play"), { card: cardText(move.play) });
  if ("lay" in move) return move.lay ? t(k("move_lay_card"), { card: cardText(move.lay) }) : t(k("move_lay"));
  if ("draw" in move) {
    if (move.draw === "stock") return t(k("move_stock"));
    if (move.meld) return t(k("move_pile_meld"), { cards: cardsText(move.meld) }) + wildWords(move.meld);
    return t(k("move_pile_add"), { meld: move.add + 1, end: endText(move.end), cards: cardsText(move.cards) }) + also;
  }
  if ("meld" in move) return t(k("move_meld"), { cards: cardsText(move.meld) }) + wildWords(move.meld);
  if ("add" in move) return t(k("move_add"), { meld: move.add + 1, end: endText(move.end), cards: cardsText(move.cards) }) + also;
  if ("discard" in move) return t(k("move_discard"), { card: cardText(move.discard) });
  return t(k("move_other"));
}

// A new meld's wild in words, after its cards: " (2♥ as the A♥)", or nothing.
function wildWords(cards) {
  const run = readRun(cards);
  if (!run || !run.wildPos) return "";
  return ` (${t("wild_as", { wild: cardText(run.wild), card: cardText(naturalCard(run.suit, run.wildPos)) })})`;
}

// Who did what: "Greedy house bot A plays 7♥", or the person's own move told as theirs.
// ``wild``: as for moveText.
export function movedText(match, seat, move, mySeat = null, wild = "") {
  if (mySeat !== null && seat === mySeat && has("you_move_play")) return moveText(move, { you: true, wild });
  return `${seatName(match, seat)} ${moveText(move, { wild })}`;
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

// The short form of a seat's name for the felt: a house bot by its style's one word and its
// letter ("Greedy A"); a person or a bot by their name (cut by CSS when long; the full name is
// the seat's label, its title, and shows on a tap).
export function seatShort(match, n) {
  const seat = (match.seats || [])[n];
  const full = seatName(match, n);
  if (!seat || seat.kind !== "house" || !String(seat.name).startsWith("house:")) return full;
  const style = seat.name.slice(6);
  if (!has(`house_short_${style}`)) return full;
  const letter = full.match(/ ([A-Z])$/);
  return letter ? `${t(`house_short_${style}`)} ${letter[1]}` : t(`house_short_${style}`);
}

// Initials for a seat's avatar: the first letters of the short name's first and last words
// ("replay-a" gives RA), or a one-word name's first two letters.
export function initials(name) {
  const words = String(name).trim().split(/[\s._-]+/).filter(Boolean);
  const first = (word) => [...word][0] || "";
  return (words.length > 1 ? first(words[0]) + first(words.at(-1)) : [...(words[0] || "?")].slice(0, 2).join("")).toUpperCase();
}

// The avatar's colour: a side's in Buraco (partners share one), a seat's own in Busca.
function avatarClass(n, buraco) {
  return buraco ? `side-${n % 2}` : `tint-${n % 4}`;
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
function seatBox(match, n, { pos, mine, toMove, dealer, facts, extra = null, clock = true, mark = null, buraco = false }) {
  const seat = (match.seats || [])[n];
  const flags = [];
  if (seat?.forfeited) flags.push(el("span", { class: "flag" }, t("forfeited")));
  const full = seatName(match, n);
  const short = seatShort(match, n);
  const box = el(
    "div",
    {
      class: `seat pos-${pos} ${avatarClass(n, buraco)}${toMove ? " to-move" : ""}${mine ? " mine" : ""}`,
      "data-seat": n,
      "data-role": "seat",
      "data-side": buraco ? n % 2 : null,
      role: "group",
      "aria-label": full,
      title: full,
    },
    el(
      "div",
      { class: "seat-name" },
      el("span", { class: "avatar", "aria-hidden": "true" }, initials(short)),
      el("span", { class: "name", "data-full": full, "data-short": short }, short),
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
  // A tap shows the whole name in place of the short one (and back).
  box.querySelector(".name").addEventListener("click", (event) => {
    const name = event.currentTarget;
    const whole = name.textContent === short && short !== full;
    name.textContent = whole ? full : short;
    box.classList.toggle("full-name", whole);
  });
  return box;
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
  const box = el("div", { class: `middle trick${pause ? " paused" : ""}`, "data-role": "trick", role: "group", "aria-label": t("the_trick") });
  const cards = pause ? pause.trick.cards : v.trick.cards;
  // A finished trick sweeps towards its taker (match.js adds "sweeping" before the pause ends).
  const taker = pause ? at[pause.trick.winner] : null;
  const spots = el("div", { class: `trick-spots${taker ? ` to-${taker}` : ""}` });
  const drawn = new Set();
  for (const c of cards) {
    // A card not on the table last time moves in from its seat (not the "Last trick" replay).
    const key = `${c.seat}:${c.card}`;
    const fresh = !(pause && pause.last) && !seenPlayed.has(key);
    drawn.add(key);
    spots.append(
      el(
        "figure",
        { class: `played at-${at[c.seat]}${fresh ? " fresh" : ""}${pause && c.seat === pause.trick.winner ? " taker" : ""}`, "data-seat": c.seat },
        cardEl(c.card, { mark: false }),
        el("figcaption", { title: seatName(match, c.seat) }, seatShort(match, c.seat)),
      ),
    );
  }
  if (!(pause && pause.last)) seenPlayed = drawn;
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
  // Screen readers hear the trick by its label: the caption, then each card with who played it.
  const said = cards.map((c) => `${cardText(c.card)} ${seatName(match, c.seat)}`).join(", ");
  box.setAttribute("aria-label", said ? `${caption}: ${said}` : caption);
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

// Runs as the engine reads them (games/engine/buraco/melds.py): positions 1..14 (1 the low ace,
// 14 the high ace), one wild at most. Used to draw the meld a choice would make.
const RANKS = "A23456789TJQKA";
const isWildCard = (c) => c === "JK" || c[0] === "2";
const naturalCard = (suit, pos) => `${RANKS[pos - 1]}${suit}`;

// The run of ``cards`` (low to high): { suit, low, high, wildPos, wild }, or null if no run.
export function readRun(cards) {
  const anchor = cards.findIndex((c) => !isWildCard(c));
  if (anchor < 0 || cards.length < 3) return null;
  const suit = cards[anchor][1];
  const rank = RANKS.indexOf(cards[anchor][0]) + 1;
  for (const pos of rank === 1 ? [1, 14] : [rank]) {
    const start = pos - anchor;
    if (start < 1 || start + cards.length - 1 > 14) continue;
    let wildPos = 0;
    let wild = null;
    let ok = true;
    cards.forEach((c, i) => {
      if (!ok || c === naturalCard(suit, start + i)) return;
      if (!isWildCard(c) || wildPos) ok = false;
      else [wildPos, wild] = [start + i, c];
    });
    if (ok) return { suit, low: start, high: start + cards.length - 1, wildPos, wild };
  }
  return null;
}

// A run as a meld to draw: its cards low to high and its wild ({ at, for } or null).
export function runMeld(run) {
  const cards = [];
  for (let pos = run.low; pos <= run.high; pos++) cards.push(pos === run.wildPos ? run.wild : naturalCard(run.suit, pos));
  return { cards, wild: run.wildPos ? { at: run.wildPos - run.low, for: naturalCard(run.suit, run.wildPos) } : null };
}

// The run after adding ``cards`` (low to high) at ``end``: an extension, else the wild's own
// card put in and the wild moved to that end (a same-suit 2 landing in its place is natural).
export function addToRun(run, cards, end) {
  const high = end === "high";
  const start = high ? run.high + 1 : run.low - cards.length;
  if (start >= 1 && start + cards.length - 1 <= 14) {
    let { wildPos, wild } = run;
    let ok = true;
    cards.forEach((c, i) => {
      if (!ok || c === naturalCard(run.suit, start + i)) return;
      if (!isWildCard(c) || wildPos) ok = false;
      else [wildPos, wild] = [start + i, c];
    });
    if (ok) return { ...run, low: high ? run.low : start, high: high ? start + cards.length - 1 : run.high, wildPos, wild };
  }
  if (cards.length !== 1 || !run.wildPos || cards[0] !== naturalCard(run.suit, run.wildPos)) return null;
  const pos = high ? run.high + 1 : run.low - 1;
  if (pos < 1 || pos > 14) return null;
  const moved = { ...run, low: high ? run.low : pos, high: high ? pos : run.high, wildPos: pos };
  if (pos === 2 && run.wild === `2${run.suit}`) return { ...moved, wildPos: 0, wild: null };
  return moved;
}

// Where a view's meld holds its wild: the engine's ``wild`` field, else read from its run.
export function meldWild(meld) {
  if (meld.wild !== undefined) return meld.wild;
  const run = readRun(meld.cards);
  return run ? runMeld(run).wild : null;
}

// The cards of a meld drawn in a row, its wild marked at its place with the card it stands for.
export function meldCardsEl(meld, cls = "meld-cards", mark = true) {
  const wild = meldWild(meld);
  return el("span", { class: cls }, meld.cards.map((c, i) => cardEl(c, { wild: wild !== null && wild.at === i, wildFor: wild && wild.at === i ? wild.for : null, mark })));
}

const KIND_KEYS = { limpia: "canasta_limpia", sucia: "canasta_sucia", "de mil": "canasta_de_mil" };

// A meld's run in a few characters, for a compact table: "4♥–8♥, 5 cards".
// The run is told by the cards it stands for ("Q♥–A♥, 3 cards"), a wild's end included.
export function meldRun(meld) {
  const cards = meld.cards;
  const wild = meldWild(meld);
  const end = (i) => cardText(wild && wild.at === i ? wild.for : cards[i]);
  return t("meld_run", { from: end(0), to: end(cards.length - 1), cards: tn("cards", cards.length) });
}

// A meld's wild in words ("2♥ as the A♥"), or "".
export function meldWildText(meld) {
  const wild = meldWild(meld);
  return wild ? t("wild_as", { wild: cardText(meld.cards[wild.at]), card: cardText(wild.for) }) : "";
}

// The wild an addition put in or moved, in words, read from ``match``, the state right after
// ``m`` (a move record: seat, turn, move): "2♥ as the 3♣", or "" when the addition left the
// meld's wild where it was (or the state is not the one after this move).
export function addedWild(match, m) {
  const move = m && m.move;
  const v = match && match.view;
  if (!move || !("add" in move) || !v || !v.melds || !v.sides || match.version !== m.turn + 1) return "";
  const side = v.sides.findIndex((members) => members.includes(m.seat));
  const meld = side < 0 ? null : (v.melds[side] || []).find((x) => x.number === move.add);
  const wild = meld ? meldWild(meld) : null;
  if (!wild) return "";
  const atEnd = move.end === "high" ? wild.at === meld.cards.length - 1 : wild.at === 0;
  return (move.cards || []).some(isWildCard) || atEnd ? meldWildText(meld) : "";
}

// A meld: its label (a button that picks it for an add, on the person's side), its cards, and
// its run as a button that a compact table shows instead of the cards and opens on a tap.
export function meldEl(meld, side, { selectable = false, selected = false, onselect } = {}) {
  const kind = KIND_KEYS[meld.kind] ? t(KIND_KEYS[meld.kind]) : "";
  const label = t("meld_label", { n: meld.number + 1, points: meld.points });
  const attrs = {
    class: `meld kind-${(meld.kind || "sequence").replace(" ", "-")}${selected ? " selected" : ""}`,
    "data-meld": meld.number,
    "data-side": side,
  };
  const cards = meldCardsEl(meld);
  const wildText = meldWildText(meld);
  const badge = kind ? el("span", { class: "canasta-badge" }, kind) : null;
  const caption = el("span", { class: "meld-label" }, label, badge);
  // The run: a tap opens the meld's cards; on the person's side, when melds may be picked, it
  // picks the meld too (a picked meld shows its cards).
  const run = el(
    "button",
    {
      type: "button",
      class: "meld-run",
      "aria-expanded": selectable ? null : "false",
      "aria-pressed": selectable ? String(selected) : null,
      title: `${label}${kind ? ` · ${kind}` : ""}${wildText ? ` · ${wildText}` : ""}`,
      onclick: (event) => {
        if (selectable) {
          onselect();
          return;
        }
        const item = event.currentTarget.closest(".meld");
        const open = !item.classList.contains("open");
        item.classList.toggle("open", open);
        event.currentTarget.setAttribute("aria-expanded", String(open));
      },
    },
    meldRun(meld),
    // A held wild: a mark on the compact run, its words for screen readers (the cards, opened
    // on a tap, draw it at its place).
    wildText ? el("span", { class: "run-wild", "aria-hidden": "true" }, " ✱") : null,
    wildText ? el("span", { class: "visually-hidden" }, `, ${wildText}`) : null,
    kind ? el("span", { class: "canasta-dot", title: kind }, el("span", { class: "visually-hidden" }, ` ${kind}`)) : null,
  );
  if (!selectable) return el("li", attrs, caption, run, cards);
  return el(
    "li",
    attrs,
    el("button", { type: "button", class: "meld-pick", "aria-pressed": String(selected), onclick: onselect }, caption),
    run,
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
      el("span", { class: "fact score" }, t("side_score", { score: num(v.totals[side]), target: num(v.target) })),
      over ? null : el("span", { class: "fact count" }, tn("cards", v.hand_sizes[n])),
    ];
    const extra = hands && hands[n] ? el("div", { class: "hand small", "data-hand-seat": n }, hands[n].map((c) => cardEl(c))) : null;
    felt.append(seatBox(match, n, { pos: at[n], mine: n === mySeat, toMove: !over && n === v.to_move, dealer: !over && n === v.dealer, facts, extra, clock: live, mark, buraco: true }));
  }
  for (const side of [1 - near, near]) {
    const where = side === near ? "near" : "far";
    // "Your side's melds" only for the person at the table; a replay names each side.
    const title = mySide === null || mark ? t("melds_of", { names: sideNames(match, v.sides[side]) }) : t(side === mySide ? "melds_ours" : "melds_theirs");
    const box = el("section", { class: `side melds-area ${where} side-${side}${side === mySide ? " mine" : ""}`, "data-side": side, "data-role": "melds", "aria-label": title });
    const dots = v.sides[side].map((n) => el("span", { class: `avatar small side-${side}`, "aria-hidden": "true", title: seatName(match, n) }, initials(seatShort(match, n))));
    box.append(el("h2", { class: "side-title" }, el("span", { class: "side-dots" }, dots), title));
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
    el(
      "div",
      { class: "stock", "data-role": "stock" },
      backs(v.stock ? 1 : 0, tn("stock_cards", v.stock), 1),
      el("span", { class: "count" }, tn("stock_cards", v.stock)),
    ),
  );
  const pile = el("div", { class: "pile", "data-role": "pile", "aria-label": tn("pile_cards", v.pile.size) });
  if (v.pile.cards && v.pile.cards.length) {
    const shown = v.pile.cards.slice(-8);
    pile.append(el("span", { class: "pile-cards" }, shown.map((c, i) => cardEl(c, { cls: i === shown.length - 1 ? "top" : "" }))));
  } else if (v.pile.top) pile.append(cardEl(v.pile.top, { cls: "top" }));
  else pile.append(el("span", { class: "card empty", "aria-hidden": "true" }));
  pile.append(el("span", { class: "count" }, tn("pile_cards", v.pile.size)));
  middle.append(pile);
  // Both sides' muertos, each face down until taken, in the side's colour.
  const muertos = el("div", { class: "muertos", "data-role": "muertos" });
  for (const side of [near, 1 - near]) {
    muertos.append(
      el(
        "p",
        { class: `muerto side-${side}`, "data-side": side, "data-muerto": v.muertos[side] },
        el("span", { class: `muerto-stack${v.muertos[side] === "waiting" ? "" : " gone"}`, "aria-hidden": "true" }),
        muertoText(match, side, mySide),
      ),
    );
  }
  middle.append(muertos);
  if (lastMove) middle.append(el("p", { class: "last-move" }, lastMove));
  felt.append(middle);
  return felt;
}
