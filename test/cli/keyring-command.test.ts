import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { embeddedDataDir } from '../helpers/embedded-data-dir.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/flightagg.js');

async function cli(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], {
      env: { ...process.env, REDIS_URL: '', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
      timeout: 110_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// A KEYRING as an operator set it before the purposes offer-ids and recovery-codes existed.
const key = () => crypto.randomBytes(32).toString('base64');
const before = `a1:api-key-lookup:${key()},s1:api-key-secrets:${key()},w1:webhook-secrets:${key()},t1:totp-seeds:${key()}`;

// Real CLI processes (TypeScript loader, storage open): far slower than in-process tests.
describe('an operator KEYRING without the offer-ids purpose', { timeout: 120_000 }, () => {
  it('stops the gateway at start with a sentence naming the purpose and the command that makes its key', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flightagg-keyring-'));
    const res = await cli({ DATA_DIR: dataDir, KEYRING: before }, 'migrate');
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      'error: KEYRING has no key for: offer-ids, recovery-codes; add one entry per missing purpose, ' +
        'such as offer-ids-1:offer-ids:<32 random bytes, base64> ' +
        '(print them with: flightagg keyring generate --purpose offer-ids --purpose recovery-codes)',
    );
  });

  it('`flightagg keyring generate --purpose` prints entries that complete it', async () => {
    const res = await cli({}, 'keyring', 'generate', '--purpose', 'offer-ids', '--purpose', 'recovery-codes', '--json');
    expect(res.code, res.stderr).toBe(0);
    const entries = JSON.parse(res.stdout).entries as string[];
    expect(entries.map((e) => e.split(':')[1])).toEqual(['offer-ids', 'recovery-codes']);
    const ring = Keyring.parse(`${before},${entries.join(',')}`);
    expect(ring.verifyTag('offer-ids', 'x', ring.tag('offer-ids', 'x', 16), 16)).toBe(true);

    const dataDir = embeddedDataDir('flightagg-keyring-');
    const started = await cli({ DATA_DIR: dataDir, KEYRING: `${before},${entries.join(',')}` }, 'migrate', '--json');
    expect(started.code, started.stderr).toBe(0);

    const wrong = await cli({}, 'keyring', 'generate', '--purpose', 'mystery');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^error: --purpose must be one of api-key-lookup, .*\(got mystery\)/);
  });
});
