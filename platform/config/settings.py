"""Settings, read from the environment only (README, "Configuration", lists every variable).

With no variables set the platform runs embedded: SQLite under var/, Celery on an in-memory
broker with its worker and beat as threads of the server process, Channels' in-memory layer
and a local-memory cache. DATABASE_URL moves the data to PostgreSQL; REDIS_URL moves the
broker, results, channel layer and cache to Redis, with workers and beat as separate processes.
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

from config.env import (
    env_bool,
    env_float,
    env_int,
    env_json_object,
    env_list,
    env_path,
    env_redis_url,
    env_str,
    parse_database_url,
)

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = env_path("VAR_DIR", BASE_DIR / "var")
VAR_DIR.mkdir(parents=True, exist_ok=True)

DEBUG = env_bool("DEBUG", False)


def _local_secret_key(folder: Path) -> str:
    """Return this machine's key under var/, made once; the code never holds a secret."""
    key_file = folder / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


# Set SECRET_KEY when scaled out (every process must share it); embedded mode makes its own.
SECRET_KEY = env_str("SECRET_KEY") or _local_secret_key(VAR_DIR)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# A WebSocket opens only from the site's own origin (scheme, host and port of the request, its
# host in ALLOWED_HOSTS) or one of these full origins, e.g. https://example.org:8443
# (web/origins.py, docs/web.md).
WEBSOCKET_EXTRA_ORIGINS = env_list("WEBSOCKET_EXTRA_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "django_htmx",
    "csp",
    "axes",
    "core",
    "web",
    "learn",
    "accounts",
    "games",
    "tournaments",
    "tournaments.ratings",
    "tournaments.leagues",
    "tournaments.ladders",
    "tournaments.fairplay",
    "bots",
]

