import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db/database.js';
import { firstByKey, firstSorted } from './first-sorted.js';
import { collectGarbage } from './heap-release.js';
import type { AirportKey } from './id-resolution.js';
import { pageJsonBytes, writePageJson, type AirportPage } from './airport-page.js';
import { AirportParts, readAirportParts } from './airport-parts.js';
import type { JsonBytes } from './json-bytes.js';
import { JoinedStrings } from './joined-strings.js';
import { PackedTexts } from './packed-texts.js';
import { RadiusSearch, type WithinRadius } from './radius-search.js';
import { toAirport, toFrequency, toNavaid, toRunway } from './record-mappers.js';
import { readOrder, readTable, TYPE_RANK_SQL } from './snapshot-store.js';
import { positionsOf, SortOrder } from './sort-order.js';
import type { TextStore, TextStoreFactory } from './text-store.js';

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

/** An airport and its parts, each as the JSON the API sends. */
export interface AirportProfile {
  airport: string;
  runways: string;
  frequencies: string;
  navaids: string;
}

type PartTable = 'runways' | 'frequencies' | 'navaids';

const TYPE_RANK: Record<string, number> = {
  large_airport: 1,
  medium_airport: 2,
  small_airport: 3,
  seaplane_base: 4,
  heliport: 5,
  balloonport: 6,
};
const typeRank = (type: string) => TYPE_RANK[type] ?? 7;

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

/** One string object per distinct value of a repetitive column (type, country, region). */
class Interned {
  private readonly values = new Map<string, string>();
  of(value: string | null | undefined): string | null {
    if (value === null || value === undefined) return null;
    const held = this.values.get(value);
    if (held !== undefined) return held;
    this.values.set(value, value);
    return value;
  }
}

/**
 * Every airport, built once per sync and then only read: the API JSON of each record and of its
 * parts in a text store (a file in the data directory, see file-texts.ts), the columns filters
 * need in memory beside it, a static k-d tree over the coordinates for radius searches, and each
 * sort key in the database's order.
 */
export class AirportIndex {
  /** The API JSON of each airport (without `distance_km`), by position; positions are in id order. */
  private readonly json: TextStore;
  private readonly ids: number[] = [];
  private readonly iata: (string | null)[] = [];
  private readonly icao: (string | null)[] = [];
  private readonly country: (string | null)[] = [];
  private readonly type: string[] = [];
  private readonly elevation: (number | null)[] = [];
  private searchName = new JoinedStrings([]);
  private searchCity = new JoinedStrings([]);
  /** As stored: the API's `region_code` hides the `XX-U-A` placeholders, the filter does not. */
  private readonly regionCode: (string | null)[] = [];
  private readonly byIata = new Map<string, number>();
  private readonly byIcao = new Map<string, number>();
  /** Each airport's ident, and positions in ident order (ties by position: the lowest id first). */
  private idents = new JoinedStrings([]);
  private byIdent = new Int32Array(0);
  /** JSON arrays of each airport's runways, frequencies and navaids, by airport position. */
  private runways = new AirportParts(0);
  private frequencies = new AirportParts(0);
  private navaids = new AirportParts(0);
  private readonly orders = new Map<AirportSortField, SortOrder>();
  private radius = new RadiusSearch([], []);

  /** An empty index: the data before the first sync. */
  constructor(texts: TextStoreFactory = () => new PackedTexts()) {
    this.json = texts();
  }

