import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';

/** On PostgreSQL, `backup` and `restore` say to use PostgreSQL's own tools (docs/operations/backups.md). */
const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '../../bin/flightagg.js');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-backup-pg-'));

async function cli(...args: string[]) {
  const env = {
    ...process.env,
    DATA_DIR: scratch,
    DATABASE_URL: inject('databaseUrl')!,
    KEYRING: inject('keyring'),
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
  };
  return run(process.execPath, [BIN, ...args], { env, cwd: scratch, timeout: 110_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

describe.skipIf(!inject('databaseUrl'))('backup and restore with DATABASE_URL', { timeout: 120_000 }, () => {
  afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

  it('backup refuses, naming pg_dump and point-in-time recovery, and writes nothing', async () => {
    const answer = await cli('backup', 'db.backup', '--json');
    expect(answer.code).toBe(1);
    expect(JSON.parse(answer.stdout).error).toMatch(
      /^backup copies embedded storage only; this gateway uses PostgreSQL \(DATABASE_URL\): back it up with pg_dump/,
    );
    expect(fs.existsSync(path.join(scratch, 'db.backup'))).toBe(false);
  });

  it('restore refuses, naming pg_restore', async () => {
    fs.writeFileSync(path.join(scratch, 'some.backup'), 'not read');
    const answer = await cli('restore', 'some.backup');
    expect(answer.code).toBe(1);
    expect(answer.stderr).toMatch(
      /^error: restore unpacks embedded storage only; this configuration uses PostgreSQL \(DATABASE_URL\): restore it with pg_restore/,
    );
  });
});
