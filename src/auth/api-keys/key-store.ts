import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.js';
import type { ApiKeyRow } from '../../platform/db/rows.js';
import { lockAgency } from '../../identity/agencies/store.js';
import { inKeyOrder } from '../../platform/db/key-order.js';

/** Restrict a read or write to one agency's keys; `undefined` means the operator, who sees all. */
export type AgencyScope = string | undefined;

const scoped = (agencyId: AgencyScope) => (agencyId === undefined ? sql`true` : sql`agency_id = ${agencyId}`);

export async function insertKey(db: Db, row: Omit<ApiKeyRow, 'created_at' | 'revoked_at' | 'last_used_at'>): Promise<ApiKeyRow> {
  const { rows } = await sql<ApiKeyRow>`
    insert into api_keys (id, agency_id, kind, environment, name, lookup_hash, lookup_key_id, secret_ciphertext,
                          display_prefix, allowed_ips, expires_at, read_only, allowed_paths, created_by_user_id)
    values (${row.id}, ${row.agency_id}, ${row.kind}, ${row.environment}, ${row.name}, ${row.lookup_hash},
            ${row.lookup_key_id}, ${row.secret_ciphertext}, ${row.display_prefix}, ${row.allowed_ips},
            ${row.expires_at}, ${row.read_only}, ${row.allowed_paths}, ${row.created_by_user_id})
    returning *`.execute(db);
  return rows[0]!;
}

/**
 * Locks the agency's row until the transaction ends and counts its active keys (not revoked, not
 * expired at `now`): two creations at once cannot both take the last place.
 */
export async function lockAndCountActiveKeys(trx: Db, agencyId: string, now: Date): Promise<number> {
  await lockAgency(trx, agencyId);
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from api_keys
    where agency_id = ${agencyId} and revoked_at is null and (expires_at is null or expires_at > ${now})`.execute(trx);
  return rows[0]?.n ?? 0;
}

export async function findKeyByLookupHashes(db: Db, hashes: string[]): Promise<ApiKeyRow | null> {
  const { rows } = await sql<ApiKeyRow>`select * from api_keys where lookup_hash = any(${hashes}::text[])`.execute(db);
  return rows[0] ?? null;
}

export async function findKey(db: Db, id: string, agencyId: AgencyScope): Promise<ApiKeyRow | null> {
  const { rows } = await sql<ApiKeyRow>`select * from api_keys where id = ${id} and ${scoped(agencyId)}`.execute(db);
  return rows[0] ?? null;
}

export async function listKeys(db: Db, agencyId: AgencyScope): Promise<ApiKeyRow[]> {
  const { rows } = await sql<ApiKeyRow>`
    select * from api_keys where ${scoped(agencyId)} order by created_at desc, id desc`.execute(db);
  return rows;
}

export interface KeyChanges {
  name?: string | null;
  allowed_ips?: string[] | null;
  expires_at?: Date | null;
  read_only?: boolean;
  allowed_paths?: string[] | null;
}

/** Updates only the named columns of a key that is still active. */
export async function updateKey(db: Db, id: string, agencyId: AgencyScope, changes: KeyChanges): Promise<ApiKeyRow | null> {
  const sets = Object.entries(changes).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  if (sets.length === 0) return findKey(db, id, agencyId);
  const { rows } = await sql<ApiKeyRow>`
    update api_keys set ${sql.join(sets)}
    where id = ${id} and ${scoped(agencyId)} and revoked_at is null
    returning *`.execute(db);
  return rows[0] ?? null;
}

export async function revokeKey(db: Db, id: string, agencyId: AgencyScope, at: Date): Promise<ApiKeyRow | null> {
  const { rows } = await sql<ApiKeyRow>`
    update api_keys set revoked_at = coalesce(revoked_at, ${at})
    where id = ${id} and ${scoped(agencyId)}
    returning *`.execute(db);
  return rows[0] ?? null;
}

/**
 * Last-used instants of many keys in one statement. Never moves a key's time back: another
 * instance may have written a later one (`greatest` ignores the null of a key never used).
 */
export async function recordLastUsed(db: Db, uses: readonly (readonly [id: string, at: Date])[]): Promise<void> {
  if (uses.length === 0) return;
  // In key order, as every instance's flush of the same keys (src/platform/db/key-order.ts).
  const ordered = inKeyOrder(uses, ([id]) => [id]);
  const ids = ordered.map(([id]) => id);
  const instants = ordered.map(([, at]) => at.toISOString());
  await sql`
    update api_keys k set last_used_at = greatest(k.last_used_at, u.at)
    from unnest(${ids}::text[], ${instants}::timestamptz[]) as u(id, at)
    where k.id = u.id`.execute(db);
}

/** The name and display prefix of each of these keys (a log page names its keys). */
export async function keyNamesOf(
  db: Db,
  keyIds: readonly string[],
): Promise<Map<string, { name: string | null; prefix: string | null }>> {
  if (keyIds.length === 0) return new Map();
  const keys = await db.selectFrom('api_keys').select(['id', 'name', 'display_prefix']).where('id', 'in', keyIds).execute();
  return new Map(keys.map((k) => [k.id, { name: k.name, prefix: k.display_prefix }]));
}
