import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import { distanceKm } from './geo-box.js';
import type { AirportKey } from './id-resolution.js';
import { toAirport, toFrequency, toNavaid, toRunway } from './record-mappers.js';
import type { Airport, Frequency, Navaid, Runway } from './schemas.js';
import { readOrder, readTable, TYPE_RANK_SQL } from './snapshot-store.js';
import { positionsOf, SortOrder } from './sort-order.js';

export interface AirportFilter {
  iata?: string;
  icao?: string;
  country?: string;
  region?: string;
  /** Folded (see text-fold.ts), matched whole. */
  city?: string;
  type?: string;
  /** Folded text the folded name must contain. */
  nameContains?: string;
  near?: { lat: number; lon: number; radiusKm: number };
}

export type AirportSortField = 'name' | 'iata' | 'icao' | 'country' | 'city' | 'type' | 'elevation' | 'id' | 'distance';

export interface AirportPageRequest {
  filter: AirportFilter;
  sort: { field: string; descending: boolean };
  limit: number;
  offset: number;
}

export interface AirportProfile {
  airport: Airport;
  runways: Runway[];
  frequencies: Frequency[];
  navaids: Navaid[];
}

const TYPE_RANK: Record<string, number> = {
  large_airport: 1,
  medium_airport: 2,
  small_airport: 3,
  seaplane_base: 4,
  heliport: 5,
  balloonport: 6,
};
const typeRank = (type: string) => TYPE_RANK[type] ?? 7;

// geokdbush measures on a 6,371 km sphere, ours on 6,371.0088 km: it is asked a little wider and
// every candidate is then measured with our own formula, so the boundary is exactly the SQL's.
const CANDIDATE_MARGIN = 1.0001;

const SORT_SQL = {
  name: sql`a.search_name`,
  iata: sql`a.iata_code`,
  icao: sql`a.icao_code`,
  country: sql`a.country_code`,
  city: sql`a.search_city`,
  type: TYPE_RANK_SQL,
  elevation: sql`a.elevation_ft`,
};
type TextSort = keyof typeof SORT_SQL;

const EMPTY: never[] = [];

/**
 * Every airport in memory, built once per sync and then only read: one `Airport` object per
 * record (the API shape), the columns filters need beside it, a static k-d tree over the
 * coordinates for radius searches, and each sort key in the database's order.
 */
export class AirportIndex {
  private readonly airports: Airport[] = [];
  private readonly ids: number[] = [];
  private readonly searchName: string[] = [];
  private readonly searchCity: (string | null)[] = [];
  /** As stored: `Airport.region_code` hides the `XX-U-A` placeholders, the filter does not. */
  private readonly regionCode: (string | null)[] = [];
  private readonly byId = new Map<number, number>();
  private readonly byIata = new Map<string, number>();
  private readonly byIcao = new Map<string, number>();
  private readonly byIdent = new Map<string, number>();
  private readonly runways = new Map<number, Runway[]>();
  private readonly frequencies = new Map<number, Frequency[]>();
  private readonly navaids = new Map<number, Navaid[]>();
  private readonly orders = new Map<AirportSortField, SortOrder>();
  private spatial: KDBush = new KDBush(0);

  static async load(db: Db): Promise<AirportIndex> {
    const index = new AirportIndex();
    await index.readAirports(db);
    for (const [field, expr] of Object.entries(SORT_SQL) as [TextSort, (typeof SORT_SQL)[TextSort]][]) {
      const order = positionsOf(await readOrder(db, 'airports', expr), index.byId);
      index.orders.set(field, new SortOrder(order, index.keyOf(field)));
    }
    const idOrder = Int32Array.from(index.ids.keys());
    index.orders.set('id', new SortOrder(idOrder, (p) => index.ids[p]));
    await index.readChildren(db, 'runways', sql`a.airport_id, a.le_ident`, index.runways, toRunway);
    await index.readChildren(db, 'frequencies', sql`a.airport_id, a.type, a.frequency_mhz`, index.frequencies, toFrequency);
    await index.readChildren(db, 'navaids', sql`a.airport_id, a.type, a.ident`, index.navaids, toNavaid);
    return index;
  }

  get size(): number {
    return this.airports.length;
  }

  private async readAirports(db: Db): Promise<void> {
    const points: [number, number][] = [];
    for await (const rows of readTable(db, 'airports')) {
      for (const row of rows) {
        const position = this.airports.length;
        const airport = toAirport(row);
        this.airports.push(airport);
        this.ids.push(row.id);
        this.searchName.push(row.search_name);
        this.searchCity.push(row.search_city ?? null);
        this.regionCode.push(row.region_code ?? null);
        this.byId.set(row.id, position);
        points.push([airport.longitude, airport.latitude]);
      }
    }
    this.airports.forEach((airport, position) => {
      if (airport.iata) this.prefer(this.byIata, airport.iata, position);
      if (airport.icao) this.prefer(this.byIcao, airport.icao, position);
      // Rows are in id order: the first holder of an ident is the lowest id.
      if (!this.byIdent.has(airport.ident)) this.byIdent.set(airport.ident, position);
    });
    this.spatial = new KDBush(points.length);
    for (const [lon, lat] of points) this.spatial.add(lon, lat);
    this.spatial.finish();
  }

  /** An open airport over a closed one, then the larger, then the lower id (as the SQL preferred). */
  private prefer(map: Map<string, number>, code: string, position: number): void {
    const held = map.get(code);
    if (held === undefined || this.preferenceRank(position) < this.preferenceRank(held)) map.set(code, position);
  }

  private preferenceRank(position: number): number {
    const airport = this.airports[position]!;
    // Positions are in id order, so the position breaks ties as the id does.
    return (airport.type === 'closed' ? 10 : 0) + typeRank(airport.type);
  }

