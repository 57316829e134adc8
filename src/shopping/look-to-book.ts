import type { Platform } from '../platform/platform.js';
import { addLookToBook, lookToBookFor, type LookToBookDelta } from './shopping-store.js';

/**
 * Searches and bookings per agency per UTC day. Searches are counted in memory and added to the
 * database in batches (a write per search would cost more than a cached search itself); bookings
 * are added by the orders module inside the booking's own transaction, so they are exact.
 */
export interface LookToBook {
  recordSearch(agencyId: string | null): void;
  flush(): Promise<void>;
  countsFor(agencyId: string, day: string): Promise<{ searches: number; bookings: number }>;
}

// Often enough that a dashboard is at most this stale; rarely enough to be one write per burst.
export const LOOK_TO_BOOK_FLUSH_MS = 5_000;

export function createLookToBook(platform: Platform): LookToBook {
  let pending = new Map<string, LookToBookDelta>();

  return {
    recordSearch(agencyId) {
      if (!agencyId) return;
      const day = platform.clock().toISOString().slice(0, 10);
      const key = `${agencyId}|${day}`;
      const entry = pending.get(key) ?? { agencyId, day, searches: 0, bookings: 0 };
      entry.searches += 1;
      pending.set(key, entry);
    },
    async flush() {
      if (pending.size === 0) return;
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await addLookToBook(platform.db, batch);
      } catch (err) {
        // Keep the counts for the next flush rather than lose them.
        for (const d of batch) {
          const key = `${d.agencyId}|${d.day}`;
          const entry = pending.get(key) ?? { ...d, searches: 0 };
          entry.searches += d.searches;
          pending.set(key, entry);
        }
        throw err;
      }
    },
    async countsFor(agencyId, day) {
      return lookToBookFor(platform.db, agencyId, day);
    },
  };
}
