import type { JsonBytes } from './json-bytes.js';
import type { TextStore } from './text-store.js';

/** One page of a search: airports by position, with their distances in km in a radius search. */
export interface AirportPage {
  positions: number[];
  distances: number[] | null;
  /** Matches in all, the page's and the others. */
  total: number;
}

// `,"distance_km":` and a distance under 20,040 km to the metre: 16 + 9 bytes.
const DISTANCE_KEY_BYTES = 25;

/** The most bytes `writePageJson` writes for the page. */
export function pageJsonBytes(texts: TextStore, page: AirportPage): number {
  let bytes = 2 + page.positions.length * (page.distances === null ? 1 : 1 + DISTANCE_KEY_BYTES);
  for (const position of page.positions) bytes += texts.byteLength(position);
  return bytes;
}

/**
 * The page's airports as a JSON array, copied as bytes from the text store holding each one's
 * JSON; in a radius search each gets `distance_km` (rounded to the metre) as its last key, as the
 * API shape has it.
 */
export function writePageJson(texts: TextStore, page: AirportPage, out: JsonBytes): void {
  const { distances } = page;
  out.ascii('[');
  texts.visitMany(page.positions, (bytes, start, end, k) => {
    if (k > 0) out.ascii(',');
    if (distances === null) {
      out.copy(bytes, start, end);
      return;
    }
    // The stored JSON without its closing brace, then the distance and the brace.
    out
      .copy(bytes, start, end - 1)
      .ascii(',"distance_km":')
      .thousandths(Math.round(distances[k]! * 1000))
      .ascii('}');
  });
  out.ascii(']');
}
