import type { KeyEnvironment } from '../../platform/config.js';
import type { Db } from '../../platform/db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { checkDisplayName } from '../../platform/display-name.js';
import { newId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import type { KeyCache } from './key-cache.js';
import { displayPrefix, generateApiKey } from './key-format.js';
import { KEY_KINDS, toRecord, type Actor, type ApiKeyRecord, type KeyKind, type KeyRestrictionInput } from './key-record.js';
import { validateRestrictions } from './key-restrictions.js';
import * as store from './key-store.js';

/**
 * Active keys (not revoked, not expired) an agency may hold, both environments and every way of
 * making them (portal, CLI) together: enough for a key per service and environment, few enough
 * that a leaked session cannot mint keys without bound. Rotation replaces a key, so it is not
 * counted as a new one.
 */
export const MAX_ACTIVE_KEYS_PER_AGENCY = 50;

/** A new key: its record and, this once, its clear secret. */
export interface IssuedKey {
  key: ApiKeyRecord;
  secret: string;
}

/** The owner's side of keys: issue, list, edit, revoke, rotate and reveal. */
export interface KeyIssuer {
  create(
    input: KeyRestrictionInput & { agencyId: string | null; kind: KeyKind; environment: KeyEnvironment },
    actor?: Actor,
  ): Promise<IssuedKey>;
  list(agencyId: store.AgencyScope): Promise<ApiKeyRecord[]>;
  get(id: string, agencyId: store.AgencyScope): Promise<ApiKeyRecord>;
  /** Touches only the named fields; an empty list or empty expiry clears that restriction. */
  update(id: string, agencyId: store.AgencyScope, changes: KeyRestrictionInput, actor?: Actor): Promise<ApiKeyRecord>;
  revoke(id: string, agencyId: store.AgencyScope, actor?: Actor): Promise<ApiKeyRecord>;
  /** A replacement with the same name and restrictions, shown once; the old key stops at once. */
  rotate(id: string, agencyId: store.AgencyScope, actor?: Actor): Promise<IssuedKey & { replaces: string }>;
  /** The clear key again, for an owner who has passed step-up; audited on every success. */
  reveal(id: string, agencyId: store.AgencyScope, actor?: Actor): Promise<string>;
}

/** Every change to a key leaves a security event, written in the same transaction as the change. */
function audit(
  executor: Db,
  {
    kind,
    key,
    actor,
    detail = {},
  }: { kind: string; key: { id: string; agency_id: string | null }; actor: Actor; detail?: Record<string, unknown> },
) {
  return recordSecurityEvent(executor, {
    kind,
    userId: actor.userId,
    agencyId: key.agency_id,
    apiKeyId: key.id,
    ip: actor.ip,
    detail: { via: actor.via ?? 'portal', ...detail },
  });
}

const emptyToNull = <T>(list: T[] | null | undefined) => (list === undefined ? undefined : list && list.length > 0 ? list : null);

/** A name and restrictions as given, checked before anything is written. */
function checkInput(input: KeyRestrictionInput, now: Date) {
  if (input.name !== undefined && input.name !== null && input.name.length > 100) {
    throw badRequest('name must be at most 100 characters');
  }
  // An empty name clears it (on an update); any other is a display name (display-name.ts).
  if (input.name) checkDisplayName('name', input.name, 100);
  validateRestrictions({ ...input, now });
}

/**
 * Issues, edits, revokes and reveals API keys. A key is stored as an HMAC lookup hash plus its
 * AES-GCM ciphertext; the clear key exists only in the answer to create, rotate and reveal. Every
 * change evicts the key's cached answer (key-cache.ts) so the gate sees it at once.
 */
export function createKeyIssuer(platform: Pick<Platform, 'db' | 'config' | 'keyring' | 'clock'>, cache: KeyCache): KeyIssuer {
  const { db, config, keyring, clock } = platform;

  async function insert(
    executor: Db,
    input: KeyRestrictionInput & {
      agencyId: string | null;
      kind: KeyKind;
      environment: KeyEnvironment;
      createdByUserId?: string | null;
    },
  ) {
    const secret = generateApiKey(config.keyPrefix, input.environment);
    const lookup = keyring.hmac('api-key-lookup', secret);
    const row = await store.insertKey(executor, {
      id: newId('key'),
      agency_id: input.agencyId,
      kind: input.kind,
      environment: input.environment,
      name: input.name ?? null,
      lookup_hash: lookup.hash,
      lookup_key_id: lookup.keyId,
      secret_ciphertext: keyring.seal('api-key-secrets', secret),
      display_prefix: displayPrefix(secret),
      allowed_ips: emptyToNull(input.allowedIps) ?? null,
      expires_at: input.expiresAt ?? null,
      read_only: input.readOnly ?? false,
      allowed_paths: emptyToNull(input.allowedPaths) ?? null,
      created_by_user_id: input.createdByUserId ?? null,
    });
    return { row, secret };
  }

  async function mustFind(id: string, agencyId: store.AgencyScope) {
    const row = await store.findKey(db, id, agencyId);
    if (!row) throw notFound('api key not found', 'api_key_not_found');
    return row;
  }

  return {
    async create(
      input: KeyRestrictionInput & { agencyId: string | null; kind: KeyKind; environment: KeyEnvironment },
      actor: Actor = {},
    ) {
      if (!KEY_KINDS.includes(input.kind)) throw badRequest(`kind must be one of: ${KEY_KINDS.join(', ')}`);
      if (input.environment !== 'test' && input.environment !== 'live') throw badRequest('environment must be test or live');
      if (input.kind !== 'static' && !input.agencyId) throw badRequest(`a ${input.kind} key needs an agency`);
      checkInput(input, clock());
      const { row, secret } = await db.transaction().execute(async (trx) => {
        if (input.agencyId && (await store.lockAndCountActiveKeys(trx, input.agencyId, clock())) >= MAX_ACTIVE_KEYS_PER_AGENCY) {
          throw conflict(
            `an agency has at most ${MAX_ACTIVE_KEYS_PER_AGENCY} active api keys; revoke one first`,
            'api_key_limit_reached',
          );
        }
        const created = await insert(trx, { ...input, createdByUserId: actor.userId ?? null });
        await audit(trx, {
          kind: 'api_key.created',
          key: created.row,
          actor,
          detail: { environment: input.environment, kind: input.kind },
        });
        return created;
      });
      // A gateway may have cached this hash as unknown moments ago.
      await cache.evict(row.lookup_hash);
      return { key: toRecord(row, clock()), secret };
    },

    async list(agencyId: store.AgencyScope) {
      const now = clock();
      return (await store.listKeys(db, agencyId)).map((row) => toRecord(row, now));
    },

    async get(id: string, agencyId: store.AgencyScope) {
      return toRecord(await mustFind(id, agencyId), clock());
    },

    async update(id: string, agencyId: store.AgencyScope, changes: KeyRestrictionInput, actor: Actor = {}) {
      checkInput(changes, clock());
      const current = await mustFind(id, agencyId);
      if (current.revoked_at) throw badRequest('api key is revoked and can no longer be changed', 'api_key_revoked');
      const columns: store.KeyChanges = {};
      if (changes.name !== undefined) columns.name = changes.name;
      if (changes.allowedIps !== undefined) columns.allowed_ips = emptyToNull(changes.allowedIps) ?? null;
      if (changes.expiresAt !== undefined) columns.expires_at = changes.expiresAt;
      if (changes.readOnly !== undefined) columns.read_only = changes.readOnly;
      if (changes.allowedPaths !== undefined) columns.allowed_paths = emptyToNull(changes.allowedPaths) ?? null;
      const row = await db.transaction().execute(async (trx) => {
        const updated = await store.updateKey(trx, id, agencyId, columns);
        if (!updated) throw notFound('api key not found', 'api_key_not_found');
        await audit(trx, { kind: 'api_key.updated', key: updated, actor, detail: { fields: Object.keys(columns) } });
        return updated;
      });
      await cache.evict(row.lookup_hash);
      return toRecord(row, clock());
    },

    async revoke(id: string, agencyId: store.AgencyScope, actor: Actor = {}) {
      const row = await db.transaction().execute(async (trx) => {
        const revoked = await store.revokeKey(trx, id, agencyId, clock());
        if (!revoked) throw notFound('api key not found', 'api_key_not_found');
        await audit(trx, { kind: 'api_key.revoked', key: revoked, actor });
        return revoked;
      });
      await cache.evict(row.lookup_hash);
      return toRecord(row, clock());
    },

    async rotate(id: string, agencyId: store.AgencyScope, actor: Actor = {}) {
      const old = await mustFind(id, agencyId);
      if (old.revoked_at) throw badRequest('api key is revoked and cannot be rotated', 'api_key_revoked');
      const { row, secret } = await db.transaction().execute(async (trx) => {
        const replacement = await insert(trx, {
          agencyId: old.agency_id,
          kind: old.kind,
          environment: old.environment,
          name: old.name,
          allowedIps: old.allowed_ips,
          expiresAt: old.expires_at,
          readOnly: old.read_only,
          allowedPaths: old.allowed_paths,
          createdByUserId: actor.userId ?? null,
        });
        await store.revokeKey(trx, old.id, agencyId, clock());
        await audit(trx, { kind: 'api_key.rotated', key: old, actor, detail: { replacement: replacement.row.id } });
        return replacement;
      });
      await cache.evict(old.lookup_hash);
      await cache.evict(row.lookup_hash);
      return { key: toRecord(row, clock()), secret, replaces: old.id };
    },

    async reveal(id: string, agencyId: store.AgencyScope, actor: Actor = {}) {
      const row = await mustFind(id, agencyId);
      if (row.revoked_at) throw forbidden('api key is revoked', 'api_key_revoked');
      const secret = keyring.open('api-key-secrets', row.secret_ciphertext);
      await audit(db, { kind: 'api_key.revealed', key: row, actor });
      return secret;
    },
  };
}
