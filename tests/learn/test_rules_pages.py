"""The rules pages: the index, each game's complete rules with examples, the short fragments."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

GAMES = ["busca", "buraco-cerrado", "buraco-mano-a-mano"]

# Words each game's page must hold: its key rules, and its worked examples by id.
KEY_WORDS = {
    "busca": [
        "40 cards",
        "Pita",
        "follow suit",
        "first trick",
        "31 Buscas",
        "twice",
        "all 40 points",
        "last trick",
        "face down",
        "3 is the strongest",
        "the 2, the ace, the king",
    ],
    "buraco-cerrado": [
        "108 cards",
        "jokers",
        "partnerships",
        "muerto",
        "canasta",
        "limpia",
        "sucia",
        "de mil",
        "closed",
        "only its top card",
        "3000",
        "42 cards",
        "limpia or sucia",
    ],
    "buraco-mano-a-mano": [
        "104 cards",
        "without jokers",
        "muerto",
        "canasta limpia",
        "sucia",
        "de mil",
        "open",
        "60 cards",
        "3000",
    ],
}
EXAMPLES = {
    "busca": ["example-trick", "example-deal"],
    "buraco-cerrado": ["example-pile", "example-canasta", "example-close"],
    "buraco-mano-a-mano": ["example-pile", "example-canasta", "example-close"],
}


def text_of(html: str) -> str:
    """Return the words of a page, tags removed and spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_index_lists_the_three_games_with_a_line_each() -> None:
    reply = Client().get("/rules/")
    assert reply.status_code == 200
    html = reply.content.decode()
    for game in GAMES:
        assert f'href="/rules/{game}/"' in html
    assert "trick-taking" in html and "partnerships" in html and "two players" in html
    assert 'href="/rules/"' in html  # the nav's Rules link


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_its_complete_rules_with_examples_and_cards(game: str) -> None:
    reply = Client().get(f"/rules/{game}/")
    assert reply.status_code == 200
    html = reply.content.decode()
    words = text_of(html)
    for word in KEY_WORDS[game]:
        assert word in words, (game, word)
    for example in EXAMPLES[game]:
        assert f'id="{example}"' in html, (game, example)
    pictures = re.findall(r'<span class="pc[^"]*" role="img" aria-label="([^"]+)"', html)
    assert len(pictures) >= 20, len(pictures)
    assert 'class="site"' in html and "<nav" in html  # inside the site's layout
    assert "learn/learn.css" in html
    # The CSP allows no inline style or script (the layout's scripts are files: /jsi18n/ ...).
    assert " style=" not in html and not re.search(r"<script(?![^>]*\ssrc=)", html)


def test_cards_are_named_for_screen_readers_in_each_deck() -> None:
    busca = Client().get("/rules/busca/").content.decode()
    assert 'aria-label="Ace of coins (the Pita)"' in busca
    assert 'aria-label="King of swords"' in busca
    buraco = Client().get("/rules/buraco-cerrado/").content.decode()
    assert 'aria-label="2 of clubs, as a wild"' in buraco
    assert 'aria-label="Joker"' in buraco
    assert 'aria-label="10 of spades"' in buraco
    mano = Client().get("/rules/buraco-mano-a-mano/").content.decode()
    assert "Joker" not in mano  # no jokers in Mano a Mano


def test_the_busca_example_deal_adds_up() -> None:
    html = Client().get("/rules/busca/").content.decode()
    rows = re.findall(r'<tr><th scope="row">\w+</th>((?:<td class="num">-?\d+</td>){4})</tr>', html)
    numbers = [[int(n) for n in re.findall(r">(-?\d+)<", row)] for row in rows]
    assert len(numbers) == 4
    assert sum(points for points, *_ in numbers) == 40  # every deal hands out 40
    for _points, gained, before, after in numbers:
        assert before + gained == after


