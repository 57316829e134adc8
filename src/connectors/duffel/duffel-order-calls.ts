import { formatMinor } from '../../platform/money.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { CallContext, Money } from '../connector-types.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import type { AirlineOrder, OrderRef, OrderSnapshot, PaymentInput } from '../order-types.js';
import type { DuffelOffer, DuffelOrder, DuffelSeatMap } from './duffel-api.js';
import type { DuffelOfferRef } from './duffel-offer-id.js';
import { airlineOrderOf } from './duffel-order-mapper.js';
import type { DuffelCall, DuffelEndpoint, DuffelTransport } from './duffel-transport.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';

/** What the order operations need from the connector: its transport, endpoints, offer ids and offer reads. */
export interface DuffelOrderDeps {
  transport: DuffelTransport;
  endpoint(environment: 'test' | 'live'): ConnectorResult<DuffelEndpoint>;
  offerIds: OfferIdAuthenticator;
  getOffer(ref: DuffelOfferRef, ctx: CallContext): Promise<ConnectorResult<DuffelOffer>>;
  getSeatMaps(ref: DuffelOfferRef, ctx: CallContext): Promise<ConnectorResult<DuffelSeatMap[]>>;
}

/** Who reads Duffel orders: an OrderSnapshot another connector read is not ours. */
export const DUFFEL_READER = 'DUFFEL';

/** A Duffel order as retrieveOrderJourneys read it, handed back within the same request (reshop). */
export interface DuffelOrderRead extends OrderSnapshot {
  readonly readBy: typeof DUFFEL_READER;
  readonly order: DuffelOrder;
}

const isDuffelRead = (snapshot: OrderSnapshot | undefined): snapshot is DuffelOrderRead =>
  snapshot?.readBy === DUFFEL_READER && 'order' in snapshot;

/** A payment from the agency's Duffel balance, as Duffel's payments and order changes take it. */
export type BalancePayment = { type: 'balance'; amount: string; currency: string };

export const unreadable = (what: string) => fail<never>(failure('bad_response', `Duffel's ${what} could not be read`));

/**
 * How the gateway pays Duffel: from the agency's Duffel balance. A card goes through Duffel's own
 * card vault and 3-D Secure sessions, which take no card details from us: refused before any call.
 */
export function balancePayment(payment: PaymentInput, amount: Money): ConnectorResult<BalancePayment> {
  if (payment.type === 'card') {
    return fail(
      failure(
        'refused',
        "Duffel takes payment from the agency's Duffel balance: pay with payment.type agency_account (card payments go through Duffel's own card vault)",
      ),
    );
  }
  // A trip credit is an NDC airline's own (the original ticket as payment); Duffel's orders take balance only.
  if (payment.type === 'airline_credit')
    return fail(
      failure('refused', "Duffel takes payment from the agency's Duffel balance: an airline's trip credit cannot pay it"),
    );
  return ok({ type: 'balance', amount: formatMinor(amount.amountMinor, amount.currency), currency: amount.currency });
}

export const sum = (items: Money[], currency: string): Money => ({
  amountMinor: items.reduce((n, m) => n + m.amountMinor, 0),
  currency: items[0]?.currency ?? currency,
});

/** The calls every order operation makes: one Duffel call in the order budget, an order read, its view. */
export function duffelOrderCalls(deps: DuffelOrderDeps) {
  async function call<T>(
    ctx: CallContext,
    c: Omit<DuffelCall, 'signal' | 'budgetMs'> & { budgetMs?: number },
  ): Promise<ConnectorResult<T>> {
    const target = deps.endpoint(ctx.environment);
    if (!target.ok) return target;
    const answer = await deps.transport.call<T>(target.value, { budgetMs: DUFFEL_BUDGETS_MS.order, ...c, signal: ctx.signal });
    return answer.ok ? ok(answer.value.data) : answer;
  }
  const getOrder = (ref: OrderRef, ctx: CallContext) =>
    call<DuffelOrder>(ctx, {
      method: 'GET',
      path: `/air/orders/${encodeURIComponent(ref.airlineOrderId)}`,
      budgetMs: DUFFEL_BUDGETS_MS.read,
      what: 'order',
    });
  /** The order as read moments ago in this request when handed back, else read now. */
  const orderAsRead = (ref: OrderRef, snapshot: OrderSnapshot | undefined, ctx: CallContext) =>
    isDuffelRead(snapshot) && snapshot.order.id === ref.airlineOrderId ? Promise.resolve(ok(snapshot.order)) : getOrder(ref, ctx);
  const view = (order: ConnectorResult<DuffelOrder>): ConnectorResult<AirlineOrder> => {
    if (!order.ok) return order;
    const read = airlineOrderOf(order.value);
    return read ? ok(read) : unreadable('order');
  };
  return { deps, call, getOrder, orderAsRead, view };
}

export type DuffelOrderCalls = ReturnType<typeof duffelOrderCalls>;
