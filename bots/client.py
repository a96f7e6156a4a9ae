"""A Python client for bots: subclass ``Bot``, write ``choose``, call ``run``.

    from bots.client import Bot

    class MyBot(Bot):
        def choose(self, view: dict, legal_moves: list[dict]) -> dict:
            return legal_moves[0]

    MyBot("http://127.0.0.1:8000", "TOKEN").run()

The client long-polls ``/api/v1/bot/turns`` (or reads the NDJSON stream ``/api/v1/bot/events``),
posts moves, retries safely (a move is re-posted as the same ``{"turn", "move"}``, which the
server answers idempotently) and reconnects after stream drops and server restarts.

This file needs only the standard library and httpx, so it can be copied alone into a bot's
project. ``python -m bots.client --url URL --token TOKEN --strategy random`` runs a bot; the
address may also come from the environment variable ``CARDTABLES_URL``. ``--webhook --port N
--secret SECRET`` serves a webhook bot instead (the secret may come from
``CARDTABLES_WEBHOOK_SECRET``): the platform calls it for each turn.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import logging
import os
import random
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import httpx

log = logging.getLogger("bots.client")

URL_VARIABLE = "CARDTABLES_URL"
DEFAULT_URL = "http://127.0.0.1:8000"
SECRET_VARIABLE = "CARDTABLES_WEBHOOK_SECRET"  # --webhook: the bot's webhook secret
DEFAULT_WEBHOOK_PORT = 8765

Move = dict[str, Any]
View = dict[str, Any]

POLL_WAIT = 25  # seconds a long-poll may wait for a turn (the server allows up to 30)
WATCH_WAIT = 2  # shorter polls while a match of ours runs without our turn: to see it finish
STREAM_READ_TIMEOUT = 45.0  # the stream sends a keep-alive every 15 s; silence this long = dead
WEBHOOK_CHECK = 1.0  # webhook mode: seconds between asks of how our matches are doing
ACK_TIMEOUT = 2.0  # seconds: an acknowledgement of a clocked turn is not worth waiting for
# Retries after a failure: the first at once (a restarted server answers again), then 0.25 s,
# doubling up to BACKOFF_CAP; a move's pauses stay below a quarter of the time left to its
# deadline (at least MOVE_BACKOFF_MIN), so a bot that keeps retrying through an outage still
# lands its move within the deadline the platform extends for that outage.
BACKOFF_BASE = 0.25
BACKOFF_CAP = 2.0
MOVE_BACKOFF_MIN = 0.1


class BotError(Exception):
    """A request the client cannot retry its way out of (bad token, bad match options, ...)."""


class _Stop(Exception):
    """The run's time is up (``stop_after``) while waiting or retrying."""


@dataclass
class _Match:
    """What the runner knows of one match it plays."""

    game: str | None = None
    seat: int | None = None
    last_turn: int = -1  # the highest turn handled (moves are never asked twice)
    practice: bool = False


@dataclass
class Stats:
    """Counters a bot's owner (or a test) may read after a run."""

    moves: int = 0
    skipped: int = 0  # 409: the turn was gone when the move arrived
    rejected: int = 0  # 400 or 422: the move was refused
    fallbacks: int = 0  # random legal moves sent after a refusal or a failing choose()
    retries: int = 0  # requests repeated after a 5xx or a connection error
    reconnects: int = 0  # stream connections opened again
    handed_back: int = 0  # next turns that came in a move's answer (no long-poll needed)
    results: dict[int, Any] = field(default_factory=dict)  # match id -> result, when finished


def backoff(attempt: int, base: float = BACKOFF_BASE, cap: float = BACKOFF_CAP) -> float:
    """Return how long to wait before retry number ``attempt`` (0-based): the first at once,
    then doubling from ``base``, capped, jittered."""
    if attempt <= 0:
        return 0.0
    return min(cap, base * 2.0 ** (attempt - 1)) * random.uniform(0.5, 1.0)


def move_backoff_cap(deadline: float | None, now: float | None = None) -> float:
    """Return the longest pause between retries of a move due at ``deadline`` (epoch seconds):
    a quarter of the time left, between ``MOVE_BACKOFF_MIN`` and ``BACKOFF_CAP``. Past the
    deadline (the platform may have extended it for its own outage) retries stay quick."""
    if deadline is None:
        return BACKOFF_CAP
    left = deadline - (time.time() if now is None else now)
    if left <= 0:
        return MOVE_BACKOFF_MIN * 5
    return max(MOVE_BACKOFF_MIN, min(BACKOFF_CAP, left / 4))


