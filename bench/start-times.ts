/**
 * How long a developer waits: `npm start` on a fresh data directory to the banner (a first start:
 * PGlite's initdb, migrations, the demo key), then again on the same directory (a restart); for
 * each, when the socket first accepted and when the gateway first answered `GET /v1/health`, to
 * show the banner comes after both. Then `npm start` on a port already taken, to its exit, and
 * `flightagg --version` and `--help` (node bin/flightagg.js, as npx runs it). Embedded storage,
 * Redis off, a few rounds; figures in seconds.
 *
 *   npx tsx bench/start-times.ts            # BENCH_ROUNDS=3 by default
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tools/cluster/processes.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { printTable } from './lib/load.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(2));

function env(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    REDIS_URL: '',
    KEYRING: '',
    LOG_LEVEL: 'warn',
  };
}

/** `npm start` until its banner; ms from spawn to the banner, first accept and first answer. */
async function startToBanner(dataDir: string): Promise<{ banner: number; accepted: number | null; answered: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const since = () => performance.now() - started;
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: env(dataDir, port),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let accepted: number | null = null;
  let answered: number | null = null;
  const poll = setInterval(() => {
    if (accepted === null) {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => ((accepted ??= since()), socket.destroy()));
      socket.once('error', () => {});
    }
    if (answered === null)
      fetch(`http://127.0.0.1:${port}/v1/health`).then(
        () => (answered ??= since()),
        () => {},
      );
  }, 20);
  try {
    const banner = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (/listening on /.test(output)) resolve(since());
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
    });
    // A request sent before the banner may get its answer a moment after it: wait for it.
    for (let waited = 0; answered === null && waited < 5_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return { banner, accepted, answered };
  } finally {
    clearInterval(poll);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGINT');
    await exited;
  }
}

/** `npm start` on a port another process holds: ms to its exit, and whether it made the data directory. */
async function refusedStart(dataDir: string): Promise<{ ms: number; madeDataDir: boolean }> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  try {
    const started = performance.now();
    const result = spawnSync('npm', ['start', '--silent'], { cwd: ROOT, env: env(dataDir, port), encoding: 'utf8' });
    const ms = performance.now() - started;
    if (!result.stderr.includes(`port ${port} is already in use`)) throw new Error(`unexpected: ${result.stderr}`);
    return { ms, madeDataDir: fs.existsSync(dataDir) };
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
}

function cliTime(...args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(ROOT, 'bin/flightagg.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`flightagg ${args.join(' ')}: ${result.stderr}`);
  return performance.now() - started;
}

const rows: Record<string, string | number>[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-start-'));
  const dataDir = path.join(scratch, 'data');
  try {
    const load = loadAverage();
    const refused = await refusedStart(dataDir);
    const first = await startToBanner(dataDir);
    const again = await startToBanner(dataDir);
    rows.push({
      round,
      'load at start': load,
      'busy port: exit': seconds(refused.ms),
      'made data dir': refused.madeDataDir ? 'yes' : 'no',
      'first: accept / answer / banner': `${seconds(first.accepted)} / ${seconds(first.answered)} / ${seconds(first.banner)}`,
      'restart: accept / answer / banner': `${seconds(again.accepted)} / ${seconds(again.answered)} / ${seconds(again.banner)}`,
      '--version': seconds(cliTime('--version')),
      '--help': seconds(cliTime('--help')),
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
printTable(`npm start, embedded storage, ${ROUNDS} rounds (seconds; load average at the end ${loadAverage()})`, rows);
