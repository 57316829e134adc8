/**
 * Full aviation import (OurAirports + OpenFlights + aircraft) from ../shared/data: wall time and
 * peak memory, on embedded PGlite and, with DATABASE_URL set, on a fresh PostgreSQL database.
 *
 *   npx tsx bench/aviation-import.ts                       # PGlite in a temporary data dir
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/aviation-import.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { runSync } from '../src/aviation/importers/sync-runner.js';
import { loadConfig } from '../src/sources/load-config.js';
import { scratchDatabase } from './lib/bench-platform.js';
import { Keyring } from '../src/platform/keyring/keyring.js';
import { createPlatform } from '../src/platform/platform.js';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');

const serverUrl = process.env.DATABASE_URL;
const database = serverUrl ? await scratchDatabase(serverUrl) : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: database?.url ?? '',
  KEYRING: database ? Keyring.generateText() : '',
  LOG_LEVEL: 'warn',
});
const platform = await createPlatform(config, { logger: pino({ level: 'warn' }) });

// What the storage itself holds before the first row is read (PGlite's first start, its initdb,
// is most of the embedded figure), so that the import's own share can be told apart.
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const started = performance.now();
const report = await runSync(platform, {
  from: DATA,
  source: null,
  onEvent: (e) => {
    if (e.kind === 'done')
      console.log(
        `  ${e.source.padEnd(28)} ${String(e.counts.rowCount).padStart(6)} rows  ${(e.durationMs / 1000).toFixed(1)} s`,
      );
    if (e.kind === 'failed') console.log(`  ${e.source} FAILED: ${e.error}`);
  },
});
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const rerunStarted = performance.now();
await runSync(platform, { from: DATA, source: null });
const rerunSeconds = (performance.now() - rerunStarted) / 1000;

console.log(
  JSON.stringify({
    storage: platform.database.kind,
    ok: report.ok,
    import_seconds: Number(seconds.toFixed(1)),
    rerun_unchanged_seconds: Number(rerunSeconds.toFixed(1)),
    rss_before_import_mb: Math.round(rssBefore / 1e6),
    peak_rss_mb: Math.round(peakRss / 1e6),
  }),
);
await platform.close();
await database?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });
