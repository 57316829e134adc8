import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { pushPathOf, type Source } from '../../src/sources/source.js';
import { SOURCES } from '../../src/sources/table.js';
import { haproxyConfig, serverStates, serverName } from './haproxy.js';
import { answers, fatal, freePort, spawnChild, waitUntil, type Child } from './processes.js';

export { haproxyAvailable, serverName } from './haproxy.js';

/**
 * N gateway processes (`flightagg serve`) on one PostgreSQL and one Redis, behind HAProxy, with
 * one shared AA test system process: the product as it runs once it outgrows one machine. Used by
 * `npm run cluster` and by test/cluster/. Everything it starts it stops (`stop()`, idempotent).
 */

export interface ClusterOptions {
  /** Gateway processes. */
  instances: number;
  /** One PostgreSQL database; with `scratchDatabase` the server to make a throw-away one on. */
  databaseUrl: string;
  /** One Redis. */
  redisUrl: string;
  /** Extra environment for every gateway (after the harness's own, so it may override them). */
  env?: Record<string, string>;
  /** node's own flags for every gateway, before the CLI (a bench starts them as `npm start` does). */
  gatewayNodeArgs?: string[];
  /** The balancer's port; default a free one. */
  haproxyPort?: number;
  /** Make a database of its own on `databaseUrl`'s server, dropped by `stop()`. */
  scratchDatabase?: boolean;
  /** The gateways' KEYRING; default a generated one (all instances must share it). */
  keyring?: string;
  /** The gateways' REDIS_PREFIX; default one of the cluster's own, whose keys `stop()` deletes. */
  redisPrefix?: string;
  /** Extra environment for every source's test system process. */
  testSystemEnv?: Record<string, string>;
  /**
   * The CLI each gateway runs (`bin/flightagg.js` of some checkout), by instance index; default
   * this checkout's. An upgrade drill starts another release's and swaps it per instance
   * (`ClusterInstance.cli`). The test systems always run this checkout's.
   */
  gatewayCli?: (index: number) => string;
}

export interface ClusterInstance {
  index: number;
  port: number;
  /** The current process's id (a new one after `start()`). */
  pid: number;
  /** When the current process was spawned (Date.now()). */
  startedAt: number;
  /** Direct, bypassing the balancer. */
  url: string;
  /** HAProxy's name for it, as answers carry it in `X-Cluster-Instance`. */
  name: string;
  /** The CLI its next `start()` runs: set it between a stop and a start to replace its release. */
  cli: string;
  /** Sends `signal`, resolves with the exit code (null when the signal ended it). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  /** (Re)starts on the same port; resolves once `/v1/health/ready` answers 200. */
  start(): Promise<void>;
  /** Whether `/v1/health/ready` answers 200 now. */
  ready(): Promise<boolean>;
  running(): boolean;
  /** The last 64 KB the process wrote. */
  output(): string;
}

export interface Cluster {
  /** HAProxy front end (http://127.0.0.1:PORT). */
  url: string;
  instances: ClusterInstance[];
  /**
   * The one shared test system process of each source that has one (its /control routes included),
   * by source code: every source is one system for the whole cluster, as American Airlines is.
   */
  testSystems: Readonly<Record<string, { url: string }>>;
  /** What every gateway is given to reach them: each source's <CODE>_TEST_URL, credential and signing secret. */
  sourceEnv: Readonly<Record<string, string>>;
  /** HAProxy's stats page (`;csv` appended gives the CSV). */
  haproxyStatsUrl: string | null;
  /** The database the gateways use (the scratch one when asked for). */
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  keyring: string;
  /** Each server's state as the balancer sees it, by instance index. */
  balancerStates(): Promise<Record<number, string>>;
  /** Resolves once the balancer sees exactly `indexes` UP (default: every running instance). */
  waitForBalancer(indexes?: number[], ms?: number): Promise<void>;
  /** Stops everything it started; idempotent. */
  stop(): Promise<void>;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** This checkout's CLI. */
export const CLI = path.join(REPO_ROOT, 'bin', 'flightagg.js');
// A cold start compiles the TypeScript through tsx and migrates; on a busy 2-core machine with
// several gateways starting at once that has taken over a minute.
const START_BUDGET_MS = 180_000;
// SIGTERM lets a gateway drain (SHUTDOWN_GRACE_MS, 25 s by default); stop() gives it less.
const STOP_GRACE_MS = 10_000;

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// The caller's own storage settings (a test run's DATABASE_URL, say) are not the test system's.
const GATEWAY_SETTINGS = [
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'KEYRING',
  'PORT',
  ...SOURCES.map((source) => `${source.code}_TEST_URL`),
];
function withoutGatewaySettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !GATEWAY_SETTINGS.includes(name)));
}

