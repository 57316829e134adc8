import crypto from 'node:crypto';
import type { KeyEnvironment } from '../../platform/config.js';
import type { Db } from '../../platform/db/database.js';
import type { ApiKeyRow } from '../../platform/db/rows.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { checkDisplayName } from '../../platform/display-name.js';
import { newId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import { KeyCache, type VerifiedKey } from './key-cache.js';
import { KeyUsage } from './key-usage.js';
import { displayPrefix, generateApiKey, parseApiKey } from './key-format.js';
import { compileAllowlist, validateRestrictions } from './key-restrictions.js';
import * as store from './key-store.js';

/**
 * Active keys (not revoked, not expired) an agency may hold, both environments and every way of
 * making them (portal, CLI) together: enough for a key per service and environment, few enough
 * that a leaked session cannot mint keys without bound. Rotation replaces a key, so it is not
 * counted as a new one.
 */
export const MAX_ACTIVE_KEYS_PER_AGENCY = 50;

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

function toVerified(row: ApiKeyRow): VerifiedKey {
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

/**
 * Issues, edits, revokes and verifies API keys. A key is stored as an HMAC lookup hash plus its
 * AES-GCM ciphertext; the clear key exists only in the answer to create, rotate and reveal.
 */
// A plain SHA-256 of the presented key finds its cache entry (key-cache.ts says why not the HMAC);
// the one-shot hash makes no Hash object per request.
const fingerprintOf = (raw: string) => crypto.hash('sha256', raw, 'base64');

export function createApiKeyService(platform: Pick<Platform, 'db' | 'config' | 'keyring' | 'broadcast' | 'clock'>) {
  const { db, config, keyring, clock } = platform;
  const cache = new KeyCache(platform.broadcast);
  const usage = new KeyUsage(db);

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

  function checkInput(input: KeyRestrictionInput) {
    if (input.name !== undefined && input.name !== null && input.name.length > 100) {
      throw badRequest('name must be at most 100 characters');
    }
    // An empty name clears it (on an update); any other is a display name (display-name.ts).
    if (input.name) checkDisplayName('name', input.name, 100);
    validateRestrictions({ ...input, now: clock() });
  }

  const lookups = new Map<string, { generation: number; key: Promise<VerifiedKey | null> }>();

  async function lookUp(
    raw: string,
    environment: KeyEnvironment,
    fingerprint: string,
    generation: number,
  ): Promise<VerifiedKey | null> {
    const hashes = keyring.hmacAll('api-key-lookup', raw);
    const row = await store.findKeyByLookupHashes(
      db,
      hashes.map((h) => h.hash),
    );
    const matches =
      row !== null && hashes.some((h) => crypto.timingSafeEqual(Buffer.from(h.hash, 'hex'), Buffer.from(row.lookup_hash, 'hex')));
    const key = matches && !row.revoked_at && row.environment === environment ? toVerified(row) : null;
    // Eviction names the stored lookup hash (a key hashed before an HMAC key rotation keeps its
    // older one); an unknown key is evicted by the hash its creation will store.
    cache.set(fingerprint, { lookupHash: row?.lookup_hash ?? hashes[0]!.hash, key, now: Date.now(), generation });
    return key;
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
      checkInput(input);
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

    /** Touches only the named fields; an empty list or empty expiry clears that restriction. */
    async update(id: string, agencyId: store.AgencyScope, changes: KeyRestrictionInput, actor: Actor = {}) {
      checkInput(changes);
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

    /** A replacement with the same name and restrictions, shown once; the old key stops at once. */
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

    /** The clear key again, for an owner who has passed step-up; audited on every success. */
    async reveal(id: string, agencyId: store.AgencyScope, actor: Actor = {}) {
      const row = await mustFind(id, agencyId);
      if (row.revoked_at) throw forbidden('api key is revoked', 'api_key_revoked');
      const secret = keyring.open('api-key-secrets', row.secret_ciphertext);
      await audit(db, { kind: 'api_key.revealed', key: row, actor });
      return secret;
    },

    /** Uses noted by the gate, written in batches (key-usage.ts). */
    usage,

    /**
     * The gate's question, answered from memory: the key (or null, known not to be one) when
     * the cache holds an answer for it, undefined when only `authenticate` can tell. No promise:
     * this runs on every key-authenticated request.
     */
    cached(raw: string): VerifiedKey | null | undefined {
      // Only a key that passed authenticate's shape check is ever cached (under this process's
      // one configuration), so a hit needs no second check; a miss goes through authenticate.
      return cache.get(fingerprintOf(raw), Date.now())?.key;
    },

    /**
     * The gate's question: which active key is this? The lookup is by HMAC, so the database
     * compares hashes, never the secret; a cached answer costs no database trip at all.
     */
    async authenticate(raw: string): Promise<VerifiedKey | null> {
      const parsed = parseApiKey(raw);
      if (!parsed || parsed.prefix !== config.keyPrefix || !config.keyEnvironments.includes(parsed.environment)) {
        return null;
      }
      const fingerprint = fingerprintOf(raw);
      const cached = cache.get(fingerprint, Date.now());
      if (cached) return cached.key;
      // One lookup per key at a time: when a busy key's entry expires, its concurrent requests
      // wait for the same read instead of each spending an HMAC and a database trip. Never one
      // that began before an eviction: a request after a revocation must read after it.
      const generation = cache.generation();
      const inFlight = lookups.get(fingerprint);
      if (inFlight?.generation === generation) return inFlight.key;
      const lookup = { generation, key: lookUp(raw, parsed.environment, fingerprint, generation) };
      lookups.set(fingerprint, lookup);
      void lookup.key
        .finally(() => {
          if (lookups.get(fingerprint) === lookup) lookups.delete(fingerprint);
        })
        .catch(() => {});
      return lookup.key;
    },
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
