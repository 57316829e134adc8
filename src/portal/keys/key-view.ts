import type { Static } from '@sinclair/typebox';
import type { ApiKeyRecord } from '../../auth/api-keys/key-service.js';
import type { KeyRecord } from './schemas.js';

/** A key as the portal answers it (keyView). */
export type PortalKeyView = Static<typeof KeyRecord>;

/**
 * A key as the portal answers it: the contract's `allowedIps` and `expiresAt` as it spells them,
 * every other field in snake_case (their former camelCase spellings are added by deprecated-fields.ts).
 */
export function keyView(key: ApiKeyRecord): PortalKeyView {
  return {
    id: key.id,
    name: key.name,
    kind: key.kind,
    environment: key.environment,
    agency_id: key.agencyId,
    prefix: key.prefix,
    allowedIps: key.allowedIps,
    expiresAt: key.expiresAt,
    read_only: key.readOnly,
    allowed_paths: key.allowedPaths,
    status: key.status,
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
    last_used_at: key.lastUsedAt,
  };
}
