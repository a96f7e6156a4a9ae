"""One name for each house bot, everywhere: the same words on the table, the forms, the
standings, the bracket and the API, letters telling apart several of one style."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.house_names import house_label, house_label_parsed, house_name, letter
from tournaments.words import name_words, short_name


def test_the_api_label_and_the_page_name_are_one_name() -> None:
    assert house_label("house:ismcts-fast", "B") == "Fast search house bot B"
    assert house_label_parsed("Fast search house bot B") == ("house:ismcts-fast", "B")
    assert house_label_parsed("Search house bot") == ("house:ismcts", "")
    assert house_label_parsed("ana") is None
    assert name_words(house_label("house:greedy", "A")) == house_name("house:greedy", "A")
    with translation.override("es"):
        assert name_words("Greedy house bot A") == house_name("house:greedy", "A") != (
            "Greedy house bot A"
        )


@pytest.mark.parametrize("tag", ["A", "B"])
def test_a_cut_name_keeps_its_letter(tag: str) -> None:
    cut = short_name(house_label("house:ismcts-fast", tag), limit=18)
    assert len(cut) <= 18 and cut.endswith(f"… {tag}")
    assert short_name("ana") == "ana"


def test_letters_run_past_the_alphabet() -> None:
    assert [letter(i) for i in (0, 1, 25, 26)] == ["A", "B", "Z", "27"]
