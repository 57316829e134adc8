import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Keyring } from './keyring.js';

/** Records the key ids this process brings, so other instances can see what they lack. */
export async function registerKeyring(db: Db, keyring: Keyring): Promise<void> {
  for (const { id, purpose } of keyring.keyIds()) {
    await sql`insert into keyring_keys (key_id, purpose) values (${id}, ${purpose}) on conflict (key_id) do nothing`.execute(db);
  }
}

export async function activeKeyIds(db: Db): Promise<string[]> {
  const { rows } = await sql<{ key_id: string }>`select key_id from keyring_keys where status = 'active'`.execute(db);
  return rows.map((r) => r.key_id);
}
