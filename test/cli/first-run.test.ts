import { execFile, spawn, type ChildProcess } from 'node:child_process';
import dns from 'node:dns/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/sources/load-config.js';
import { embeddedDataDir } from '../helpers/embedded-data-dir.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/flightagg.js');
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const baseEnv = (dataDir: string): NodeJS.ProcessEnv => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  KEYRING: '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  AA_TEST_PORT: '0',
  MONITORING_INTERVAL_SECONDS: '0',
});

async function cli(env: NodeJS.ProcessEnv, cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env, cwd, timeout: 110_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('the data folder', () => {
  it('is the project’s own unless DATA_DIR is set, whatever the working directory', () => {
    expect(loadConfig({}).dataDir).toBe(path.join(ROOT, 'data'));
    expect(loadConfig({ DATA_DIR: 'elsewhere' }).dataDir).toBe(path.resolve('elsewhere'));
  });
});

describe('flightagg --version', () => {
  it('prints the release', async () => {
    const res = await cli(process.env, ROOT, '--version');
    expect(res.stdout.trim()).toBe(VERSION);
  });
});

// Embedded storage only: with DATABASE_URL every process opens the database itself.
describe.skipIf(inject('databaseUrl'))('the first npm start on empty embedded storage', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-first-'));
  const env = { ...baseEnv(dataDir), PORT: '0', HOST: '127.0.0.1' };
  let gateway: ChildProcess;
  let output = '';
  let baseUrl: string;
  let secret: string;
  // Asked once, the moment the banner says "listening": no retry, so a banner printed before the
  // socket accepts fails these requests.
  let askedAtBanner: Promise<{ health: number; ready: number }> | undefined;

  // The first start of embedded storage (initdb in a child process) can take a minute on a loaded machine.
  beforeAll(async () => {
    gateway = spawn(process.execPath, [BIN, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    gateway.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /listening on (http:\/\/\S+)\n/.exec(output)?.[1];
      if (listening && !askedAtBanner) {
        const status = (route: string) => fetch(`${listening}${route}`).then((res) => res.status);
        askedAtBanner = Promise.all([status('/v1/health'), status('/v1/health/ready')]).then(([health, ready]) => ({
          health,
          ready,
        }));
      }
    });
    gateway.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      const check = setInterval(() => {
        if (/operator {4}/.test(output)) {
          clearInterval(check);
          resolve();
        }
      }, 100);
      gateway.once('exit', (code) => {
        clearInterval(check);
        reject(new Error(`gateway exited with ${code}: ${output}`));
      });
    });
    baseUrl = /listening on (http:\/\/\S+)/.exec(output)![1]!;
    secret = /^ {2}(fa_test_\S+)$/m.exec(output)![1]!;
  }, 180_000);
  // Stopped as a person at the terminal stops `npm start`: Ctrl-C (SIGINT). SIGTERM, a
  // supervisor's, first holds readiness at 503 for SHUTDOWN_READY_DELAY_MS (drain-readiness.test.ts).
  afterAll(async () => {
    if (gateway.exitCode === null) {
      const exited = new Promise((resolve) => gateway.once('exit', resolve));
      gateway.kill('SIGINT');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes a demo agency and test key, prints the key once, and the key opens the API', async () => {
    expect(output).toContain('First start on empty storage');
    expect(output.split(secret).length - 1).toBe(2); // the key line and the curl to try
    const res = await fetch(`${baseUrl}/v1/monitoring/airlines`, { headers: { 'x-api-key': secret } });
    expect(res.status).toBe(200);
  });

  it('answers, and is ready, the moment the banner says it listens', async () => {
    expect(await askedAtBanner).toEqual({ health: 200, ready: 200 });
  });

  it('prints a banner with the URL, the docs page, storage, Redis and the aviation data', () => {
    expect(output).toMatch(/Flight Aggregation Gateway \S+ listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toContain(`${baseUrl}/docs`);
    expect(output).toContain(`storage     embedded (PGlite) in ${dataDir}`);
    expect(output).toMatch(/redis {7}off/);
    expect(output).toMatch(/aviation {4}not imported: .*npx flightagg aviation sync.*--from/);
    // The variables the environment sets, by name from their declarations; an empty one counts as unset.
    const settings = /settings {4}(.*) from the environment/.exec(output)?.[1]?.split(', ') ?? [];
    expect(settings).toEqual(expect.arrayContaining(['PORT', 'HOST', 'DATA_DIR', 'LOG_LEVEL', 'MONITORING_INTERVAL_SECONDS']));
    expect(settings).not.toContain('DATABASE_URL');
  });

  it('runs operator commands through the running gateway, from any folder', async () => {
    const listed = await cli(env, os.tmpdir(), 'key', 'list', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).keys).toHaveLength(1);
    const created = await cli(
      env,
      path.join(ROOT, 'src'),
      'key',
      'create',
      '--agency',
      JSON.parse(listed.stdout).keys[0].agencyId,
      '--env',
      'test',
      '--kind',
      'agency',
      '--json',
    );
    expect(created.code).toBe(0);
    const res = await fetch(`${baseUrl}/v1/monitoring/airlines`, { headers: { 'x-api-key': JSON.parse(created.stdout).secret } });
    expect(res.status).toBe(200);
    // Failures come back as they would in a shell: one line, exit 1.
    const bad = await cli(env, ROOT, 'key', 'create', '--env', 'prod', '--kind', 'agency', '--json');
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toEqual({ error: '--env must be test or live' });
  });

  it('creates a user through the running gateway with the password piped in, which travels as input, not argv', async () => {
    const password = 'quiet harbour 7 kites';
    const running = run(process.execPath, [BIN, 'user', 'create', '--email', 'gw@cli.example', '--password-stdin', '--json'], {
      env,
      cwd: ROOT,
      timeout: 110_000,
    });
    running.child.stdin!.end(`${password}\n`);
    const { stdout } = await running;
    expect(JSON.parse(stdout)).toMatchObject({ email: 'gw@cli.example' });
    expect(stdout).not.toContain(password);
    const login = await fetch(`${baseUrl}/v1/dev/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'gw@cli.example', password }),
    });
    expect(login.status).toBe(200);
    expect(output).not.toContain(password);
  });

  it('does not make another demo key on the next start', async () => {
    const exited = new Promise((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGINT');
    await exited;
    const again = spawn(process.execPath, [BIN, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let second = '';
    again.stdout.on('data', (chunk: Buffer) => (second += chunk.toString()));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (/operator {4}/.test(second)) {
          clearInterval(check);
          resolve();
        }
      }, 100);
    });
    const stopped = new Promise((resolve) => again.once('exit', resolve));
    again.kill('SIGINT');
    await stopped;
    expect(second).not.toContain('First start');
    expect(second).not.toMatch(/fa_test_/);
  });
});

// One data folder for the sync cases below, its database made already (the first start is the
// `npm start` cases' above): neither case depends on what the other stored.
const syncDataDir = embeddedDataDir('flightagg-sync-');
afterAll(() => fs.rmSync(syncDataDir, { recursive: true, force: true }));

describe('aviation sync --json', { timeout: 120_000 }, () => {
  it('prints its report in snake_case', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-nodata-'));
    try {
      const res = await cli(baseEnv(syncDataDir), ROOT, 'aviation', 'sync', '--from', empty, '--source', 'openflights', '--json');
      expect(res.code).toBe(1);
      const report = JSON.parse(res.stdout) as { ok: boolean; sources: Record<string, unknown>[] };
      expect(report.ok).toBe(false);
      expect(report.sources[0]).toHaveProperty('duration_ms');
      expect(JSON.stringify(report)).not.toMatch(/"[a-z]+[A-Z]\w*":/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});

// Whether the default upstream (OpenFlights on GitHub) resolves here; CI and this workplace are offline.
const upstreamResolves = await Promise.race([
  dns.lookup('raw.githubusercontent.com').then(
    () => true,
    () => false,
  ),
  new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000)),
]);

describe.skipIf(upstreamResolves)(
  `aviation sync without a network${upstreamResolves ? ' (skipped: the upstream sources are reachable here)' : ''}`,
  { timeout: 120_000 },
  () => {
    it('fails in one line per source and suggests --from', async () => {
      const res = await cli(baseEnv(syncDataDir), ROOT, 'aviation', 'sync', '--source', 'openflights');
      expect(res.code).toBe(1);
      expect(res.stdout).toMatch(/^openflights-airlines: FAILED: /m);
      expect(res.stdout).toContain('import from a local copy with --from <dir or base URL>');
      expect(res.stderr).not.toMatch(/\n\s+at /); // no stack
    });
  },
);
