/**
 * bench/mixed.ts's setups: one gateway on embedded storage or on PostgreSQL + Redis, or two behind
 * HAProxy, each started as `npm start` starts it, the airlines' test systems in processes of their
 * own; what each started is closed through `Opened`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { haproxyAvailable, startCluster } from '../../tools/cluster/harness.js';
import { sleep } from '../../tools/cluster/processes.js';
import {
  airlineTestSystemsProcess,
  gatewayProcess,
  seedStorage,
  VS_SUBSCRIPTION_KEY,
  type SharedStorage,
} from '../shopping-lib.js';
import { scratchDatabase } from './bench-platform.js';
import { privateRedis, processMemoryMb } from './cluster-counters.js';
import { startCommand } from './start-command.js';
import { OWNER, startMixWebhooks, type MixWebhooks } from './mixed-webhooks.js';

const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DATA = path.resolve(import.meta.dirname, '../../../shared/data');
/** Where the memory targets are read: RSS this long after the gateway started. */
export const EARLY_MS = 15_000;

export const SETUPS = ['pglite', 'postgres', 'haproxy'] as const;
export type Setup = (typeof SETUPS)[number];
export const LABELS: Record<Setup, string> = {
  pglite: 'embedded storage (PGlite), one gateway',
  postgres: 'PostgreSQL + Redis, one gateway',
  haproxy: 'PostgreSQL + Redis, two gateways behind HAProxy',
};

const GATEWAY_ENV = {
  MONITORING_INTERVAL_SECONDS: '0',
  // The bench searches far more often than a seller may; the limit itself is not what it measures.
  SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
  // The free plan's allowance (1,000 requests) would refuse most of the run.
  FREE_ALLOWANCE_REQUESTS: '100000000',
  // The hot searches must stay cached through the setup and the whole run.
  SEARCH_CACHE_TTL_SECONDS: '3600',
};

interface EarlyReading {
  /** When it was read, in ms after the gateway's start. */
  atMs: number;
  rss: number;
}

export interface Gateway {
  pid: number;
  /** When its process was spawned (Date.now()). */
  startedAt: number;
  /** The gateway itself, not the balancer. */
  url: string;
  /** Its RSS 15 s after its start. */
  early: Promise<EarlyReading>;
}

/** A process's RSS 15 s after its start, or at once when that has passed (then later than 15 s). */
async function earlyRss(pid: number, startedAt: number): Promise<EarlyReading> {
  await sleep(startedAt + EARLY_MS - Date.now());
  return { atMs: Date.now() - startedAt, rss: processMemoryMb(pid).rss };
}

/** A setup running: where the load goes (the gateway, or HAProxy in front of two), and the gateways behind it. */
export interface Service {
  base: string;
  key: string;
  gateways: Gateway[];
  /** What to read its figures with. */
  notes: string[];
  /** The receiver the gateways deliver the mix's webhooks to (registered by mixed.ts once they answer). */
  webhooks: MixWebhooks;
}

/** What a setup started, closed last first; also when the setup fails half-way. */
export class Opened {
  private readonly closers: (() => Promise<unknown>)[] = [];
  add<T>(thing: T, close: (thing: T) => Promise<unknown>): T {
    this.closers.push(() => close(thing));
    return thing;
  }
  async closeAll(): Promise<void> {
    for (const close of this.closers.reverse()) await close().catch((err: Error) => console.error(`closing: ${err.message}`));
  }
}

/** One gateway as `npm start` starts it, the airlines' test systems in a process of their own. */
async function singleGateway(opened: Opened, webhooks: MixWebhooks, shared?: SharedStorage): Promise<Service> {
  const airlines = opened.add(await airlineTestSystemsProcess(), (a) => a.close());
  let early: Promise<EarlyReading> | undefined;
  const gateway = opened.add(
    await gatewayProcess(
      airlines.aa,
      {
        ...GATEWAY_ENV,
        ...webhooks.env,
        VS_TEST_URL: airlines.vs,
        VS_TEST_SUBSCRIPTION_KEY: VS_SUBSCRIPTION_KEY,
        // Duffel's test system beside the airlines', its rate limit raised (lib/airline-test-systems-server.ts):
        // in the gateway's process its documented limit made searches wait out a reset past the client's time-out.
        DUFFEL_TEST_URL: airlines.duffel,
      },
      { aviationFrom: DATA, shared, owner: OWNER, onSpawn: (pid, startedAt) => (early = earlyRss(pid, startedAt)) },
    ),
    (g) => g.close(),
  );
  return {
    base: gateway.base,
    key: gateway.key,
    gateways: [{ pid: gateway.pid, startedAt: gateway.startedAt, url: gateway.base, early: early! }],
    notes: [
      "started as npm start starts it; the AA, VS and Duffel test systems together in one process (bookings in memory, Duffel's rate limit raised)",
    ],
    webhooks,
  };
}

