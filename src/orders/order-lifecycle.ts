import type { AirlineOrder } from '../connectors/order-types.js';
import type { Db } from '../platform/db/database.js';
import type { OrderRow } from '../platform/db/rows.js';
import { lifecyclePayload } from './event-outbox.js';
import { enqueueEvent } from './event-outbox-store.js';
import { appendHistory } from './history-store.js';
import type { Actor, OrderDetails } from './order-record.js';
import { canMove, eventForMove, isOpen, type OrderStatus } from './order-status.js';
import { lockedOrder, updateOrder } from './order-store.js';
import { releaseOrderTravel } from './booking/travel-claim-store.js';
import { trackScheduleChanges } from './airline-changes/schedule-changes.js';
import { isInternational } from './airline-changes/significance.js';
import { canonicalJson } from './canonical-json.js';

export interface Transition {
  action: string;
  actor: Actor;
  at: Date;
  /** The airline's view after the call, when it sent one. */
  airline?: AirlineOrder | null;
  /** A status the gateway records itself (a refund, a cancel the airline confirmed without a view). */
  status?: OrderStatus;
  details?: Partial<OrderDetails>;
  detail?: Record<string, unknown>;
  /**
   * Write nothing when, under the row lock, the airline's view and status are what is stored:
   * two deliveries of one airline notification re-read the same view, and only one may record it.
   */
  onlyIfChanged?: boolean;
}

function sameItinerary(a: AirlineOrder, b: AirlineOrder): boolean {
  const key = (o: AirlineOrder) =>
    JSON.stringify([
      o.segments.map((s) => [s.marketingCarrier, s.marketingFlightNumber, s.departingAt, s.arrivingAt, s.status]),
      o.extras.length,
      o.tickets.map((t) => t.ticketNumber),
    ]);
  return key(a) === key(b);
}

/**
 * Applies one change to a stored order in one transaction: the row, a history entry, and the
 * event the move announces. A status the documented machine does not allow (a stale airline
 * answer) keeps the stored status; the history still records what the airline said.
 */
export async function recordTransition(db: Db, current: OrderRow, t: Transition): Promise<OrderRow> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedOrder(trx, current);
    const before = row.details.airline;
    const airline = t.airline ?? before;
    const wanted = t.status ?? airline.status;
    const status = wanted === row.status || canMove(row.status, wanted) ? wanted : row.status;
    if (t.onlyIfChanged && status === row.status && canonicalJson(airline) === canonicalJson(before)) return row;
    // What the airline changed on its own stays shown per segment until the agency acknowledges it.
    const scheduleChanges =
      t.actor.kind === 'airline' && t.airline
        ? trackScheduleChanges({
            pending: row.details.scheduleChanges,
            before: before.segments,
            after: airline.segments,
            at: t.at,
            international: await isInternational(
              trx,
              [...before.segments, ...airline.segments].flatMap((s) => [s.origin, s.destination]),
            ),
          })
        : // A change the agency made itself (a reissue) takes off segments: their pending changes go with them.
          row.details.scheduleChanges?.filter((c) => airline.segments.some((s) => s.segmentId === c.segmentId));
    // A refund the airline made on its side (found by a refresh) shows its amount as the airline gave it.
    const airlineRefund =
      status === 'refunded' && !row.details.refund && airline.refund
        ? { refund: { ...airline.refund, at: t.at.toISOString() } }
        : {};
    const details: OrderDetails = {
      ...row.details,
      ...(scheduleChanges && (scheduleChanges.length > 0 || row.details.scheduleChanges) ? { scheduleChanges } : {}),
      ...airlineRefund,
      ...t.details,
      airline,
    };
    // A closed order keeps what it cost: the airline's view after a cancellation totals what is
    // left (nothing), while the order's total is what was paid, and `refund` what came back.
    const total = isOpen(status) ? airline.total : { amountMinor: Number(row.total_minor), currency: row.currency };
    const updated = await updateOrder(trx, row.id, {
      status,
      total_minor: total.amountMinor,
      currency: total.currency,
      payment_deadline: status === 'hold' && airline.paymentDeadline ? new Date(airline.paymentDeadline) : null,
      details,
      updated_at: t.at,
    });
    // A closed order frees its people and flights for a new booking (order_conflict).
    if (isOpen(row.status) && !isOpen(status)) await releaseOrderTravel(trx, row.id);
    const changed =
      status !== row.status ||
      !sameItinerary(before, airline) ||
      t.details !== undefined ||
      total.amountMinor !== Number(row.total_minor);
    await appendHistory(trx, row.id, {
      action: t.action,
      status,
      actor: t.actor,
      airlineReference: airline.pnr ? `${airline.pnr} / ${airline.airlineOrderId}` : airline.airlineOrderId,
      detail: { from: row.status, to: status, ...(wanted !== status ? { airline_status: wanted } : {}), ...t.detail },
      at: t.at,
    });
    if (changed) {
      const event = status === row.status ? 'order.updated' : eventForMove(row.status, status);
      // A hold cancelled and refunded in one step still announces the close before the refund.
      if (event === 'order.refunded' && row.status !== 'cancelled') {
        await enqueueEvent(trx, updated, {
          event: 'order.cancelled',
          payload: { ...lifecyclePayload('order.cancelled', updated, t.at), status: 'cancelled' },
          at: t.at,
        });
      }
      await enqueueEvent(trx, updated, { event, payload: lifecyclePayload(event, updated, t.at), at: t.at });
    }
    return updated;
  });
}
