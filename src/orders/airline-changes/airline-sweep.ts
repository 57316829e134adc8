import { refreshFromAirline, type AirlineRefreshDeps } from './airline-refresh.js';
import { markChecked, ordersDueForSweep } from './store.js';

export const AIRLINE_SWEEP_JOB = 'orders.airline-sweep';

const HOUR_MS = 3_600_000;
/** The window the sweep watches: segments departing within the next 72 hours. */
export const SWEEP_HORIZON_HOURS = 72;
// Segment times are the airport's local wall clock (no offset is stored), which is at most 12 h
// behind and 14 h ahead of UTC: the window is widened by that much so no departure is missed.
const LOCAL_BEHIND_MS = 12 * HOUR_MS;
const LOCAL_AHEAD_MS = 14 * HOUR_MS;

const localText = (ms: number) => new Date(ms).toISOString().slice(0, 19);

/**
 * The safety net under airline notifications: every `intervalSeconds` (once per cluster) re-reads
 * its share of `ordersPerMinute` (at least one) open orders departing within 72 hours that were not
 * re-read in the last `recheckMinutes`, never-checked and longest-unchecked first. A notification
 * that never arrived is caught within `recheckMinutes` of the change, as long as the orders due fit
 * the rate. One order's airline failure is logged and the run goes on; it is retried after
 * `recheckMinutes`.
 */
export async function runAirlineSweep(
  deps: AirlineRefreshDeps,
  limits: { ordersPerMinute: number; recheckMinutes: number; intervalSeconds: number },
): Promise<{ checked: number; updated: number; failed: number }> {
  const result = { checked: 0, updated: 0, failed: 0 };
  if (limits.ordersPerMinute === 0) return result;
  const ordersThisRun = Math.ceil((limits.ordersPerMinute * limits.intervalSeconds) / 60);
  const now = deps.clock().getTime();
  const due = await ordersDueForSweep(deps.db, {
    departingFrom: localText(now - LOCAL_BEHIND_MS),
    departingTo: localText(now + SWEEP_HORIZON_HOURS * HOUR_MS + LOCAL_AHEAD_MS),
    checkedBefore: new Date(now - limits.recheckMinutes * 60_000),
    limit: ordersThisRun,
  });
  for (const order of due) {
    const outcome = await refreshFromAirline(deps, order, 'airline_sweep');
    result.checked++;
    if (outcome.ok) {
      if (outcome.changed) result.updated++;
      continue;
    }
    result.failed++;
    // Counted as checked all the same: a failing order must not hold the head of the queue.
    await markChecked(deps.db, order.id, deps.clock());
    deps.logger.warn({ orderId: order.id, failure: outcome.failure }, 'airline sweep: re-reading the order failed');
  }
  if (result.updated > 0 || result.failed > 0) deps.logger.info(result, 'airline sweep');
  return result;
}
