"""A knockout's bracket as a drawing: every match of the format's graph as a box in its column,
and a line from each match to the one its winner goes on to (the page draws it in SVG).

Pure layout: the selector (tournaments.selectors.knockout_of) says who sits in each box, the
scores and the winner; this module only places boxes and lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

BOX_WIDTH = 250
ROW = 28  # one entrant's line in a box
BASELINE = 19  # of a line's text, from the line's top (14 px text)
BOX_HEIGHT = 2 * ROW
GAP = 16  # between boxes of one column
COLUMN_GAP = 40  # between columns: where the lines run
TOP = 24  # room for the column headings
SECTION_GAP = 40  # between the winners' and the losers' bracket
MARGIN = 2
NAME_COLUMNS = 22  # narrow characters of a name that fit beside its score

_KEY = re.compile(r"^([WL])(\d+)-(\d+)$")


@dataclass
class Slot:
    """One line of a box: an entrant (or nobody yet, or a bye)."""

    name: str  # as drawn, maybe cut
    full: str  # the whole name, for the title and screen readers
    score: str = ""
    winner: bool = False
    empty: bool = False  # nobody yet, or a bye
    y: int = 0  # from the box's top


@dataclass
class Box:
    key: str
    label: str
    status: str
    slots: list[Slot]
    sources: list[str | None]  # per slot, the box whose winner comes here
    x: float = 0.0
    y: float = 0.0
    section: str = "winners"
    column: int = 0
    extra: bool = False  # the match for third place: below the final, with no lines
    feeders: list[str | None] = field(default_factory=list)  # tables: per slot, its last table

    @property
    def height(self) -> int:
        return max(len(self.slots), 2) * ROW

    @property
    def top_slot_y(self) -> float:
        return self.y + ROW / 2

    @property
    def centre(self) -> float:
        return self.y + self.height / 2


@dataclass
class Drawing:
    boxes: list[Box]
    lines: list[str] = field(default_factory=list)  # SVG path data
    headings: list[tuple[float, float, str]] = field(default_factory=list)  # (x, y, words)
    width: int = 0
    height: int = 0
    box_width: int = BOX_WIDTH
    box_height: int = BOX_HEIGHT
    row: int = ROW
    baseline: int = BASELINE


def _place(key: str) -> tuple[str, int, int]:
    """Return (section, column, index) of a node key: "W2-1", "L3-2", "GF", "third"."""
    found = _KEY.match(key)
    if found:
        section = "winners" if found.group(1) == "W" else "losers"
        return section, int(found.group(2)) - 1, int(found.group(3)) - 1
    return "end", 0, 0


def layout(
    boxes: list[Box], headings: dict[int, str] | None = None, losers_words: str = ""
) -> Drawing:
    """Place the boxes (in the format's dependency order) and draw the lines between them;
    ``headings`` name the winners' columns, ``losers_words`` heads the losers' bracket."""
    by_key = {box.key: box for box in boxes}
    winner_columns = 0
    loser_columns = 0
    for box in boxes:
        section, column, _ = _place(box.key)
        box.section, box.column = section, column
        if section == "winners":
            winner_columns = max(winner_columns, column + 1)
        elif section == "losers":
            loser_columns = max(loser_columns, column + 1)
    step = BOX_HEIGHT + GAP
    losers_top = 0.0
    for section in ("winners", "losers"):
        members = [b for b in boxes if b.section == section]
        top = float(TOP)
        if section == "losers":
            winners_bottom = max(
                (b.y + BOX_HEIGHT for b in boxes if b.section == "winners"), default=0.0
            )
            top = losers_top = winners_bottom + SECTION_GAP
        for box in members:
            _, column, index = _place(box.key)
            box.x = column * (BOX_WIDTH + COLUMN_GAP)
            feeders = [
                by_key[s] for s in box.sources if s in by_key and by_key[s].section == section
            ]
            if column == 0 or not feeders:
                box.y = top + index * step
            else:
                box.y = sum(f.y for f in feeders) / len(feeders)
    last = max(winner_columns, loser_columns)
    final = next(
        (b for b in boxes if b.section == "winners" and b.column == winner_columns - 1), None
    )
    for box in boxes:
        if box.section != "end":
            continue
        feeders = [by_key[s] for s in box.sources if s in by_key]
        if box.extra:  # third place: under the final
            anchor = final
            box.x = anchor.x if anchor else 0
            box.y = (anchor.y if anchor else TOP) + BOX_HEIGHT + 2 * GAP
            continue
        column = max((f.column + 1 for f in feeders if f.section != "end"), default=last)
        if any(f.section == "end" for f in feeders):  # the reset follows the grand final
            column = max(f.column for f in feeders) + 1
        box.column = column
        box.x = column * (BOX_WIDTH + COLUMN_GAP)
        box.y = sum(f.y for f in feeders) / len(feeders) if feeders else TOP
    for box in boxes:
        box.x += MARGIN  # the first column's borders are drawn whole
        _rows(box)
    drawing = Drawing(boxes)
    for box in boxes:
        for index, source in enumerate(box.sources):
            feeder = by_key.get(source or "")
            if feeder is None or box.extra:
                continue
            x1, y1 = feeder.x + BOX_WIDTH, feeder.centre
            x2, y2 = box.x, box.y + ROW / 2 + index * ROW
            middle = x2 - COLUMN_GAP / 2
            drawing.lines.append(f"M{x1:.0f} {y1:.0f}H{middle:.0f}V{y2:.0f}H{x2:.0f}")
    for column, words in sorted((headings or {}).items()):
        drawing.headings.append((MARGIN + column * (BOX_WIDTH + COLUMN_GAP), TOP - 8, words))
    if loser_columns and losers_words:
        drawing.headings.append((MARGIN, losers_top - 8, losers_words))
    right = max((b.x + BOX_WIDTH for b in boxes), default=0)
    bottom = max((b.y + BOX_HEIGHT for b in boxes), default=0)
    drawing.width = int(right) + 2
    drawing.height = int(bottom) + 2
    return drawing


def pairing_points(pairing: dict[str, Any] | None) -> dict[int, int]:
    """Return each entrant's score in a pairing of ``selectors.bracket_of`` (missing while it has
    none): its points summed over the pairing's tables (not the extra boards of a tie)."""
    if pairing is None:
        return {}
    totals: dict[int, int] = {}
    for match in pairing["matches"]:
        result = match.get("result") or {}
        scores = result.get("scores")
        if match.get("tiebreak") or scores is None or match.get("status") != "finished":
            continue
        counted: set[int] = set()
        for seat, entry in enumerate(match["seats"]):
            if entry in counted or seat >= len(scores):
                continue  # a Cerrado pair counts its side's score once
            counted.add(entry)
            totals[entry] = totals.get(entry, 0) + int(scores[seat])
    return totals


