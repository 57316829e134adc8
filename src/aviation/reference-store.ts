import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { AirlineKey } from './id-resolution.js';

type Row = Record<string, unknown> & { total?: number };

// Lists choose their page on narrow rows (key and window count) and read only that page whole:
// a window count over whole rows is many times slower on PGlite.

export interface AirlineFilter {
  iata?: string;
  icao?: string;
  countryCode?: string;
  /** Folded country name. */
  countryName?: string;
  /** A display name, or null for "in no alliance". */
  alliance?: string | null;
  status?: string;
  namePattern?: string;
}

const AIRLINE_SORT: Record<string, RawBuilder<unknown>> = {
  name: sql`search_name`,
  iata: sql`iata_code`,
  icao: sql`icao_code`,
  country: sql`country_name`,
  id: sql`id`,
};

// When a code is held twice (IATA codes are reused), an active holder wins, then the lowest id.
const STATUS_RANK = sql`case status when 'active' then 1 when 'unknown' then 2 when 'inactive' then 3 else 4 end`;

function airlineConditions(f: AirlineFilter): RawBuilder<unknown> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (f.iata) where.push(sql`iata_code = ${f.iata.toUpperCase()}`);
  if (f.icao) where.push(sql`icao_code = ${f.icao.toUpperCase()}`);
  if (f.countryCode) where.push(sql`country_code = ${f.countryCode}`);
  if (f.countryName) where.push(sql`lower(country_name) = ${f.countryName}`);
  if (f.alliance !== undefined) where.push(f.alliance === null ? sql`alliance is null` : sql`alliance = ${f.alliance}`);
  if (f.status) where.push(sql`status = ${f.status}`);
  if (f.namePattern) where.push(sql`search_name like ${f.namePattern}`);
  return sql.join(where, sql` and `);
}

export async function listAirlines(
  db: Db,
  filter: AirlineFilter,
  sort: { field: string; descending: boolean },
  limit: number,
  offset: number,
): Promise<{ rows: Row[]; total: number }> {
  const where = airlineConditions(filter);
  const order = AIRLINE_SORT[sort.field] ?? AIRLINE_SORT.name!;
  const direction = sort.descending ? sql`desc nulls last` : sql`asc nulls last`;
  const { rows } = await sql<Row>`
    with page as (
      select id, count(*) over () as total from aviation_airlines where ${where}
      order by ${order} ${direction}, id limit ${limit} offset ${offset})
    select * from (select a.*, p.total from page p join aviation_airlines a on a.id = p.id) a
    order by ${order} ${direction}, id`.execute(db);
  return { rows, total: rows[0]?.total ?? (offset > 0 ? await count(db, sql`aviation_airlines`, where) : 0) };
}

export async function findAirline(db: Db, key: AirlineKey): Promise<Row | null> {
  const column = key.kind === 'id' ? sql`id` : key.kind === 'iata' ? sql`iata_code` : sql`icao_code`;
  const { rows } = await sql<Row>`
    select * from aviation_airlines where ${column} = ${key.value} order by ${STATUS_RANK}, id limit 1`.execute(db);
  return rows[0] ?? null;
}

export async function listAircraftTypes(
  db: Db,
  filter: { manufacturer?: string; bodyClass?: string },
  limit: number,
  offset: number,
): Promise<{ rows: Row[]; total: number }> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  if (filter.manufacturer !== undefined) where.push(sql`search_manufacturer = ${filter.manufacturer}`);
  if (filter.bodyClass) where.push(sql`body_class = ${filter.bodyClass}`);
  const condition = sql.join(where, sql` and `);
  const { rows } = await sql<Row>`
    with page as (
      select icao_code, count(*) over () as total from aviation_aircraft_types where ${condition}
      order by icao_code limit ${limit} offset ${offset})
    select t.*, p.total from page p join aviation_aircraft_types t on t.icao_code = p.icao_code order by t.icao_code`.execute(db);
  return { rows, total: rows[0]?.total ?? (offset > 0 ? await count(db, sql`aviation_aircraft_types`, condition) : 0) };
}

export async function findAircraftType(db: Db, icao: string): Promise<Row | null> {
  const { rows } = await sql<Row>`select * from aviation_aircraft_types where icao_code = ${icao}`.execute(db);
  return rows[0] ?? null;
}

export async function listManufacturers(db: Db): Promise<string[]> {
  const { rows } = await sql<{ manufacturer: string }>`select distinct manufacturer from aviation_aircraft_types`.execute(db);
  // Sorted here: PGlite and PostgreSQL may not share a collation, and the list is small.
  return rows.map((r) => r.manufacturer).sort((a, b) => a.localeCompare(b, 'en'));
}

async function count(db: Db, table: RawBuilder<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${table} where ${where}`.execute(db);
  return rows[0]?.n ?? 0;
}
