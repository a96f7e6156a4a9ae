"""``python -m games.arena view FILE``: the site's replay viewer on this machine, no database.

A small HTTP server on 127.0.0.1 serves the viewer's page (games/replay_local.html, the same
viewer as the site's /matches/{id}/replay/, rendered by Django's template engine for its
translations, with no settings module and no database), the viewer's static files
(games/static/games/, the same replay.js), and FILE as /replay.json and /events.ndjson.

FILE is a replay document (``--save``, or a site's /matches/{id}/replay.json) or a finished
match's log (GET /api/v1/matches/{id}/log), which is replayed into one.
"""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from games import engine
from games.arena.arguments import bounded
from games.arena.errors import ArenaError
from games.arena.replay import record_of
from games.replay_format import document_events, is_document, replay_document

HOST = "127.0.0.1"
DEFAULT_PORT = 8765
LANGUAGES = ("en", "es", "pt-br", "id", "ko")  # the site's (settings.LANGUAGES)
GAMES = Path(__file__).resolve().parents[1]
STATIC = GAMES / "static" / "games"
TEMPLATES = GAMES / "templates"
# A checkout keeps locale/ and the site's stylesheet beside games/; an installed copy keeps the
# stylesheet in the web package. Without them the page is in English, with its own styles.
LOCALE = GAMES.parent / "locale"
SITE_CSS = (
    GAMES.parent / "platform" / "web" / "static" / "web" / "site.css",
    GAMES.parent / "web" / "static" / "web" / "site.css",
)
TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
POLICY = "default-src 'self'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'"


def view_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m games.arena view",
        description="Show a saved match in the browser: the site's replay viewer, served from "
        "this machine (127.0.0.1) with no database.",
    )
    p.add_argument(
        "file",
        type=Path,
        metavar="FILE",
        help="a replay (`python -m games.arena ... --save FILE`, or /matches/{id}/replay.json) "
        "or a finished match's log (GET /api/v1/matches/{id}/log)",
    )
    p.add_argument(
        "--port",
        type=bounded(0, 65535),
        default=DEFAULT_PORT,
        help=f"the port on 127.0.0.1 (default {DEFAULT_PORT}; 0: any free port)",
    )
    p.add_argument("--lang", choices=LANGUAGES, default="en", help="the page's language")
    p.add_argument(
        "--card-style",
        choices=("latin", "french"),
        help="Busca's suits (default: as the site, by the language)",
    )
    p.add_argument("--game", choices=engine.names(), help="only for a log that lacks it")
    return p


def load(path: Path, game: str | None = None) -> dict[str, Any]:
    """Return the replay document in ``path`` (a log is replayed into one)."""
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ArenaError(f"{path}: cannot be read: {exc}") from None
    except ValueError as exc:
        raise ArenaError(f"{path}: not JSON: {exc}") from None
    if is_document(body):
        if body.get("game") not in engine.names() or not body.get("frames"):
            raise ArenaError(f"{path}: a replay without a known game or frames")
        document: dict[str, Any] = body
        return document
    record = record_of(body, game)
    rows = [dict(row, turn=row.get("turn", n)) for n, row in enumerate(body["moves"])]
    try:
        return replay_document(
            game=record.game,
            seed=record.seed,
            options=record.options,
            moves=rows,
            result=(body.get("record") or {}).get("result"),
            seats=[],
            match=record.match,
        )
    except Exception as exc:
        raise ArenaError(f"{path}: the log does not replay: {type(exc).__name__}: {exc}") from None


def _django(language: str) -> None:
    """Make Django's template engine and translations usable without a settings module."""
    import django
    from django.conf import settings

    if not settings.configured:
        settings.configure(
            USE_I18N=True,
            LANGUAGE_CODE="en",
            LANGUAGES=[(code, code) for code in LANGUAGES],
            LOCALE_PATHS=[str(LOCALE)] if LOCALE.is_dir() else [],
            INSTALLED_APPS=[],
        )
        django.setup()


