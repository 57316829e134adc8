// The test system's bookings: read synchronously from memory (loaded from storage at start), written
// through to storage before the request that changed them answers (airline-state.ts does the write).
// Handlers change a Booking in place and call save(b); a booking a request looked up is also
// compared with what was last written, so a forgotten save() still reaches storage.

import { bookingDocument, reviveBooking, type SellerReference, type StoredBooking } from './booking-document.js';

export type { SellerReference, StoredBooking };

type Booking = StoredBooking;

export interface BookingStore {
  /** A booking by AA order id or by PNR (record locator). */
  get(orderIdOrPnr: string): Booking | undefined;
  byOrderId(orderId: string): Booking | undefined;
  byPnr(pnr: string): Booking | undefined;
  /** The booking a seller made under its own reference (kept per seller OrgID). */
  bySellerReference(ref: SellerReference): Booking | undefined;
  /** Every booking, open or closed, in the order they were made. */
  all(): Booking[];
  count(): number;
  /** Files a new booking; it is written with the request that made it. */
  add(b: Booking): void;
  /** Marks a booking changed: written before the request that changed it answers. */
  save(b: Booking): void;
}

/** One booking row as storage keeps it. */
export interface BookingRow {
  orderId: string;
  pnr: string;
  sellerOrg: string | null;
  sellerBookingId: string | null;
  status: string;
  version: number;
  createdAt: number;
  /** The whole booking (booking-document.ts). */
  document: string;
  /** Storage's write counter of the row this change replaces; null for a new booking. */
  revision: number | null;
}

/** What airline-state.ts needs beyond the handlers' view: loading, the pending writes, undo. */
export interface TrackedBookingStore extends BookingStore {
  load(rows: readonly { document: unknown; revision: number }[]): void;
  /** Bookings saved or looked up since the last commit whose document changed. */
  pending(): BookingRow[];
  /** The pending rows were written. */
  accept(rows: readonly BookingRow[]): void;
  /** The write failed (or the request did): every touched booking goes back to its last written state. */
  rollback(): void;
  clear(): void;
  /** Forgets these bookings (already deleted from storage): the retention purge. */
  remove(orderIds: readonly string[]): void;
}

const sellerKey = (ref: SellerReference) => `${ref.orgId}\u0000${ref.bookingId}`;

export function createBookingStore(): TrackedBookingStore {
  const byId = new Map<string, Booking>();
  const byPnr = new Map<string, Booking>();
  const bySeller = new Map<string, Booking>();
  /** Last written document and storage revision per order id. */
  const written = new Map<string, { document: string; revision: number }>();
  const touched = new Set<Booking>();

  function index(b: Booking): void {
    byId.set(b.orderId, b);
    byPnr.set(b.bookingReference, b);
    if (b.sellerReference) bySeller.set(sellerKey(b.sellerReference), b);
  }

  function unindex(b: Booking): void {
    byId.delete(b.orderId);
    if (byPnr.get(b.bookingReference) === b) byPnr.delete(b.bookingReference);
    if (b.sellerReference && bySeller.get(sellerKey(b.sellerReference)) === b) bySeller.delete(sellerKey(b.sellerReference));
  }

  const touch = (b: Booking | undefined) => {
    if (b) touched.add(b);
    return b;
  };

  return {
    get: (key) => touch(byId.get(key) ?? byPnr.get(key)),
    byOrderId: (id) => touch(byId.get(id)),
    byPnr: (pnr) => touch(byPnr.get(pnr)),
    bySellerReference: (ref) => touch(bySeller.get(sellerKey(ref))),
    all: () => [...byId.values()],
    count: () => byId.size,
    add(b) {
      if (byId.has(b.orderId) || byPnr.has(b.bookingReference))
        throw new Error(`booking ${b.orderId}/${b.bookingReference} exists`);
      index(b);
      touched.add(b);
    },
    save(b) {
      touched.add(b);
    },

    load(rows) {
      for (const row of rows) {
        const b = reviveBooking(row.document);
        index(b);
        written.set(b.orderId, { document: bookingDocument(b), revision: row.revision });
      }
    },
    pending() {
      const rows: BookingRow[] = [];
      for (const b of touched) {
        if (byId.get(b.orderId) !== b) continue;
        const document = bookingDocument(b);
        const last = written.get(b.orderId);
        if (last?.document === document) continue;
        rows.push({
          orderId: b.orderId,
          pnr: b.bookingReference,
          sellerOrg: b.sellerReference?.orgId ?? null,
          sellerBookingId: b.sellerReference?.bookingId ?? null,
          status: b.status,
          version: b.version,
          // The clock may be moved by fractions of a millisecond; the column holds whole ones.
          createdAt: Math.round(b.createdAt),
          document,
          revision: last?.revision ?? null,
        });
      }
      return rows;
    },
    accept(rows) {
      for (const row of rows) written.set(row.orderId, { document: row.document, revision: (row.revision ?? 0) + 1 });
      touched.clear();
    },
    rollback() {
      for (const b of touched) {
        if (byId.get(b.orderId) !== b) continue;
        const last = written.get(b.orderId);
        if (last && bookingDocument(b) === last.document) continue;
        unindex(b);
        if (!last) continue;
        const restored = reviveBooking(last.document) as unknown as Record<string, unknown>;
        const target = b as unknown as Record<string, unknown>;
        for (const key of Object.keys(target)) if (!(key in restored)) delete target[key];
        Object.assign(target, restored);
        index(b);
      }
      touched.clear();
    },
    remove(orderIds) {
      for (const id of orderIds) {
        const b = byId.get(id);
        if (b) unindex(b);
        written.delete(id);
      }
    },
    clear() {
      byId.clear();
      byPnr.clear();
      bySeller.clear();
      written.clear();
      touched.clear();
    },
  };
}
