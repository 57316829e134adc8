import { fail, failure, ok, type ConnectorResult } from '../../connector-failure.js';
import type { CallContext } from '../../connector-types.js';
import type {
  AirlineOrder,
  ExtraRequest,
  OrderOperations,
  OrderRef,
  OrderSnapshot,
  PaymentInput,
  PricedExtra,
} from '../../order-types.js';
import type { OfferIdAuthenticator } from '../../offer-id-auth.js';
import type { NdcAirlineProfile } from '../ndc-airline-profile.js';
import { decodeNdcOfferId } from '../offer-ref.js';
import { paxList } from '../passengers.js';
import type { Seller } from '../seller.js';
import type { NdcEndpoint, NdcTransport } from '../ndc-transport.js';
import type { Parsed } from '../ndc-xml.js';
import { priceSeats, priceServices, seatRequest, serviceRequest, type ExtrasSubject } from './extras-pricing.js';
import {
  cancelQuoteRequest,
  orderChangeRequest,
  orderBySellerReferenceRequest,
  orderCreateRequest,
  orderQuoteRequest,
  orderRetrieveRequest,
  partialCancelQuoteRequest,
  reshopRequest,
} from './order-requests.js';
import { deleteOrderItems } from './partial-cancel.js';
import { readJourneys, readOrderView } from './order-view-reader.js';
import { decodeReshopOfferId } from './reshop-offer-id.js';
import { readCancelQuote, readRepricedOrder, readReshopOffers } from './reshop-reader.js';

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
interface NdcOrderSnapshot extends OrderSnapshot {
  answer: Parsed;
  order: AirlineOrder;
}

/** The order messages, each with its time budget in the profile. */
type OrderMessage =
  'OrderCreate' | 'OrderChange' | 'OrderRetrieve' | 'OrderQuote' | 'OrderReshop' | 'SeatAvailability' | 'ServiceList';

const unreadable = (message: string) => fail<never>(failure('bad_response', `the airline's ${message} answer could not be read`));

/**
 * The order half of an NDC connector: 21.3 OrderCreate, OrderRetrieve, OrderReshop, OrderQuote,
 * OrderChange. Order messages book, ticket and take payment at the airline and are the slowest it
 * answers; their budgets (profile.budgetsMs) are the longest, since giving up early leaves an unknown outcome.
 */
