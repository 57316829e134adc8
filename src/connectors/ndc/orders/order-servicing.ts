import { fail, failure, ok } from '../../connector-failure.js';
import type { OrderOperations } from '../../order-types.js';
import {
  cancelQuoteRequest,
  orderChangeRequest,
  orderRetrieveRequest,
  partialCancelQuoteRequest,
  reshopRequest,
} from './order-requests.js';
import { unreadable, type NdcOrderSnapshot, type OrderCalls } from './order-calls.js';
import { deleteOrderItems } from './partial-cancel.js';
import { readOrderView } from './order-view-reader.js';
import { decodeReshopOfferId } from './reshop-offer-id.js';
import { readCancelQuote, readReshopOffers } from './reshop-reader.js';

/** Changing a booked order's flights (reshop offers, then accepting them) and cancelling it, whole or in part. */
export type OrderServicing = Pick<
  OrderOperations,
  'reshopOrder' | 'reshopAmountDue' | 'acceptReshopOffers' | 'cancelQuote' | 'partialCancelQuote' | 'acceptCancel'
>;

/** The servicing half of the NDC order operations: 21.3 OrderReshop and the OrderChange that accepts its offers. */
export function orderServicing({ deps, carried, call, view, readOrder }: OrderCalls): OrderServicing {
  const { profile } = deps;
  return {
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

    async acceptCancel(ref, quoteId, ctx) {
      const answer = await call('OrderChange', orderChangeRequest(deps.seller, ref, { kind: 'cancel', offerId: quoteId }), ctx);
      if (!answer.ok) return answer;
      return ok(readOrderView(answer.value, profile));
    },
  };
}
