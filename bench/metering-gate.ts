/**
 * The gate's overhead with metering on: an authenticated, metered no-op route for a
 * developer-portal key (standing check, free-allowance hold and release, count) against the same
 * route outside the gate, and beside them an agency key's unmetered request (gate-overhead.ts's
 * case, in the same rounds so both ratios see the same machine); PGlite, PostgreSQL, and
 * PostgreSQL with Redis (the counters shared through one Lua script call per event-loop turn).
 * Each side warmed up first, then rounds of the three in an order changing each round
 * (lib/rounds.ts); reported as the median of the rounds' metered/bare and unmetered/bare
 * throughput ratios with their spread. Target: metered ratio >= 0.8, as the agency key's gate
 * alone (gate-overhead.ts). The load average is printed with the figures: on a shared machine
 * they mean little without it; the CPU time per request (this process: server and load
 * generator, median of the rounds) and its ratio are the figures other work on the machine moves
 * least.
 *
 * BENCH_ROUNDS (at least 5, default 6) and BENCH_ROUND_SECONDS (default 3) lengthen it.
 */
import { buildGateway, type Gateway } from '../src/app.js';
import { API_KEY_ROUTE, PUBLIC_ROUTE } from '../src/platform/http/route-policy.js';
import { benchPlatform, type Storage } from './lib/bench-platform.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { load, loadWithCpu, printTable } from './lib/load.js';
import { DEFAULT_ROUNDS, formatSpread, rotateRounds, spreadOf, verdict } from './lib/rounds.js';

const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const TARGET = { atLeast: 0.8 };
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const rows: Record<string, string | number>[] = [];

const setups: { name: string; storage: Storage; env: Record<string, string> }[] = [
  { name: 'pglite', storage: 'pglite', env: {} },
  { name: 'postgres', storage: 'postgres', env: {} },
  { name: 'postgres + redis', storage: 'postgres', env: { REDIS_URL, REDIS_PREFIX: `flightagg:bench:${Date.now()}:` } },
];

for (const setup of setups) {
  // An allowance no run can use up: every request takes and releases a hold, as a free account's does.
  const { platform, dispose } = await benchPlatform(setup.storage, { ...setup.env, FREE_ALLOWANCE_REQUESTS: '100000000' });
  const gateway: Gateway = await buildGateway(platform);
  const { app } = gateway;
  const payload = { ok: true };
  app.get('/v1/bench/metered', { config: { ...API_KEY_ROUTE, meter: 'monitoring' } }, async () => payload);
  // gate-overhead.ts's case in the same run, so both ratios see the same machine.
  app.get('/v1/bench/noop', { config: API_KEY_ROUTE }, async () => payload);
  app.get('/bench/noop', { config: PUBLIC_ROUTE }, async () => payload);
  const agency = await gateway.identity.createAgency({ name: 'Bench' });
  const { secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind: 'portal', environment: 'test' });
  const agencyKey = (await gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' })).secret;
  platform.scheduler.start(); // the meter's flush runs as in production
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  // The aviation data loads in the background after start: measured rounds start once it is in,
  // after a short untimed round of each side (JIT, connection pools, the meter's first seeds).
  await gateway.aviation.aviation.state.settled();
  for (const [url, headers] of [
    [`${base}/bench/noop`, {}],
    [`${base}/v1/bench/noop`, { 'x-api-key': agencyKey }],
    [`${base}/v1/bench/metered`, { 'x-api-key': secret }],
  ] as const) {
    await load(url, { seconds: 1, headers });
  }

  // Rounds of the three sides, the order changing each round: whatever else the machine does lands
  // on every side alike. CPU time per request beside throughput (loadWithCpu says why).
  const side =
    (url: string, headers: Record<string, string> = {}) =>
    () =>
      loadWithCpu(url, { seconds: ROUND_SECONDS, headers });
  const rounds = await rotateRounds(DEFAULT_ROUNDS, [
    side(`${base}/bench/noop`),
    side(`${base}/v1/bench/noop`, { 'x-api-key': agencyKey }),
    side(`${base}/v1/bench/metered`, { 'x-api-key': secret }),
  ]);
  const [BARE, UNMETERED, METERED] = [0, 1, 2];
  type Run = (typeof rounds)[number][number];
  const throughput = (i: number) =>
    spreadOf(rounds.map((round) => round[i]!.result.requestsPerSecond / round[BARE]!.result.requestsPerSecond));
  // The CPU ratio is bare's CPU over the side's, so that it reads like the throughput ratio.
  const cpuRatio = (i: number) =>
    spreadOf(rounds.map((round) => round[BARE]!.cpuMicrosPerRequest / round[i]!.cpuMicrosPerRequest));
  const medians = (figure: (r: Run) => number, sides = [BARE, UNMETERED, METERED]) =>
    sides.map((i) => Math.round(spreadOf(rounds.map((round) => figure(round[i]!))).median)).join(' / ');
  const metered = throughput(METERED);
  rows.push({
    storage: setup.name,
    'req/s bare / unmetered / metered': medians((r) => r.result.requestsPerSecond),
    'ratio metered (spread)': formatSpread(metered),
    verdict: verdict(metered, TARGET),
    'ratio unmetered (spread)': formatSpread(throughput(UNMETERED)),
    'CPU µs/req bare / unmetered / metered': medians((r) => r.cpuMicrosPerRequest),
    'CPU ratio metered (spread)': formatSpread(cpuRatio(METERED)),
    'CPU ratio unmetered (spread)': formatSpread(cpuRatio(UNMETERED)),
    'p99 ms bare / metered': medians((r) => r.result.p99Ms, [BARE, METERED]),
    // Any but time-outs on an overloaded machine would be a refusal of the meter: a bug here.
    'metered non-2xx or errors': rounds.reduce((sum, round) => sum + round[METERED]!.result.non2xx, 0),
  });
  await app.close();
  await dispose();
}

printTable(
  `API-key gate with metering, developer-portal key on the free plan, median of ${DEFAULT_ROUNDS} rounds of ${ROUND_SECONDS} s a side, the order changing each round (target: metered ratio >= ${TARGET.atLeast}); load average ${loadAverage()}`,
  rows,
);
