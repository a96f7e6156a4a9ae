// A tiny bot on the generated client: it starts a Busca practice match, plays it to the end
// and prints the final status. The types come from the platform's OpenAPI schema
// (openapi-typescript writes them to schema.ts); openapi-fetch makes the typed calls.
// From the repository's root (docs/bots.md, "A TypeScript client"):
//
//   npm ci --prefix clients/typescript
//   curl -o clients/typescript/openapi.json 'http://127.0.0.1:8000/api/schema/?format=json'
//   npm run --prefix clients/typescript generate   # schema.ts
//   npm run --prefix clients/typescript build      # tsc: dist/bot.js
//   node clients/typescript/dist/bot.js --url http://127.0.0.1:8000 --token ctb_…

import { parseArgs } from "node:util";

import createClient from "openapi-fetch";

import type { components, paths } from "./schema.js";

type Turn = components["schemas"]["Turn"];
type AnyMove = components["schemas"]["AnyMove"];
type ApiError = components["schemas"]["Error"];

const BUSCA_ORDER = "4567JQKA23"; // weakest to strongest

/** Busca: the weakest card we may play (nobody wants tricks); otherwise the first legal move. */
function choose(turn: Turn): AnyMove {
  const moves = turn.legal_moves;
  if (turn.view.game !== "busca" || turn.view.step !== "play") return moves[0];
  const rank = (move: AnyMove): number =>
    "play" in move ? BUSCA_ORDER.indexOf(move.play[0]) : BUSCA_ORDER.length;
  return moves.reduce((best, move) => (rank(move) < rank(best) ? move : best));
}

const sleep = (seconds: number) => new Promise((done) => setTimeout(done, seconds * 1000));

/** Repeat a call through network failures, 429 (Retry-After) and 5xx; moves are idempotent. */
async function retrying<T extends { response: Response }>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await send();
      const status = answer.response.status;
      if (status !== 429 && status < 500) return answer;
      const wait = Number(answer.response.headers.get("Retry-After"));
      await sleep(Number.isFinite(wait) && wait > 0 ? Math.min(wait, 60) : Math.min(2, 0.25 * 2 ** attempt));
    } catch (error) {
      if (!(error instanceof TypeError) || attempt >= 20) throw error; // fetch: network failure
      await sleep(Math.min(2, 0.25 * 2 ** attempt));
    }
  }
}

function fail(what: string, status: number, error: ApiError | undefined): never {
  throw new Error(`${what}: HTTP ${status} ${error ? `${error.error}: ${error.detail}` : ""}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: "string", default: process.env.CARDTABLES_URL ?? "http://127.0.0.1:8000" },
      token: { type: "string", default: process.env.CARDTABLES_TOKEN ?? "" },
    },
  });
  const client = createClient<paths>({
    baseUrl: values.url.replace(/\/+$/, ""),
    headers: { Authorization: `Bearer ${values.token}` },
  });

  const created = await retrying(() =>
    client.POST("/api/v1/matches", { body: { game: "busca", options: { eliminate_at: 4 } } }),
  );
  if (!created.data) fail("POST /api/v1/matches", created.response.status, created.error);
  const matchId = created.data.id;
  console.log(`match ${matchId} started (${created.data.game})`);

  let turn: Turn | null = null;
  let played = -1; // the last turn number we played: the long-poll may hand it over again
  let moves = 0;
  for (;;) {
    if (turn === null) {
      const polled = await retrying(() =>
        client.GET("/api/v1/bot/turns", { params: { query: { wait: 5 } } }),
      );
      if (!polled.data) fail("GET /api/v1/bot/turns", polled.response.status, polled.error);
      turn = polled.data.turns.find((t) => t.match === matchId && t.turn > played) ?? null;
      if (turn === null) {
        const state = await retrying(() =>
          client.GET("/api/v1/matches/{match_id}", { params: { path: { match_id: matchId } } }),
        );
        if (!state.data) fail("GET /api/v1/matches/{id}", state.response.status, state.error);
        if (state.data.status !== "running") break;
        continue;
      }
    }
    const current: Turn = turn;
    const sent = await retrying(() =>
      client.POST("/api/v1/matches/{match_id}/moves", {
        params: { path: { match_id: matchId } },
        body: { turn: current.turn, move: choose(current) },
      }),
    );
    played = current.turn;
    turn = null;
    if (sent.response.status === 409) continue; // the turn is gone (timed out): go on
    if (!sent.data) fail("POST /api/v1/matches/{id}/moves", sent.response.status, sent.error);
    moves += 1;
    if (sent.data.status !== "running") break;
    turn = sent.data.next_turn; // our next turn, when the house seats played up to it
  }

  const final = await retrying(() =>
    client.GET("/api/v1/matches/{match_id}", { params: { path: { match_id: matchId } } }),
  );
  if (!final.data) fail("GET /api/v1/matches/{id}", final.response.status, final.error);
  const { status, result, seat } = final.data;
  console.log(`moves ${moves}`);
  console.log(`places ${JSON.stringify(result?.places)} scores ${JSON.stringify(result?.scores)} (seat ${seat})`);
  console.log(`status ${status}`);
  return status === "finished" ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
