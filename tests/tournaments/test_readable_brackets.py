"""Brackets and standings people read (issue 25): the knockout drawn with lines, scores and
the winner marked; names never cut to sameness; a dash before a result; seeds behind "Fairness"."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games.house_names import house_label
from tests.tournaments.conftest import house_tournament, play_out
from tournaments import views
from tournaments.services.tournaments import tournament_start
from tournaments.words import short_name, short_names, text_width

pytestmark = pytest.mark.django_db
DASH = "\N{EN DASH}"


def bracket_of(body: str) -> str:
    start = body.index('<svg id="bracket"')
    return body[start : body.index("</svg>", start)]


def test_cut_names_keep_their_tails_and_never_read_alike() -> None:
    labels = [
        "averyveryverylongname_1",
        "averyveryverylongname_2",
        house_label("house:ismcts-fast", "A"),
        house_label("house:ismcts-fast", "B"),
        "a" * 40 + "X" + "a" * 12,
        "a" * 40 + "Y" + "a" * 12,
        "김철수김철수김철수김철수김철수김철수1",
        "김철수김철수김철수김철수김철수김철수2",
        "ana",
    ]
    cut = short_names(labels, limit=16)
    assert len(set(cut.values())) == len(labels)
    assert cut["ana"] == "ana"
    assert cut["averyveryverylongname_2"].endswith("_2") and "…" in cut["averyveryverylongname_2"]
    assert cut[house_label("house:ismcts-fast", "B")].endswith("… B")
    # Wide (Korean) characters count two columns: the cut fits the same room.
    assert text_width(cut["김철수김철수김철수김철수김철수김철수1"]) <= 16
    assert short_name("ana") == "ana"


def test_a_knockout_is_drawn_with_lines_scores_and_its_winners(
    organiser: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A narrow box: every house name is cut, and the cut names must still differ.
    monkeypatch.setattr(views, "NAME_COLUMNS", 12)
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "single_elimination", 6)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    before = bracket_of(Client().get(f"/tournaments/{tournament.pk}/").content.decode())
    # The whole bracket from the start: 4 first-round boxes, 2 semi-finals and the final, the
    # later ones still to be decided, and a line into each later box from each of its feeders.
    assert before.count('class="pairing"') == 7
    assert before.count('class="link"') == 6
    assert "to be decided" in before
    play_out(tournament.pk)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    svg = bracket_of(body)
    assert svg.count('class="link"') == 6
    final = svg[svg.index('id="pairing-W3-1"') :]
    assert 'aria-label="Final"' in final
    assert final.count('class="slot winner"') == 1 and 'class="mark"' in final
    assert re.search(r'class="score"[^>]*>-?[\d,]+<', final)
    # Each drawn name is shown once per box, and two entrants never read alike anywhere.
    names = re.findall(r'<text class="name"[^>]*><title>([^<]*)</title>([^<]*)</text>', svg)
    drawn: dict[str, set[str]] = {}
    for full, short in names:
        if short != "—" and "bye" not in short:
            drawn.setdefault(unescape(short), set()).add(unescape(full).removesuffix(", winner"))
    assert drawn and all(len(fulls) == 1 for fulls in drawn.values()), drawn
    assert any("…" in short for short in drawn)
    titles = {full for fulls in drawn.values() for full in fulls}
    assert all(full.startswith(("Greedy house bot ", "Random house bot ")) for full in titles)
    # The winner is said in words to screen readers and in the tooltip: "…, winner".
    assert len(re.findall(r"<title>[^<]*, winner</title>", final)) == 1
    # The bracket scrolls inside its own focusable box.
    assert 'class="bracket-svg" id="bracket-box" tabindex="0" role="region"' in body


def test_a_double_elimination_bracket_draws_both_brackets(organiser: Any) -> None:
    tournament = house_tournament(organiser, "buraco-mano-a-mano", "double_elimination", 4)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    play_out(tournament.pk)
    svg = bracket_of(Client().get(f"/tournaments/{tournament.pk}/").content.decode())
    assert 'id="pairing-L1-1"' in svg and 'id="pairing-GF"' in svg
    assert "Losers&#x27; bracket" in svg
    # W1-1, W1-2 → W2-1; L1-1 → L2-1 ← (a loser, no line); W2-1 and L2-1 → GF.
    assert svg.count('class="link"') >= 5


def test_standings_show_a_dash_before_a_result_and_seeds_sit_behind_fairness(
    organiser: Any,
) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 8)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    standings = body[
        body.index('id="standings"') : body.index("</table>", body.index('id="standings"'))
    ]
    ranks = re.findall(r'<td class="rank">([^<]*)', standings)
    assert len(ranks) == 8 and set(ranks) == {DASH}, ranks
    assert "no result yet" in standings
    # The seed commitments are folded away behind a "Fairness" disclosure.
    fairness = body[body.index('<details class="fairness" id="fairness">') :]
    fairness = fairness[: fairness.index("</details>")]
    assert "Fairness" in fairness and 'class="commit"' in fairness
    assert body.count('class="commit"') == fairness.count('class="commit"')
    play_out(tournament.pk)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    standings = body[
        body.index('id="standings"') : body.index("</table>", body.index('id="standings"'))
    ]
    ranks = re.findall(r'<td class="rank">([^<]*)', standings)
    assert DASH not in ranks and "1" in ranks


def test_the_standings_api_says_who_has_played(organiser: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 8)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    rows = Client().get(f"/api/v1/tournaments/{tournament.pk}/standings").json()["standings"]
    assert rows and not any(row["played"] for row in rows)


def test_a_busca_table_knockout_is_drawn_table_by_table(organiser: Any) -> None:
    tournament = house_tournament(organiser, "busca", "table_knockout", 8)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    play_out(tournament.pk)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    svg = bracket_of(body)
    # Two tables of four, then the final table of the four who went through: a line from each
    # finalist's first table, their names bold with a mark, and one winner at the end.
    assert svg.count('class="pairing"') == 3
    assert svg.count('class="link"') == 4
    assert len(re.findall(r"<title>[^<]*, goes through</title>", svg)) == 4
    assert len(re.findall(r"<title>[^<]*, winner</title>", svg)) == 1
    assert svg.count('class="slot winner"') == 5
    assert len(re.findall(r'class="score"[^>]*>\d+<', svg)) == 12
    assert "The numbers are the Buscas each took" in body


def test_the_match_for_third_place_sits_under_the_final_without_lines(organiser: Any) -> None:
    tournament = house_tournament(
        organiser, "buraco-mano-a-mano", "single_elimination", 4, third_place=True
    )
    tournament_start(tournament_id=tournament.pk, user=organiser)
    play_out(tournament.pk)
    svg = bracket_of(Client().get(f"/tournaments/{tournament.pk}/").content.decode())
    final = re.search(r'id="pairing-W2-1"[^>]*transform="translate\((\d+) (\d+)\)"', svg)
    third = re.search(r'id="pairing-third"[^>]*transform="translate\((\d+) (\d+)\)"', svg)
    assert final and third, svg[:400]
    assert third.group(1) == final.group(1) and int(third.group(2)) > int(final.group(2))
    assert 'aria-label="Match for third place"' in svg
    assert svg.count('class="link"') == 2  # semi-finals into the final only
    assert svg.count('class="slot winner"') == 4  # two semi-finals, the final, third place


def test_each_table_under_rounds_lists_its_entrants_scores(organiser: Any) -> None:
    """Item 12: the tables list under "Rounds" says each entrant's score at that table (Buscas
    taken in Busca), as the bracket's boxes do."""
    tournament = house_tournament(organiser, "busca", "table_knockout", 8)
    tournament_start(tournament_id=tournament.pk, user=organiser)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    assert 'class="entry-score"' not in body  # nothing before a result
    play_out(tournament.pk)
    body = Client().get(f"/tournaments/{tournament.pk}/").content.decode()
    rounds = body[body.index('id="rounds"') :]
    scores = re.findall(r'<span class="entry-score" data-points="(\d+)">· ([^<]*)</span>', rounds)
    assert len(scores) == 12, scores  # two tables of four, then the final table
    for points, words in scores:
        assert words == (f"{points} Busca" if points == "1" else f"{points} Buscas")
    bracket = [int(n) for n in re.findall(r'class="score"[^>]*>(\d+)<', bracket_of(body))]
    assert sorted(bracket) == sorted(int(points) for points, _ in scores)


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "3,120"), ("ko", "3,120"), ("pt-br", "3.120"), ("id", "3.120"), ("es", "3.120")],
)
def test_scores_are_written_as_the_readers_language_writes_numbers(
    language: str, written: str
) -> None:
    pairing = {
        "entries": [{"id": 1, "points": 3120}, {"id": 2, "points": -40}, {"id": 3, "points": None}]
    }
    with translation.override(language):
        assert views._scores(pairing) == {1: written, 2: "-40"}
