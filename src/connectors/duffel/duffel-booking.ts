import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import { internationalPhone } from '../passenger-rules.js';
import type { CallContext, Money } from '../connector-types.js';
import type { OrderOperations, PaymentInput } from '../order-types.js';
import type { DuffelOrder } from './duffel-api.js';
import { decodeDuffelOfferId } from './duffel-offer-id.js';
import { money } from './duffel-offer-mapper.js';
import { PASSENGERS_KEY, REFERENCE_KEY } from './duffel-order-mapper.js';
import {
  balancePayment,
  DUFFEL_READER,
  sum,
  unreadable,
  type BalancePayment,
  type DuffelOrderCalls,
  type DuffelOrderRead,
} from './duffel-order-calls.js';
import type { DuffelAnswer } from './duffel-transport.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';

/** Pages of `GET /air/orders` read to find a seller reference (200 orders each). */
const REFERENCE_PAGES = 5;

/** Pays what Duffel says is due on a hold, from the balance (POST /air/payments). */
export async function payOrder(
  { call }: DuffelOrderCalls,
  { order, payment, amount }: { order: DuffelOrder; payment: PaymentInput; amount: Money | null },
  ctx: CallContext,
): Promise<ConnectorResult<unknown>> {
  const due = amount ?? money(order.total_amount, order.total_currency);
  if (!due) return unreadable('order total');
  const pay = balancePayment(payment, due);
  if (!pay.ok) return pay;
  return call(ctx, { method: 'POST', path: '/air/payments', data: { order_id: order.id, payment: pay.value }, what: 'payment' });
}

/**
 * Booking at Duffel: instant orders (paid from the balance) and holds, reading an order, finding
 * one by the seller reference kept in its metadata, and a hold's price as Duffel reads it now.
 */
export function duffelBooking(
  calls: DuffelOrderCalls,
): Pick<
  OrderOperations,
  'createOrder' | 'retrieveOrder' | 'retrieveOrderJourneys' | 'findOrderBySellerReference' | 'quoteOrder'
> {
  const { deps, call, getOrder, view } = calls;
  return {
    async createOrder(input, ctx) {
      const ref = decodeDuffelOfferId(deps.offerIds, input.offerId);
      if (!ref) return fail(failure('not_found', 'offer no longer available at airline'));
      const offer = await deps.getOffer(ref, ctx);
      if (!offer.ok) return offer;
      const offerTotal = money(offer.value.total_amount, offer.value.total_currency);
      if (!offerTotal) return unreadable('offer');
      const pax = offer.value.passengers;
      if (pax.length !== input.passengers.length) {
        return fail(failure('refused', `the offer is for ${pax.length} passengers, ${input.passengers.length} were given`));
      }
      const infants = input.passengers.map((p, i) => ({ p, id: pax[i]!.id })).filter(({ p }) => p.type === 'infant');
      const passengers = [];
      for (const [i, p] of input.passengers.entries()) {
        // Booking has refused these already (Connector.passengerDetails); Duffel's shape needs them.
        const given = p.phone ?? input.contact.phone;
        const phone = given ? internationalPhone(given) : null;
        if ((p.gender !== 'm' && p.gender !== 'f') || !phone) {
          return fail(
            failure('refused', `${p.passengerId}: Duffel's airlines need a gender (m or f) and an international phone number`),
          );
        }
        const adultIndex = input.passengers.slice(0, i).filter((q) => q.type === 'adult').length;
        const infant = p.type === 'adult' ? infants[adultIndex] : undefined;
        passengers.push({
          id: pax[i]!.id,
          given_name: p.givenName,
          family_name: p.familyName,
          born_on: p.bornOn,
          gender: p.gender,
          title: p.gender === 'm' ? 'mr' : 'ms',
          email: p.email ?? input.contact.email,
          phone_number: phone,
          ...(infant && { infant_passenger_id: infant.id }),
        });
      }
      const amount = sum([offerTotal, ...input.extras.map((e) => e.price)], offerTotal.currency);
      let payments: BalancePayment[] = [];
      if (input.payment.type !== 'hold') {
        const pay = balancePayment(input.payment, amount);
        if (!pay.ok) return pay;
        payments = [pay.value];
      }
      const metadata: Record<string, string> = {
        [PASSENGERS_KEY]: input.passengers.map((p, i) => `${p.passengerId}=${pax[i]!.id}`).join(','),
      };
      if (input.sellerReference) metadata[REFERENCE_KEY] = input.sellerReference;
      const created = await call<DuffelOrder>(ctx, {
        method: 'POST',
        path: '/air/orders',
        data: {
          type: input.payment.type === 'hold' ? 'hold' : 'instant',
          selected_offers: [offer.value.id],
          passengers,
          ...(payments.length > 0 && { payments }),
          ...(input.extras.length > 0 && { services: input.extras.map((e) => ({ id: e.airlineItemId, quantity: 1 })) }),
          metadata,
        },
        what: 'order',
      });
      return view(created);
    },

    async retrieveOrder(ref, ctx) {
      return view(await getOrder(ref, ctx));
    },

    async retrieveOrderJourneys(ref, ctx) {
      // Duffel's journeys are the order's slices (a round trip: out and home), each its segments.
      const read = await getOrder(ref, ctx);
      if (!read.ok) return read;
      const order = view(read);
      if (!order.ok) return order;
      const asRead: DuffelOrderRead = { readBy: DUFFEL_READER, order: read.value };
      return ok({ order: order.value, journeys: read.value.slices.map((s) => s.segments.map((x) => x.id)), asRead });
    },

    async findOrderBySellerReference(reference, ctx) {
      let after: string | null = null;
      for (let page = 0; page < REFERENCE_PAGES; page++) {
        const target = deps.endpoint(ctx.environment);
        if (!target.ok) return target;
        const listed: ConnectorResult<DuffelAnswer<DuffelOrder[]>> = await deps.transport.call(target.value, {
          method: 'GET',
          path: `/air/orders?limit=200${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          budgetMs: DUFFEL_BUDGETS_MS.read,
          signal: ctx.signal,
          what: 'orders list',
        });
        if (!listed.ok) return listed;
        const found = listed.value.data.find((o) => o.metadata?.[REFERENCE_KEY] === reference);
        if (found) return view(ok(found));
        after = listed.value.meta?.after ?? null;
        if (!after) return ok(null);
      }
      return fail(
        failure(
          'unavailable',
          `Duffel's order list is longer than ${REFERENCE_PAGES * 200} orders; the booking could not be looked for`,
        ),
      );
    },

    async quoteOrder(ref, ctx) {
      // A hold's price is the order's as Duffel reads it now; paying it names that amount.
      const order = view(await getOrder(ref, ctx));
      if (!order.ok) return order;
      return ok({ total: order.value.total, paymentDeadline: order.value.paymentDeadline, quoteId: null });
    },
  };
}
