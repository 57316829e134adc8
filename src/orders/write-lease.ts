import type { Db } from '../platform/db/database.js';
import { AppError } from '../platform/errors.js';
import { randomBase62 } from '../platform/ids.js';
import { loadOrder, type OrderRequest } from './order-access.js';
import type { ServicingDeps } from './servicing/context.js';
import { currentLeaseHolder, releaseWriteLease, renewWriteLease, takeWriteLease } from './write-lease-store.js';

/**
 * One write per order at a time, across every instance on the database: a write (commit, cancel,
 * refund, change, acknowledgement, an airline refresh) holds the order's lease from before it
 * reads the order until it has stored what it did, so the next write decides on what the last one
 * left, and the airline is asked once. A request finding another request's write refused at once
 * with 409 `order_busy`, before any airline call; one finding the gateway's own re-read of the
 * order (a webhook's or notification's, a sweep's, a GET with refresh: a single airline read) waits
 * for it, a few seconds at most. The gateway's own re-reads skip a busy order instead.
 */

/** How long a lease lasts unless renewed: how long an order stays busy after its writer died. */
export const ORDER_WRITE_LEASE_MS = 30_000;
/** A running write renews its lease this often, so a slow airline never lets a second write in. */
const RENEW_EVERY_MS = 10_000;
/** What `Retry-After` tells a refused caller: a write takes a few airline round trips. */
const RETRY_AFTER_SECONDS = 2;
/** How long a client's write waits for the gateway's own re-read of the order to finish. */
const REREAD_WAIT_MS = 5_000;
const REREAD_POLL_MS = 100;

/**
 * Holders are named by kind: a client's write (`w_`) or the gateway's own re-read (`r_`), which a
 * client's write waits for. A lease of another name (one left by an older version) counts as a write.
 */
type LeaseKind = 'write' | 'reread';
const PREFIX: Record<LeaseKind, string> = { write: 'w_', reread: 'r_' };

interface LeaseDeps {
  db: Db;
}

interface OrderWriteLease {
  release(): Promise<void>;
}

/** The order's lease, or null while another write holds it. Renewed until released. */
async function takeOrderLease(deps: LeaseDeps, orderId: string, kind: LeaseKind): Promise<OrderWriteLease | null> {
  const holder = PREFIX[kind] + randomBase62(20);
  if (!(await takeWriteLease(deps.db, orderId, holder, ORDER_WRITE_LEASE_MS))) return null;
  const renewal = setInterval(() => {
    // A renewal that fails (the database gone) lets the lease run out; the write fails the same way.
    renewWriteLease(deps.db, orderId, holder, ORDER_WRITE_LEASE_MS).catch(() => undefined);
  }, RENEW_EVERY_MS);
  renewal.unref();
  return {
    async release() {
      clearInterval(renewal);
      // Not given back (the database gone): it runs out within ORDER_WRITE_LEASE_MS. The write's
      // own answer stands; a done write must not be answered as failed and retried.
      await releaseWriteLease(deps.db, orderId, holder).catch(() => undefined);
    },
  };
}

export function orderBusy(orderId: string): AppError {
  return new AppError(409, 'order_busy', `another request is changing order ${orderId}; retry when it has finished`, {
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  });
}

async function holding<T>(lease: OrderWriteLease, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    await lease.release();
  }
}

/**
 * The gateway's own re-read of the order (`reread`) holding its lease; while another holds it,
 * answers `busy()` instead without running it (the gateway's refreshes skip a busy order).
 */
export async function unlessBusy<T>(
  deps: LeaseDeps,
  orderId: string,
  reread: () => Promise<T>,
  busy: () => T | Promise<T>,
): Promise<T> {
  const lease = await takeOrderLease(deps, orderId, 'reread');
  return lease ? holding(lease, reread) : busy();
}

/**
 * Runs a client's `write` holding the order's lease. While the gateway's own re-read holds it, waits
 * for that (up to REREAD_WAIT_MS); while another write holds it, 409 `order_busy` at once.
 */
export async function withOrderLease<T>(deps: LeaseDeps, orderId: string, write: () => Promise<T>): Promise<T> {
  const waitUntil = Date.now() + REREAD_WAIT_MS;
  for (;;) {
    const lease = await takeOrderLease(deps, orderId, 'write');
    if (lease) return holding(lease, write);
    const holder = await currentLeaseHolder(deps.db, orderId);
    if (holder !== null && !holder.startsWith(PREFIX.reread)) throw orderBusy(orderId);
    if (Date.now() >= waitUntil) throw orderBusy(orderId);
    await new Promise((resolve) => setTimeout(resolve, REREAD_POLL_MS));
  }
}

/**
 * A write route on /v1/orders/{orderID}: the order is looked up first, so a missing `airline`,
 * another agency's order or a mismatched airline is answered as on any order path, then the
 * write runs under the lease and reads the order again itself.
 */
export async function writingOrder<T>(deps: ServicingDeps, request: OrderRequest, write: () => Promise<T>): Promise<T> {
  const { order } = await loadOrder(deps, request);
  return withOrderLease(deps, order.id, write);
}
