"""A move's note: what is taken, and the clear refusal of what is not."""

from __future__ import annotations

from typing import Any

import pytest

from games.services.notes import NOTE_BYTES, BadNote, Note, note_parsed


def test_a_string_or_an_object_makes_a_note() -> None:
    assert note_parsed(None) is None
    assert note_parsed("") is None and note_parsed({}) is None
    assert note_parsed("ducking the ace") == Note("ducking the ace")
    assert note_parsed({"text": "hm", "eval": -1.5, "confidence": 0.25}) == Note("hm", -1.5, 0.25)
    assert note_parsed({"eval": 3}) == Note("", 3.0, None)


def test_a_text_of_exactly_the_limit_is_taken_and_one_byte_more_is_refused() -> None:
    assert note_parsed("é" * (NOTE_BYTES // 2)) is not None  # 2 bytes each: the limit in bytes
    with pytest.raises(BadNote) as refused:
        note_parsed("x" * (NOTE_BYTES + 1))
    assert refused.value.code == "bad_note"
    assert f"at most {NOTE_BYTES} bytes" in refused.value.detail and "1025" in refused.value.detail


@pytest.mark.parametrize(
    ("raw", "says"),
    [
        (5, "a string or"),
        ([], "a string or"),
        ({"text": 1}, "text must be a string"),
        ({"text": "a", "why": "b"}, "not why"),
        ({"eval": "high"}, "eval must be a number"),
        ({"eval": True}, "eval must be a number"),
        ({"eval": float("nan")}, "finite"),
        ({"eval": 10**400}, "finite"),  # an integer beyond any float: was a 500
        ({"confidence": -(10**400)}, "finite"),
        ({"confidence": 1.5}, "from 0 to 1"),
        ({"text": "a\x00b"}, "NUL"),
    ],
)
def test_anything_else_is_refused_with_the_reason(raw: Any, says: str) -> None:
    with pytest.raises(BadNote) as refused:
        note_parsed(raw)
    assert says in refused.value.detail
