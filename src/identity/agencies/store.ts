import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AgencyRow, RowUpdate } from '../../platform/db/rows.js';

export async function insertAgency(db: Db, agency: Omit<AgencyRow, 'created_at' | 'search_rate_limit'>): Promise<AgencyRow> {
  const { rows } = await sql<AgencyRow>`
    insert into agencies (id, name, plan_code, live, iata_number, verified_at)
    values (${agency.id}, ${agency.name}, ${agency.plan_code}, ${agency.live}, ${agency.iata_number}, ${agency.verified_at})
    returning *`.execute(db);
  return rows[0]!;
}

export async function findAgency(db: Db, id: string): Promise<AgencyRow | null> {
  const { rows } = await sql<AgencyRow>`select * from agencies where id = ${id}`.execute(db);
  return rows[0] ?? null;
}

/** An agency created by signup is verified once its owner has proven the e-mail address. */
export async function verifyAgencyOwnedBy(db: Db, agencyId: string, userId: string, now: Date): Promise<void> {
  await sql`
    update agencies set verified_at = ${now}
    where id = ${agencyId} and verified_at is null
      and exists (select 1 from users where id = ${userId} and agency_id = ${agencyId} and role = 'owner')`.execute(db);
}

/** The agency columns an operator's terms change may set (plan, live, accreditation, search rate). */
export type AgencyTermsUpdate = Pick<RowUpdate<'agencies'>, 'plan_code' | 'live' | 'iata_number' | 'search_rate_limit'>;

/** Sets the named columns only; nothing named, nothing written. Runs in the caller's transaction. */
export async function updateAgencyTerms(db: Db, agencyId: string, columns: AgencyTermsUpdate): Promise<void> {
  const sets = Object.entries(columns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  if (sets.length === 0) return;
  await sql`update agencies set ${sql.join(sets)} where id = ${agencyId}`.execute(db);
}

/**
 * Locks the agency's row for the caller's transaction: what counts an agency's rows before adding
 * one (API keys, webhook endpoints) takes it first, so two creations at once cannot both take the
 * last place.
 */
export async function lockAgency(trx: Db, agencyId: string): Promise<void> {
  await sql`select id from agencies where id = ${agencyId} for update`.execute(trx);
}

/** The agency's own search rate limit, or null for the configured default. */
export async function agencySearchLimit(db: Db, agencyId: string): Promise<number | null> {
  const { rows } = await sql<{ search_rate_limit: number | null }>`
    select search_rate_limit from agencies where id = ${agencyId}`.execute(db);
  return rows[0]?.search_rate_limit ?? null;
}
