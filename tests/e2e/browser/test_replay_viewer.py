"""The replay viewer in Chromium: a finished match between two bots of one owner (one sends a
note with an eval on every move), stepped with the buttons, the keys, the slider, the move
number and the move list; one seat's cards or the full deal; both charts; both downloads; and
on a phone, as a stranger, who sees no notes."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx

from tests.e2e.browser.conftest import screenshot, signed_in, user_create
from tests.e2e.browser.test_accessibility import violations
from tests.e2e.stack import Stack

GAME = "buraco-mano-a-mano"
OWNER = "replay-owner"
PHONE = {"viewport": {"width": 390, "height": 844}}


def finished_match(site: Stack) -> tuple[int, dict[str, Any]]:
    """Play a match between the owner's two bots through the API, the first with a note on
    every move; return its id and its log."""
    user_create(site, OWNER)
    a = site.createbot("replay-a", owner=OWNER)["token"]
    b = site.createbot("replay-b", owner=OWNER)["token"]
    rng = random.Random(5)
    with site.client(a) as first, site.client(b) as second:
        body = {"game": GAME, "options": {"deals": 1}, "seats": ["me", {"bot": "replay-b"}]}
        created = first.post("/matches", json=body)
        assert created.status_code == 201, created.text
        match_id = int(created.json()["id"])
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            moved = False
            for client, noting in ((first, True), (second, False)):
                turns = client.get("/bot/turns", params={"wait": 0}).json()["turns"]
                for turn in (t for t in turns if t["match"] == match_id):
                    move: dict[str, Any] = {
                        "turn": turn["turn"],
                        "move": rng.choice(turn["legal_moves"]),
                    }
                    if noting:
                        move["note"] = {"text": f"plan {turn['turn']}", "eval": rng.uniform(-1, 1)}
                    reply = client.post(f"/matches/{match_id}/moves", json=move)
                    assert reply.status_code in (200, 409), reply.text
                    moved = True
            if not moved and first.get(f"/matches/{match_id}").json()["status"] != "running":
                return match_id, first.get(f"/matches/{match_id}/log").json()
        raise AssertionError(f"match {match_id} did not finish")


def ready(page: Any, url: str) -> None:
    reply = page.goto(url)
    assert reply is not None and reply.status == 200, url
    page.wait_for_selector("#match[data-ready=true]")


def at(page: Any) -> int:
    step: int = page.evaluate("() => window.__replay.at")
    return step


def hand_seats(page: Any) -> list[str]:
    seats: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('#replay-table [data-hand-seat]')]"
        ".map(h => h.dataset.handSeat)"
    )
    return seats


def points(page: Any, chart: str, seat: int) -> int:
    count: int = page.locator(f"#{chart} svg circle.point[data-seat='{seat}']").count()
    return count


def watch(page: Any) -> list[str]:
    """Collect script errors and Content-Security-Policy violations of the page."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    page.on(
        "console",
        lambda message: (
            found.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return found


def test_the_replay_viewer_steps_switches_seats_charts_and_downloads(
    site: Stack, browser: Any, tmp_path: Path
) -> None:
    match_id, log = finished_match(site)
    moves = log["moves"]
    n = len(moves)
    by_seat = {s: sum(1 for m in moves if m["seat"] == s) for s in (0, 1)}
    assert n > 20 and all(by_seat.values())
    assert all(m["timing"]["think_ms"] is not None for m in moves)  # every turn was handed over
    url = f"{site.url}/matches/{match_id}/replay/"

    page = signed_in(browser, site, OWNER, accept_downloads=True)
    problems = watch(page)
    ready(page, url)
    assert at(page) == 0 and f"Move 0 of {n}" in page.text_content("#replay-where")
    # Buttons.
    forward, back = page.locator("[data-step=forward]"), page.locator("[data-step=back]")
    forward.click()
    forward.click()
    assert at(page) == 2
    back.click()
    assert at(page) == 1
    assert page.text_content("#replay-where").startswith(f"Move 1 of {n}: ")
    # Keys (the focus is on the Back button, not in a field).
    page.keyboard.press("ArrowRight")
    assert at(page) == 2
    page.keyboard.press("End")
    assert at(page) == n
    assert "Result:" in page.text_content("#replay-move")
    page.keyboard.press("Home")
    assert at(page) == 0
    page.keyboard.press("ArrowLeft")
    assert at(page) == 0
    # The slider, by pointer and by its own arrow keys; the move number; the move list.
    page.fill("#replay-range", "10")
    assert at(page) == 10
    page.focus("#replay-range")
    page.keyboard.press("ArrowRight")
    assert at(page) == 11
    page.fill("#replay-turn", "5")
    page.press("#replay-turn", "Enter")
    assert at(page) == 5 and page.input_value("#replay-range") == "5"
    page.click("#replay-moves li[data-step='3'] button")
    assert at(page) == 3
    assert page.get_attribute("#replay-moves li[data-step='3']", "aria-current") == "step"
    # Beside the move: who, the move in words and notation, its timings, the note.
    first_noted = next(m for m in moves if m["seat"] == 0)
    page.fill("#replay-turn", str(first_noted["turn"] + 1))
    panel = page.text_content("#replay-move")
    assert "replay-a" in panel and "Notation:" in panel and "think time" in panel
    assert f"plan {first_noted['turn']}" in panel and "eval" in panel
    # One seat's cards, or the full deal.
    page.fill("#replay-turn", "5")
    assert sorted(hand_seats(page)) == ["0", "1"]
    page.select_option("#replay-seat", "1")
    assert hand_seats(page) == ["1"]
    # The seat seen from is not "you": whoever watches the replay, it is marked by its cards.
    seen = page.text_content("#replay-table .seat[data-seat='1']")
    assert "(cards shown)" in seen and "(you)" not in seen
    assert "Your side" not in page.text_content("#replay-table")
    assert page.text_content("#replay-command").endswith(
        f"replay {match_id} --url {site.url} --seat 1 --from-turn 5 --bot mybot.py"
    )
    page.select_option("#replay-seat", "0")
    assert hand_seats(page) == ["0"]
    page.select_option("#replay-seat", "")
    assert sorted(hand_seats(page)) == ["0", "1"]
    # The charts: a point per move of each seat (think time); per noted move (eval).
    for seat in (0, 1):
        assert points(page, "chart-think", seat) == by_seat[seat]
    assert points(page, "chart-eval", 0) == by_seat[0]
    assert points(page, "chart-eval", 1) == 0
    assert page.locator("#chart-think svg polyline").count() == 2
    assert page.locator("#chart-eval svg polyline").count() == 1
    page.click(f"#chart-think circle.point[data-step='{n}']", force=True)
    assert at(page) == n
    screenshot(page, "replay-viewer")
    # The downloads.
    with page.expect_download() as download:
        page.click("#download-json")
    assert download.value.suggested_filename == f"match-{match_id}.json"
    document = json.loads(Path(download.value.path()).read_text())
    assert len(document["frames"]) == n + 1 and document["match"] == match_id
    with page.expect_download() as download:
        page.click("#download-events")
    assert download.value.suggested_filename == f"match-{match_id}-events.ndjson"
    lines = [json.loads(line) for line in Path(download.value.path()).read_text().splitlines()]
    assert len(lines) == n + 1 and lines[0]["game"] == GAME and lines[0]["seed"] == log["seed"]
    assert [line["move"] for line in lines[1:]] == [m["move"] for m in moves]
    assert all("note" in line for line in lines[1:] if line["seat"] == 0)  # the owner's
    assert problems == []

    # A stranger on a phone: the same viewer, no notes, nothing wider than the screen.
    phone = browser.new_context(**PHONE).new_page()
    phone.set_default_timeout(20000)
    problems = watch(phone)
    ready(phone, f"{url}#move=7&seat=1")
    assert at(phone) == 7 and hand_seats(phone) == ["1"]
    phone.click("[data-step=forward]")
    assert at(phone) == 8
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    assert points(phone, "chart-think", 0) == by_seat[0]
    assert phone.locator("#chart-eval svg").count() == 0
    assert "No notes with an eval" in phone.text_content("#chart-eval")
    assert "plan " not in phone.content()
    for control in ("[data-step=first]", "#replay-range", "#replay-turn", "#replay-seat"):
        box = phone.locator(control).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, control
    assert violations(phone) == []
    screenshot(phone, "replay-viewer-phone")
    assert problems == []
    # Nothing of the notes reaches a stranger's downloads either.
    strange = httpx.get(f"{site.url}/matches/{match_id}/events.ndjson").text
    assert "plan " not in strange and len(strange.splitlines()) == n + 1
