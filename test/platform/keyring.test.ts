import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { loadKeyring } from '../../src/platform/keyring/keyring-loader.js';

const key = () => crypto.randomBytes(32).toString('base64');
const full = (extra = '') =>
  `a1:api-key-lookup:${key()},s1:api-key-secrets:${key()},w1:webhook-secrets:${key()},t1:totp-seeds:${key()},` +
  `o1:offer-ids:${key()},r1:recovery-codes:${key()}${extra}`;

describe('keyring', () => {
  it('seals and opens with AES-256-GCM, bound to the purpose', () => {
    const ring = Keyring.parse(full());
    const sealed = ring.seal('api-key-secrets', 'fa_test_secret');
    expect(sealed).toMatch(/^v1\.s1\./);
    expect(sealed).not.toContain('fa_test_secret');
    expect(ring.open('api-key-secrets', sealed)).toBe('fa_test_secret');
    expect(() => ring.open('totp-seeds', sealed)).toThrow();
  });

  it('detects tampering', () => {
    const ring = Keyring.parse(full());
    const sealed = ring.seal('api-key-secrets', 'value');
    const parts = sealed.split('.');
    parts[4] = Buffer.from('other').toString('base64url');
    expect(() => ring.open('api-key-secrets', parts.join('.'))).toThrow();
  });

  it('seals with the newest key of a purpose and still opens what older keys sealed', () => {
    const text = full();
    const old = Keyring.parse(text);
    const sealedBefore = old.seal('api-key-secrets', 'before rotation');
    const rotated = Keyring.parse(`${text},s2:api-key-secrets:${key()}`);
    expect(rotated.seal('api-key-secrets', 'x')).toMatch(/^v1\.s2\./);
    expect(rotated.open('api-key-secrets', sealedBefore)).toBe('before rotation');
    expect(rotated.hmacAll('api-key-lookup', 'k')).toHaveLength(1);
  });

  it('refuses malformed keyrings with a clear message', () => {
    expect(() => Keyring.parse('nonsense')).toThrow('KEYRING entries must look like id:purpose:base64key');
    expect(() => Keyring.parse(`a:api-key-lookup:${Buffer.alloc(16).toString('base64')}`)).toThrow('must be 32 bytes');
    expect(() => Keyring.parse(`a:mystery:${key()}`)).toThrow('unknown purpose "mystery"');
    expect(() => Keyring.parse(`a1:api-key-lookup:${key()}`)).toThrow('KEYRING has no key for: api-key-secrets');
    expect(() => Keyring.parse(full(`,a1:api-key-lookup:${key()}`))).toThrow('lists key id a1 twice');
  });

  it('generates a keyring file with mode 0600 on first start and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keyring-'));
    const first = loadKeyring({ keyring: null, dataDir: dir });
    const file = path.join(dir, 'keyring');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = loadKeyring({ keyring: null, dataDir: dir });
    expect(second.keyring.keyIds()).toEqual(first.keyring.keyIds());
  });

  it('refuses an operator KEYRING that lacks a purpose, naming it and how to make a key', () => {
    const before = `a1:api-key-lookup:${key()},s1:api-key-secrets:${key()},w1:webhook-secrets:${key()},t1:totp-seeds:${key()}`;
    expect(() => loadKeyring({ keyring: before, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'keyring-')) })).toThrow(
      'KEYRING has no key for: offer-ids, recovery-codes; add one entry per missing purpose, ' +
        'such as offer-ids-1:offer-ids:<32 random bytes, base64> ' +
        '(print them with: flightagg keyring generate --purpose offer-ids --purpose recovery-codes)',
    );
  });

  it('extends a generated keyring file from an earlier version with the purposes it lacks, keeping its keys', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keyring-'));
    const file = path.join(dir, 'keyring');
    const before = `a1:api-key-lookup:${key()}\ns1:api-key-secrets:${key()}\nw1:webhook-secrets:${key()}\nt1:totp-seeds:${key()}\n`;
    fs.writeFileSync(file, before, { mode: 0o600 });
    const sealedBefore = Keyring.parse(`${before}o0:offer-ids:${key()}\nr0:recovery-codes:${key()}`).seal(
      'api-key-secrets',
      'kept',
    );

    const { keyring } = loadKeyring({ keyring: null, dataDir: dir });
    expect(
      keyring
        .keyIds()
        .map((k) => k.purpose)
        .sort(),
    ).toEqual(['api-key-lookup', 'api-key-secrets', 'offer-ids', 'recovery-codes', 'totp-seeds', 'webhook-secrets']);
    expect(keyring.open('api-key-secrets', sealedBefore)).toBe('kept');
    expect(fs.readFileSync(file, 'utf8').startsWith(before)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // The next start finds every purpose and keeps the keys added the first time.
    expect(loadKeyring({ keyring: null, dataDir: dir }).keyring.keyIds()).toEqual(keyring.keyIds());
  });
});