# Django's and django-csp's middleware in their web.inline_middleware form: the same classes,
# with their hooks run in the event loop under ASGI instead of a thread hop each.
MIDDLEWARE = [
    "web.inline_middleware.SecurityMiddleware",
    "web.inline_middleware.CSPMiddleware",
    "servestatic.middleware.ServeStaticMiddleware",
    "web.inline_middleware.SessionMiddleware",
    # The language: the django_language cookie, otherwise Accept-Language (URLs carry none).
    "web.inline_middleware.LocaleMiddleware",
    # Sets that cookie to the account's language when a person signs in (accounts/language.py).
    "accounts.language.AccountLanguageCookieMiddleware",
    # ... but the machine-facing API answers in English (web/api_language.py).
    "web.api_language.ApiEnglishMiddleware",
    # ... and says its rate limit on every answer (RateLimit-Policy, RateLimit).
    "web.api_rate_headers.RateLimitHeadersMiddleware",
    "web.inline_middleware.CommonMiddleware",
    "web.inline_middleware.CsrfViewMiddleware",
    "web.inline_middleware.AuthenticationMiddleware",
    "accounts.middleware.TimezoneMiddleware",
    "web.inline_middleware.MessageMiddleware",
    "web.inline_middleware.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Turns a sign-in refused for too many failures into the lockout answer.
    "axes.middleware.AxesMiddleware",
    "core.id_bounds.IdBoundsMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out account or address
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# --- database ---------------------------------------------------------------------------------
# A move that leaves its match running commits on PostgreSQL without waiting for the disk
# (core/round_trips.py): on a crash of the database server or its machine the last moments'
# moves can be lost, the match going on from the turn before them, as embedded SQLite
# (synchronous=NORMAL) already does. Results, ratings and everything else always wait.
MOVE_COMMIT_WAITS_FOR_DISK = env_bool("MOVE_COMMIT_WAITS_FOR_DISK", False)
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    _db = parse_database_url("DATABASE_URL", DATABASE_URL)
else:
    _db = parse_database_url("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}")
if _db.engine == "sqlite":
    _sqlite_path = Path(_db.name)
    DATABASES = {
        "default": {
            "ENGINE": "core.sqlite",  # django.db.backends.sqlite3, writers queued
            "NAME": str(_sqlite_path),
            # WAL lets readers run beside the one writer; IMMEDIATE takes the write lock at
            # BEGIN so two writers queue (up to the timeout) instead of failing on upgrade.
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
            # A file, not :memory:, so that threads of a test share it; one per test process, so
            # that two test runs in one checkout do not trample each other.
            "TEST": {"NAME": str(_sqlite_path.with_name(f"test_{os.getpid()}.sqlite3"))},
        }
    }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": _db.name,
            "USER": _db.user,
            "PASSWORD": _db.password,
            "HOST": _db.host,
            "PORT": _db.port,
            # A connection pool per process: ASGI serves sync code from changing threads, where
            # persistent per-thread connections would leak; the pool hands them back.
            "OPTIONS": {
                **dict(_db.options),
                "pool": {
                    "min_size": 1,
                    "max_size": env_int("DATABASE_POOL_SIZE", 10, minimum=1),
                    "timeout": 20,
                },
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis, Celery, Channels, cache -----------------------------------------------------------
REDIS_URL = env_redis_url("REDIS_URL")
EMBEDDED = not REDIS_URL
# In embedded mode the server process runs the Celery worker and beat as threads.
EMBEDDED_WORKER = env_bool("EMBEDDED_WORKER", EMBEDDED)
EMBEDDED_WORKER_CONCURRENCY = env_int("EMBEDDED_WORKER_CONCURRENCY", 4, minimum=1)

# Platforms that share one Redis (two deployments, or the test suite's many platforms) keep
# apart by a prefix on every key: the broker's queues, task results, the channel layer's groups
# and, unless CACHE_PREFIX says otherwise, the cache. Empty: the libraries' own key names.
REDIS_PREFIX = env_str("REDIS_PREFIX", "")
_KEYS: dict[str, object] = {"global_keyprefix": f"{REDIS_PREFIX}:"} if REDIS_PREFIX else {}

CELERY_BROKER_URL = REDIS_URL or "memory://localhost/"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
CELERY_BROKER_TRANSPORT_OPTIONS = {"polling_interval": 0.01} if EMBEDDED else dict(_KEYS)
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {} if EMBEDDED else dict(_KEYS)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_RESULT_EXPIRES = 3600
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {}  # filled below

if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "core.channel_layer.RedisChannelLayer",  # channels_redis, batched
            # A read waits up to 5 s for a message (channels_redis' BZPOPMIN); the client's
            # own socket timeout (redis-py's default is also 5 s) must leave room above that,
            # or a busy event loop makes every waiting read fail (core.live rejoins, but each
            # failure costs every socket a fresh state).
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_timeout": 15}],
                "capacity": 1000,
                "expiry": 30,
                "prefix": f"{REDIS_PREFIX}:asgi" if REDIS_PREFIX else "asgi",
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env_str("CACHE_PREFIX", REDIS_PREFIX or "cardtables"),
            # A Redis that hangs fails fast, so the rate limits count locally meanwhile.
            "OPTIONS": {"socket_connect_timeout": 2, "socket_timeout": 2},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- web ----------------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# --- languages (README "Languages") ------------------------------------------------------------
# One catalog for the whole site under locale/ (domains django and djangojs). The .mo files are
# compiled from the .po files with Babel (manage.py compilecatalogs): no system gettext needed.
LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("es", "Español"),
    ("pt-br", "Português (Brasil)"),
    ("id", "Bahasa Indonesia"),
    ("ko", "한국어"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Short dates in Korean as Korean readers write them (config/formats/ko/formats.py).
FORMAT_MODULE_PATH = ["config.formats"]
LANGUAGE_COOKIE_NAME = "django_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
# Static files come from the installed apps and packages (the Swagger UI sidecar) directly,
# so the embedded run needs no collectstatic step. ServeStatic's middleware is async: with
# every middleware async-capable, the async views (the long-poll, the stream) hold no thread.
SERVESTATIC_USE_FINDERS = True
SERVESTATIC_AUTOREFRESH = DEBUG
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")

# Behind a proxy, the client's address is the one the proxy appended to X-Forwarded-For (the
# TRUSTED_PROXIES-th from the right); otherwise the header is ignored (core/addresses.py).
BEHIND_PROXY = env_bool("BEHIND_PROXY")
TRUSTED_PROXIES = env_int("TRUSTED_PROXIES", 1, minimum=1)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_PROXY else None
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
# HSTS once the site is served over https (SECURE_COOKIES): browsers then refuse plain http.
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 31_536_000, minimum=0) if SESSION_COOKIE_SECURE else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", False)

# Content-Security-Policy (django-csp): scripts and styles only from this site's own files, no
# inline script anywhere. The Swagger UI page adds inline style for itself (web/api_docs.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# --- sign-in limits (django-axes; accounts/lockout.py answers) ----------------------------------
# Failed sign-ins (the page and the API alike) before an account, or an address, is locked out;
# counted per account and per address separately. The lock lifts after LOGIN_LOCKOUT_MINUTES.
LOGIN_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10, minimum=1)
LOGIN_LOCKOUT_MINUTES = env_int("LOGIN_LOCKOUT_MINUTES", 15, minimum=1)
AXES_FAILURE_LIMIT = LOGIN_FAILURE_LIMIT
AXES_COOLOFF_TIME = timedelta(minutes=LOGIN_LOCKOUT_MINUTES)
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "core.addresses.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
# A lock never keeps the owner out: a browser with the account's device cookie or a live
# session is spared failures from elsewhere (it has LOGIN_FAILURE_LIMIT of its own).
AXES_WHITELIST_CALLABLE = "accounts.lockout.trusted_sign_in"
AXES_VERBOSE = False
# Password-reset mails per hour, per account (address typed) and per client address.
PASSWORD_RESET_PER_ACCOUNT = env_int("PASSWORD_RESET_PER_ACCOUNT", 3, minimum=1)
PASSWORD_RESET_PER_ADDRESS = env_int("PASSWORD_RESET_PER_ADDRESS", 10, minimum=1)

# --- linked accounts and sign-up limits (docs/accounts.md, "What is recorded") -----------------
# Days a device cookie's or a client address's digest is kept and used to link accounts.
SIGHTING_DAYS = env_int("SIGHTING_DAYS", 30, minimum=1)
# The HMAC-SHA256 key of those digests (never the raw address); derived from SECRET_KEY if unset.
SIGHTING_KEY = env_str("SIGHTING_KEY") or f"sightings:{SECRET_KEY}"
# Loopback, private, link-local, CGNAT and other non-global addresses (and a proxy's own) link
# accounts and count for the sign-up limit only when this is set: a school's NAT or the
# embedded demo would link everyone.
LINK_PRIVATE_ADDRESSES = env_bool("LINK_PRIVATE_ADDRESSES", False)
# Sign-ups a day from one address (the page and the API together): 429 too_many_signups beyond.
SIGNUPS_PER_ADDRESS_PER_DAY = env_int("SIGNUPS_PER_ADDRESS_PER_DAY", 3, minimum=1)
# The random device cookie set at sign-up, sign-in and password reset (HttpOnly, SameSite=Lax).
DEVICE_COOKIE_NAME = env_str("DEVICE_COOKIE_NAME", "device")
DEVICE_COOKIE_DAYS = env_int("DEVICE_COOKIE_DAYS", 365, minimum=1)
# A bot's API calls from one address are written down at most once in this many seconds.
SIGHTING_BOT_INTERVAL = env_int("SIGHTING_BOT_INTERVAL", 3600, minimum=60)

# Requests per minute per bot token (and per signed-in person on the API).
BOT_RATE_LIMIT = env_int("BOT_RATE_LIMIT", 6000, minimum=1)
# Seconds a bot token's lookup is kept in the cache (0: never); any change forgets it at once
# (bots/token_cache.py).
TOKEN_CACHE_SECONDS = env_int("TOKEN_CACHE_SECONDS", 30, minimum=0)
# Active tokens one bot may have: issuing one more without rotating answers 409 too_many_tokens.
TOKENS_PER_BOT = env_int("TOKENS_PER_BOT", 5, minimum=1)
# Active (not retired) bots one person may have: one more answers 409 too_many_bots.
BOTS_PER_PERSON = env_int("BOTS_PER_PERSON", 10, minimum=1)
# New versions a bot may state in 24 hours (the Bot-Version header; docs/bots.md, "Versions").
BOT_VERSIONS_PER_DAY = env_int("BOT_VERSIONS_PER_DAY", 20, minimum=1)
# Changes of a bot's current version in an hour, new or old (each one is a write).
BOT_VERSION_CHANGES_PER_HOUR = env_int("BOT_VERSION_CHANGES_PER_HOUR", 60, minimum=1)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "bots.auth.BotTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_THROTTLE_CLASSES": ["bots.auth.TokenRateThrottle"],
    "EXCEPTION_HANDLER": "core.api_errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "core.api_parsers.JSONParser",  # DRF's, with a depth bound (API_JSON_MAX_DEPTH)
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Card tables API",
    "DESCRIPTION": (
        "Bots and people play Busca and Buraco in tournaments and leagues.\n\n"
        "Bots authenticate with `Authorization: Bearer <token>`; people with their session. "
        f"Requests are limited to {BOT_RATE_LIMIT} a minute per token (or signed-in "
        "person); above it the answer is 429 with `Retry-After`. Errors are "
        '`{"error": code, "detail": text}`. Rules, views and moves: docs/rules.md; the bot '
        "protocol: docs/bots.md."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Bodies are documented as JSON only (the form parsers serve forms, not bots): a client
    # generated from the schema must send JSON (tests/e2e/test_generated_client.py).
    "PARSER_WHITELIST": ["core.api_parsers.JSONParser"],
    # One name for each choice set that several fields share (no naming collisions).
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "games.engine.schemas.GAME_NAMES",
        "PoolEnum": "tournaments.ratings.models.Pool.values",  # a rating pool, a league's members
        "RatedKindEnum": ["bot", "person"],  # who holds a rating
        "AudienceEnum": "tournaments.audience.AUDIENCES",  # who an event is for
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "bots.schema.add_async_paths",
        "web.api_components.add_components",
        "web.api_schema.add_error_responses",
    ],
}

