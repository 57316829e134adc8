import { formatMinor } from '../../platform/money.js';
import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { AncillaryService, CallContext, Money } from '../connector-types.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import type {
  AirlineOrder,
  CancelQuote,
  ExtraRequest,
  OrderOperations,
  OrderRef,
  PaymentInput,
  PricedExtra,
  ReshopOffer,
} from '../order-types.js';
import type {
  AirlineInitiatedChange,
  DuffelOffer,
  DuffelOrder,
  DuffelOrderCancellation,
  DuffelOrderChangeOffer,
  DuffelSeatMap,
} from './duffel-api.js';
import { seatService, servicesOf, serviceName } from './duffel-extras-mapper.js';
import { decodeDuffelOfferId, encodeDuffelOfferId, type DuffelOfferRef } from './duffel-offer-id.js';
import { money, offerOf } from './duffel-offer-mapper.js';
import {
  airlineOrderOf,
  creditTotal,
  duffelPassengerId,
  PASSENGERS_KEY,
  passengerIdsOf,
  REFERENCE_KEY,
} from './duffel-order-mapper.js';
import type { DuffelAnswer, DuffelCall, DuffelEndpoint, DuffelTransport } from './duffel-transport.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';

export interface DuffelOrderDeps {
  transport: DuffelTransport;
  endpoint(environment: 'test' | 'live'): ConnectorResult<DuffelEndpoint>;
  offerIds: OfferIdAuthenticator;
  getOffer(ref: DuffelOfferRef, ctx: CallContext): Promise<ConnectorResult<DuffelOffer>>;
  getSeatMaps(ref: DuffelOfferRef, ctx: CallContext): Promise<ConnectorResult<DuffelSeatMap[]>>;
}

/** Pages of `GET /air/orders` read to find a seller reference (200 orders each). */
const REFERENCE_PAGES = 5;

const unreadable = (what: string) => fail<never>(failure('bad_response', `Duffel's ${what} could not be read`));

/**
 * How the gateway pays Duffel: from the agency's Duffel balance. A card goes through Duffel's own
 * card vault and 3-D Secure sessions, which take no card details from us: refused before any call.
 */
