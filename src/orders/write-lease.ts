import type { Db } from '../platform/db/database.js';
import { AppError } from '../platform/errors.js';
import { randomBase62 } from '../platform/ids.js';
import { loadOrder, type OrderRequest } from './order-access.js';
import type { ServicingDeps } from './servicing/context.js';
import { releaseWriteLease, renewWriteLease, takeWriteLease } from './write-lease-store.js';

/**
 * One write per order at a time, across every instance on the database: a write (commit, cancel,
 * refund, change, acknowledgement, an airline refresh) holds the order's lease from before it
 * reads the order until it has stored what it did, so the next write decides on what the last one
 * left, and the airline is asked once. A request finding the order busy is refused at once with
 * 409 `order_busy`, before any airline call; the gateway's own refreshes skip the order instead.
 */

/** How long a lease lasts unless renewed: how long an order stays busy after its writer died. */
export const ORDER_WRITE_LEASE_MS = 30_000;
/** A running write renews its lease this often, so a slow airline never lets a second write in. */
const RENEW_EVERY_MS = 10_000;
/** What `Retry-After` tells a refused caller: a write takes a few airline round trips. */
const RETRY_AFTER_SECONDS = 2;

interface LeaseDeps {
  db: Db;
}

interface OrderWriteLease {
  release(): Promise<void>;
}

/** The order's lease, or null while another write holds it. Renewed until released. */
async function takeOrderLease(deps: LeaseDeps, orderId: string): Promise<OrderWriteLease | null> {
  const holder = randomBase62(20);
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
  return new AppError(
    409,
    'order_busy',
    `another request is changing order ${orderId}; retry when it has finished`,
    {},
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}

/**
 * Runs `write` holding the order's lease; while another write holds it, answers `busy()` instead
 * (the gateway's own refreshes skip the order) without running it.
 */
export async function unlessBusy<T>(
  deps: LeaseDeps,
  orderId: string,
  write: () => Promise<T>,
  busy: () => T | Promise<T>,
): Promise<T> {
  const lease = await takeOrderLease(deps, orderId);
  if (!lease) return busy();
  try {
    return await write();
  } finally {
    await lease.release();
  }
}

/** Runs `write` holding the order's lease; 409 `order_busy` when another write holds it. */
export async function withOrderLease<T>(deps: LeaseDeps, orderId: string, write: () => Promise<T>): Promise<T> {
  return unlessBusy(deps, orderId, write, () => {
    throw orderBusy(orderId);
  });
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
