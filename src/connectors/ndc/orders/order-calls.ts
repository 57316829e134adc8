import { fail, failure, ok, type ConnectorResult } from '../../connector-failure.js';
import type { CallContext } from '../../connector-types.js';
import type { AirlineOrder, ExtraRequest, OrderRef, OrderSnapshot, PaymentInput, PricedExtra } from '../../order-types.js';
import type { OfferIdAuthenticator } from '../../offer-id-auth.js';
import type { NdcAirlineProfile } from '../ndc-airline-profile.js';
import type { Seller } from '../seller.js';
import type { NdcEndpoint, NdcTransport } from '../ndc-transport.js';
import type { Parsed } from '../ndc-xml.js';
import { priceSeats, priceServices, seatRequest, serviceRequest, type ExtrasSubject } from './extras-pricing.js';
import { orderRetrieveRequest } from './order-requests.js';
import { readOrderView } from './order-view-reader.js';

export interface NdcOrderDeps {
  /** The airline: its code, order budgets, error texts and service rule. */
  profile: NdcAirlineProfile;
  transport: NdcTransport;
  endpoint(environment: 'test' | 'live'): ConnectorResult<NdcEndpoint>;
  seller: Seller;
  /** Opens the offer ids orders are made from, and signs the reshop offer ids handed out (offer-id-auth.ts). */
  offerIds: OfferIdAuthenticator;
}

/** An OrderRetrieveRS as this connector read it (readBy: its airline code): the answer itself, and our view of it. */
export interface NdcOrderSnapshot extends OrderSnapshot {
  answer: Parsed;
  order: AirlineOrder;
}

/** The order messages, each with its time budget in the profile. */
type OrderMessage =
  'OrderCreate' | 'OrderChange' | 'OrderRetrieve' | 'OrderQuote' | 'OrderReshop' | 'SeatAvailability' | 'ServiceList';

export const unreadable = (message: string) =>
  fail<never>(failure('bad_response', `the airline's ${message} answer could not be read`));

/** What every order operation builds on: one message to the airline, its answer read as an order, extras priced. */
export interface OrderCalls {
  deps: NdcOrderDeps;
  /** The payment as the airline takes it: a 3-D Secure result only where its payments carry one. */
  carried<P extends PaymentInput | null>(payment: P): P;
  call(message: OrderMessage, xml: string, ctx: CallContext): Promise<ConnectorResult<Parsed>>;
  view(answer: ConnectorResult<Parsed>, message: string): ConnectorResult<AirlineOrder>;
  /** The order as the airline holds it now: the OrderRetrieveRS and our view of it. */
  readOrder(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<NdcOrderSnapshot>>;
  priceExtras(subject: ExtrasSubject, extras: ExtraRequest[], ctx: CallContext): Promise<ConnectorResult<PricedExtra[]>>;
}

export function orderCalls(deps: NdcOrderDeps): OrderCalls {
  const { profile } = deps;
  // A 3-D Secure result goes only to an airline whose payments carry one (profile.securePayment);
  // the gateway refuses it at booking for the others, and servicing payments leave it out for them.
  const carried = <P extends PaymentInput | null>(payment: P): P =>
    payment?.type === 'card' && payment.authentication && profile.securePayment === null
      ? ({ type: payment.type, card: payment.card } as P)
      : payment;
  async function call(message: OrderMessage, xml: string, ctx: CallContext): Promise<ConnectorResult<Parsed>> {
    const target = deps.endpoint(ctx.environment);
    if (!target.ok) return target;
    return deps.transport.call(target.value, { message, xml, budgetMs: profile.budgetsMs[message], signal: ctx.signal });
  }
  const view = (answer: ConnectorResult<Parsed>, message: string): ConnectorResult<AirlineOrder> => {
    if (!answer.ok) return answer;
    const order = readOrderView(answer.value, profile);
    return order ? ok(order) : unreadable(message);
  };
  async function readOrder(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<NdcOrderSnapshot>> {
    const answer = await call('OrderRetrieve', orderRetrieveRequest(deps.seller, ref), ctx);
    const order = view(answer, 'OrderRetrieve');
    if (!order.ok || !answer.ok) return order.ok ? unreadable('OrderRetrieve') : order;
    return ok({ readBy: profile.code, answer: answer.value, order: order.value });
  }

  async function priceExtras(
    subject: ExtrasSubject,
    extras: ExtraRequest[],
    ctx: CallContext,
  ): Promise<ConnectorResult<PricedExtra[]>> {
    const seats = extras.filter((e): e is Extract<ExtraRequest, { kind: 'seat' }> => e.kind === 'seat');
    const services = extras.filter((e): e is Extract<ExtraRequest, { kind: 'service' }> => e.kind === 'service');
    const out: PricedExtra[] = [];
    if (seats.length > 0) {
      const answer = await call('SeatAvailability', seatRequest(deps.seller, subject), ctx);
      if (!answer.ok) return answer;
      const priced = priceSeats(answer.value, seats);
      if (!priced.ok) return priced;
      out.push(...priced.value);
    }
    if (services.length > 0) {
      const answer = await call('ServiceList', serviceRequest(deps.seller, subject), ctx);
      if (!answer.ok) return answer;
      const priced = priceServices(answer.value, services, profile.sameService);
      if (!priced.ok) return priced;
      out.push(...priced.value);
    }
    return ok(out);
  }

  return { deps, carried, call, view, readOrder, priceExtras };
}
