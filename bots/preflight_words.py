"""A pre-flight's problems in people's words, in the reader's language (the bot page)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def problem_words(problem: dict[str, Any]) -> str:
    """Return one problem of a pre-flight report as a sentence for the bot's owner."""
    code = problem["code"]
    if code == "no_moves":
        return _("Your bot made no move of its own: is it running and connected?")
    if code == "timeouts":
        count = int(problem["count"])
        return ngettext(
            "%(count)d move ran out of time.", "%(count)d moves ran out of time.", count
        ) % {"count": count}
    if code == "forfeited":
        return _("After three time-outs in a row the house bot took over its seat.")
    if code == "refused":
        count = int(problem["count"])
        return ngettext(
            "The server refused %(count)d answer (%(codes)s).",
            "The server refused %(count)d answers (%(codes)s).",
            count,
        ) % {"count": count, "codes": problem["codes"]}
    if code == "slow":
        return _(
            "Its slowest answers took %(p99)s ms, more than the %(limit)s ms a move allows."
        ) % {"p99": problem["p99"], "limit": problem["limit"]}
    if code == "not_finished":
        return _("The check's match did not finish (%(status)s).") % {"status": problem["status"]}
    if code == "not_started":
        return _("The check could not start (%(detail)s). Run it again.") % {
            "detail": problem["detail"]
        }
    if code == "webhook_no_echo":
        return _(
            "Its webhook did not answer the signed check call with the same nonce (%(detail)s)."
        ) % {"detail": problem["detail"]}
    if code == "webhook_accepts_bad_signature":
        return _(
            "Its webhook accepted a call with a wrong signature: check X-Signature on every call."
        )
    return str(code)
