import type { Db } from '../platform/db/database.js';
import { AirportIndex } from './airport-index.js';
import { AircraftTypeIndex, AirlineIndex } from './reference-index.js';

/**
 * Everything the aviation and reference reads answer from: one in-memory copy of each data set,
 * built from the database after a sync and swapped in whole, never changed in place.
 */
export interface AviationData {
  airports: AirportIndex;
  airlines: AirlineIndex;
  aircraftTypes: AircraftTypeIndex;
}

export const NO_AVIATION_DATA: AviationData = {
  airports: new AirportIndex(),
  airlines: new AirlineIndex(),
  aircraftTypes: new AircraftTypeIndex(),
};

export async function loadAviationData(db: Db): Promise<AviationData> {
  // One after the other: on PGlite the reads share one connection anyway, and each set's
  // pages are released before the next is read.
  const airports = await AirportIndex.load(db);
  const airlines = await AirlineIndex.load(db);
  const aircraftTypes = await AircraftTypeIndex.load(db);
  return { airports, airlines, aircraftTypes };
}
