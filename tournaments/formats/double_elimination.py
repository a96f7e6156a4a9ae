"""Double elimination: a winners bracket, a losers bracket, a grand final and maybe a reset."""

from __future__ import annotations

from tournaments.formats.base import Entry, Pairing, Round, Settings, Standing
from tournaments.formats.bracket import (
    Node,
    Source,
    bracket_size,
    first_round_nodes,
    knockout_standings,
    resolve,
)
from tournaments.formats.common import BURACO_GAMES, FormatError, check_field

GRAND_FINAL = "GF"
RESET = "GF-reset"


def drop_order(losers: list[Source], drop: int) -> list[Source]:
    """Order the losers dropping from the winners bracket so that rematches come late.

    Alternate rounds reverse the order or swap its halves, the usual way to keep an entry
    away from the side of the bracket it has just played.
    """
    if drop % 2 == 1:
        return losers[::-1]
    half = len(losers) // 2
    return losers[half:] + losers[:half]


def bracket_nodes(n: int) -> list[Node]:
    """Return the whole bracket: "W{r}-{i}", "L{r}-{i}", "GF" and "GF-reset"."""
    size = bracket_size(n)
    winners: list[list[Node]] = [first_round_nodes(size)]
    while len(winners[-1]) > 1:
        previous, number = winners[-1], len(winners) + 1
        winners.append(
            [
                Node(
                    f"W{number}-{i + 1}",
                    "winners",
                    (("winner", previous[2 * i].key), ("winner", previous[2 * i + 1].key)),
                )
                for i in range(len(previous) // 2)
            ]
        )
    nodes = [node for stage in winners for node in stage]
    champion_side: Source
    if len(winners) == 1:
        champion_side = ("loser", winners[0][0].key)
    else:
        first = winners[0]
        losers = [
            Node(
                f"L1-{i + 1}",
                "losers",
                (("loser", first[2 * i].key), ("loser", first[2 * i + 1].key)),
            )
            for i in range(len(first) // 2)
        ]
        nodes += losers
        number = 1
        for drop, stage in enumerate(winners[1:], start=1):
            dropped = drop_order([("loser", node.key) for node in stage], drop)
            number += 1
            losers = [
                Node(f"L{number}-{i + 1}", "losers", (("winner", node.key), dropped[i]))
                for i, node in enumerate(losers)
            ]
            nodes += losers
            if len(losers) > 1:
                number += 1
                losers = [
                    Node(
                        f"L{number}-{i + 1}",
                        "losers",
                        (("winner", losers[2 * i].key), ("winner", losers[2 * i + 1].key)),
                    )
                    for i in range(len(losers) // 2)
                ]
                nodes += losers
        champion_side = ("winner", losers[0].key)
    top: Source = ("winner", winners[-1][0].key)
    nodes.append(Node(GRAND_FINAL, "final", (top, champion_side)))
    # The reset seats the grand final's entries the other way round.
    nodes.append(
        Node(RESET, "reset", (("winner", GRAND_FINAL), ("loser", GRAND_FINAL)), reset=True)
    )
    return nodes


class DoubleElimination:
    """Two losses to go out; the losers-bracket champion must win the grand final twice."""

    name = "double_elimination"
    games = BURACO_GAMES

    def first_round(self, entries: list[Entry], settings: Settings) -> list[Pairing]:
        """Return round 1 of the winners bracket, with byes for the top seeds."""
        check_field(entries, settings, self.games)
        return resolve(bracket_nodes(len(entries)), entries, []).ready

    def next_round(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Pairing] | None:
        """Return every match whose entries are known and not yet played, or None at the end."""
        check_field(entries, settings, self.games)
        resolution = resolve(bracket_nodes(len(entries)), entries, history)
        if resolution.ready:
            return resolution.ready
        if RESET not in resolution.results:
            raise FormatError("the history stops short of the grand final")
        return None

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        """Return the standings: champion, runner-up, then by the round of the second loss."""
        check_field(entries, settings, self.games)
        results = resolve(bracket_nodes(len(entries)), entries, history).results
        champion = results.get(RESET, (None, None))[0]
        return knockout_standings(entries, history, 2, champion)


DOUBLE_ELIMINATION = DoubleElimination()
