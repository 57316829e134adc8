/**
 * Memory of the embedded default (PGlite), each phase in a fresh process as `npm start` runs:
 *  - import: first start on an empty data directory (PGlite's initdb), then the full aviation
 *    import from ../shared/data; RSS sampled every 50 ms (target: import peak < 400 MB). The first
 *    start's initdb runs in a child process of its own (src/platform/db/pglite-first-start.ts):
 *    that child's peak is sampled and reported apart;
 *  - load: each data set built alone from that directory (airports, airlines, aircraft types),
 *    process.memoryUsage() after a GC once each is in, and the process's peak RSS (VmHWM);
 *  - idle: the whole gateway started again on that data directory, listening, aviation data in
 *    memory, after 5 s without requests (target: RSS < 250 MB), in this bench's own code;
 *  - steps (with dist/): the compiled gateway built step by step in a plain node process
 *    (bench/lib/memory-steps.mjs), memory after a GC at each step: what each part adds;
 *  - serve: `flightagg serve` as `npm start` runs it (package.json's start script, read by
 *    lib/start-command.ts: glibc's allocator settings and node's flags, dist/ compiled, the AA and
 *    VS test systems in-process): RSS from /proc once it listens and 15 s after it started
 *    (target: < 250 MB), and the process's own peak (VmHWM); where that RSS is, from
 *    /proc/<pid>/smaps: glibc's main heap, its other threads' arenas, PGlite's WebAssembly memory.
 *    Then the same without the start script's settings, and through tsx with them: what each step
 *    saves. Every serve and steps row runs without ../shared's NDC schemas, as on a user's clone;
 *    the steps with the image's settings.
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
import { AirportIndex } from '../src/aviation/airport-index.js';
import { FileTexts } from '../src/aviation/file-texts.js';
import { runSync } from '../src/aviation/importers/sync-runner.js';
import { AircraftTypeIndex, AirlineIndex } from '../src/aviation/reference-index.js';
import { loadConfig } from '../src/sources/load-config.js';
import { createPlatform } from '../src/platform/platform.js';
import { startCommand } from './lib/start-command.js';

const DATA = path.resolve(import.meta.dirname, '../../shared/data');
// The in-process AA test system validates requests against ../shared's NDC schemas when they are
// there (~20 MB more); a user's clone has none, so the gateway is measured without them.
const NO_SCHEMAS = path.join(os.tmpdir(), 'flightagg-bench-no-ndc-schemas');
const IMAGE_MALLOC = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '32768' };
// Issue 35: `npm start`'s RSS 15 s after start, aviation data loaded.
const SERVE_TARGET_MB = 250;

const usage = () =>
  Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round(v / 1e6)])) as Record<string, number>;

const platformOn = (dataDir: string) =>
  createPlatform(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PASSWORD_SCRYPT_LOG_N: '10' }), {
    logger: pino({ level: 'silent' }),
  });

/** RSS in MB of this process's children (the first start's initdb child), from /proc. */
function childrenRss(): number {
  let total = 0;
  for (const tid of fs.readdirSync('/proc/self/task')) {
    let children = '';
    try {
      children = fs.readFileSync(`/proc/self/task/${tid}/children`, 'utf8');
    } catch {
      continue;
    }
    for (const pid of children.trim().split(/\s+/).filter(Boolean)) total += procRss(Number(pid)).rss;
  }
  return total;
}

/** VmRSS and VmHWM (peak) of a process in MB; zeros once it is gone. */
function procRss(pid: number): { rss: number; peak: number } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1e3), peak: Math.round(kb('VmHWM') / 1e3) };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

async function importPhase(dataDir: string) {
  const atStart = usage();
  let peak = atStart.rss!;
  let childPeak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, Math.round(process.memoryUsage().rss / 1e6));
    childPeak = Math.max(childPeak, childrenRss());
  }, 50);
  const platform = await platformOn(dataDir);
  const afterFirstStart = usage();
  const started = performance.now();
  const report = await runSync(platform, { from: DATA, source: null });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const afterImport = usage();
  await platform.close();
  return {
    ok: report.ok,
    import_seconds: Number(seconds.toFixed(1)),
    atStart,
    afterFirstStart,
    afterImport,
    peak_rss_mb: Math.max(peak, afterImport.rss!),
    first_start_child_peak_rss_mb: childPeak,
  };
}

/** What each data set holds once built: the live heap and off-heap bytes it adds (after a GC). */
async function loadPhase(dataDir: string) {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const platform = await platformOn(dataDir);
  const settled = () => {
    gc();
    return usage();
  };
  const opened = settled();
  // As the gateway keeps them: the airports' JSON in files in the data directory (file-texts.ts).
  const airports = await AirportIndex.load(platform.db, () => FileTexts.create(dataDir));
  const withAirports = settled();
  const airlines = await AirlineIndex.load(platform.db);
  const withAirlines = settled();
  const aircraft = await AircraftTypeIndex.load(platform.db);
  const withAircraft = settled();
  const peak_rss_mb = procRss(process.pid).peak;
  await platform.close();
  return {
    sizes: { airports: airports.size, airlines: airlines.size, aircraft: aircraft.size },
    opened,
    withAirports,
    withAirlines,
    withAircraft,
    peak_rss_mb,
  };
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

/**
 * Where a process's RSS is, in MB, from /proc/<pid>/smaps: glibc's main heap (`[heap]`: what the
 * main thread mallocs, ArrayBuffers included), the arenas glibc gives other threads (anonymous
 * mappings of up to 64 MB on a 64 MB boundary: V8's compiler threads, whose TurboFan work on
 * PGlite's WebAssembly leaves them holding freed memory), and the largest anonymous mapping over
 * 100 MB (PGlite's WebAssembly memory, 128 MB reserved, only what it touched counted).
 */
function rssParts(pid: number): Record<string, number> {
  const parts = { main_heap_mb: 0, thread_arenas_mb: 0, wasm_memory_mb: 0 };
  let part: keyof typeof parts | null = null;
  let smaps = '';
  try {
    smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return parts;
  }
  for (const line of smaps.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const start = BigInt(`0x${mapping[1]}`);
      const size = Number(BigInt(`0x${mapping[2]}`) - start);
      const anonymous = mapping[3] === '';
      if (mapping[3] === '[heap]') part = 'main_heap_mb';
      else if (anonymous && start % (64n << 20n) === 0n && size <= 64 << 20) part = 'thread_arenas_mb';
      else if (anonymous && size > 100e6) part = 'wasm_memory_mb';
      else part = null;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && part) parts[part] += Number(rss[1]) / 1e3;
  }
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, Math.round(v)]));
}

