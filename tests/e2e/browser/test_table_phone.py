"""The card table on a phone (390 by 844): a whole Busca match against house bots, with the hand
and the actions always on screen, each finished trick held in view with its taker, score
sheets, the result banner, refusals, the "?" panel and the first-visit hint."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import django, screenshot, signed_in, state, user_create
from tests.e2e.stack import Stack

PHONE = {"width": 390, "height": 844}


def busca_match(
    site: Stack,
    user: str,
    *,
    players: int,
    eliminate_at: int,
    seed: int,
    kind: str = "practice",
    sealed: bool = False,
    max_deals: int | None = None,
) -> int:
    """A Busca match: ``user`` at seat 0, house bots in the other seats."""
    seats = ", ".join(
        ["SeatSpec(kind='user', user_id=u.pk)"] + ["SeatSpec(kind='house')"] * (players - 1)
    )
    options = {"players": players, "eliminate_at": eliminate_at}
    if max_deals is not None:
        options["max_deals"] = max_deals
    result: int = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username={user!r})
        m = match_create(game="busca", seats=[{seats}], seed={seed}, kind={kind!r},
                         sealed={sealed!r}, options={options!r}, move_timeout=600)
        print(json.dumps(m.pk))
        """,
    )
    return result


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def watch_errors(page: Any) -> list[str]:
    """Collect the page's script errors (each test ends by asserting there were none)."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def shown_names(page: Any) -> list[str]:
    """The seats' whole names (the felt shows a short one, the whole one on a tap), in seat
    order."""
    found: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#table .seat')]"
        ".sort((a, b) => a.dataset.seat - b.dataset.seat)"
        ".map(s => s.querySelector('.name').dataset.full)"
    )
    return found


def assert_on_screen(page: Any, selector: str) -> None:
    b = box(page, selector)
    assert b["y"] >= 0 and b["y"] + b["height"] <= PHONE["height"] + 0.5, (selector, b)
    assert b["x"] >= -0.5 and b["x"] + b["width"] <= PHONE["width"] + 0.5, (selector, b)


def test_a_person_plays_a_whole_busca_match_on_a_phone(site: Stack, browser: Any) -> None:
    user_create(site, "fara")
    match_id = busca_match(site, "fara", players=4, eliminate_at=1, seed=3)  # fara plays two deals
    page = signed_in(browser, site, "fara", viewport=PHONE)
    errors = watch_errors(page)
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")

    # The first visit shows a hint of three lines; once closed it stays closed.
    hint = page.locator("#first-hint")
    assert hint.is_visible() and hint.locator("li").count() == 3
    screenshot(page, "table-phone-hint")
    page.click("#first-hint-close")
    assert not hint.is_visible()
    page.reload()
    assert not page.locator("#first-hint").is_visible()

    # The "?" panel opens over the game with the short rules and a link to the full ones.
    page.click("#help-open")
    assert page.locator("#help").is_visible()
    assert page.locator("#help a[href='/rules/busca/']").count() == 1
    page.keyboard.press("Escape")
    assert not page.locator("#help").is_visible()

    page.wait_for_function("() => window.__match.match.to_move === 0")
    names = shown_names(page)
    assert len(set(names)) == 4  # three house bots, told apart
    felt = page.locator("#table")
    for seat in page.locator("#table [data-role=seat]").all():
        assert seat.get_attribute("title") in names
        assert seat.locator(".name").inner_text() in felt.inner_text()
    assert "seat 0" not in page.locator("main").inner_text().lower()
    assert page.locator("#table .seat.pos-bottom.mine").count() == 1
    assert page.locator("#table .dealer-chip").count() == 1
    # The whole table fits above the fixed hand and actions, without scrolling.
    page.evaluate("() => window.scrollTo(0, 0)")
    table_box = box(page, "#table")
    dock_box = box(page, "#controls")
    assert table_box["y"] >= 0 and table_box["y"] + table_box["height"] <= dock_box["y"] + 1, (
        table_box,
        dock_box,
    )
    screenshot(page, "table-phone-busca")

    refused_seen = False
    pauses = 0
    played = 0
    summaries = 0
    deal = 1
    while True:
        page.wait_for_function(
            "() => { const m = window.__match.match; return m.status !== 'running' ||"
            " (m.to_move === 0 && (m.legal_moves || []).length > 0) ||"
            " !(m.view.in_deal || []).includes(0); }"
        )
        current = state(page)["match"]
        if current["status"] != "running":
            break
        if 0 not in current["view"]["in_deal"]:
            page.wait_for_function("() => window.__match.match.status !== 'running'", timeout=60000)
            break
        assert_on_screen(page, "[data-role=hand]")
        assert_on_screen(page, "[data-role=actions]")
        if current["view"]["deal"] > deal:
            # A new deal: the last one's score sheet comes up after its last trick.
            deal = current["view"]["deal"]
            sheet = page.locator("[data-role=deal-summary]")
            sheet.wait_for(timeout=4000)
            text = sheet.inner_text()
            assert "Buscas" in text and "took the last trick" in text
            assert all(name in text for name in names)
            summaries += 1
            screenshot(page, "table-phone-deal-summary")
            sheet.locator("button").click()
            assert not sheet.count()
        refused = page.locator("[data-role=hand] button.card.refused")
        if not refused_seen and refused.count():
            # A card that may not be played says why, and is not sent.
            first = refused.first
            reason = first.get_attribute("data-reason")
            assert reason and first.get_attribute("aria-describedby")
            first.focus()  # dimmed, yet focusable: the keyboard reaches it
            page.keyboard.press("Enter")
            assert page.locator("#error").inner_text() == reason
            assert state(page)["match"]["turn"] == current["turn"]
            refused_seen = True
        view = current["view"]
        completes = len(view["trick"]["cards"]) == len(view["in_deal"]) - 1
        before = current["turn"]
        page.locator("[data-role=hand] button.card.legal").first.click()
        page.wait_for_function(f"() => window.__match.match.turn > {before}")
        played += 1
        if completes:
            # The trick stays on the table with its taker; the server did not wait.
            trick = page.locator("[data-role=trick].paused")
            trick.wait_for(timeout=3000)
            after = state(page)["match"]["view"]
            done = after["tricks"][-1] if after["tricks"] else after["last_deal"]["tricks"][-1]
            taker = names[done["winner"]]
            assert taker in trick.locator(".trick-caption").inner_text()
            # Screen readers hear the trick's label: its caption, then each card and its player.
            label = trick.get_attribute("aria-label") or ""
            assert label.startswith(trick.locator(".trick-caption").inner_text() + ": ")
            assert all(names[c["seat"]] in label for c in done["cards"])
            assert trick.locator("figure").count() == len(view["in_deal"])
            pauses += 1
            if pauses == 1:
                screenshot(page, "table-phone-trick-pause")
            page.wait_for_function(
                "() => !document.querySelector('[data-role=trick].paused')", timeout=4000
            )
    assert played >= 20 and pauses >= 3 and summaries == 1 and refused_seen
    final = state(page)["match"]
    assert final["status"] == "finished"
    banner = page.locator("#result-banner")
    banner.wait_for()
    places = banner.locator(".places li")
    assert places.count() == 4
    assert all(any(name in places.nth(i).inner_text() for name in names) for i in range(4))
    assert not page.locator("#resign").is_visible()
    assert page.locator("#table .seat.to-move").count() == 0
    assert "to move" not in page.locator("#table").inner_text()
    page.locator("[data-role=deal-summary], #open-summary").first.wait_for()
    if not page.locator("[data-role=deal-summary]").count():
        page.click("#open-summary")
    summary = page.locator("[data-role=deal-summary]")
    assert "Buscas" in summary.inner_text() and summary.locator("tr").count() >= 3
    screenshot(page, "table-phone-over")
    assert errors == []


MANO = "buraco-mano-a-mano"


def greedy_path(seed: int, person: int) -> list[dict[str, Any]]:
    """The person's moves when they play as the house's greedy bot does (the house's own moves
    come from the same seeded choices, so the server's match follows this path)."""
    import random

    from games import engine
    from games.engine import strategies

    rules = engine.get(MANO)
    state_ = rules.new(seed, deals=1)
    turn = 0
    mine: list[dict[str, Any]] = []
    while rules.to_move(state_) is not None:
        seat = rules.to_move(state_)
        legal = rules.legal_moves(state_)
        wire = [rules.move_json(m) for m in legal]
        rng = random.Random(f"{seed}:{turn}")
        choice = strategies.choose("house:greedy", MANO, rules.view(state_, seat), wire, rng)
        if seat == person:
            mine.append(choice)
        state_ = rules.apply(state_, legal[wire.index(choice)])
        turn += 1
    return mine


def select(page: Any, cards: list[str]) -> None:
    for card in cards:
        page.locator(
            f"[data-role=hand] button.card[data-card='{card}'][aria-pressed='false']"
        ).first.click()


def choose(page: Any, move: dict[str, Any]) -> None:
    """Several moves fit the selection: click the one meant."""
    import json

    choices = page.locator(".choices button")
    if not choices.count():
        return
    for i in range(choices.count()):
        if json.loads(choices.nth(i).get_attribute("data-move")) == move:
            choices.nth(i).click()
            return
    raise AssertionError(f"{move} is not among the choices")


def play_through_page(page: Any, move: dict[str, Any], top: str | None) -> None:
    """Make ``move`` as a person does: select hand cards, pick a meld, press an action."""
    if move.get("draw") == "stock":
        page.click("[data-action=stock]")
        return
    cards = list(move.get("meld") or move.get("cards") or [move.get("discard")])
    if move.get("draw") == "pile":
        cards.remove(top)
    select(page, cards)
    if "add" in move:
        # the meld's pick button, or on a compact table its run
        page.locator(f".side.mine [data-meld='{move['add']}']").locator(
            ".meld-pick:visible, .meld-run:visible"
        ).first.click()
    action = (
        "pile"
        if "draw" in move
        else "add"
        if "add" in move
        else "meld"
        if "meld" in move
        else "discard"
    )
    page.click(f"[data-action={action}]")
    choose(page, move)


def test_a_person_takes_the_pile_adds_and_closes_in_mano_a_mano_on_a_phone(
    site: Stack, browser: Any
) -> None:
    seed, person = 218, 0  # greedy play takes the pile, adds to a meld and closes
    path = greedy_path(seed, person)
    assert any(m.get("draw") == "pile" for m in path)
    assert any("add" in m and "draw" not in m for m in path)
    user_create(site, "gil")
    match_id = django(
        site,
        f"""
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username="gil")
        m = match_create(game={MANO!r}, seed={seed}, kind="practice", move_timeout=600,
                         seats=[SeatSpec(kind='user', user_id=u.pk), SeatSpec(kind='house')],
                         options={{"deals": 1}})
        print(json.dumps(m.pk))
        """,
    )
    page = signed_in(browser, site, "gil", viewport=PHONE)
    errors = watch_errors(page)
    page.goto(f"{site.url}/matches/{match_id}/seat/{person}/")
    page.click("#first-hint-close")
    page.wait_for_function(f"() => window.__match.match.to_move === {person}")
    page.evaluate("() => window.scrollTo(0, 0)")
    table_box, dock_box = box(page, "#table"), box(page, "#controls")
    assert table_box["y"] >= 0 and table_box["y"] + table_box["height"] <= dock_box["y"] + 1
    felt = page.locator("#table").inner_text()
    assert "your muerto is waiting" in felt and "their muerto is waiting" in felt
    assert "stock: " in felt
    screenshot(page, "table-phone-mano")

    # A refused action says why, and sends no move.
    turn = state(page)["match"]["turn"]
    page.focus("[data-action=pile]")
    page.keyboard.press("Enter")
    assert page.locator("#error").inner_text()
    assert state(page)["match"]["turn"] == turn

    seen = {"pile": False, "add": False, "canasta": False}
    for n, move in enumerate(path):
        step = "draw" if "draw" in move else "play"
        page.wait_for_function(
            f"() => {{ const m = window.__match.match; return m.to_move === {person} &&"
            f" m.view.step === '{step}' && (m.legal_moves || []).length > 0 &&"
            " !window.__match.pending; }"
        )
        current = state(page)["match"]
        assert move in current["legal_moves"], (n, move)
        assert_on_screen(page, "[data-role=hand]")
        assert_on_screen(page, "[data-role=actions]")
        if n == 1 and step == "play":
            # A selection that fits no legal move asks the server why (or says what we know).
            single = current["view"]["hand"][0]
            select(page, [single])
            page.focus("[data-action=meld]")
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.getElementById('error').textContent !== ''")
            assert state(page)["match"]["turn"] == current["turn"]
            page.click("text=Clear selection")
        play_through_page(page, move, current["view"]["pile"]["top"])
        page.wait_for_function(f"() => window.__match.version > {current['turn']}")
        if move.get("draw") == "pile" and not seen["pile"]:
            seen["pile"] = True
            screenshot(page, "table-phone-mano-pile")
        if "add" in move and "draw" not in move:
            seen["add"] = True
        if page.locator("#table .side.mine .canasta-badge").count():
            seen["canasta"] = True
    assert all(seen.values()), seen

    # The close ends the match: the score sheet and the result banner.
    page.wait_for_function("() => window.__match.match.status === 'finished'")
    sheet = page.locator("[data-role=deal-summary]")
    sheet.wait_for()
    text = sheet.inner_text()
    for row in (
        "Melded cards",
        "Canasta bonuses",
        "Cards left in hand",
        "Muerto",
        "Close",
        "Totals",
    ):
        assert row in text
    assert "gil closed" in text
    close_row = sheet.locator("tr", has_text="Close").first.locator("td")
    assert close_row.nth(person).inner_text() == "100"
    assert page.locator("#result-banner .places li").first.inner_text().endswith("gil")
    assert not page.locator("#resign").is_visible()
    screenshot(page, "table-phone-mano-over")
    assert errors == []


def bot_plays(client: Any, match_id: int, count: int) -> None:
    """The pull bot plays its next ``count`` turns of the match (its first legal card)."""
    for _ in range(count):
        turns = client.get("/bot/turns", params={"wait": 10}).json()["turns"]
        [turn] = [t for t in turns if t["match"] == match_id]
        played = client.post(
            f"/matches/{match_id}/moves",
            json={"turn": turn["turn"], "move": turn["legal_moves"][0]},
        )
        assert played.status_code in (200, 201), played.text


def house_done(client: Any, match_id: int) -> None:
    """Wait until the house bots have played their moves and it is the bot's turn again."""
    turns = client.get("/bot/turns", params={"wait": 10}).json()["turns"]
    assert [t for t in turns if t["match"] == match_id], "the bot's turn did not come back"


def test_a_spectator_watches_at_a_pace_then_jumps_to_live(site: Stack, browser: Any) -> None:
    bot = site.createbot("lookout")
    match_id = django(
        site,
        """
        import json
        from bots.models import Bot
        from games.services.matches import SeatSpec, match_create
        b = Bot.objects.get(name="lookout")
        m = match_create(game="busca", seed=5, move_timeout=600,
                         seats=[SeatSpec(kind='bot', bot_id=b.pk)] + [SeatSpec(kind='house')] * 3,
                         options={"players": 4})
        print(json.dumps(m.pk))
        """,
    )
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(20000)
    errors = watch_errors(page)
    with site.client(bot["token"]) as client:
        bot_plays(client, match_id, 8)  # most of the first deal, before anyone watches
        house_done(client, match_id)  # the house's moves after it too: the page opens live
        page.goto(f"{site.url}/matches/{match_id}/")
        page.wait_for_function("() => window.__match.version >= 0")
        start = state(page)["version"]
        assert page.locator("#behind").inner_text() == "watching live"
        assert not page.locator("[data-role=hand]").count()  # a spectator sees no hand
        bot_plays(client, match_id, 4)  # the end of deal 1 and the start of deal 2
        page.wait_for_function(f"() => window.__match.version >= {start + 12}")
        # The moves come at a watchable pace: the table is behind live and says so.
        assert page.evaluate("() => window.__shown.version < window.__match.version")
        assert "behind live" in page.locator("#behind").inner_text()
        assert page.locator("#jump-live").is_visible()
        assert page.locator("#log li").count() < state(page)["version"]
        # A finished trick stays on the table with its taker.
        trick = page.locator("[data-role=trick].paused")
        trick.wait_for(timeout=10000)
        assert "takes the trick" in trick.inner_text()
        assert trick.locator("figure").count() == 4
        screenshot(page, "table-spectator-trick")
        # At the end of the deal, its score sheet.
        sheet = page.locator("[data-role=deal-summary]")
        sheet.wait_for(timeout=20000)
        assert "Deal 1" in sheet.inner_text() and "Buscas" in sheet.inner_text()
        screenshot(page, "table-spectator-summary")
        assert page.locator("#jump-live").is_visible()
        page.click("#jump-live")
        page.wait_for_function("() => window.__shown.version === window.__match.version")
        assert not page.locator("#jump-live").is_visible()
        assert page.locator("#behind").inner_text() == "watching live"
        assert page.locator("#log li").count() == state(page)["version"]
        assert state(page)["match"]["view"]["deal"] == 2
    assert errors == []


def test_cerrado_seats_the_partner_opposite_and_keeps_the_hand_docked(
    site: Stack, browser: Any
) -> None:
    user_create(site, "hana")
    match_id = django(
        site,
        """
        import json
        from django.contrib.auth import get_user_model
        from games.services.matches import SeatSpec, match_create
        u = get_user_model().objects.get(username="hana")
        seats = [SeatSpec(kind='house'), SeatSpec(kind='user', user_id=u.pk),
                 SeatSpec(kind='house', strategy='house:random'), SeatSpec(kind='house')]
        m = match_create(game="buraco-cerrado", seed=7, kind="practice", move_timeout=600,
                         seats=seats, options={"deals": 1})
        print(json.dumps(m.pk))
        """,
    )
    page = signed_in(browser, site, "hana", viewport=PHONE)
    errors = watch_errors(page)
    page.goto(f"{site.url}/matches/{match_id}/seat/1/")
    page.wait_for_function("() => window.__match.match.to_move === 1")
    # The viewer at the bottom, the partner (seat 3) opposite, the others at the sides.
    assert page.locator("#table .seat.pos-bottom").get_attribute("data-seat") == "1"
    assert page.locator("#table .seat.pos-top").get_attribute("data-seat") == "3"
    assert {
        page.locator("#table .seat.pos-left").get_attribute("data-seat"),
        page.locator("#table .seat.pos-right").get_attribute("data-seat"),
    } == {"0", "2"}
    felt = page.locator("#table").inner_text()
    assert "Your side's melds" in felt and "The other side's melds" in felt
    assert "your muerto is waiting" in felt
    assert page.locator("#table .dealer-chip").count() == 1
    assert page.locator("#help a[href='/rules/buraco-cerrado/']").count() == 1
    page.click("#first-hint-close")
    for _ in range(2):  # two turns: draw from the stock, discard what the page offers
        page.wait_for_function(
            "() => { const m = window.__match.match; return m.to_move === 1 &&"
            " m.view.step === 'draw' && !window.__match.pending; }"
        )
        assert_on_screen(page, "[data-role=hand]")
        assert_on_screen(page, "[data-role=actions]")
        before = state(page)["match"]["turn"]
        page.click("[data-action=stock]")
        page.wait_for_function(f"() => window.__match.match.turn > {before}")
        current = state(page)["match"]
        discard = next(m for m in current["legal_moves"] if "discard" in m)
        select(page, [discard["discard"]])
        page.click("[data-action=discard]")
        page.wait_for_function(f"() => window.__match.version > {current['turn']}")
    screenshot(page, "table-phone-cerrado")
    assert errors == []