/** A scratch database on BENCH_DATABASE_URL's server and a private Redis, both gone when the setup closes. */
async function sharedStorage(opened: Opened): Promise<SharedStorage> {
  const scratch = opened.add(await scratchDatabase(PG_SERVER), (s) => s.drop());
  const redis = opened.add(await privateRedis(), async (r) => r.child.kill('SIGKILL'));
  return { databaseUrl: scratch.url, redisUrl: redis.url, keyring: Keyring.generateText() };
}

/**
 * Two gateways behind HAProxy (tools/cluster/harness.ts), on storage seeded before they start. The
 * harness runs `flightagg serve`; it is given the start script's node flags and environment, and
 * the notes say whether that is all the start script runs.
 */
async function cluster(opened: Opened, webhooks: MixWebhooks): Promise<Service> {
  const storage = await sharedStorage(opened);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-bench-mixed-'));
  const key = await seedStorage(
    { ...process.env, DATA_DIR: dataDir, DATABASE_URL: storage.databaseUrl, REDIS_URL: '', KEYRING: storage.keyring },
    DATA,
    OWNER,
  ).finally(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const start = startCommand();
  const c = opened.add(
    await startCluster({
      instances: 2,
      ...storage,
      gatewayNodeArgs: start.nodeArgs,
      // The harness logs at warn; npm start at LOG_LEVEL's default, info (an access line per request).
      env: { ...start.env, ...GATEWAY_ENV, ...webhooks.env, LOG_LEVEL: process.env.LOG_LEVEL || 'info' },
    }),
    (started) => started.stop(),
  );
  // The bench's searches come faster than Duffel's documented limit allows one token; a search
  // then waits out the reset past the client's time-out. Raised on the shared Duffel test system.
  const duffel = c.testSystems.DUFFEL?.url;
  if (duffel) {
    const raised = await fetch(`${duffel}/control/rate-limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ limit: 100_000 }),
    });
    if (!raised.ok) throw new Error(`raising the Duffel test system's rate limit: ${raised.status} ${await raised.text()}`);
  }
  const asStarted = start.args.join(' ') === 'bin/flightagg.js serve';
  return {
    base: c.url,
    key,
    gateways: c.instances.map((i) => ({ pid: i.pid, startedAt: i.startedAt, url: i.url, early: earlyRss(i.pid, i.startedAt) })),
    notes: [
      asStarted
        ? `gateways started as npm start starts them (${[...start.nodeArgs, ...start.args].join(' ')}, the start script's environment)`
        : `gateways NOT started as npm start: the start script runs ${start.args.join(' ')}, the harness flightagg serve`,
      "their logs go to the harness (a pipe read by this process), not /dev/null; each source's test system in a process of its own, its bookings in PostgreSQL (Duffel's rate limit raised)",
    ],
    webhooks,
  };
}

/** Null when the setup can run here, else the one-line reason it is skipped. */
export function missing(setup: Setup): string | null {
  if (setup === 'pglite') return null;
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) return 'no redis-server binary';
  return setup === 'haproxy' ? haproxyAvailable() : null;
}

export async function startSetup(setup: Setup, opened: Opened): Promise<Service> {
  const webhooks = opened.add(await startMixWebhooks(), (w) => w.close());
  switch (setup) {
    case 'pglite':
      return singleGateway(opened, webhooks);
    case 'postgres':
      return singleGateway(opened, webhooks, await sharedStorage(opened));
    case 'haproxy':
      return cluster(opened, webhooks);
  }
}
