/**
 * The cluster under load (issue 18): autocannon through HAProxy at one and at two gateway
 * instances, in one run, for three classes of request:
 *  - a cached search (`POST /v1/shopping/offers`, answered from the shared Redis cache);
 *  - an aviation read (`GET /v1/aviation/airports/JFK`, answered from memory);
 *  - the key gate alone (`GET /v1/monitoring/airlines` with monitoring off: the gate and an empty
 *    list, no storage: the real app's cheapest authenticated route, as a child process cannot be
 *    given the gate bench's no-op route).
 * Reported per class: requests/s and p99 at each size (medians of the rounds), the 2-vs-1
 * throughput ratio as the median of the rounds' ratios with its spread (min to max; reported, no
 * target), PostgreSQL transactions and Redis commands per request (measured on the storage, not
 * estimated), and each instance's RSS at rest and its peak under load (/proc/<pid>/status VmRSS).
 *
 * Rounds of both sizes, which size goes first alternating (2, 1, then 1, 2, ...: one instance
 * leaves with SIGTERM and comes back, warmed up again), so whatever else the machine does lands on
 * both alike. The machine has 2 cores shared by HAProxy, the gateways, PostgreSQL, Redis and
 * autocannon: a ratio near 1 there says the machine is the limit, not that the instances do not
 * scale.
 *
 *   npx tsx bench/cluster.ts
 *   BENCH_ROUNDS=6 BENCH_ROUND_SECONDS=3 BENCH_CONNECTIONS=50 BENCH_DATABASE_URL=postgres://… npx tsx bench/cluster.ts
 *
 * BENCH_ROUNDS (rounds of each size, at least 5, default 6) and BENCH_ROUND_SECONDS (per class per
 * round, default 3) lengthen it.
 *
 * Needs `haproxy` and `redis-server` (a private Redis, so its command count is this bench's) and a
 * PostgreSQL server (a scratch database, dropped at the end). Aviation data: ../shared/data when
 * present (the full OurAirports set, so memory is realistic), else the test fixture (15 airports).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runSync } from '../src/aviation/importers/sync-runner.js';
import { Keyring } from '../src/platform/keyring/keyring.js';
import { haproxyAvailable, startCluster, type Cluster } from '../tools/cluster/harness.js';
import { sleep } from '../tools/cluster/processes.js';
import { pgTransactions, privateRedis, redisCommands, rssMb, sentByGateways } from './lib/cluster-counters.js';
import { scratchDatabase } from './lib/bench-platform.js';
import { loadAverage } from './lib/busy-neighbour.js';
import { load, printTable, type LoadResult } from './lib/load.js';
import { DEFAULT_ROUNDS, formatSpread, spreadOf } from './lib/rounds.js';
import { agencyWithTestKey, onScratchPlatform } from '../test/platform/fault-drills/seed.js';

const SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PG_SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SHARED_DATA = path.resolve(import.meta.dirname, '../../shared/data');
const FIXTURE_DATA = path.resolve(import.meta.dirname, '../test/aviation/fixtures');
// Round r runs 2 then 1 instances when r is even, 1 then 2 when odd: 2, 1, 1, 2, 2, 1, ... (the
// cluster starts with 2, and a size repeated back to back costs no restart).
const SIZES = Array.from({ length: DEFAULT_ROUNDS }, (_, r) => (r % 2 === 0 ? [2, 1] : [1, 2])).flat();

async function missing(): Promise<string | null> {
  const haproxy = haproxyAvailable();
  if (haproxy) return haproxy;
  const probe = spawn('redis-server', ['--version'], { stdio: 'ignore' });
  return new Promise((resolve) => {
    probe.once('error', () => resolve('no redis-server binary'));
    probe.once('exit', (code) => resolve(code === 0 ? null : 'no redis-server binary'));
  });
}

/** The agency key, and the aviation data, in the scratch database before any gateway starts. */
async function seed(databaseUrl: string, keyring: string): Promise<{ key: string; aviation: string }> {
  return onScratchPlatform(databaseUrl, keyring, async (platform) => {
    const from = fs.existsSync(path.join(SHARED_DATA, 'ourairports/airports.csv')) ? SHARED_DATA : FIXTURE_DATA;
    const report = await runSync(platform, { from, source: 'ourairports' });
    if (!report.ok) throw new Error(`aviation sync failed: ${JSON.stringify(report)}`);
    const { key } = await agencyWithTestKey(platform, 'Bench Cluster Travel');
    return { key, aviation: from === SHARED_DATA ? 'full OurAirports (../shared/data)' : 'test fixture (15 airports)' };
  });
}