LOG_LEVEL = env_str("LOG_LEVEL", "INFO").upper()
if LOG_LEVEL not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
    raise ImproperlyConfigured(f"LOG_LEVEL={LOG_LEVEL!r} is not a logging level")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "filters": {"client_errors_at_info": {"()": "web.log_filters.ClientErrorsAtInfo"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "celery": {"level": "WARNING"},
        "uvicorn.access": {"level": "WARNING"},
        # Expected 4xx answers at INFO (web/log_filters.py); 5xx stay at ERROR.
        "django.request": {"filters": ["client_errors_at_info"]},
    },
}

# Time a worker thread waits for the server's event loop to take an event.
EVENT_SEND_TIMEOUT = env_float("EVENT_SEND_TIMEOUT", 5.0, minimum=0.1)

# Where `manage.py serve` (and so `make run` and the Procfile's web process) listens; the demo
# command prints its links with them.
SERVE_HOST = env_str("HOST", "127.0.0.1")
SERVE_PORT = env_int("PORT", 8000, minimum=1)

# --- bots and matches ---------------------------------------------------------------------------
# A Fernet key (base64, 32 bytes) for webhook secrets at rest; derived from SECRET_KEY if unset.
WEBHOOK_ENCRYPTION_KEY = env_str("WEBHOOK_ENCRYPTION_KEY")
# Hosts a webhook may reach over plain http (tests use 127.0.0.1); everything else needs https.
WEBHOOK_HTTP_HOSTS = env_list("WEBHOOK_HTTP_HOSTS")
# Webhooks at http(s)://127.0.0.1:PORT/ or localhost (PORT 1024 and above) on the platform's own
# machine, so an author develops a webhook bot without a public address: on by default embedded
# (one machine, one author), off scaled out, where a loopback call would reach the servers' own.
WEBHOOK_LOOPBACK = env_bool("WEBHOOK_LOOPBACK", EMBEDDED)
# The longest one webhook call may take, whatever the time left: a slow endpoint holds a worker.
WEBHOOK_TIMEOUT = env_float("WEBHOOK_TIMEOUT", 30.0, minimum=1.0)
BOT_MOVE_TIMEOUT = env_float("BOT_MOVE_TIMEOUT", 10.0, minimum=0.5)
PERSON_MOVE_TIMEOUT = env_float("PERSON_MOVE_TIMEOUT", 45.0, minimum=1.0)
TIMEOUTS_TO_FORFEIT = env_int("TIMEOUTS_TO_FORFEIT", 3, minimum=1)
SWEEP_INTERVAL = env_float("SWEEP_INTERVAL", 1.0, minimum=0.1)
# Every process records a heartbeat this often (README, "Operations"); one silent for
# HEARTBEAT_STALE seconds counts as gone. No live web heartbeat means no moves could be taken:
# then nothing times out, and on recovery every open deadline moves back by the outage plus
# OUTAGE_GRACE seconds.
HEARTBEAT_INTERVAL = env_float("HEARTBEAT_INTERVAL", 0.5, minimum=0.1)
HEARTBEAT_STALE = env_float("HEARTBEAT_STALE", 3.0, minimum=0.5)
OUTAGE_GRACE = env_float("OUTAGE_GRACE", 10.0, minimum=0.0)
if HEARTBEAT_STALE < 2 * HEARTBEAT_INTERVAL:
    raise ImproperlyConfigured("HEARTBEAT_STALE must be at least twice HEARTBEAT_INTERVAL")
