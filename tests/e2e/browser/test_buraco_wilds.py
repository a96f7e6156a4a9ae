"""A Buraco wild is drawn at its place: the choice between two melds shows the two runs it
makes (the wild at the bottom or at the top) with words, in en, es and ko; picking one plays
that move, and the meld on the table shows its wild where it stands, with screen-reader words."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from games import engine
from tests.e2e.browser.conftest import django, screenshot, signed_in, user_create
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.browser.test_play_buraco import my_turn, select
from tests.e2e.stack import Stack

GAME = "buraco-mano-a-mano"

# The words of the two choices (low, high) and a wild's screen-reader label, per language:
# filled in with the wild, the card it stands for at the bottom and at the top, and their names.
WORDS = {
    "en": ("New meld: {w} as the {lo}, at the bottom", "New meld: {w} as the {hi}, at the top"),
    "es": (
        "Juego nuevo: {w} hace de {lo}, en la punta baja",
        "Juego nuevo: {w} hace de {hi}, en la punta alta",
    ),
    "ko": ("새 멜드: {lo} 자리의 {w}, 낮은 끝에", "새 멜드: {hi} 자리의 {w}, 높은 끝에"),
}
LABEL = {
    "en": "{wild} as the {card}",
    "es": "{wild} hace de {card}",
    "ko": "{card} 자리의 {wild}",
}
SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def text(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SYMBOLS[card[1]]


def a_seed_with_a_wild_at_either_end() -> tuple[int, int, list[dict[str, Any]]]:
    """A seed where the first player, after drawing, may meld three cards (one a wild) two
    ways: the wild at the bottom or at the top of the run."""
    rules = engine.get(GAME)
    for seed in range(1, 5000):
        state = rules.new(seed, deals=1)
        seat = rules.to_move(state)
        state = rules.apply(state, rules.parse_move({"draw": "stock"}))
        groups: dict[tuple[str, ...], list[dict[str, Any]]] = defaultdict(list)
        for move in [rules.move_json(m) for m in rules.legal_moves(state)]:
            if "meld" in move and len(move["meld"]) == 3:
                groups[tuple(sorted(move["meld"]))].append(move)
        for moves in groups.values():
            if len(moves) == 2:
                low, high = sorted(moves, key=lambda m: m["meld"][0][0] != "2")
                if low["meld"][0][0] == "2" and high["meld"][-1][0] == "2" and seat is not None:
                    return seed, seat, [low, high]
    raise AssertionError("no seed with a wild that may go at either end")


def stands_for(run: list[str], at: int) -> str:
    """The card a wild at the bottom (``at`` 0) or top of a 3-card ``run`` stands for."""
    ranks = "A23456789TJQKA"
    middle = ranks.index(run[1][0])
    return ranks[middle - 1 if at == 0 else middle + 1] + run[1][1]


@pytest.mark.parametrize("language", ["en", "es", "ko"])
def test_a_wild_is_drawn_at_its_place_in_choices_and_on_the_table(
    site: Stack, browser: Any, language: str
) -> None:
    seed, seat, (low, high) = a_seed_with_a_wild_at_either_end()
    wild = low["meld"][0]
    lo, hi = stands_for(low["meld"], 0), stands_for(high["meld"], 2)
    name = f"wilds{language}"
    user_create(site, name)
    seats = ["SeatSpec(kind='house')"] * 2
    seats[seat] = "SeatSpec(kind='user', user_id=u.pk)"
    match_id = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username={name!r})
        m = match_create(game={GAME!r}, seats=[{", ".join(seats)}], seed={seed},
                         options={{"deals": 1}}, move_timeout=600)
        print(json.dumps(m.pk))
        """,
    )
    page = signed_in(browser, site, name, viewport={"width": 390, "height": 844})
    page.context.add_cookies([{"name": "django_language", "value": language, "url": site.url}])
    page.goto(f"{site.url}/matches/{match_id}/seat/{seat}/")
    my_turn(page, seat, "draw")
    page.click("[data-action=stock]")
    my_turn(page, seat, "play")

    select(page, low["meld"])
    page.click("[data-action=meld]")
    choices = page.locator("#actions .choices button.choice")
    assert choices.count() == 2
    words = [choices.nth(i).locator(".choice-words").inner_text() for i in range(2)]
    low_words, high_words = WORDS[language]
    assert words == [
        low_words.format(w=text(wild), lo=text(lo)),
        high_words.format(w=text(wild), hi=text(hi)),
    ]
    # Each choice draws its run, the wild marked at its own place and labelled with its card.
    for i, (move, at, card) in enumerate([(low, 0, lo), (high, 2, hi)]):
        drawn = choices.nth(i).locator(".choice-meld .card")
        assert drawn.count() == 3
        cards = [drawn.nth(k).get_attribute("data-index-shown") for k in range(3)]
        assert cards == [c[0] if c[0] != "T" else "10" for c in move["meld"]]
        marked = [k for k in range(3) if "wild" in (drawn.nth(k).get_attribute("class") or "")]
        assert marked == [at]
        assert drawn.nth(at).locator(".wild-for").inner_text() == text(card)
    assert violations(page) == []
    screenshot(page, f"buraco-wild-choices-{language}")
    # Numbers as the language writes them: the target 3000 reads "3,000" or "3.000".
    target = {"en": "3,000", "es": "3.000", "ko": "3,000"}[language]
    assert target in page.locator(".felt .fact.score").first.inner_text()

    # The keyboard: the first choice has the focus; an arrow moves to the second, Enter plays it.
    assert page.evaluate("() => document.activeElement.classList.contains('choice')")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.__match.match.view.melds[{seat % 2}].length === 1")
    meld = page.evaluate(f"() => window.__match.match.view.melds[{seat % 2}][0]")
    assert meld["cards"] == high["meld"]
    assert meld["wild"] == {"at": 2, "for": hi}

    # On the table the wild stands at the top of the run, marked, with its words.
    drawn = page.locator(f".melds-area.side-{seat % 2} [data-meld='0'] .meld-cards .card")
    assert drawn.count() == 3
    wild_card = drawn.nth(2)
    assert "wild" in (wild_card.get_attribute("class") or "")
    assert wild_card.get_attribute("data-wild-for") == hi
    names = page.evaluate(
        """([w, c]) => {
             const name = (card) => {
               const t = (k) => document.querySelector(`[data-t="${k}"]`)?.textContent;
               const rank = t(`rank_${card[0]}`) || card[0];
               const suit = t(`suit_${card[1]}`);
               return t("card_name").replace("{rank}", rank).replace("{suit}", suit);
             };
             return [name(w), name(c)];
           }""",
        [wild, hi],
    )
    assert wild_card.get_attribute("aria-label") == LABEL[language].format(
        wild=names[0], card=names[1]
    )
    assert all("wild" not in (drawn.nth(k).get_attribute("class") or "") for k in range(2))
    # The compact run names the wild, and opens on a tap to show it at its place; the move's
    # words name it too.
    said = LABEL[language].format(wild=text(wild), card=text(hi))
    run = page.locator(f".melds-area.side-{seat % 2} [data-meld='0'] .meld-run")
    if run.is_visible():
        assert (run.text_content() or "").endswith(said)
        assert run.locator(".run-wild").is_visible()
        run.click()
    assert wild_card.is_visible()
    last = page.locator(".felt .last-move").inner_text()
    assert last.endswith(f"({said})")
    if language == "en":  # item 9: the person's own move is told as theirs
        assert last.startswith("You meld ")
    assert violations(page) == []
    screenshot(page, f"buraco-wild-meld-{language}")


