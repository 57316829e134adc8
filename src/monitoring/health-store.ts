import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

export interface ProbeSample {
  at: string;
  ok: boolean;
  ms: number;
}

export interface HealthRow {
  airline: string;
  status: 'up' | 'degraded' | 'down';
  environment: string;
  checked_at: Date;
  last_success_at: Date | null;
  last_error: string | null;
  consecutive_failures: number;
  samples: ProbeSample[];
}

export async function readHealth(db: Db, airline?: string): Promise<HealthRow[]> {
  const { rows } = airline
    ? await sql<HealthRow>`select * from airline_health where airline = ${airline}`.execute(db)
    : await sql<HealthRow>`select * from airline_health order by airline`.execute(db);
  return rows.map((r) => ({
    ...r,
    samples: typeof r.samples === 'string' ? (JSON.parse(r.samples) as ProbeSample[]) : r.samples,
  }));
}

export async function writeHealth(db: Db, row: HealthRow): Promise<void> {
  await sql`
    insert into airline_health (airline, status, environment, checked_at, last_success_at, last_error, consecutive_failures, samples)
    values (${row.airline}, ${row.status}, ${row.environment}, ${row.checked_at}, ${row.last_success_at}, ${row.last_error},
            ${row.consecutive_failures}, ${JSON.stringify(row.samples)}::jsonb)
    on conflict (airline) do update set
      status = excluded.status, environment = excluded.environment, checked_at = excluded.checked_at,
      last_success_at = excluded.last_success_at, last_error = excluded.last_error,
      consecutive_failures = excluded.consecutive_failures, samples = excluded.samples`.execute(db);
}
