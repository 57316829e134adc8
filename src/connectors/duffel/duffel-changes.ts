import { fail, failure, ok } from '../connector-failure.js';
import type { OfferIdAuthenticator } from '../offer-id-auth.js';
import type { OrderOperations, ReshopOffer } from '../order-types.js';
import type { AirlineInitiatedChange, DuffelOffer, DuffelOrder, DuffelOrderChangeOffer } from './duffel-api.js';
import { decodeDuffelOfferId, encodeDuffelOfferId } from './duffel-offer-id.js';
import { money, offerOf } from './duffel-offer-mapper.js';
import { balancePayment, unreadable, type BalancePayment, type DuffelOrderCalls } from './duffel-order-calls.js';
import { DUFFEL_BUDGETS_MS } from './duffel-budgets.js';

/** Duffel's order change (pending, then confirmed): what it charges, the penalty within it. */
interface DuffelOrderChange {
  id: string;
  change_total_amount: string;
  change_total_currency: string;
  penalty_total_amount?: string | null;
  penalty_total_currency?: string | null;
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
 * Changes at Duffel: a change request for new slices (its change offers are our reshop offers), a
 * pending order change from the one chosen and its confirmation with the balance payment Duffel
 * asks; and the acceptance of airline-initiated changes.
 */
export function duffelChanges(
  calls: DuffelOrderCalls,
): Pick<OrderOperations, 'reshopOrder' | 'acceptReshopOffers' | 'acceptChange'> {
  const { deps, call, getOrder, orderAsRead, view } = calls;
  return {
    async reshopOrder(ref, request, ctx) {
      const order = await orderAsRead(ref, request.asRead, ctx);
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
      const pending = await call<DuffelOrderChange>(ctx, {
        method: 'POST',
        path: '/air/order_changes',
        data: { selected_order_change_offer: chosen.duffelId },
        what: 'order change',
      });
      if (!pending.ok) return pending;
      // Duffel reprices at the pending change: what it says is due is what is paid.
      const due = money(pending.value.change_total_amount, pending.value.change_total_currency);
      // Unreadable, nothing is confirmed: what the change charges could be neither paid nor recorded.
      if (!due) return unreadable('pending order change');
      let paying: { payment: BalancePayment } | null = null;
      if (due.amountMinor > 0) {
        const pay = balancePayment(payment ?? { type: 'agency_account' }, due);
        if (!pay.ok) return pay;
        paying = { payment: pay.value };
      }
      const confirmed = await call<DuffelOrderChange>(ctx, {
        method: 'POST',
        path: `/air/order_changes/${encodeURIComponent(pending.value.id)}/actions/confirm`,
        ...(paying && { data: paying }),
        what: 'order change confirmation',
      });
      if (!confirmed.ok) return confirmed;
      const changed = view(await getOrder(ref, ctx));
      if (!changed.ok) return changed;
      // What Duffel charged: the confirmed change's total (the penalty within it), else the pending one's.
      const c = confirmed.value ?? pending.value;
      const charged = money(c.change_total_amount, c.change_total_currency) ?? due;
      const penalty = money(c.penalty_total_amount, c.penalty_total_currency);
      return ok({ order: changed.value, charged: { amount: charged, penalty } });
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
  };
}
