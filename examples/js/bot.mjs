#!/usr/bin/env node
// A pull bot in plain Node (18 or later): the built-in fetch, no dependencies.
//
//   node examples/js/bot.mjs --token TOKEN --practice busca --options '{"eliminate_at": 5}'
//
// It long-polls GET /api/v1/bot/turns, answers each turn with POST /api/v1/matches/{id}/moves
// and, with --practice GAME, starts a practice match (POST /api/v1/matches) and stops once it
// is over, printing the result. Without --practice it plays the matches others start
// (tournaments, accepted challenges) until stopped. docs/bots.md describes the protocol.
//
// Busca: it plays its weakest legal card (nobody wants tricks); other games: the first legal
// move. Write your own rule in choose().

import { parseArgs } from "node:util";

const DEFAULT_URL = "http://127.0.0.1:8000";
const POLL_WAIT = 25; // seconds a long-poll may wait for a turn (the server allows up to 30)
const WATCH_WAIT = 5; // shorter polls while a match of ours runs: to notice that it ended
const BACKOFF_BASE = 0.25; // retries: the first at once, then 0.25 s doubling up to 2 s
const BACKOFF_CAP = 2;
const BUSCA_ORDER = "4567JQKA23"; // weakest to strongest

// --- the bot's rule -----------------------------------------------------------------------------

function choose(view, legalMoves) {
  if (view.game === "busca" && view.step === "play") {
    const rank = (move) => BUSCA_ORDER.indexOf(move.play[0]);
    return legalMoves.reduce((best, move) => (rank(move) < rank(best) ? move : best));
  }
  return legalMoves[0];
}

// --- HTTP -------------------------------------------------------------------------------------

const sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const log = (text) => console.log(`${new Date().toTimeString().slice(0, 8)} ${text}`);

function backoff(attempt) {
  if (attempt <= 0) return 0;
  return Math.min(BACKOFF_CAP, BACKOFF_BASE * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
}

function retryAfter(reply) {
  const seconds = Number(reply.headers.get("Retry-After"));
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : 1;
}

// Every error of the API is {"error": code, "detail": text}.
function describe(answer) {
  const body = answer.body;
  if (body && typeof body === "object" && "error" in body) {
    return `HTTP ${answer.status} ${body.error}: ${body.detail}`;
  }
  return `HTTP ${answer.status}`;
}

class BotError extends Error {}

class Api {
  constructor(url, token) {
    this.url = url.replace(/\/+$/, "");
    this.headers = {
      Authorization: `Bearer ${token}`,
      Accept: "application/json",
      "User-Agent": "cardtables-js-starter/1",
    };
  }

  // One request, no retry: throws a TypeError when the server cannot be reached.
  async once(method, path, body, timeout = 10) {
    const headers = { ...this.headers };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const reply = await fetch(this.url + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeout * 1000),
    });
    const text = await reply.text();
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { error: "not_json", detail: text.slice(0, 200) };
    }
    return { status: reply.status, body: parsed, reply };
  }

  // Send until the answer is below 500: wait Retry-After on 429 (and 503), back off on network
  // failures and other 5xx. Repeating is safe: reads change nothing, a move repeats the same
  // {"turn", "move"} and the server answers it idempotently.
  async call(method, path, body, timeout = 10) {
    for (let attempt = 0; ; attempt++) {
      let problem;
      try {
        const answer = await this.once(method, path, body, timeout);
        if (answer.status === 429) {
          const wait = retryAfter(answer.reply);
          log(`WARNING rate limited on ${method} ${path}; waiting ${wait} s`);
          await sleep(wait);
          attempt = -1;
          continue;
        }
        if (answer.status < 500) return answer;
        problem = describe(answer);
        if (answer.status === 503) {
          const wait = Math.min(retryAfter(answer.reply), BACKOFF_CAP);
          log(`WARNING ${method} ${path} failed (${problem}); retrying in ${wait} s`);
          await sleep(wait);
          continue;
        }
      } catch (error) {
        problem = error.cause?.code ?? `${error.name}: ${error.message}`;
      }
      const delay = backoff(attempt);
      log(`WARNING ${method} ${this.url}${path} failed (${problem}); retrying in ${delay.toFixed(1)} s`);
      await sleep(delay);
    }
  }

  async expect(status, method, path, body) {
    const answer = await this.call(method, path, body);
    if (answer.status !== status) throw new BotError(`${method} ${path}: ${describe(answer)}`);
    return answer.body;
  }
}

// --- the runner -------------------------------------------------------------------------------

class Runner {
  constructor(api, { practice, options, maxMatches }) {
    this.api = api;
    this.practice = practice;
    this.options = options;
    this.maxMatches = maxMatches ?? (practice ? 1 : Infinity);
    this.matches = new Map(); // match id -> {lastTurn, seat, practice}
    this.finished = new Set();
  }

  track(id, seat) {
    let known = this.matches.get(id);
    if (!known && !this.finished.has(id)) {
      known = { lastTurn: -1, seat, practice: false };
      this.matches.set(id, known);
      log(`INFO match ${id} started`);
    }
    if (known && seat !== undefined && seat !== null) known.seat = seat;
    return known;
  }

  async startPractice() {
    if (!this.practice) return;
    const running = [...this.matches.values()].filter((m) => m.practice).length;
    if (running || this.finished.size + running >= this.maxMatches) return;
    const body = { game: this.practice, options: this.options ?? {} };
    const match = await this.api.expect(201, "POST", "/api/v1/matches", body);
    log(`INFO practice match ${match.id} of ${match.game} created`);
    this.track(match.id, match.seat).practice = true;
  }

