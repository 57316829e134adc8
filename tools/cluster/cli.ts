// `npm run cluster -- --instances N [--database-url URL] [--redis-url URL] [--port P] [--use-database]`:
// N gateways behind HAProxy on one PostgreSQL and one Redis, with one shared AA test system and a
// demo agency's test key, until Ctrl-C. docs/operations.md, "Running a cluster".

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { haproxyAvailable, startCluster, type Cluster } from './harness.js';

const USAGE =
  'usage: npm run cluster -- [--instances N] [--database-url URL] [--redis-url URL] [--port P] [--use-database]\n' +
  '  --instances     gateway processes, 1 to 16 (default 2)\n' +
  '  --database-url  PostgreSQL (default DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres);\n' +
  '                  a scratch database is made on its server and dropped at exit, unless --use-database\n' +
  '  --use-database  run on the database the URL names, as it is, and keep it\n' +
  '  --redis-url     Redis (default REDIS_URL, else redis://127.0.0.1:6379)\n' +
  '  --port          the balancer port (default a free one)\n';

function fail(message: string): never {
  process.stderr.write(`cluster: ${message}\n${USAGE}`);
  process.exit(2);
}

function parse() {
  try {
    const { values } = parseArgs({
      options: {
        instances: { type: 'string', default: '2' },
        'database-url': { type: 'string' },
        'redis-url': { type: 'string' },
        port: { type: 'string' },
        'use-database': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
    if (values.help) {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    const instances = Number(values.instances);
    if (!Number.isInteger(instances) || instances < 1 || instances > 16) fail('--instances must be an integer from 1 to 16');
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) fail('--port must be a port number');
    return {
      instances,
      port,
      databaseUrl: values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      redisUrl: values['redis-url'] ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      scratch: !values['use-database'],
    };
  } catch (err) {
    fail((err as Error).message);
  }
}

/** A demo agency and its test key, made with the operator CLI (`flightagg demo --json`) on the cluster's database. */
async function demoKey(cluster: Cluster): Promise<{ agency: string; secret: string }> {
  const cli = fileURLToPath(new URL('../../bin/flightagg.js', import.meta.url));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-cluster-demo-'));
  try {
    const child = spawn(process.execPath, [cli, 'demo', '--json'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.databaseUrl,
        REDIS_URL: cluster.redisUrl,
        REDIS_PREFIX: cluster.redisPrefix,
        KEYRING: cluster.keyring,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`flightagg demo failed (${code}): ${err || out}`);
    const made = JSON.parse(out) as { agency: { id: string }; key: { secret: string } };
    return { agency: made.agency.id, secret: made.key.secret };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const args = parse();
  const missing = haproxyAvailable();
  if (missing) fail(missing);
  process.stdout.write(`starting ${args.instances} gateway(s), each source's test system and HAProxy…\n`);
  const cluster = await startCluster({
    instances: args.instances,
    databaseUrl: args.databaseUrl,
    redisUrl: args.redisUrl,
    scratchDatabase: args.scratch,
    ...(args.port ? { haproxyPort: args.port } : {}),
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\n${signal}: stopping the cluster…\n`);
    void cluster.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  try {
    const demo = await demoKey(cluster);
    process.stdout.write(
      [
        '',
        `balancer     ${cluster.url}   (round robin; answers carry X-Cluster-Instance)`,
        `stats        ${cluster.haproxyStatsUrl}`,
        ...cluster.instances.map((i) => `gateway ${i.name}   ${i.url}   pid ${i.pid}`),
        ...Object.entries(cluster.testSystems).map(([code, system]) => `${`${code} test`.padEnd(13)}${system.url}`),
        `database     ${cluster.databaseUrl}${args.scratch ? '   (scratch: dropped at exit)' : ''}`,
        `redis        ${cluster.redisUrl}   prefix ${cluster.redisPrefix}`,
        `demo agency  ${demo.agency}; its test key:`,
        '',
        `  ${demo.secret}`,
        '',
        `try: curl -H 'X-API-Key: ${demo.secret}' ${cluster.url}/v1/monitoring/airlines`,
        'Ctrl-C stops everything.',
        '',
      ].join('\n'),
    );
  } catch (err) {
    process.stderr.write(`cluster: ${(err as Error).message}\n`);
    await cluster.stop();
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`cluster: ${(err as Error).message}\n`);
  process.exit(1);
});
