import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import type { Connector } from '../connectors/connector.js';
import type { Db } from '../platform/db/database.js';
import type { OrderRow } from '../platform/db/rows.js';
import { badRequest, notFound } from '../platform/errors.js';
import { randomBase62 } from '../platform/ids.js';
import type { OrderScope } from './order-record.js';
import { findOrder, orderIdsNear } from './order-store.js';

/** Order ids start with the code of the source that booked it (`AA-ord_…`, `DUFFEL-ord_…`), so it is known without a lookup. */
export const newOrderId = (source: string): string => `${source}-ord_${randomBase62(20)}`;

const ORDER_ID_PREFIX = /^([A-Z0-9]{2,8})-ord_/;

export const sourceOfOrderId = (id: string): string | null => ORDER_ID_PREFIX.exec(id)?.[1] ?? null;

/** True when one insertion, deletion or substitution turns a into b. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

export function orderNotFound(id: string, suggestion: string | null) {
  return notFound(`order ${id} not found`, 'order_not_found', suggestion ? { did_you_mean: suggestion } : undefined);
}

/**
 * The checks every order-id path runs, in the contract's order: the airline must be named where
 * required; the order must be the agency's own (anything else is "not found" whatever `airline`
 * says, never a hint that it exists elsewhere); a named airline must be the order's carrier: its
 * owner airline (`ZZ` for a Duffel Airways order) or the source that booked it (`AA`, `VS`,
 * `DUFFEL`; for an airline reached directly the two are one). The stored order is compared first
 * and its operations go to the stored source, never to a connector guessed from the owner, so
 * `?airline=BA` on an AA order is a mismatch, not an unknown airline.
 */
export interface OrderRequest {
  scope: OrderScope;
  orderId: string;
  /** The request's `airline` query parameter, as sent. */
  airline: string | undefined;
  /** The operation is marked (R) in the contract: `airline` must be sent. */
  airlineRequired: boolean;
}

export async function loadOrder(
  { db, connectors }: { db: Db; connectors: ConnectorRegistry },
  { scope, orderId, airline, airlineRequired }: OrderRequest,
): Promise<{ order: OrderRow; connector: Connector }> {
  const named = airline?.trim().toUpperCase() || null;
  if (airlineRequired && !named)
    throw badRequest(
      "airline is required: add the order's airline as a query parameter, ?airline=AA (the order's `airline`)",
      'airline_required',
    );
  const order = await findOrder(db, { id: orderId, agencyId: scope.agencyId, environment: scope.environment });
  if (!order) {
    const near = await orderIdsNear(db, scope.agencyId, scope.environment, orderId.length);
    throw orderNotFound(orderId, near.find((id) => oneEditApart(orderId, id)) ?? null);
  }
  if (named && named !== order.airline && named !== order.source)
    throw badRequest('airline does not match the order', 'airline_mismatch');
  const connector = connectors.get(order.source);
  if (!connector) throw badRequest('unknown airline', 'unknown_airline');
  return { order, connector };
}
