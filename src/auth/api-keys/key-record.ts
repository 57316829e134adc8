import type { KeyEnvironment } from '../../platform/config.js';
import type { ApiKeyRow } from '../../platform/db/rows.js';
import type { VerifiedKey } from './key-cache.js';
import { compileAllowlist } from './key-restrictions.js';

/** A key's shapes: as listed (never its secret), as the gate sees it, and the input that restricts it. */
export type KeyKind = 'agency' | 'portal' | 'static';
export const KEY_KINDS: readonly KeyKind[] = ['agency', 'portal', 'static'];

/** A key as listed: never its secret. */
export interface ApiKeyRecord {
  id: string;
  name: string | null;
  kind: KeyKind;
  environment: KeyEnvironment;
  agencyId: string | null;
  prefix: string;
  allowedIps: string[];
  expiresAt: string | null;
  readOnly: boolean;
  allowedPaths: string[];
  status: 'active' | 'revoked' | 'expired';
  createdAt: string;
  revokedAt: string | null;
  /** Within a minute (uses are written in batches, key-usage.ts); null when never used. */
  lastUsedAt: string | null;
}

export interface KeyRestrictionInput {
  name?: string | null;
  allowedIps?: string[] | null;
  expiresAt?: Date | null;
  readOnly?: boolean;
  allowedPaths?: string[] | null;
}

/** Who acts, for the security-event log. */
export interface Actor {
  userId?: string | null;
  ip?: string | null;
  via?: 'cli' | 'portal' | 'support';
}

export function toRecord(row: ApiKeyRow, now: Date): ApiKeyRecord {
  const expired = row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    environment: row.environment,
    agencyId: row.agency_id,
    prefix: row.display_prefix,
    allowedIps: row.allowed_ips ?? [],
    expiresAt: row.expires_at?.toISOString() ?? null,
    readOnly: row.read_only,
    allowedPaths: row.allowed_paths ?? [],
    status: row.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

export function toVerified(row: ApiKeyRow): VerifiedKey {
  const identity = Object.freeze({
    id: row.id,
    agencyId: row.kind === 'static' ? null : row.agency_id,
    kind: row.kind,
    environment: row.environment,
  });
  return {
    ...identity,
    identity,
    allowedIps: row.allowed_ips,
    allowlist: row.allowed_ips && row.allowed_ips.length > 0 ? compileAllowlist(row.allowed_ips) : null,
    expiresAt: row.expires_at,
    readOnly: row.read_only,
    allowedPaths: row.allowed_paths && row.allowed_paths.length > 0 ? row.allowed_paths : null,
  };
}