def _epoch(deadline: Any) -> float | None:
    """Return a turn's ``deadline`` (ISO 8601) as epoch seconds, None if absent or unreadable."""
    try:
        return datetime.fromisoformat(str(deadline)).timestamp() if deadline else None
    except ValueError:
        return None


def _retry_after(reply: httpx.Response) -> float:
    try:
        return max(0.0, float(reply.headers.get("Retry-After", "1")))
    except ValueError:
        return 1.0


def _detail(reply: httpx.Response) -> str:
    try:
        body = reply.json()
    except ValueError:
        return reply.text[:200]
    if isinstance(body, dict) and "detail" in body:
        return f"{body.get('error', 'error')}: {body['detail']}"
    return json.dumps(body)[:200]


class Bot:
    """A bot that plays over the platform's HTTP API. Override ``choose``; call ``run``."""

    def __init__(
        self, url: str = "http://127.0.0.1:8000", token: str = "", *, seed: int | None = None
    ) -> None:
        self.url = url.rstrip("/")
        self.rng = random.Random(seed)
        self.stats = Stats()
        # Seconds to wait before each choice, as a slower bot would think (``--think``).
        self.think = 0.0
        # The version this code states on every request (``--bot-version``; docs/bots.md,
        # "Versions"): matches record it, and a new one makes the rating provisional again.
        self.version = ""
        self._token = token
        self._client: httpx.Client | None = None  # opened on first use (see ``_http``)
        self._matches: dict[int, _Match] = {}
        self._lock = threading.Lock()  # webhook calls track matches from the server's threads
        self._ends_at: float | None = None
        self._max_matches: int | None = None
        self._practice: tuple[str, dict[str, Any] | None, list[Any] | None] | None = None
        self._challenges_seen: set[int] = set()
        self._next_turn: dict[str, Any] | None = None  # what the last accepted move handed back
        self._turn_note: dict[str, Any] = {}  # what ``note`` and logging said during this choice

    # --- what a bot author writes ---------------------------------------------------------------

    def choose(self, view: View, legal_moves: list[Move]) -> Move:
        """Return the move to play, one of ``legal_moves``. The default picks one at random."""
        return self.rng.choice(legal_moves)

    def note(
        self, text: str = "", *, eval: float | None = None, confidence: float | None = None
    ) -> None:
        """Say what the bot is thinking with the move ``choose`` is picking: the text (added to
        the turn's note, as are its logging lines of that choice) and, optionally, its
        evaluation and its confidence (0 to 1). Only the bot's owner sees notes (docs/bots.md,
        "Notes")."""
        if text:
            self._turn_note["lines"] = [*self._turn_note.get("lines", []), str(text)]
        if eval is not None:
            self._turn_note["eval"] = float(eval)
        if confidence is not None:
            self._turn_note["confidence"] = min(1.0, max(0.0, float(confidence)))

    def on_match_started(self, match_id: int) -> None:
        """Called once per match, when the client first learns that it plays in it."""

    def on_match_finished(self, match_id: int, result: Any) -> None:
        """Called once per match when it is over, with its result (places and scores)."""

    def on_challenge(self, challenge: dict[str, Any]) -> bool | None:
        """Called once per challenge to this bot: True accepts it (the match starts), False
        declines it, None (the default) leaves it pending until it expires or the owner answers.
        """
        return None

    # --- API calls ------------------------------------------------------------------------------

    def me(self) -> dict[str, Any]:
        """Return the bot this token belongs to (``GET /api/v1/bot/me``)."""
        return self._expect(self._call("GET", "/api/v1/bot/me"), 200)

    def connect(self) -> dict[str, Any]:
        """Return ``me()`` after one try; raise BotError naming the address if it is unreachable.

        A bot that starts with a wrong address should say so at once, not retry for ever.
        """
        try:
            reply = self._http.get("/api/v1/bot/me")
        except httpx.TransportError as exc:
            raise BotError(
                f"cannot reach the platform at {self.url} ({type(exc).__name__}: {exc}); "
                f"give its address with --url or {URL_VARIABLE}"
            ) from None
        return self._expect(reply, 200)

    def start_match(
        self,
        game: str,
        options: dict[str, Any] | None = None,
        seats: list[Any] | None = None,
        move_timeout: float | None = None,
    ) -> dict[str, Any]:
        """Start a practice match (default seats: this bot, then greedy house bots)."""
        body: dict[str, Any] = {"game": game, "options": options or {}}
        if seats is not None:
            body["seats"] = seats
        if move_timeout is not None:
            body["move_timeout"] = move_timeout
        match = self._expect(self._call("POST", "/api/v1/matches", json=body), 201)
        self._track(int(match["id"]), game=game, seat=match.get("seat"))
        return match

    def match(self, match_id: int) -> dict[str, Any]:
        """Return a match as this bot sees it (``GET /api/v1/matches/{id}``)."""
        return self._expect(self._call("GET", f"/api/v1/matches/{match_id}"), 200)

    @property
    def _http(self) -> httpx.Client:
        """The HTTP client, opened on first use: a bot that only chooses (the local arena,
        ``python -m games.arena``, makes one per match) never pays for it."""
        if self._client is None:
            self._client = httpx.Client(
                base_url=self.url,
                headers={
                    "Authorization": f"Bearer {self._token}",
                    "User-Agent": "cardtables-bot-client/1",
                    **({"Bot-Version": self.version} if self.version else {}),
                },
                timeout=httpx.Timeout(10.0),
            )
        return self._client

    def close(self) -> None:
        """Close the HTTP connections."""
        if self._client is not None:
            self._client.close()
            self._client = None

    # --- the runner -----------------------------------------------------------------------------

    def run(
        self,
        mode: str = "poll",
        max_matches: int | None = None,
        stop_after: float | None = None,
        practice: str | None = None,
        options: dict[str, Any] | None = None,
        seats: list[Any] | None = None,
    ) -> Stats:
        """Play turns until ``max_matches`` matches finished or ``stop_after`` seconds passed.

        ``mode`` is ``"poll"`` (long-poll) or ``"stream"`` (NDJSON events). With ``practice``
        (a game name) the bot keeps one practice match of that game going, with ``options``
        and ``seats``, until ``max_matches`` (default 1) are finished.
        """
        if mode not in ("poll", "stream"):
            raise ValueError(f"mode must be 'poll' or 'stream', not {mode!r}")
        self._begin(max_matches, stop_after, practice, options, seats)
        try:
            self._start_practice()
            while not self._done():
                if mode == "poll":
                    self._poll_once()
                else:
                    self._stream_once()
        except _Stop:
            pass
        return self.stats

    def run_webhook(
        self,
        secret: str,
        host: str = "127.0.0.1",
        port: int = DEFAULT_WEBHOOK_PORT,
        max_matches: int | None = None,
        stop_after: float | None = None,
        practice: str | None = None,
        options: dict[str, Any] | None = None,
        seats: list[Any] | None = None,
    ) -> Stats:
        """Answer the platform's signed webhook calls with ``choose`` (``webhook_server``) until
        ``max_matches`` matches finished or ``stop_after`` seconds passed; with neither, until
        interrupted.

        The platform calls the bot, so the token serves only to start ``practice`` matches (as
        ``run`` does) and to see matches end: with a token, the bot asks every second how the
        matches it was called for are doing.
        """
        self._begin(max_matches, stop_after, practice, options, seats)
        server = webhook_server(self, secret, host, port)
        threading.Thread(target=server.serve_forever, name="webhook", daemon=True).start()
        log.info("webhook: serving on http://%s:%s/", host, server.server_address[1])
        try:
            self._start_practice()
            while not self._done():
                self._sleep(WEBHOOK_CHECK)
                if self._token:
                    self._check_finished(exclude=set())
        except _Stop:
            pass
        finally:
            server.shutdown()
            server.server_close()
        return self.stats

    def _begin(
        self,
        max_matches: int | None,
        stop_after: float | None,
        practice: str | None,
        options: dict[str, Any] | None,
        seats: list[Any] | None,
    ) -> None:
        """Set when a run stops: after ``max_matches`` (1 with ``practice``), ``stop_after``."""
        if practice is not None and max_matches is None:
            max_matches = 1
        self._max_matches = max_matches
        self._ends_at = None if stop_after is None else time.monotonic() + stop_after
        self._practice = None if practice is None else (practice, options, seats)

    def _done(self) -> bool:
        if self._max_matches is not None and len(self.stats.results) >= self._max_matches:
            return True
        return self._ends_at is not None and time.monotonic() >= self._ends_at

    def _time_left(self) -> float | None:
        return None if self._ends_at is None else self._ends_at - time.monotonic()

    def _sleep(self, seconds: float) -> None:
        left = self._time_left()
        if left is not None and left <= seconds:
            time.sleep(max(0.0, left))
            raise _Stop
        time.sleep(seconds)

    def _start_practice(self) -> None:
        if self._practice is None:
            return
        with self._lock:
            running = sum(1 for m in self._matches.values() if m.practice)
        if self._max_matches is not None and len(self.stats.results) + running >= self._max_matches:
            return
        if running:
            return
        game, options, seats = self._practice
        match = self.start_match(game, options, seats)
        self._matches[int(match["id"])].practice = True

    # --- poll mode ------------------------------------------------------------------------------

    def _poll_once(self) -> None:
        watching = bool(self._matches)
        wait = WATCH_WAIT if watching else POLL_WAIT
        left = self._time_left()
        if left is not None:
            wait = max(0, min(wait, int(left)))
        reply = self._call(
            "GET",
            "/api/v1/bot/turns",
            params={"wait": wait},
            timeout=httpx.Timeout(10.0, read=wait + 10.0),
        )
        body = self._expect(reply, 200)
        self._answer_challenges(body.get("challenges", []))
        turns = body["turns"]
        fresh = [t for t in turns if not self._handled(t)]
        for turn in fresh:
            self._play(turn)
        self._check_finished(exclude={int(t["match"]) for t in fresh})
        if turns and not fresh:
            self._sleep(0.5)  # only turns we already gave up on: they stay open to the deadline

    # --- stream mode ----------------------------------------------------------------------------

    def _stream_once(self) -> None:
        """Read the event stream until it ends or fails; then back off, and the caller reopens."""
        attempt = 0
        while not self._done():
            left = self._time_left()
            read = STREAM_READ_TIMEOUT if left is None else max(0.5, min(STREAM_READ_TIMEOUT, left))
            try:
                with self._http.stream(
                    "GET", "/api/v1/bot/events", timeout=httpx.Timeout(10.0, read=read)
                ) as reply:
                    if reply.status_code == 429:
                        reply.read()
                        self._sleep(_retry_after(reply))
                        continue
                    if reply.status_code < 500:
                        if reply.status_code != 200:
                            reply.read()
                            self._expect(reply, 200)
                        if attempt:
                            log.info("stream: connected again")
                            self.stats.reconnects += 1
                        attempt = 0
                        # Events missed while disconnected: a match may have finished meanwhile.
                        self._check_finished(exclude=set())
                        self._start_practice()
                        for line in reply.iter_lines():
                            if line.strip():
                                self._on_event(json.loads(line))
                            if self._done():
                                return
                        problem = "the stream ended"
                    else:
                        problem = f"HTTP {reply.status_code}"
            except httpx.ReadTimeout:
                if self._done():
                    return
                problem = "no event or keep-alive in time"
            except httpx.TransportError as exc:
                problem = f"{type(exc).__name__}: {exc}"
            delay = backoff(attempt)
            attempt += 1
            self.stats.retries += 1
            log.warning("stream: %s; reconnecting in %.1f s", problem, delay)
            self._sleep(delay)

    def _on_event(self, event: dict[str, Any]) -> None:
        kind = event.get("event")
        if kind == "turn":
            if not self._handled(event):
                self._play(event)
        elif kind == "match_started":
            self._track(int(event["match"]))
        elif kind == "match_finished":
            self._finish(int(event["match"]), event.get("result"))
        elif kind == "challenge":
            self._answer_challenges([event])

    # --- challenges -----------------------------------------------------------------------------

    def challenge(
        self, bot: str, game: str, options: dict[str, Any] | None = None, **fields: Any
    ) -> dict[str, Any]:
        """Challenge another person's bot (``POST /api/v1/challenges``); return the challenge."""
        body = {"bot": bot, "game": game, "options": options or {}, **fields}
        return self._expect(self._call("POST", "/api/v1/challenges", json=body), 201)

    def _answer_challenges(self, challenges: list[dict[str, Any]]) -> None:
        for challenge in challenges:
            number = int(challenge["id"])
            if number in self._challenges_seen:
                continue
            self._challenges_seen.add(number)
            answer = self.on_challenge(challenge)
            if answer is None:
                continue
            action = "accept" if answer else "decline"
            reply = self._call("POST", f"/api/v1/challenges/{number}/{action}")
            if reply.status_code != 200:
                log.warning("challenge %s: %s refused (%s)", number, action, _detail(reply))
            elif answer:
                log.info("challenge %s from %s accepted", number, challenge.get("from"))
                self._track(int(reply.json()["match"]))

    # --- turns and moves ------------------------------------------------------------------------

    def _handled(self, turn: dict[str, Any]) -> bool:
        known = self._matches.get(int(turn["match"]))
        return known is not None and int(turn["turn"]) <= known.last_turn

    def _play(self, turn: dict[str, Any]) -> None:
        """Play ``turn``, then each next turn that a move's answer hands back (``next_turn``:
        house seats played in the same commit), without a long-poll in between."""
        following: dict[str, Any] | None = turn
        while following is not None and not self._handled(following):
            following = self._play_one(following)

    def _play_one(self, turn: dict[str, Any]) -> dict[str, Any] | None:
        """Play one turn; return the next turn the accepted move's answer carried, if any."""
        self._next_turn = None
        match_id, number = int(turn["match"]), int(turn["turn"])
        known = self._track(match_id, game=turn.get("game"), seat=turn.get("seat"))
        known.last_turn = max(known.last_turn, number)
        view, legal = turn["view"], turn["legal_moves"]
        if turn.get("clock"):
            self._ack(match_id, number)
        try:
            move, note = self.chosen(view, legal)
        except Exception:
            log.exception(
                "match %s turn %s: choose() failed; playing a random move", *turn_id(turn)
            )
            self.stats.fallbacks += 1
            move, note = self.rng.choice(legal), None
        due = _epoch(turn.get("deadline"))
        refused = self._send(match_id, number, move, due, note)
        if refused is None:
            return self._next_turn
        log.error("match %s turn %s: move %s refused (%s)", match_id, number, move, refused)
        others = [m for m in legal if m != move] or legal
        fallback = self.rng.choice(others)
        self.stats.fallbacks += 1
        refused = self._send(match_id, number, fallback, due)
        if refused is None:
            return self._next_turn
        log.error(
            "match %s turn %s: fallback %s refused too (%s)", match_id, number, fallback, refused
        )
        return None

    def _ack(self, match_id: int, number: int) -> None:
        """Acknowledge a clocked turn at once: the server measures the network's round trip
        and does not charge it to the bank (docs/bots.md, "Time banks"). Best effort."""
        try:
            self._http.post(
                f"/api/v1/matches/{match_id}/ack", json={"turn": number}, timeout=ACK_TIMEOUT
            )
        except httpx.HTTPError as exc:
            log.debug("match %s turn %s: no acknowledgement (%s)", match_id, number, exc)

    def chosen(self, view: View, legal_moves: list[Move]) -> tuple[Move, dict[str, Any] | None]:
        """Think (``--think``), call ``choose`` and return its move with the turn's note: what
        ``note`` was given and the logging lines of that choice, None when there is none."""
        self._turn_note = {}
        catcher = _LinesOfThisThread()
        logging.getLogger().addHandler(catcher)
        try:
            if self.think:
                time.sleep(self.think)
            move = self.choose(view, legal_moves)
        finally:
            logging.getLogger().removeHandler(catcher)
        return move, note_of(self._turn_note.get("lines", []) + catcher.lines, self._turn_note)

    def _send(
        self,
        match_id: int,
        number: int,
        move: Move,
        deadline: float | None = None,
        note: dict[str, Any] | None = None,
    ) -> str | None:
        """Post a move (with its note, if any); return None if settled (accepted or gone), else
        why it was refused.

        Failures are retried with pauses bounded by the time left to ``deadline``.
        """
        body: dict[str, Any] = {"turn": number, "move": move}
        if note is not None:
            body["note"] = note
        reply = self._call(
            "POST", f"/api/v1/matches/{match_id}/moves", json=body, deadline=deadline
        )
        if reply.status_code == 200:
            self.stats.moves += 1
            following = reply.json().get("next_turn")
            self._next_turn = following if isinstance(following, dict) else None
            self.stats.handed_back += self._next_turn is not None
            return None
        if reply.status_code == 409:
            self.stats.skipped += 1
            log.info("match %s turn %s: no longer open (%s)", match_id, number, _detail(reply))
            return None
        if reply.status_code in (400, 422):
            self.stats.rejected += 1
            return _detail(reply)
        if reply.status_code in (401, 403):
            raise BotError(f"HTTP {reply.status_code}: {_detail(reply)}")
        log.error(
            "match %s turn %s: HTTP %s (%s)", match_id, number, reply.status_code, _detail(reply)
        )
        return None

    # --- matches --------------------------------------------------------------------------------

    def _track(self, match_id: int, game: str | None = None, seat: int | None = None) -> _Match:
        with self._lock:
            known = self._matches.get(match_id)
            if known is None and match_id in self.stats.results:
                return _Match(game=game, seat=seat)  # a late event of a finished match
            started = known is None
            if known is None:
                known = self._matches[match_id] = _Match(game=game, seat=seat)
            known.game = known.game or game
            known.seat = known.seat if seat is None else seat
        if started:
            log.info("match %s started%s", match_id, f" ({game})" if game else "")
            self.on_match_started(match_id)
        return known

    def _finish(self, match_id: int, result: Any) -> None:
        with self._lock:
            if match_id in self.stats.results:
                return
            known = self._matches.pop(match_id, _Match())
            self.stats.results[match_id] = result
        log.info("match %s finished: %s", match_id, _describe(result, known.seat))
        self.on_match_finished(match_id, result)
        if known.practice:
            self._start_practice()

    def _check_finished(self, exclude: set[int]) -> None:
        """Ask how the matches we wait on are doing; finish those that are over."""
        with self._lock:
            waiting = [m for m in self._matches if m not in exclude]
        for match_id in waiting:
            reply = self._call("GET", f"/api/v1/matches/{match_id}")
            if reply.status_code == 404:
                self._matches.pop(match_id, None)
                continue
            body = self._expect(reply, 200)
            if body.get("seat") is not None:
                self._matches[match_id].seat = body["seat"]
            if body.get("status") != "running":
                self._finish(match_id, body.get("result"))

    # --- HTTP -----------------------------------------------------------------------------------

    def _call(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: dict[str, Any] | None = None,
        timeout: httpx.Timeout | None = None,
        deadline: float | None = None,
    ) -> httpx.Response:
        """Send a request until it gets an answer below 500; wait on 429; back off on failures.

        The first retry is immediate, later ones back off (``backoff``) up to ``BACKOFF_CAP``,
        which is the ``Retry-After`` of a 503 ``unavailable``; with a ``deadline`` (a move) no
        pause is longer than ``move_backoff_cap``. Repeating is safe: reads change nothing, and
        a move repeats with the same turn number.
        """
        attempt = 0
        while True:
            try:
                reply = self._http.request(
                    method,
                    path,
                    json=json,
                    params=params,
                    timeout=timeout if timeout is not None else self._http.timeout,
                )
            except httpx.TransportError as exc:
                problem = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
            else:
                if reply.status_code == 429:
                    wait = _retry_after(reply)
                    log.warning("rate limited on %s %s; waiting %.0f s", method, path, wait)
                    self._sleep(wait)
                    continue
                if reply.status_code < 500:
                    if attempt:
                        log.info("%s %s: answered again", method, path)
                    return reply
                problem = f"HTTP {reply.status_code}"
                if reply.status_code == 503:
                    problem += f" ({_detail(reply)})"
            cap = BACKOFF_CAP if deadline is None else move_backoff_cap(deadline)
            delay = backoff(attempt, cap=cap)
            attempt += 1
            self.stats.retries += 1
            log.warning(
                "%s %s%s failed (%s); retrying in %.1f s", method, self.url, path, problem, delay
            )
            self._sleep(delay)

    @staticmethod
    def _expect(reply: httpx.Response, status: int) -> dict[str, Any]:
        if reply.status_code != status:
            request = f"{reply.request.method} {reply.request.url}"
            raise BotError(f"{request}: HTTP {reply.status_code} ({_detail(reply)})")
        body: dict[str, Any] = reply.json()
        return body


