"""A person plays Mano a Mano turns in the browser: draw, meld, add, discard, by selecting cards."""

from __future__ import annotations

from typing import Any

from games import engine
from tests.e2e.browser.conftest import django, screenshot, signed_in, state, user_create
from tests.e2e.stack import Stack

GAME = "buraco-mano-a-mano"


def a_seed_with_meld_and_add() -> tuple[int, int, dict[str, Any], dict[str, Any]]:
    """Find a seed where the first player, after drawing, can meld and then add to that meld."""
    rules = engine.get(GAME)
    for seed in range(1, 5000):
        state = rules.new(seed, deals=1)
        seat = rules.to_move(state)
        state = rules.apply(state, rules.parse_move({"draw": "stock"}))
        for meld in [rules.move_json(m) for m in rules.legal_moves(state)]:
            if "meld" not in meld or "JK" in meld["meld"] or any(c[0] == "2" for c in meld["meld"]):
                continue
            after = rules.apply(state, rules.parse_move(meld))
            adds = [rules.move_json(m) for m in rules.legal_moves(after)]
            adds = [m for m in adds if "add" in m and m["add"] == 0 and len(m["cards"]) == 1]
            if adds:
                assert seat is not None
                return seed, seat, meld, adds[0]
    raise AssertionError("no seed with a meld and an add")


def select(page: Any, cards: list[str]) -> None:
    for card in cards:
        page.locator(
            f".hand.mine button.card[data-card='{card}'][aria-pressed='false']"
        ).first.click()


def my_turn(page: Any, seat: int, step: str) -> dict[str, Any]:
    page.wait_for_function(
        f"() => {{ const m = window.__match.match; return m.to_move === {seat} &&"
        f" m.view.step === '{step}' && (m.legal_moves || []).length > 0; }}"
    )
    return state(page)["match"]


def test_a_person_draws_melds_adds_and_discards_in_mano_a_mano(site: Stack, browser: Any) -> None:
    seed, seat, meld, add = a_seed_with_meld_and_add()
    user_create(site, "cruz")
    seats = ["None"] * 2
    seats[seat] = "SeatSpec(kind='user', user_id=u.pk)"
    seats[1 - seat] = "SeatSpec(kind='house')"
    match_id = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username="cruz")
        m = match_create(game={GAME!r}, seats=[{", ".join(seats)}], seed={seed},
                         options={{"deals": 1}}, move_timeout=600)
        print(json.dumps(m.pk))
        """,
    )
    page = signed_in(browser, site, "cruz", viewport={"width": 390, "height": 844})
    page.goto(f"{site.url}/matches/{match_id}/seat/{seat}/")

    my_turn(page, seat, "draw")
    assert page.locator("[data-action=pile]").is_disabled()
    screenshot(page, "buraco-draw-phone")
    page.click("[data-action=stock]")

    current = my_turn(page, seat, "play")
    assert meld in current["legal_moves"]
    select(page, meld["meld"])
    page.click("[data-action=meld]")
    page.wait_for_function(f"() => window.__match.match.view.melds[{seat}].length === 1")

    my_turn(page, seat, "play")
    select(page, add["cards"])
    # the meld's pick button, or on a compact table its run
    page.locator(f".side.mine [data-meld='{add['add']}']").locator(
        ".meld-pick:visible, .meld-run:visible"
    ).first.click()
    page.click("[data-action=add]")
    if page.locator(".choices").count():
        page.locator(".choices button", has_text=f"({add['end']} end)").click()
    page.wait_for_function(
        f"() => window.__match.match.view.melds[{seat}][0].cards.length === {len(meld['meld']) + 1}"
    )
    current = my_turn(page, seat, "play")
    screenshot(page, "buraco-play-phone")

    discard = next(m for m in current["legal_moves"] if "discard" in m)
    select(page, [discard["discard"]])
    page.keyboard.press("Tab")  # the controls answer the keyboard too
    page.focus("[data-action=discard]")
    page.keyboard.press("Enter")
    # The house may answer before we look, and give the turn back: wait for the turn count.
    page.wait_for_function(f"() => window.__match.match.turn > {current['turn']}")

    log = page.request.get(f"{site.url}/api/v1/matches/{match_id}/log").json()
    mine = [m["move"] for m in log["moves"] if m["seat"] == seat][:4]
    assert mine == [{"draw": "stock"}, meld, add, discard]
    page.set_viewport_size({"width": 1280, "height": 900})
    my_turn(page, seat, "draw")
    screenshot(page, "buraco-desktop")


def test_a_clocked_table_shows_the_other_seats_banks(site: Stack, browser: Any) -> None:
    """A time bank on the table: the seat not to move shows its bank, as the server counts it,
    in the reader's language; my own thinking never runs the opponent's bank down."""
    from django.utils import translation

    rules = engine.get(GAME)
    seed = next(s for s in range(1, 500) if rules.to_move(rules.new(s, deals=1)) == 0)
    user_create(site, "berta")
    match_id = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from bots.services import bot_create
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username="berta")
        bot = bot_create(owner=u, name="quiet-berta", games=[]).bot  # it never answers
        m = match_create(game={GAME!r}, seed={seed}, options={{"deals": 1}},
                         seats=[SeatSpec(kind="user", user_id=u.pk),
                                SeatSpec(kind="bot", bot_id=bot.pk)],
                         clock={{"bank": 90, "increment": 2}})
        print(json.dumps(m.pk))
        """,
    )
    with translation.override("es"):
        label = translation.gettext("time bank")
    assert label != "time bank"
    page = signed_in(browser, site, "berta", viewport={"width": 390, "height": 844}, locale="es-ES")
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")
    my_turn(page, 0, "draw")
    bank = page.locator(".seat-bank")
    assert bank.count() == 1 and bank.get_attribute("data-bank") == "90"
    assert bank.inner_text() == f"{label} 1:30"
    page.wait_for_timeout(1500)
    page.click("[data-action=stock]")
    current = my_turn(page, 0, "play")
    assert state(page)["match"]["seats"][1]["bank"] == 90  # my thinking is on my clock only
    assert page.locator(".seat-bank").get_attribute("data-bank") == "90"
    screenshot(page, "buraco-time-bank-phone")
    discard = next(m for m in current["legal_moves"] if "discard" in m)
    select(page, [discard["discard"]])
    page.click("[data-action=discard]")
    # The bot's turn now: my seat shows what is left of my bank, as the server has it.
    page.wait_for_function("() => window.__match.match.to_move === 1")
    mine = state(page)["match"]["seats"][0]["bank"]
    assert 0 < mine < 90 + 2 * 2
    shown = page.locator(".seat-bank")
    assert shown.count() == 1 and float(shown.get_attribute("data-bank")) == mine
    assert shown.inner_text().startswith(label)
