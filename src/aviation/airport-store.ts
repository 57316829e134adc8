import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db/database.js';
import { boundingBox, EARTH_RADIUS_KM } from './geo-box.js';
import type { AirportKey } from './id-resolution.js';

export interface AirportFilter {
  iata?: string;
  icao?: string;
  country?: string;
  region?: string;
  /** Folded (see text-fold.ts). */
  city?: string;
  type?: string;
  /** A `like` pattern over the folded name. */
  namePattern?: string;
  near?: { lat: number; lon: number; radiusKm: number };
}

export interface AirportPage {
  filter: AirportFilter;
  sort: { field: string; descending: boolean };
  limit: number;
  offset: number;
}

// Larger airports first; what an `iata` lookup prefers when a code is held twice.
const TYPE_RANK = sql`case a.type when 'large_airport' then 1 when 'medium_airport' then 2 when 'small_airport' then 3
  when 'seaplane_base' then 4 when 'heliport' then 5 when 'balloonport' then 6 else 7 end`;

const SORT_COLUMNS: Record<string, RawBuilder<unknown>> = {
  // Folded names sort alike on PGlite and PostgreSQL whatever their collation, accents ignored.
  name: sql`a.search_name`,
  iata: sql`a.iata_code`,
  icao: sql`a.icao_code`,
  country: sql`a.country_code`,
  city: sql`a.search_city`,
  type: TYPE_RANK,
  elevation: sql`a.elevation_ft`,
  id: sql`a.id`,
  distance: sql`a.distance_km`,
};

const NAMES_JOIN = sql`left join aviation_countries c on c.code = a.country_code left join aviation_regions r on r.code = a.region_code`;

function distanceFrom(lat: number, lon: number) {
  return sql`${EARTH_RADIUS_KM}::float8 * 2 * asin(least(1, sqrt(
    power(sin(radians(a.latitude - ${lat}::float8) / 2), 2) +
    cos(radians(${lat}::float8)) * cos(radians(a.latitude)) * power(sin(radians(a.longitude - ${lon}::float8) / 2), 2))))`;
}

function conditions(f: AirportFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (f.iata) where.push(sql`a.iata_code = ${f.iata.toUpperCase()}`);
  if (f.icao) where.push(sql`a.icao_code = ${f.icao.toUpperCase()}`);
  if (f.country) where.push(sql`a.country_code = ${f.country.toUpperCase()}`);
  if (f.region) where.push(sql`a.region_code = ${f.region.toUpperCase()}`);
  if (f.city) where.push(sql`a.search_city = ${f.city}`);
  if (f.type) where.push(sql`a.type = ${f.type}`);
  if (f.namePattern) where.push(sql`a.search_name like ${f.namePattern}`);
  if (f.near) {
    // The box lets the (lat_band, longitude) index discard nearly every row: one descent per
    // degree of latitude, reading only the box's longitudes. The exact distance is then checked
    // on the few rows left.
    const box = boundingBox(f.near.lat, f.near.lon, f.near.radiusKm);
    const bands: number[] = [];
    for (let band = Math.floor(box.latMin); band <= Math.floor(box.latMax); band++) bands.push(band);
    where.push(sql`a.lat_band = any(${bands}::int2[])`);
    where.push(sql`a.latitude between ${box.latMin}::float8 and ${box.latMax}::float8`);
    if (box.lonRanges) {
      where.push(
        sql`(${sql.join(
          box.lonRanges.map(([w, e]) => sql`a.longitude between ${w}::float8 and ${e}::float8`),
          sql` or `,
        )})`,
      );
    }
  }
  return where;
}

const whereClause = (where: RawBuilder<unknown>[]) => (where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``);

/**
 * One page of airports and the total over all pages, in one statement. The page is chosen on
 * narrow rows (id, distance) and only its rows are then read whole; the total is counted once
 * on its own (an InitPlan). A window `count(*) over ()` over whole rows cost PGlite ten times more.
 */
export function airportListQuery(page: AirportPage) {
  const { filter, sort, limit, offset } = page;
  const near = filter.near;
  const distance = near ? distanceFrom(near.lat, near.lon) : sql`null::float8`;
  const matching = sql`(select a.*, ${distance} as distance_km from aviation_airports a ${whereClause(conditions(filter))}) a
    ${near ? sql`where a.distance_km <= ${near.radiusKm}::float8` : sql``}`;
  const order = SORT_COLUMNS[sort.field] ?? SORT_COLUMNS.name!;
  const direction = sort.descending ? sql`desc nulls last` : sql`asc nulls last`;
  return sql<Record<string, unknown> & { total: number }>`
    with page as (
      select a.id, a.distance_km from ${matching}
      order by ${order} ${direction}, a.id
      limit ${limit} offset ${offset})
    select a.*, c.name as country_name, r.name as region_name, (select count(*) from ${matching}) as total
    from (select x.*, p.distance_km from page p join aviation_airports x on x.id = p.id) a
    ${NAMES_JOIN}
    order by ${order} ${direction}, a.id`;
}

export async function listAirports(db: Db, page: AirportPage) {
  const { rows } = await airportListQuery(page).execute(db);
  return rows;
}

export async function countAirports(db: Db, filter: AirportFilter): Promise<number> {
  const near = filter.near;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select ${near ? distanceFrom(near.lat, near.lon) : sql`null::float8`} as distance_km from aviation_airports a
      ${whereClause(conditions(filter))}) a
    ${near ? sql`where a.distance_km <= ${near.radiusKm}::float8` : sql``}`.execute(db);
  return rows[0]?.n ?? 0;
}

function keyCondition(key: AirportKey) {
  switch (key.kind) {
    case 'id':
      return { where: sql`a.id = ${key.value}`, prefer: sql`a.id` };
    case 'iata':
      return { where: sql`a.iata_code = ${key.value}`, prefer: sql`(a.type = 'closed'), ${TYPE_RANK}, a.id` };
    case 'icao':
      return {
        where: sql`(a.icao_code = ${key.value} or a.ident = ${key.value})`,
        prefer: sql`(a.icao_code = ${key.value}) desc, (a.type = 'closed'), ${TYPE_RANK}, a.id`,
      };
    case 'icao_code':
      return { where: sql`a.icao_code = ${key.value}`, prefer: sql`(a.type = 'closed'), ${TYPE_RANK}, a.id` };
    case 'ident':
      return { where: sql`a.ident = ${key.value}`, prefer: sql`a.id` };
  }
}

export interface AirportProfileRow {
  airport: Record<string, unknown>;
  runways: Record<string, unknown>[];
  frequencies: Record<string, unknown>[];
  navaids: Record<string, unknown>[];
}

/** The airport with its runways, frequencies and navaids: one statement, one round trip. */
export async function findAirportProfile(db: Db, key: AirportKey): Promise<AirportProfileRow | null> {
  const { where, prefer } = keyCondition(key);
  const { rows } = await sql<AirportProfileRow>`
    with a as (
      select a.*, c.name as country_name, r.name as region_name from aviation_airports a ${NAMES_JOIN}
      where ${where} order by ${prefer} limit 1)
    select row_to_json(a) as airport,
      coalesce((select json_agg(x order by x.le_ident, x.id) from aviation_runways x where x.airport_id = a.id), '[]'::json) as runways,
      coalesce((select json_agg(x order by x.type, x.frequency_mhz, x.id) from aviation_frequencies x where x.airport_id = a.id), '[]'::json) as frequencies,
      coalesce((select json_agg(x order by x.type, x.ident, x.id) from aviation_navaids x where x.airport_id = a.id), '[]'::json) as navaids
    from a`.execute(db);
  return rows[0] ?? null;
}