# The longest `wait` of GET /api/v1/bot/turns, in seconds (the schema says so too).
LONG_POLL_MAX = env_int("LONG_POLL_MAX", 30, minimum=1)
# Event streams and waiting long-polls one bot token may hold at once (bots/holds.py); a new one
# beyond the bound closes the token's oldest (docs/bots.md, "Limits per token").
STREAMS_PER_TOKEN = env_int("STREAMS_PER_TOKEN", 4, minimum=1)
LONG_POLLS_PER_TOKEN = env_int("LONG_POLLS_PER_TOKEN", 4, minimum=1)
# Lists and objects a JSON body may nest (a Buraco move needs 2); deeper answers 400 parse_error.
API_JSON_MAX_DEPTH = env_int("API_JSON_MAX_DEPTH", 32, minimum=4)
# Practice and challenge matches one bot or person may have running; also the challenges one
# may have pending (docs/bots.md, "Challenges").
PRACTICE_MATCH_LIMIT = env_int("PRACTICE_MATCH_LIMIT", 10, minimum=1)
# A passed pre-flight check lets a bot into ladders (and events that ask for one) this long.
PREFLIGHT_VALID_HOURS = env_int("PREFLIGHT_VALID_HOURS", 72, minimum=1)
CHALLENGE_TTL = env_float("CHALLENGE_TTL", 60.0, minimum=1.0)  # seconds a challenge waits

