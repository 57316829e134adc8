import type { Platform } from '../../platform/platform.js';
import { KeyCache } from './key-cache.js';
import { createKeyIssuer, type KeyIssuer } from './key-issuer.js';
import { KeyUsage } from './key-usage.js';
import { createKeyVerifier, type KeyVerifier } from './key-verifier.js';

export { MAX_ACTIVE_KEYS_PER_AGENCY, type IssuedKey } from './key-issuer.js';
export { KEY_KINDS, toRecord, type Actor, type ApiKeyRecord, type KeyKind, type KeyRestrictionInput } from './key-record.js';

/**
 * API keys: the owner's side (issue, edit, revoke, rotate, reveal: key-issuer.ts), the gate's side
 * (which key is this: key-verifier.ts) and the uses the gate notes (key-usage.ts), over one cache
 * of answers that every change evicts.
 */
export interface ApiKeyService extends KeyIssuer, KeyVerifier {
  /** Uses noted by the gate, written in batches (key-usage.ts). */
  usage: KeyUsage;
}

export function createApiKeyService(
  platform: Pick<Platform, 'db' | 'config' | 'keyring' | 'broadcast' | 'clock'>,
): ApiKeyService {
  const cache = new KeyCache(platform.broadcast);
  return {
    ...createKeyIssuer(platform, cache),
    ...createKeyVerifier(platform, cache),
    usage: new KeyUsage(platform.db),
  };
}
