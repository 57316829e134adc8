import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { OrderRow } from '../platform/db/rows.js';
import type { OrderDetails } from './order-record.js';
import { isOpen, type OrderStatus } from './order-status.js';
import { withCurrentSegments } from './stored-segments.js';

/** SQL of the orders table. Every read is scoped to one agency and environment. */

/** What insertOrder writes: every column but the ones it sets itself or leaves to later (the reminder). */
export type NewOrder = Omit<OrderRow, 'updated_at' | 'deadline_notified_at'>;

/**
 * The departures an open order still has to fly (local date-times of its segments not cancelled),
 * kept in `order_departures` beside every write of the order so the airline sweep finds the orders
 * departing soon through an index, not by reading every open order's document. A closed order
 * keeps none. Written in the same statement as the order, so the two never disagree.
 */
function openDepartures(status: OrderStatus, details: OrderDetails): string {
  if (!isOpen(status)) return '[]';
  const times = details.airline.segments.filter((s) => s.status !== 'cancelled').map((s) => s.departingAt);
  return JSON.stringify([...new Set(times)]);
}

/**
 * The passengers' last names, as `order_passenger_names` keeps them for GET /v1/orders?passenger_name=
 * (folded by the SQL function passenger_name_key, migration 0023). NFC first, so a name sent with
 * combining accents folds like its composed spelling.
 */
function passengerNames(details: OrderDetails): string {
  return JSON.stringify([...new Set(details.passengers.map((p) => p.familyName.normalize('NFC')))]);
}

export async function insertOrder(db: Db, row: NewOrder): Promise<OrderRow> {
  const { rows } = await sql<OrderRow>`
    with inserted as (
      insert into orders (id, agency_id, environment, airline, source, airline_order_id, airline_owner, pnr, status, origin,
                          destination, currency, total_minor, payment_deadline, contact_email, details,
                          created_by_key_id, created_at, updated_at)
      values (${row.id}, ${row.agency_id}, ${row.environment}, ${row.airline}, ${row.source}, ${row.airline_order_id}, ${row.airline_owner},
              ${row.pnr}, ${row.status}, ${row.origin}, ${row.destination}, ${row.currency}, ${row.total_minor},
              ${row.payment_deadline}, ${row.contact_email}, ${JSON.stringify(row.details)}::jsonb,
              ${row.created_by_key_id}, ${row.created_at}, ${row.created_at})
      returning *),
    departures as (
      insert into order_departures (order_id, departing_at)
      select ${row.id}, d from jsonb_array_elements_text(${openDepartures(row.status, row.details)}::jsonb) d),
    names as (
      insert into order_passenger_names (order_id, agency_id, environment, name_key)
      select distinct ${row.id}, ${row.agency_id}, ${row.environment}, passenger_name_key(n)
      from jsonb_array_elements_text(${passengerNames(row.details)}::jsonb) n)
    select * from inserted`.execute(db);
  return rows[0]!;
}

export interface OrderLookup {
  id: string;
  agencyId: string;
  environment: string;
  /** Locks the row until the transaction ends (`select … for update`). */
  forUpdate?: boolean;
}

export async function findOrder(db: Db, { id, agencyId, environment, forUpdate = false }: OrderLookup): Promise<OrderRow | null> {
  const lock = forUpdate ? sql`for update` : sql``;
  const { rows } = await sql<OrderRow>`
    select * from orders where id = ${id} and agency_id = ${agencyId} and environment = ${environment} ${lock}`.execute(db);
  return rows[0] ? withCurrentSegments(rows[0]) : null;
}

/** An order of the agency in either environment: order ids are unique, so the id alone decides. */
export async function findAgencyOrder(db: Db, id: string, agencyId: string): Promise<OrderRow | null> {
  const { rows } = await sql<OrderRow>`select * from orders where id = ${id} and agency_id = ${agencyId}`.execute(db);
  return rows[0] ? withCurrentSegments(rows[0]) : null;
}

export interface OrderChanges {
  status: OrderStatus;
  total_minor: number;
  currency: string;
  payment_deadline: Date | null;
  details: OrderDetails;
  updated_at: Date;
}

/**
 * The order as it is now, its row locked until the transaction ends: what a change decides on, so
 * two changes at once apply one after the other. The order given when the row is gone.
 */
export async function lockedOrder(trx: Db, order: OrderRow): Promise<OrderRow> {
  return (
    (await findOrder(trx, { id: order.id, agencyId: order.agency_id, environment: order.environment, forUpdate: true })) ?? order
  );
}

export async function updateOrder(db: Db, id: string, changes: OrderChanges): Promise<OrderRow> {
  // The delete sees the rows from before this statement and the insert adds the new ones: data-
  // modifying CTEs share one snapshot, so the departures are replaced, not doubled.
  const { rows } = await sql<OrderRow>`
    with updated as (
      update orders set status = ${changes.status}, total_minor = ${changes.total_minor}, currency = ${changes.currency},
        payment_deadline = ${changes.payment_deadline}, details = ${JSON.stringify(changes.details)}::jsonb,
        updated_at = ${changes.updated_at}
      where id = ${id} returning *),
    gone as (delete from order_departures where order_id = ${id}),
    departures as (
      insert into order_departures (order_id, departing_at)
      select ${id}, d from jsonb_array_elements_text(${openDepartures(changes.status, changes.details)}::jsonb) d)
    select * from updated`.execute(db);
  return rows[0]!;
}

