"""The device cookie: given to a browser at sign-up, sign-in and password reset.

A random value (bots/sightings.py keeps only its keyed digest, with the client's address):
it links accounts signed in from one browser (bots/owners.py), and it lets the owner's own
browser sign in while failures from elsewhere lock the account (accounts/lockout.py).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.http import HttpRequest, HttpResponseBase

from bots.sightings import device_of, person_seen
from core.addresses import client_address


def device_remember(
    request: HttpRequest, response: HttpResponseBase, user: AbstractBaseUser, source: str
) -> str:
    """Record the browser and the address ``user`` was seen with; (re)set the device cookie.

    A browser that already holds a device cookie keeps it, so every account signed in from
    it shares one. Long-lived, HttpOnly, SameSite=Lax, Secure when the site is https.
    """
    device = person_seen(
        user_id=int(user.pk),
        source=source,
        address=client_address(request),
        device=device_of(request.COOKIES),
        meta=request.META,
    )
    response.set_cookie(
        settings.DEVICE_COOKIE_NAME,
        device,
        max_age=settings.DEVICE_COOKIE_DAYS * 86400,
        httponly=True,
        secure=settings.SESSION_COOKIE_SECURE or request.is_secure(),
        samesite="Lax",
    )
    return device
