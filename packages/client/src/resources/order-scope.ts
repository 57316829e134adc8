import type { CallOptions } from '../transport.js';

/** What a call on one order takes last: its `airline`, derived from the order id when not given. */
export interface OrderCallOptions extends CallOptions {
  /**
   * The order's owner airline or the source that booked it (`AA`, `VS`, `DUFFEL`), as the
   * contract's `airline` query parameter. By default the source its id starts with (`AA-ord_…`).
   */
  airline?: string;
}

const ORDER_ID_PREFIX = /^([A-Z0-9]{2,8})-ord_/;

/** The source that booked an order, read from its id (`AA-ord_…` → `AA`); undefined for an id of another shape. */
export function airlineOfOrderId(orderId: string): string | undefined {
  return ORDER_ID_PREFIX.exec(orderId)?.[1];
}

/** The path, `airline` and signal of a call on one order (`tail`: '/commit', '/cancel/confirm'…). */
export function orderScope(orderId: string, tail: string, { airline, signal }: OrderCallOptions) {
  if (typeof orderId !== 'string' || orderId === '') throw new TypeError('orderId must be a non-empty string');
  return {
    path: `/v1/orders/${encodeURIComponent(orderId)}${tail}`,
    query: { airline: airline ?? airlineOfOrderId(orderId) },
    signal,
  };
}
