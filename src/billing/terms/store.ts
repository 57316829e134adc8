import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';

/** An agency's row joined with its terms row (absent: every terms column null). */
export interface TermsRow {
  agency_id: string;
  name: string;
  plan_code: string | null;
  live: boolean;
  iata_number: string | null;
  search_rate_limit: number | null;
  created_at: Date;
  payment_method_ref: string | null;
  billing_status: 'active' | 'past_due' | 'delinquent' | null;
  free_allowance: number | null;
  daily_search_ceiling: number | null;
  monthly_search_ceiling: number | null;
  look_to_book_ceiling: number | null;
  terms_updated_at: Date | null;
}

const SELECT_TERMS = sql`
  select a.id as agency_id, a.name, a.plan_code, a.live, a.iata_number, a.search_rate_limit, a.created_at,
         t.payment_method_ref, t.billing_status, t.free_allowance, t.daily_search_ceiling,
         t.monthly_search_ceiling, t.look_to_book_ceiling, t.updated_at as terms_updated_at
  from agencies a left join agency_terms t on t.agency_id = a.id`;

export async function findTerms(db: Db, agencyId: string): Promise<TermsRow | null> {
  const { rows } = await sql<TermsRow>`${SELECT_TERMS} where a.id = ${agencyId}`.execute(db);
  return rows[0] ?? null;
}

/** Agencies in creation order, newest first, after the cursor (an agency id) when given. */
export async function listTerms(db: Db, limit: number, planCode?: string): Promise<TermsRow[]> {
  const { rows } = await sql<TermsRow>`
    ${SELECT_TERMS}
    where ${planCode === undefined ? sql`true` : sql`coalesce(a.plan_code, 'free') = ${planCode}`}
    order by a.created_at desc, a.id
    limit ${limit}`.execute(db);
  return rows;
}

/** The columns of `agencies` that billing sets (0001 put them there). */
export interface AgencyColumns {
  plan_code?: string;
  live?: boolean;
  iata_number?: string | null;
  search_rate_limit?: number | null;
}

/** The columns of `agency_terms`. */
export interface TermsColumns {
  payment_method_ref?: string | null;
  billing_status?: 'active' | 'past_due' | 'delinquent';
  free_allowance?: number | null;
  daily_search_ceiling?: number | null;
  monthly_search_ceiling?: number | null;
  look_to_book_ceiling?: number | null;
}

export async function updateAgencyColumns(db: Db, agencyId: string, columns: AgencyColumns): Promise<void> {
  const sets = Object.entries(columns).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  if (sets.length === 0) return;
  await sql`update agencies set ${sql.join(sets)} where id = ${agencyId}`.execute(db);
}

/** Creates the terms row on first change; later changes touch only the named columns. */
export async function upsertTerms(db: Db, agencyId: string, columns: TermsColumns, by: string, now: Date): Promise<void> {
  const names = Object.keys(columns);
  const values = Object.values(columns);
  const insertColumns = sql.join(['agency_id', ...names, 'updated_at', 'updated_by'].map((c) => sql.ref(c)));
  const insertValues = sql.join([agencyId, ...values, now, by].map((v) => sql`${v}`));
  const sets = sql.join([...names, 'updated_at', 'updated_by'].map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  await sql`
    insert into agency_terms (${insertColumns}) values (${insertValues})
    on conflict (agency_id) do update set ${sets}`.execute(db);
}
