/**
 * Memory of the embedded default (PGlite), each phase in a fresh process as `npm start` runs:
 *  - import: first start on an empty data directory (PGlite's initdb), then the full aviation
 *    import from ../shared/data; RSS sampled every 50 ms (target: import peak < 400 MB);
 *  - idle: the whole gateway started again on that data directory, listening, aviation data in
 *    memory, after 5 s without requests (target: RSS < 250 MB).
 * Prints process.memoryUsage() at each point, in MB.
 *
 *   npx tsx bench/memory.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pino from 'pino';
import { buildGateway } from '../src/app.js';
import { runSync } from '../src/aviation/importers/sync-runner.js';
import { loadConfig } from '../src/platform/config.js';
import { createPlatform } from '../src/platform/platform.js';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');

const usage = () =>
  Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1e6)])) as Record<string, number>;

const platformOn = (dataDir: string) =>
  createPlatform(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PASSWORD_SCRYPT_LOG_N: '10' }), {
    logger: pino({ level: 'silent' }),
  });

async function importPhase(dataDir: string) {
  const atStart = usage();
  let peak = atStart.rss!;
  const sampler = setInterval(() => (peak = Math.max(peak, Math.round(process.memoryUsage().rss / 1e6))), 50);
  const platform = await platformOn(dataDir);
  const afterFirstStart = usage();
  const started = performance.now();
  const report = await runSync(platform, { from: DATA, source: null });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const afterImport = usage();
  await platform.close();
  return { ok: report.ok, import_seconds: Number(seconds.toFixed(1)), atStart, afterFirstStart, afterImport, peak_rss_mb: peak };
}

async function idlePhase(dataDir: string) {
  const platform = await platformOn(dataDir);
  const gateway = await buildGateway(platform);
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const listening = usage();
  // The aviation data loads in the background after start; idle means after it.
  const loadStarted = performance.now();
  await gateway.aviation.aviation.state.settled();
  const load_seconds = Number(((performance.now() - loadStarted) / 1000).toFixed(1));
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const idle = usage();
  // With --expose-gc (as this bench starts the phase): what is live once the load's garbage goes.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const idleAfterGc = gc ? usage() : null;
  await gateway.app.close();
  await platform.close();
  return { listening, load_seconds, idle, idleAfterGc };
}

async function child(phase: string, dataDir: string): Promise<Record<string, unknown>> {
  const flags = phase === 'idle' ? ['--expose-gc'] : [];
  const proc = spawn(process.execPath, [...flags, '--import', 'tsx', import.meta.filename, phase, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of readline.createInterface({ input: proc.stdout })) {
    if (line.startsWith('{')) return JSON.parse(line);
  }
  throw new Error(`${phase} phase ended without a result`);
}

const [phase, dir] = process.argv.slice(2);
if (phase === 'import') {
  console.log(JSON.stringify(await importPhase(dir!)));
  process.exit(0);
} else if (phase === 'idle') {
  console.log(JSON.stringify(await idlePhase(dir!)));
  process.exit(0);
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-memory-'));
  try {
    const imported = await child('import', dataDir);
    console.log('import (fresh data directory, full aviation data):', JSON.stringify(imported));
    const idle = await child('idle', dataDir);
    console.log('gateway idle on it (aviation data in memory):', JSON.stringify(idle));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
