import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_AA_NOTIFY_SECRET } from '../../src/platform/config.js';
import { embeddedDataDir } from '../helpers/embedded-data-dir.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { startGateway, waitUntil } from '../platform/fault-drills/children.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/flightagg.js');

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A KEYRING as an operator makes one: `flightagg keyring generate`, one entry a line, joined by commas. */
async function generatedKeyring(): Promise<string> {
  const { stdout } = await run(process.execPath, [BIN, 'keyring', 'generate'], { env: process.env });
  return stdout.trim().split('\n').join(',');
}

async function serve(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, 'serve'], {
      env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0', ...env },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * A dependency that does not answer at start stops the start with one line an operator can act on:
 * which server, which setting, the driver's reason, what to do; no stack, no password.
 */
describe('starting without a dependency', { timeout: 120_000 }, () => {
  const dataDir = embeddedDataDir('flightagg-startup-');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('names Redis, REDIS_URL and the reason when Redis does not answer', async () => {
    const port = await closedPort();
    const result = await serve({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      KEYRING: '',
      REDIS_URL: `redis://:s3cret@127.0.0.1:${port}`,
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `error: Redis at 127.0.0.1:${port} (REDIS_URL) did not answer: connect ECONNREFUSED 127.0.0.1:${port}. ` +
        'Start it, correct REDIS_URL, or leave REDIS_URL unset to run without Redis.',
    );
  });

  it('names PostgreSQL, DATABASE_URL and the reason when PostgreSQL does not answer', async () => {
    const port = await closedPort();
    const keyring = await generatedKeyring();
    const result = await serve({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres:s3cret@127.0.0.1:${port}/postgres`,
      KEYRING: keyring,
      REDIS_URL: '',
      ...generatedNotifySecrets(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `error: PostgreSQL at 127.0.0.1:${port} (DATABASE_URL) could not be reached: connect ECONNREFUSED 127.0.0.1:${port}. ` +
        'Start it or correct DATABASE_URL.',
    );
  });

  it('stops tracing when the start fails after it began: the same line, and the process exits promptly', async () => {
    const port = await closedPort();
    const collector = await closedPort();
    const keyring = await generatedKeyring();
    const began = Date.now();
    const result = await serve({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres:s3cret@127.0.0.1:${port}/postgres`,
      KEYRING: keyring,
      REDIS_URL: '',
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector}`,
      ...generatedNotifySecrets(),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toContain(`error: PostgreSQL at 127.0.0.1:${port} (DATABASE_URL) could not be reached`);
    // Not held open by the exporter's batch (flushed every 5 s) nor its retries to a collector that
    // is not there: a process still running at 90 s is killed, and its code is not 1.
    expect(Date.now() - began).toBeLessThan(60_000);
  });
});

/**
 * On shared storage every instance is reachable by others: an airline left on the development
 * notification secret (printed in the source), or on none, stops the start before anything opens,
 * naming the variable and the command that makes a secret.
 */
describe('starting on shared storage with a development notification secret', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-startup-secrets-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const refusal = (code: string) =>
    `${code}_NOTIFY_SECRET is required on shared storage (DATABASE_URL): the development secret is public. ` +
    `Make one with \`openssl rand -hex 32\` and give the airline (or its test system) the same value`;

  it('refuses with none, and with the development secret, naming each airline it concerns', async () => {
    const port = await closedPort();
    const keyring = await generatedKeyring();
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
      KEYRING: keyring,
      REDIS_URL: '',
      // Duffel's webhook secret is its own (this test is about the airlines').
      DUFFEL_WEBHOOK_SECRET: 'd'.repeat(64),
    };
    const none = await serve({ ...env, AA_NOTIFY_SECRET: '', VS_NOTIFY_SECRET: '' });
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe(`error: invalid configuration:\n  - ${refusal('AA')}\n  - ${refusal('VS')}`);

    const development = await serve({ ...env, AA_NOTIFY_SECRET: DEV_AA_NOTIFY_SECRET, VS_NOTIFY_SECRET: 'c'.repeat(64) });
    expect(development.code).toBe(1);
    expect(development.stderr.trim()).toBe(`error: invalid configuration:\n  - ${refusal('AA')}`);

    // With secrets of its own the start goes on, to the database (which is not there).
    const own = await serve({ ...env, AA_NOTIFY_SECRET: 'b'.repeat(64), VS_NOTIFY_SECRET: 'c'.repeat(64) });
    expect(own.code).toBe(1);
    expect(own.stderr).toMatch(/PostgreSQL at 127\.0\.0\.1:\d+ \(DATABASE_URL\) could not be reached/);
  });
});

/**
 * Embedded storage keeps the public development notification secrets so that `npm start` works with
 * no set-up; a gateway bound beyond loopback (the image's HOST=0.0.0.0) takes notifications signed
 * with them from this machine only (test/orders/notification-bounds.test.ts) and says so loudly
 * at start (issue 45, round 4).
 */
describe('starting on embedded storage beyond loopback with the development secrets', { timeout: 180_000 }, () => {
  it('warns at start, naming each variable to set', async () => {
    const gateway = await startGateway({
      HOST: '0.0.0.0',
      DATABASE_URL: '',
      KEYRING: '',
      REDIS_URL: '',
      AA_NOTIFY_SECRET: '',
      VS_NOTIFY_SECRET: '',
      DUFFEL_WEBHOOK_SECRET: '',
      // The test systems in-process, where the development secrets are theirs.
      AA_TEST_URL: '',
      VS_TEST_URL: '',
      DUFFEL_TEST_URL: '',
    });
    try {
      // The warning comes once the gateway answers, just before `gateway ready`.
      await waitUntil('gateway ready in the log', 30_000, async () => gateway.output().includes('"msg":"gateway ready"'));
      const warning = gateway
        .output()
        .split('\n')
        .find((line) => line.includes('NOTIFICATION SECRETS ARE THE PUBLIC DEVELOPMENT ONES'));
      expect(warning, gateway.output().slice(-2000)).toBeDefined();
      const logged = JSON.parse(warning!) as { level: number; host: string; variables: string[]; msg: string };
      expect(logged).toMatchObject({ level: 40, host: '0.0.0.0' });
      expect(logged.variables).toEqual(expect.arrayContaining(['AA_NOTIFY_SECRET', 'VS_NOTIFY_SECRET']));
      expect(logged.msg).toContain('from this machine only');
    } finally {
      await gateway.stop();
    }
  });
});

/**
 * Duffel's token prefix says its mode: a test token serving live keys would sell from Duffel's
 * sandbox, a live token serving test keys would spend the agency's money. Either stops the start.
 */
describe('starting with a Duffel token of the wrong kind', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-startup-duffel-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a test token as DUFFEL_ACCESS_TOKEN and a live token as DUFFEL_TEST_ACCESS_TOKEN, naming each', async () => {
    const result = await serve({
      DATA_DIR: dataDir,
      // Embedded storage, whatever this run's own: only the tokens are wrong.
      DATABASE_URL: '',
      KEYRING: '',
      REDIS_URL: '',
      DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123',
      DUFFEL_TEST_ACCESS_TOKEN: 'duffel_live_abc123',
      DUFFEL_WEBHOOK_SECRET: 'd'.repeat(64),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'error: invalid configuration:\n' +
        '  - DUFFEL_ACCESS_TOKEN must be a live token (duffel_live_...): it serves live keys; a duffel_test_ token goes in DUFFEL_TEST_ACCESS_TOKEN\n' +
        '  - DUFFEL_TEST_ACCESS_TOKEN must be a test token (duffel_test_...): test keys never spend live money',
    );
  });
});
