import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { withCurrentSegments } from '../stored-segments.js';

/** SQL of the notification refresh limit: one re-read per order per window, later ones deferred. */

/**
 * Claims the order's re-read for this window: true when no notification re-read it since
 * `windowStart` (the claim is then `now`, and any deferred re-read is folded into this one);
 * false when one did, in which case a deferred re-read is set for when the window ends.
 * One statement, so two instances cannot both claim the same order.
 */
export async function claimRefresh(
  db: Db,
  orderId: string,
  { now, windowStart, windowMs }: { now: Date; windowStart: Date; windowMs: number },
): Promise<boolean> {
  const { rows } = await sql<{ order_id: string }>`
    insert into order_notification_refreshes (order_id, claimed_at) values (${orderId}, ${now})
    on conflict (order_id) do update set claimed_at = excluded.claimed_at, due_at = null
      where order_notification_refreshes.claimed_at <= ${windowStart}
    returning order_id`.execute(db);
  if (rows.length === 1) return true;
  await sql`
    update order_notification_refreshes
    set due_at = coalesce(due_at, claimed_at + make_interval(secs => ${windowMs / 1000}))
    where order_id = ${orderId}`.execute(db);
  return false;
}

/** Gives a claim back (the re-read failed for a passing reason), so the airline's resend is read. */
export async function releaseRefresh(db: Db, orderId: string, claimedAt: Date): Promise<void> {
  await sql`
    update order_notification_refreshes set claimed_at = '-infinity'
    where order_id = ${orderId} and claimed_at = ${claimedAt}`.execute(db);
}

/** Orders whose deferred re-read is due, the longest waiting first. */
export async function ordersWithDueRefresh(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select o.* from order_notification_refreshes r join orders o on o.id = r.order_id
    where r.due_at is not null and r.due_at <= ${now}
    order by r.due_at, o.id
    limit ${limit}`.execute(db);
  return rows.map(withCurrentSegments);
}

/** Sets (or moves) an order's deferred re-read. */
export async function deferRefresh(db: Db, orderId: string, dueAt: Date): Promise<void> {
  await sql`update order_notification_refreshes set due_at = ${dueAt} where order_id = ${orderId}`.execute(db);
}