  private keyOf(field: TextSort): (position: number) => unknown {
    switch (field) {
      case 'name':
        return (p) => this.searchName[p];
      case 'city':
        return (p) => this.searchCity[p];
      case 'iata':
        return (p) => this.airports[p]!.iata;
      case 'icao':
        return (p) => this.airports[p]!.icao;
      case 'country':
        return (p) => this.airports[p]!.country_code;
      case 'type':
        return (p) => typeRank(this.airports[p]!.type);
      case 'elevation':
        return (p) => this.airports[p]!.elevation_ft;
    }
  }

  private async readChildren<T>(
    db: Db,
    table: 'runways' | 'frequencies' | 'navaids',
    orderBy: ReturnType<typeof sql>,
    into: Map<number, T[]>,
    map: (row: Record<string, unknown>) => T,
  ): Promise<void> {
    const rank = new Map<number, number>();
    (await readOrder(db, table, orderBy)).forEach((id, i) => rank.set(id, i));
    const ranked: [number, number, T][] = [];
    for await (const rows of readTable(db, table)) {
      for (const row of rows) {
        if (row.airport_id === null || row.airport_id === undefined) continue;
        ranked.push([rank.get(row.id as number) ?? 0, row.airport_id as number, map(row)]);
      }
    }
    ranked.sort((a, b) => a[0] - b[0]);
    for (const [, airportId, item] of ranked) {
      const list = into.get(airportId);
      if (list) list.push(item);
      else into.set(airportId, [item]);
    }
  }

  /** The airport a key names, with its runways, frequencies and navaids. */
  profile(key: AirportKey): AirportProfile | null {
    const position = this.find(key);
    if (position === undefined) return null;
    const id = this.ids[position]!;
    return {
      airport: this.airports[position]!,
      runways: this.runways.get(id) ?? EMPTY,
      frequencies: this.frequencies.get(id) ?? EMPTY,
      navaids: this.navaids.get(id) ?? EMPTY,
    };
  }

  private find(key: AirportKey): number | undefined {
    switch (key.kind) {
      case 'id':
        return this.byId.get(key.value);
      case 'iata':
        return this.byIata.get(key.value);
      case 'icao_code':
        return this.byIcao.get(key.value);
      case 'icao':
        return this.byIcao.get(key.value) ?? this.byIdent.get(key.value);
      case 'ident':
        return this.byIdent.get(key.value);
    }
  }

  /** One page of matching airports (with `distance_km` for a radius search) and the total. */
  list(request: AirportPageRequest): { airports: Airport[]; total: number } {
    const { filter, sort, limit, offset } = request;
    const matches = this.predicate(filter);
    const near = filter.near;
    let page: number[];
    let total = 0;
    let distances: Map<number, number> | null = null;
    if (near) {
      distances = this.within(near.lat, near.lon, near.radiusKm);
      const hits = [...distances.keys()].filter(matches);
      hits.sort(this.comparator(sort.field as AirportSortField, sort.descending, distances));
      total = hits.length;
      page = hits.slice(offset, offset + limit);
    } else {
      page = [];
      const order = this.orders.get(sort.field as AirportSortField) ?? this.orders.get('name')!;
      order.forEach(sort.descending, (position) => {
        if (!matches(position)) return;
        if (total >= offset && page.length < limit) page.push(position);
        total++;
      });
    }
    const airports = page.map((position) => {
      const airport = this.airports[position]!;
      const distance = distances?.get(position);
      return distance === undefined ? airport : { ...airport, distance_km: Math.round(distance * 1000) / 1000 };
    });
    return { airports, total };
  }

  /** Positions within the radius, each with its great-circle distance in km. */
  private within(lat: number, lon: number, radiusKm: number): Map<number, number> {
    const found = new Map<number, number>();
    for (const position of around(this.spatial, lon, lat, Infinity, radiusKm * CANDIDATE_MARGIN + 0.001)) {
      const airport = this.airports[position]!;
      const distance = distanceKm(lat, lon, airport.latitude, airport.longitude);
      if (distance <= radiusKm) found.set(position, distance);
    }
    return found;
  }

  private comparator(field: AirportSortField, descending: boolean, distances: Map<number, number>) {
    const byId = (a: number, b: number) => this.ids[a]! - this.ids[b]!;
    if (field === 'distance') {
      return (a: number, b: number) => {
        const d = distances.get(a)! - distances.get(b)!;
        return (descending ? -d : d) || byId(a, b);
      };
    }
    const order = this.orders.get(field) ?? this.orders.get('name')!;
    return (a: number, b: number) => order.compare(a, b, descending) || byId(a, b);
  }

  private predicate(f: AirportFilter): (position: number) => boolean {
    const tests: ((position: number) => boolean)[] = [];
    const { airports } = this;
    if (f.iata) {
      const iata = f.iata.toUpperCase();
      tests.push((p) => airports[p]!.iata === iata);
    }
    if (f.icao) {
      const icao = f.icao.toUpperCase();
      tests.push((p) => airports[p]!.icao === icao);
    }
    if (f.country) {
      const country = f.country.toUpperCase();
      tests.push((p) => airports[p]!.country_code === country);
    }
    if (f.region) {
      const region = f.region.toUpperCase();
      tests.push((p) => this.regionCode[p] === region);
    }
    if (f.city) {
      const city = f.city;
      tests.push((p) => this.searchCity[p] === city);
    }
    if (f.type) {
      const type = f.type;
      tests.push((p) => airports[p]!.type === type);
    }
    if (f.nameContains) {
      const needle = f.nameContains;
      tests.push((p) => this.searchName[p]!.includes(needle));
    }
    return (position) => tests.every((test) => test(position));
  }
}
