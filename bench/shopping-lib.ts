import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { request } from 'undici';
import type { FastifyInstance } from 'fastify';
import { buildGateway } from '../src/app.js';
import { startAaTestSystem, type AaTestSystem } from '../src/testsystem/aa/server.js';
import { generatedNotifySecrets } from '../test/helpers/notify-secrets.js';
import { freePort } from '../tools/cluster/processes.js';
import { benchPlatform } from './lib/bench-platform.js';
import { startCommand } from './lib/start-command.js';

export const SUBSCRIPTION_KEY = 'aa-test-subscription-key';
export const VS_SUBSCRIPTION_KEY = 'vs-test-subscription-key';

/**
 * The AA test system in a process of its own, so the gateway's CPU time can be read from
 * process.cpuUsage() without the airline's work mixed in.
 */
export async function aaTestSystemProcess(): Promise<AaTestSystem> {
  const port = await freePort();
  // --memory: the airline's bookings need not outlive the bench, and its default data directory
  // (./data/aa-test-system) is one process's at a time, so two benches would refuse each other.
  const child = spawn(process.execPath, ['bin/flightagg.js', 'testsystem', 'aa', '--memory', '--port', String(port)], {
    // The gateway's DATABASE_URL is not the test system's (and would require a KEYRING of it).
    env: { ...process.env, DATABASE_URL: '', AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  // A child that ends before it answers fails the bench with its own words, not after the wait.
  const ended = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`AA test system exited with ${code}: ${stderr.trim()}`))),
  );
  await Promise.race([waitFor(`${url}/control/state`), ended]);
  return {
    url,
    async close() {
      child.kill('SIGTERM');
    },
  };
}

/**
 * Polls a loopback URL until it answers 200 (a child process coming up). Two minutes: on this
 * shared 2-core machine under other engineers' tests a start has taken over 30 s.
 */