def _rows(box: Box) -> None:
    for index, slot in enumerate(box.slots):
        slot.y = index * ROW


def layout_tables(columns: list[list[Box]], headings: dict[int, str]) -> Drawing:
    """Place a table knockout: one column of tables per round, each table as tall as its seats;
    a line from each entrant's table to its next table (``Box.feeders``, per slot)."""
    by_key: dict[str, Box] = {}
    for number, column in enumerate(columns):
        bottom = float(TOP)
        for box in column:
            _rows(box)
            box.column = number
            box.x = MARGIN + number * (BOX_WIDTH + COLUMN_GAP)
            came = [by_key[k] for k in box.feeders if k in by_key]
            wanted = sum(f.centre for f in came) / len(came) - box.height / 2 if came else bottom
            box.y = max(wanted, bottom)  # near its feeders, never over the table above
            bottom = box.y + box.height + GAP
        by_key.update({box.key: box for box in column})
    drawing = Drawing([box for column in columns for box in column])
    for box in drawing.boxes:
        for slot, source in zip(box.slots, box.feeders, strict=False):
            feeder = by_key.get(source or "")
            if feeder is None or feeder.column != box.column - 1:
                continue
            x1, y1 = feeder.x + BOX_WIDTH, feeder.centre
            x2, y2 = box.x, box.y + slot.y + ROW / 2
            middle = x2 - COLUMN_GAP / 2
            drawing.lines.append(f"M{x1:.0f} {y1:.0f}H{middle:.0f}V{y2:.0f}H{x2:.0f}")
    for column, words in sorted(headings.items()):
        drawing.headings.append((MARGIN + column * (BOX_WIDTH + COLUMN_GAP), TOP - 8, words))
    drawing.width = int(max((b.x + BOX_WIDTH for b in drawing.boxes), default=0)) + 2
    drawing.height = int(max((b.y + b.height for b in drawing.boxes), default=0)) + 2
    return drawing
