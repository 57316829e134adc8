import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { OrderEventName } from '../orders/event-outbox.js';

/** SQL of the events an agency reads: the order_events outbox and the deliveries fanned out from it. */

export interface EventRow {
  id: string;
  order_id: string;
  event: OrderEventName;
  payload: Record<string, unknown>;
  occurred_at: Date;
  /** A test event (`flightagg trigger`): its body says `"test": true`. */
  test: boolean;
}

/** An event as read back; a test event has no order row and names the sample order its payload carries. */
const EVENT_COLUMNS = sql.raw(
  "id::text as id, coalesce(order_id, payload->>'order_id') as order_id, event, payload, occurred_at, test",
);

export interface DeliveryStateRow {
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'dead';
  attempt_count: number;
  last_attempt_at: Date | null;
}

/** Who reads: one agency in one environment, and the oldest moment still kept. */
export interface EventScope {
  agencyId: string;
  environment: string;
  keptSince: Date;
}

export interface EventFilter {
  types: readonly OrderEventName[] | null;
  orderId: string | null;
  createdAfter: Date | null;
  createdBefore: Date | null;
}

const where = (scope: EventScope, filter: EventFilter) =>
  sql.join(
    [
      sql`agency_id = ${scope.agencyId}`,
      sql`environment = ${scope.environment}`,
      sql`occurred_at >= ${scope.keptSince}`,
      ...(filter.types ? [sql`event = any(${[...filter.types]}::text[])`] : []),
      ...(filter.orderId !== null ? [sql`order_id = ${filter.orderId}`] : []),
      ...(filter.createdAfter ? [sql`occurred_at > ${filter.createdAfter}`] : []),
      ...(filter.createdBefore ? [sql`occurred_at < ${filter.createdBefore}`] : []),
    ],
    sql` and `,
  );

/** Newest first, below `beforeId` when paging on. (Ordered by the bigint column: the text alias would put 100 before 99.) */
export async function listEvents(
  db: Db,
  scope: EventScope,
  { filter, beforeId, limit }: { filter: EventFilter; beforeId: string | null; limit: number },
): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`
    select ${EVENT_COLUMNS} from order_events
    where ${where(scope, filter)} ${beforeId !== null ? sql`and id < ${beforeId}::bigint` : sql``}
    order by order_events.id desc limit ${limit}`.execute(db);
  return rows;
}

/** Oldest first, after `afterId`: what a stream sends next. */
export async function eventsAfter(
  db: Db,
  scope: EventScope,
  { filter, afterId, limit }: { filter: EventFilter; afterId: string; limit: number },
): Promise<EventRow[]> {
  const { rows } = await sql<EventRow>`
    select ${EVENT_COLUMNS} from order_events
    where ${where(scope, filter)} and id > ${afterId}::bigint
    order by order_events.id limit ${limit}`.execute(db);
  return rows;
}

export async function findEvent(db: Db, scope: EventScope, id: string): Promise<EventRow | null> {
  const { rows } = await sql<EventRow>`
    select ${EVENT_COLUMNS} from order_events
    where id = ${id}::bigint and agency_id = ${scope.agencyId} and environment = ${scope.environment}
      and occurred_at >= ${scope.keptSince}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Writes a test event of the agency's to the outbox, like a real one (so the dispatcher fans it
 * out to the agency's endpoints and streams send it), with no order row behind it. Answers it.
 */
export async function insertTestEvent(
  db: Db,
  input: { agencyId: string; environment: string; event: OrderEventName; payload: Record<string, unknown>; at: Date },
): Promise<EventRow> {
  const { rows } = await sql<EventRow>`
    insert into order_events (agency_id, environment, order_id, event, payload, occurred_at, test)
    values (${input.agencyId}, ${input.environment}, null, ${input.event}, ${JSON.stringify(input.payload)}::jsonb, ${input.at}, true)
    returning ${EVENT_COLUMNS}`.execute(db);
  return rows[0]!;
}

/** The newest event id of the whole outbox (0 when empty): where a stream without Last-Event-ID starts. */
export async function latestEventId(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string }>`select coalesce(max(id), 0)::text as id from order_events`.execute(db);
  return rows[0]?.id ?? '0';
}

/** Each event's deliveries, one per endpoint it was fanned out to, with the time of the last attempt. */
export async function deliveryStates(db: Db, eventIds: readonly string[]): Promise<DeliveryStateRow[]> {
  if (eventIds.length === 0) return [];
  const { rows } = await sql<DeliveryStateRow>`
    select d.event_id::text as event_id, d.endpoint_id, d.status, d.attempt_count,
           (select max(a.attempted_at) from webhook_attempts a where a.delivery_id = d.id) as last_attempt_at
    from webhook_deliveries d
    where d.event_id = any(${eventIds.map(Number)}::bigint[])
    order by d.event_id, d.created_at, d.endpoint_id`.execute(db);
  return rows;
}

/** One batch of the retention sweep: rows made before `before`, leases judged at `now`, at most `limit`. */
export interface RetentionBatch {
  before: Date;
  now: Date;
  limit: number;
}

/**
 * Deletes up to `limit` events that happened before `before`, with their webhook deliveries (and,
 * by cascade, those deliveries' attempts), in one transaction. Skipped, for a later run: an event
 * a dispatcher is fanning out now (locked) and one with a delivery a worker holds (leased at `now`),
 * whose attempt would otherwise finish into nothing. Answers how many events went.
 */
export async function deleteEventsBefore(db: Db, { before, now, limit }: RetentionBatch): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      select e.id::text as id from order_events e
      where e.occurred_at < ${before}
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.lease_until > ${now})
      order by e.occurred_at limit ${limit}
      for update of e skip locked`.execute(trx);
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);
    await sql`delete from webhook_deliveries where event_id = any(${ids}::bigint[])`.execute(trx);
    await sql`delete from order_events where id = any(${ids}::bigint[])`.execute(trx);
    return rows.length;
  });
}

/** Deletes up to `limit` test deliveries made before `before` (they carry no event) and their attempts. */
export async function deleteTestDeliveriesBefore(db: Db, { before, now, limit }: RetentionBatch): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries
      where test and created_at < ${before} and (lease_until is null or lease_until <= ${now})
      order by created_at limit ${limit}
      for update skip locked)
    returning id`.execute(db);
  return rows.length;
}