CELERY_BEAT_SCHEDULE["sweep-matches"] = {"task": "games.sweep", "schedule": SWEEP_INTERVAL}
CELERY_BEAT_SCHEDULE["tournaments-tick"] = {"task": "tournaments.tick", "schedule": 2.0}
CELERY_BEAT_SCHEDULE["leagues-tick"] = {"task": "leagues.tick", "schedule": 5.0}
CELERY_BEAT_SCHEDULE["ladders-schedule"] = {"task": "ladders.schedule", "schedule": 3.0}
# Sightings older than SIGHTING_DAYS are deleted (they are never used either way).
CELERY_BEAT_SCHEDULE["sightings-purge"] = {"task": "bots.sightings_purge", "schedule": 3600.0}
# Calls to bots' servers wait on the network: they have their own worker (Procfile).
# House search moves (house:ismcts and its kin) think for a budget of time on every move: they
# have their own queue and worker (Procfile `search`; embedded: a worker thread of its own), so
# bot, tournament and ladder turns never wait behind practice search.
CELERY_TASK_ROUTES = {
    "bots.webhook_turn": {"queue": "webhooks"},
    "bots.preflight_run": {"queue": "webhooks"},
    "games.play_house_search": {"queue": "search"},
}
# Embedded: each search decision runs in one child process, so it never holds the server's
# interpreter (GIL) against everyone else's requests (games/services/thinking.py).
SEARCH_IN_CHILD_PROCESS = env_bool("SEARCH_IN_CHILD_PROCESS", EMBEDDED)
# Threads of the embedded search worker (one search at a time keeps a core for the rest).
EMBEDDED_SEARCH_CONCURRENCY = env_int("EMBEDDED_SEARCH_CONCURRENCY", 1, minimum=1)
# House search seats one person (with all their bots) may have in running practice and
# challenge matches at once (docs/bots.md, "Practice matches"): 409 too_many_search_seats.
SEARCH_SEATS_PER_OWNER = env_int("SEARCH_SEATS_PER_OWNER", 3, minimum=0)

