import type { Platform } from '../platform/platform.js';
import {
  addAirlineLookToBook,
  addLookToBook,
  lookToBookFor,
  type AirlineLookToBookDelta,
  type LookToBookDelta,
} from './shopping-store.js';

/**
 * Searches and bookings per agency per UTC day, and per airline. Searches are counted in memory
 * and added to the database in batches (a write per search would cost more than a cached search
 * itself); bookings are added by the orders module inside the booking's own transaction, so they
 * are exact.
 */
export interface LookToBook {
  /** An admitted search, cached or not: a look for the agency. */
  recordSearch(agencyId: string | null): void;
  /** A search that reached these airlines (a cache hit reaches none). */
  recordAirlineSearches(agencyId: string | null, airlines: readonly string[]): void;
  flush(): Promise<void>;
  countsFor(agencyId: string, day: string): Promise<{ searches: number; bookings: number }>;
}

// Often enough that a dashboard is at most this stale; rarely enough to be one write per burst.
export const LOOK_TO_BOOK_FLUSH_MS = 5_000;

/** Pending search counts by key; a failed write puts its batch back for the next flush. */
class PendingSearches<D extends LookToBookDelta> {
  private pending = new Map<string, D>();

  add(key: string, fresh: () => D): void {
    const entry = this.pending.get(key) ?? fresh();
    entry.searches += 1;
    this.pending.set(key, entry);
  }

  async flush(write: (batch: D[]) => Promise<void>, keyOf: (d: D) => string): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await write(batch);
    } catch (err) {
      // Keep the counts for the next flush rather than lose them.
      for (const d of batch) {
        const entry = this.pending.get(keyOf(d)) ?? { ...d, searches: 0 };
        entry.searches += d.searches;
        this.pending.set(keyOf(d), entry);
      }
      throw err;
    }
  }
}

export function createLookToBook(platform: Platform): LookToBook {
  const agencies = new PendingSearches<LookToBookDelta>();
  const airlines = new PendingSearches<AirlineLookToBookDelta>();
  const today = () => platform.clock().toISOString().slice(0, 10);
  const agencyKey = (d: LookToBookDelta) => `${d.agencyId}|${d.day}`;
  const airlineKey = (d: AirlineLookToBookDelta) => `${d.agencyId}|${d.airline}|${d.day}`;

  return {
    recordSearch(agencyId) {
      if (!agencyId) return;
      const day = today();
      agencies.add(agencyKey({ agencyId, day, searches: 0, bookings: 0 }), () => ({ agencyId, day, searches: 0, bookings: 0 }));
    },
    recordAirlineSearches(agencyId, codes) {
      if (!agencyId) return;
      const day = today();
      for (const airline of codes) {
        const fresh = () => ({ agencyId, airline, day, searches: 0, bookings: 0 });
        airlines.add(airlineKey(fresh()), fresh);
      }
    },
    async flush() {
      const results = await Promise.allSettled([
        agencies.flush((batch) => addLookToBook(platform.db, batch), agencyKey),
        airlines.flush((batch) => addAirlineLookToBook(platform.db, batch), airlineKey),
      ]);
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    async countsFor(agencyId, day) {
      return lookToBookFor(platform.db, agencyId, day);
    },
  };
}
