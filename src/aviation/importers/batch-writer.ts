import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { ImportCounter } from './import-counts.js';

export interface TableSpec {
  table: string;
  /** Column name and PostgreSQL type, the key column first. */
  columns: readonly (readonly [string, string])[];
}

// Rows per statement: large enough that PGlite's per-statement cost vanishes, small enough that
// one batch's arrays stay a few megabytes.
const BATCH_ROWS = 2_000;

/**
 * Upserts rows in batches, one statement per batch: the values travel as one array per column
 * and `unnest` turns them back into rows, which works the same on PGlite and PostgreSQL. A row is
 * only rewritten when a value changed, so the counts say inserted, updated or unchanged; rows the
 * new file no longer holds are deleted at the end.
 */
export class BatchWriter {
  private rows: unknown[][] = [];
  private readonly seen = new Set<unknown>();

  constructor(
    private readonly db: Db,
    private readonly spec: TableSpec,
    private readonly counter: ImportCounter,
  ) {}

  /** Whether the key was already written in this run (upstream files hold a few duplicates). */
  has(key: unknown): boolean {
    return this.seen.has(key);
  }

  async add(row: unknown[]): Promise<void> {
    this.seen.add(row[0]);
    this.rows.push(row);
    if (this.rows.length >= BATCH_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const batch = this.rows;
    this.rows = [];
    const { table, columns } = this.spec;
    const names = columns.map(([name]) => name);
    const [key, ...rest] = names;
    const arrays = columns.map(([, type], i) => sql`${batch.map((row) => row[i] ?? null)}::${sql.raw(type)}[]`);
    const set = rest.map((c) => `${c} = excluded.${c}`).join(', ');
    const changed = `(${rest.map((c) => `${table}.${c}`).join(', ')}) is distinct from (${rest.map((c) => `excluded.${c}`).join(', ')})`;
    const { rows } = await sql<{ inserted: boolean }>`
      insert into ${sql.raw(table)} (${sql.raw(names.join(', '))})
      select * from unnest(${sql.join(arrays)})
      on conflict (${sql.raw(key!)}) do update set ${sql.raw(set)} where ${sql.raw(changed)}
      returning (xmax = 0) as inserted`.execute(this.db);
    const inserted = rows.filter((r) => r.inserted).length;
    this.counter.inserted += inserted;
    this.counter.updated += rows.length - inserted;
    this.counter.unchanged += batch.length - rows.length;
  }

  /** Flushes, deletes what the file no longer holds, and answers how many rows the table has. */
  async finish(): Promise<number> {
    await this.flush();
    const [key, type] = this.spec.columns[0]!;
    const keys = [...this.seen];
    const deleted = await sql`
      delete from ${sql.raw(this.spec.table)} where not (${sql.raw(key)} = any(${keys}::${sql.raw(type)}[]))`.execute(this.db);
    this.counter.deleted += Number(deleted.numAffectedRows ?? 0);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(this.spec.table)}`.execute(this.db);
    return rows[0]?.n ?? 0;
  }
}
