/**
 * What the gateway costs doing nothing: CPU per second of an idle gateway on embedded storage, as
 * `npm start` runs it (its own process, lib/process-cpu.ts reading every thread), after it has
 * settled. Its background jobs (webhook worker every second, flushes, sweeps) run against PGlite in
 * the same process, so their statements are this process's CPU; on PostgreSQL they are the server's.
 *
 *   npx tsx bench/idle-cpu.ts
 */
import { loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';
import { processCpuMs } from './lib/process-cpu.js';
import { aaTestSystemProcess, gatewayProcess } from './shopping-lib.js';

const WINDOW_S = Number(process.env.BENCH_SECONDS ?? 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const aa = await aaTestSystemProcess();
const gateway = await gatewayProcess(aa.url);
try {
  // Start-up work (JIT, the first runs of every job) out of the way.
  await sleep(5_000);
  const rows: Record<string, string | number>[] = [];
  for (let window = 1; window <= 3; window++) {
    const before = processCpuMs(gateway.pid);
    await sleep(WINDOW_S * 1_000);
    rows.push({ window, seconds: WINDOW_S, 'CPU ms per second': ((processCpuMs(gateway.pid) - before) / WINDOW_S).toFixed(1) });
  }
  printTable(`Idle gateway on embedded storage (load average ${loadAverage()})`, rows);
} finally {
  await gateway.close();
  await aa.close();
}
