import type { Logger } from 'pino';
import type { ConnectorFailure } from '../../connectors/connector-failure.js';
import type { ConnectorRegistry } from '../../connectors/connector-registry.js';
import type { Db } from '../../platform/db/database.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { canonicalJson } from '../canonical-json.js';
import { recordTransition } from '../order-lifecycle.js';
import { canMove } from '../order-status.js';
import { airlineActor, refOf } from '../servicing/context.js';
import { findOrder } from '../order-store.js';
import { unlessBusy } from '../write-lease.js';
import { markChecked } from './store.js';

export interface AirlineRefreshDeps {
  db: Db;
  connectors: ConnectorRegistry;
  clock: () => Date;
  logger: Logger;
}

/** Why the gateway re-reads: an airline's notification, the safety-net sweep, a hold past its payment deadline. */
export type RefreshAction = 'airline_notification' | 'airline_sweep' | 'hold_lapse_sweep';

export type RefreshOutcome =
  /** `busy`: another write held the order; nothing was read or written (try again later). */
  | { ok: true; order: OrderRow; changed: boolean; busy?: true }
  | { ok: false; failure: ConnectorFailure | { kind: 'unknown_airline'; message: string } };

/**
 * Re-reads one order from its airline, on the gateway's own initiative (an airline notification,
 * the safety-net sweep), and applies what changed through the order lifecycle: a history entry
 * with actor `airline` and the event the move announces (`order.updated`, `order.cancelled`, …).
 * An unchanged view writes nothing but the check time, so the same news twice changes nothing twice.
 * It holds the order's write lease (write-lease.ts): while a client's write of the order runs, the
 * order is skipped (`busy`) rather than making that client wait or fail.
 */
export async function refreshFromAirline(
  deps: AirlineRefreshDeps,
  order: OrderRow,
  action: RefreshAction,
  detail: Record<string, unknown> = {},
): Promise<RefreshOutcome> {
  return unlessBusy(
    deps,
    order.id,
    async () => {
      // As it is now: the order handed in was read before the lease, perhaps before a write finished.
      const current = await findOrder(deps.db, { id: order.id, agencyId: order.agency_id, environment: order.environment });
      return reread(deps, current ?? order, action, detail);
    },
    () => ({ ok: true, order, changed: false, busy: true }),
  );
}

async function reread(
  deps: AirlineRefreshDeps,
  order: OrderRow,
  action: RefreshAction,
  detail: Record<string, unknown>,
): Promise<RefreshOutcome> {
  const connector = deps.connectors.get(order.source);
  if (!connector)
    return { ok: false, failure: { kind: 'unknown_airline', message: `airline ${order.airline} is not connected` } };
  const fresh = await connector.retrieveOrder(refOf(order), { environment: order.environment });
  const at = deps.clock();
  if (!fresh.ok) return { ok: false, failure: fresh.failure };
  const view = fresh.value;
  const sameView = canonicalJson(view) === canonicalJson(order.details.airline);
  let current = order;
  if (!sameView || (view.status !== order.status && canMove(order.status, view.status))) {
    current = await recordTransition(deps.db, order, {
      action,
      actor: airlineActor(order),
      at,
      airline: view,
      detail: { notices: view.notices, ...detail },
      onlyIfChanged: true,
    });
  }
  await markChecked(deps.db, order.id, at);
  // Written only when the lifecycle applied something: its updated_at is then this refresh's time.
  return { ok: true, order: current, changed: current.updated_at.getTime() === at.getTime() && current !== order };
}