ADDITIONS = [
    (["5C", "2H", "7C"], ["6C"], "low"),
    (["5C", "2H", "7C"], ["6C"], "high"),
    (["5C", "2H", "7C"], ["8C"], "high"),
    (["3C", "2C", "5C"], ["4C"], "low"),
    (["5C", "6C", "7C"], ["2H", "9C"], "high"),
    (["5C", "2H", "7C"], ["9C"], "high"),
    (["QS", "KS", "AS"], ["JS"], "low"),
]


def engine_after(cards: list[str], add: list[str], end: str) -> dict[str, Any] | None:
    """The engine's meld after the addition, as the view's cards and wild."""
    from games.engine.buraco.cards import CODE, card_text
    from games.engine.buraco.melds import ENDS, add_to, natural, read_meld

    try:
        meld = add_to(read_meld([CODE[c] for c in cards]), [CODE[c] for c in add], ENDS.index(end))
    except ValueError:
        return None
    wild = None
    if meld.wild_pos:
        wild = {"at": meld.wild_pos - meld.low, "for": card_text(natural(meld.suit, meld.wild_pos))}
    return {"cards": [card_text(c) for c in meld.cards()], "wild": wild}


def test_the_choices_work_out_the_meld_an_addition_makes(site: Stack, browser: Any) -> None:
    """cards.js works out an addition's meld as the engine does: an extension, or the wild's own
    card put in and the wild moved to the chosen end (a same-suit 2 reaching its place is
    natural again)."""
    page = browser.new_context().new_page()
    page.goto(f"{site.url}/rules/")
    made = page.evaluate(
        """async ([url, cases]) => {
             const { addToRun, readRun, runMeld } = await import(url);
             const after = (cards, add, end) => {
               const run = addToRun(readRun(cards), add, end);
               return run && runMeld(run);
             };
             return cases.map(([cards, add, end]) => after(cards, add, end));
           }""",
        [f"{site.url}/static/games/cards.js", ADDITIONS],
    )
    assert made == [engine_after(*case) for case in ADDITIONS]
    assert made == [
        {"cards": ["2H", "5C", "6C", "7C"], "wild": {"at": 0, "for": "4C"}},
        {"cards": ["5C", "6C", "7C", "2H"], "wild": {"at": 3, "for": "8C"}},
        {"cards": ["5C", "2H", "7C", "8C"], "wild": {"at": 1, "for": "6C"}},
        {"cards": ["2C", "3C", "4C", "5C"], "wild": None},
        {"cards": ["5C", "6C", "7C", "2H", "9C"], "wild": {"at": 3, "for": "8C"}},
        None,
        {"cards": ["JS", "QS", "KS", "AS"], "wild": None},
    ]


