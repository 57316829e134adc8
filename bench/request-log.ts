/**
 * The request log's cost on the hot path: the key gate's no-op route (gate-overhead.ts's) on two
 * gateways built alike, one with REQUEST_LOG on (each admitted request recorded, written in
 * batches every second as in production) and one with it off, in alternating rounds. Reported:
 * the median of each round's on/off throughput ratio with its spread (min to max), each side's
 * CPU µs per request, and the requests written. Target: ratio >= 0.95 (the log should
 * cost the gate path at most a few per cent).
 *
 * BENCH_ROUNDS (at least 5, default 6) and BENCH_ROUND_SECONDS (default 3) lengthen it;
 * BENCH_STORAGE=postgres runs it on a scratch PostgreSQL database (BENCH_DATABASE_URL) instead of PGlite.
 */
import { buildGateway } from '../src/app.js';
import { API_KEY_ROUTE } from '../src/platform/http/route-policy.js';
import { benchPlatform, type Storage } from './lib/bench-platform.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { load, loadWithCpu, printTable } from './lib/load.js';
import { alternateRounds, DEFAULT_ROUNDS, formatSpread, spreadOf, verdict } from './lib/rounds.js';

const ROUNDS = DEFAULT_ROUNDS;
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const TARGET = { atLeast: 0.95 };
const STORAGE: Storage = process.env.BENCH_STORAGE === 'postgres' ? 'postgres' : 'pglite';

async function side(requestLog: boolean) {
  const { platform, dispose } = await benchPlatform(STORAGE, { REQUEST_LOG: String(requestLog) });
  const gateway = await buildGateway(platform);
  const payload = { ok: true };
  gateway.app.get('/v1/bench/noop', { config: API_KEY_ROUTE }, async () => payload);
  const agency = await gateway.identity.createAgency({ name: 'Bench' });
  const { secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' });
  platform.scheduler.start(); // the log's flush every second, as in production
  const base = await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  await gateway.aviation.aviation.state.settled();
  const url = `${base}/v1/bench/noop`;
  const headers = { 'x-api-key': secret };
  await load(url, { seconds: 1, headers }); // untimed: JIT, the key cache, the first batch
  return {
    run: () => loadWithCpu(url, { seconds: ROUND_SECONDS, headers }),
    async written(): Promise<number> {
      await gateway.requestLog.recorder?.flush();
      const row = await platform.db
        .selectFrom('api_request_batches')
        .select((eb) => eb.fn.sum<number>('request_count').as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      await gateway.app.close();
      await dispose();
    },
  };
}

const on = await side(true);
const off = await side(false);
const pairs = await alternateRounds(ROUNDS, on.run, off.run);
if (pairs.some((p) => p.a.result.non2xx + p.b.result.non2xx > 0)) throw new Error('non-2xx answers');
const written = await on.written();
await on.close();
await off.close();

const ratio = spreadOf(pairs.map((p) => p.a.result.requestsPerSecond / p.b.result.requestsPerSecond));
const cpu = (side: 'a' | 'b') => Math.round(spreadOf(pairs.map((p) => p[side].cpuMicrosPerRequest)).median);
printTable(
  `Request log on vs off, ${STORAGE}, median of ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s (target: ratio >= ${TARGET.atLeast}); load average ${loadAverage()}`,
  [
    {
      'ratio on/off (spread)': formatSpread(ratio),
      verdict: verdict(ratio, TARGET),
      'CPU µs/req on / off': `${cpu('a')} / ${cpu('b')}`,
      'requests written': written,
    },
  ],
);
