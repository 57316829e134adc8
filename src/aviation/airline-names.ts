import type { DatasetState } from './dataset-state.js';

/** An airline code and the name the reference data gives it; null when the data has none (or no sync yet). */
export interface AirlineName {
  iata: string;
  name: string | null;
}

/**
 * The names of a few airlines by IATA code, from the airlines imported by the aviation sync (in
 * memory, no query): a screen listing offers asks once for every airline in them. Before the first
 * sync every name is null rather than an error, so a screen falls back to the codes. Codes are
 * answered once each, upper-cased, in the order asked.
 */
export async function airlineNames(state: DatasetState, codes: readonly string[]): Promise<AirlineName[]> {
  const known = await state.isAvailable('airlines');
  const unique = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
  return unique.map((iata) => ({
    iata,
    name: known ? (state.data.airlines.find({ kind: 'iata', value: iata })?.name ?? null) : null,
  }));
}