  /** `texts`: where the airports' JSON and their parts' lists are kept (file-texts.ts). */
  static async load(db: Db, texts: TextStoreFactory): Promise<AirportIndex> {
    const index = new AirportIndex(texts);
    // A full collection after each step: V8 ran none during the load, so every step's garbage
    // piled onto the last and raised the load's memory peak.
    await index.readAirports(db);
    collectGarbage();
    for (const [field, expr] of Object.entries(SORT_SQL) as [TextSort, (typeof SORT_SQL)[TextSort]][]) {
      const order = positionsOf(await readOrder(db, 'airports', expr), (id) => index.positionOf(id));
      index.orders.set(field, new SortOrder(order, index.keyOf(field)));
    }
    const idOrder = Int32Array.from(index.ids.keys());
    index.orders.set('id', new SortOrder(idOrder, (p) => index.ids[p]));
    collectGarbage();
    // Each kind of part is read and packed on its own, with a collection between them.
    const partsOf = <T>(table: PartTable, orderBy: RawBuilder<unknown>, map: (row: Record<string, unknown>) => T) =>
      readAirportParts(db, {
        table,
        orderBy,
        map,
        airports: index.ids.length,
        positionOf: (id) => index.positionOf(id),
        texts,
      });
    index.runways = await partsOf('runways', sql`a.airport_id, a.le_ident`, toRunway);
    collectGarbage();
    index.frequencies = await partsOf('frequencies', sql`a.airport_id, a.type, a.frequency_mhz`, toFrequency);
    collectGarbage();
    index.navaids = await partsOf('navaids', sql`a.airport_id, a.type, a.ident`, toNavaid);
    return index;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Positions are in id order: a binary search finds an id. */
  private positionOf(id: number): number {
    let low = 0;
    let high = this.ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.ids[middle]!;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  private async readAirports(db: Db): Promise<void> {
    const interned = new Interned();
    const latitude: number[] = [];
    const longitude: number[] = [];
    const names: string[] = [];
    const cities: (string | null)[] = [];
    const idents: string[] = [];
    for await (const rows of readTable(db, 'airports')) {
      for (const row of rows) {
        const airport = toAirport(row);
        const position = this.json.add(JSON.stringify(airport));
        this.ids.push(row.id);
        latitude.push(airport.latitude);
        longitude.push(airport.longitude);
        this.iata.push(airport.iata);
        this.icao.push(airport.icao);
        this.country.push(interned.of(airport.country_code));
        this.type.push(interned.of(airport.type)!);
        this.elevation.push(airport.elevation_ft);
        names.push(row.search_name);
        cities.push(row.search_city ?? null);
        idents.push(airport.ident);
        this.regionCode.push(interned.of(row.region_code));
        if (airport.iata) this.prefer(this.byIata, airport.iata, position);
        if (airport.icao) this.prefer(this.byIcao, airport.icao, position);
      }
    }
    this.json.finish();
    this.searchName = new JoinedStrings(names);
    this.searchCity = new JoinedStrings(cities);
    this.idents = new JoinedStrings(idents);
    // Positions are in id order, so among equal idents the lowest id comes first.
    this.byIdent = Int32Array.from(idents.keys()).sort((a, b) =>
      idents[a]! < idents[b]! ? -1 : idents[a]! > idents[b]! ? 1 : a - b,
    );
    this.radius = new RadiusSearch(Float64Array.from(latitude), Float64Array.from(longitude));
    // The tree's order keeps airports near each other on the ground near each other in the store,
    // so a radius page is read in a few runs rather than one read per airport.
    this.json.arrange(this.radius.order);
  }

  /** An open airport over a closed one, then the larger, then the lower id (as the SQL preferred). */
  private prefer(map: Map<string, number>, code: string, position: number): void {
    const held = map.get(code);
    if (held === undefined || this.preferenceRank(position) < this.preferenceRank(held)) map.set(code, position);
  }

  private preferenceRank(position: number): number {
    const type = this.type[position]!;
    // Positions are in id order, so the position breaks ties as the id does.
    return (type === 'closed' ? 10 : 0) + typeRank(type);
  }

  private keyOf(field: TextSort): (position: number) => unknown {
    switch (field) {
      case 'name':
        return (p) => this.searchName.get(p);
      case 'city':
        return (p) => this.searchCity.get(p);
      case 'iata':
        return (p) => this.iata[p];
      case 'icao':
        return (p) => this.icao[p];
      case 'country':
        return (p) => this.country[p];
      case 'type':
        return (p) => typeRank(this.type[p]!);
      case 'elevation':
        return (p) => this.elevation[p];
    }
  }

  /** Whether an airport has this IATA code (upper case). */
  hasIata(code: string): boolean {
    return this.byIata.has(code);
  }

  /** The airport a key names, with its runways, frequencies and navaids. */
  profile(key: AirportKey): AirportProfile | null {
    const position = this.find(key);
    if (position === undefined) return null;
    return {
      airport: this.json.get(position),
      runways: this.runways.get(position),
      frequencies: this.frequencies.get(position),
      navaids: this.navaids.get(position),
    };
  }

  private find(key: AirportKey): number | undefined {
    switch (key.kind) {
      case 'id': {
        const position = this.positionOf(key.value);
        return position < 0 ? undefined : position;
      }
      case 'iata':
        return this.byIata.get(key.value);
      case 'icao_code':
        return this.byIcao.get(key.value);
      case 'icao':
        return this.byIcao.get(key.value) ?? this.findIdent(key.value);
      case 'ident':
        return this.findIdent(key.value);
    }
  }

  /** The lowest position holding the ident: a binary search over the ident order. */
  private findIdent(ident: string): number | undefined {
    let low = 0;
    let high = this.byIdent.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.idents.get(this.byIdent[middle]!)! < ident) low = middle + 1;
      else high = middle;
    }
    const position = this.byIdent[low];
    return position !== undefined && this.idents.get(position) === ident ? position : undefined;
  }

