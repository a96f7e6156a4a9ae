"""A live server: a forged X-Forwarded-For never escapes the sign-in limits.

Without BEHIND_PROXY the header is ignored (by the app and by uvicorn, which would otherwise
trust it from a local client); behind a proxy only the hop the proxy appended counts.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.processes import environment, migrate, server

pytestmark = pytest.mark.fixed_stack


def failed_logins(url: str, forwarded: list[str]) -> list[int]:
    """Try a wrong password for a different name each time, with the given X-Forwarded-For."""
    codes = []
    with httpx.Client(base_url=url, timeout=10) as client:
        for n, header in enumerate(forwarded):
            reply = client.post(
                "/api/v1/auth/login",
                json={"username": f"nobody{n}", "password": "wrong"},
                headers={"X-Forwarded-For": header},
            )
            codes.append(reply.status_code)
    return codes


def test_a_forged_header_does_not_escape_the_address_limit(tmp_path: Path) -> None:
    env = environment(tmp_path, LOGIN_FAILURE_LIMIT="5")
    migrate(env)
    with server(env, tmp_path) as web:
        codes = failed_logins(web.url, [f"198.51.100.{n}" for n in range(25)])
    # Past the API's 20 a minute too: today's code let all 25 through as 25 "addresses".
    assert codes[:4] == [400] * 4 and codes[4:] == [429] * 21, codes


def test_behind_a_proxy_the_proxys_hop_names_the_client(tmp_path: Path) -> None:
    env = environment(tmp_path, LOGIN_FAILURE_LIMIT="5", BEHIND_PROXY="1")
    migrate(env)
    with server(env, tmp_path) as web:
        # One client forging a different left-most address each time: the proxy's hop is
        # the same, so the client is limited.
        forged = failed_logins(web.url, [f"10.9.9.{n}, 203.0.113.5" for n in range(8)])
        # Eight different clients behind the proxy: none is limited for the others.
        many = failed_logins(web.url, [f"203.0.113.{50 + n}" for n in range(8)])
    assert forged[4:] == [429] * 4, forged
    assert many == [400] * 8, many