def test_an_addition_is_told_with_the_wild_it_put_in_or_moved(site: Stack, browser: Any) -> None:
    """Item 9: an addition's words name the wild it placed or moved ("2♥ as the 4♣"), read from
    the engine's meld in the state right after the move; an addition that leaves the wild where
    it was, or a state that is not the one after the move, adds nothing. Read on a Buraco
    table's page, with the words its template gives."""
    match_id = django(
        site,
        f"""
        import json
        from games.services.matches import SeatSpec, match_create
        m = match_create(game={GAME!r}, seats=[SeatSpec(kind='house')] * 2, seed=7,
                         options={{"deals": 1}})
        print(json.dumps(m.pk))
        """,
    )
    page = browser.new_context().new_page()
    page.goto(f"{site.url}/matches/{match_id}/")
    told = page.evaluate(
        """async ([url, cases]) => {
             const { addedWild, moveText } = await import(url);
             return cases.map(([meld, add, end, version]) => {
               const m = { seat: 1, turn: 10, move: { add: 0, end, cards: add } };
               const match = {
                 version,
                 view: { sides: [[0], [1]], melds: [[], [{ number: 0, ...meld }]] },
               };
               const wild = addedWild(match, m);
               return [wild, moveText(m.move, { wild })];
             });
           }""",
        [
            f"{site.url}/static/games/cards.js",
            [
                [engine_after(*ADDITIONS[0]), ["6C"], "low", 11],  # the wild moved to the bottom
                [engine_after(*ADDITIONS[4]), ["2H", "9C"], "high", 11],  # a wild put in
                [engine_after(*ADDITIONS[2]), ["8C"], "high", 11],  # the wild stays inside
                [engine_after(*ADDITIONS[0]), ["6C"], "low", 12],  # not the state after it
            ],
        ],
    )
    assert told == [
        ["2♥ as the 4♣", "adds 6♣ to meld 1 (low end) (2♥ as the 4♣)"],
        ["2♥ as the 8♣", "adds 2♥ 9♣ to meld 1 (high end) (2♥ as the 8♣)"],
        ["", "adds 8♣ to meld 1 (high end)"],
        ["", "adds 6♣ to meld 1 (low end)"],
    ]
