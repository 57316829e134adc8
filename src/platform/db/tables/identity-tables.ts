import type { Generated } from 'kysely';
import type { JsonWithDefault, Environment, UserRole, ApiKeyKind } from './column-types.js';

/** Agencies, users, the keyring, API keys and security events (declared by hand from the migrations named; ../tables.ts says how). */
export interface IdentityTables {
  // 0001_foundation, 0003_portal (users: lockout and TOTP columns)
  agencies: {
    id: string;
    name: string;
    plan_code: string | null;
    live: Generated<boolean>;
    iata_number: string | null;
    verified_at: Date | null;
    search_rate_limit: number | null;
    created_at: Generated<Date>;
  };
  users: {
    id: string;
    agency_id: string | null;
    email: string;
    password_hash: string;
    role: Generated<UserRole>;
    permissions: Generated<string[]>;
    email_verified_at: Date | null;
    created_at: Generated<Date>;
    failed_logins: Generated<number>;
    locked_at: Date | null;
    locked_until: Date | null;
    totp_secret: string | null;
    totp_pending_secret: string | null;
    totp_enabled_at: Date | null;
    totp_last_counter: number | null;
  };
  keyring_keys: {
    key_id: string;
    purpose: string;
    status: Generated<'active' | 'retired'>;
    created_at: Generated<Date>;
  };
  api_keys: {
    id: string;
    agency_id: string | null;
    kind: ApiKeyKind;
    environment: Environment;
    name: string | null;
    lookup_hash: string;
    lookup_key_id: string;
    secret_ciphertext: string;
    display_prefix: string;
    allowed_ips: string[] | null;
    expires_at: Date | null;
    read_only: Generated<boolean>;
    allowed_paths: string[] | null;
    created_by_user_id: string | null;
    created_at: Generated<Date>;
    revoked_at: Date | null;
    /** Within a minute: written in batches by the key-usage flush, never per request. */
    last_used_at: Date | null;
  };
  security_events: {
    id: Generated<number>;
    occurred_at: Generated<Date>;
    kind: string;
    user_id: string | null;
    agency_id: string | null;
    api_key_id: string | null;
    ip: string | null;
    detail: JsonWithDefault<Record<string, unknown>>;
    acknowledged_at: Date | null;
    acknowledged_by: string | null;
  };
}
