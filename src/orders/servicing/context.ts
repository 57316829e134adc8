import type { ConnectorResult } from '../../connectors/connector-failure.js';
import type { Money } from '../../connectors/connector-types.js';
import type { OrderRef } from '../../connectors/order-types.js';
import { conflict } from '../../platform/errors.js';
import type { BookingDeps } from '../booking/service.js';
import { loadOrder } from '../order-access.js';
import type { OrderScope } from '../order-record.js';
import { isOpen } from '../order-status.js';
import { failureToHttp, type FailureContext } from '../../connectors/failure-http.js';
import type { OrderRow } from '../../platform/db/rows.js';

/** What every servicing flow shares: loading the caller's order and unwrapping airline answers. */
export type ServicingDeps = BookingDeps;

export interface Target {
  orderId: string;
  airline: string | undefined;
}

export const refOf = (o: OrderRow): OrderRef => ({ airlineOrderId: o.airline_order_id, owner: o.airline_owner });
export const zero = (currency: string): Money => ({ amountMinor: 0, currency });

export function unwrap<T>(r: ConnectorResult<T>, context: FailureContext = 'order'): T {
  if (!r.ok) throw failureToHttp(r.failure, context);
  return r.value;
}

export async function open(deps: ServicingDeps, scope: OrderScope, t: Target, airlineRequired = true) {
  const loaded = await loadOrder(deps, { scope, orderId: t.orderId, airline: t.airline, airlineRequired });
  return { ...loaded, ctx: { environment: scope.environment } };
}

export function requireOpen(order: OrderRow): void {
  if (!isOpen(order.status)) throw conflict(`order ${order.id} is ${order.status}`, 'order_closed');
}

export const airlineActor = (order: OrderRow) => ({ kind: 'airline' as const, id: order.airline, onBehalfOfAgencyId: null });