# --- ladders (docs/ladders.md) ------------------------------------------------------------------
# Ladder matches one bot may have running at once.
LADDER_MATCHES_PER_BOT = env_int("LADDER_MATCHES_PER_BOT", 2, minimum=1)
# ... and one house anchor: their moves run on the workers (house:ismcts-fast thinks 40 ms a
# move, on the search queue).
LADDER_MATCHES_PER_ANCHOR = env_int("LADDER_MATCHES_PER_ANCHOR", 2, minimum=1)
# Seconds between the house moves of a ladder match (0.5x to 1.5x of it; 0 = at once, the
# default: nobody waits to watch most ladder games, and a bot's first result should come in
# two minutes). Cheap house moves play in the move's own transaction; search moves run on the
# search queue, whose workers bound the share the anchors take.
LADDER_HOUSE_PACE = env_float("LADDER_HOUSE_PACE", 0.0, minimum=0.0)
if LADDER_HOUSE_PACE > 5:
    raise ImproperlyConfigured("LADDER_HOUSE_PACE must be at most 5 seconds")
# Seconds between the house moves of a match with a person at the table (0.5x to 1.5x of it),
# so the person can watch each card land; 0 = at once. Bots-only matches are never paced by it;
# a tournament's own house_pace option wins (docs/web.md, "Paced play").
PEOPLE_PACE = env_float("PEOPLE_PACE", 0.6, minimum=0.0)
if PEOPLE_PACE > 5:
    raise ImproperlyConfigured("PEOPLE_PACE must be at most 5 seconds")
# Seconds a person has to read a deal's score sheet before the next deal's first turn of
# theirs starts its time (its deadline, and what a time bank pays, count from then).
DEAL_GRACE = env_float("DEAL_GRACE", 5.0, minimum=0.0)
if DEAL_GRACE > 60:
    raise ImproperlyConfigured("DEAL_GRACE must be at most 60 seconds")
# Ladder matches running at once over every ladder: tournaments and leagues always come first.
LADDER_MAX_RUNNING = env_int("LADDER_MAX_RUNNING", 20, minimum=0)
# Seconds a bot has for each ladder move.
LADDER_MOVE_TIMEOUT = env_float("LADDER_MOVE_TIMEOUT", 5.0, minimum=0.5)
if LADDER_MOVE_TIMEOUT > 86400:
    raise ImproperlyConfigured("LADDER_MOVE_TIMEOUT must be at most 86400 seconds")
