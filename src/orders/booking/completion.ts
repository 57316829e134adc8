import { tracedTransaction } from '../../platform/tracing/db-span.js';
import type { AirlineOrder } from '../../connectors/order-types.js';
import type { Db } from '../../platform/db/database.js';
import type { BookingIntentRow } from '../../platform/db/rows.js';
import { addBookingLookToBook } from '../../shopping/shopping-store.js';
import { lockIntent, resolveIntent } from './intent-store.js';
import { lifecyclePayload } from '../event-outbox.js';
import { enqueueEvent } from '../event-outbox-store.js';
import { appendHistory } from '../history-store.js';
import { completeKey, releaseIntentKey } from './idempotency-store.js';
import type { OrderDetails } from '../order-record.js';
import { insertOrder } from '../order-store.js';
import { attachTravelClaim, deleteTravelClaim } from './travel-claim-store.js';

/**
 * The two ends of a booking intent, shared by POST /v1/orders and the recovery job so a recovered
 * order is the same order the request would have stored: row, history, order.created, look-to-book.
 */

export interface Completed {
  orderId: string;
  /** The intent had already been released: the key and the travel may belong to another booking. */
  afterRelease: boolean;
}

/**
 * Records the airline's booking as the intent's order, and completes the intent, its travel claim
 * and its idempotency key in the same transaction. A second completion (the request and the
 * recovery job racing) finds the intent completed and returns the order it made.
 */
export interface BookingCompletion {
  intentId: string;
  airlineOrder: AirlineOrder;
  now: Date;
  /** Names the job that found the booking late; absent when the request itself completes it. */
  recoveredBy?: string | null;
}

export async function completeBooking(
  db: Db,
  { intentId, airlineOrder, now, recoveredBy = null }: BookingCompletion,
): Promise<Completed> {
  return tracedTransaction('booking completion', () =>
    db.transaction().execute(async (trx) => {
      const intent = await lockIntent(trx, intentId);
      if (!intent) throw new Error(`booking intent ${intentId} does not exist`);
      if (intent.state === 'completed') return { orderId: intent.id, afterRelease: false };
      const a = airlineOrder;
      const b = intent.booking;
      const details: OrderDetails = {
        airline: a,
        passengers: b.passengers,
        contact: b.contact,
        pendingUpsell: null,
        refund: null,
        ...(b.conditions ? { conditions: b.conditions } : {}),
        ...(b.sold ? { sold: b.sold } : {}),
      };
      const row = await insertOrder(trx, {
        // The intent's id is the order's: the reference the airline stores is the order id itself.
        id: intent.id,
        agency_id: intent.agency_id,
        environment: intent.environment,
        // The owner airline the source reported; the intent's airline is the source that booked it.
        airline: a.owner,
        source: intent.airline,
        airline_order_id: a.airlineOrderId,
        airline_owner: a.owner,
        pnr: a.pnr,
        // A fresh booking is a hold or ticketed; one found late by recovery may have lapsed meanwhile.
        status: a.status,
        origin: b.origin || a.segments[0]?.origin || '',
        destination: b.destination || a.segments.at(-1)?.destination || '',
        currency: a.total.currency,
        total_minor: a.total.amountMinor,
        payment_deadline: a.status === 'hold' && a.paymentDeadline ? new Date(a.paymentDeadline) : null,
        contact_email: b.contact.email,
        details,
        created_by_key_id: b.keyId,
        created_at: now,
      });
      const afterRelease = intent.state === 'released';
      if (!afterRelease) {
        // A closed booking holds no travel (as when an order is cancelled through the gateway).
        if (row.status === 'hold' || row.status === 'ticketed') await attachTravelClaim(trx, intent.claim_id, row.id);
        else await deleteTravelClaim(trx, intent.claim_id);
        if (intent.idempotency_key)
          await completeKey(trx, {
            agencyId: intent.agency_id,
            key: intent.idempotency_key,
            intentId: intent.id,
            orderId: row.id,
          });
      }
      await appendHistory(trx, row.id, {
        action: 'created',
        status: row.status,
        actor: b.actor,
        airlineReference: `${a.pnr} / ${a.airlineOrderId}`,
        detail: {
          tickets: a.tickets.map((t) => t.ticketNumber),
          total: a.total,
          ...(recoveredBy ? { recovered_by: recoveredBy } : {}),
        },
        at: now,
      });
      await enqueueEvent(trx, row, { event: 'order.created', payload: lifecyclePayload('order.created', row, now), at: now });
      // Look-to-book: the booking counts in the same transaction as the order, so it is exact.
      await addBookingLookToBook(trx, { agencyId: intent.agency_id, airline: row.airline, day: now.toISOString().slice(0, 10) });
      await resolveIntent(trx, { id: intent.id, state: 'completed', now });
      return { orderId: row.id, afterRelease };
    }),
  );
}

/**
 * Nothing was booked for the intent: it is released with its travel claim, in one transaction.
 * `freeKey` also deletes its idempotency key (the recovery job's not-found); a refusal at booking
 * time leaves the key to withIdempotency, which stores the refusal as the key's answer.
 */
export interface BookingRelease {
  intentId: string;
  now: Date;
  reason: string;
  freeKey: boolean;
}

export async function releaseBooking(
  db: Db,
  { intentId, now, reason, freeKey }: BookingRelease,
): Promise<BookingIntentRow | null> {
  return tracedTransaction('booking release', () =>
    db.transaction().execute(async (trx) => {
      const intent = await lockIntent(trx, intentId);
      if (!intent || intent.state === 'completed' || intent.state === 'released') return null;
      await deleteTravelClaim(trx, intent.claim_id);
      if (freeKey && intent.idempotency_key) await releaseIntentKey(trx, intent.agency_id, intent.idempotency_key, intent.id);
      await resolveIntent(trx, { id: intent.id, state: 'released', now, reason });
      return intent;
    }),
  );
}
