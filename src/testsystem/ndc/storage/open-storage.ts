// Where a test system keeps its state, as its starter chooses (server.ts's `storage` option).

import { openDatabase, type Database } from '../../../platform/db/database.js';
import { memoryPersistence, type AirlinePersistence } from './airline-persistence.js';
import { openAirlineDbStore, type AirlineSchema } from './airline-db-store.js';

export type TestSystemStorage =
  /** An open database that stays its owner's (the gateway's own, when it runs the test system in-process). */
  | { database: Database }
  /** A database of its own: PostgreSQL at databaseUrl, else embedded PGlite in dataDir (`memory://`: throwaway). */
  | { databaseUrl: string | null; dataDir: string };

/** No storage: memory only, everything lost at close (tests and benches that start the system bare). */
export async function openAirlinePersistence(
  storage: TestSystemStorage | undefined,
  schema: AirlineSchema,
): Promise<AirlinePersistence> {
  if (!storage) return memoryPersistence();
  if ('database' in storage) return openAirlineDbStore(storage.database, { owned: false, schema });
  const database = await openDatabase({ databaseUrl: storage.databaseUrl, dataDir: storage.dataDir });
  try {
    return await openAirlineDbStore(database, { owned: true, schema });
  } catch (err) {
    await database.close();
    throw err;
  }
}