# A time bank for ladder matches instead of LADDER_MOVE_TIMEOUT a move (0: none): seconds each
# bot starts a match with, and seconds added after each move (docs/bots.md, "Time banks").
LADDER_CLOCK_BANK = env_float("LADDER_CLOCK_BANK", 0.0, minimum=0.0)
LADDER_CLOCK_INCREMENT = env_float("LADDER_CLOCK_INCREMENT", 0.0, minimum=0.0)
if LADDER_CLOCK_BANK > 86400 or LADDER_CLOCK_INCREMENT > 3600:
    raise ImproperlyConfigured("LADDER_CLOCK_BANK is at most 86400 s, its increment 3600 s")
if 0 < LADDER_CLOCK_BANK < 1:
    raise ImproperlyConfigured("LADDER_CLOCK_BANK is 0 (none) or at least 1 second")
# Time banks' transit allowance, in the manner of lag compensation (docs/bots.md, "Time banks"):
# a turn's allowance is the seat's measured round trip, at most TRANSIT_TURN_MAX seconds, and
# is paid from a quota per seat and match that starts at TRANSIT_QUOTA_START seconds, gains
# TRANSIT_QUOTA_REFILL a move and never holds more than TRANSIT_QUOTA_MAX.
TRANSIT_TURN_MAX = env_float("TRANSIT_TURN_MAX", 0.5, minimum=0.0)
TRANSIT_QUOTA_START = env_float("TRANSIT_QUOTA_START", 3.0, minimum=0.0)
TRANSIT_QUOTA_REFILL = env_float("TRANSIT_QUOTA_REFILL", 0.1, minimum=0.0)
TRANSIT_QUOTA_MAX = env_float("TRANSIT_QUOTA_MAX", 5.0, minimum=0.0)
if TRANSIT_TURN_MAX > 10 or not TRANSIT_QUOTA_START <= TRANSIT_QUOTA_MAX <= 60:
    raise ImproperlyConfigured(
        "TRANSIT_TURN_MAX is at most 10 s; TRANSIT_QUOTA_START <= TRANSIT_QUOTA_MAX <= 60 s"
    )
# Rule options of ladder matches, per game (JSON: {"buraco-mano-a-mano": {"deals": 2}}). A
# ladder game is one deal unless this says otherwise: a game named here takes the options given
# instead ({} plays the game's whole default rules). Checked here against the option bounds.
LADDER_OPTIONS_DEFAULT: dict[str, dict[str, Any]] = {
    "busca": {"max_deals": 1},
    "buraco-cerrado": {"deals": 1},
    "buraco-mano-a-mano": {"deals": 1},
}
LADDER_OPTIONS = {**LADDER_OPTIONS_DEFAULT, **env_json_object("LADDER_OPTIONS")}
for _game, _options in LADDER_OPTIONS.items():
    from games import engine as _engine

    if _game not in _engine.names() or not isinstance(_options, dict) or "players" in _options:
        raise ImproperlyConfigured(
            f"LADDER_OPTIONS: {_game!r} needs a game and an options object (without players)"
        )
    try:
        _engine.get(_game).new(0, **_options)
    except (TypeError, ValueError) as _exc:
        raise ImproperlyConfigured(f"LADDER_OPTIONS for {_game}: {_exc}") from None
# House strategies that play every ladder as rated, fixed anchors (comma-separated).
LADDER_ANCHORS = env_list("LADDER_ANCHORS", ["house:random", "house:greedy", "house:ismcts-fast"])

