import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// OWASP's scrypt baseline is N=2^17, r=8, p=1 (128 MiB per hash). Each hash runs on libuv's
// thread pool; at most two at a time so a burst of logins cannot starve other disk and crypto work.
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_CONCURRENT = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  return withSlot(() => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 256 * N * R }));
}

/** `scrypt$<logN>$<r>$<p>$<salt>$<hash>`: parameters travel with the hash, so raising them later keeps old hashes verifiable. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await derive(password, salt, logN);
  return ['scrypt', logN, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, , , salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN));
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}
