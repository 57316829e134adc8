import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import type { OrderRow } from '../../platform/db/rows.js';
import type { Platform } from '../../platform/platform.js';
import { refreshFromAirline, type AirlineRefreshDeps, type RefreshOutcome } from './airline-refresh.js';
import { claimRefresh, deferRefresh, ordersWithDueRefresh, releaseRefresh } from './refresh-limiter-store.js';

export const DEFERRED_REFRESH_JOB = 'orders.airline-notification-refreshes';
export const DEFERRED_REFRESH_INTERVAL_MS = 5_000;
/** Deferred re-reads one run of the job makes at most (the next run takes the rest). */
const DEFERRED_PER_RUN = 100;

export interface NotificationRefreshDeps extends AirlineRefreshDeps {
  /** AIRLINE_NOTIFY_REFRESH_SECONDS, in milliseconds: one notification re-read per order per window. */
  refreshWindowMs: number;
}

/** What a route that takes an airline's or a source's pushed changes hands the re-read. */
export function notificationRefreshDeps(platform: Platform, connectors: ConnectorRegistry): NotificationRefreshDeps {
  return {
    db: platform.db,
    connectors,
    clock: () => platform.clock(),
    logger: platform.logger,
    refreshWindowMs: platform.config.airlineNotifications.refreshSeconds * 1000,
  };
}

export type NotificationRefresh = RefreshOutcome | { ok: true; deferred: true };

/** Whether a failed re-read may succeed if asked again (a time-out, an outage), as connectors say. */
export function isRetryable(outcome: RefreshOutcome): boolean {
  return !outcome.ok && 'retryable' in outcome.failure && outcome.failure.retryable === true;
}

/**
 * Re-reads an order because a notification named it, at most once per window whatever
 * notifications name it (any instance, any number of them): inside the window the re-read is
 * deferred to the window's end instead (`deferred`), where runDeferredRefreshes makes it, so a
 * second real change is late, never lost. A re-read that failed for a passing reason gives its
 * claim back, so the airline's resend is read at once. An order another write holds is deferred
 * a few seconds, not re-read under it.
 */
export async function refreshForNotification(
  deps: NotificationRefreshDeps,
  order: OrderRow,
  detail: Record<string, unknown>,
): Promise<NotificationRefresh> {
  const now = deps.clock();
  const claimed = await claimRefresh(deps.db, order.id, {
    now,
    windowStart: new Date(now.getTime() - deps.refreshWindowMs),
    windowMs: deps.refreshWindowMs,
  });
  if (!claimed) return { ok: true, deferred: true };
  const outcome = await refreshFromAirline(deps, order, 'airline_notification', detail);
  if (outcome.ok && outcome.busy) {
    // Another write of the order runs: the claim goes back and the deferred job re-reads it shortly.
    await releaseRefresh(deps.db, order.id, now);
    await deferRefresh(deps.db, order.id, new Date(now.getTime() + DEFERRED_REFRESH_INTERVAL_MS));
    return { ok: true, deferred: true };
  }
  if (isRetryable(outcome)) await releaseRefresh(deps.db, order.id, now);
  return outcome;
}

/**
 * The job behind deferred re-reads (once per cluster, every few seconds): each order a
 * notification named inside its window is re-read once the window has passed. One that fails for
 * a passing reason is tried again a window later; a refusal is left to the sweep.
 */
export async function runDeferredRefreshes(deps: NotificationRefreshDeps): Promise<{ refreshed: number; failed: number }> {
  const result = { refreshed: 0, failed: 0 };
  for (const order of await ordersWithDueRefresh(deps.db, deps.clock(), DEFERRED_PER_RUN)) {
    const outcome = await refreshForNotification(deps, order, { notification: { deferred: true } });
    if (outcome.ok) {
      if (!('deferred' in outcome)) result.refreshed++;
      continue;
    }
    result.failed++;
    deps.logger.warn({ orderId: order.id, failure: outcome.failure }, 'deferred airline re-read failed');
    if (isRetryable(outcome)) await deferRefresh(deps.db, order.id, new Date(deps.clock().getTime() + deps.refreshWindowMs));
  }
  if (result.refreshed > 0 || result.failed > 0) deps.logger.info(result, 'deferred airline re-reads');
  return result;
}
