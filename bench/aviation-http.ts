/**
 * Aviation read path under load, on one storage per run (PGlite by default; PostgreSQL with
 * DATABASE_URL). The gateway runs as `npm start` runs it (compiled, the start script's settings;
 * shopping-lib.ts, gatewayProcess), the bare servers as plain node with the same settings
 * (lib/aviation-bare-server.mjs); each is warmed up first, then rounds in a changing order
 * (lib/rounds.ts), reported as the median of the rounds' ratios with their spread (min to max):
 *  - GET /v1/aviation/airports/JFK on the gateway, a bare Fastify route sending the same bytes,
 *    and that route with the gateway's logger given to Fastify at the same LOG_LEVEL (`info`
 *    unless set; Fastify then makes a child logger per request and writes its default request
 *    lines: the floor of any app on the stack architecture.md names), the three in every round. Target: gateway/bare-with-pino throughput >= 0.6; gateway/bare is
 *    reported beside it;
 *  - 100 km radius searches around random airports of the full data set, ten clients, on the
 *    gateway (answered from the in-memory k-d tree on either storage), on the bare server
 *    answering the radius path with one typical real answer's bytes, and on that server with the
 *    gateway's logger, the three in every round. Target (issue 49, re-based like JFK's): the
 *    gateway's p99 at most twice the logged bare route's in the same round (p99 read from every
 *    response's time, not autocannon's whole-millisecond histogram); beside it, reported, the
 *    gateway against the bare route without a logger and the logged route against the bare one.
 *
 * BENCH_ROUNDS (at least 5, default 6), BENCH_ROUND_SECONDS (default 3) and BENCH_CONNECTIONS (the
 * JFK rounds', default 50) change it.
 *
 *   npx tsx bench/aviation-http.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/aviation-http.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parse } from 'csv-parse/sync';
import { loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { DEFAULT_ROUNDS, formatSpread, rotateRounds, spreadOf, verdict } from './lib/rounds.js';
import { ratioResult, reportTarget } from './lib/targets.js';
import { Keyring } from '../src/platform/keyring/keyring.js';
import { scratchDatabase } from './lib/bench-platform.js';
import { gatewayProcess, listeningChild } from './shopping-lib.js';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');
const JFK_PATH = '/v1/aviation/airports/JFK';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RADIUS_CONNECTIONS = 10;
const ROUNDS = DEFAULT_ROUNDS;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const JFK_TARGET = { atLeast: 0.6 };
const RADIUS_TARGET = { atMost: 2 };
const BARE_SERVER = 'lib/aviation-bare-server.mjs';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Run {
  rps: number;
  p99: number;
}

/** One autocannon run; p99 from every response's own time (autocannon's histogram keeps whole ms). */
async function load(options: autocannon.Options): Promise<Run> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, duration: ROUND_SECONDS, ...options }, (error, r) =>
      error ? reject(error) : resolve(r),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: percentile(times, 99) };
}

/** Centres for the radius searches: every airport of the full data set, shuffled. */
function randomCentres(count: number): [number, number][] {
  const rows = parse(fs.readFileSync(path.join(DATA, 'ourairports/airports.csv')), { columns: true }) as Record<string, string>[];
  const points = rows
    .map((r) => [Number(r.latitude_deg), Number(r.longitude_deg)] as [number, number])
    .filter(([a, b]) => a && b);
  return Array.from({ length: count }, () => points[Math.floor(Math.random() * points.length)]!);
}

const radiusPath = ([lat, lon]: [number, number]) => `/v1/aviation/airports?lat=${lat}&lon=${lon}&radius_km=100`;

const bodyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-body-'));
const closing: (() => Promise<void>)[] = [];
try {
  // As `npm start` runs it: compiled, the start script's settings, its test systems in-process (no
  // AA_TEST_URL), the full aviation data synced by the CLI first, a demo agency's test key.
  // With DATABASE_URL, on a scratch database there (dropped at the end) instead of embedded storage.
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await scratchDatabase(serverUrl) : null;
  if (scratch) closing.unshift(() => scratch.drop());
  const shared = scratch ? { databaseUrl: scratch.url, redisUrl: '', keyring: Keyring.generateText() } : undefined;
  const gateway = await gatewayProcess('', {}, { aviationFrom: DATA, shared });
  closing.unshift(() => gateway.close());
  const base = gateway.base;
  const headers = { 'x-api-key': gateway.key };
  const jfk = await fetch(base + JFK_PATH, { headers });
  const body = await jfk.text();
  const bodyFile = path.join(bodyDir, 'jfk.json');
  fs.writeFileSync(bodyFile, body);

  // The bare radius route's bytes: a typical real answer, the median-sized of 21 around random airports.
  const centres = randomCentres(20_000);
  const samples: string[] = [];
  for (const centre of centres.slice(0, 21)) {
    const res = await fetch(base + radiusPath(centre), { headers });
    if (res.status !== 200) throw new Error(`radius search answered ${res.status}`);
    samples.push(await res.text());
  }
  samples.sort((a, b) => a.length - b.length);
  const radiusBody = samples[10]!;
  const radiusFile = path.join(bodyDir, 'radius.json');
  fs.writeFileSync(radiusFile, radiusBody);

  const bare = await listeningChild<{ port: number }>(BARE_SERVER, [bodyFile, radiusFile]);
  closing.unshift(() => bare.close());
  // The floor of any Fastify app that logs through pino as the gateway does: the bare route again,
  // given the gateway's logger, so Fastify makes a child logger and writes its lines per request.
  const logged = await listeningChild<{ port: number }>(BARE_SERVER, [bodyFile, radiusFile, '--logged']);
  closing.unshift(() => logged.close());
  const bareBase = `http://127.0.0.1:${bare.said.port}`;
  const loggedBase = `http://127.0.0.1:${logged.said.port}`;

  let next = 0;
  const radiusOn = (url: string, seconds = ROUND_SECONDS) =>
    load({
      url,
      headers,
      connections: RADIUS_CONNECTIONS,
      duration: seconds,
      requests: [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: radiusPath(centres[next++ % centres.length]!) }) },
      ],
    });
  const jfkOn = (url: string, seconds = ROUND_SECONDS) => load({ url: url + JFK_PATH, headers, duration: seconds });

  // Untimed: each server's JIT, the gateway's key cache.
  for (const url of [base, bareBase, loggedBase]) await jfkOn(url, 2);
  for (const url of [base, bareBase, loggedBase]) await radiusOn(url, 2);

  const jfkRounds = await rotateRounds(ROUNDS, [() => jfkOn(base), () => jfkOn(bareBase), () => jfkOn(loggedBase)]);
  const radiusRounds = await rotateRounds(ROUNDS, [() => radiusOn(base), () => radiusOn(bareBase), () => radiusOn(loggedBase)]);

  /** `gateway / floor`: the medians of one figure of the two sides. */
  const sides = (rounds: { a: Run; b: Run }[], figure: keyof Run, digits = 0) =>
    (['a', 'b'] as const).map((side) => spreadOf(rounds.map((p) => p[side][figure])).median.toFixed(digits)).join(' / ');
  const row = (
    comparison: string,
    rounds: { a: Run; b: Run }[],
    figure: keyof Run,
    target: { atLeast: number } | { atMost: number } | null,
  ) => {
    const ratio = spreadOf(rounds.map((p) => p.a[figure] / p.b[figure]));
    return {
      comparison,
      'req/s gateway / floor': sides(rounds, 'rps'),
      'p99 ms gateway / floor': sides(rounds, 'p99', 2),
      'ratio (spread)': formatSpread(ratio),
      target: target === null ? '(reported)' : 'atLeast' in target ? `>= ${target.atLeast}` : `<= ${target.atMost}`,
      verdict: target === null ? '—' : verdict(ratio, target),
    };
  };
  const pairs = (rounds: Run[][], side: number, floor: number) => rounds.map((round) => ({ a: round[side]!, b: round[floor]! }));
  const radiusLogged = pairs(radiusRounds, 0, 2);
  reportTarget(
    ratioResult(
      'radius-logged',
      spreadOf(radiusLogged.map((p) => p.a.p99 / p.b.p99)),
      RADIUS_TARGET,
      `p99 ${sides(radiusLogged, 'p99', 2)} ms; ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`,
    ),
  );
  printTable(
    `Aviation reads, ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}, median of ${ROUNDS} rounds of ${ROUND_SECONDS} s a side, the order changing each round; ` +
      `JFK ${body.length} bytes at ${CONNECTIONS} connections (target: gateway/bare with pino >= ${JFK_TARGET.atLeast}), ` +
      `radius 100 km (bare: ${radiusBody.length} bytes) at ${RADIUS_CONNECTIONS} (target: p99 gateway/bare with pino <= ${RADIUS_TARGET.atMost}); ` +
      `load average ${loadAverage()}`,
    [
      row('JFK: throughput gateway / bare with pino', pairs(jfkRounds, 0, 2), 'rps', JFK_TARGET),
      row('JFK: throughput gateway / bare', pairs(jfkRounds, 0, 1), 'rps', null),
      row('radius 100 km: p99 gateway / bare with pino', radiusLogged, 'p99', RADIUS_TARGET),
      row('radius 100 km: p99 gateway / bare', pairs(radiusRounds, 0, 1), 'p99', null),
      row('radius 100 km: p99 bare with pino / bare', pairs(radiusRounds, 2, 1), 'p99', null),
    ],
  );
} finally {
  // The last opened first: the servers, then the scratch database the gateway used.
  for (const close of closing) await close();
  fs.rmSync(bodyDir, { recursive: true, force: true });
}
