import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { ImportCounter } from './import-counts.js';
import type { ByteProgress } from './source-reader.js';

/** What an importer gets: the open transaction, where its files are, and where to count. */
export interface ImportContext {
  db: Db;
  /** Locations (paths or URLs) of the source's files, in reading order. */
  files: string[];
  counter: ImportCounter;
  onBytes: ByteProgress;
}

/** The importer reads its files, writes its table and answers the row count the table now holds. */
export type Importer = (ctx: ImportContext) => Promise<number>;

/** Airport ids by OurAirports ident, for the files that reference airports. */
export async function airportIdsByIdent(db: Db): Promise<Map<string, number>> {
  const { rows } = await sql<{ id: number; ident: string }>`select id, ident from aviation_airports`.execute(db);
  return new Map(rows.map((r) => [r.ident, r.id]));
}
