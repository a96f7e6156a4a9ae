"""Bots you can watch (docs/web.md, "Movement"): at a person's Busca table each card played by
a bot moves in from its seat's side, a finished trick sweeps towards its taker, and screen
readers hear each bot's play in a live region; with reduced motion nothing moves."""

from __future__ import annotations

from typing import Any

from tests.e2e.browser.conftest import signed_in, state, user_create
from tests.e2e.browser.test_table_phone import PHONE, busca_match, watch_errors
from tests.e2e.stack import Stack

# Note each animation and transition that starts on the trick: which card, from where.
RECORD = """
localStorage.setItem('table-hint-seen', '1');
window.__motion = {moves: [], sweeps: []};
document.addEventListener('animationstart', (event) => {
  const figure = event.target.closest && event.target.closest('.played');
  if (!figure) return;
  const at = [...figure.classList].find((c) => c.startsWith('at-'));
  window.__motion.moves.push({name: event.animationName, at, seat: Number(figure.dataset.seat)});
}, true);
document.addEventListener('transitionrun', (event) => {
  const spots = event.target.closest && event.target.closest('.trick-spots.sweeping');
  if (spots) window.__motion.sweeps.push(spots.className);
}, true);
"""


def play_cards(page: Any, count: int) -> None:
    """Play the person's first legal card ``count`` times."""
    for _ in range(count):
        page.wait_for_function(
            "() => { const m = window.__match.match; return m.status !== 'running' ||"
            " (m.to_move === 0 && (m.legal_moves || []).length > 0 && !window.__match.pending); }"
        )
        before = state(page)["match"]["turn"]
        page.locator("[data-role=hand] button.card.legal").first.click()
        page.wait_for_function(f"() => window.__match.match.turn > {before}")
        # Past the trick's pause (1.5 s), so the sweep at its end has run.
        page.wait_for_timeout(1700)


def test_cards_move_from_their_seats_and_tricks_sweep_to_the_taker(
    site: Stack, browser: Any
) -> None:
    user_create(site, "ivo")
    match_id = busca_match(site, "ivo", players=4, eliminate_at=31, seed=4)
    page = signed_in(browser, site, "ivo", viewport=PHONE)
    errors = watch_errors(page)
    page.add_init_script(RECORD)
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")
    play_cards(page, 3)
    motion = page.evaluate("() => window.__motion")
    bots = [m for m in motion["moves"] if m["seat"] != 0]
    assert len(bots) >= 6, motion
    for move in motion["moves"]:
        # Each card comes in from its own seat's side of the trick.
        assert move["at"] and move["name"] == f"in-from-{move['at'][3:]}", move
    positions = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-role=seat]')]"
        ".map((s) => [s.dataset.seat, [...s.classList].find((c) => c.startsWith('pos-'))]))"
    )
    assert all(positions[str(m["seat"])] == f"pos-{m['at'][3:]}" for m in bots), (positions, bots)
    assert motion["sweeps"] and all(" to-" in s for s in motion["sweeps"]), motion
    # Screen readers heard the bots' plays.
    heard = page.locator("#plays").inner_text()
    assert "plays" in heard and "Greedy house bot" in heard, heard
    assert page.locator("#plays").get_attribute("aria-live") == "polite"
    assert errors == []


def test_nothing_moves_with_reduced_motion(site: Stack, browser: Any) -> None:
    user_create(site, "uma")
    match_id = busca_match(site, "uma", players=4, eliminate_at=31, seed=4)
    page = signed_in(browser, site, "uma", viewport=PHONE, reduced_motion="reduce")
    page.add_init_script(RECORD)
    page.goto(f"{site.url}/matches/{match_id}/seat/0/")
    play_cards(page, 2)
    motion = page.evaluate("() => window.__motion")
    assert motion == {"moves": [], "sweeps": []}
    assert page.locator("#plays").inner_text()  # the words still come
