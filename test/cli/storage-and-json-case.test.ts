import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_CASE_DEPRECATION } from '../../src/cli/json-case.js';
import { flightaggInProcess } from '../helpers/cli-in-process.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/flightagg.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-storage-'));
// The in-process CLI reads its storage from the environment: the run's PostgreSQL pass sets
// DATABASE_URL and REDIS_URL, which would point every command away from the folders these tests name.
const STORAGE_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'KEYRING'] as const;
const saved = Object.fromEntries(STORAGE_VARIABLES.map((name) => [name, process.env[name]]));
beforeAll(() => {
  for (const name of STORAGE_VARIABLES) delete process.env[name];
});
afterAll(() => {
  for (const name of STORAGE_VARIABLES) if (saved[name] !== undefined) process.env[name] = saved[name];
  fs.rmSync(scratch, { recursive: true, force: true });
});

const flightagg = flightaggInProcess;

const nowhere = (dir: string) =>
  `error: no gateway storage in ${dir} (nothing was created there). ` +
  'The gateway keeps it where `npm start` ran with the same DATA_DIR (unset: the data folder of the project). ' +
  'Point this command at it with --data-dir <dir> or DATA_DIR=<dir>, or DATABASE_URL for PostgreSQL; ' +
  'or start the gateway first (npm start)\n';

describe('a read command where there is no storage', () => {
  it('says where it looked and how to point it, and creates nothing (a shell elsewhere, its own HOME)', async () => {
    const dataDir = path.join(scratch, 'never-made');
    const home = fs.mkdtempSync(path.join(scratch, 'home-'));
    const failure = await run(process.execPath, [BIN, 'key', 'list'], {
      cwd: home,
      env: { ...process.env, HOME: home, DATA_DIR: dataDir, DATABASE_URL: '', KEYRING: '', REDIS_URL: '' },
    }).then(
      () => null,
      (err: { code: number; stdout: string; stderr: string }) => err,
    );
    expect(failure).toMatchObject({ code: 1, stdout: '', stderr: nowhere(dataDir) });
    expect(fs.existsSync(dataDir)).toBe(false);
    expect(fs.readdirSync(home)).toEqual([]);
  }, 120_000);

  it('takes the folder from --data-dir, for every command that reads', async () => {
    const dataDir = path.join(scratch, 'also-never-made');
    for (const argv of [
      ['key', 'list'],
      ['agency', 'list', '--json'],
      ['agency', 'show', 'agc_x'],
      ['usage', 'export', '--period', '2026-11'],
      ['booking-intent', 'list'],
    ]) {
      const answer = await flightagg('--data-dir', dataDir, ...argv);
      expect(answer.code, argv.join(' ')).toBe(1);
      const message = nowhere(dataDir);
      if (argv.includes('--json')) expect(JSON.parse(answer.out)).toEqual({ error: message.slice('error: '.length, -1) });
      else expect(answer.err).toBe(message);
    }
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('--json in snake_case, the camelCase of before behind --json-case camel', () => {
  it('prints account terms in snake_case, the key record as the contract spells it, and the old spelling on request with a notice', async () => {
    const dataDir = path.join(scratch, 'made');
    const created = await flightagg('--data-dir', dataDir, 'agency', 'create', '--name', 'Case Travel', '--json');
    expect(created, created.err).toMatchObject({ code: 0, err: '' });
    const { id } = JSON.parse(created.out) as { id: string };

    const shown = await flightagg('--data-dir', dataDir, 'agency', 'show', id, '--json');
    expect(shown.err).toBe('');
    const snake = JSON.parse(shown.out) as Record<string, unknown>;
    expect(snake).toMatchObject({ agency_id: id, plan_code: 'free', payment_method: { on_file: false } });
    expect(JSON.stringify(snake)).not.toMatch(/"[a-z]+[A-Z]\w*":/);

    const key = await flightagg(
      '--data-dir',
      dataDir,
      'key',
      'create',
      '--agency',
      id,
      '--env',
      'test',
      '--kind',
      'agency',
      '--json',
    );
    expect(JSON.parse(key.out)).toMatchObject({ agencyId: id, readOnly: false, secret: expect.stringMatching(/^fa_test_/) });

    const camel = await flightagg('--data-dir', dataDir, 'agency', 'show', id, '--json', '--json-case', 'camel');
    expect(camel.err).toBe(JSON_CASE_DEPRECATION);
    expect(JSON.parse(camel.out)).toMatchObject({ agencyId: id, planCode: 'free', paymentMethod: { onFile: false } });

    const wrong = await flightagg('--data-dir', dataDir, 'agency', 'show', id, '--json-case', 'kebab');
    expect(wrong).toEqual({ code: 1, out: '', err: 'error: --json-case must be snake or camel, not "kebab"\n' });

    const exported = await flightagg('--data-dir', dataDir, 'usage', 'export', '--period', '2026-11');
    expect(exported.code).toBe(0);
    expect(exported.out.split('\n')[0]).toMatch(/^agency_id,/);
    expect(exported.err).toBe('usage export: period 2026-11 (UTC), 0 agencies, 0 metered requests, as csv on stdout\n');
  }, 120_000);
});