async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 1_200; i++) {
    try {
      const res = await request(url);
      await res.body.text();
      if (res.statusCode === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The gateway without `serve`'s in-process test systems (lib/gateway-server.mjs, compiled): with
 * only AA_TEST_URL set, a search asks AA alone.
 */
export const GATEWAY_ONLY = ['bench/lib/gateway-server.mjs'];

export interface GatewayProcess {
  base: string;
  key: string;
  /** The gateway's process id (lib/process-cpu.ts reads its CPU time). */
  pid: number;
  /** When its process was spawned (Date.now()): memory "15 s after start" counts from here. */
  startedAt: number;
  close(): Promise<void>;
}

/** PostgreSQL and Redis for a gateway in place of embedded storage. */
export interface SharedStorage {
  databaseUrl: string;
  redisUrl: string;
  keyring: string;
}

export interface GatewayProcessOptions {
  /**
   * node's arguments for another way of starting it (GATEWAY_ONLY), with the start script's
   * settings all the same; default the start script's own.
   */
  program?: string[];
  /** A directory laid out like ../shared/data, imported before the start; the gateway loads it as it starts. */
  aviationFrom?: string;
  /** PostgreSQL and Redis instead of embedded storage in a fresh data directory. */
  shared?: SharedStorage;
  /** Called as soon as the gateway's process is spawned, before it answers: for a bench reading it from its start. */
  onSpawn?(pid: number, startedAt: number): void;
  /** An owner of the demo agency to make with the CLI before the start (a user for the portal's routes). */
  owner?: Owner;
}

/**
 * What a gateway's storage holds before it starts, made with the operator CLI as a user makes it:
 * the aviation data from `aviationFrom` when given (`flightagg aviation sync --from`), then a demo
 * agency and its test key (`flightagg demo`), whose secret it answers, and `owner` as that agency's
 * owner when given (`flightagg user create`). PGlite is one process's at a
 * time, so this runs before the gateway, never beside it.
 */
export async function seedStorage(env: NodeJS.ProcessEnv, aviationFrom?: string, owner?: Owner): Promise<string> {
  const cli = (...args: string[]) => promisify(execFile)(process.execPath, ['bin/flightagg.js', ...args], { env });
  if (aviationFrom) await cli('aviation', 'sync', '--from', aviationFrom, '--json');
  const { stdout } = await cli('demo', '--json');
  const demo = JSON.parse(stdout) as { agency: { id: string }; key: { secret: string } };
  if (owner) {
    const made = promisify(execFile)(
      process.execPath,
      [
        'bin/flightagg.js',
        'user',
        'create',
        '--agency',
        demo.agency.id,
        '--email',
        owner.email,
        '--role',
        'owner',
        '--password-stdin',
      ],
      { env },
    );
    made.child.stdin!.end(owner.password + '\n');
    await made;
  }
  return demo.key.secret;
}

/** A user of the demo agency, made by seedStorage: its address and password. */
export interface Owner {
  email: string;
  password: string;
}

/** A notification secret fit for shared storage (at least 16 characters, not the development one). */

/**
 * The gateway as `npm start` runs it (lib/start-command.ts: the start script's allocator settings
 * and node flags, compiled): its own process, on embedded
 * storage in a fresh data directory or on `options.shared`, with a test key made by `flightagg demo`
 * first (seedStorage). Nothing of the bench's own work (load generator, timing proxy) then runs on
 * its event loop.
 */
export async function gatewayProcess(
  aaUrl: string,
  env: Record<string, string> = {},
  options: GatewayProcessOptions = {},
): Promise<GatewayProcess> {
  const start = startCommand();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-'));
  const port = await freePort();
  const { shared } = options;
  const storage = shared
    ? {
        DATABASE_URL: shared.databaseUrl,
        REDIS_URL: shared.redisUrl,
        KEYRING: shared.keyring,
        // A fresh secret per source that signs its pushes: shared storage refuses the development ones.
        ...generatedNotifySecrets(),
      }
    : { DATABASE_URL: '', REDIS_URL: '' };
  const childEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    ...storage,
    PORT: String(port),
    AA_TEST_URL: aaUrl,
    AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY,
    MONITORING_INTERVAL_SECONDS: '0',
    // The bench searches far more often than a seller may; the limit itself is not what it measures.
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
    ...start.env,
    ...env,
  };
  const key = await seedStorage(childEnv, options.aviationFrom, options.owner);
  // BENCH_GATEWAY_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: flags for the gateway's node
  // alone (NODE_OPTIONS refuses --cpu-prof, and would reach the test system and the client too).
  const nodeArgs = (process.env.BENCH_GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const startedAt = Date.now();
  const child = spawn(process.execPath, [...start.nodeArgs, ...nodeArgs, ...(options.program ?? start.args)], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A refused start says why on stderr: kept (its end) for the failure's message.
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2_000)));
  options.onSpawn?.(child.pid!, startedAt);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/v1/health`).catch((err: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${err.message}${stderr ? `; the gateway said: ${stderr.trim()}` : ''}`);
  });
  return {
    base,
    key,
    pid: child.pid!,
    startedAt,
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FloorProcess {
  base: string;
  pid: number;
  close(): Promise<void>;
}

/**
 * A bench's child process that prints one JSON line once it listens: that line, and a close that
 * ends the child. A child that ends first fails the bench. A `.mjs` script runs as the gateway
 * does, plain node with the start script's settings (lib/start-command.ts); a `.ts` one through tsx.
 */
export async function listeningChild<T>(
  script: string,
  args: string[],
): Promise<{ said: T; pid: number; close(): Promise<void> }> {
  const start = startCommand();
  const program = script.endsWith('.mjs')
    ? [...start.nodeArgs, path.join(import.meta.dirname, script)]
    : ['--import', 'tsx', path.join(import.meta.dirname, script)];
  const child = spawn(process.execPath, [...program, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: script.endsWith('.mjs') ? { ...process.env, ...start.env } : process.env,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let line = '';
  for await (const chunk of child.stdout!) {
    line += String(chunk);
    if (line.includes('\n')) break;
  }
  // A child that ended before it listened has printed nothing (its error went to stderr).
  if (!line.includes('\n')) throw new Error(`${script} exited before it listened`);
  return {
    said: JSON.parse(line) as T,
    pid: child.pid!,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The floor under an uncached search (lib/search-floor-server.mjs) in a process of its own, relaying
 * to the same AA test system and answering with `answerFile`'s bytes.
 */
export async function searchFloorProcess(aaUrl: string, answerFile: string): Promise<FloorProcess> {
  const { said, pid, close } = await listeningChild<{ port: number }>('lib/search-floor-server.mjs', [
    aaUrl,
    SUBSCRIPTION_KEY,
    answerFile,
  ]);
  return { base: `http://127.0.0.1:${said.port}`, pid, close };
}

/** The AA, VS and Duffel test systems together in one process of their own (lib/airline-test-systems-server.ts). */
export async function airlineTestSystemsProcess(): Promise<{ aa: string; vs: string; duffel: string; close(): Promise<void> }> {
  const { said, close } = await listeningChild<{ aa: string; vs: string; duffel: string }>('lib/airline-test-systems-server.ts', [
    SUBSCRIPTION_KEY,
    VS_SUBSCRIPTION_KEY,
  ]);
  return { ...said, close };
}

export interface ShoppingBench {
  app: FastifyInstance;
  base: string;
  aa: AaTestSystem;
  key: string;
  close(): Promise<void>;
}

/**
 * The gateway on embedded storage in this process, the AA test system in-process too or in its
 * own process, and an agency whose search limit is out of the way.
 */
export async function shoppingBench(
  env: Record<string, string> = {},
  options: { separateTestSystem?: boolean } = {},
): Promise<ShoppingBench> {
  const aa = options.separateTestSystem
    ? await aaTestSystemProcess()
    : await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
  const { platform, dispose } = await benchPlatform('pglite', {
    AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY,
    MONITORING_INTERVAL_SECONDS: '0',
    ...env,
  });
  const gateway = await buildGateway(platform, { testSystemUrls: { AA: aa.url } });
  const { app } = gateway;
  const agency = await gateway.identity.createAgency({ name: 'Bench' });
  await sql`update agencies set search_rate_limit = 1000000000 where id = ${agency.id}`.execute(platform.db);
  const { secret } = await gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment: 'test' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    base,
    aa,
    key: secret,
    async close() {
      await app.close();
      await dispose();
      await aa.close();
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const dateAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
