import { refreshFromAirline, type AirlineRefreshDeps } from './airline-changes/airline-refresh.js';
import { markChecked } from './airline-changes/store.js';
import { recordTransition } from './order-lifecycle.js';
import { lapsedHolds } from './order-store.js';
import { unlessBusy } from './write-lease.js';
import type { OrderRow } from '../platform/db/rows.js';

export const HOLD_LAPSE_SWEEP_JOB = 'orders.hold-lapse-sweep';

/**
 * After the deadline the airline is given this long before the gateway asks: its clock and ours
 * may differ by a little, and an airline cancels lapsed holds by its own sweep (the test airlines
 * every minute), so asking at the very second could read a hold that is about to go.
 */
export const HOLD_LAPSE_GRACE_MS = 2 * 60_000;
/** A hold the airline still keeps open past its deadline is asked again after this long, not every run. */
const RECHECK_MS = 15 * 60_000;
/** Holds re-read per run at most: one airline call each, the rest wait for the next run. */
const HOLDS_PER_RUN = 50;

/**
 * Holds past their payment deadline (plus the grace) are re-read from their airline (once per
 * cluster, every HOLD_LAPSE_SWEEP_SECONDS): what the airline says goes through the order lifecycle,
 * so a lapsed hold becomes `cancelled` with one `order.cancelled` (decided under the row lock, so
 * two runs or a client's refresh at once record it once), and a hold the airline extended gets its
 * new deadline. An airline that no longer knows the order (a refusal: not found) lapsed it long
 * ago; the gateway records the cancellation itself. An airline that cannot be reached is asked
 * again at the next run.
 */
export async function runHoldLapseSweep(deps: AirlineRefreshDeps): Promise<{ checked: number; cancelled: number }> {
  const now = deps.clock();
  const due = await lapsedHolds(deps.db, {
    lapsedBefore: new Date(now.getTime() - HOLD_LAPSE_GRACE_MS),
    checkedBefore: new Date(now.getTime() - RECHECK_MS),
    limit: HOLDS_PER_RUN,
  });
  const result = { checked: 0, cancelled: 0 };
  for (const order of due) {
    const detail = { payment_deadline: order.payment_deadline?.toISOString() ?? null };
    const outcome = await refreshFromAirline(deps, order, 'hold_lapse_sweep', detail);
    result.checked++;
    if (outcome.ok) {
      if (outcome.order.status === 'cancelled' && outcome.changed) result.cancelled++;
      continue;
    }
    if (outcome.failure.kind === 'not_found') {
      await recordLapse(deps, order, detail);
      result.cancelled++;
      continue;
    }
    // Retried after RECHECK_MS: a failing airline must not hold the head of the queue.
    await markChecked(deps.db, order.id, deps.clock());
    deps.logger.warn({ orderId: order.id, failure: outcome.failure }, 'hold lapse sweep: re-reading the hold failed');
  }
  if (result.checked > 0) deps.logger.info(result, 'hold lapse sweep');
  return result;
}

/** The airline has no such order any more: the gateway closes the hold itself, once (under the row lock). */
async function recordLapse(deps: AirlineRefreshDeps, order: OrderRow, detail: Record<string, unknown>): Promise<void> {
  await unlessBusy(
    deps,
    order.id,
    async () => {
      const at = deps.clock();
      await recordTransition(deps.db, order, {
        action: 'hold_lapsed',
        actor: { kind: 'system', id: HOLD_LAPSE_SWEEP_JOB, onBehalfOfAgencyId: null },
        at,
        status: 'cancelled',
        detail: { ...detail, reason: 'the airline no longer knows the order' },
        onlyIfChanged: true,
      });
      await markChecked(deps.db, order.id, at);
    },
    () => undefined,
  );
}
