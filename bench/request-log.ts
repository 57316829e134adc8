/**
 * The request log's cost on the hot path: the key gate's no-op route (gate-overhead.ts's) on two
 * gateways built alike, one with REQUEST_LOG on (each admitted request recorded, written in
 * batches every second as in production) and one with it off, in alternating rounds. Reported:
 * the median of each round's on/off throughput ratio with its spread (min to max), each side's
 * CPU µs per request, and the rows written and dropped. Target: ratio >= 0.95 (the log should
 * cost the gate path at most a few per cent).
 *
 * Short by default; BENCH_ROUNDS and BENCH_ROUND_SECONDS lengthen it, BENCH_STORAGE=postgres runs
 * it on a scratch PostgreSQL database (BENCH_DATABASE_URL) instead of PGlite.
 */
import os from 'node:os';
import { buildGateway } from '../src/app.js';
import { API_KEY_ROUTE } from '../src/platform/http/route-policy.js';
import { benchPlatform, type Storage } from './lib/bench-platform.js';
import { load, loadWithCpu, printTable } from './lib/load.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
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
        .selectFrom('api_requests')
        .select((eb) => eb.fn.countAll<number>().as('n'))
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
const ratios: number[] = [];
const cpu = { on: 0, off: 0 };
let nonOk = 0;
for (let round = 0; round < ROUNDS; round++) {
  // Alternating which goes first, so neither side always follows the other's flush.
  const [a, b] = round % 2 === 0 ? [on, off] : [off, on];
  const first = await a.run();
  const second = await b.run();
  const [withLog, without] = a === on ? [first, second] : [second, first];
  ratios.push(withLog.result.requestsPerSecond / without.result.requestsPerSecond);
  cpu.on += withLog.cpuMicrosPerRequest / ROUNDS;
  cpu.off += without.cpuMicrosPerRequest / ROUNDS;
  nonOk += withLog.result.non2xx + without.result.non2xx;
}
if (nonOk > 0) throw new Error(`${nonOk} non-2xx answers`);
const written = await on.written();
await on.close();
await off.close();

const sorted = [...ratios].sort((x, y) => x - y);
const median =
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
const load1 = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(' / ');
printTable(
  `Request log on vs off, ${STORAGE}, ${ROUNDS} rounds of ${ROUND_SECONDS} s (target: ratio >= 0.95); load average ${load1}`,
  [
    {
      'median ratio on/off': median.toFixed(2),
      spread: `${sorted[0]!.toFixed(2)}-${sorted.at(-1)!.toFixed(2)}`,
      'CPU µs/req on / off': `${Math.round(cpu.on)} / ${Math.round(cpu.off)}`,
      'rows written': written,
    },
  ],
);