  /** One page of matching airports: their positions (and distances, in a radius search), and the total. */
  list(request: AirportPageRequest): AirportPage {
    const { filter, sort, limit, offset } = request;
    const matches = this.predicate(filter);
    const near = filter.near;
    if (near) {
      const found = this.radius.within(near.lat, near.lon, near.radiusKm);
      // Hits are numbers into `found`, so sorting reads plain arrays.
      const hits: number[] = [];
      for (let k = 0; k < found.positions.length; k++) if (matches(found.positions[k]!)) hits.push(k);
      const byId = (a: number, b: number) => this.ids[found.positions[a]!]! - this.ids[found.positions[b]!]!;
      const sorted =
        sort.field === 'distance' && !sort.descending
          ? firstByKey(hits, offset + limit, found.distances, byId)
          : firstSorted(hits, offset + limit, this.comparator(sort.field as AirportSortField, sort.descending, found));
      const onPage = sorted.slice(offset, offset + limit);
      return {
        positions: onPage.map((k) => found.positions[k]!),
        distances: onPage.map((k) => found.distances[k]!),
        total: hits.length,
      };
    }
    const positions: number[] = [];
    let total = 0;
    const order = this.orders.get(sort.field as AirportSortField) ?? this.orders.get('name')!;
    order.forEach(sort.descending, (position) => {
      if (!matches(position)) return;
      if (total >= offset && positions.length < limit) positions.push(position);
      total++;
    });
    return { positions, distances: null, total };
  }

  /** The most bytes `writeJson` writes for the page. */
  jsonBytes(page: AirportPage): number {
    return pageJsonBytes(this.json, page);
  }

  /** The page's airports as a JSON array (airport-page.ts). */
  writeJson(page: AirportPage, out: JsonBytes): void {
    writePageJson(this.json, page, out);
  }

  /** Orders numbers into `found` by the page's sort, then by id. */
  private comparator(field: AirportSortField, descending: boolean, found: WithinRadius) {
    const { positions, distances } = found;
    const byId = (a: number, b: number) => this.ids[positions[a]!]! - this.ids[positions[b]!]!;
    if (field === 'distance') {
      return (a: number, b: number) => {
        const d = distances[a]! - distances[b]!;
        return (descending ? -d : d) || byId(a, b);
      };
    }
    const order = this.orders.get(field) ?? this.orders.get('name')!;
    return (a: number, b: number) => order.compare(positions[a]!, positions[b]!, descending) || byId(a, b);
  }

  private predicate(f: AirportFilter): (position: number) => boolean {
    const tests: ((position: number) => boolean)[] = [];
    if (f.iata) {
      const iata = f.iata.toUpperCase();
      tests.push((p) => this.iata[p] === iata);
    }
    if (f.icao) {
      const icao = f.icao.toUpperCase();
      tests.push((p) => this.icao[p] === icao);
    }
    if (f.country) {
      const country = f.country.toUpperCase();
      tests.push((p) => this.country[p] === country);
    }
    if (f.region) {
      const region = f.region.toUpperCase();
      tests.push((p) => this.regionCode[p] === region);
    }
    if (f.city) {
      const city = f.city;
      tests.push(this.searchCity.equalTo(city));
    }
    if (f.type) {
      const type = f.type;
      tests.push((p) => this.type[p] === type);
    }
    if (f.nameContains) {
      const named = this.searchName.containing(f.nameContains);
      tests.push((p) => named[p] === 1);
    }
    // A radius search asks this of every airport it found, often with no other filter.
    if (tests.length === 0) return () => true;
    if (tests.length === 1) return tests[0]!;
    return (position) => {
      for (const test of tests) if (!test(position)) return false;
      return true;
    };
  }
}
