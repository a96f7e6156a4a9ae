"""X-Forwarded-For counts only behind a proxy, and then only the hop the proxy added."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import RequestFactory
from rest_framework.test import APIClient

from core.addresses import client_address

pytestmark = pytest.mark.django_db


def test_a_forged_forwarded_for_does_not_escape_the_login_limit(ana: User) -> None:
    codes = []
    for n in range(21):
        reply = APIClient().post(
            "/api/v1/auth/login",
            {"username": "nobody", "password": "x"},
            format="json",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",
        )
        codes.append(reply.status_code)
    assert codes[-1] == 429, codes


def test_behind_a_proxy_only_the_right_most_hop_counts(settings: Any) -> None:
    factory = RequestFactory()
    forged = "6.6.6.6, 203.0.113.7"  # the client wrote 6.6.6.6; our proxy appended 203.0.113.7
    request = factory.get("/", HTTP_X_FORWARDED_FOR=forged, REMOTE_ADDR="10.0.0.2")
    settings.BEHIND_PROXY = False
    assert client_address(request) == "10.0.0.2"
    settings.BEHIND_PROXY = True
    settings.TRUSTED_PROXIES = 1
    assert client_address(request) == "203.0.113.7"
    settings.TRUSTED_PROXIES = 2  # a CDN in front of our proxy: the CDN's hop names the client
    assert client_address(request) == "6.6.6.6"
    garbage = factory.get("/", HTTP_X_FORWARDED_FOR="not-an-ip", REMOTE_ADDR="10.0.0.2")
    assert client_address(garbage) == "10.0.0.2"


@pytest.mark.parametrize("peer", [None, "", "unix:/run/web.sock"])
def test_a_request_without_an_ip_peer_still_has_an_ip_address(peer: str | None) -> None:
    # The sign-in lockout stores the address in an inet column: PostgreSQL refuses anything
    # that is not an IP address, and a forced test login has no REMOTE_ADDR at all.
    request = RequestFactory().get("/")
    if peer is None:
        del request.META["REMOTE_ADDR"]
    else:
        request.META["REMOTE_ADDR"] = peer
    assert client_address(request) == "0.0.0.0"


def test_a_forced_login_is_recorded_on_the_real_database(ana: User) -> None:
    client = APIClient()
    client.force_login(ana)
    assert client.get("/api/v1/auth/me").status_code == 200