LOG_FORMAT, LOG_TIME = "%(asctime)s %(levelname)s %(message)s", "%H:%M:%S"  # as docs/bots.md
NOTE_BYTES = 1024  # the longest note text the platform takes (games.services.notes)
QUIET_LOGGERS = ("bots.client", "httpx", "httpcore", "urllib3")


class _LinesOfThisThread(logging.Handler):
    """Collect the logging lines of one ``choose`` call: this thread's, not the client's own."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.thread = threading.get_ident()
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.thread != self.thread or record.name.startswith(QUIET_LOGGERS):
            return
        try:
            self.lines.append(record.getMessage())
        except Exception:  # a bad format string in the bot's own logging call
            self.lines.append(str(record.msg))


def note_of(lines: list[str], said: dict[str, Any]) -> dict[str, Any] | None:
    """Return a move's note from its lines and numbers, the text cut to NOTE_BYTES (its end is
    dropped: the first lines are kept), or None when nothing was said."""
    text = "\n".join(lines)
    data = text.encode("utf-8", "replace")
    if len(data) > NOTE_BYTES:
        text = data[: NOTE_BYTES - 3].decode("utf-8", "ignore") + "…"
    note: dict[str, Any] = {"text": text} if text else {}
    note.update({k: said[k] for k in ("eval", "confidence") if k in said})
    return note or None


def turn_id(turn: dict[str, Any]) -> tuple[int, int]:
    """Return (match id, turn number) of a turn object."""
    return int(turn["match"]), int(turn["turn"])


def _describe(result: Any, seat: int | None) -> str:
    if not isinstance(result, dict) or "places" not in result:
        return str(result)
    places, scores = result["places"], result.get("scores")
    text = f"places {places}, scores {scores}"
    if seat is not None and 0 <= seat < len(places):
        return f"place {places[seat]} of {len(places)} (seat {seat}); {text}"
    return text


# --- webhooks -----------------------------------------------------------------------------------


def sign_webhook(secret: str, timestamp: str, body: bytes) -> str:
    """Return the ``X-Signature`` the platform sends: ``sha256=`` HMAC of ``timestamp.body``."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def verify_webhook(
    secret: str, timestamp: str, body: bytes | str, signature: str, max_age: float = 300
) -> bool:
    """Return whether a webhook call is signed with ``secret`` and at most ``max_age`` s old."""
    try:
        sent = int(timestamp)
    except (TypeError, ValueError):
        return False
    if abs(time.time() - sent) > max_age:
        return False
    raw = body.encode() if isinstance(body, str) else body
    return hmac.compare_digest(sign_webhook(secret, timestamp, raw), signature or "")