interface ClassDef {
  name: string;
  path: string;
  method: 'GET' | 'POST';
  body?: string;
}

const reason = await missing();
if (reason) {
  console.log(`bench/cluster.ts skipped: ${reason}`);
  process.exit(0);
}

const scratch = await scratchDatabase(PG_SERVER);
const database = new URL(scratch.url).pathname.slice(1);
const redis = await privateRedis();
let cluster: Cluster | null = null;
try {
  const keyring = Keyring.generateText();
  const { key, aviation } = await seed(scratch.url, keyring);
  cluster = await startCluster({
    instances: 2,
    databaseUrl: scratch.url,
    redisUrl: redis.url,
    keyring,
    env: {
      SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
      MONITORING_INTERVAL_SECONDS: '0',
      SHUTDOWN_READY_DELAY_MS: '2000',
      LOG_LEVEL: 'warn',
      // BENCH_REQUEST_COSTS=true attributes commands and statements to routes (and costs CPU: see
      // REQUEST_COSTS in the README), for the per-route table at the end.
      REQUEST_COSTS: process.env.BENCH_REQUEST_COSTS === 'true' ? 'true' : 'false',
    },
  });
  const c = cluster;
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };

  // The search to serve from cache: the first call fills it, the second must be a hit.
  const searchBody = JSON.stringify({
    origin: 'JFK',
    destination: 'LAX',
    departure_date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
    adults: 1,
  });
  await fetch(`${c.url}/v1/shopping/offers`, { method: 'POST', headers, body: searchBody });
  const hit = await fetch(`${c.url}/v1/shopping/offers`, { method: 'POST', headers, body: searchBody });
  if (hit.status !== 200 || hit.headers.get('x-cache') !== 'HIT')
    throw new Error(`cached search: ${hit.status} x-cache ${hit.headers.get('x-cache')}: ${(await hit.text()).slice(0, 300)}`);
  const searchBytes = (await hit.arrayBuffer()).byteLength;
  // Aviation data loads in the background at start: wait until every running instance answers from it.
  const aviationLoaded = async () => {
    for (let i = 0; i < 300; i++) {
      const answers = await Promise.all(
        c.instances
          .filter((instance) => instance.running())
          .map((instance) => fetch(`${instance.url}/v1/aviation/airports/JFK`, { headers }).then((r) => r.status)),
      );
      if (answers.every((s) => s === 200)) return;
      if (i === 299) throw new Error(`aviation reads answer ${answers.join(', ')}`);
      await sleep(200);
    }
  };
  await aviationLoaded();

  const classes: ClassDef[] = [
    {
      name: `cached search (${Math.round(searchBytes / 1024)} KB)`,
      path: '/v1/shopping/offers',
      method: 'POST',
      body: searchBody,
    },
    { name: 'aviation read JFK', path: '/v1/aviation/airports/JFK', method: 'GET' },
    { name: 'key gate (monitoring list, off)', path: '/v1/monitoring/airlines', method: 'GET' },
  ];

  const rest: Record<number, number> = {};
  const peak: Record<number, number> = {};
  const samplePeak = () => {
    for (const instance of c.instances) {
      if (!instance.running()) continue;
      peak[instance.index] = Math.max(peak[instance.index] ?? 0, rssMb(instance.pid) || 0);
    }
  };

  // Warm each class on every instance (JIT, caches), then let the heap settle before "at rest".
  const warmUp = async () => {
    for (const def of classes)
      await load(`${c.url}${def.path}`, { seconds: 2, connections: 10, headers, method: def.method, body: def.body });
  };
  await warmUp();
  await sleep(3_000);
  for (const instance of c.instances) rest[instance.index] = rssMb(instance.pid);

  const rounds: Record<string, Record<number, LoadResult[]>> = {};
  const costs: Record<string, { requests: number; pg: number; redis: number; redisSent: number; dbSent: number }> = {};
  for (const def of classes) {
    rounds[def.name] = { 1: [], 2: [] };
    costs[def.name] = { requests: 0, pg: 0, redis: 0, redisSent: 0, dbSent: 0 };
  }
  // Per route, over the rounds (instance counters restart with the instance, so deltas per round).
  const routeTotals = new Map<string, { redis: number; db: number }>();

  for (const size of SIZES) {
    const running = c.instances.filter((i) => i.running()).length;
    if (size < running) {
      await c.instances[1]!.kill('SIGTERM');
      await c.waitForBalancer([0]);
    } else if (size > running) {
      await c.instances[1]!.start();
      await c.waitForBalancer([0, 1]);
      // The instance back is cold: its aviation data loaded, then every class warmed up again.
      await aviationLoaded();
      await warmUp();
    }
    for (const def of classes) {
      const pgBefore = await pgTransactions(PG_SERVER, database);
      const redisBefore = await redisCommands(redis.url);
      const sentBefore = await sentByGateways(c);
      const sampler = setInterval(samplePeak, 250);
      const result = await load(`${c.url}${def.path}`, {
        seconds: SECONDS,
        connections: CONNECTIONS,
        headers,
        method: def.method,
        body: def.body,
      });
      clearInterval(sampler);
      const pgAfter = await pgTransactions(PG_SERVER, database);
      const redisAfter = await redisCommands(redis.url);
      const sentAfter = await sentByGateways(c);
      for (const [route, after] of sentAfter.byRoute) {
        const before = sentBefore.byRoute.get(route) ?? { redis: 0, db: 0 };
        const total = routeTotals.get(route) ?? { redis: 0, db: 0 };
        total.redis += after.redis - before.redis;
        total.db += after.db - before.db;
        routeTotals.set(route, total);
      }
      if (result.non2xx > 0) console.log(`warning: ${def.name} at ${size}: ${result.non2xx} non-2xx answers or errors`);
      rounds[def.name]![size]!.push(result);
      const requests = result.requestsPerSecond * SECONDS;
      costs[def.name]!.requests += requests;
      costs[def.name]!.pg += pgAfter - pgBefore;
      costs[def.name]!.redis += redisAfter - redisBefore;
      costs[def.name]!.redisSent += sentAfter.redis - sentBefore.redis;
      costs[def.name]!.dbSent += sentAfter.db - sentBefore.db;
    }
  }

  console.log(
    `${CONNECTIONS} connections through HAProxy, ${SECONDS} s per class per round, sizes in order ${SIZES.join(', ')} ` +
      `(${DEFAULT_ROUNDS} rounds of each); ` +
      `aviation data: ${aviation}; ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end`,
  );
  printTable(
    `Through HAProxy at 1 and 2 gateway instances, median of ${DEFAULT_ROUNDS} rounds of ${SECONDS} s per class and size, ` +
      `which size goes first alternating (2 vs 1: median of the rounds' ratios with its spread; reported, no target); ` +
      `load average ${loadAverage()}`,
    classes.map((def) => {
      const one = rounds[def.name]![1]!;
      const two = rounds[def.name]![2]!;
      const median = (side: LoadResult[], figure: 'requestsPerSecond' | 'p99Ms') =>
        Math.round(spreadOf(side.map((r) => r[figure])).median);
      const cost = costs[def.name]!;
      return {
        class: def.name,
        '1: req/s': median(one, 'requestsPerSecond'),
        '1: p99 ms': median(one, 'p99Ms'),
        '2: req/s': median(two, 'requestsPerSecond'),
        '2: p99 ms': median(two, 'p99Ms'),
        '2 vs 1 (spread)': formatSpread(spreadOf(two.map((r, i) => r.requestsPerSecond / one[i]!.requestsPerSecond))),
        'non-2xx': [...one, ...two].reduce((sum, r) => sum + r.non2xx, 0),
        'PG xact/req': (cost.pg / cost.requests).toFixed(3),
        'Redis cmd/req': (cost.redis / cost.requests).toFixed(2),
        'Redis sent/req': (cost.redisSent / cost.requests).toFixed(2),
        'DB stmt sent/req': (cost.dbSent / cost.requests).toFixed(3),
      };
    }),
  );
  printTable(
    'RSS per instance (MB): at rest after warm-up, and the peak sampled every 250 ms under load',
    c.instances.map((instance) => ({
      instance: instance.name,
      'at rest': rest[instance.index]!,
      'peak under load': peak[instance.index] ?? NaN,
    })),
  );
  if (process.env.BENCH_REQUEST_COSTS === 'true') {
    printTable(
      'Sent by the gateways during the measured rounds, by route (REQUEST_COSTS): Redis commands and database statements',
      [...routeTotals].filter(([, t]) => t.redis + t.db > 0).map(([route, t]) => ({ route, redis: t.redis, db: t.db })),
    );
  }
  console.log(
    'Redis cmd/req is what Redis executed (INFO total_commands_processed: a script call counts once, plus each command it runs); ' +
      'Redis sent/req and DB stmt sent/req are what the gateways sent (their /metrics counters; a script call is one). ' +
      'Both include the background.',
  );
  console.log(
    'PG xact/req and Redis cmd/req include the background: HAProxy readiness checks (two queries and a PING per instance every 500 ms) and scheduled jobs.',
  );
} finally {
  await cluster?.stop();
  redis.child.kill('SIGKILL');
  await scratch.drop();
}
