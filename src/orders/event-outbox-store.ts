import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { OrderEventRow, OrderRow } from '../platform/db/rows.js';
import type { OrderEventName } from './event-outbox.js';

/** SQL of the order event outbox (`order_events`), from which webhooks deliver. */

/**
 * Writes the event in the caller's transaction, so it exists exactly when the change it announces
 * does. order.created and the reminder are unique per order; a repeat is silently skipped.
 */
export async function enqueueEvent(
  db: Db,
  order: OrderRow,
  { event, payload, at }: { event: OrderEventName; payload: Record<string, unknown>; at: Date },
): Promise<void> {
  await sql`
    insert into order_events (agency_id, environment, order_id, event, payload, occurred_at)
    values (${order.agency_id}, ${order.environment}, ${order.id}, ${event}, ${JSON.stringify(payload)}::jsonb, ${at})
    on conflict do nothing`.execute(db);
}

/** An order's event as the order's own view lists it (no delivery state). */
export type OutboxRow = Pick<OrderEventRow, 'id' | 'order_id' | 'event' | 'payload' | 'occurred_at'>;

export async function eventsForOrder(db: Db, orderId: string): Promise<OutboxRow[]> {
  const { rows } =
    await sql<OutboxRow>`select id, order_id, event, payload, occurred_at from order_events where order_id = ${orderId} order by id`.execute(
      db,
    );
  return rows;
}