export function ndcOrderOperations(deps: NdcOrderDeps): OrderOperations {
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
  /** The order as the airline holds it now: the OrderRetrieveRS and our view of it. */
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

  return {
    async priceExtras(subject, extras, ctx) {
      if (subject.kind === 'order') return priceExtras({ kind: 'order', ref: subject.ref }, extras, ctx);
      const ref = decodeNdcOfferId(profile.code, subject.offerId, deps.offerIds);
      const part = ref?.parts[0];
      if (!ref || !part) return fail(failure('not_found', 'offer no longer available at airline'));
      return priceExtras({ kind: 'offer', offerId: part.offerId, owner: part.owner, pax: paxList(ref.passengers) }, extras, ctx);
    },

    async createOrder(input, ctx) {
      const ref = decodeNdcOfferId(profile.code, input.offerId, deps.offerIds);
      if (!ref) return fail(failure('not_found', 'offer no longer available at airline'));
      const xml = orderCreateRequest(deps.seller, {
        parts: ref.parts,
        passengers: input.passengers,
        contact: input.contact,
        extras: input.extras,
        payment: carried(input.payment),
        amount: input.expectedTotal,
        sellerReference: input.sellerReference ?? null,
      });
      return view(await call('OrderCreate', xml, ctx), 'OrderCreate');
    },

    async retrieveOrder(ref, ctx) {
      return view(await call('OrderRetrieve', orderRetrieveRequest(deps.seller, ref), ctx), 'OrderRetrieve');
    },

    async findOrderBySellerReference(reference, ctx) {
      const answer = await call('OrderRetrieve', orderBySellerReferenceRequest(deps.seller, reference), ctx);
      // An unknown reference is answered with the airline's "not found" error; nothing else means "none".
      if (!answer.ok) {
        const none = answer.failure.kind === 'refused' && profile.errorTexts.orderNotFound.test(answer.failure.message);
        return none ? ok(null) : answer;
      }
      return view(answer, 'OrderRetrieve');
    },

    async quoteOrder(ref, ctx) {
      const answer = await call('OrderQuote', orderQuoteRequest(deps.seller, ref), ctx);
      if (!answer.ok) return answer;
      const quote = readRepricedOrder(answer.value, profile.clockZone);
      if (quote !== 'unchanged') return quote ? ok(quote) : unreadable('OrderQuote');
      // The price stands: it is the order's, as the airline holds it, with nothing new to accept.
      const held = await readOrder(ref, ctx);
      if (!held.ok) return held;
      return ok({ total: held.value.order.total, paymentDeadline: held.value.order.paymentDeadline, quoteId: null });
    },

    async changeOrder(ref, change, ctx) {
      const xml = orderChangeRequest(
        deps.seller,
        ref,
        { kind: 'extras', extras: change.extras },
        { payment: carried(change.payment), amount: change.amount },
      );
      return view(await call('OrderChange', xml, ctx), 'OrderChange');
    },

    async retrieveOrderJourneys(ref, ctx) {
      const read = await readOrder(ref, ctx);
      if (!read.ok) return read;
      return ok({ order: read.value.order, journeys: readJourneys(read.value.answer), asRead: read.value });
    },

    async reshopOrder(ref, request, ctx) {
      // The order as the reissue's scope check just read it, or a read of our own.
      const given = request.asRead?.readBy === profile.code ? (request.asRead as NdcOrderSnapshot) : null;
      const read = given ? ok(given) : await readOrder(ref, ctx);
      if (!read.ok) return read;
      const current = read.value;
      const { flightItemIds } = current.order;
      // One journey: its services deleted, the other journeys' retained; else every flight item whole.
      const deletions = request.segmentIds?.length
        ? deleteOrderItems(current.answer, { passengerIds: [], segmentIds: request.segmentIds, extraIds: [] }).filter((d) =>
            flightItemIds.includes(d.OrderItemRefID),
          )
        : flightItemIds.map((id) => ({ OrderItemRefID: id }));
      if (deletions.length === 0) return fail(failure('refused', 'nothing of the order matches the segments to change'));
      const answer = await call('OrderReshop', reshopRequest(deps.seller, ref, request, deletions), ctx);
      if (!answer.ok) return answer;
      const offers = readReshopOffers(answer.value, profile);
      for (const o of offers) o.offer.offerId = deps.offerIds.sign(o.offer.offerId);
      return ok(offers);
    },

    reshopAmountDue(offerIds) {
      const refs = offerIds.map((id) => decodeReshopOfferId(profile.code, id, deps.offerIds));
      if (refs.some((r) => r === null)) return null;
      return { amountMinor: refs.reduce((sum, r) => sum + r!.due.amountMinor, 0), currency: refs[0]!.due.currency };
    },

    async acceptReshopOffers(ref, offerIds, payment, ctx) {
      const refs = offerIds.map((id) => decodeReshopOfferId(profile.code, id, deps.offerIds));
      if (refs.some((r) => r === null)) return fail(failure('not_found', 'reshop offer no longer available at airline'));
      const currency = refs[0]!.due.currency;
      const due = refs.reduce((sum, r) => sum + r!.due.amountMinor, 0);
      const amount = due > 0 ? { amountMinor: due, currency } : null;
      const xml = orderChangeRequest(
        deps.seller,
        ref,
        { kind: 'reshop', offerIds: refs.map((r) => r!.offerId) },
        { payment: amount ? carried(payment) : null, amount },
      );
      const changed = view(await call('OrderChange', xml, ctx), 'OrderChange');
      if (!changed.ok) return changed;
      // The airline takes exactly the offers' amount due (it refuses any other payment): that is the charge.
      const penalties = refs.map((r) => r!.penalty);
      const penalty = penalties.every((p) => p?.currency === currency)
        ? { amountMinor: penalties.reduce((sum, p) => sum + p!.amountMinor, 0), currency }
        : null;
      return ok({ order: changed.value, charged: { amount: { amountMinor: due, currency }, penalty } });
    },

    async cancelQuote(ref, ctx) {
      const answer = await call('OrderReshop', cancelQuoteRequest(deps.seller, ref), ctx);
      if (!answer.ok) return answer;
      const quote = readCancelQuote(answer.value, profile.clockZone);
      return quote ? ok(quote) : unreadable('OrderReshop');
    },

    async partialCancelQuote(ref, part, ctx) {
      const current = await call('OrderRetrieve', orderRetrieveRequest(deps.seller, ref), ctx);
      if (!current.ok) return current;
      const deletions = deleteOrderItems(current.value, part);
      if (deletions.length === 0) return fail(failure('refused', 'nothing of the order matches the part to cancel'));
      const answer = await call('OrderReshop', partialCancelQuoteRequest(deps.seller, ref, deletions), ctx);
      if (!answer.ok) return answer;
      const quote = readCancelQuote(answer.value, profile.clockZone);
      return quote ? ok(quote) : unreadable('OrderReshop');
    },

    async acceptChange(ref, flightItemIds, ctx) {
      const xml = orderChangeRequest(deps.seller, ref, { kind: 'accept-change', itemIds: flightItemIds });
      return view(await call('OrderChange', xml, ctx), 'OrderChange');
    },

    async acceptCancel(ref, quoteId, ctx) {
      const answer = await call('OrderChange', orderChangeRequest(deps.seller, ref, { kind: 'cancel', offerId: quoteId }), ctx);
      if (!answer.ok) return answer;
      return ok(readOrderView(answer.value, profile));
    },
  };
}
