"""Single elimination for Mano a Mano (entry v entry) and Cerrado (pair v pair)."""

from __future__ import annotations

from tournaments.formats.base import Entry, Pairing, Round, Settings, Standing
from tournaments.formats.bracket import (
    Node,
    bracket_size,
    first_round_nodes,
    knockout_standings,
    resolve,
)
from tournaments.formats.common import BURACO_GAMES, FormatError, check_field

THIRD = "third"


def bracket_nodes(n: int, third_place: bool) -> list[Node]:
    """Return the bracket for n entries: rounds "W{r}-{i}", the final, maybe "third"."""
    size = bracket_size(n)
    nodes = first_round_nodes(size)
    if size == 2:
        nodes = [Node(nodes[0].key, "final", nodes[0].sides, True)]
    previous = list(nodes)
    number = 1
    while len(previous) > 1:
        number += 1
        bracket = "final" if len(previous) == 2 else "winners"
        current = [
            Node(
                f"W{number}-{i + 1}",
                bracket,
                (("winner", previous[2 * i].key), ("winner", previous[2 * i + 1].key)),
            )
            for i in range(len(previous) // 2)
        ]
        nodes += current
        if len(previous) == 2 and third_place:
            semis = (("loser", previous[0].key), ("loser", previous[1].key))
            nodes.append(Node(THIRD, "third", semis))
        previous = current
    return nodes


def final_key(n: int) -> str:
    """Return the key of the final."""
    size = bracket_size(n)
    return f"W{size.bit_length() - 1}-1"


class SingleElimination:
    """A seeded bracket; byes to the top seeds; draws go to the higher seed."""

    name = "single_elimination"
    games = BURACO_GAMES

    def first_round(self, entries: list[Entry], settings: Settings) -> list[Pairing]:
        """Return round 1: 1 v N, 2 v N-1, ..., with byes for the top seeds."""
        check_field(entries, settings, self.games)
        return resolve(bracket_nodes(len(entries), settings.third_place), entries, []).ready

    def next_round(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Pairing] | None:
        """Return the next round, or None once the final is played."""
        check_field(entries, settings, self.games)
        nodes = bracket_nodes(len(entries), settings.third_place)
        resolution = resolve(nodes, entries, history)
        if resolution.ready:
            return resolution.ready
        if final_key(len(entries)) not in resolution.results:
            raise FormatError("the history stops short of the final")
        return None

    def standings(
        self, entries: list[Entry], history: list[Round], settings: Settings
    ) -> list[Standing]:
        """Return the standings: champion, finalist, third place, then by round out."""
        check_field(entries, settings, self.games)
        nodes = bracket_nodes(len(entries), settings.third_place)
        results = resolve(nodes, entries, history).results
        champion = results.get(final_key(len(entries)), (None, None))[0]
        third = THIRD if settings.third_place else None
        return knockout_standings(entries, history, 1, champion, third)


SINGLE_ELIMINATION = SingleElimination()
