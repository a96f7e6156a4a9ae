"""People talking at a table: quick phrases, and the chat lines' socket messages.

Quick phrases at a table: a fixed set that people send from their seat ("Good game",
"Well played", "Thanks", "Oops", "Hello"). Only a code crosses the wire; each reader's page
shows it in the reader's own language, so the set works in every language and needs no
moderation. Phrases go to the match's live sockets (the people at the table and those
watching) and nowhere else: not into the log, the replay, the API or a bot's turns.
"""

from __future__ import annotations

from typing import Any

PHRASES = ("hello", "gg", "wp", "thanks", "oops")
# A seat's socket may send PHRASE_BURST phrases at once, then one every 1 / PHRASE_RATE s.
PHRASE_BURST = 3
PHRASE_RATE = 0.2
# Free-text chat (games/services/chat.py), where an event allows it: 2 lines at once, then one
# every 2 s a socket, on top of the service's lines-a-minute bound.
CHAT_BURST = 2
CHAT_RATE = 0.5
TALK = ("match.phrase", "match.chat")  # the group events that are people talking


def phrase_event(match_id: int, seat: int, phrase: Any) -> dict[str, Any] | None:
    """Return the group event of ``seat`` saying ``phrase``, or None when it is not one."""
    if not isinstance(phrase, str) or phrase not in PHRASES:
        return None
    return {"type": "match.phrase", "match": match_id, "seat": seat, "phrase": phrase}


def phrase_message(event: dict[str, Any]) -> dict[str, Any]:
    """Return what a socket sends its reader for a phrase event."""
    return {"type": "phrase", "seat": event["seat"], "phrase": event["phrase"]}


def chat_message(event: dict[str, Any]) -> dict[str, Any]:
    """Return what a socket sends its reader for a chat line (games/services/chat.py)."""
    return {"type": "chat", "id": event["id"], "seat": event["seat"], "text": event["text"]}
