import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { createPlatform } from '../../src/platform/platform.js';
import { cliEnvironment } from '../helpers/cli-env.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/flightagg.js');

// Each case starts real CLI processes (TypeScript loader, storage open): far slower than in-process tests.
describe('operator CLI', { timeout: 120_000 }, () => {
  const { dataDir, env } = cliEnvironment('flightagg-cli-');

  /** Runs the CLI with `stdin` as its input: a password for `--password-stdin` (test/cli/user-password.test.ts). */
  async function cliWithInput(
    stdin: string,
    ...args: string[]
  ): Promise<{ code: number; json: Record<string, any>; stderr: string }> {
    try {
      const running = run(process.execPath, [BIN, ...args], { env, timeout: 110_000 });
      running.child.stdin?.end(stdin);
      const { stdout, stderr } = await running;
      return { code: 0, json: JSON.parse(stdout), stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, json: e.stdout ? JSON.parse(e.stdout) : {}, stderr: e.stderr };
    }
  }

  const cli = (...args: string[]) => cliWithInput('', ...args);
  const withPassword = (...args: string[]) => cliWithInput('correct horse battery\n', ...args);

  let agencyId: string;
  let key: { id: string; secret: string };

  // The first start of embedded storage (initdb in a child process) can take a minute on a loaded machine.
  beforeAll(async () => {
    const agency = await cli('agency', 'create', '--name', 'CLI Travel', '--plan', 'payg', '--json');
    expect(agency.code).toBe(0);
    agencyId = agency.json.id;
    const created = await cli(
      'key',
      'create',
      '--agency',
      agencyId,
      '--env',
      'test',
      '--kind',
      'agency',
      '--name',
      'ci',
      '--json',
    );
    expect(created.code).toBe(0);
    key = { id: created.json.id, secret: created.json.secret };
  }, 180_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates agencies and keys, printing one JSON object with the id (and the secret, once)', () => {
    expect(agencyId).toMatch(/^agc_/);
    expect(key.id).toMatch(/^key_/);
    expect(key.secret).toMatch(/^fa_test_[0-9A-Za-z]{43}$/);
  });

  it('creates users with a role and platform permissions, never printing the hash', async () => {
    const user = await withPassword(
      'user',
      'create',
      '--agency',
      agencyId,
      '--email',
      'owner@cli.example',
      '--password-stdin',
      '--role',
      'owner',
      '--json',
    );
    expect(user.code).toBe(0);
    expect(user.json).toMatchObject({ id: expect.stringMatching(/^usr_/), role: 'owner', agency_id: agencyId });
    expect(JSON.stringify(user.json)).not.toMatch(/scrypt|password/);
    const operator = await withPassword(
      'user',
      'create',
      '--email',
      'ops@cli.example',
      '--password-stdin',
      '--permission',
      'platform.read',
      '--permission',
      'user.manage',
      '--json',
    );
    expect(operator.json.permissions).toEqual(['platform.read', 'user.manage']);
  });

  it('makes a demo agency with a test key', async () => {
    const demo = await cli('demo', '--json');
    expect(demo.json.agency.id).toMatch(/^agc_/);
    expect(demo.json.key.secret).toMatch(/^fa_test_/);
    // One case per record: the agency in snake_case, the key as the contract's camelCase record.
    expect(Object.keys(demo.json.agency).every((k) => /^[a-z0-9_]+$/.test(k))).toBe(true);
    expect(demo.json.key).toMatchObject({ agencyId: demo.json.agency.id, environment: 'test', readOnly: false });
  });

  it('refuses bad input with one clear line and exit 1', async () => {
    const badEnv = await cli('key', 'create', '--agency', agencyId, '--env', 'prod', '--kind', 'agency', '--json');
    expect(badEnv.code).toBe(1);
    expect(badEnv.json.error).toBe('--env must be test or live');
    const badKind = await cli('key', 'create', '--agency', agencyId, '--env', 'test', '--kind', 'root', '--json');
    expect(badKind.json.error).toBe('kind must be one of: agency, portal, static');
    const shortPassword = await cliWithInput('short\n', 'user', 'create', '--email', 'x@y.example', '--password-stdin', '--json');
    expect(shortPassword.json.error).toBe('password must be at least 12 characters');
    // A date that does not exist is refused, not rolled into the next month.
    const noSuchDay = await cli(
      'key',
      'create',
      '--agency',
      agencyId,
      '--env',
      'test',
      '--kind',
      'agency',
      '--expires',
      '2027-02-30',
      '--json',
    );
    expect(noSuchDay.code).toBe(1);
    expect(noSuchDay.json.error).toBe('--expires must be an ISO 8601 instant on a real calendar date');
  });

  it('migrates idempotently', async () => {
    const migrated = await cli('migrate', '--json');
    expect(migrated.json).toMatchObject({ applied: [], storage: inject('databaseUrl') ? 'postgres' : 'pglite' });
  });

  it('a key made by the CLI opens the gateway', async () => {
    const platform = await createPlatform(loadConfig({ ...env, PORT: '0' }), { logger: pino({ level: 'silent' }) });
    const app = await buildApp(platform);
    try {
      const res = await app.inject({ url: '/v1/nothing-here', headers: { 'x-api-key': key.secret } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await platform.close();
    }
  });

  it.skipIf(inject('databaseUrl'))('says clearly when embedded storage is in use by another process', async () => {
    fs.writeFileSync(path.join(dataDir, 'flightagg.lock'), String(process.pid));
    try {
      const res = await cli('key', 'list', '--json');
      expect(res.code).toBe(1);
      expect(res.json.error).toMatch(/data directory .* is in use by another flightagg process .* stop the server first/);
    } finally {
      fs.rmSync(path.join(dataDir, 'flightagg.lock'));
    }
  });
});
