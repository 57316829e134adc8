import type { Money } from '../connectors/connector-types.js';
import type { OrderHistoryRow, OrderRow } from '../platform/db/rows.js';
import { toDecimal } from '../platform/money.js';
import { conditionsJson } from '../shopping/conditions-view.js';
import { segmentJson } from '../shopping/segment-view.js';
import { taxLineJson } from '../shopping/tax-line-view.js';
import type { SegmentScheduleChange } from './airline-changes/schedule-changes.js';
import { availableActions } from './available-actions.js';
import { couponState } from './coupon-status.js';
import { creditsJson } from './order-credits.js';
import { passengerTaxLines } from './sold-fare.js';

/** Minor units to the decimal the API shows, by the one ISO 4217 table (platform/money.ts). */
export const decimal = (m: Money | null | undefined): number | null => (m ? toDecimal(m) : null);
export const money = (m: Money | null | undefined) => (m ? { amount: decimal(m)!, currency: m.currency } : null);

/**
 * The order as the API shows it: integer minor units become decimals with their currency. `now`
 * decides what is still possible (available_actions) and which credits have expired.
 */
export function orderView(row: OrderRow, now: Date) {
  const a = row.details.airline;
  const seller = new Map(row.details.passengers.map((p) => [p.passengerId, p]));
  const sold = row.details.sold;
  return {
    order_id: row.id,
    pnr: row.pnr,
    airline: row.airline,
    source: row.source,
    airline_order_id: row.airline_order_id,
    status: row.status,
    origin: row.origin,
    destination: row.destination,
    currency: row.currency,
    total: decimal({ amountMinor: Number(row.total_minor), currency: row.currency })!,
    payment_deadline: row.status === 'hold' && row.payment_deadline ? row.payment_deadline.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    contact: row.details.contact,
    passengers: a.passengers.map((p) => ({
      passenger_id: p.passengerId,
      type: p.type,
      given_name: p.givenName,
      family_name: p.familyName,
      born_on: p.bornOn ?? seller.get(p.passengerId)?.bornOn ?? null,
      tax_lines: passengerTaxLines(sold, p.type).map(taxLineJson),
    })),
    segments: a.segments.map((s) => ({
      ...segmentJson(s),
      status: s.status,
      schedule_change: scheduleChangeJson(row.details.scheduleChanges?.find((c) => c.segmentId === s.segmentId)),
      // The airline's order view names the brand where it can; else the offer's, kept at booking.
      fare_brand: a.segmentBrands?.[s.segmentId]?.name ?? sold?.fareBrand ?? null,
      fare_brand_code: a.segmentBrands?.[s.segmentId]?.code ?? sold?.fareBrandCode ?? null,
      baggage: sold
        ? a.passengers.map((p) => ({
            passenger_id: p.passengerId,
            checked_bags: sold.baggage.checkedBags,
            carry_on_bags: sold.baggage.carryOnBags,
            description: sold.baggage.description,
          }))
        : [],
    })),
    tickets: a.tickets.map((t) => ({
      ticket_number: t.ticketNumber,
      passenger_id: t.passengerId,
      document_type: t.kind ?? 'ticket',
      document_type_code: t.emd?.typeCode ?? (t.kind === 'emd' ? null : 'T'),
      amount: money(t.emd?.amount),
      associated_ticket_number: t.emd?.ticketNumber ?? null,
      coupons: t.coupons.map((c) => ({
        coupon_number: c.couponNumber,
        segment_id: c.segmentId,
        status: c.status,
        state: couponState(c.status),
        extra_id: c.extraId ?? null,
      })),
    })),
    extras: a.extras.map((e) => ({
      extra_id: e.extraId ?? null,
      kind: e.kind,
      passenger_id: e.passengerId,
      segment_id: e.segmentId,
      designator: e.designator,
      name: e.name,
      price: money(e.price),
    })),
    pending_upsell: row.details.pendingUpsell
      ? {
          total: money(row.details.pendingUpsell.total)!,
          items: row.details.pendingUpsell.extras.map((x) => ({
            ...(x.request.kind === 'seat' ? { seat: x.request.designator } : { service_id: x.request.serviceId }),
            name: x.name,
            price: money(x.price)!,
          })),
        }
      : null,
    // Every refund the gateway records is cash back to the form of payment; kept value is in `credits`.
    refund: row.details.refund
      ? { ...money(row.details.refund)!, method: 'original_form_of_payment' as const, refunded_at: row.details.refund.at }
      : null,
    conditions: row.details.conditions ? conditionsJson(row.details.conditions) : null,
    credits: creditsJson(row, now),
    available_actions: availableActions(row, now),
    last_change: row.details.lastChange
      ? {
          charged: money(row.details.lastChange.charged)!,
          penalty: money(row.details.lastChange.penalty),
          changed_at: row.details.lastChange.at,
        }
      : null,
    airline_notices: a.notices,
  };
}

function scheduleChangeJson(c: SegmentScheduleChange | undefined) {
  if (!c) return null;
  const p = c.previous;
  return {
    previous: {
      segment_id: p.segmentId,
      departing_at: p.departingAt,
      arriving_at: p.arrivingAt,
      flight_number: p.flightNumber,
      status: p.status,
    },
    detected_at: c.detectedAt,
    kind: c.kind ?? 'retimed',
    significant: c.significant === undefined ? false : c.significant,
    ...(c.replacedBy ? { replacement_segment_ids: c.replacedBy } : {}),
  };
}

export function historyView(row: OrderHistoryRow) {
  return {
    id: row.id,
    at: row.occurred_at.toISOString(),
    action: row.action,
    status: row.status,
    actor: { kind: row.actor_kind, id: row.actor_id, on_behalf_of_agency_id: row.on_behalf_of_agency_id },
    airline_reference: row.airline_reference,
    detail: row.detail,
  };
}