/** Deletes every key under `prefix`: a cluster's own prefix leaves nothing behind in a shared Redis. */
async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!Number.isInteger(options.instances) || options.instances < 1 || options.instances > 16)
    throw new Error('instances must be an integer from 1 to 16');
  const id = crypto.randomBytes(4).toString('hex');
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-cluster-'));
  const keyring = options.keyring ?? Keyring.generateText();
  const ownPrefix = options.redisPrefix === undefined;
  const redisPrefix = options.redisPrefix ?? `flightagg:cluster:${id}:`;
  // Per source with a test system (the table, src/sources/table.ts): the credential the gateways
  // send it, and the secret it signs what it pushes with (gateways check it; at least 16
  // characters, never the development one).
  const defaults = loadConfig({});
  const sharedSettings = (source: Source): Record<string, string> => {
    const settings: Record<string, string> = {};
    const credential = source.testSystem?.credentialVariable;
    if (credential) settings[credential] = options.env?.[credential] ?? `cluster-${source.slug}-${id}`;
    const signing = defaults.sources[source.code]?.signing;
    if (signing) {
      settings[signing.variable] = options.env?.[signing.variable] ?? `cluster-notify-${crypto.randomBytes(12).toString('hex')}`;
    }
    return settings;
  };
  const clustered = SOURCES.filter((source) => source.testSystem).map((source) => ({ source, shared: sharedSettings(source) }));
  const cleanups: (() => Promise<void>)[] = [];
  let stopped = false;
  // Ports are drawn before anything listens on them: never hand out one already given out.
  const taken = new Set<number>(options.haproxyPort ? [options.haproxyPort] : []);
  const newPort = async (): Promise<number> => {
    for (;;) {
      const port = await freePort();
      if (taken.has(port)) continue;
      taken.add(port);
      return port;
    }
  };

  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // Last started, first stopped: the balancer, the gateways, the airline, then storage.
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // keep stopping the rest
      }
    }
  };

  try {
    cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));

    let databaseUrl = options.databaseUrl;
    if (options.scratchDatabase) {
      const name = `flightagg_cluster_${id}`;
      await adminQuery(options.databaseUrl, `create database ${name}`);
      cleanups.push(() => adminQuery(options.databaseUrl, `drop database if exists ${name} with (force)`));
      databaseUrl = withDatabaseName(options.databaseUrl, name);
    }
    if (ownPrefix) cleanups.push(() => deleteRedisKeys(options.redisUrl, redisPrefix));

    // The balancer's port first: the airline sends its change notifications through it, to
    // whichever instance is up, as a real airline would reach the gateway's public address.
    const balancerPort = options.haproxyPort ?? (await newPort());
    const balancerUrl = `http://127.0.0.1:${balancerPort}`;

    // Each airline: one process for the whole cluster, as American Airlines is one system, with
    // its bookings in the cluster's database in a schema of its own (aa_test_system,
    // vs_test_system), so they outlive a restart; its notifications reach a gateway through the
    // balancer, as a real airline reaches the gateway's public address.
    const startTestSystem = async (source: Source, shared: Record<string, string>, port: number, url: string) => {
      const { code, slug } = source;
      const dir = path.join(workDir, `${slug}-test-system`);
      fs.mkdirSync(dir);
      const signing = defaults.sources[code]?.signing;
      const child = spawnChild(process.execPath, [CLI, 'testsystem', slug, '--port', String(port), '--host', '127.0.0.1'], {
        ...withoutGatewaySettings(process.env),
        DATA_DIR: dir,
        [`${code}_TEST_DATABASE_URL`]: databaseUrl,
        ...shared,
        ...(signing && pushPathOf(source) ? { [signing.notifyUrlVariable]: `${balancerUrl}${pushPathOf(source)}` } : {}),
        LOG_LEVEL: 'warn',
        ...options.testSystemEnv,
      });
      cleanups.push(async () => void (await child.stop('SIGTERM', STOP_GRACE_MS)));
      await waitUntil(`${code} test system answering /control/state`, START_BUDGET_MS, async () => {
        if (!child.running()) throw fatal(`${code} test system exited: ${child.output().slice(-2000)}`);
        return answers(`${url}/control/state`);
      });
    };
    // Their ports are drawn first, so the gateways know their URLs before they answer: the first
    // gateway starts (and migrates) while the test systems start. Nothing in a gateway's start or
    // readiness calls a test system.
    const testSystemPorts: number[] = [];
    for (let i = 0; i < clustered.length; i++) testSystemPorts.push(await newPort());
    const urls = testSystemPorts.map((port) => `http://127.0.0.1:${port}`);
    const testSystemsUp = Promise.all(
      clustered.map(({ source, shared }, i) => startTestSystem(source, shared, testSystemPorts[i]!, urls[i]!)),
    );
    // Awaited below; a failure meanwhile is handled there, not reported as unhandled.
    testSystemsUp.catch(() => {});
    const testSystems = Object.fromEntries(clustered.map(({ source }, i) => [source.code, { url: urls[i]! }]));
    // No source is left on its public development secret: a gateway on PostgreSQL refuses it.
    const sourceEnv: Record<string, string> = Object.assign(
      {},
      ...clustered.map(({ source, shared }, i) => ({ [`${source.code}_TEST_URL`]: urls[i]!, ...shared })),
    );

    const gatewayEnv = (port: number, dataDir: string): NodeJS.ProcessEnv => ({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: redisPrefix,
      KEYRING: keyring,
      ...sourceEnv,
      // HAProxy connects from loopback and appends the address it saw to X-Forwarded-For.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    });

    const instances: ClusterInstance[] = [];
    const children: (Child | null)[] = [];
    for (let index = 0; index < options.instances; index++) {
      const port = await newPort();
      const dataDir = path.join(workDir, `gateway-${index}`);
      fs.mkdirSync(dataDir);
      const url = `http://127.0.0.1:${port}`;
      const ready = async () => {
        try {
          return await answers(`${url}/v1/health/ready`);
        } catch {
          return false;
        }
      };
      const instance: ClusterInstance = {
        index,
        port,
        pid: 0,
        startedAt: 0,
        url,
        name: serverName(index),
        cli: options.gatewayCli?.(index) ?? CLI,
        ready,
        running: () => children[index]?.running() ?? false,
        output: () => children[index]?.output() ?? '',
        async kill(signal) {
          const child = children[index];
          if (!child) return null;
          if (child.running()) child.process.kill(signal);
          return child.exited;
        },
        async start() {
          if (stopped) throw new Error('the cluster is stopped');
          if (children[index]?.running()) throw new Error(`instance ${index} is still running`);
          const child = spawnChild(
            process.execPath,
            [...(options.gatewayNodeArgs ?? []), instance.cli, 'serve'],
            gatewayEnv(port, dataDir),
          );
          children[index] = child;
          instance.pid = child.process.pid ?? 0;
          instance.startedAt = Date.now();
          await waitUntil(`gateway ${index} ready on ${url}`, START_BUDGET_MS, async () => {
            if (!child.running()) throw fatal(`gateway ${index} exited: ${child.output().slice(-3000)}`);
            return ready();
          });
        },
      };
      instances.push(instance);
      children.push(null);
    }
    // The balancer is stopped before them, so no client is left to drain for: SIGINT ends each
    // gateway as SIGTERM does but without holding readiness at 503 first (SHUTDOWN_READY_DELAY_MS).
    cleanups.push(async () => {
      await Promise.all(children.map(async (child) => child?.stop('SIGINT', STOP_GRACE_MS)));
    });
    // The first one migrates the database alone (beside the test systems' start); the others then
    // start side by side.
    await Promise.all([testSystemsUp, instances[0]!.start()]);
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    const statsPort = await newPort();
    const configFile = path.join(workDir, 'haproxy.cfg');
    fs.writeFileSync(configFile, haproxyConfig({ port: balancerPort, statsPort, servers: instances }));
    const haproxy = spawnChild('haproxy', ['-db', '-f', configFile], process.env);
    cleanups.push(async () => void (await haproxy.stop('SIGTERM', STOP_GRACE_MS)));
    const haproxyStatsUrl = `http://127.0.0.1:${statsPort}/stats`;

    const balancerStates = () => serverStates(haproxyStatsUrl);
    const waitForBalancer = async (indexes?: number[], ms = 30_000) => {
      const want = (indexes ?? instances.filter((i) => i.running()).map((i) => i.index)).sort().join(',');
      let seen = '';
      await waitUntil(`balancer sees instances ${want} up`, ms, async () => {
        if (!haproxy.running()) throw fatal(`haproxy exited: ${haproxy.output().slice(-2000)}`);
        const states = await balancerStates();
        seen = JSON.stringify(states);
        const up = Object.entries(states)
          .filter(([, state]) => state === 'UP')
          .map(([index]) => index)
          .sort()
          .join(',');
        return up === want;
      }).catch((err: Error) => {
        throw new Error(`${err.message}; balancer states ${seen}`);
      });
    };
    await waitForBalancer();

    return {
      url: balancerUrl,
      instances,
      testSystems,
      sourceEnv,
      haproxyStatsUrl,
      databaseUrl,
      redisUrl: options.redisUrl,
      redisPrefix,
      keyring,
      balancerStates,
      waitForBalancer,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
