"""Template filters that put tournament and league codes into people's words (tournaments.words)."""

from __future__ import annotations

from typing import Any

from django import template

from tournaments import words

register = template.Library()


@register.filter
def game_words(value: str) -> str:
    return words.game_words(value)


@register.filter
def format_words(value: str) -> str:
    return words.format_words(value)


@register.filter
def status_words(value: str) -> str:
    return words.status_words(value)


@register.filter
def open_to_words(value: str) -> str:
    return words.open_to_words(value)


@register.filter
def audience_words(value: str) -> str:
    return words.audience_words(value)


@register.filter
def audience_note(value: str) -> str:
    return words.audience_note(value)


@register.filter
def bracket_words(value: str) -> str:
    return words.bracket_words(value)


@register.filter
def name_words(value: str) -> str:
    return words.name_words(str(value))


@register.filter
def event_name_words(value: str) -> str:
    return words.event_name_words(str(value))


@register.filter
def strategy_words(value: str) -> str:
    return words.strategy_words(value)


@register.filter
def options_words(options: dict[str, Any], game: str) -> list[str]:
    return words.options_words(game, options or {})


@register.filter
def tiebreak_words(value: str) -> str:
    return words.tiebreak_words(value)


@register.filter
def reason_words(value: str) -> str:
    return words.reason_words(str(value))


@register.filter
def division_words(value: str) -> str:
    return words.division_words(str(value))
