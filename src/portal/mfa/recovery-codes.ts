import crypto from 'node:crypto';
import type { Keyring } from '../../platform/keyring/keyring.js';
import { hashToken } from '../sessions/tokens.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
// 16 base32 characters carry 80 bits: far beyond guessing inside the login throttle and lockout.
const CODE_BYTES = 10;
const GROUP = 4;

/** `abcd-efgh-ijkl-mnop`: 16 base32 characters (80 bits) in groups of four, shown once. */
export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(CODE_BYTES);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out.match(new RegExp(`.{1,${GROUP}}`, 'g'))!.join('-');
}

/** What the user typed, without the spaces and hyphens that only help reading. */
export const normalizeRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

// Codes issued before keyed hashing: 10 lowercase base62 characters, stored as a plain SHA-256.
const LEGACY_CODE = /^[a-z0-9]{10}$/;

/**
 * The stored form of a new code: an HMAC-SHA256 under the keyring's current `recovery-codes` key
 * over the user id and the code, named by key id. A stolen table alone gives nothing to test
 * guesses against, and the same code for two users hashes differently.
 */
export function recoveryCodeHash(keyring: Keyring, userId: string, code: string): string {
  const { keyId, hash } = keyring.hmac('recovery-codes', `${userId}:${normalizeRecoveryCode(code)}`);
  return `hmac:${keyId}:${hash}`;
}

/**
 * Every stored form a typed code may have: the HMAC under each key of the purpose (codes issued
 * before a key rotation keep working), and for a code of the old shape its unsalted SHA-256, so
 * codes issued before this change work until used or regenerated.
 */
export function recoveryCodeCandidates(keyring: Keyring, userId: string, code: string): string[] {
  const normalized = normalizeRecoveryCode(code);
  const keyed = keyring.hmacAll('recovery-codes', `${userId}:${normalized}`).map(({ keyId, hash }) => `hmac:${keyId}:${hash}`);
  return LEGACY_CODE.test(normalized) ? [...keyed, hashToken(normalized)] : keyed;
}
