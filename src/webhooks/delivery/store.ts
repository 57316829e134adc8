import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { WebhookAttemptRow, WebhookDeliveryRow } from '../../platform/db/rows.js';
import { eventBodies, hasUndispatched, lockUndispatched, markDispatched } from '../../orders/event-outbox-store.js';

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery extends WebhookDeliveryRow {
  url: string;
  secret_sealed: string;
  payload: Record<string, unknown>;
  /** The event is a test event (`flightagg trigger`): sent with `"test": true` and `X-Service-Test: true`. */
  event_test: boolean;
}

/**
 * Whether a worker run would find anything: an event not fanned out yet, or a pending delivery
 * due and not leased (its endpoint's state is left to the claim). Both on partial indexes. Most
 * runs of most gateways find nothing, and then these light statements are all they send, not the
 * fan-out's and the claim's locking ones, which on embedded storage were most of an idle
 * gateway's CPU (bench/results/2026-11-26.md, "Idle CPU").
 */
export async function hasWork(db: Db, at: Date): Promise<boolean> {
  if (await hasUndispatched(db)) return true;
  const { rows } = await sql<{ work: boolean }>`
    select exists (
      select 1 from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${at} and (lease_until is null or lease_until < ${at})
    ) as work`.execute(db);
  return rows[0]?.work === true;
}

/**
 * Fans out up to `limit` undispatched outbox events: one pending delivery per subscribed endpoint
 * of the event's agency and environment (a switched-off endpoint's wait until it is re-armed), and
 * the event marked dispatched, in one transaction. The outbox's SKIP LOCKED lets several instances
 * fan out at once without taking the same event; the unique (event, endpoint) pair makes a repeat
 * harmless.
 */
export async function fanOutEvents(db: Db, limit: number, at: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await lockUndispatched(trx, limit);
    if (events.length === 0) return 0;
    // One insert for the batch: the events go in as arrays, joined with their agencies' endpoints.
    // Delivery ids are made here so a batch costs one round trip.
    await sql`
      insert into webhook_deliveries (id, event_id, endpoint_id, agency_id, order_id, event, status, next_attempt_at, created_at)
      select 'whd_' || replace(gen_random_uuid()::text, '-', ''), ev.id, e.id, ev.agency_id, ev.order_id, ev.event,
             'pending', ${at}, ${at}
      from unnest(
        ${events.map((e) => e.id)}::bigint[], ${events.map((e) => e.agency_id)}::text[],
        ${events.map((e) => e.environment)}::text[], ${events.map((e) => e.order_id)}::text[],
        ${events.map((e) => e.event)}::text[]
      ) as ev(id, agency_id, environment, order_id, event)
      join webhook_endpoints e on e.agency_id = ev.agency_id and e.environment = ev.environment
        and (cardinality(e.events) = 0 or ev.event = any (e.events))
      on conflict (event_id, endpoint_id) do nothing`.execute(trx);
    await markDispatched(
      trx,
      events.map((e) => e.id),
      at,
    );
    return events.length;
  });
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints for this worker until `leaseUntil`.
 * FOR UPDATE SKIP LOCKED: two instances claiming at once never take the same row, and an expired
 * lease (its worker died mid-attempt) makes the delivery claimable again. The events' bodies come
 * from the outbox's own store.
 */
export async function claimDue(
  db: Db,
  { limit, at, leaseUntil, token }: { limit: number; at: Date; leaseUntil: Date; token: string },
): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<Omit<ClaimedDelivery, 'payload' | 'event_test'>>`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints e on e.id = d.endpoint_id and e.status = 'enabled'
      where d.status = 'pending' and d.next_attempt_at <= ${at} and (d.lease_until is null or d.lease_until < ${at})
      -- First attempts before retries: a backlog of retries after a receiver outage must not make
      -- new events wait behind it.
      order by (d.attempt_count > 0), d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    ), claimed as (
      update webhook_deliveries d set lease_until = ${leaseUntil}, lease_token = ${token}
      from due where d.id = due.id
      returning d.*
    )
    select claimed.*, e.url, e.secret_sealed
    from claimed
    join webhook_endpoints e on e.id = claimed.endpoint_id`.execute(db);
  if (rows.length === 0) return [];
  const bodies = await eventBodies(
    db,
    rows.map((r) => Number(r.event_id)),
  );
  // An event the retention sweep deleted under a claim cannot happen (the sweep skips events with a
  // leased delivery), but a claim without its body is released rather than sent empty.
  const claimed: ClaimedDelivery[] = [];
  for (const r of rows) {
    const body = bodies.get(Number(r.event_id));
    if (!body) {
      await releaseClaim(db, r.id, token);
      continue;
    }
    claimed.push({ ...r, event_id: Number(r.event_id), payload: body.payload, event_test: body.test });
  }
  return claimed;
}

