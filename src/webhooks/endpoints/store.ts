import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { WebhookEndpointRow } from '../../platform/db/rows.js';
import { lockAgency } from '../../identity/agencies/store.js';

export type NewEndpoint = Omit<WebhookEndpointRow, 'failure_streak' | 'disabled_at' | 'disabled_reason' | 'status'>;

/**
 * Inserts unless the agency already has `max` endpoints in that environment; the agency row is
 * locked for the count, so two creations at once cannot both take the last place.
 */
export async function insertEndpointWithin(db: Db, row: NewEndpoint, max: number): Promise<WebhookEndpointRow | null> {
  return db.transaction().execute(async (trx) => {
    await lockAgency(trx, row.agency_id);
    const { rows: counted } = await sql<{ n: number }>`
      select count(*)::int as n from webhook_endpoints
      where agency_id = ${row.agency_id} and environment = ${row.environment}`.execute(trx);
    if ((counted[0]?.n ?? 0) >= max) return null;
    const { rows } = await sql<WebhookEndpointRow>`
      insert into webhook_endpoints (id, agency_id, environment, url, description, events, secret_sealed, status, created_at, updated_at)
      values (${row.id}, ${row.agency_id}, ${row.environment}, ${row.url}, ${row.description}, ${row.events}::text[],
              ${row.secret_sealed}, 'enabled', ${row.created_at}, ${row.updated_at})
      returning *`.execute(trx);
    return rows[0]!;
  });
}

export async function listEndpoints(db: Db, agencyId: string): Promise<WebhookEndpointRow[]> {
  const { rows } = await sql<WebhookEndpointRow>`
    select * from webhook_endpoints where agency_id = ${agencyId} order by created_at desc, id desc`.execute(db);
  return rows;
}

export async function findEndpoint(db: Db, id: string, agencyId: string): Promise<WebhookEndpointRow | null> {
  const { rows } = await sql<WebhookEndpointRow>`
    select * from webhook_endpoints where id = ${id} and agency_id = ${agencyId}`.execute(db);
  return rows[0] ?? null;
}

export async function updateEndpoint(
  db: Db,
  { id, agencyId }: { id: string; agencyId: string },
  change: { description?: string | null; events?: string[] },
  at: Date,
): Promise<WebhookEndpointRow | null> {
  const { rows } = await sql<WebhookEndpointRow>`
    update webhook_endpoints set
      description = ${change.description === undefined ? sql`description` : sql`${change.description}`},
      events = ${change.events === undefined ? sql`events` : sql`${change.events}::text[]`},
      updated_at = ${at}
    where id = ${id} and agency_id = ${agencyId}
    returning *`.execute(db);
  return rows[0] ?? null;
}

/** Deletes the endpoint; its deliveries and their attempts go with it (pending ones are dropped). */
export async function deleteEndpoint(db: Db, id: string, agencyId: string): Promise<boolean> {
  const result = await sql`delete from webhook_endpoints where id = ${id} and agency_id = ${agencyId}`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** Re-arms an endpoint: its streak starts again and its waiting deliveries become due. */
export async function enableEndpoint(db: Db, id: string, agencyId: string, at: Date): Promise<WebhookEndpointRow | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<WebhookEndpointRow>`
      update webhook_endpoints
      set status = 'enabled', failure_streak = 0, disabled_at = null, disabled_reason = null, updated_at = ${at}
      where id = ${id} and agency_id = ${agencyId}
      returning *`.execute(trx);
    if (!rows[0]) return null;
    await sql`
      update webhook_deliveries set next_attempt_at = ${at}
      where endpoint_id = ${id} and status = 'pending' and next_attempt_at > ${at}`.execute(trx);
    return rows[0];
  });
}