function balancePayment(
  payment: PaymentInput,
  amount: Money,
): ConnectorResult<{ type: 'balance'; amount: string; currency: string }> {
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

const sum = (items: Money[], currency: string): Money => ({
  amountMinor: items.reduce((n, m) => n + m.amountMinor, 0),
  currency: items[0]?.currency ?? currency,
});

/** Duffel's cancellation as our quote: cash to the form of payment or balance, or airline credits / a voucher. */
export function cancelQuoteOf(c: DuffelOrderCancellation, currency: string): CancelQuote {
  const refund = money(c.refund_amount, c.refund_currency) ?? { amountMinor: 0, currency };
  const asCredit = c.refund_to === 'airline_credits' || c.refund_to === 'voucher';
  const credits = creditTotal(c.airline_credits ?? [], refund.currency);
  return {
    quoteId: c.id,
    refund: asCredit ? { amountMinor: 0, currency: refund.currency } : refund,
    credit: asCredit ? (credits.amountMinor > 0 ? credits : refund) : { amountMinor: 0, currency: refund.currency },
    penalty: { amountMinor: 0, currency: refund.currency },
    expiresAt: c.expires_at ?? null,
  };
}

/** A change offer as a reshop offer: the new slices, what the change costs (negative: comes back). */
export function reshopOfferOf(change: DuffelOrderChangeOffer, order: DuffelOrder, ids: OfferIdAuthenticator): ReshopOffer | null {
  const currency = change.change_total_currency ?? change.new_total_currency ?? order.total_currency;
  const due = money(change.change_total_amount, currency);
  const penalty = money(change.penalty_amount, change.penalty_currency ?? currency) ?? { amountMinor: 0, currency };
  const total = money(change.new_total_amount, change.new_total_currency ?? currency);
  if (!due || !total) return null;
  const counts = { adults: 0, children: 0, infants: 0 };
  for (const p of order.passengers) {
    if (p.type === 'infant_without_seat') counts.infants++;
    else if (p.type === 'child') counts.children++;
    else counts.adults++;
  }
  const offer = offerOf(
    {
      id: change.id,
      owner: order.owner,
      total_amount: change.new_total_amount ?? '0',
      total_currency: change.new_total_currency ?? currency,
      base_amount: change.new_total_amount ?? '0',
      base_currency: change.new_total_currency ?? currency,
      tax_amount: null,
      tax_currency: null,
      expires_at: change.expires_at,
      passengers: order.passengers.map((p) => ({ id: p.id, type: p.type, age: null, fare_type: null })),
      payment_requirements: { requires_instant_payment: true, payment_required_by: null, price_guarantee_expires_at: null },
      conditions: order.conditions,
      slices: change.slices.add.map((slice) => ({
        ...slice,
        duration: slice.duration ?? null,
        conditions: {
          change_before_departure: null,
          refund_before_departure: null,
          advance_seat_selection: null,
          priority_boarding: null,
          priority_check_in: null,
        },
        ngs_shelf: null,
        comparison_key: '',
        segments: slice.segments.map((s) => ({ ...s, stops: [], passengers: [] })),
      })),
    } as unknown as Omit<DuffelOffer, 'available_services'>,
    encodeDuffelOfferId(ids, change.id, counts),
  );
  if (!offer) return null;
  const fareDifference = { amountMinor: due.amountMinor - penalty.amountMinor, currency: due.currency };
  const lower =
    due.amountMinor < 0
      ? {
          method: change.refund_to === 'voucher' ? ('credit' as const) : ('original_form_of_payment' as const),
          amount: { amountMinor: -due.amountMinor, currency: due.currency },
          description: `Duffel refunds to ${change.refund_to}`,
        }
      : null;
  return { offer, fareDifference, lowerFareDifference: lower, penalty, amountDue: due };
}

/**
 * Orders at Duffel: instant (paid from the balance) and hold orders, payments of holds, services
 * after booking, change requests and change offers (reshop), cancellations with a quote, and the
 * acceptance of airline-initiated changes.
 */
export function duffelOrderOperations(deps: DuffelOrderDeps): OrderOperations & {
  orderServices(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<AncillaryService[]>>;
} {
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
  const view = (order: ConnectorResult<DuffelOrder>): ConnectorResult<AirlineOrder> => {
    if (!order.ok) return order;
    const read = airlineOrderOf(order.value);
    return read ? ok(read) : unreadable('order');
  };

  async function availableServices(ref: OrderRef, ctx: CallContext) {
    return call<DuffelOffer['available_services']>(ctx, {
      method: 'GET',
      path: `/air/orders/${encodeURIComponent(ref.airlineOrderId)}/available_services`,
      budgetMs: DUFFEL_BUDGETS_MS.read,
      what: 'available services',
    });
  }

  /** Seats and bags of an offer, priced by Duffel for our passengers (PAX<n> is the offer's n-th). */
  async function priceOfferExtras(
    ref: DuffelOfferRef,
    extras: ExtraRequest[],
    ctx: CallContext,
  ): Promise<ConnectorResult<PricedExtra[]>> {
    const offer = await deps.getOffer(ref, ctx);
    if (!offer.ok) return offer;
    const duffelPax = (ours: string) => offer.value.passengers[Number(ours.replace(/^PAX/, '')) - 1]?.id ?? null;
    const needsSeats = extras.some((e) => e.kind === 'seat');
    const maps = needsSeats ? await deps.getSeatMaps(ref, ctx) : ok<DuffelSeatMap[]>([]);
    if (!maps.ok) return maps;
    return priceAgainst(extras, {
      airlineOfferId: offer.value.id,
      services: offer.value.available_services ?? [],
      maps: maps.value,
      duffelPax,
    });
  }

  function priceAgainst(
    extras: ExtraRequest[],
    against: {
      airlineOfferId: string;
      services: DuffelOffer['available_services'];
      maps: DuffelSeatMap[];
      duffelPax: (ours: string) => string | null;
    },
  ): ConnectorResult<PricedExtra[]> {
    const { airlineOfferId, services, maps, duffelPax } = against;
    const out: PricedExtra[] = [];
    for (const request of extras) {
      const pax = duffelPax(request.passengerId);
      if (!pax) return fail(failure('not_available', `passenger ${request.passengerId} is not on the offer`));
      if (request.kind === 'seat') {
        const service = seatService(maps, request.segmentId, request.designator, pax);
        const price = service ? money(service.total_amount, service.total_currency) : null;
        if (!service || !price)
          return fail(
            failure(
              'not_available',
              `seat ${request.designator} is not available for ${request.passengerId} on segment ${request.segmentId}`,
            ),
          );
        out.push({ request, airlineOfferId, airlineItemId: service.id, name: `Seat ${request.designator}`, price });
        continue;
      }
      const service = services.find((s) => s.id === request.serviceId);
      const price = service ? money(service.total_amount, service.total_currency) : null;
      if (
        !service ||
        !price ||
        !service.passenger_ids.includes(pax) ||
        (request.segmentId && !service.segment_ids.includes(request.segmentId))
      ) {
        return fail(failure('not_available', `service ${request.serviceId} is not available for ${request.passengerId}`));
      }
      out.push({ request, airlineOfferId, airlineItemId: service.id, name: serviceName(service), price });
    }
    return ok(out);
  }

  /** Pays what Duffel says is due on the order, from the balance (POST /air/payments). */
  async function payOrder(
    order: DuffelOrder,
    payment: PaymentInput,
    amount: Money | null,
    ctx: CallContext,
  ): Promise<ConnectorResult<unknown>> {
    const due = amount ?? money(order.total_amount, order.total_currency);
    if (!due) return unreadable('order total');
    const pay = balancePayment(payment, due);
    if (!pay.ok) return pay;
    return call(ctx, {
      method: 'POST',
      path: '/air/payments',
      data: { order_id: order.id, payment: pay.value },
      what: 'payment',
    });
  }

  return {
    async orderServices(ref, ctx) {
      const [order, services] = await Promise.all([getOrder(ref, ctx), availableServices(ref, ctx)]);
      if (!order.ok) return order;
      if (!services.ok) return services;
      const ids = passengerIdsOf(order.value);
      return ok(servicesOf(services.value, (id) => ids.get(id) ?? id));
    },

    async priceExtras(subject, extras, ctx) {
      if (subject.kind === 'offer') {
        const ref = decodeDuffelOfferId(deps.offerIds, subject.offerId);
        if (!ref) return fail(failure('not_found', 'offer no longer available at airline'));
        return priceOfferExtras(ref, extras, ctx);
      }
      if (extras.some((e) => e.kind === 'seat')) {
        return fail(failure('not_available', 'Duffel sells seats with the offer only, not after booking'));
      }
      const [order, services] = await Promise.all([getOrder(subject.ref, ctx), availableServices(subject.ref, ctx)]);
      if (!order.ok) return order;
      if (!services.ok) return services;
      return priceAgainst(extras, {
        airlineOfferId: order.value.id,
        services: services.value,
        maps: [],
        duffelPax: (ours) => duffelPassengerId(order.value, ours),
      });
    },

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
        if (p.gender === 'x' || p.gender === null) {
          return fail(failure('refused', `passengers[${i}].gender: Duffel's airlines take m or f`));
        }
        const phone = p.phone ?? input.contact.phone;
        if (!phone)
          return fail(failure('refused', `passengers[${i}].phone: Duffel's airlines need a phone number (or contact.phone)`));
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
      const extrasTotal = input.extras.map((e) => e.price);
      const amount = sum([offerTotal, ...extrasTotal], offerTotal.currency);
      let payments: { type: 'balance'; amount: string; currency: string }[] = [];
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

    async changeOrder(ref, change, ctx) {
      const order = await getOrder(ref, ctx);
      if (!order.ok) return order;
      if (change.payment && order.value.payment_status?.awaiting_payment) {
        const paid = await payOrder(order.value, change.payment, change.amount, ctx);
        if (!paid.ok) return paid;
      }
      if (change.extras.length > 0) {
        const due = sum(
          change.extras.map((e) => e.price),
          order.value.total_currency,
        );
        const pay = balancePayment(change.payment ?? { type: 'agency_account' }, due);
        if (!pay.ok) return pay;
        const added = await call(ctx, {
          method: 'POST',
          path: `/air/orders/${encodeURIComponent(ref.airlineOrderId)}/services`,
          data: { add_services: change.extras.map((e) => ({ id: e.airlineItemId, quantity: 1 })), payment: pay.value },
          what: 'services',
        });
        if (!added.ok) return added;
      }
      return view(await getOrder(ref, ctx));
    },

    async reshopOrder(ref, request, ctx) {
      const order = await getOrder(ref, ctx);
      if (!order.ok) return order;
      const wanted = request.segmentIds?.length ? new Set(request.segmentIds) : null;
      const remove = order.value.slices
        .filter((s) => !wanted || s.segments.some((x) => wanted.has(x.id)))
        .map((s) => ({ slice_id: s.id }));
      if (remove.length === 0) return fail(failure('refused', 'nothing of the order matches the segments to change'));
      const requested = await call<{ id: string; order_change_offers?: DuffelOrderChangeOffer[] }>(ctx, {
        method: 'POST',
        path: '/air/order_change_requests',
        data: {
          order_id: order.value.id,
          slices: {
            remove,
            add: request.slices.map((s) => ({
              origin: s.origin,
              destination: s.destination,
              departure_date: s.departureDate,
              ...(request.cabin && { cabin_class: request.cabin }),
            })),
          },
        },
        what: 'order change request',
      });
      if (!requested.ok) return requested;
      let changeOffers = requested.value.order_change_offers ?? [];
      if (changeOffers.length === 0) {
        const listed = await call<DuffelOrderChangeOffer[]>(ctx, {
          method: 'GET',
          path: `/air/order_change_offers?order_change_request_id=${encodeURIComponent(requested.value.id)}`,
          budgetMs: DUFFEL_BUDGETS_MS.read,
          what: 'order change offers',
        });
        if (!listed.ok) return listed;
        changeOffers = listed.value;
      }
      return ok(changeOffers.flatMap((c) => reshopOfferOf(c, order.value, deps.offerIds) ?? []));
    },

    async acceptReshopOffers(ref, offerIds, payment, ctx) {
      if (offerIds.length !== 1) return fail(failure('refused', 'Duffel changes an order with one change offer at a time'));
      const chosen = decodeDuffelOfferId(deps.offerIds, offerIds[0]!, 'oco');
      if (!chosen) return fail(failure('not_found', 'reshop offer no longer available at airline'));
      const pending = await call<{ id: string; change_total_amount: string; change_total_currency: string }>(ctx, {
        method: 'POST',
        path: '/air/order_changes',
        data: { selected_order_change_offer: chosen.duffelId },
        what: 'order change',
      });
      if (!pending.ok) return pending;
      const due = money(pending.value.change_total_amount, pending.value.change_total_currency);
      let paying: { payment: { type: 'balance'; amount: string; currency: string } } | null = null;
      if (due && due.amountMinor > 0) {
        const pay = balancePayment(payment ?? { type: 'agency_account' }, due);
        if (!pay.ok) return pay;
        paying = { payment: pay.value };
      }
      const confirmed = await call(ctx, {
        method: 'POST',
        path: `/air/order_changes/${encodeURIComponent(pending.value.id)}/actions/confirm`,
        ...(paying && { data: paying }),
        what: 'order change confirmation',
      });
      if (!confirmed.ok) return confirmed;
      return view(await getOrder(ref, ctx));
    },

    async cancelQuote(ref, ctx) {
      const quote = await call<DuffelOrderCancellation>(ctx, {
        method: 'POST',
        path: '/air/order_cancellations',
        data: { order_id: ref.airlineOrderId },
        what: 'order cancellation',
      });
      return quote.ok ? ok(cancelQuoteOf(quote.value, 'USD')) : quote;
    },

    async partialCancelQuote() {
      return fail(failure('refused', 'Duffel cancels whole orders only: cancel the order'));
    },

    async acceptChange(ref, _flightItemIds, ctx) {
      // Duffel's answer to an airline-initiated change is per change: accept each one still open.
      const changes = await call<AirlineInitiatedChange[]>(ctx, {
        method: 'GET',
        path: `/air/airline_initiated_changes?order_id=${encodeURIComponent(ref.airlineOrderId)}`,
        budgetMs: DUFFEL_BUDGETS_MS.read,
        what: 'airline-initiated changes',
      });
      if (!changes.ok) return changes;
      for (const change of changes.value) {
        if (change.action_taken !== null || !change.available_actions.includes('accept')) continue;
        const accepted = await call(ctx, {
          method: 'POST',
          path: `/air/airline_initiated_changes/${encodeURIComponent(change.id)}/actions/accept`,
          what: 'airline-initiated change acceptance',
        });
        if (!accepted.ok) return accepted;
      }
      return view(await getOrder(ref, ctx));
    },

    async acceptCancel(ref, quoteId, ctx) {
      const confirmed = await call(ctx, {
        method: 'POST',
        path: `/air/order_cancellations/${encodeURIComponent(quoteId)}/actions/confirm`,
        what: 'order cancellation confirmation',
      });
      if (!confirmed.ok) return confirmed;
      const order = await getOrder(ref, ctx);
      return order.ok ? view(order) : ok(null);
    },
  };
}