/** Each event's deliveries, one per endpoint it was fanned out to, with the time of the last attempt. */
export interface DeliveryStateRow {
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'dead';
  attempt_count: number;
  last_attempt_at: Date | null;
}

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

/** Of these events, the ones with a delivery a worker holds (leased at `now`): its attempt would finish into nothing. */
export async function eventsWithHeldDelivery(db: Db, eventIds: readonly string[], now: Date): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set();
  const { rows } = await sql<{ event_id: string }>`
    select distinct event_id::text as event_id from webhook_deliveries
    where event_id = any(${eventIds}::bigint[]) and lease_until > ${now}`.execute(db);
  return new Set(rows.map((r) => r.event_id));
}

/** Deletes the deliveries of these events (their attempts go by cascade), in the caller's transaction. */
export async function deleteDeliveriesOfEvents(trx: Db, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await sql`delete from webhook_deliveries where event_id = any(${eventIds}::bigint[])`.execute(trx);
}

/** Deletes up to `limit` test deliveries made before `before` (they carry no event) and their attempts. */
export async function deleteTestDeliveriesBefore(
  db: Db,
  { before, now, limit }: { before: Date; now: Date; limit: number },
): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    delete from webhook_deliveries where id in (
      select id from webhook_deliveries
      where test and created_at < ${before} and (lease_until is null or lease_until <= ${now})
      order by created_at limit ${limit}
      for update skip locked)
    returning id`.execute(db);
  return rows.length;
}

export interface AttemptRecord {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  /** The body sent; kept once per delivery, with its first recorded attempt (it is the same on every one). */
  requestBody: string;
}

export type AttemptOutcome =
  { kind: 'delivered' } | { kind: 'retry'; nextAttemptAt: Date } | { kind: 'dead'; switchOffAfter: number; reason: string };

/** What finishing an attempt did to the endpoint: switched it off just now, or nothing. */
export interface FinishResult {
  recorded: boolean;
  switchedOff: { endpointId: string; agencyId: string; url: string; streak: number } | null;
}

// PostgreSQL text cannot hold NUL; a receiver's answer may. Replaced so one odd answer cannot
// make a whole batch's statement fail.
const storable = (text: string | null) => (text === null ? null : text.replaceAll('\u0000', '\uFFFD'));

/**
 * Records an attempt and moves the delivery on, in one transaction, only while this worker still
 * holds the lease (a late finisher whose lease expired records nothing; the retry it lost to is
 * the at-least-once duplicate receivers deduplicate with X-Service-Delivery). A death adds to the
 * endpoint's streak and switches it off at the threshold; a delivery resets the streak.
 */
export async function finishAttempt(
  db: Db,
  delivery: { id: string; endpoint_id: string; lease_token: string | null },
  attempt: AttemptRecord,
  outcome: AttemptOutcome,
): Promise<FinishResult> {
  const at = attempt.attemptedAt;
  const now = new Date(at.getTime() + attempt.durationMs);
  const status = outcome.kind === 'delivered' ? 'delivered' : outcome.kind === 'dead' ? 'dead' : 'pending';
  const next = outcome.kind === 'retry' ? outcome.nextAttemptAt : now;
  // The delivery's move, its attempt row and (when delivered) the reset of the endpoint's streak in
  // one statement: atomic without a transaction, one round trip per attempt. The streak is written
  // only when there is one to reset, so a busy endpoint's row is not written on every delivery.
  const record = (executor: Db) =>
    sql<{ delivery_id: string }>`
      with moved as (
        update webhook_deliveries
        set status = ${status}, attempt_count = attempt_count + 1, next_attempt_at = ${next},
            lease_until = null, lease_token = null, completed_at = ${status === 'pending' ? null : now},
            request_body = coalesce(request_body, ${storable(attempt.requestBody)})
        where id = ${delivery.id} and lease_token = ${delivery.lease_token} and status = 'pending'
        returning id, endpoint_id
      ), streak as (
        update webhook_endpoints set failure_streak = 0
        where ${status === 'delivered'} and failure_streak <> 0 and id in (select endpoint_id from moved)
      )
      insert into webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error, response_body)
      select id, ${at}, ${attempt.durationMs}, ${attempt.statusCode}, ${storable(attempt.error)}, ${storable(attempt.responseBody)} from moved
      returning delivery_id`.execute(executor);

  if (outcome.kind !== 'dead') {
    const { rows } = await record(db);
    return { recorded: rows.length > 0, switchedOff: null };
  }
  return db.transaction().execute(async (trx) => {
    const { rows } = await record(trx);
    if (!rows[0]) return { recorded: false, switchedOff: null };
    const { rows: endpoint } = await sql<{ agency_id: string; url: string; failure_streak: number; status: string }>`
      update webhook_endpoints set failure_streak = failure_streak + 1
      where id = ${delivery.endpoint_id}
      returning agency_id, url, failure_streak, status`.execute(trx);
    const e = endpoint[0];
    if (!e || e.status !== 'enabled' || e.failure_streak < outcome.switchOffAfter) return { recorded: true, switchedOff: null };
    await sql`
      update webhook_endpoints set status = 'disabled', disabled_at = ${now}, disabled_reason = ${outcome.reason}, updated_at = ${now}
      where id = ${delivery.endpoint_id}`.execute(trx);
    return {
      recorded: true,
      switchedOff: { endpointId: delivery.endpoint_id, agencyId: e.agency_id, url: e.url, streak: e.failure_streak },
    };
  });
}

/** A finished attempt that did not kill its delivery: delivered, or failed with a retry due. */
export interface BatchedAttempt {
  delivery: { id: string; lease_token: string | null };
  attempt: AttemptRecord;
  outcome: Exclude<AttemptOutcome, { kind: 'dead' }>;
}

/**
 * Records many finished attempts in one statement: each delivery moved on only while its lease
 * token still matches (a late finisher records nothing, as in `finishAttempt`), one attempt row
 * per delivery moved, and the failure streak of every endpoint that had a delivery reset. Deaths
 * are not batched: they count the streak one by one and may switch the endpoint off
 * (`finishAttempt`). Answers, for each attempt in order, whether it was recorded.
 */
export async function finishAttempts(db: Db, batch: readonly BatchedAttempt[]): Promise<boolean[]> {
  if (batch.length === 0) return [];
  const column = <T>(pick: (b: BatchedAttempt) => T) => batch.map(pick);
  const ended = (b: BatchedAttempt) => new Date(b.attempt.attemptedAt.getTime() + b.attempt.durationMs).toISOString();
  // Timestamps travel as ISO text: arrays of Date are serialised differently by pg and PGlite.
  const { rows } = await sql<{ n: number }>`
    with input as (
      select * from unnest(
        ${column((b) => b.delivery.id)}::text[], ${column((b) => b.delivery.lease_token)}::text[],
        ${column((b) => (b.outcome.kind === 'delivered' ? 'delivered' : 'pending'))}::text[],
        ${column((b) => (b.outcome.kind === 'retry' ? b.outcome.nextAttemptAt.toISOString() : ended(b)))}::timestamptz[],
        ${column((b) => (b.outcome.kind === 'delivered' ? ended(b) : null))}::timestamptz[],
        ${column((b) => b.attempt.attemptedAt.toISOString())}::timestamptz[], ${column((b) => b.attempt.durationMs)}::int[],
        ${column((b) => b.attempt.statusCode)}::int[], ${column((b) => storable(b.attempt.error))}::text[],
        ${column((b) => storable(b.attempt.responseBody))}::text[], ${column((b) => storable(b.attempt.requestBody))}::text[]
      ) with ordinality as i (id, lease_token, status, next_attempt_at, completed_at, attempted_at, duration_ms, status_code, error, response_body, request_body, n)
    ), moved as (
      update webhook_deliveries d
      set status = i.status, attempt_count = d.attempt_count + 1, next_attempt_at = i.next_attempt_at,
          lease_until = null, lease_token = null, completed_at = i.completed_at,
          request_body = coalesce(d.request_body, i.request_body)
      from input i
      where d.id = i.id and d.lease_token = i.lease_token and d.status = 'pending'
      returning i.n, d.endpoint_id, i.status
    ), streak as (
      -- Only rows with a streak to reset are written, so a busy endpoint's row is not rewritten per batch.
      update webhook_endpoints set failure_streak = 0
      where failure_streak <> 0 and id in (select endpoint_id from moved where status = 'delivered')
    ), attempts as (
      -- Joined on the input row, not the delivery id: a delivery this worker claimed again after
      -- its lease expired may sit in one batch twice, and only the current token's attempt counts.
      insert into webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error, response_body)
      select i.id, i.attempted_at, i.duration_ms, i.status_code, i.error, i.response_body
      from input i join moved m on m.n = i.n
      order by i.attempted_at, i.n
    )
    select n from moved`.execute(db);
  const recorded = new Set(rows.map((r) => Number(r.n)));
  // Ordinality counts from 1.
  return batch.map((_, index) => recorded.has(index + 1));
}

/** Lets go of a claim without an attempt (the process is stopping): the delivery is due again at once. */
export async function releaseClaim(db: Db, id: string, token: string): Promise<void> {
  await sql`update webhook_deliveries set lease_until = null, lease_token = null where id = ${id} and lease_token = ${token}`.execute(
    db,
  );
}

export async function findDelivery(db: Db, id: string, endpointId: string): Promise<WebhookDeliveryRow | null> {
  const { rows } = await sql<WebhookDeliveryRow>`
    select * from webhook_deliveries where id = ${id} and endpoint_id = ${endpointId}`.execute(db);
  return rows[0] ?? null;
}

/** The delivery log shows the first 2,048 characters of each answer. */
export const LISTED_RESPONSE_CHARS = 2048;

export type ListedAttempt = WebhookAttemptRow & { response_truncated: boolean };

/** Newest first, keyset on (created_at, id): `after` is the last row of the previous page. */
export async function listDeliveries(
  db: Db,
  endpointId: string,
  page: { limit: number; after: { createdAt: Date; id: string } | null },
): Promise<(WebhookDeliveryRow & { attempts: ListedAttempt[] })[]> {
  const after = page.after;
  const { rows } = await sql<WebhookDeliveryRow>`
    select * from webhook_deliveries
    where endpoint_id = ${endpointId}
      ${after ? sql`and (created_at, id) < (${after.createdAt}, ${after.id})` : sql``}
    order by created_at desc, id desc
    limit ${page.limit}`.execute(db);
  if (rows.length === 0) return [];
  // Only the start of each answer leaves the database: the log shows that much, not the 64 KiB kept.
  const { rows: attempts } = await sql<ListedAttempt>`
    select id, delivery_id, attempted_at, duration_ms, status_code, error,
           left(response_body, ${LISTED_RESPONSE_CHARS}) as response_body,
           coalesce(length(response_body) > ${LISTED_RESPONSE_CHARS}, false) as response_truncated
    from webhook_attempts
    where delivery_id in (${sql.join(rows.map((r) => r.id))}) order by id`.execute(db);
  return rows.map((r) => ({ ...r, event_id: Number(r.event_id), attempts: attempts.filter((a) => a.delivery_id === r.id) }));
}

/**
 * Manual retry: the same delivery (same id) due now. A dead one starts a fresh schedule of
 * attempts; a delivered one is sent again (at least once allows it; the id lets receivers dedupe).
 */
export async function requeueDelivery(db: Db, id: string, endpointId: string, at: Date): Promise<WebhookDeliveryRow | null> {
  const { rows } = await sql<WebhookDeliveryRow>`
    update webhook_deliveries
    set status = 'pending', next_attempt_at = ${at}, completed_at = null,
        attempt_count = case when status = 'pending' then attempt_count else 0 end
    where id = ${id} and endpoint_id = ${endpointId} and not test
    returning *`.execute(db);
  return rows[0] ?? null;
}

/**
 * A test delivery and its one attempt, recorded after the attempt in one statement: finished at
 * once (delivered, or dead: never retried), and the endpoint's failure streak left alone.
 */
export async function insertTestDelivery(
  db: Db,
  delivery: { id: string; endpointId: string; agencyId: string; orderId: string; event: string; requestBody: string },
  attempt: Omit<AttemptRecord, 'requestBody'>,
): Promise<boolean> {
  const ended = new Date(attempt.attemptedAt.getTime() + attempt.durationMs);
  // From the endpoint's row: one deleted while the attempt was on its way records nothing.
  const { rows } = await sql<{ delivery_id: string }>`
    with delivery as (
      insert into webhook_deliveries
        (id, event_id, endpoint_id, agency_id, order_id, event, status, attempt_count, next_attempt_at, created_at, completed_at, request_body, test)
      select ${delivery.id}, null::bigint, id, agency_id, ${delivery.orderId}, ${delivery.event},
             ${attempt.error === null ? 'delivered' : 'dead'}, 1, ${ended}::timestamptz, ${attempt.attemptedAt}::timestamptz,
             ${ended}::timestamptz, ${storable(delivery.requestBody)}, true
      from webhook_endpoints where id = ${delivery.endpointId} and agency_id = ${delivery.agencyId}
      returning id
    )
    insert into webhook_attempts (delivery_id, attempted_at, duration_ms, status_code, error, response_body)
    select id, ${attempt.attemptedAt}, ${attempt.durationMs}, ${attempt.statusCode}, ${storable(attempt.error)},
           ${storable(attempt.responseBody)}
    from delivery
    returning delivery_id`.execute(db);
  return rows.length > 0;
}

/** Queue depth and the age of the oldest due delivery, for /metrics. */
export async function queueStats(db: Db, at: Date): Promise<{ pending: number; oldestDueAt: Date | null }> {
  const { rows } = await sql<{ pending: number; oldest: Date | null }>`
    select count(*)::int as pending, min(next_attempt_at) filter (where next_attempt_at <= ${at}) as oldest
    from webhook_deliveries where status = 'pending'`.execute(db);
  return { pending: rows[0]?.pending ?? 0, oldestDueAt: rows[0]?.oldest ?? null };
}