# --- ratings and leaderboards -------------------------------------------------------------------
# A rating is provisional while its sigma is at least this (OpenSkill starts at 25/3 ≈ 8.33).
RATING_PROVISIONAL_SIGMA = env_float("RATING_PROVISIONAL_SIGMA", 4.0, minimum=0.0)
# Rated games a rating needs before a leaderboard lists it.
LEADERBOARD_MIN_GAMES = env_int("LEADERBOARD_MIN_GAMES", 3, minimum=0)
# A match one side resigned (or forfeited) before making this many moves of its own is unrated
# (docs/ratings.md, "A real contest").
RATING_MIN_MOVES = env_int("RATING_MIN_MOVES", 4, minimum=0)
# Rated matches between the same two owners that count in 24 hours, per game and pool.
RATING_PAIR_GAMES_PER_DAY = env_int("RATING_PAIR_GAMES_PER_DAY", 5, minimum=1)
# The drift OpenSkill adds to a rating's sigma before each duplicate comparison of a ladder set
# (docs/ratings.md, "Duplicate comparisons"). A match adds 25/300; a comparison is one deal's
# worth of evidence, many per whole game, so it adds a tenth: with 25/300 the ratings' sigma
# stalled near 1.5 and the tiers of bench.ladder_convergence were never told apart.
RATING_COMPARISON_TAU = env_float("RATING_COMPARISON_TAU", 25 / 3000, minimum=0.0)
# How much a bot's sigma widens when it states a new version: sigma becomes
# sqrt(sigma^2 + RATING_VERSION_SIGMA^2), at most the starting 25/3 (docs/ratings.md, "A new
# version"). 4.0, the provisional mark, makes every new version provisional again.
RATING_VERSION_SIGMA = env_float("RATING_VERSION_SIGMA", 4.0, minimum=0.0)

# Challenges one bot (or a person without a bot) may make in any hour, answered, cancelled or
# not: beyond, 409 too_many_challenges. Cancelling needs a challenge, so this bounds both.
CHALLENGES_PER_HOUR = env_int("CHALLENGES_PER_HOUR", 60, minimum=1)
# A live table socket's {"action": "sync"}: SYNC_BURST at once, then SYNC_RATE a second
# (each is a database read and a render); beyond, a "throttled" error frame (docs/web.md).
SYNC_BURST = env_int("SYNC_BURST", 5, minimum=1)
SYNC_RATE = env_float("SYNC_RATE", 2.0, minimum=0.01)

# Seconds a leaderboard's or ladder's sampled rank intervals are kept (keyed by the ratings
# sampled, so a new rating is a new entry at once).
RANK_INTERVAL_CACHE_SECONDS = env_int("RANK_INTERVAL_CACHE_SECONDS", 600, minimum=1)

# --- fair play (docs/fair-play.md) ---------------------------------------------------------------
# Shared matches a pair of owners needs before the report tests it: ladders and leaderboards,
# then tournaments (fewer matches between the same owners).
FAIR_PLAY_MIN_MEETINGS = env_int("FAIR_PLAY_MIN_MEETINGS", 10, minimum=1)
FAIR_PLAY_MIN_MEETINGS_TOURNAMENT = env_int("FAIR_PLAY_MIN_MEETINGS_TOURNAMENT", 3, minimum=1)
# The false-discovery rate of Benjamini-Hochberg across a report's pairs.
FAIR_PLAY_FDR = env_float("FAIR_PLAY_FDR", 0.05, minimum=0.0)
# The newest finished matches of a scope that one report reads; older ones are left out.
FAIR_PLAY_MAX_MATCHES = env_int("FAIR_PLAY_MAX_MATCHES", 2000, minimum=1)
# Seconds a computed report is kept (a new match in the scope makes a new one at once).
FAIR_PLAY_CACHE_SECONDS = env_int("FAIR_PLAY_CACHE_SECONDS", 300, minimum=0)
# Pairs on a page of the fair-play API and page.
FAIR_PLAY_PAGE_SIZE = env_int("FAIR_PLAY_PAGE_SIZE", 20, minimum=1)