def webhook_server(
    bot: Bot, secret: str, host: str = "127.0.0.1", port: int = 8080
) -> ThreadingHTTPServer:
    """Return an HTTP server (not yet serving) that answers signed turns with the bot's move."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            stamp = self.headers.get("X-Timestamp", "")
            if not verify_webhook(secret, stamp, body, self.headers.get("X-Signature", "")):
                log.warning("webhook: refused a call with a bad or old signature")
                self._answer(401, {"error": "bad signature"})
                return
            turn = json.loads(body)
            if turn.get("kind") == "preflight":  # a pre-flight's signed call: echo its nonce
                self._answer(200, {"nonce": turn.get("nonce")})
                return
            bot._track(int(turn["match"]), game=turn.get("game"), seat=turn.get("seat"))
            note = None
            try:
                move, note = bot.chosen(turn["view"], turn["legal_moves"])
            except Exception:
                log.exception(
                    "match %s turn %s: choose() failed; playing a random move", *turn_id(turn)
                )
                move = bot.rng.choice(turn["legal_moves"])
            bot.stats.moves += 1
            self._answer(200, {"move": move} if note is None else {"move": move, "note": note})

        def _answer(self, status: int, body: dict[str, Any]) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            log.debug("webhook: " + format, *args)

    return ThreadingHTTPServer((host, port), Handler)


def serve_webhook(bot: Bot, secret: str, host: str = "127.0.0.1", port: int = 8080) -> None:
    """Answer the platform's webhook calls with ``bot.choose`` until interrupted."""
    server = webhook_server(bot, secret, host, port)
    log.info("webhook: serving on http://%s:%s/", host, server.server_address[1])
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --- ready-made bots and the command line -------------------------------------------------------


