import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { AviationSourceRow } from '../../platform/db/rows.js';
import type { ImportCounts } from './import-counts.js';

export async function listSourceRows(db: Db): Promise<AviationSourceRow[]> {
  const { rows } = await sql<AviationSourceRow>`select * from aviation_sources order by name`.execute(db);
  return rows;
}

export async function markAttempt(db: Db, name: string, url: string, at: Date): Promise<void> {
  await sql`
    insert into aviation_sources (name, url, status, last_attempt_at) values (${name}, ${url}, 'running', ${at})
    on conflict (name) do update set url = excluded.url, status = 'running', last_attempt_at = excluded.last_attempt_at`.execute(
    db,
  );
}

export async function markSuccess(db: Db, name: string, counts: ImportCounts, at: Date): Promise<void> {
  await sql`
    update aviation_sources set status = 'ok', last_success_at = ${at}, error = null, rows_read = ${counts.rowsRead},
      inserted = ${counts.inserted}, updated = ${counts.updated}, unchanged = ${counts.unchanged}, deleted = ${counts.deleted},
      skipped = ${counts.skipped}, skipped_reasons = ${JSON.stringify(counts.skippedReasons)}::jsonb, row_count = ${counts.rowCount}
    where name = ${name}`.execute(db);
}

/** The previous data stays (its transaction rolled back), so last_success_at and the counts stay too. */
export async function markFailure(db: Db, name: string, error: string): Promise<void> {
  await sql`update aviation_sources set status = 'failed', error = ${error} where name = ${name}`.execute(db);
}
