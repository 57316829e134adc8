import type { BlockList } from 'node:net';
import type { Broadcast } from '../../platform/broadcast.js';
import type { KeyRestrictions } from './key-restrictions.js';

/** What the gate needs to admit a request, held in memory so a known key costs no database trip. */
export interface VerifiedKey extends KeyRestrictions {
  id: string;
  agencyId: string | null;
  kind: 'agency' | 'portal' | 'static';
  environment: 'test' | 'live';
  allowlist: BlockList | null;
}

interface Entry {
  key: VerifiedKey | null;
  storedAt: number;
  lookupHash: string;
}

const EVICT_CHANNEL = 'api-key-evict';

/**
 * Verified keys (and unknown ones, so a flood of made-up keys does not reach the database).
 * Entries are found by a plain SHA-256 fingerprint of the presented key: far cheaper than the
 * keyed HMAC that the database lookup needs, and still no clear secret held in memory. An entry
 * lives at most `ttlMs`; an edit, revocation or creation evicts its lookup hash on every instance
 * through the broadcast bus, so a change applies on the very next request.
 *
 * While the bus (Redis) is down, evictions do not reach other instances: there a revoked or
 * tightened key holds for at most `ttlMs` (one minute, the contract's bound on the restriction
 * cache). When the bus is back, every entry is dropped, since any of them may have missed news.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly fingerprintByLookupHash = new Map<string, string>();

  constructor(
    private readonly broadcast: Broadcast,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {
    broadcast.subscribe(EVICT_CHANNEL, (lookupHash) => this.drop(lookupHash));
    broadcast.onMissedMessages(() => this.clear());
  }

  get(fingerprint: string, now: number): Entry | undefined {
    const entry = this.entries.get(fingerprint);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.remove(fingerprint, entry);
      return undefined;
    }
    return entry;
  }

  set(fingerprint: string, lookupHash: string, key: VerifiedKey | null, now: number): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const [oldest, entry] = this.entries.entries().next().value ?? [];
      if (oldest !== undefined && entry) this.remove(oldest, entry);
    }
    this.entries.set(fingerprint, { key, storedAt: now, lookupHash });
    this.fingerprintByLookupHash.set(lookupHash, fingerprint);
  }

  async evict(lookupHash: string): Promise<void> {
    this.drop(lookupHash);
    await this.broadcast.publish(EVICT_CHANNEL, lookupHash);
  }

  private clear(): void {
    this.entries.clear();
    this.fingerprintByLookupHash.clear();
  }

  private drop(lookupHash: string): void {
    const fingerprint = this.fingerprintByLookupHash.get(lookupHash);
    const entry = fingerprint === undefined ? undefined : this.entries.get(fingerprint);
    if (fingerprint !== undefined && entry) this.remove(fingerprint, entry);
    else this.fingerprintByLookupHash.delete(lookupHash);
  }

  private remove(fingerprint: string, entry: Entry): void {
    this.entries.delete(fingerprint);
    this.fingerprintByLookupHash.delete(entry.lookupHash);
  }
}
