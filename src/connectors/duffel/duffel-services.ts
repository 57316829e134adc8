import { fail, failure, ok, type ConnectorResult } from '../connector-failure.js';
import type { AncillaryService, CallContext } from '../connector-types.js';
import type { ExtraRequest, OrderOperations, OrderRef, PricedExtra } from '../order-types.js';
import type { DuffelOffer, DuffelSeatMap } from './duffel-api.js';
import { seatService, servicesOf, serviceName } from './duffel-extras-mapper.js';
import { decodeDuffelOfferId, type DuffelOfferRef } from './duffel-offer-id.js';
import { money } from './duffel-offer-mapper.js';
import { duffelPassengerId, passengerIdsOf } from './duffel-order-mapper.js';
import { balancePayment, sum, type DuffelOrderCalls } from './duffel-order-calls.js';
import { payOrder } from './duffel-booking.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';

type AvailableServices = DuffelOffer['available_services'];

/** What extras are priced against: the services on sale, the seat maps, Duffel's passenger for one of ours. */
interface PricingBasis {
  airlineOfferId: string;
  services: AvailableServices;
  maps: DuffelSeatMap[];
  duffelPax: (ours: string) => string | null;
}

/** Each extra asked for as Duffel sells it: its service id and price, or not_available naming it. */
function priceAgainst(extras: ExtraRequest[], { airlineOfferId, services, maps, duffelPax }: PricingBasis) {
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

/**
 * Seats and bags at Duffel: with the offer (seats from its seat maps, bags from its available
 * services), and bags after booking (the order's available services, added with a balance payment).
 * Duffel sells seats with the offer only.
 */
export function duffelServices(calls: DuffelOrderCalls): Pick<OrderOperations, 'priceExtras' | 'changeOrder'> & {
  orderServices(ref: OrderRef, ctx: CallContext): Promise<ConnectorResult<AncillaryService[]>>;
} {
  const { deps, call, getOrder, view } = calls;

  const availableServices = (ref: OrderRef, ctx: CallContext) =>
    call<AvailableServices>(ctx, {
      method: 'GET',
      path: `/air/orders/${encodeURIComponent(ref.airlineOrderId)}/available_services`,
      budgetMs: DUFFEL_BUDGETS_MS.read,
      what: 'available services',
    });

  /** Seats and bags of an offer, priced by Duffel for our passengers (PAX<n> is the offer's n-th). */
  async function priceOfferExtras(ref: DuffelOfferRef, extras: ExtraRequest[], ctx: CallContext) {
    const offer = await deps.getOffer(ref, ctx);
    if (!offer.ok) return offer;
    const duffelPax = (ours: string) => offer.value.passengers[Number(ours.replace(/^PAX/, '')) - 1]?.id ?? null;
    const maps = extras.some((e) => e.kind === 'seat') ? await deps.getSeatMaps(ref, ctx) : ok<DuffelSeatMap[]>([]);
    if (!maps.ok) return maps;
    return priceAgainst(extras, {
      airlineOfferId: offer.value.id,
      services: offer.value.available_services ?? [],
      maps: maps.value,
      duffelPax,
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

    /** Pays a hold (POST /air/payments) and/or adds bags (POST /air/orders/{id}/services), from the balance. */
    async changeOrder(ref, change, ctx) {
      const order = await getOrder(ref, ctx);
      if (!order.ok) return order;
      const due = sum(
        change.extras.map((e) => e.price),
        order.value.total_currency,
      );
      if (change.payment && order.value.payment_status?.awaiting_payment) {
        // A commit's `amount` is the hold's price and the extras' together: the hold is paid its own
        // part (none left: the order's total as Duffel reads it).
        const rest = (change.amount?.amountMinor ?? 0) - due.amountMinor;
        const hold = change.amount && rest > 0 ? { ...change.amount, amountMinor: rest } : null;
        const paid = await payOrder(calls, { order: order.value, payment: change.payment, amount: hold }, ctx);
        if (!paid.ok) return paid;
      }
      if (change.extras.length > 0) {
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
  };
}
