// Where the test system's durable state goes: nowhere (memory only, for tests and benches that
// start it bare) or a PostgreSQL schema of its own (airline-db-store.ts). airline-state.ts drives it.

import type { InventoryChanges } from '../network/inventory-service.js';
import type { ClockSetting } from '../system-clock.js';
import type { BookingRow } from './booking-store.js';

export interface AirlineSnapshot {
  bookings: { document: unknown; revision: number }[];
  inventory: InventoryChanges;
  clock: ClockSetting | null;
}

/** One request's changes, written together or not at all. */
export interface AirlineChanges {
  bookings: BookingRow[];
  inventory: InventoryChanges | null;
  clock: ClockSetting | null;
}

export interface AirlinePersistence {
  /** memory: nothing survives close; otherwise the database kind holding the airline's schema. */
  readonly kind: 'memory' | 'pglite' | 'postgres';
  load(): Promise<AirlineSnapshot>;
  write(changes: AirlineChanges): Promise<void>;
  /** Forgets everything stored (POST /control/reset). */
  clear(): Promise<void>;
  /** Deletes these bookings and the seats sold and closures of flights dated before `flightsBefore` (YYYY-MM-DD). */
  purge(orderIds: readonly string[], flightsBefore: string): Promise<void>;
  close(): Promise<void>;
}

/** A booking row changed by someone else since this process read it: a second test system on the same storage. */
export class BookingWriteConflictError extends Error {
  constructor(orderId: string) {
    super(`booking ${orderId} was changed by another process on the same storage (one test system per airline and database)`);
    this.name = 'BookingWriteConflictError';
  }
}

export function memoryPersistence(): AirlinePersistence {
  return {
    kind: 'memory',
    load: async () => ({ bookings: [], inventory: { sold: [], closed: [] }, clock: null }),
    write: async () => {},
    clear: async () => {},
    purge: async () => {},
    close: async () => {},
  };
}
