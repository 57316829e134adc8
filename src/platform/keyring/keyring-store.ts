import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Keyring } from './keyring.js';

/**
 * Records the key ids this process brings, so other instances can see what they lack. A keyring
 * that lacks a key the registry holds active (a restore started with the wrong KEYRING) records
 * nothing: it is not ready (readiness names the missing key), and its own ids, recorded, would
 * make every instance with the right keyring lack them too once the operator corrects it.
 */
export async function registerKeyring(db: Db, keyring: Keyring): Promise<{ missing: string[] }> {
  const missing = (await activeKeyIds(db)).filter((id) => !keyring.has(id));
  if (missing.length > 0) return { missing };
  for (const { id, purpose } of keyring.keyIds()) {
    await sql`insert into keyring_keys (key_id, purpose) values (${id}, ${purpose}) on conflict (key_id) do nothing`.execute(db);
  }
  return { missing };
}

export async function activeKeyIds(db: Db): Promise<string[]> {
  const { rows } = await sql<{ key_id: string }>`select key_id from keyring_keys where status = 'active'`.execute(db);
  return rows.map((r) => r.key_id);
}
