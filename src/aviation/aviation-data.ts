import type { Logger } from 'pino';
import type { Db } from '../platform/db/database.js';
import { AirportIndex } from './airport-index.js';
import { FileTexts } from './file-texts.js';
import { PackedTexts } from './packed-texts.js';
import { AircraftTypeIndex, AirlineIndex } from './reference-index.js';
import type { TextStoreFactory } from './text-store.js';

/**
 * Everything the aviation and reference reads answer from: one copy of each data set, built from
 * the database after a sync and swapped in whole, never changed in place.
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

/**
 * Builds the data from the database. The airports' JSON goes to files in `textsDir` (the data
 * directory); if a file cannot be made or written there (read-only, full), the load starts again
 * with the texts in the process, which works everywhere at ~70 MB more RSS.
 */
export async function loadAviationData(db: Db, textsDir: string, logger: Logger): Promise<AviationData> {
  try {
    return await build(db, () => FileTexts.create(textsDir));
  } catch (err) {
    if (!isFileSystemError(err)) throw err;
    logger.warn(
      { err: { message: (err as Error).message, code: (err as { code?: string }).code }, dir: textsDir },
      'aviation data kept in memory: its local file could not be written',
    );
  }
  return build(db, () => new PackedTexts());
}

async function build(db: Db, texts: TextStoreFactory): Promise<AviationData> {
  // One after the other: on PGlite the reads share one connection anyway, and each set's
  // pages are released before the next is read.
  const airports = await AirportIndex.load(db, texts);
  const airlines = await AirlineIndex.load(db);
  const aircraftTypes = await AircraftTypeIndex.load(db);
  return { airports, airlines, aircraftTypes };
}

/** Node's errors from a system call carry the call's name; a database's errors do not. */
function isFileSystemError(err: unknown): boolean {
  return typeof (err as { syscall?: unknown })?.syscall === 'string';
}
