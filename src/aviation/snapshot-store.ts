import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db/database.js';

type Row = Record<string, any>;

// Rows are read in pages by id so neither driver holds a whole table's result at once (PGlite
// materialises a result inside its WebAssembly heap, which then keeps that size). 1,000 rather
// than 5,000: less RSS for as long as the gateway runs, and the load is no slower
// (bench/results/2026-11-26.md).
const PAGE_ROWS = 1_000;

/** Larger airports first: the same rank the `type` sort and the IATA/ICAO tie-break use. */
export const TYPE_RANK_SQL = sql`case a.type when 'large_airport' then 1 when 'medium_airport' then 2 when 'small_airport' then 3
  when 'seaplane_base' then 4 when 'heliport' then 5 when 'balloonport' then 6 else 7 end`;

const TABLES = {
  airports: sql`(select a.*, c.name as country_name, r.name as region_name from aviation_airports a
    left join aviation_countries c on c.code = a.country_code left join aviation_regions r on r.code = a.region_code)`,
  runways: sql`aviation_runways`,
  frequencies: sql`aviation_frequencies`,
  navaids: sql`aviation_navaids`,
  airlines: sql`aviation_airlines`,
  aircraftTypes: sql`aviation_aircraft_types`,
};
export type SnapshotTable = keyof typeof TABLES;

/** Every row of a table, page by page in id order (aircraft types are keyed by their designator). */
export async function* readTable(db: Db, table: SnapshotTable): AsyncGenerator<Row[]> {
  const key = table === 'aircraftTypes' ? sql`icao_code` : sql`id`;
  let after: unknown = null;
  for (;;) {
    const { rows } = await sql<Row>`select * from ${TABLES[table]} t
      ${after === null ? sql`` : sql`where t.${key} > ${after}`} order by t.${key} limit ${PAGE_ROWS}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < PAGE_ROWS) return;
    after = rows[rows.length - 1]![table === 'aircraftTypes' ? 'icao_code' : 'id'];
  }
}

/**
 * The ids of a table in the database's own order (`expr asc nulls last, id`): sorting in memory
 * then follows the database's collation exactly, so answers stay what the SQL gave.
 */
export async function readOrder(
  db: Db,
  table: 'airports' | 'runways' | 'frequencies' | 'navaids' | 'airlines',
  expr: RawBuilder<unknown>,
) {
  const name = {
    airports: sql`aviation_airports`,
    runways: sql`aviation_runways`,
    frequencies: sql`aviation_frequencies`,
    navaids: sql`aviation_navaids`,
    airlines: sql`aviation_airlines`,
  }[table];
  // One array, not one row per id: a row object per airport made garbage in proportion to the
  // whole table, once per sort of the airports.
  const { rows } = await sql<{ ids: number[] | null }>`
    select array_agg(a.id order by ${expr} asc nulls last, a.id) as ids from ${name} a`.execute(db);
  return Int32Array.from(rows[0]?.ids ?? []);
}

/** Designators in the database's order, which the aircraft-type lists use. */
export async function readAircraftTypeOrder(db: Db): Promise<string[]> {
  const { rows } = await sql<{ icao_code: string }>`select icao_code from aviation_aircraft_types order by icao_code`.execute(db);
  return rows.map((r) => r.icao_code);
}