class RandomBot(Bot):
    """Plays a random legal move."""


class GreedyBot(Bot):
    """Plays the platform's greedy house policy when the engine is importable, else at random."""

    def choose(self, view: View, legal_moves: list[Move]) -> Move:
        try:
            from games.engine import strategies  # only there in the platform's checkout
        except ImportError:
            return self.rng.choice(legal_moves)
        try:
            move: Move = strategies.choose(
                "house:greedy", view["game"], view, legal_moves, self.rng
            )
        except (ImportError, KeyError):  # no house strategy for this game (yet)
            return self.rng.choice(legal_moves)
        return move


STRATEGIES: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def parser(
    description: str = "Run a bot against the card tables platform.",
) -> argparse.ArgumentParser:
    """Return the command-line parser every bot script shares."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument(
        "--url",
        default=os.environ.get(URL_VARIABLE) or DEFAULT_URL,
        help=f"the platform's address (default: ${URL_VARIABLE}, else {DEFAULT_URL})",
    )
    p.add_argument("--token", default="", help="the bot's token (optional with --webhook)")
    p.add_argument("--mode", choices=["poll", "stream"], default="poll")
    p.add_argument(
        "--webhook",
        action="store_true",
        help="serve the bot's webhook instead of connecting out: the platform calls it for "
        "each turn (its webhook address must lead here, e.g. http://127.0.0.1:PORT/)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=DEFAULT_WEBHOOK_PORT,
        help=f"--webhook: the port to serve on (default {DEFAULT_WEBHOOK_PORT})",
    )
    p.add_argument("--host", default="127.0.0.1", help="--webhook: the address to serve on")
    p.add_argument(
        "--secret",
        default=os.environ.get(SECRET_VARIABLE, ""),
        help=f"--webhook: the bot's webhook secret (default: ${SECRET_VARIABLE})",
    )
    p.add_argument("--practice", metavar="GAME", help="start practice matches of GAME")
    p.add_argument(
        "--options",
        type=json.loads,
        default=None,
        help="match options, JSON: '{\"eliminate_at\": 5}'",
    )
    p.add_argument("--matches", type=int, default=None, help="stop after N finished matches")
    p.add_argument("--seed", type=int, default=None, help="seed the bot's random choices")
    p.add_argument(
        "--think",
        type=_seconds,
        default=0.0,
        metavar="SECONDS",
        help="wait this long before each move, as a slower bot would (0 to 60; default 0)",
    )
    p.add_argument(
        "--bot-version",
        default="",
        metavar="VERSION",
        help="the version of this code, stated on every request (1 to 40 printable characters; "
        "a new one makes the rating provisional again)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="log every request retry")
    return p


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError(f"between 0 and 60 seconds, not {value:g}")
    return value


def main(bot_class: type[Bot] | None = None, argv: Sequence[str] | None = None) -> int:
    """Run ``bot_class`` (or the ``--strategy`` one) from the command line; return the exit code."""
    p = parser()
    if bot_class is None:
        p.add_argument("--strategy", choices=sorted(STRATEGIES), default="random")
    args = p.parse_args(argv)
    if args.webhook and not args.secret:
        p.error(f"--webhook needs the bot's webhook secret: --secret or ${SECRET_VARIABLE}")
    if args.webhook and (args.practice or args.matches) and not args.token:
        p.error("--practice and --matches need --token too: it starts matches and sees them end")
    if not args.webhook and not args.token:
        p.error("the following arguments are required: --token")
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO, format=LOG_FORMAT, datefmt=LOG_TIME
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    cls = bot_class or STRATEGIES[args.strategy]
    bot = cls(args.url, args.token, seed=args.seed)
    bot.think = args.think
    bot.version = args.bot_version
    try:
        if args.webhook:
            _serve(bot, args)
        else:
            me = bot.connect()
            log.info(
                "bot %s (id %s) on %s, %s mode", me.get("name"), me.get("id"), bot.url, args.mode
            )
            bot.run(
                mode=args.mode,
                max_matches=args.matches,
                practice=args.practice,
                options=args.options,
            )
    except BotError as exc:
        log.error("%s", exc)
        return 1
    except KeyboardInterrupt:
        return 130
    finally:
        bot.close()
    return 0


def _serve(bot: Bot, args: argparse.Namespace) -> None:
    """Webhook mode: say which bot this is (with a token), then serve until done."""
    if args.token:
        me = bot.connect()
        log.info("bot %s (id %s) on %s, webhook mode", me.get("name"), me.get("id"), bot.url)
        problem = webhook_mismatch(me.get("webhook_url"), args.port)
        if problem:
            log.warning("%s", problem)
    bot.run_webhook(
        args.secret,
        args.host,
        args.port,
        max_matches=args.matches,
        practice=args.practice,
        options=args.options,
    )


def webhook_mismatch(registered: str | None, port: int) -> str | None:
    """Say why the platform's calls for a bot whose webhook is ``registered`` would not reach a
    server on this machine at ``port``; None if they may."""
    if not registered:
        return "this bot has no webhook address: the platform will not call it (set one)"
    parts = urlsplit(registered)
    if parts.hostname in ("127.0.0.1", "localhost") and parts.port != port:
        return f"this bot's webhook is {registered}, not on port {port}: its calls go elsewhere"
    return None


if __name__ == "__main__":
    sys.exit(main())
