import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { freePort } from '../../../tools/cluster/processes.js';
import { withEmbeddedDatabase } from '../../helpers/embedded-data-dir.js';
import { generatedNotifySecrets } from '../../helpers/notify-secrets.js';

/**
 * Private PostgreSQL, Redis and gateway processes for fault drills. The machine's shared
 * PostgreSQL (5432) and Redis (6379) serve other tests in parallel and are never stopped: each
 * drill starts its own on free ports, in temp directories, and removes them afterwards. Every wait
 * is bounded.
 */

// One source of ports for drills and the cluster harness alike (it never hands out a port twice).
export { freePort };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns true, for at most `ms`; throws `what` when it never does. */
export async function waitUntil(what: string, ms: number, check: () => Promise<boolean>, everyMs = 250): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
})();

const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

/** Why a private PostgreSQL cannot run here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  if (!PG_BIN) return 'no PostgreSQL server binaries under /usr/lib/postgresql/*/bin';
  if (process.getuid?.() === 0 && !hasCommand('runuser')) return 'running as root without runuser';
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'no postgres user to run PostgreSQL as';
  return null;
}

/** Why a private Redis cannot run here, or null when it can. */
export function privateRedisUnavailable(): string | null {
  return hasCommand('redis-server') ? null : 'no redis-server binary';
}

/** PostgreSQL refuses to run as root: as root, run its tools as the postgres user. */
function asPostgres(args: string[]): string[] {
  return process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
}

function run(args: string[], timeoutMs: number): string {
  const [cmd, ...rest] = args;
  const result = spawnSync(cmd!, rest, { timeout: timeoutMs, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

/** Why PostgreSQL's `tools` (initdb, pg_dump, ...) cannot run here, or null when they all can. */
export function postgresToolsUnavailable(tools: readonly string[]): string | null {
  const missing = PG_BIN ? tools.filter((tool) => !fs.existsSync(path.join(PG_BIN, tool))) : [];
  return privatePostgresUnavailable() ?? (missing.length ? `no ${missing.join(', ')} in ${PG_BIN}` : null);
}

/**
 * One of PostgreSQL's tools (pg_dump, pg_basebackup, ...) or any command, run as the user the
 * private servers run as, so what it writes in their directories is theirs; answers its stdout.
 */
export function runAsPostgres(command: string, args: readonly string[], timeoutMs = 60_000): string {
  return run(postgresCommand(command, args), timeoutMs);
}

/** The command line runAsPostgres runs, for a caller that runs it without blocking. */
export function postgresCommand(command: string, args: readonly string[]): string[] {
  const bin = PG_BIN && fs.existsSync(path.join(PG_BIN, command)) ? path.join(PG_BIN, command) : command;
  return asPostgres([bin, ...args]);
}

export interface PrivatePostgres {
  readonly url: string;
  readonly port: number;
  /** The server's data directory (its postgresql.conf is there), inside `dir`. */
  readonly data: string;
  /** A temp directory the postgres user owns, removed with the server: room for archives and dumps. */
  readonly dir: string;
  start(): void;
  /** A fast shutdown: PostgreSQL ends every session with admin_shutdown (57P01), as in a restart. */
  stop(): void;
  remove(): void;
}

/** The end of a PostgreSQL log, for an error message: why a start failed is only written there. */
function logTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-2_000).trim();
  } catch {
    return '(no log written)';
  }
}

