"""Why a move is refused: a stable code, an English template and its parameters.

Every game keeps one table of its reason codes and English templates (``busca/reasons.py``,
``buraco/reasons.py``). A ``Reason`` reads as its English text (``str()``), which is what
``IllegalMove`` carries and what the API shows. The templates are marked for ``makemessages``
(``gettext_noop``, or ``pgettext`` with a context) and ``reason.render(gettext, pgettext)``
translates the template and every nested phrase (a card's name, a suit's name). Parameters
are plain text (numbers, card codes) or nested ``Reason`` phrases from the same table, so no
English word is ever baked into one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Union

Param = Union[str, int, "Reason"]


def gettext_noop(message: str) -> str:
    """Return ``message`` unchanged: marks an English template for ``makemessages``.

    The engine imports no Django; the Django layer translates the marked templates with
    ``reason.render(gettext, pgettext)`` in the reader's language.
    """
    return message


def pgettext(context: str, message: str) -> str:
    """Return ``message`` unchanged: marks a template whose English word has another meaning
    elsewhere ("clubs" of the Spanish deck, "clubs" of the French one) for ``makemessages``,
    with its context. ``Table`` keeps the context, and ``render`` passes it on."""
    return message


class Reason:
    """A refusal's code, its English template and the values for the template's placeholders."""

    __slots__ = ("code", "context", "params", "template")

    def __init__(
        self,
        code: str,
        template: str,
        params: Mapping[str, Param] | None = None,
        context: str | None = None,
    ):
        self.code = code
        self.template = template
        self.params: dict[str, Param] = dict(params or {})
        self.context = context

    def render(
        self,
        translate: Callable[[str], str] = str,
        translate_in: Callable[[str, str], str] | None = None,
    ) -> str:
        """Return the text, each template (nested phrases too) passed through ``translate``;
        a template with a context through ``translate_in(context, template)`` when given."""
        values = {
            key: value.render(translate, translate_in) if isinstance(value, Reason) else str(value)
            for key, value in self.params.items()
        }
        if self.context is not None and translate_in is not None:
            template = translate_in(self.context, self.template)
        else:
            template = translate(self.template)
        return template.format(**values)

    def to_json(self) -> dict[str, object]:
        """Return the code, the parameters (nested phrases as codes) and the English text."""
        return {"code": self.code, "params": _params_json(self.params), "text": str(self)}

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Reason):
            return (self.code, self.params) == (other.code, other.params)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.code, str(self)))


def _params_json(params: Mapping[str, Param]) -> dict[str, object]:
    return {
        key: value.to_json() if isinstance(value, Reason) else value
        for key, value in params.items()
    }


class Table:
    """One game's reasons: code -> English template; calling it makes a ``Reason``.

    ``contexts`` names the translation context of the templates marked with ``pgettext``.
    """

    def __init__(
        self, templates: Mapping[str, str], contexts: Mapping[str, str] | None = None
    ) -> None:
        self.templates: dict[str, str] = dict(templates)
        self.contexts: dict[str, str] = dict(contexts or {})

    def __call__(self, code: str, **params: Param) -> Reason:
        """Return the reason ``code`` with ``params`` (KeyError for an unknown code)."""
        return Reason(code, self.templates[code], params, self.contexts.get(code))

    def __contains__(self, code: object) -> bool:
        return code in self.templates
