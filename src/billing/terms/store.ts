import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AgencyRow, Row, RowUpdate } from '../../platform/db/rows.js';

/** The terms columns billing owns, in `agency_terms` (0012). */
type TermsColumnName =
  | 'payment_method_ref'
  | 'billing_status'
  | 'free_allowance'
  | 'daily_search_ceiling'
  | 'monthly_search_ceiling'
  | 'look_to_book_ceiling';

/** An agency's row joined with its terms row (absent: every terms column null). Derived from tables.ts. */
export type TermsRow = { agency_id: AgencyRow['id']; terms_updated_at: Date | null } & Pick<
  AgencyRow,
  'name' | 'plan_code' | 'live' | 'iata_number' | 'search_rate_limit' | 'created_at'
> & { [C in TermsColumnName]: Row<'agency_terms'>[C] | null };

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

/** What a change may set in `agency_terms`. */
export type TermsColumns = Pick<RowUpdate<'agency_terms'>, TermsColumnName>;

/** Creates the terms row on first change; later changes touch only the named columns. */
export async function upsertTerms(
  db: Db,
  agencyId: string,
  { columns, by, now }: { columns: TermsColumns; by: string; now: Date },
): Promise<void> {
  const names = Object.keys(columns);
  const values = Object.values(columns);
  const insertColumns = sql.join(['agency_id', ...names, 'updated_at', 'updated_by'].map((c) => sql.ref(c)));
  const insertValues = sql.join([agencyId, ...values, now, by].map((v) => sql`${v}`));
  const sets = sql.join([...names, 'updated_at', 'updated_by'].map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  await sql`
    insert into agency_terms (${insertColumns}) values (${insertValues})
    on conflict (agency_id) do update set ${sets}`.execute(db);
}
