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
}

const EVICT_CHANNEL = 'api-key-evict';

/**
 * Verified keys (and unknown ones, so a flood of made-up keys does not reach the database) by
 * lookup hash. An entry lives at most `ttlMs`; an edit, revocation or creation evicts the hash on
 * every instance through the broadcast bus, so a change applies on the very next request.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly broadcast: Broadcast,
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {
    broadcast.subscribe(EVICT_CHANNEL, (hash) => this.entries.delete(hash));
  }

  get(hash: string, now: number): Entry | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (now - entry.storedAt >= this.ttlMs) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry;
  }

  set(hash: string, key: VerifiedKey | null, now: number): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(hash, { key, storedAt: now });
  }

  async evict(hash: string): Promise<void> {
    this.entries.delete(hash);
    await this.broadcast.publish(EVICT_CHANNEL, hash);
  }
}
