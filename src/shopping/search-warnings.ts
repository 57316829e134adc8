import type { AirportCodes } from '../aviation/airport-codes.js';
import { inMetroAreas } from './metro-areas.js';
import type { UnknownAirportWarning } from './search-schemas.js';
import type { SearchRequest } from './search-validation.js';

/** Whether a code is an airport or a metropolitan area (NYC, LON) the gateway knows; null: no airport data to tell. */
function known(code: string, airports: AirportCodes): boolean | null {
  const imported = airports.known(code);
  if (imported !== false) return imported;
  // A metropolitan area code is not an airport of the data set, yet names airports that are.
  return inMetroAreas(code);
}

/**
 * One warning per airport code of the request that no data set knows, in the order of the fields.
 * `viaSlices`: the request named its trip in `slices`; otherwise in `origin`/`destination`, whose
 * way back (return_date) repeats the same two codes and names no field of its own. Nothing is warned
 * before the airport data was imported: every code would look unknown then.
 */
export function unknownAirportWarnings(
  request: SearchRequest,
  viaSlices: boolean,
  airports: AirportCodes,
): UnknownAirportWarning[] {
  const named = request.query.slices.slice(0, viaSlices ? undefined : 1);
  const warnings: UnknownAirportWarning[] = [];
  named.forEach((slice, i) => {
    const prefix = viaSlices ? `slices[${i}].` : '';
    for (const [end, code] of [
      ['origin', slice.origin],
      ['destination', slice.destination],
    ] as const) {
      if (known(code, airports) !== false) continue;
      const field = `${prefix}${end}`;
      warnings.push({
        code: 'unknown_airport',
        message: `${field}: no data set knows the airport code ${code}; check the code`,
        field,
        airport: code,
      });
    }
  });
  return warnings;
}

const WARNINGS_FIELD = Buffer.from(',"warnings":[');
const CONNECTORS_FIELD = Buffer.from('"connectors":');

/**
 * A whole answer's JSON bytes with these warnings added. The stored answer ends with `connectors`
 * and, when the airlines' answers gave any (currency-warnings.ts), `warnings`: these go first into
 * that array, or into a new last field. (A string value cannot hold `,"warnings":[` unescaped, so the
 * field is found by its bytes.)
 */
export function withWarnings(bytes: Buffer, warnings: readonly UnknownAirportWarning[]): Buffer {
  if (warnings.length === 0) return bytes;
  const items = JSON.stringify(warnings).slice(1, -1);
  const field = bytes.lastIndexOf(WARNINGS_FIELD);
  if (field > bytes.lastIndexOf(CONNECTORS_FIELD)) {
    const inside = field + WARNINGS_FIELD.length;
    return Buffer.concat([bytes.subarray(0, inside), Buffer.from(`${items},`), bytes.subarray(inside)]);
  }
  return Buffer.concat([bytes.subarray(0, bytes.lastIndexOf(0x7d)), Buffer.from(`,"warnings":[${items}]}`)]);
}
