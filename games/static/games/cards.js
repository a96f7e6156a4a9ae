// Cards and tables drawn as HTML: one renderer for the live table and for replays.
// Suits are four-coloured AND carry their symbol and letter, so colour is never the only cue.

const SUITS = {
  C: { symbol: "♣", name: "clubs" },
  D: { symbol: "♦", name: "diamonds" },
  H: { symbol: "♥", name: "hearts" },
  S: { symbol: "♠", name: "spades" },
};
const RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };

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

export function cardName(card) {
  if (card === "JK") return "joker";
  const rank = RANKS[card[0]] || card[0];
  return `${rank} of ${SUITS[card[1]].name}`;
}

// One card: a button when it can be chosen, otherwise a plain element.
export function cardEl(card, { button = false, cls = "", pressed, disabled, onclick } = {}) {
  const joker = card === "JK";
  const suit = joker ? "J" : card[1];
  const rank = joker ? "★" : card[0] === "T" ? "10" : card[0];
  const face = [
    el("span", { class: "rank", "aria-hidden": "true" }, rank),
    el("span", { class: "suit", "aria-hidden": "true" }, joker ? "Joker" : SUITS[suit].symbol),
    el("span", { class: "suit-letter", "aria-hidden": "true" }, joker ? "JK" : suit),
  ];
  const attrs = {
    class: `card suit-${suit} ${cls}`.trim(),
    "data-card": card,
    "aria-label": cardName(card),
    title: cardName(card),
  };
  if (!button) return el("span", { ...attrs, role: "img" }, face);
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
  );
}

export function backs(count, label) {
  const shown = Math.min(count, 14);
  const row = el("span", { class: "backs", role: "img", "aria-label": label });
  for (let i = 0; i < shown; i++) row.append(el("span", { class: "card back", "aria-hidden": "true" }));
  return row;
}

export function moveText(move) {
  if (!move) return "";
  if ("play" in move) return `plays ${cardText(move.play)}`;
  if ("lay" in move) return move.lay ? `lays ${cardText(move.lay)} face down` : "lays a card face down";
  if ("draw" in move) {
    if (move.draw === "stock") return "draws from the stock";
    if (move.meld) return `takes the pile, melds ${move.meld.map(cardText).join(" ")}`;
    return `takes the pile onto meld ${move.add} (${move.end}): ${move.cards.map(cardText).join(" ")}`;
  }
  if ("meld" in move) return `melds ${move.meld.map(cardText).join(" ")}`;
  if ("add" in move) return `adds ${move.cards.map(cardText).join(" ")} to meld ${move.add} (${move.end} end)`;
  if ("discard" in move) return `discards ${cardText(move.discard)}`;
  return JSON.stringify(move);
}

export function cardText(card) {
  if (!card) return "?";
  if (card === "JK") return "Joker";
  return `${card[0] === "T" ? "10" : card[0]}${SUITS[card[1]].symbol}${card[1]}`;
}

function seatName(match, n) {
  const seat = (match.seats || [])[n];
  return seat ? seat.name : `seat ${n}`;
}

// --- Busca ------------------------------------------------------------------------------------

export function renderBusca(match, { mySeat = null, hands = null, controls = null } = {}) {
  const v = match.view;
  const outSeats = new Set((v.out || []).map((o) => o.seat));
  const root = el("div", { class: "busca" });
  const seats = el("ul", { class: "seats", "aria-label": "Seats" });
  for (let n = 0; n < v.seats; n++) {
    const flags = [];
    if (n === v.dealer) flags.push("dealer");
    if (n === v.to_move) flags.push("to move");
    if (outSeats.has(n)) flags.push("out");
    if ((match.seats || [])[n]?.forfeited) flags.push("forfeited");
    const hand = hands ? hands[n] : null;
    const size = v.hand_sizes[n];
    seats.append(
      el(
        "li",
        {
          class: `seat${n === v.to_move ? " to-move" : ""}${outSeats.has(n) ? " out" : ""}${n === mySeat ? " mine" : ""}`,
          "data-seat": n,
        },
        el("div", { class: "seat-name" }, `Seat ${n}: ${seatName(match, n)}`, flags.length ? el("span", { class: "flags" }, ` (${flags.join(", ")})`) : null),
        el(
          "div",
          { class: "seat-facts" },
          `points this deal: ${v.points[n] ?? "—"} · Busca total: ${v.totals[n]}`,
          size !== null && size !== undefined ? ` · ${size} cards` : "",
        ),
        hand
          ? el("div", { class: "hand small", "data-hand-seat": n }, hand.map((c) => cardEl(c)))
          : n !== mySeat && size
            ? backs(size, `${size} cards face down`)
            : null,
      ),
    );
  }
  const trick = el("div", { class: "trick", "aria-label": "Trick being played" });
  trick.append(el("h3", {}, v.step === "over" ? "Game over" : `Deal ${v.deal}: the trick`));
  if (!v.trick.cards.length) trick.append(el("p", { class: "muted" }, v.step === "lay" ? "The dealer lays a card face down." : "No card played yet."));
  for (const c of v.trick.cards) {
    trick.append(el("figure", { class: "played" }, cardEl(c.card), el("figcaption", {}, `seat ${c.seat}`)));
  }
  const done = (v.tricks || []).length;
  trick.append(el("p", { class: "muted" }, `${done} trick${done === 1 ? "" : "s"} taken this deal`));
  if (v.last_deal) {
    trick.append(
      el("p", { class: "muted" }, `Last deal: points ${v.last_deal.points.map((p) => p ?? "—").join(" / ")}; Buscas ${v.last_deal.buscas.map((p) => p ?? "—").join(" / ")}`),
    );
  }
  root.append(seats, trick);
  if (mySeat !== null && v.hand && !hands) {
    const legal = new Map();
    for (const m of match.legal_moves || []) legal.set(m.play || m.lay, m);
    const hand = el("div", { class: "hand mine", "data-hand-seat": mySeat, "aria-label": "Your hand" });
    for (const c of v.hand) {
      const move = legal.get(c);
      hand.append(
        cardEl(c, {
          button: true,
          cls: move ? "legal" : "",
          disabled: !move,
          onclick: () => move && controls && controls.send(move),
        }),
      );
    }
    root.append(el("h3", { class: "hand-title" }, v.laid ? `Your hand (face down: ${cardText(v.laid)})` : "Your hand"), hand);
  }
  if (v.result) root.append(resultEl(match, v.result));
  return root;
}

