import type { CallContext, AncillaryService } from '../connector-types.js';
import type { ConnectorResult } from '../connector-failure.js';
import type { OrderOperations, OrderRef } from '../order-types.js';
import { duffelBooking } from './duffel-booking.js';
import { duffelCancellation } from './duffel-cancellation.js';
import { duffelChanges } from './duffel-changes.js';
import { duffelOrderCalls, type DuffelOrderDeps } from './duffel-order-calls.js';
import { duffelServices } from './duffel-services.js';

export type { DuffelOrderDeps } from './duffel-order-calls.js';

/**
 * Orders at Duffel, one job per file: booking (instant and hold orders, reads, a hold's price),
 * services (bags and seats with the offer, bags after booking, paying a hold), changes (change
 * requests and change offers as reshop, airline-initiated changes) and cancellation (quote, confirm).
 */
export function duffelOrderOperations(deps: DuffelOrderDeps): OrderOperations & {
  orderServices(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<AncillaryService[]>>;
} {
  const calls = duffelOrderCalls(deps);
  return {
    ...duffelBooking(calls),
    ...duffelServices(calls),
    ...duffelChanges(calls),
    ...duffelCancellation(calls),
  };
}
