"""Numbers as the reader's language writes them (core/numbers.py, core/templatetags/numbers.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template import Context, Template
from django.utils import translation

from core.numbers import FIXED_TWO, number_words

DASH = "\N{EN DASH}"


@pytest.mark.parametrize(
    ("language", "whole", "decimal", "fixed"),
    [
        ("en", "31,200", "-1,234.5", "0.50"),
        ("ko", "31,200", "-1,234.5", "0.50"),
        ("es", "31.200", "-1.234,5", "0,50"),
        ("pt-br", "31.200", "-1.234,5", "0,50"),
        ("id", "31.200", "-1.234,5", "0,50"),
    ],
)
def test_numbers_follow_the_language(language: str, whole: str, decimal: str, fixed: str) -> None:
    with translation.override(language):
        assert number_words(31200) == whole
        assert number_words(-1234.5) == decimal
        assert number_words(Decimal("0.5"), FIXED_TWO) == fixed
        assert number_words(None) == ""


def test_the_filter_groups_numbers_and_leaves_words_alone() -> None:
    template = Template('{% load numbers %}{{ a|number }} {{ b|number:"fixed" }} {{ c|number }}')
    with translation.override("es"):
        shown = template.render(Context({"a": 3120, "b": "2.5", "c": DASH}))
    assert shown == f"3.120 2,50 {DASH}"
