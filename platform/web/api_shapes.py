"""Building blocks of the OpenAPI response components (web/api_components*.py)."""

from __future__ import annotations

from typing import Any

from games.engine import schemas

REF = "#/components/schemas/"


def ref(name: str) -> dict[str, Any]:
    """Return a reference to the component ``name``."""
    return {"$ref": REF + name}


def obj(props: dict[str, Any], optional: tuple[str, ...] = (), **extra: Any) -> dict[str, Any]:
    """Return an object schema: every property required except ``optional`` (OpenAPI 3.0
    wants no empty ``required``: it is left out when nothing is)."""
    required = [name for name in props if name not in optional]
    return {
        "type": "object",
        **({"required": required} if required else {}),
        "properties": props,
        **extra,
    }


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """Return ``schema`` that also admits null."""
    if "$ref" in schema:
        return {"allOf": [schema], "nullable": True}
    return {**schema, "nullable": True}


def array(items: dict[str, Any]) -> dict[str, Any]:
    return {"type": "array", "items": items}


def page(item: str) -> dict[str, Any]:
    """Return a page of the standard pagination (count, next, previous, results)."""
    return obj(
        {
            "count": INT,
            "next": nullable(STR),
            "previous": nullable(STR),
            "results": array(ref(item)),
        }
    )


INT = {"type": "integer"}
NUMBER = {"type": "number"}
STR = {"type": "string"}
BOOL = {"type": "boolean"}
TIME = {"type": "string", "format": "date-time"}
MAYBE_TIME = nullable(TIME)
MAYBE_INT = nullable(INT)
MAYBE_STR = nullable(STR)
GAME = {"type": "string", "enum": list(schemas.GAMES)}
SEED = {"type": "string", "pattern": "^[0-9]+$", "description": "the seed, in decimal"}
FREE = {"type": "object", "additionalProperties": True}
