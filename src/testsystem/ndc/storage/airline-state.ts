// What the test system remembers across restarts — bookings, seats sold, closed flights, the clock
// setting — and the one way it changes: a piece of work (an NDC message, a control route, the
// lapse sweep) runs alone, then everything it changed is written in one transaction before it
// answers. A failed write puts memory back to the last written state and answers "unavailable",
// so nothing a caller was told failed is kept, and nothing it was told succeeded is lost.
//
// Offers are not here: they expire in 30 minutes, and an airline's shopping cache is not durable.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';
import type { InventoryService } from '../network/inventory-service.js';
import type { ClockSetting, SystemClock } from '../system-clock.js';
import type { AirlinePersistence } from './airline-persistence.js';
import type { StoredBooking, TrackedBookingStore } from './booking-store.js';

/** The store could not be read or written; NDC answers carry the airline's "unavailable" error. */
export class StoreUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('The test system could not store the change; nothing was changed', { cause });
    this.name = 'StoreUnavailableError';
  }
}

export interface AirlineState {
  readonly kind: AirlinePersistence['kind'];
  /**
   * Runs work that may change bookings, seats or the clock, one piece of work at a time, and writes
   * what it changed before resolving. If the work throws, or the write fails (StoreUnavailableError),
   * every change it made is undone in memory. Nested calls join the outer one.
   */
  atomically<T>(work: () => T | Promise<T>): Promise<T>;
  /** Forgets every booking, seat sold and the clock setting, in storage too (POST /control/reset). */
  reset(): Promise<void>;
  /**
   * The retention purge: forgets, in storage first, every booking whose last flight landed before
   * `cutoffMs`, whatever its status (as an airline purges PNRs after travel), and the seats sold
   * and closures of flights dated before that day.
   */
  purge(cutoffMs: number): Promise<PurgeResult>;
  close(): Promise<void>;
}

export interface PurgeResult {
  bookings: number;
  flights: number;
}

/** When a booking's last flight lands: the end of its travel. */
const lastArrival = (b: StoredBooking) => b.journey.segments.reduce((last, s) => Math.max(last, s.flight.arrUtc), 0);

export async function openAirlineState(parts: {
  bookings: TrackedBookingStore;
  inventory: InventoryService;
  clock: SystemClock;
  persistence: AirlinePersistence;
  logger: Logger | null;
}): Promise<AirlineState> {
  const { bookings, inventory, clock, persistence, logger } = parts;
  const snapshot = await persistence.load();
  bookings.load(snapshot.bookings);
  inventory.load(snapshot.inventory);
  if (snapshot.clock) clock.restore(snapshot.clock);
  let writtenClock: ClockSetting = clock.setting();
  const inside = new AsyncLocalStorage<true>();
  let tail: Promise<unknown> = Promise.resolve();

  function rollback(): void {
    bookings.rollback();
    inventory.rollback();
    clock.restore(writtenClock);
  }

  async function commit(): Promise<void> {
    const rows = bookings.pending();
    const seats = inventory.pending();
    const now = clock.setting();
    const clockChanged = now.fixedMs !== writtenClock.fixedMs || now.skewMs !== writtenClock.skewMs;
    if (rows.length > 0 || seats || clockChanged) {
      try {
        await persistence.write({ bookings: rows, inventory: seats, clock: clockChanged ? now : null });
      } catch (err) {
        logger?.error({ err }, 'test system store write failed; changes undone');
        rollback();
        throw new StoreUnavailableError(err);
      }
    }
    bookings.accept(rows);
    inventory.accept();
    writtenClock = now;
  }

  async function run<T>(work: () => T | Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await inside.run(true, work);
    } catch (err) {
      rollback();
      throw err;
    }
    await commit();
    return result;
  }

  return {
    kind: persistence.kind,
    atomically(work) {
      if (inside.getStore()) return (async () => work())();
      const turn = tail.then(() => run(work));
      tail = turn.catch(() => {});
      return turn;
    },
    async reset() {
      const clear = async () => {
        try {
          await persistence.clear();
        } catch (err) {
          throw new StoreUnavailableError(err);
        }
        bookings.clear();
        inventory.reset();
        clock.set(null);
        writtenClock = clock.setting();
      };
      if (inside.getStore()) return clear();
      const turn = tail.then(clear);
      tail = turn.catch(() => {});
      return turn;
    },
    purge(cutoffMs) {
      const forget = async (): Promise<PurgeResult> => {
        const done = bookings
          .all()
          .filter((b) => lastArrival(b) < cutoffMs)
          .map((b) => b.orderId);
        const before = new Date(cutoffMs).toISOString().slice(0, 10);
        try {
          await persistence.purge(done, before);
        } catch (err) {
          throw new StoreUnavailableError(err);
        }
        bookings.remove(done);
        return { bookings: done.length, flights: inventory.forgetBefore(before) };
      };
      if (inside.getStore()) return forget();
      const turn = tail.then(forget);
      tail = turn.catch(() => {});
      return turn;
    },
    async close() {
      await tail;
      await persistence.close();
    },
  };
}
