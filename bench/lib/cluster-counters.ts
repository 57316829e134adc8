/**
 * What bench/cluster.ts reads off the stores and processes around the gateways: a private Redis and
 * its command count, PostgreSQL's transaction count for one database, the gateways' own counters of
 * what they sent, and a process's RSS (with its peak, for bench/mixed.ts too).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Cluster } from '../../tools/cluster/harness.js';
import { freePort, sleep } from '../../tools/cluster/processes.js';

/** A Redis of this bench's own, so INFO's command count is what the cluster sent. */
export async function privateRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
    // Refused until redis-server listens: that is the wait, not an error to print.
    client.on('error', () => {});
    try {
      await client.connect();
      client.disconnect();
      return { url, child };
    } catch {
      client.disconnect();
      await sleep(100);
    }
  }
  child.kill('SIGKILL');
  throw new Error('private redis-server did not start');
}

export async function redisCommands(url: string): Promise<number> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const info = await client.info('stats');
    // The INFO command itself is counted too; one per reading, negligible.
    return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? NaN);
  } finally {
    client.disconnect();
  }
}

/** Committed and rolled-back transactions of one database: each autocommit query is one. */
export async function pgTransactions(serverUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // Statistics reach the view when a backend reports them (at most a second late).
    await sleep(1_100);
    const { rows } = await client.query<{ n: string }>(
      'select xact_commit + xact_rollback as n from pg_stat_database where datname = $1',
      [database],
    );
    return Number(rows[0]?.n ?? NaN);
  } finally {
    await client.end();
  }
}

/**
 * What the running gateways sent, from their own counters on /metrics (platform/request-costs.ts):
 * Redis commands as round trips (a script call is one), database statements. INFO's count above is
 * what Redis executed, which also counts every command a Lua script runs inside it.
 */
export async function sentByGateways(
  c: Cluster,
): Promise<{ redis: number; db: number; byRoute: Map<string, { redis: number; db: number }> }> {
  const byRoute = new Map<string, { redis: number; db: number }>();
  let redisSent = 0;
  let db = 0;
  for (const instance of c.instances) {
    if (!instance.running()) continue;
    const text = await (await fetch(`${instance.url}/metrics`)).text();
    for (const m of text.matchAll(/^flightagg_(redis_commands|db_queries)_total\{route="([^"]*)"\} (\d+)$/gm)) {
      const n = Number(m[3]);
      const entry = byRoute.get(m[2]!) ?? { redis: 0, db: 0 };
      if (m[1] === 'redis_commands') {
        entry.redis += n;
        redisSent += n;
      } else {
        entry.db += n;
        db += n;
      }
      byRoute.set(m[2]!, entry);
    }
  }
  return { redis: redisSent, db, byRoute };
}

export function rssMb(pid: number): number {
  return processMemoryMb(pid).rss;
}

/** A process's resident memory now (VmRSS) and its peak since it started (VmHWM), in MB; NaN once it has ended. */
export function processMemoryMb(pid: number): { rss: number; peak: number } {
  let status = '';
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // ended: nothing to read
  }
  const mb = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024);
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}
