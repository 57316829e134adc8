/**
 * The API-key gate's overhead: an authenticated no-op route against the same route outside the
 * gate, same app, same bytes, one run per storage. Target: ratio >= 0.8, which is only possible
 * when a known key costs no database round trip.
 */
import os from 'node:os';
import { buildGateway } from '../src/app.js';
import { API_KEY_ROUTE, PUBLIC_ROUTE } from '../src/platform/http/route-policy.js';
import { benchPlatform, type Storage } from './lib/bench-platform.js';
import { combine, loadWithCpu, printTable, type LoadResult } from './lib/load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = 4;
const rows: Record<string, string | number>[] = [];

for (const storage of ['pglite', 'postgres'] as Storage[]) {
  const { platform, dispose } = await benchPlatform(storage);
  const gateway = await buildGateway(platform);
  const { app } = gateway;
  const payload = { ok: true };
  // Routes declare their guard (docs/route-policy.md): the same handler behind the key, and public.
  app.get('/v1/bench/noop', { config: API_KEY_ROUTE }, async () => payload);
  app.get('/bench/noop', { config: PUBLIC_ROUTE }, async () => payload);
  const agency = await gateway.identity.createAgency({ name: 'Bench' });
  const { secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  // Alternating short rounds: whatever else the machine does lands on both sides alike.
  const bareRounds: LoadResult[] = [];
  const gatedRounds: LoadResult[] = [];
  // CPU time per request beside throughput (loadWithCpu says why).
  const cpu = { bare: 0, gated: 0 };
  const measured = async (side: keyof typeof cpu, url: string, headers?: Record<string, string>) => {
    const run = await loadWithCpu(url, { seconds: SECONDS / ROUNDS, ...(headers ? { headers } : {}) });
    cpu[side] += run.cpuMicrosPerRequest / ROUNDS;
    return run.result;
  };
  for (let round = 0; round < ROUNDS; round++) {
    bareRounds.push(await measured('bare', `${base}/bench/noop`));
    gatedRounds.push(await measured('gated', `${base}/v1/bench/noop`, { 'x-api-key': secret }));
  }
  const bare = combine(bareRounds);
  const gated = combine(gatedRounds);
  if (gated.non2xx > 0) throw new Error(`gated route answered ${gated.non2xx} non-2xx responses`);
  rows.push({
    storage,
    'bare req/s': bare.requestsPerSecond,
    'gated req/s': gated.requestsPerSecond,
    ratio: (gated.requestsPerSecond / bare.requestsPerSecond).toFixed(2),
    'CPU µs/req bare / gated': `${Math.round(cpu.bare)} / ${Math.round(cpu.gated)}`,
    'CPU ratio': (cpu.bare / cpu.gated).toFixed(2),
    'bare p99 ms': bare.p99Ms,
    'gated p99 ms': gated.p99Ms,
  });
  await app.close();
  await dispose();
}

const loadAverage = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
printTable(`API-key gate overhead (target: ratio >= 0.8); load average ${loadAverage}`, rows);
