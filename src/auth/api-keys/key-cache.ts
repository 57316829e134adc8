import crypto from 'node:crypto';
import type { BlockList } from 'node:net';
import type { Broadcast } from '../../platform/broadcast.js';
import type { KeyRestrictions } from './key-restrictions.js';

/** Who a key-authenticated request acts for: what every module after the gate reads (`request.apiKey`). */
export interface KeyIdentity {
  readonly id: string;
  readonly agencyId: string | null;
  readonly kind: 'agency' | 'portal' | 'static';
  readonly environment: 'test' | 'live';
}

/** What the gate needs to admit a request, held in memory so a known key costs no database trip. */
export interface VerifiedKey extends KeyRestrictions, KeyIdentity {
  allowlist: BlockList | null;
  /** Made once per lookup, frozen, and given to every request of the key: no object per request. */
  identity: KeyIdentity;
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
  /**
   * Moves on every eviction (this instance's, and each echo or news from the bus): a request that
   * arrives after one must not share a database read that began before it (key-service.ts).
   */
  private evictions = 0;

  generation(): number {
    return this.evictions;
  }

  /**
   * Names this cache's own evictions on the bus. Redis hands a publisher its own messages back;
   * this cache dropped the entry already when it published, and counting the echo as news would
   * keep a lookup that began in between from being cached at all.
   */
  private readonly sender = crypto.randomUUID();

  constructor(
    private readonly broadcast: Broadcast,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {
    broadcast.subscribe(EVICT_CHANNEL, (message) => {
      // `<sender> <lookup hash>`; a bare hash is from a gateway older than the sender tag.
      const space = message.indexOf(' ');
      if (space === -1) return this.drop(message);
      if (message.slice(0, space) !== this.sender) this.drop(message.slice(space + 1));
    });
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

  /**
   * Keeps a lookup's answer, unless an eviction was heard since `generation` (taken before the
   * database read): the read may then predate a revocation or an edit whose news has already
   * come and gone, and caching it would let that key in for up to `ttlMs`. The answer still
   * serves the request that asked, which was concurrent with the change.
   */
  set(
    fingerprint: string,
    { lookupHash, key, now, generation }: { lookupHash: string; key: VerifiedKey | null; now: number; generation: number },
  ): void {
    if (generation !== this.evictions) return;
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
    await this.broadcast.publish(EVICT_CHANNEL, `${this.sender} ${lookupHash}`);
  }

  private clear(): void {
    this.evictions++;
    this.entries.clear();
    this.fingerprintByLookupHash.clear();
  }

  private drop(lookupHash: string): void {
    this.evictions++;
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
