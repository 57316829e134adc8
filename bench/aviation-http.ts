/**
 * Aviation read path under load, on one storage per run (PGlite by default; PostgreSQL with
 * DATABASE_URL), each server warmed up first, then rounds in a changing order
 * (lib/rounds.ts), reported as the median of the rounds' ratios with their spread (min to max):
 *  - GET /v1/aviation/airports/JFK on the gateway, a bare Fastify route sending the same bytes,
 *    and that route with a pino logger given to Fastify (Fastify then makes a child logger per
 *    request, as in the gateway: the floor of any app on the stack architecture.md names), the
 *    three in every round. Target: gateway/bare-with-pino throughput >= 0.6; gateway/bare is
 *    reported beside it;
 *  - 100 km radius searches around random airports of the full data set, ten clients, on the
 *    gateway (answered from the in-memory k-d tree on either storage) and on the bare server
 *    answering the radius path with one typical real answer's bytes, alternating. Target: the
 *    gateway's p99 at most twice the bare route's in the same round (p99 read from every
 *    response's time, not autocannon's whole-millisecond histogram).
 *
 * BENCH_ROUNDS (at least 5, default 6), BENCH_ROUND_SECONDS (default 3) and BENCH_CONNECTIONS (the
 * JFK rounds', default 50) change it.
 *
 *   npx tsx bench/aviation-http.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/aviation-http.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';
import { parse } from 'csv-parse/sync';
import { loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { alternateRounds, DEFAULT_ROUNDS, formatSpread, rotateRounds, spreadOf, verdict } from './lib/rounds.js';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');
const SERVER = path.join(import.meta.dirname, 'aviation-server.ts');
const JFK_PATH = '/v1/aviation/airports/JFK';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RADIUS_CONNECTIONS = 10;
const ROUNDS = DEFAULT_ROUNDS;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const JFK_TARGET = { atLeast: 0.6 };
const RADIUS_TARGET = { atMost: 2 };
const children: ChildProcess[] = [];

async function start(args: string[]): Promise<Record<string, any>> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  children.push(child);
  const lines = readline.createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return JSON.parse(line);
  }
  throw new Error(`server ${args.join(' ')} exited before listening`);
}

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
try {
  const gateway = await start(['gateway']);
  const base = `http://127.0.0.1:${gateway.port}`;
  const headers = { 'x-api-key': gateway.key as string };
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

  const bare = await start(['bare', bodyFile, radiusFile]);
  // The floor of any Fastify app that logs through pino as the gateway does: the bare route again,
  // with a (silent) logger instance, so Fastify makes a child logger per request.
  const logged = await start(['bare-logged', bodyFile, radiusFile]);
  const bareBase = `http://127.0.0.1:${bare.port}`;
  const loggedBase = `http://127.0.0.1:${logged.port}`;

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
  for (const url of [base, bareBase]) await radiusOn(url, 2);

  const jfkRounds = await rotateRounds(ROUNDS, [() => jfkOn(base), () => jfkOn(bareBase), () => jfkOn(loggedBase)]);
  const radiusRounds = await alternateRounds(
    ROUNDS,
    () => radiusOn(base),
    () => radiusOn(bareBase),
  );

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
  const jfkAgainst = (floor: number) => jfkRounds.map((round) => ({ a: round[0]!, b: round[floor]! }));
  printTable(
    `Aviation reads, ${gateway.storage}, median of ${ROUNDS} rounds of ${ROUND_SECONDS} s a side, the order changing each round; ` +
      `JFK ${body.length} bytes at ${CONNECTIONS} connections (target: gateway/bare with pino >= ${JFK_TARGET.atLeast}), ` +
      `radius 100 km (bare: ${radiusBody.length} bytes) at ${RADIUS_CONNECTIONS} (target: p99 gateway/bare <= ${RADIUS_TARGET.atMost}); ` +
      `load average ${loadAverage()}`,
    [
      row('JFK: throughput gateway / bare with pino', jfkAgainst(2), 'rps', JFK_TARGET),
      row('JFK: throughput gateway / bare', jfkAgainst(1), 'rps', null),
      row('radius 100 km: p99 gateway / bare', radiusRounds, 'p99', RADIUS_TARGET),
    ],
  );
} finally {
  // The gateway drops its bench database on SIGTERM; wait for it.
  const exits = children.filter((c) => c.exitCode === null).map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const child of children) child.kill();
  await Promise.all(exits);
  fs.rmSync(bodyDir, { recursive: true, force: true });
}