@pytest.mark.parametrize("game", GAMES)
def test_the_short_rules_are_a_fragment_linking_to_the_full_rules(game: str) -> None:
    reply = Client().get(f"/rules/{game}/short/")
    assert reply.status_code == 200
    html = reply.content.decode()
    assert "<html" not in html and 'class="site"' not in html
    assert html.lstrip().startswith('<section class="rules-short"')
    assert f'href="/rules/{game}/"' in html
    assert 4 <= html.count("<li>") <= 8


@pytest.mark.parametrize("url", ["/rules/poker/", "/rules/poker/short/", "/rules/BUSCA/"])
def test_an_unknown_game_is_a_404_inside_the_layout(url: str) -> None:
    reply = Client().get(url)
    assert reply.status_code == 404
    html = reply.content.decode()
    assert 'id="not-found"' in html and 'class="site"' in html


def test_the_templates_wrap_every_paragraph_for_translation() -> None:
    from tests.processes import ROOT

    folder = ROOT / "platform" / "learn" / "templates"
    for path in folder.rglob("*.html"):
        source = path.read_text()
        for paragraph in re.findall(r"<p>(.*?)</p>", source, flags=re.S):
            stripped = paragraph.strip()
            # a translated tag, a link whose words are, or a value translated in Python
            assert stripped.startswith(("{%", "<a ", "{{ game.")), (path.name, stripped)


def test_the_home_page_and_the_nav_lead_to_the_rules() -> None:
    html = Client().get("/").content.decode()
    assert html.count('href="/rules/"') >= 2  # the nav and "Learn the rules" beside Play
    assert "Learn the rules" in html


def test_the_index_says_how_busca_is_won() -> None:
    words = text_of(Client().get("/rules/").content.decode())
    assert "the fewest" not in words
    assert "at least one in each deal but never the most" in words


def test_the_short_buraco_rules_give_1000_only_for_the_clean_run() -> None:
    for game in ("buraco-cerrado", "buraco-mano-a-mano"):
        words = text_of(Client().get(f"/rules/{game}/short/").content.decode())
        assert "the clean run from ace to ace 1000" in words, game


@pytest.mark.parametrize("game", ["buraco-cerrado", "buraco-mano-a-mano"])
def test_the_buraco_intro_decides_the_match_at_the_end_of_a_deal(game: str) -> None:
    words = text_of(Client().get(f"/rules/{game}/").content.decode())
    assert "first reaches 3000" not in words and "first player to reach 3000" not in words
    assert "The match is decided at the end of a deal" in words
    assert "the higher total wins, and a tie plays another deal" in words


@pytest.mark.parametrize("game", ["buraco-cerrado", "buraco-mano-a-mano"])
def test_the_buraco_page_tells_the_three_pile_rules(game: str) -> None:
    words = text_of(Client().get(f"/rules/{game}/").content.decode())
    assert "a wild card on top of the pile may still be placed" in words
    assert "The take itself places only the top card, with the fewest cards" in words
    assert "A bigger take is refused" in words
    assert "the copies taken from the pile are used first" in words
    assert "as that turn begins, before they can play a card" in words


def test_the_three_player_busca_dealer_knows_the_face_down_card() -> None:
    words = text_of(Client().get("/rules/busca/").content.decode())
    assert "Nobody sees it" not in words
    assert "Only the dealer knows it" in words


def test_the_busca_page_draws_the_cards_of_the_readers_card_style(client) -> None:  # type: ignore[no-untyped-def]
    """Spanish readers get the Spanish suits and numbers (1, 10, 11, 12) with the figures'
    Spanish names, as their table draws them; French faces on request (issue 25)."""
    spanish = client.get("/rules/busca/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    drawn_french = 'class="pc-suit" aria-hidden="true">♦'
    assert "#latin-D" in spanish and drawn_french not in spanish
    assert 'aria-hidden="true">12</span>' in spanish
    assert 'aria-hidden="true">K</span>' not in spanish
    client.cookies["card_style"] = "french"
    french = client.get("/rules/busca/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "#latin-D" not in french and 'aria-hidden="true">K</span>' in french
    assert drawn_french in french