def page(document: dict[str, Any], path: Path, language: str, style: str | None) -> str:
    """Return the viewer's HTML for ``document`` in ``language``."""
    _django(language)
    from django.template import Context, Engine
    from django.utils import translation

    from games.card_style import default_style

    templates = Engine(dirs=[str(TEMPLATES)], libraries={"i18n": "django.templatetags.i18n"})
    base, _, region = language.partition("-")
    context = {
        "html_lang": f"{base}-{region.upper()}" if region else base,
        "game": document["game"],
        "match_id": None,
        "source": path.name,
        "json_url": "/replay.json",
        "events_url": "/events.ndjson",
        "command": f"python -m games.arena replay {shlex.quote(str(path))}",
        "card_style": style or default_style(language),
        "static_url": "/static/games/",
        "suits_url": "/static/games/suits.svg",
        "site_css": "/static/web/site.css" if site_css() else None,
    }
    with translation.override(language):
        return templates.get_template("games/replay_local.html").render(Context(context))


def site_css() -> Path | None:
    return next((p for p in SITE_CSS if p.is_file()), None)


@dataclass(frozen=True)
class Served:
    """What the server answers: the page, the document and its events, by name."""

    page: bytes
    document: bytes
    events: bytes
    name: str  # the file's stem, for the downloads


def static_file(name: str) -> tuple[bytes, str] | None:
    """Return a viewer file of games/static/games/ (read at each request) and its type."""
    path = STATIC / name
    kind = TYPES.get(path.suffix)
    if kind is None or "/" in name or name.startswith(".") or not path.is_file():
        return None
    return path.read_bytes(), kind


def handler(served: Served) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "games.arena.view"

        def do_GET(self) -> None:
            url = urlsplit(self.path)
            query = parse_qs(url.query, keep_blank_values=True)
            if url.path in ("/", "/index.html"):
                self.answer(served.page, "text/html; charset=utf-8")
            elif url.path == "/replay.json":
                name = f"{served.name}.json" if "download" in query else None
                self.answer(served.document, "application/json", name)
            elif url.path == "/events.ndjson":
                self.answer(served.events, "application/x-ndjson", f"{served.name}-events.ndjson")
            elif url.path.startswith("/static/games/"):
                found = static_file(url.path.removeprefix("/static/games/"))
                if found is None:
                    self.missing()
                else:
                    self.answer(*found)
            elif url.path == "/static/web/site.css" and (css := site_css()) is not None:
                self.answer(css.read_bytes(), "text/css")
            else:
                self.missing()

        def answer(self, body: bytes, kind: str, download: str | None = None) -> None:
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Content-Security-Policy", POLICY)
            self.send_header("Cache-Control", "no-store")
            if download:
                self.send_header("Content-Disposition", f'attachment; filename="{download}"')
            self.end_headers()
            self.wfile.write(body)

        def missing(self) -> None:
            self.send_error(404, "no such file here")

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet: the terminal shows the address and nothing else

    return Handler


def served_of(path: Path, document: dict[str, Any], language: str, style: str | None) -> Served:
    events = "".join(f"{line}\n" for line in document_events(document))
    return Served(
        page=page(document, path, language, style).encode(),
        document=json.dumps(document, ensure_ascii=False).encode(),
        events=events.encode(),
        name="".join(c if c.isalnum() or c in "-_." else "_" for c in path.stem) or "replay",
    )


def view_main(argv: Sequence[str]) -> int:
    parser = view_parser()
    args = parser.parse_args(argv)
    try:
        served = served_of(args.file, load(args.file, args.game), args.lang, args.card_style)
    except ArenaError as exc:
        parser.error(str(exc))
    try:
        server = ThreadingHTTPServer((HOST, args.port), handler(served))
    except OSError as exc:
        parser.exit(1, f"{parser.prog}: error: cannot listen on {HOST}:{args.port}: {exc}\n")
    port = server.server_address[1]
    print(f"the replay of {args.file} is at http://{HOST}:{port}/ (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
