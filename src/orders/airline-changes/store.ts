import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { OrderRow } from '../../platform/db/rows.js';
import { withCurrentSegments } from '../stored-segments.js';

/** SQL of airline-initiated changes: orders by the airline's id, the sweep's picks, check times. */

/** Every stored order (any agency, either environment) the airline knows by this id. */
export async function ordersByAirlineOrderId(db: Db, source: string, airlineOrderId: string): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select * from orders where source = ${source} and airline_order_id = ${airlineOrderId} order by id`.execute(db);
  return rows.map(withCurrentSegments);
}

/** Records that the order was just re-read from its airline (by a notification or the sweep). */
export async function markChecked(db: Db, orderId: string, at: Date): Promise<void> {
  await sql`
    insert into order_airline_checks (order_id, checked_at) values (${orderId}, ${at})
    on conflict (order_id) do update set checked_at = excluded.checked_at`.execute(db);
}

export interface SweepWindow {
  /** Local departure date-times (`YYYY-MM-DDTHH:MM:SS`, as segments store them) to look between. */
  departingFrom: string;
  departingTo: string;
  /** Orders re-read after this are skipped. */
  checkedBefore: Date;
  limit: number;
}

/**
 * Open orders with a segment still booked departing in the window (found through the
 * `order_departures` index, so the cost follows the orders departing soon, not all open orders)
 * that were not re-read since `checkedBefore`: never-checked first, then the longest unchecked,
 * so a bounded batch per run still comes round to every one.
 */
export async function ordersDueForSweep(db: Db, w: SweepWindow): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select o.* from orders o left join order_airline_checks c on c.order_id = o.id
    where o.id in (
        select d.order_id from order_departures d
        where d.departing_at >= ${w.departingFrom} and d.departing_at <= ${w.departingTo})
      and o.status in ('hold', 'ticketed')
      and (c.checked_at is null or c.checked_at < ${w.checkedBefore})
    order by c.checked_at nulls first, o.id
    limit ${w.limit}`.execute(db);
  return rows.map(withCurrentSegments);
}
