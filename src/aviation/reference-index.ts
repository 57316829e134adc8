import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';
import type { AirlineKey } from './id-resolution.js';
import { toAircraftType, toAirline } from './record-mappers.js';
import type { AircraftType, Airline } from './schemas.js';
import { readAircraftTypeOrder, readOrder, readTable } from './snapshot-store.js';
import { positionsOf, SortOrder } from './sort-order.js';

export interface AirlineFilter {
  iata?: string;
  icao?: string;
  countryCode?: string;
  /** Lower-cased country name, matched whole. */
  countryName?: string;
  /** A display name, or null for "in no alliance". */
  alliance?: string | null;
  status?: string;
  /** Folded text the folded name must contain. */
  nameContains?: string;
}

export interface Page<T> {
  rows: T[];
  total: number;
}

// When a code is held twice (IATA codes are reused), an active holder wins, then the lowest id.
const STATUS_RANK: Record<string, number> = { active: 1, unknown: 2, inactive: 3 };
const statusRank = (status: string) => STATUS_RANK[status] ?? 4;

const AIRLINE_SORT_SQL = {
  name: sql`a.search_name`,
  iata: sql`a.iata_code`,
  icao: sql`a.icao_code`,
  country: sql`a.country_name`,
};

/** Airlines in memory, built once per sync: API objects, the searchable name, lookups, sort orders. */
export class AirlineIndex {
  private readonly airlines: Airline[] = [];
  private readonly ids: number[] = [];
  private readonly searchName: string[] = [];
  private readonly byId = new Map<number, number>();
  private readonly byIata = new Map<string, number>();
  private readonly byIcao = new Map<string, number>();
  private readonly orders = new Map<string, SortOrder>();

  static async load(db: Db): Promise<AirlineIndex> {
    const index = new AirlineIndex();
    for await (const rows of readTable(db, 'airlines')) {
      for (const row of rows) {
        index.byId.set(row.id, index.airlines.length);
        index.airlines.push(toAirline(row));
        index.ids.push(row.id);
        index.searchName.push(row.search_name);
      }
    }
    index.airlines.forEach((airline, position) => {
      if (airline.iata) index.prefer(index.byIata, airline.iata, position);
      if (airline.icao) index.prefer(index.byIcao, airline.icao, position);
    });
    const keys: Record<keyof typeof AIRLINE_SORT_SQL, (p: number) => unknown> = {
      name: (p) => index.searchName[p],
      iata: (p) => index.airlines[p]!.iata,
      icao: (p) => index.airlines[p]!.icao,
      country: (p) => index.airlines[p]!.country_name,
    };
    for (const [field, expr] of Object.entries(AIRLINE_SORT_SQL) as [keyof typeof AIRLINE_SORT_SQL, ReturnType<typeof sql>][]) {
      index.orders.set(
        field,
        new SortOrder(
          positionsOf(await readOrder(db, 'airlines', expr), (id) => index.byId.get(id)),
          keys[field],
        ),
      );
    }
    index.orders.set('id', new SortOrder(Int32Array.from(index.ids.keys()), (p) => index.ids[p]));
    return index;
  }

  get size(): number {
    return this.airlines.length;
  }

  private prefer(map: Map<string, number>, code: string, position: number): void {
    const held = map.get(code);
    // Positions are in id order: on equal status the earlier holder has the lower id.
    if (held === undefined || statusRank(this.airlines[position]!.status) < statusRank(this.airlines[held]!.status)) {
      map.set(code, position);
    }
  }

  find(key: AirlineKey): Airline | null {
    const map = key.kind === 'id' ? this.byId : key.kind === 'iata' ? this.byIata : this.byIcao;
    const position = (map as Map<unknown, number>).get(key.value);
    return position === undefined ? null : this.airlines[position]!;
  }

  list(filter: AirlineFilter, sort: { field: string; descending: boolean }, limit: number, offset: number): Page<Airline> {
    const tests: ((a: Airline, p: number) => boolean)[] = [];
    if (filter.iata) {
      const iata = filter.iata.toUpperCase();
      tests.push((a) => a.iata === iata);
    }
    if (filter.icao) {
      const icao = filter.icao.toUpperCase();
      tests.push((a) => a.icao === icao);
    }
    if (filter.countryCode) tests.push((a) => a.country_code === filter.countryCode);
    if (filter.countryName) tests.push((a) => a.country_name?.toLowerCase() === filter.countryName);
    if (filter.alliance !== undefined) tests.push((a) => a.alliance === filter.alliance);
    if (filter.status) tests.push((a) => a.status === filter.status);
    if (filter.nameContains) tests.push((_, p) => this.searchName[p]!.includes(filter.nameContains!));
    const rows: Airline[] = [];
    let total = 0;
    const order = this.orders.get(sort.field) ?? this.orders.get('name')!;
    order.forEach(sort.descending, (position) => {
      const airline = this.airlines[position]!;
      if (!tests.every((test) => test(airline, position))) return;
      if (total >= offset && rows.length < limit) rows.push(airline);
      total++;
    });
    return { rows, total };
  }
}

/** Aircraft types in memory, in designator order as the database sorts them. */
export class AircraftTypeIndex {
  private readonly types: AircraftType[] = [];
  private readonly searchManufacturer: string[] = [];
  private readonly byIcao = new Map<string, number>();
  private manufacturerNames: string[] = [];

  static async load(db: Db): Promise<AircraftTypeIndex> {
    const index = new AircraftTypeIndex();
    const rows = new Map<string, { type: AircraftType; searchManufacturer: string }>();
    for await (const page of readTable(db, 'aircraftTypes')) {
      for (const row of page) rows.set(row.icao_code, { type: toAircraftType(row), searchManufacturer: row.search_manufacturer });
    }
    for (const icao of await readAircraftTypeOrder(db)) {
      const row = rows.get(icao);
      if (!row) continue;
      index.byIcao.set(icao, index.types.length);
      index.types.push(row.type);
      index.searchManufacturer.push(row.searchManufacturer);
    }
    // Sorted here: PGlite and PostgreSQL may not share a collation, and the list is small.
    index.manufacturerNames = [...new Set(index.types.map((t) => t.manufacturer))].sort((a, b) => a.localeCompare(b, 'en'));
    return index;
  }

  get size(): number {
    return this.types.length;
  }

  find(icao: string): AircraftType | null {
    const position = this.byIcao.get(icao);
    return position === undefined ? null : this.types[position]!;
  }

  get manufacturers(): readonly string[] {
    return this.manufacturerNames;
  }

  /** `manufacturer` folded and matched whole. */
  list(filter: { manufacturer?: string; bodyClass?: string }, limit: number, offset: number): Page<AircraftType> {
    const rows: AircraftType[] = [];
    let total = 0;
    this.types.forEach((type, position) => {
      if (filter.manufacturer !== undefined && this.searchManufacturer[position] !== filter.manufacturer) return;
      if (filter.bodyClass && type.body_class !== filter.bodyClass) return;
      if (total >= offset && rows.length < limit) rows.push(type);
      total++;
    });
    return { rows, total };
  }
}
