import crypto from 'node:crypto';
import { randomBase62 } from '../../platform/ids.js';

/**
 * Bearer secrets (sessions, login challenges, e-mail links, recovery codes) are random enough that
 * a plain SHA-256 is a safe lookup key: there is nothing to brute-force, so no salt or slow hash.
 */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** 43 base62 characters: 256 bits. */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBase62(43)}`;
}
