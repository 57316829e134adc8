/**
 * The API-key gate's overhead: an authenticated no-op route against the same route outside the
 * gate, same app, same bytes, on each storage, with everything a production gateway runs on the
 * gate's path switched on (the request log, its flush every second). Alternating rounds; reported
 * as the median of the rounds' gated/bare throughput ratios with its spread. Target: ratio >= 0.8,
 * which is only possible when a known key costs no database round trip and the log costs the
 * request path next to nothing.
 */
import { buildGateway } from '../src/app.js';
import { API_KEY_ROUTE, PUBLIC_ROUTE } from '../src/platform/http/route-policy.js';
import { benchPlatform, type Storage } from './lib/bench-platform.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { load, loadWithCpu, printTable } from './lib/load.js';
import { alternateRounds, DEFAULT_ROUNDS, formatSpread, spreadOf, verdict } from './lib/rounds.js';

const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const TARGET = { atLeast: 0.8 };
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
  platform.scheduler.start(); // the request log's flush every second, as in production
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  await gateway.aviation.aviation.state.settled();
  const bare = { url: `${base}/bench/noop` };
  const gated = { url: `${base}/v1/bench/noop`, headers: { 'x-api-key': secret } };
  // Untimed: the JIT, the key cache, the log's first batch.
  await load(bare.url, { seconds: 1 });
  await load(gated.url, { seconds: 1, headers: gated.headers });

  // CPU time per request beside throughput (loadWithCpu says why).
  const pairs = await alternateRounds(
    DEFAULT_ROUNDS,
    () => loadWithCpu(gated.url, { seconds: ROUND_SECONDS, headers: gated.headers }),
    () => loadWithCpu(bare.url, { seconds: ROUND_SECONDS }),
  );
  if (pairs.some((p) => p.a.result.non2xx > 0)) throw new Error('the gated route answered non-2xx responses');
  const ratio = spreadOf(pairs.map((p) => p.a.result.requestsPerSecond / p.b.result.requestsPerSecond));
  const cpuRatio = spreadOf(pairs.map((p) => p.b.cpuMicrosPerRequest / p.a.cpuMicrosPerRequest));
  const median = (values: number[]) => Math.round(spreadOf(values).median);
  rows.push({
    storage,
    'bare / gated req/s': `${median(pairs.map((p) => p.b.result.requestsPerSecond))} / ${median(pairs.map((p) => p.a.result.requestsPerSecond))}`,
    'ratio (spread)': formatSpread(ratio),
    verdict: verdict(ratio, TARGET),
    'CPU µs/req bare / gated': `${median(pairs.map((p) => p.b.cpuMicrosPerRequest))} / ${median(pairs.map((p) => p.a.cpuMicrosPerRequest))}`,
    'CPU ratio (spread)': formatSpread(cpuRatio),
    'p99 ms bare / gated': `${median(pairs.map((p) => p.b.result.p99Ms))} / ${median(pairs.map((p) => p.a.result.p99Ms))}`,
  });
  await app.close();
  await dispose();
}

printTable(
  `API-key gate overhead, request log on, median of ${DEFAULT_ROUNDS} alternating rounds of ${ROUND_SECONDS} s (target: ratio >= ${TARGET.atLeast}); load average ${loadAverage()}`,
  rows,
);
