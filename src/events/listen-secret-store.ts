import { sql } from 'kysely';
import type { Db } from '../platform/db/database.js';

/** SQL of `flightagg listen`'s signing secrets: one per API key and local receiver URL. */

export interface ListenSecretRow {
  key_id: string;
  forward_to: string;
  secret_sealed: string;
  created_at: Date;
}

/**
 * The key's secret for the URL: the one stored, or `candidate` stored now when there is none.
 * Two first runs at once store one secret and both answer it.
 */
export async function findOrInsertListenSecret(db: Db, candidate: ListenSecretRow): Promise<ListenSecretRow> {
  await sql`
    insert into listen_secrets (key_id, forward_to, secret_sealed, created_at)
    values (${candidate.key_id}, ${candidate.forward_to}, ${candidate.secret_sealed}, ${candidate.created_at})
    on conflict (key_id, forward_to) do nothing`.execute(db);
  const { rows } = await sql<ListenSecretRow>`
    select key_id, forward_to, secret_sealed, created_at from listen_secrets
    where key_id = ${candidate.key_id} and forward_to = ${candidate.forward_to}`.execute(db);
  return rows[0]!;
}

/** Stores `next` as the key's secret for the URL, in place of any before it. */
export async function replaceListenSecret(db: Db, next: ListenSecretRow): Promise<ListenSecretRow> {
  const { rows } = await sql<ListenSecretRow>`
    insert into listen_secrets (key_id, forward_to, secret_sealed, created_at)
    values (${next.key_id}, ${next.forward_to}, ${next.secret_sealed}, ${next.created_at})
    on conflict (key_id, forward_to) do update set secret_sealed = excluded.secret_sealed, created_at = excluded.created_at
    returning key_id, forward_to, secret_sealed, created_at`.execute(db);
  return rows[0]!;
}

/** Forgets all but the key's `keep` newest secrets, so one key cannot pile up rows without end. */
export async function trimListenSecrets(db: Db, keyId: string, keep: number): Promise<void> {
  await sql`
    delete from listen_secrets where key_id = ${keyId} and forward_to not in (
      select forward_to from listen_secrets where key_id = ${keyId} order by created_at desc, forward_to limit ${keep})`.execute(
    db,
  );
}
