import crypto from 'node:crypto';
import type { KeyEnvironment } from '../../platform/config.js';
import type { Platform } from '../../platform/platform.js';
import type { KeyCache, VerifiedKey } from './key-cache.js';
import { parseApiKey } from './key-format.js';
import { toVerified } from './key-record.js';
import * as store from './key-store.js';

/** The gate's side of keys: which active key a presented one is. */
export interface KeyVerifier {
  /**
   * The gate's question, answered from memory: the key (or null, known not to be one) when
   * the cache holds an answer for it, undefined when only `authenticate` can tell. No promise:
   * this runs on every key-authenticated request.
   */
  cached(raw: string): VerifiedKey | null | undefined;
  /**
   * The gate's question: which active key is this? The lookup is by HMAC, so the database
   * compares hashes, never the secret; a cached answer costs no database trip at all.
   */
  authenticate(raw: string): Promise<VerifiedKey | null>;
}

// A plain SHA-256 of the presented key finds its cache entry (key-cache.ts says why not the HMAC);
// the one-shot hash makes no Hash object per request.
const fingerprintOf = (raw: string) => crypto.hash('sha256', raw, 'base64');

export function createKeyVerifier(platform: Pick<Platform, 'db' | 'config' | 'keyring'>, cache: KeyCache): KeyVerifier {
  const { db, config, keyring } = platform;
  const lookups = new Map<string, { generation: number; key: Promise<VerifiedKey | null> }>();

  async function lookUp(
    raw: string,
    environment: KeyEnvironment,
    fingerprint: string,
    generation: number,
  ): Promise<VerifiedKey | null> {
    const hashes = keyring.hmacAll('api-key-lookup', raw);
    const row = await store.findKeyByLookupHashes(
      db,
      hashes.map((h) => h.hash),
    );
    const matches =
      row !== null && hashes.some((h) => crypto.timingSafeEqual(Buffer.from(h.hash, 'hex'), Buffer.from(row.lookup_hash, 'hex')));
    const key = matches && !row.revoked_at && row.environment === environment ? toVerified(row) : null;
    // Eviction names the stored lookup hash (a key hashed before an HMAC key rotation keeps its
    // older one); an unknown key is evicted by the hash its creation will store.
    cache.set(fingerprint, { lookupHash: row?.lookup_hash ?? hashes[0]!.hash, key, now: Date.now(), generation });
    return key;
  }

  return {
    cached(raw: string): VerifiedKey | null | undefined {
      // Only a key that passed authenticate's shape check is ever cached (under this process's
      // one configuration), so a hit needs no second check; a miss goes through authenticate.
      return cache.get(fingerprintOf(raw), Date.now())?.key;
    },

    async authenticate(raw: string): Promise<VerifiedKey | null> {
      const parsed = parseApiKey(raw);
      if (!parsed || parsed.prefix !== config.keyPrefix || !config.keyEnvironments.includes(parsed.environment)) {
        return null;
      }
      const fingerprint = fingerprintOf(raw);
      const cached = cache.get(fingerprint, Date.now());
      if (cached) return cached.key;
      // One lookup per key at a time: when a busy key's entry expires, its concurrent requests
      // wait for the same read instead of each spending an HMAC and a database trip. Never one
      // that began before an eviction: a request after a revocation must read after it.
      const generation = cache.generation();
      const inFlight = lookups.get(fingerprint);
      if (inFlight?.generation === generation) return inFlight.key;
      const lookup = { generation, key: lookUp(raw, parsed.environment, fingerprint, generation) };
      lookups.set(fingerprint, lookup);
      void lookup.key
        .finally(() => {
          if (lookups.get(fingerprint) === lookup) lookups.delete(fingerprint);
        })
        .catch(() => {});
      return lookup.key;
    },
  };
}
