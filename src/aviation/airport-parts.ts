import type { RawBuilder } from 'kysely';
import type { Db } from '../platform/db/database.js';
import { readOrder, readTable } from './snapshot-store.js';
import type { TextStore, TextStoreFactory } from './text-store.js';

const NO_PARTS = '[]';

/**
 * One kind of an airport's parts (runways, frequencies or navaids): the JSON array the API sends
 * for each airport, kept in a text store outside the JavaScript heap and found by the airport's
 * position. Held as strings in a map they cost tens of MB of heap for the full data (JSON.stringify
 * returns long texts as trees of joined pieces), about twice their bytes.
 */
export class AirportParts {
  /** The number of each airport's list in `lists`; -1 for an airport without any. */
  private readonly listOf: Int32Array;

  constructor(
    airports: number,
    private readonly lists: TextStore | null = null,
  ) {
    this.listOf = new Int32Array(airports).fill(-1);
  }

  get(position: number): string {
    const list = this.listOf[position] ?? -1;
    return list < 0 ? NO_PARTS : this.lists!.get(list);
  }

  /** `items`: each part's JSON, in the order the airport's array lists them. */
  set(position: number, items: readonly string[]): void {
    this.listOf[position] = this.lists!.add(`[${items.join(',')}]`);
  }

  finish(): void {
    this.lists?.finish();
  }
}

/**
 * Every row of a part table as each airport's JSON array, items in the database's order
 * (`orderBy` then id; it starts with the airport id, so an airport's items are neighbours).
 * Each row's JSON is packed as it is read and the rows are dropped page by page: the load keeps
 * no object per row, which otherwise sized the heap that stays committed after it.
 */
export interface PartsRead<T> {
  table: 'runways' | 'frequencies' | 'navaids';
  orderBy: RawBuilder<unknown>;
  map: (row: Record<string, unknown>) => T;
  /** How many airports the index holds: one list per airport position. */
  airports: number;
  positionOf: (airportId: number) => number;
  texts: TextStoreFactory;
}

export async function readAirportParts<T>(
  db: Db,
  { table, orderBy, map, airports, positionOf, texts }: PartsRead<T>,
): Promise<AirportParts> {
  const order = await readOrder(db, table, orderBy);
  const rankOf = new Map<number, number>();
  order.forEach((id, rank) => rankOf.set(id, rank));
  // Row texts by rank (the database's order), each with its airport's position. The texts stay
  // on the heap until the lists are made: packed off it, their buffers outlived the load in RSS.
  const textAt: string[] = new Array<string>(order.length).fill('');
  const airportAt = new Int32Array(order.length).fill(-1);
  for await (const rows of readTable(db, table)) {
    for (const row of rows) {
      if (row.airport_id === null || row.airport_id === undefined) continue;
      const rank = rankOf.get(row.id as number);
      if (rank === undefined) continue;
      textAt[rank] = JSON.stringify(map(row));
      airportAt[rank] = positionOf(row.airport_id as number);
    }
  }
  rankOf.clear();
  const parts = new AirportParts(airports, texts());
  let items: string[] = [];
  for (let rank = 0; rank < order.length; rank++) {
    const position = airportAt[rank]!;
    if (position < 0) continue;
    items.push(textAt[rank]!);
    if (airportAt[rank + 1] !== position) {
      parts.set(position, items);
      items = [];
    }
  }
  parts.finish();
  return parts;
}
