"""A bot's notes show live on its owner's table (issue 24): the owner watches their bot's
practice match in Chromium and each note appears beside its move as the bot sends it; a
stranger watching the same table sees none and never asks for them."""

from __future__ import annotations

import time
from typing import Any

from tests.e2e.browser.conftest import screenshot, signed_in, user_create
from tests.e2e.stack import Stack

OWNER = "notes-owner"
STRANGER = "notes-stranger"
MARKER = "live-plan"


def move_with_note(bot: Any, match_id: int, count: int) -> int:
    """Play the bot's next turn of ``match_id`` with a note; return the turn played."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        turns = bot.get("/bot/turns", params={"wait": 5}).json()["turns"]
        for turn in (t for t in turns if t["match"] == match_id):
            body = {
                "turn": turn["turn"],
                "move": turn["legal_moves"][0],
                "note": {"text": f"{MARKER} {count}", "eval": 0.25},
            }
            reply = bot.post(f"/matches/{match_id}/moves", json=body)
            assert reply.status_code == 200, reply.text
            return int(turn["turn"])
    raise AssertionError("the bot's turn did not come")


def test_the_owner_sees_the_notes_live_and_a_stranger_none(site: Stack, browser: Any) -> None:
    user_create(site, OWNER)
    user_create(site, STRANGER)
    token = site.createbot("noting-bot", owner=OWNER)["token"]
    with site.client(token) as bot:
        body = {
            "game": "buraco-mano-a-mano",
            "options": {"deals": 1},
            "seats": ["me", "house:random"],
        }
        created = bot.post("/matches", json=body)
        assert created.status_code == 201, created.text
        match_id = int(created.json()["id"])
        owner = signed_in(browser, site, OWNER)
        owner.set_default_timeout(20000)
        stranger = signed_in(browser, site, STRANGER)
        asked: list[str] = []
        stranger.on("request", lambda r: asked.append(r.url) if "notes.json" in r.url else None)
        for page in (owner, stranger):
            page.goto(f"{site.url}/matches/{match_id}/")
        for count in range(3):
            turn = move_with_note(bot, match_id, count)
            # It shows beside its move once the table reaches it, without a reload.
            owner.wait_for_selector(f"#log li[data-turn='{turn}'] .move-note")
            text = owner.text_content(f"#log li[data-turn='{turn}'] .move-note") or ""
            assert f"{MARKER} {count}" in text and "eval 0.25" in text, text
        screenshot(owner, "live-notes")
        stranger.wait_for_selector(f"#log li[data-turn='{turn}']")
    assert stranger.locator(".move-note").count() == 0
    assert MARKER not in stranger.content()
    assert asked == []
