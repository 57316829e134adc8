import { fail, failure, ok } from '../../connector-failure.js';
import type { OrderOperations } from '../../order-types.js';
import { decodeNdcOfferId } from '../offer-ref.js';
import { paxList } from '../passengers.js';
import { orderCalls, type NdcOrderDeps } from './order-calls.js';
import { orderServicing } from './order-servicing.js';
import {
  orderChangeRequest,
  orderBySellerReferenceRequest,
  orderCreateRequest,
  orderQuoteRequest,
  orderRetrieveRequest,
} from './order-requests.js';
import { readJourneys } from './order-view-reader.js';
import { unreadable } from './order-calls.js';
import { readRepricedOrder } from './reshop-reader.js';

export type { NdcOrderDeps } from './order-calls.js';

/**
 * The order half of an NDC connector: 21.3 OrderCreate, OrderRetrieve, OrderReshop, OrderQuote,
 * OrderChange. Order messages book, ticket and take payment at the airline and are the slowest it
 * answers; their budgets (profile.budgetsMs) are the longest, since giving up early leaves an unknown outcome.
 */
export function ndcOrderOperations(deps: NdcOrderDeps): OrderOperations {
  const { profile } = deps;
  const calls = orderCalls(deps);
  const { carried, call, view, readOrder, priceExtras } = calls;

  return {
    ...orderServicing(calls),

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

    async acceptChange(ref, flightItemIds, ctx) {
      const xml = orderChangeRequest(deps.seller, ref, { kind: 'accept-change', itemIds: flightItemIds });
      return view(await call('OrderChange', xml, ctx), 'OrderChange');
    },
  };
}