/**
 * `flightagg serve` on the data directory in a process of its own, as a user starts it: RSS once
 * it listens (the aviation data is loaded before it does), 15 s after it was started (the
 * target's moment; when it listens, if that is later) and 15 s after it listens, the process's
 * peak, and where the RSS is then.
 */
async function servePhase(
  dataDir: string,
  start: { env: Record<string, string>; nodeArgs: string[] },
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NDC_SCHEMA_DIR: NO_SCHEMAS,
    ...start.env,
  };
  // An empty value is a variable the row leaves unset (glibc reads an empty one as a setting).
  for (const [name, value] of Object.entries(env)) if (value === '') delete env[name];
  const proc = spawn(process.execPath, [...start.nodeArgs, 'bin/flightagg.js', 'serve'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    for await (const line of readline.createInterface({ input: proc.stdout! })) if (line.includes('listening on')) break;
    const start_seconds = Number(((performance.now() - started) / 1000).toFixed(1));
    const listening = procRss(proc.pid!);
    const listened = performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 15_000 - (listened - started))));
    const at15 = procRss(proc.pid!);
    // A start slower than 15 s (the full aviation data read back from PGlite takes most of it on
    // this machine) is measured when it listens, mid-load; 15 s later it has settled.
    await new Promise((resolve) => setTimeout(resolve, 15_000 - (performance.now() - listened)));
    const settled = procRss(proc.pid!);
    return {
      start_seconds,
      listening_rss_mb: listening.rss,
      rss_15s_mb: at15.rss,
      rss_15s_after_listening_mb: settled.rss,
      peak_rss_mb: settled.peak,
      ...rssParts(proc.pid!),
    };
  } finally {
    proc.kill('SIGINT');
    await new Promise((resolve) => (proc.exitCode === null ? proc.once('exit', resolve) : resolve(null)));
  }
}

/** bench/lib/memory-steps.mjs on dist/, in plain node: its steps, one object each. */
async function stepsPhase(dist: string, dataDir: string): Promise<Record<string, unknown>[]> {
  const proc = spawn(process.execPath, ['--expose-gc', path.join(import.meta.dirname, 'lib/memory-steps.mjs'), dist, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NDC_SCHEMA_DIR: NO_SCHEMAS, ...IMAGE_MALLOC },
  });
  for await (const line of readline.createInterface({ input: proc.stdout })) {
    if (line.startsWith('[')) return JSON.parse(line);
  }
  throw new Error('steps phase ended without a result');
}

async function child(phase: string, dataDir: string): Promise<Record<string, unknown>> {
  const flags = phase === 'idle' || phase === 'load' ? ['--expose-gc'] : [];
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
} else if (phase === 'load') {
  console.log(JSON.stringify(await loadPhase(dir!)));
  process.exit(0);
} else if (phase === 'idle') {
  console.log(JSON.stringify(await idlePhase(dir!)));
  process.exit(0);
} else {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-memory-'));
  try {
    const imported = await child('import', dataDir);
    console.log('import (fresh data directory, full aviation data):', JSON.stringify(imported));
    console.log('each data set built alone (after a GC):', JSON.stringify(await child('load', dataDir)));
    const idle = await child('idle', dataDir);
    console.log('gateway idle on it (aviation data in memory):', JSON.stringify(idle));
    const root = path.resolve(import.meta.dirname, '..');
    const compiled = path.join(root, 'dist/cli.js');
    if (fs.existsSync(compiled)) {
      console.log('compiled gateway built step by step (MB, after a GC at each step):');
      console.table(await stepsPhase(path.join(root, 'dist'), dataDir));
    }
    // As `npm start` runs it (package.json's start script: its allocator settings and node flags,
    // compiled); then without the script's settings, and through tsx with them, to show each step.
    const npmStart = startCommand({});
    const rows: [string, { env: Record<string, string>; nodeArgs: string[] }][] = [
      [
        `npm start (${Object.entries(npmStart.env)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')} node ${npmStart.nodeArgs.join(' ')}, compiled)`,
        npmStart,
      ],
      [
        'node bin/flightagg.js serve (compiled, no settings)',
        { env: { MALLOC_ARENA_MAX: '', MALLOC_MMAP_THRESHOLD_: '' }, nodeArgs: [] },
      ],
      [
        'npm start through tsx (FLIGHTAGG_FROM_SOURCE=1)',
        { env: { ...npmStart.env, FLIGHTAGG_FROM_SOURCE: '1' }, nodeArgs: npmStart.nodeArgs },
      ],
    ];
    for (const [label, start] of rows) {
      const result = await servePhase(dataDir, start);
      console.log(
        `${label}: ${JSON.stringify(result)}${label.startsWith('npm start (') ? ` (target: rss_15s_mb < ${SERVE_TARGET_MB})` : ''}`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
