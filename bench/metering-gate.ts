/**
 * The gate's overhead with metering on: an authenticated, metered no-op route for a
 * developer-portal key (standing check, free-allowance hold and release, count) against the same
 * route outside the gate; PGlite, PostgreSQL, and PostgreSQL with Redis (the counters shared
 * through one Lua script call per event-loop turn). Target: ratio >= 0.8, as the agency key's
 * gate alone (gate-overhead.ts). The load average is printed with the figures: on a shared
 * machine they mean little without it; the CPU time per request (this process: server and load
 * generator) and its ratio are the figures other work on the machine moves least.
 */
import os from 'node:os';
import { buildGateway, type Gateway } from '../src/app.js';
import { API_KEY_ROUTE, PUBLIC_ROUTE } from '../src/platform/http/route-policy.js';
import { benchPlatform, type Storage } from './lib/bench-platform.js';
import { combine, load, loadWithCpu, printTable, type LoadResult } from './lib/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = 4;
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

  // Alternating short rounds: whatever else the machine does lands on every side alike.
  const bareRounds: LoadResult[] = [];
  const gatedRounds: LoadResult[] = [];
  const meteredRounds: LoadResult[] = [];
  // CPU time per request beside throughput (loadWithCpu says why).
  const cpu = { bare: 0, gated: 0, metered: 0 };
  const measured = async (side: keyof typeof cpu, url: string, headers?: Record<string, string>) => {
    const run = await loadWithCpu(url, { seconds: SECONDS / ROUNDS, ...(headers ? { headers } : {}) });
    cpu[side] += run.cpuMicrosPerRequest / ROUNDS;
    return run.result;
  };
  for (let round = 0; round < ROUNDS; round++) {
    bareRounds.push(await measured('bare', `${base}/bench/noop`));
    gatedRounds.push(await measured('gated', `${base}/v1/bench/noop`, { 'x-api-key': agencyKey }));
    meteredRounds.push(await measured('metered', `${base}/v1/bench/metered`, { 'x-api-key': secret }));
  }
  const bare = combine(bareRounds);
  const gated = combine(gatedRounds);
  const metered = combine(meteredRounds);
  rows.push({
    storage: setup.name,
    'bare req/s': bare.requestsPerSecond,
    'agency key, unmetered req/s': gated.requestsPerSecond,
    'portal key, metered req/s': metered.requestsPerSecond,
    'ratio unmetered': (gated.requestsPerSecond / bare.requestsPerSecond).toFixed(2),
    'ratio metered': (metered.requestsPerSecond / bare.requestsPerSecond).toFixed(2),
    'CPU µs/req bare / unmetered / metered': [cpu.bare, cpu.gated, cpu.metered].map((n) => Math.round(n)).join(' / '),
    'CPU ratio unmetered': (cpu.bare / cpu.gated).toFixed(2),
    'CPU ratio metered': (cpu.bare / cpu.metered).toFixed(2),
    'bare p99 ms': bare.p99Ms,
    'metered p99 ms': metered.p99Ms,
    // Any but time-outs on an overloaded machine would be a refusal of the meter: a bug here.
    'metered non-2xx or errors': metered.non2xx,
  });
  await app.close();
  await dispose();
}

const loadAverage = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
printTable(
  `API-key gate with metering, developer-portal key on the free plan (target: ratio >= 0.8); load average ${loadAverage}`,
  rows,
);
