"""The table on one screen (docs/web.md, "One screen"): at 390 by 844 and 1280 by 800, in English,
Spanish and Korean, every public part of a Busca and a Buraco position is on screen, inside the
viewport and under nothing (the dock above all): ``document.elementFromPoint`` at the centre and
near the corners of each marked part (``data-role``) finds that part. Then the cards: drawn
faces with no suit letters, the Spanish deck's own ranks, a fanned hand with tap targets of at
least 44 by 44 px (WCAG 2.5.5), in balanced overlapping rows on a phone (11 cards as 6 and 5), a
selected card that rises without being clipped."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.browser.conftest import django, screenshot, signed_in, state, user_create
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.browser.test_table_phone import busca_match
from tests.e2e.stack import Stack

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
LANGUAGES = {"en": "en-US", "es": "es-ES", "ko": "ko-KR"}
BURACO_PARTS = ["seat", "melds", "stock", "pile", "muertos", "hand", "actions"]
BUSCA_PARTS = ["seat", "trick", "hand", "actions"]
HINT_SEEN = "localStorage.setItem('table-hint-seen', '1')"

# Each marked part: inside the viewport, and the element at its centre and near its corners is
# the part or inside it. Returns what is wrong, in words.
UNCOVERED = """(roles) => {
  const wrong = [];
  for (const role of roles) {
    const nodes = [...document.querySelectorAll(`[data-role="${role}"]`)];
    if (!nodes.length) wrong.push(`${role}: missing`);
    for (const node of nodes) {
      const r = node.getBoundingClientRect();
      const where = `${role}[${nodes.indexOf(node)}]`;
      if (!r.width || !r.height) { wrong.push(`${where}: not shown`); continue; }
      const out = r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5;
      if (out || r.bottom > innerHeight + 0.5) {
        wrong.push(`${where}: outside the viewport ${JSON.stringify(r)}`);
        continue;
      }
      const d = Math.min(4, r.width / 4, r.height / 4);
      const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + d, r.top + d],
        [r.right - d, r.top + d], [r.left + d, r.bottom - d], [r.right - d, r.bottom - d]];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === node || node.contains(hit))) {
          const cls = hit && String(hit.className.baseVal ?? hit.className);
          const who = hit ? `${hit.tagName}#${hit.id}.${cls}` : "nothing";
          wrong.push(`${where} at ${Math.round(x)},${Math.round(y)} is under ${who}`);
        }
      }
    }
  }
  return wrong;
}"""


def uncovered(page: Any, parts: list[str]) -> list[str]:
    page.evaluate("() => window.scrollTo(0, 0)")
    # Two frames: the resize's fit, then its layout.
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )
    found: list[str] = page.evaluate(UNCOVERED, parts)
    return found


def buraco_with_melds(site: Stack, user: str, game: str = "buraco-cerrado", seed: int = 3) -> int:
    """A Buraco match played on (greedy moves for the person, the house for the others) until
    each side has 3 melds on the table and the person is to draw."""
    found: int = django(
        site,
        f"""
        import json, random, time
        from django.contrib.auth import get_user_model
        from games import engine
        from games.engine import strategies
        from games.models import Match
        from games.selectors import load_state
        from games.services.callers import Caller
        from games.services.matches import SeatSpec, match_create, move_submit
        u = get_user_model().objects.get(username={user!r})
        rules = engine.get({game!r})
        seats = [SeatSpec(kind='user', user_id=u.pk)]
        seats += [SeatSpec(kind='house')] * (rules.seats(rules.new(1)) - 1)
        m = match_create(game={game!r}, seats=seats, seed={seed}, kind="practice",
                         options={{"deals": 1}}, move_timeout=600)
        for _ in range(600):
            m = Match.objects.get(pk=m.pk)
            assert m.status == "running"
            st = load_state(m)
            if rules.to_move(st) != 0:
                time.sleep(0.1)
                continue
            view = rules.view(st, 0)
            if view["step"] == "draw" and all(len(x) >= 3 for x in view["melds"]):
                break
            legal = [rules.move_json(x) for x in rules.legal_moves(st)]
            move = strategies.choose("house:greedy", m.game, view, legal, random.Random(m.turn))
            move_submit(match_id=m.pk, caller=Caller(user_id=u.pk), turn=m.turn, move=move)
        else:
            raise AssertionError("the melds did not come")
        print(json.dumps(m.pk))
        """,
    )
    return found


def open_seat(
    browser: Any, site: Stack, user: str, url: str, language: str, *, seen: bool = True
) -> Any:
    page = signed_in(browser, site, user, viewport=SIZES["phone"], locale=LANGUAGES[language])
    if seen:
        page.add_init_script(HINT_SEEN)
    page.goto(url)
    page.wait_for_function(
        "() => { const m = window.__match.match; return m && m.to_move === 0 &&"
        " (m.legal_moves || []).length > 0; }"
    )
    page.locator("[data-role=hand] .card").first.wait_for()
    assert page.locator("html").get_attribute("lang") == language
    return page


@pytest.fixture(scope="module")
def people(site: Stack) -> dict[str, int]:
    user_create(site, "lay")
    return {
        "busca": busca_match(site, "lay", players=4, eliminate_at=31, seed=11),
        "buraco": buraco_with_melds(site, "lay"),
        # 19 cards in hand: two rows in the dock on a phone
        "mano": buraco_with_melds(site, "lay", "buraco-mano-a-mano", 1),
    }


@pytest.mark.parametrize("game", ["busca", "buraco", "mano"])
def test_every_part_of_the_position_is_on_one_screen(
    site: Stack, browser: Any, people: dict[str, int], game: str
) -> None:
    url = f"{site.url}/matches/{people[game]}/seat/0/"
    parts = BUSCA_PARTS if game == "busca" else BURACO_PARTS
    for language in LANGUAGES:
        page = open_seat(browser, site, "lay", url, language)
        seats = page.locator("[data-role=seat]")
        assert seats.count() == (2 if game == "mano" else 4)
        if game != "busca":
            assert page.locator("[data-role=melds]").count() == 2
            assert page.locator("[data-role=melds] .meld").count() >= 6
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            wrong = uncovered(page, parts)
            screenshot(page, f"layout-{game}-{language}-{size}")
            assert wrong == [], (language, size, wrong)
            if game == "mano":  # 19 cards: balanced rows on a phone, one row on a desktop
                strips = page.evaluate(STRIPS)
                rows = rows_of(strips)
                assert (len(rows) > 1) is (size == "phone"), rows
                assert max(rows) - min(rows) <= 2, rows
                assert all(s["strip"] >= 44 and s["height"] >= 44 for s in strips), strips
                assert all(s["reached"] for s in strips), strips
        page.context.close()


def test_seats_read_at_a_glance_and_partners_share_a_colour(
    site: Stack, browser: Any, people: dict[str, int]
) -> None:
    page = open_seat(browser, site, "lay", f"{site.url}/matches/{people['buraco']}/seat/0/", "en")
    seats = page.evaluate(
        """() => [...document.querySelectorAll('[data-role=seat]')].map((s) => ({
            seat: Number(s.dataset.seat), pos: [...s.classList].find((c) => c.startsWith('pos-')),
            short: s.querySelector('.name').textContent, full: s.getAttribute('title'),
            avatar: s.querySelector('.avatar').textContent,
            colour: getComputedStyle(s.querySelector('.avatar')).backgroundColor,
            cut: s.querySelector('.name').scrollWidth > s.querySelector('.name').clientWidth + 1,
        }))"""
    )
    by = {s["seat"]: s for s in seats}
    # The partner opposite; partners share a colour, the other side another.
    assert by[0]["pos"] == "pos-bottom" and by[2]["pos"] == "pos-top"
    assert by[0]["colour"] == by[2]["colour"] != by[1]["colour"] == by[3]["colour"]
    # House bots by a short name that is not cut; the whole name in the title.
    for n in (1, 2, 3):
        assert by[n]["short"].startswith("Greedy ") and len(by[n]["short"]) <= 10, by[n]
        assert by[n]["full"].startswith("Greedy house bot") and not by[n]["cut"], by[n]
        assert by[n]["avatar"] == f"G{by[n]['short'][-1]}"
    assert by[0]["short"] == "lay" and by[0]["avatar"] == "LA"
    # A tap shows the whole name.
    name = page.locator("[data-role=seat][data-seat='1'] .name")
    name.click()
    assert name.inner_text() == by[1]["full"]
    # The other side's melds sit between its two seats; ours above the person.
    far = page.locator("[data-role=melds].far").bounding_box()
    left = page.locator("[data-role=seat].pos-left").bounding_box()
    right = page.locator("[data-role=seat].pos-right").bounding_box()
    assert page.locator("[data-role=melds].far").get_attribute("data-side") == "1"
    assert left["x"] + left["width"] <= far["x"] + 1 and far["x"] + far["width"] <= right["x"] + 1
    assert page.locator("[data-role=melds].near").get_attribute("data-side") == "0"
    # The compact felt (melds as runs) passes axe.
    assert page.locator("#table .felt.compact").count() == 1
    assert violations(page) == []


def test_the_hint_shows_once_then_waits_behind_the_help_button(
    site: Stack, browser: Any, people: dict[str, int]
) -> None:
    url = f"{site.url}/matches/{people['busca']}/seat/0/"
    page = open_seat(browser, site, "lay", url, "en", seen=False)
    assert page.locator("#first-hint").is_visible()
    page.reload()
    page.locator("[data-role=hand] .card").first.wait_for()
    assert not page.locator("#first-hint").is_visible()
    page.click("#help-open")
    assert page.locator("#help .help-table li").count() == 3


@pytest.fixture(scope="module")
def fresh_buraco(site: Stack) -> int:
    user_create(site, "fan")
    found: int = django(
        site,
        """
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username="fan")
        m = match_create(game="buraco-mano-a-mano", seed=8, kind="practice", move_timeout=600,
                         seats=[SeatSpec(kind='user', user_id=u.pk), SeatSpec(kind='house')],
                         options={"deals": 1})
        print(json.dumps(m.pk))
        """,
    )
    return found


# Each hand card's visible strip (up to the left edge of the next card in its row, and down to
# the top of the next row where rows overlap) and whether a tap at the strip's centre reaches it.
STRIPS = """() => {
  const cards = [...document.querySelectorAll('[data-role=hand] > .card')];
  const tops = cards.map((card) => card.querySelector('.face').getBoundingClientRect().top);
  return cards.map((card, i) => {
    const r = card.querySelector('.face').getBoundingClientRect();
    const after = cards[i + 1]?.querySelector('.face').getBoundingClientRect();
    const next = after && Math.abs(after.top - r.top) < 2 ? after : null;
    const right = next ? Math.min(r.right, next.left) : r.right;
    const below = tops.filter((top) => top > r.top + 24);  // the next row (a risen card is not)
    const bottom = below.length ? Math.min(r.bottom, Math.min(...below)) : r.bottom;
    const hit = document.elementFromPoint((r.left + right) / 2, (r.top + bottom) / 2);
    return {card: card.dataset.card, top: Math.round(r.top), left: r.left, strip: right - r.left,
            height: bottom - r.top, reached: card.contains(hit)};
  });
}"""


def rows_of(strips: list[dict[str, Any]]) -> list[int]:
    """The number of cards in each row of the hand, top to bottom."""
    tops: dict[int, int] = {}
    for s in strips:
        tops[s["top"]] = tops.get(s["top"], 0) + 1
    return [tops[top] for top in sorted(tops)]


def test_a_fanned_hand_of_drawn_cards(site: Stack, browser: Any, fresh_buraco: int) -> None:
    page = signed_in(browser, site, "fan", viewport=SIZES["phone"])
    page.add_init_script(HINT_SEEN)
    page.goto(f"{site.url}/matches/{fresh_buraco}/seat/0/")
    page.wait_for_function(
        "() => { const m = window.__match.match;"
        " return m.to_move === 0 && m.view.step === 'draw'; }"
    )
    for count in (11, 12):
        # Two balanced rows on a phone (6 and 5, 6 and 6: never one card alone), each card
        # with a tap target of at least 44 by 44 px (WCAG 2.5.5) that a tap reaches.
        strips = page.evaluate(STRIPS)
        assert len(strips) == count
        assert rows_of(strips) == [6, count - 6], rows_of(strips)
        for s in strips:
            assert s["strip"] >= 44 and s["height"] >= 44 and s["reached"], s
        if count == 11:
            page.click("[data-action=stock]")
            page.wait_for_function("() => (window.__match.match.view.hand || []).length === 12")
            page.locator("[data-role=hand] > .card:nth-child(12)").wait_for()
    screenshot(page, "layout-hand-phone")
    # The person's own move is told as theirs, in the move list and on the felt.
    assert page.locator("#log li").last.inner_text() == "You draw from the stock"
    assert page.locator("#table .last-move").inner_text() == "You draw from the stock"
    # A selected card rises, whole, inside the dock.
    card = page.locator("[data-role=hand] > .card").nth(5)
    before = card.locator(".face").bounding_box()
    card.click()
    page.wait_for_timeout(250)
    after = card.locator(".face").bounding_box()
    dock = page.locator("#controls").bounding_box()
    assert after["y"] <= before["y"] - 8
    assert after["y"] >= dock["y"], (after, dock)
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('.card')?.dataset.index",
        [after["x"] + 8, after["y"] + 4],
    )
    assert hit == "5", "the risen card's top is not covered"
    # Arrow keys move over the hand.
    card.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.index") == "6"
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement.dataset.index") == "0"
    # On a desktop every card shows a strip of at least 44 px.
    page.set_viewport_size(SIZES["desktop"])
    strips = page.evaluate(STRIPS)
    assert all(s["strip"] >= 44 and s["height"] >= 44 for s in strips), strips
    # Faces: an index in the corner, drawn suits, no suit letter anywhere on a card.
    indexes = page.evaluate(
        "() => [...document.querySelectorAll('.card.drawn')].map((c) => c.textContent.trim())"
    )
    assert indexes
    assert not [i for i in indexes if any(letter in i for letter in "CDHS")], indexes
    assert page.locator("[data-role=hand] .card .face use").count() >= 2 * len(strips)


def test_the_spanish_deck_shows_its_own_ranks(
    site: Stack, browser: Any, people: dict[str, int]
) -> None:
    url = f"{site.url}/matches/{people['busca']}/seat/0/"
    page = open_seat(browser, site, "lay", url, "es")  # Spanish: Latin suits by default
    cards = page.evaluate(
        """() => [...document.querySelectorAll('#match .card.drawn')].map((c) => ({
            card: c.dataset.card, style: c.dataset.cardStyle, label: c.getAttribute('aria-label'),
            index: c.querySelector('.face-index').textContent, text: c.textContent }))"""
    )
    hand = [c for c in cards if c["card"]]
    assert hand and {c["style"] for c in hand} == {"latin"}
    expected = {"A": "1", "J": "10", "Q": "11", "K": "12"}
    names = {"J": "sota", "Q": "caballo", "K": "rey"}
    assert any(c["card"][0] in names for c in hand), "the hand holds a figure to check"
    for c in hand:
        rank = c["card"][0]
        assert c["index"] == expected.get(rank, rank), c
        if rank in names:
            assert c["label"].startswith(names[rank]) and names[rank] in c["text"], c
        assert not any(word in c["label"] for word in ("jota", "dama")), c
        assert not set(c["text"]) & set("CDHSJQK"), c
    assert state(page)["match"]["view"]["hand"]


def test_the_header_is_one_row_with_a_menu_on_a_phone(
    site: Stack, browser: Any, people: dict[str, int]
) -> None:
    url = f"{site.url}/matches/{people['busca']}/seat/0/"
    page = open_seat(browser, site, "lay", url, "ko")
    header = page.locator("header.site")
    assert header.bounding_box()["height"] <= 60
    assert not page.locator("#language-switch").is_visible()
    toggle = page.locator("header.site .menu-toggle")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    assert page.locator("#language-switch").is_visible()
    links = page.locator("header.site nav a")
    for i in range(links.count()):  # nothing cut: each link whole inside the phone's width
        box = links.nth(i).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= SIZES["phone"]["width"], box
    page.keyboard.press("Escape")
    assert not page.locator("#language-switch").is_visible()
    # Wide, the links sit in the header's one row with the switch, no menu button.
    page.set_viewport_size(SIZES["desktop"])
    assert not toggle.is_visible() and page.locator("#language-switch").is_visible()
    assert header.bounding_box()["height"] <= 60