/** `conf`: lines appended to the new cluster's postgresql.conf before its first start. */
export async function startPrivatePostgres(options: { conf?: string } = {}): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-drill-pg-'));
  if (process.getuid?.() === 0) run(['chown', 'postgres:postgres', dir], 5_000);
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  run(asPostgres([path.join(PG_BIN!, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']), 120_000);
  if (options.conf) fs.appendFileSync(path.join(data, 'postgresql.conf'), `\n${options.conf}\n`);
  // The port is chosen after initdb, right before the start: a free port is only free until
  // something else takes it, and with other suites running, any outgoing connection may be given
  // it as its local port (freePort and the kernel draw from the same ephemeral range).
  let port = 0;
  const pgCtl = (...args: string[]) => run(asPostgres([path.join(PG_BIN!, 'pg_ctl'), '-D', data, ...args]), 60_000);
  const pg: PrivatePostgres = {
    get url() {
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    },
    get port() {
      return port;
    },
    data,
    dir,
    start: () =>
      pgCtl(
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`,
        '-l',
        log,
        '-w',
        '-t',
        '50',
        'start',
      ),
    stop: () => pgCtl('-m', 'fast', '-w', '-t', '50', 'stop'),
    remove() {
      try {
        pgCtl('-m', 'immediate', '-w', '-t', '20', 'stop');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  // Lost that race anyway (the log says the address is in use): another port, at most three times.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      pg.start();
      return pg;
    } catch (err) {
      const tail = logTail(log);
      if (attempt < 3 && /could not bind|address already in use/i.test(tail)) continue;
      pg.remove();
      throw new Error(`${(err as Error).message}\nPostgreSQL's log:\n${tail}`);
    }
  }
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  return {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await waitUntil('private redis-server listening', 15_000, async () => {
        const socket = net.connect(port, '127.0.0.1');
        return new Promise<boolean>((resolve) => {
          socket.once('connect', () => (socket.destroy(), resolve(true)));
          socket.once('error', () => resolve(false));
        });
      });
    },
    async stop() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await Promise.race([exited, sleep(5_000)]);
    },
  };
}

export interface Gateway {
  url: string;
  /** The gateway's DATA_DIR, removed by `stop`. */
  dataDir: string;
  child: ChildProcess;
  /** Everything the gateway wrote, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

/**
 * `flightagg serve` as a child process, as `npm start` runs it; resolves once it answers. On
 * embedded storage its data directory holds the run's migrated database already
 * (embedded-data-dir.ts): a drill is about what follows the start, not PGlite's first start.
 */
export async function startGateway(env: Record<string, string>): Promise<Gateway> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-drill-gw-'));
  if (!(env.DATABASE_URL ?? process.env.DATABASE_URL)) withEmbeddedDatabase(dataDir);
  const child = spawn(process.execPath, [path.resolve('bin/flightagg.js'), 'serve'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      MONITORING_INTERVAL_SECONDS: '0',
      PASSWORD_SCRYPT_LOG_N: '10',
      ...generatedNotifySecrets(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const gateway: Gateway = {
    url,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await Promise.race([exited, sleep(5_000)]);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    // A gateway that exits fails the wait at once with its output (waitUntil takes a throwing
    // check for "not yet").
    const gaveUp = exited.then((code) => {
      throw new Error(`gateway exited ${code}`);
    });
    gaveUp.catch(() => {});
    await Promise.race([
      gaveUp,
      waitUntil('gateway answering /v1/health', 150_000, async () => {
        return (await fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(2_000) })).ok;
      }),
    ]);
  } catch (err) {
    await gateway.stop();
    throw new Error(`${(err as Error).message}\n${output.slice(-2000)}`);
  }
  return gateway;
}

export interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown>;
  headers: Headers;
}

/** One JSON request with a time bound; answers the status, the time it took and the body. */
export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, ms: Date.now() - started, body, headers: res.headers };
}

/**
 * What a webhook endpoint needs on a gateway run as a process: the signed-in owner's second factor
 * (enrolled and confirmed with a code), then the endpoint itself. Each step is asserted with the
 * answer in the failure's message; answers the TOTP secret and the endpoint's id.
 */
export async function secondFactorAndEndpoint(
  base: string,
  session: Record<string, string>,
  password: string,
  endpoint: { url: string; events?: string[] },
): Promise<{ totpSecret: string; endpointId: string }> {
  const enrol = await call(`${base}/v1/dev/me/mfa/totp`, { method: 'POST', headers: session, body: { password } });
  expect(enrol.status, JSON.stringify(enrol.body)).toBe(200);
  const totpSecret = enrol.body.secret as string;
  const code = TOTP.generate({ secret: Secret.fromBase32(totpSecret) });
  const confirmed = await call(`${base}/v1/dev/me/mfa/totp/confirm`, { method: 'POST', headers: session, body: { code } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const made = await call(`${base}/v1/dev/webhooks`, { method: 'POST', headers: session, body: endpoint });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { totpSecret, endpointId: made.body.id as string };
}
