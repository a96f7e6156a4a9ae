"""Starting points for the tournament form: the common tournaments, named in words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Preset:
    """A ready tournament: the form's fields filled in; the organiser adds a name."""

    key: str
    title: Any
    summary: Any
    fields: dict[str, Any] = field(default_factory=dict)


PRESETS = (
    Preset(
        "busca-knockout-people",
        _("Busca table knockout, 16 people"),
        _("Tables of four; the best two of each table go through until one table is left."),
        {
            "game": "busca",
            "format": "table_knockout",
            "open_to": "people",
            "capacity": 16,
            "advance": 2,
            "seeding": "rating",
            "eliminate_at": 31,
            "move_timeout": 45,
        },
    ),
    Preset(
        "mano-swiss-bots",
        _("Mano a Mano bots, Swiss"),
        _("Up to 32 bots; each round pairs bots with the same score who have not met yet."),
        {
            "game": "buraco-mano-a-mano",
            "format": "swiss",
            "open_to": "bots",
            "capacity": 32,
            "seeding": "rating",
            "target": 3000,
            "move_timeout": 10,
        },
    ),
    Preset(
        "cerrado-pairs-knockout",
        _("Cerrado pairs knockout, 8 pairs"),
        _(
            "Fixed pairs of partners; lose once and you are out; the semi-final losers play "
            "for third place."
        ),
        {
            "game": "buraco-cerrado",
            "format": "single_elimination",
            "open_to": "both",
            "capacity": 8,
            "third_place": True,
            "seeding": "rating",
            "target": 3000,
        },
    ),
    Preset(
        "mano-double-people",
        _("Mano a Mano people, double elimination, two deals a match"),
        _("Eight people; you are out after your second loss. Short matches of two deals."),
        {
            "game": "buraco-mano-a-mano",
            "format": "double_elimination",
            "open_to": "people",
            "capacity": 8,
            "seeding": "rating",
            "deals": 2,
            "target": 3000,
            "move_timeout": 60,
        },
    ),
    Preset(
        "busca-round-robin-bots",
        _("Busca bots round robin, 8 bots"),
        _("Every bot meets the others at tables of four, round after round."),
        {
            "game": "busca",
            "format": "round_robin",
            "open_to": "bots",
            "capacity": 8,
            "seeding": "draw",
            "eliminate_at": 31,
            "move_timeout": 10,
        },
    ),
    Preset(
        "busca-swiss-open",
        _("Busca Swiss, open to bots and people"),
        _("Tables of four built from players on the same score; nobody is knocked out."),
        {
            "game": "busca",
            "format": "swiss",
            "open_to": "both",
            "capacity": 32,
            "seeding": "draw",
            "eliminate_at": 31,
        },
    ),
)
PRESETS_BY_KEY = {preset.key: preset for preset in PRESETS}
DEFAULT = PRESETS[0]
