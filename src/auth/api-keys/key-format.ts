import type { KeyEnvironment } from '../../platform/config.js';
import { randomBase62 } from '../../platform/ids.js';

// 43 base62 characters carry 256 bits: the "at least 32 random bytes" of the key policy.
const OPAQUE_LENGTH = 43;
const SHAPE = /^([a-z][a-z0-9]{1,11})_(live|test)_([0-9A-Za-z]{43})$/;

export function generateApiKey(prefix: string, environment: KeyEnvironment): string {
  return `${prefix}_${environment}_${randomBase62(OPAQUE_LENGTH)}`;
}

/** Splits a presented key; null when it cannot be one of ours, so no lookup is spent on it. */
export function parseApiKey(raw: string): { prefix: string; environment: KeyEnvironment } | null {
  const match = SHAPE.exec(raw);
  if (!match) return null;
  return { prefix: match[1]!, environment: match[2] as KeyEnvironment };
}

/** What listings show so people can tell keys apart: prefix, environment and four characters. */
export function displayPrefix(key: string): string {
  return `${key.slice(0, key.lastIndexOf('_') + 5)}…`;
}
