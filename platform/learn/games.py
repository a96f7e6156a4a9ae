"""The games the rules pages teach, by the slug in their address (the engines' names)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class RulesGame:
    """One game's rules pages: its name, a line on what it is, and its templates."""

    slug: str
    name: str | Promise
    summary: str | Promise
    template: str
    short_template: str


GAMES: dict[str, RulesGame] = {
    game.slug: game
    for game in (
        RulesGame(
            slug="busca",
            name=_("Busca"),
            summary=_(
                "A trick-taking game for 2 to 4 players, each alone, where points cost: take "
                "at least one in each deal but never the most, and be the last one left in."
            ),
            template="learn/rules_busca.html",
            short_template="learn/short_busca.html",
        ),
        RulesGame(
            slug="buraco-cerrado",
            name=_("Buraco Cerrado sin Trío"),
            summary=_(
                "Four players in two partnerships build runs of one suit into canastas; only "
                "the top card of the discard pile is shown."
            ),
            template="learn/rules_buraco.html",
            short_template="learn/short_buraco.html",
        ),
        RulesGame(
            slug="buraco-mano-a-mano",
            name=_("Buraco Justificado Mano a Mano"),
            summary=_(
                "Buraco for two players, without jokers and with an open discard pile; you "
                "close only with a clean canasta."
            ),
            template="learn/rules_buraco.html",
            short_template="learn/short_buraco.html",
        ),
    )
}


def rules_game_get(*, slug: str) -> RulesGame | None:
    """Return the game whose rules live at ``/rules/<slug>/``, or None."""
    return GAMES.get(slug)
