import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { AirlineHealthRow } from '../platform/db/rows.js';

/** One probe of the airline, as `airline_health.samples` keeps it (newest last). */
export type ProbeSample = AirlineHealthRow['samples'][number];

export async function readHealth(db: Db, airline?: string): Promise<AirlineHealthRow[]> {
  const { rows } = airline
    ? await sql<AirlineHealthRow>`select * from airline_health where airline = ${airline}`.execute(db)
    : await sql<AirlineHealthRow>`select * from airline_health order by airline`.execute(db);
  return rows.map((r) => ({
    ...r,
    samples: typeof r.samples === 'string' ? (JSON.parse(r.samples) as ProbeSample[]) : r.samples,
  }));
}

export async function writeHealth(db: Db, row: AirlineHealthRow): Promise<void> {
  await sql`
    insert into airline_health (airline, status, environment, checked_at, last_success_at, last_error, consecutive_failures, samples)
    values (${row.airline}, ${row.status}, ${row.environment}, ${row.checked_at}, ${row.last_success_at}, ${row.last_error},
            ${row.consecutive_failures}, ${JSON.stringify(row.samples)}::jsonb)
    on conflict (airline) do update set
      status = excluded.status, environment = excluded.environment, checked_at = excluded.checked_at,
      last_success_at = excluded.last_success_at, last_error = excluded.last_error,
      consecutive_failures = excluded.consecutive_failures, samples = excluded.samples`.execute(db);
}
