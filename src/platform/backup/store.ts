import type { ScriptClient } from '../db/database.js';
import type { KeyPurpose } from '../keyring/keyring.js';

/** What a backup holds, counted: what an operator compares after a restore. */
export interface BackupCounts {
  agencies: number;
  api_keys: number;
  orders: number;
  order_events: number;
  webhook_endpoints: number;
}

export async function countRows(client: ScriptClient): Promise<BackupCounts> {
  const [row] = await client.query<BackupCounts>(
    `select (select count(*) from agencies)::int as agencies,
            (select count(*) from api_keys)::int as api_keys,
            (select count(*) from orders)::int as orders,
            (select count(*) from order_events)::int as order_events,
            (select count(*) from webhook_endpoints)::int as webhook_endpoints`,
  );
  return row!;
}

/** One sealed value of each kind the database holds: the newest, so it names a key still in use. */
export async function sealedSamples(client: ScriptClient): Promise<{ purpose: KeyPurpose; what: string; sealed: string }[]> {
  return client.query(
    `(select 'api-key-secrets' as purpose, 'API key ' || id as what, secret_ciphertext as sealed
        from api_keys order by created_at desc limit 1)
     union all
     (select 'webhook-secrets', 'webhook endpoint ' || id, secret_sealed
        from webhook_endpoints order by created_at desc limit 1)
     union all
     (select 'totp-seeds', 'the second factor of user ' || id, totp_secret
        from users where totp_secret is not null order by created_at desc limit 1)`,
  );
}

/** Key ids the stored data was written with and that are still marked active. */
export async function activeKeyIds(client: ScriptClient): Promise<string[]> {
  const rows = await client.query<{ key_id: string }>(`select key_id from keyring_keys where status = 'active' order by key_id`);
  return rows.map((r) => r.key_id);
}