export interface ListFilter {
  agencyId: string;
  environment: string;
  airline: string | null;
  status: string | null;
  pnr: string | null;
  /** A passenger's last name or its beginning, as given (folded in SQL); null: any. */
  passengerName: string | null;
  /** Only orders holding a trip credit still available at this time (has_credit=true); null: any order. */
  creditAt: Date | null;
  after: { createdAt: Date; id: string } | null;
  limit: number;
}

/** Newest first; the keyset (created_at, id) makes pages stable while new orders arrive. */
export async function listOrders(db: Db, f: ListFilter): Promise<OrderRow[]> {
  const conditions = [sql`agency_id = ${f.agencyId}`, sql`environment = ${f.environment}`];
  // An airline names the owner airline, or the source that booked the order (docs/connectors.md).
  if (f.airline) conditions.push(sql`(airline = ${f.airline} or source = ${f.airline})`);
  if (f.status) conditions.push(sql`status = ${f.status}`);
  if (f.pnr) conditions.push(sql`pnr = ${f.pnr}`);
  // Prefix of the folded last name; the key holds letters only, so the pattern has no wildcard of its own.
  if (f.passengerName)
    conditions.push(sql`id in (
      select order_id from order_passenger_names
      where agency_id = ${f.agencyId} and environment = ${f.environment}
        and name_key like passenger_name_key(${f.passengerName.normalize('NFC')}) || '%')`);
  // A credit without the airline's expiry runs 12 months from the booking (order-credits.ts).
  if (f.creditAt)
    conditions.push(sql`exists (
      select 1 from jsonb_array_elements(
        coalesce(details -> 'airline' -> 'credits', '[]'::jsonb) || coalesce(details -> 'removedPassengerCredits', '[]'::jsonb)) c
      where c ->> 'status' = 'available'
        and (c ->> 'expiresAt' > ${f.creditAt.toISOString()}
             or (c ->> 'expiresAt' is null and created_at + interval '12 months' > ${f.creditAt})))`);
  if (f.after) conditions.push(sql`(created_at, id) < (${f.after.createdAt}, ${f.after.id})`);
  const { rows } = await sql<OrderRow>`
    select * from orders where ${sql.join(conditions, sql` and `)}
    order by created_at desc, id desc limit ${f.limit}`.execute(db);
  return rows.map(withCurrentSegments);
}

/** The agency's orders (in one environment) holding a credit on this ticket, the newest first. */
export async function ordersHoldingCredit(
  db: Db,
  scope: { agencyId: string; environment: string },
  ticketNumber: string,
): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select * from orders where agency_id = ${scope.agencyId} and environment = ${scope.environment}
      and exists (
        select 1 from jsonb_array_elements(
          coalesce(details -> 'airline' -> 'credits', '[]'::jsonb) || coalesce(details -> 'removedPassengerCredits', '[]'::jsonb)) c
        where c ->> 'ticketNumber' = ${ticketNumber})
    order by created_at desc, id desc limit 5`.execute(db);
  return rows.map(withCurrentSegments);
}

/** The agency's order ids of about the same length, to suggest the one a typo meant. */
export async function orderIdsNear(db: Db, agencyId: string, environment: string, length: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select id from orders where agency_id = ${agencyId} and environment = ${environment}
      and length(id) between ${length - 1} and ${length + 1}`.execute(db);
  return rows.map((r) => r.id);
}

/** Unpaid holds whose payment limit falls before `until` and that were not announced yet. */
export async function holdsDueBefore(db: Db, until: Date, now: Date): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select * from orders where status = 'hold' and deadline_notified_at is null
      and payment_deadline is not null and payment_deadline <= ${until} and payment_deadline > ${now}
    order by payment_deadline limit 500`.execute(db);
  return rows.map(withCurrentSegments);
}

/**
 * Unpaid holds whose payment deadline passed before `lapsedBefore` and that were not re-read from
 * their airline since `checkedBefore` (order_airline_checks): the hold-lapse sweep's picks, oldest
 * deadline first.
 */
export async function lapsedHolds(db: Db, w: { lapsedBefore: Date; checkedBefore: Date; limit: number }): Promise<OrderRow[]> {
  const { rows } = await sql<OrderRow>`
    select o.* from orders o left join order_airline_checks c on c.order_id = o.id
    where o.status = 'hold' and o.payment_deadline is not null and o.payment_deadline <= ${w.lapsedBefore}
      and (c.checked_at is null or c.checked_at < ${w.checkedBefore})
    order by o.payment_deadline, o.id limit ${w.limit}`.execute(db);
  return rows.map(withCurrentSegments);
}

/** Marks the reminder sent; false when another instance got there first. */
export async function markDeadlineNotified(db: Db, id: string, at: Date): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update orders set deadline_notified_at = ${at} where id = ${id} and deadline_notified_at is null returning id`.execute(db);
  return rows.length === 1;
}
