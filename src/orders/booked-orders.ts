import type { BookedOrderResolver } from '../offers/offer-service.js';
import type { Db } from '../platform/db/database.js';
import { sourceOfOrderId } from './order-access.js';
import { findAgencyOrder } from './order-store.js';
import { requireOpen } from './servicing/context.js';

/**
 * The airline order behind an order id of the agency, for the offers feature's seats and services
 * paths (an order id is accepted where an offer id is). It needs only the order store, so app.ts
 * builds it before both features: offers reads orders through it, and neither waits on the other.
 */
export function createBookedOrderResolver(db: Db): BookedOrderResolver {
  return {
    async resolve(id, agencyId) {
      if (!agencyId || !sourceOfOrderId(id)) return null;
      const order = await findAgencyOrder(db, id, agencyId);
      if (!order) return null;
      // A closed order has no seats or services to add: 409 order_closed, before any airline call.
      requireOpen(order);
      return { source: order.source, airline: order.airline_owner, airlineOrderId: order.airline_order_id };
    },
  };
}
