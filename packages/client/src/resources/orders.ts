import { PageIterator } from '../pages.js';
import type { QueryOf, RequestBody, ResponseBody } from '../operation-types.js';
import type { CallOptions, Transport } from '../transport.js';
import { orderScope, type OrderCallOptions } from './order-scope.js';

export interface CreateOrderOptions extends CallOptions {
  /**
   * The booking's `Idempotency-Key` (at most 128 characters): a new random one per call by default,
   * the same on every retry of that call. Pass your own to make a repeat of the call after a crash
   * answer the first booking instead of booking twice.
   */
  idempotencyKey?: string;
}

type ListOrdersQuery = Omit<QueryOf<'listOrders'>, 'cursor'>;

/** Book, pay, read, list, change and cancel orders. Every call on one order names its airline for you. */
export function ordersResource(transport: Transport) {
  return {
    /** POST /v1/orders: books an offer, ticketed at once or as a hold (`payment.type: 'hold'`). */
    create(body: RequestBody<'createOrder'>, { idempotencyKey = crypto.randomUUID(), ...options }: CreateOrderOptions = {}) {
      return transport.json<ResponseBody<'createOrder'>>({
        method: 'POST',
        path: '/v1/orders',
        body,
        idempotencyKey,
        ...options,
      });
    },

    /** GET /v1/orders/{orderID}; `refresh: true` re-reads it from the airline. */
    get(orderId: string, { refresh, ...options }: OrderCallOptions & { refresh?: boolean } = {}) {
      const scope = orderScope(orderId, '', options);
      // Reading needs no airline: one is sent only when the caller names it.
      const query: QueryOf<'getOrder'> = { airline: options.airline, refresh };
      return transport.json<ResponseBody<'getOrder'>>({ method: 'GET', ...scope, query });
    },

    /** GET /v1/orders, every page: `for await (const order of client.orders.list({ status: 'hold' }))`. */
    list(query: ListOrdersQuery = {}, options: CallOptions = {}) {
      return new PageIterator(
        (cursor) =>
          transport.json<ResponseBody<'listOrders'>>({
            method: 'GET',
            path: '/v1/orders',
            query: { ...query, cursor },
            ...options,
          }),
        (page) => page.orders,
      );
    },

    /** GET /v1/orders/{orderID}/history: what happened to the order, oldest first. */
    history(orderId: string, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'getOrderHistory'>>({ method: 'GET', ...orderScope(orderId, '/history', options) });
    },

    /** POST /v1/orders/{orderID}/commit: pays a hold (and any pending seats or bags); agency account by default. */
    pay(orderId: string, body: RequestBody<'payOrder'> = {}, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'payOrder'>>({ method: 'POST', ...orderScope(orderId, '/commit', options), body });
    },

    /** PUT /v1/orders/{orderID}: adds seats or services, or changes the contact. */
    update(orderId: string, body: RequestBody<'changeOrder'>, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'changeOrder'>>({ method: 'PUT', ...orderScope(orderId, '', options), body });
    },

    /** POST /v1/orders/{orderID}/quote: what the order costs now. */
    quote(orderId: string, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'quoteOrder'>>({ method: 'POST', ...orderScope(orderId, '/quote', options) });
    },

    /** POST /v1/orders/{orderID}/reshop: other flights the order could move to (confirm one with `confirmChange`). */
    reshop(orderId: string, body: RequestBody<'reshopOrder'> = {}, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'reshopOrder'>>({ method: 'POST', ...orderScope(orderId, '/reshop', options), body });
    },

    /** POST /v1/orders/{orderID}/change: quotes a change (reissue, ancillaries, cancelling segments). */
    change(orderId: string, body: RequestBody<'quoteOrderChange'> = {}, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'quoteOrderChange'>>({
        method: 'POST',
        ...orderScope(orderId, '/change', options),
        body,
      });
    },

    /** POST /v1/orders/{orderID}/change/confirm: moves the order to a reshop offer (`offer_id`). */
    confirmChange(orderId: string, body: RequestBody<'confirmOrderChange'>, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'confirmOrderChange'>>({
        method: 'POST',
        ...orderScope(orderId, '/change/confirm', options),
        body,
      });
    },

    /** POST /v1/orders/{orderID}/cancel: quotes a cancellation (refund versus penalty); nothing is cancelled yet. */
    cancel(orderId: string, body: RequestBody<'quoteOrderCancellation'> = {}, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'quoteOrderCancellation'>>({
        method: 'POST',
        ...orderScope(orderId, '/cancel', options),
        body,
      });
    },

    /** POST /v1/orders/{orderID}/cancel/confirm: cancels, as quoted (`cancellation_quote_id`). */
    confirmCancel(orderId: string, body: RequestBody<'confirmOrderCancellation'> = {}, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'confirmOrderCancellation'>>({
        method: 'POST',
        ...orderScope(orderId, '/cancel/confirm', options),
        body,
      });
    },

    /** DELETE /v1/orders/{orderID}: cancels at once, without a quote (a hold's seats go back). */
    cancelWithoutQuote(orderId: string, options: OrderCallOptions = {}) {
      return transport.json<void>({ method: 'DELETE', ...orderScope(orderId, '', options) });
    },

    /** GET /v1/orders/{orderID}/refund-eligibility: whether, and how much, a refund would return. */
    refundEligibility(orderId: string, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'getRefundEligibility'>>({
        method: 'GET',
        ...orderScope(orderId, '/refund-eligibility', options),
      });
    },

    /** POST /v1/orders/{orderID}/refund: refunds a cancelled ticketed order (202). */
    refund(orderId: string, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'refundOrder'>>({ method: 'POST', ...orderScope(orderId, '/refund', options) });
    },

    /** POST /v1/orders/{orderID}/acknowledge-changes: accepts the airline's schedule change. */
    acknowledgeChanges(orderId: string, body: RequestBody<'acknowledgeOrderChanges'> = {}, options: OrderCallOptions = {}) {
      return transport.json<ResponseBody<'acknowledgeOrderChanges'>>({
        method: 'POST',
        ...orderScope(orderId, '/acknowledge-changes', options),
        body,
      });
    },
  };
}

export type OrdersResource = ReturnType<typeof ordersResource>;
