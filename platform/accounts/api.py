"""The account API: sign up, log in and out, who am I, password reset (session cookies)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import authenticate, login, logout
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from accounts.devices import device_remember
from accounts.services import (
    SignupsRefused,
    account_create,
    password_reset_allowed,
    password_reset_send,
    profile_get,
    signup_check,
)
from bots.auth import IsPerson
from bots.models import Sighting
from core.addresses import client_address
from core.api_parsers import JSONParser
from core.rate_limits import CACHE_DOWN, LOCAL

ERROR = OpenApiResponse(OpenApiTypes.OBJECT, description='{"error": code, "detail": text}')


def me_json(user: AbstractBaseUser) -> dict[str, Any]:
    """Return what the API tells a person about their own account."""
    return {
        "id": user.pk,
        "username": user.get_username(),
        "email": getattr(user, "email", ""),
        "time_zone": profile_get(user=user).time_zone,
        "date_joined": user.date_joined.isoformat(),  # type: ignore[attr-defined]
    }


class BadCredentials(exceptions.APIException):
    status_code = 400
    default_code = "invalid_credentials"
    # The error details of sign-in, sign-up and password reset are for people: they follow
    # Accept-Language (web/api_language.py keeps the rest of the API in English).
    default_detail = _("wrong username or password (both are case-sensitive)")


class ResetsThrottled(exceptions.Throttled):
    default_detail = _("too many password-reset requests for this address or account; try later")

    def __init__(self) -> None:
        super().__init__(wait=3600, detail=str(self.default_detail))


class TooManySignups(exceptions.Throttled):
    """SIGNUPS_PER_ADDRESS_PER_DAY accounts came from this address in the last 24 hours."""

    default_code = "too_many_signups"

    def __init__(self, refused: SignupsRefused) -> None:
        super().__init__(wait=refused.retry_after)
        # The message says when to try again itself; Retry-After has the seconds.
        self.detail = exceptions.ErrorDetail(refused.message, self.default_code)


class AuthRateThrottle(AnonRateThrottle):
    """Slow down password guessing and mail bombing: a few tries a minute per address."""

    scope = "auth"
    rate = "20/min"

    def get_rate(self) -> str:
        return self.rate

    def get_cache_key(self, request: Any, view: Any) -> str:
        return f"throttle:{self.scope}:{client_address(request)}"

    def allow_request(self, request: Any, view: Any) -> bool:
        """Count in the shared cache, or in this process's memory while it is unreachable."""
        try:
            return super().allow_request(request, view)
        except CACHE_DOWN:
            self.cache = LOCAL
            return super().allow_request(request, view)


class SignupSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(max_length=150)
    email = serializers.EmailField()
    password = serializers.CharField(write_only=True, style={"input_type": "password"})


class LoginSerializer(serializers.Serializer[Any]):
    username = serializers.CharField()
    password = serializers.CharField(write_only=True, style={"input_type": "password"})


class PasswordResetSerializer(serializers.Serializer[Any]):
    email = serializers.EmailField()


class SessionStart(APIView):
    """Base of signup and login: callable by a client that has no CSRF cookie yet."""

    # No authentication means DRF skips its CSRF check here. That is safe because these views
    # act on no existing session (login and signup start a new one, rotating the session key
    # and the CSRF token), and they parse JSON only: a cross-site page cannot send
    # application/json without a CORS preflight, which this site never grants, so another
    # site cannot sign a visitor in to an account of its choosing ("login CSRF").
    authentication_classes: list[Any] = []
    permission_classes = [permissions.AllowAny]
    parser_classes = [JSONParser]
    throttle_classes = [AuthRateThrottle]


class Signup(SessionStart):
    @extend_schema(
        request=SignupSerializer,
        responses={201: OpenApiTypes.OBJECT, 400: ERROR, 429: ERROR},
        summary="Create an account and sign in (session cookie)",
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        body = SignupSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            signup_check(address=client_address(request), meta=request.META)
            user = account_create(**body.validated_data)
        except SignupsRefused as exc:
            raise TooManySignups(exc) from None
        except DjangoValidationError as exc:
            raise serializers.ValidationError(exc.message_dict) from None
        login(request._request, user, backend="django.contrib.auth.backends.ModelBackend")
        response = Response(me_json(user), status=201)
        device_remember(request._request, response, user, Sighting.Source.SIGN_UP)
        return response


class Login(SessionStart):
    @extend_schema(
        request=LoginSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ERROR, 429: ERROR},
        summary="Sign in with username and password (session cookie)",
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        body = LoginSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        user = authenticate(request._request, **body.validated_data)
        if user is None:
            raise BadCredentials()
        login(request._request, user)
        response = Response(me_json(user))
        device_remember(request._request, response, user, Sighting.Source.SIGN_IN)
        return response


class Logout(APIView):
    """End the session; a signed-in client sends its CSRF token (X-CSRFToken)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=None, responses={204: None, 403: ERROR}, summary="Sign out", tags=["auth"]
    )
    def post(self, request: Request) -> Response:
        logout(request._request)
        return Response(status=204)


class Me(APIView):
    permission_classes = [IsPerson]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 401: ERROR, 403: ERROR},
        summary="The signed-in person",
        tags=["auth"],
    )
    def get(self, request: Request) -> Response:
        return Response(me_json(request.user))


class PasswordReset(APIView):
    """Mail a reset link; the answer is the same whether or not the address has an account."""

    permission_classes = [permissions.AllowAny]
    throttle_classes = [AuthRateThrottle]

    @extend_schema(
        request=PasswordResetSerializer,
        responses={202: OpenApiTypes.OBJECT, 400: ERROR, 429: ERROR},
        summary="Send a password-reset link by email",
        tags=["auth"],
    )
    def post(self, request: Request) -> Response:
        body = PasswordResetSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        email = body.validated_data["email"]
        if not password_reset_allowed(email=email, address=client_address(request)):
            raise ResetsThrottled()
        password_reset_send(
            email=email,
            domain=request.get_host(),
            use_https=request.is_secure(),
        )
        detail = gettext("if an account has this address, a reset link is on its way")
        return Response({"detail": detail}, status=202)