  async finish(id) {
    if (this.finished.has(id)) return;
    const answer = await this.api.call("GET", `/api/v1/matches/${id}`);
    if (answer.status === 200 && answer.body.status === "running") return; // not over yet
    const known = this.matches.get(id) ?? {};
    this.matches.delete(id);
    this.finished.add(id);
    const match = answer.status === 200 ? answer.body : { status: describe(answer) };
    const result = match.result ?? {};
    let text = `match ${id} ${match.status}`;
    if (Array.isArray(result.places)) {
      const seat = known.seat ?? match.seat;
      const place = seat !== undefined ? `: place ${result.places[seat]} of ${result.places.length} (seat ${seat})` : "";
      text += `${place}; places ${JSON.stringify(result.places)}, scores ${JSON.stringify(result.scores)}`;
    } else if (result.aborted) {
      text += `: ${result.aborted}`;
    }
    log(`INFO ${text}`);
    if (known.practice) await this.startPractice();
  }

  async send(turn, move) {
    const path = `/api/v1/matches/${turn.match}/moves`;
    return this.api.call("POST", path, { turn: turn.turn, move });
  }

  // Play a turn, then each next turn its answer hands back (house seats moved meanwhile).
  async play(turn) {
    while (turn) {
      const known = this.track(turn.match, turn.seat);
      if (!known || turn.turn <= known.lastTurn) return; // played already, or a finished match
      known.lastTurn = turn.turn;
      if (turn.clock) {
        // A clocked turn: acknowledge it at once so the network time is not charged.
        this.api.once("POST", `/api/v1/matches/${turn.match}/ack`, { turn: turn.turn }, 2).catch(() => {});
      }
      let move;
      try {
        move = choose(turn.view, turn.legal_moves);
      } catch (error) {
        log(`ERROR match ${turn.match} turn ${turn.turn}: choose() failed (${error}); playing the first legal move`);
        move = turn.legal_moves[0];
      }
      let answer = await this.send(turn, move);
      if (answer.status === 400 || answer.status === 422) {
        log(`ERROR match ${turn.match} turn ${turn.turn}: ${JSON.stringify(move)} refused (${describe(answer)})`);
        const other = turn.legal_moves.find((m) => JSON.stringify(m) !== JSON.stringify(move));
        answer = await this.send(turn, other ?? move);
      }
      if (answer.status === 401 || answer.status === 403) throw new BotError(describe(answer));
      if (answer.status === 409) {
        log(`INFO match ${turn.match} turn ${turn.turn}: no longer open (${describe(answer)})`);
        return;
      }
      if (answer.status !== 200) {
        log(`ERROR match ${turn.match} turn ${turn.turn}: ${describe(answer)}`);
        return;
      }
      if (answer.body.status !== "running") {
        await this.finish(turn.match);
        return;
      }
      turn = answer.body.next_turn;
    }
  }

  async run() {
    await this.startPractice();
    while (this.finished.size < this.maxMatches) {
      const wait = this.matches.size ? WATCH_WAIT : POLL_WAIT;
      const answer = await this.api.call("GET", `/api/v1/bot/turns?wait=${wait}`, undefined, wait + 15);
      if (answer.status !== 200) throw new BotError(`GET /api/v1/bot/turns: ${describe(answer)}`);
      const { turns, finished = [] } = answer.body;
      for (const turn of turns) {
        await this.play(turn);
        if (this.finished.size >= this.maxMatches) return;
      }
      for (const id of finished) await this.finish(id);
      if (!turns.length) {
        // Nothing to play: ask about the matches we wait on (a time-out may have ended one).
        for (const id of [...this.matches.keys()]) await this.finish(id);
      }
    }
  }
}

// --- the command line -------------------------------------------------------------------------

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: process.env.CARDTABLES_URL || DEFAULT_URL },
      token: { type: "string" },
      practice: { type: "string" },
      options: { type: "string" },
      matches: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !values.token) {
    console.log(
      "usage: node bot.mjs --token TOKEN [--url URL] [--practice GAME] [--options JSON] [--matches N]\n" +
        `  --url defaults to $CARDTABLES_URL, else ${DEFAULT_URL}`,
    );
    return values.help ? 0 : 2;
  }
  let options;
  try {
    options = values.options ? JSON.parse(values.options) : undefined;
  } catch (error) {
    console.error(`--options is not JSON: ${error.message}`);
    return 2;
  }
  const maxMatches = values.matches ? Number.parseInt(values.matches, 10) : undefined;
  const api = new Api(values.url, values.token);
  let me;
  try {
    me = await api.once("GET", "/api/v1/bot/me");
  } catch (error) {
    log(
      `ERROR cannot reach the platform at ${api.url} (${error.cause?.code ?? error.message}); ` +
        "give its address with --url or CARDTABLES_URL",
    );
    return 1;
  }
  if (me.status !== 200) {
    log(`ERROR GET /api/v1/bot/me: ${describe(me)}`);
    return 1;
  }
  log(`INFO bot ${me.body.name} (id ${me.body.id}) on ${api.url}, poll mode`);
  try {
    await new Runner(api, { practice: values.practice, options, maxMatches }).run();
  } catch (error) {
    if (!(error instanceof BotError)) throw error;
    log(`ERROR ${error.message}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
