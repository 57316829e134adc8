import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import { toDecimal } from '../platform/money.js';
import type { OrderRow } from './order-record.js';

export type OrderEventName =
  | 'order.created'
  | 'order.ticketed'
  | 'order.updated'
  | 'order.cancelled'
  | 'order.refunded'
  | 'order.ticketing_deadline_approaching';

/** The contract's flat body of the five lifecycle events. */
export function lifecyclePayload(
  event: Exclude<OrderEventName, 'order.ticketing_deadline_approaching'>,
  order: OrderRow,
  at: Date,
) {
  return {
    event,
    order_id: order.id,
    pnr: order.pnr,
    airline: order.airline,
    status: order.status,
    origin: order.origin,
    destination: order.destination,
    currency: order.currency,
    total: toDecimal({ amountMinor: Number(order.total_minor), currency: order.currency }),
    occurred_at: at.toISOString(),
  };
}

/** The reminder's body: no amounts and no `event` field, as the contract defines it. */
export function deadlinePayload(order: OrderRow) {
  return {
    order_id: order.id,
    pnr: order.pnr,
    airline: order.airline,
    ticketing_deadline: order.payment_deadline!.toISOString(),
  };
}

/**
 * Writes the event in the caller's transaction, so it exists exactly when the change it announces
 * does. order.created and the reminder are unique per order; a repeat is silently skipped.
 */
export async function enqueueEvent(
  db: Db,
  order: OrderRow,
  event: OrderEventName,
  payload: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await sql`
    insert into order_events (agency_id, environment, order_id, event, payload, occurred_at)
    values (${order.agency_id}, ${order.environment}, ${order.id}, ${event}, ${JSON.stringify(payload)}::jsonb, ${at})
    on conflict do nothing`.execute(db);
}

export interface OutboxRow {
  id: number;
  order_id: string;
  event: OrderEventName;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

export async function eventsForOrder(db: Db, orderId: string): Promise<OutboxRow[]> {
  const { rows } =
    await sql<OutboxRow>`select id, order_id, event, payload, occurred_at from order_events where order_id = ${orderId} order by id`.execute(
      db,
    );
  return rows;
}
