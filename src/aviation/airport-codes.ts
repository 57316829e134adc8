import type { DatasetState } from './dataset-state.js';

/** Whether the imported airport data knows an IATA airport code (the search's unknown-airport warning). */
export interface AirportCodes {
  /** True or false from the imported airports; null before they were imported once (nothing to tell). */
  known(iata: string): boolean | null;
}

/** Answers from the data of the current sync, in memory: no database read. */
export function airportCodesOf(state: DatasetState): AirportCodes {
  return {
    known: (iata) => (state.isKnownAvailable('airports') ? state.data.airports.hasIata(iata) : null),
  };
}
