/**
 * Aviation read path under load, on one storage per run (PGlite by default; PostgreSQL with
 * DATABASE_URL):
 *  - GET /v1/aviation/airports/JFK against a bare Fastify route sending the same bytes, in one
 *    run: throughput ratio (target >= 70%) and p99 (target < 10 ms); beside them, in the same
 *    rounds, the bare route with a pino logger given to Fastify, the floor of any app on the stack
 *    architecture.md names (Fastify then makes a child logger per request);
 *  - 100 km radius searches around random airports of the full data set, one client and ten:
 *    p99 (target < 5 ms with ten), answered from the in-memory k-d tree on either storage.
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

const DATA = path.resolve(import.meta.dirname, '../../shared/data');
const SERVER = path.join(import.meta.dirname, 'aviation-server.ts');
const JFK_PATH = '/v1/aviation/airports/JFK';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 12);

const ROUNDS = 4;
const children: ChildProcess[] = [];

/** Rounds of one side as one figure: mean throughput, worst percentiles. */
function combineRounds(rounds: { rps: number; p50: number; p99: number }[]) {
  return {
    rps: Math.round(rounds.reduce((sum, r) => sum + r.rps, 0) / rounds.length),
    p50: Math.max(...rounds.map((r) => r.p50)),
    p99: Math.max(...rounds.map((r) => r.p99)),
  };
}

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

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...options });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/** Centres for the radius searches: every airport of the full data set, shuffled. */
function randomCentres(count: number): [number, number][] {
  const rows = parse(fs.readFileSync(path.join(DATA, 'ourairports/airports.csv')), { columns: true }) as Record<string, string>[];
  const points = rows
    .map((r) => [Number(r.latitude_deg), Number(r.longitude_deg)] as [number, number])
    .filter(([a, b]) => a && b);
  return Array.from({ length: count }, () => points[Math.floor(Math.random() * points.length)]!);
}

try {
  const gateway = await start(['gateway']);
  const base = `http://127.0.0.1:${gateway.port}`;
  const headers = { 'x-api-key': gateway.key as string };
  const jfk = await fetch(base + JFK_PATH, { headers });
  const body = await jfk.text();
  const bodyFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-body-')), 'jfk.json');
  fs.writeFileSync(bodyFile, body);
  const bare = await start(['bare', bodyFile]);
  // The floor of any Fastify app that logs through pino as the gateway does: the bare route again,
  // with a (silent) logger instance, so Fastify makes a child logger per request.
  const logged = await start(['bare-logged', bodyFile]);
  const loggedUrl = `http://127.0.0.1:${logged.port}${JFK_PATH}`;

  // Warm all three, then alternate short rounds: whatever else the machine does lands on each alike.
  await load({ url: `http://127.0.0.1:${bare.port}${JFK_PATH}`, duration: 2 });
  await load({ url: base + JFK_PATH, headers, duration: 2 });
  await load({ url: loggedUrl, duration: 2 });
  const loggedRounds: Awaited<ReturnType<typeof load>>[] = [];
  const bareRounds: Awaited<ReturnType<typeof load>>[] = [];
  const jfkRounds: Awaited<ReturnType<typeof load>>[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bareRounds.push(await load({ url: `http://127.0.0.1:${bare.port}${JFK_PATH}`, duration: DURATION_S / ROUNDS }));
    jfkRounds.push(await load({ url: base + JFK_PATH, headers, duration: DURATION_S / ROUNDS }));
    loggedRounds.push(await load({ url: loggedUrl, duration: DURATION_S / ROUNDS }));
  }
  const loggedResult = combineRounds(loggedRounds);
  const bareResult = combineRounds(bareRounds);
  const jfkResult = combineRounds(jfkRounds);
  // The gateway's own floor: a keyless route through the same hooks (request id, metrics).
  const healthResult = await load({ url: `${base}/v1/health` });

  const centres = randomCentres(20_000);
  let next = 0;
  const radiusAt = (connections: number) =>
    load({
      url: base,
      headers,
      connections,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const [lat, lon] = centres[next++ % centres.length]!;
            return { ...request, path: `/v1/aviation/airports?lat=${lat}&lon=${lon}&radius_km=100` };
          },
        },
      ],
    });
  // One client alone (the latency of the query path), then ten at once (under load).
  const radiusSingle = await radiusAt(1);
  const radiusLoaded = await radiusAt(10);

  console.log(
    `storage: ${gateway.storage}; ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION_S / ROUNDS} s a side; JFK body ${body.length} bytes`,
  );
  console.log(`bare Fastify route, same bytes: ${bareResult.rps} req/s, p50 ${bareResult.p50} ms, p99 ${bareResult.p99} ms`);
  console.log(`GET ${JFK_PATH}: ${jfkResult.rps} req/s, p50 ${jfkResult.p50} ms, p99 ${jfkResult.p99} ms`);
  console.log(`ratio: ${((jfkResult.rps / bareResult.rps) * 100).toFixed(0)}% of the bare route`);
  console.log(
    `for context, GET /v1/health on the gateway (no key, no data): ${healthResult.rps} req/s, p99 ${healthResult.p99} ms`,
  );
  console.log(
    `for context, the bare route with a silent pino logger given to Fastify: ${loggedResult.rps} req/s (${((loggedResult.rps / bareResult.rps) * 100).toFixed(0)}% of the bare route), p99 ${loggedResult.p99} ms`,
  );
  for (const [connections, r] of [
    [1, radiusSingle],
    [10, radiusLoaded],
  ] as const) {
    console.log(
      `radius 100 km around random airports, ${connections} connection(s): ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`,
    );
  }
} finally {
  // The gateway drops its bench database on SIGTERM; wait for it.
  const exits = children.filter((c) => c.exitCode === null).map((c) => new Promise((resolve) => c.once('exit', resolve)));
  for (const child of children) child.kill();
  await Promise.all(exits);
}