function resultEl(match, result) {
  const places = result.places || [];
  return el(
    "p",
    { class: "result" },
    "Result: ",
    places.map((p, n) => `seat ${n} (${seatName(match, n)}) place ${p}`).join("; "),
  );
}

// --- Buraco -----------------------------------------------------------------------------------

const KIND_TEXT = { limpia: "canasta limpia (clean)", sucia: "canasta sucia (dirty)", "de mil": "canasta de mil (clean, 1000)", sequence: "" };

export function meldEl(meld, side, { selectable = false, selected = false, onselect } = {}) {
  const label = `Meld ${meld.number}${KIND_TEXT[meld.kind] ? ": " + KIND_TEXT[meld.kind] : ""}, ${meld.points} points`;
  const attrs = {
    class: `meld kind-${(meld.kind || "sequence").replace(" ", "-")}${selected ? " selected" : ""}`,
    "data-meld": meld.number,
    "data-side": side,
  };
  const cards = el("span", { class: "meld-cards" }, meld.cards.map((c) => cardEl(c)));
  const caption = el("span", { class: "meld-label" }, label);
  if (!selectable) return el("li", attrs, caption, cards);
  return el(
    "li",
    attrs,
    el("button", { type: "button", class: "meld-pick", "aria-pressed": String(selected), onclick: onselect }, caption),
    cards,
  );
}

export function renderBuraco(match, { mySeat = null, hands = null, ui = null } = {}) {
  const v = match.view;
  const root = el("div", { class: "buraco" });
  const mySide = mySeat === null ? null : mySeat % 2;
  const sides = el("div", { class: "sides" });
  v.sides.forEach((members, side) => {
    const box = el("section", { class: `side${side === mySide ? " mine" : ""}`, "data-side": side });
    const who = members.map((n) => `seat ${n} ${seatName(match, n)}${n === v.to_move ? " (to move)" : ""}${n === v.dealer ? " (dealer)" : ""}`).join(" & ");
    box.append(
      el("h3", {}, `Side ${side}: ${who}`),
      el("p", { class: "side-facts" }, `score ${v.totals[side]} of ${v.target} · muerto: ${v.muertos[side]} · cards in hand: ${members.map((n) => v.hand_sizes[n]).join(" / ")}`),
    );
    for (const n of members) {
      if (hands && hands[n]) box.append(el("div", { class: "hand small", "data-hand-seat": n }, `seat ${n}: `, hands[n].map((c) => cardEl(c))));
      else if (n !== mySeat) box.append(backs(v.hand_sizes[n], `seat ${n}: ${v.hand_sizes[n]} cards face down`));
    }
    const melds = el("ul", { class: "melds", "aria-label": `Side ${side} melds` });
    for (const meld of v.melds[side]) {
      const selectable = ui && side === mySide && ui.canPickMeld;
      melds.append(meldEl(meld, side, { selectable, selected: ui && ui.meld === meld.number && side === mySide, onselect: () => ui.pickMeld(meld.number) }));
    }
    if (!v.melds[side].length) melds.append(el("li", { class: "muted" }, "no melds yet"));
    box.append(melds);
    sides.append(box);
  });
  const middle = el("section", { class: "middle", "aria-label": "Stock and pile" });
  middle.append(el("p", {}, `Stock: ${v.stock} cards · deal ${v.deal} · step: ${v.step}`));
  const pile = el("div", { class: "pile" }, el("span", { class: "pile-label" }, `Pile (${v.pile.size}): `));
  if (v.pile.cards) pile.append(...v.pile.cards.map((c, i) => cardEl(c, { cls: i === v.pile.cards.length - 1 ? "top" : "" })));
  else if (v.pile.top) pile.append(cardEl(v.pile.top, { cls: "top" }), el("span", { class: "muted" }, " (only the top shows)"));
  else pile.append(el("span", { class: "muted" }, "empty"));
  middle.append(pile);
  root.append(sides, middle);
  if (mySeat !== null && v.hand && !hands && ui) {
    root.append(el("h3", { class: "hand-title" }, "Your hand"), ui.handEl(v.hand));
  }
  if (v.result) root.append(resultEl(match, v.result));
  return root;
}
