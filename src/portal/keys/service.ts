import type { ApiKeyService, KeyRestrictionInput } from '../../auth/api-keys/key-service.js';
import { findAgency } from '../../identity/agencies/store.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import type { Platform } from '../../platform/platform.js';
import { agencyOfSession } from '../../identity/sessions/session-auth.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import type { RequireStepUp } from '../sessions/step-up.js';
import { keyView, type PortalKeyView } from './key-view.js';

export interface KeyFieldsInput {
  name?: string;
  allowedIps?: string[];
  expiresAt?: string | null;
  read_only?: boolean;
  allowed_paths?: string[];
}

const FIELDS = ['name', 'allowedIps', 'expiresAt', 'read_only', 'allowed_paths'] as const;

/** Body fields to the key service's input: an empty string or list clears, an absent field is untouched. */
function toRestrictions(body: KeyFieldsInput): KeyRestrictionInput {
  const out: KeyRestrictionInput = {};
  if (body.name !== undefined) out.name = body.name.trim() === '' ? null : body.name.trim();
  if (body.allowedIps !== undefined) out.allowedIps = body.allowedIps;
  if (body.expiresAt !== undefined) {
    if (body.expiresAt === '' || body.expiresAt === null) out.expiresAt = null;
    else {
      const at = new Date(body.expiresAt);
      if (!/^\d{4}-\d{2}-\d{2}T/.test(body.expiresAt) || Number.isNaN(at.getTime())) {
        throw badRequest('expiresAt must be an ISO 8601 date-time (e.g. 2030-01-31T00:00:00Z) or null');
      }
      out.expiresAt = at;
    }
  }
  if (body.read_only !== undefined) out.readOnly = body.read_only;
  if (body.allowed_paths !== undefined) out.allowedPaths = body.allowed_paths;
  return out;
}

export interface PortalKeyService {
  /** The keys of the caller's agency. */
  list(ctx: SessionContext): Promise<PortalKeyView[]>;
  /** Creates a key (test by default; live only for a live agency's owners and admins) and answers its secret once. */
  create(
    ctx: SessionContext,
    body: KeyFieldsInput & { environment?: 'test' | 'live' },
    ip: string | null,
  ): Promise<PortalKeyView & { secret: string }>;
  /** Changes a key's name or restrictions; 400 `nothing_to_change` when the body names none. */
  update(ctx: SessionContext, id: string, body: KeyFieldsInput, ip: string | null): Promise<PortalKeyView>;
  /** Revokes a key of the caller's agency. */
  revoke(ctx: SessionContext, id: string, ip: string | null): Promise<{ status: string }>;
  /** A new key in place of the old one, whose secret is answered once; `replaces` names the old key. */
  rotate(ctx: SessionContext, id: string, ip: string | null): Promise<PortalKeyView & { secret: string; replaces: string }>;
  /** A key's secret again, after step-up; 404 and the role rule come first, so they cost no password attempt. */
  reveal(ctx: SessionContext, id: string, password: string | undefined, ip: string | null): Promise<{ secret: string }>;
}

type KeyOperation = 'list' | 'create' | 'edit' | 'revoke' | 'rotate' | 'reveal';
const OPERATION_WORDS: Record<Exclude<KeyOperation, 'list'>, string> = {
  create: 'create',
  edit: 'edit',
  revoke: 'revoke',
  rotate: 'rotate',
  reveal: 'reveal the secret of',
};
// Operations that put a working secret in someone's hands need a proven e-mail address.
const ISSUES_SECRETS: ReadonlySet<KeyOperation> = new Set(['create', 'rotate', 'reveal']);

/**
 * The portal's rules around the shared key service: who may touch keys at all (never a support
 * session, only agency accounts), which need a verified e-mail, live keys only for a live agency
 * and only in the hands of its owners and admins, and step-up before a secret is shown again. Keys are always scoped to the caller's agency, so
 * another agency's key id answers 404.
 */
export function createPortalKeyService(
  platform: Pick<Platform, 'config' | 'db'>,
  apiKeys: ApiKeyService,
  requireStepUp: RequireStepUp,
): PortalKeyService {
  const { config } = platform;

  function agencyOf(ctx: SessionContext, operation: KeyOperation): string {
    const agencyId = agencyOfSession(ctx, { refuse: 'manage api keys' });
    if (ISSUES_SECRETS.has(operation) && !ctx.emailVerified) {
      throw forbidden(
        'verify your e-mail address first (see the link we sent, or POST /v1/dev/me/verify-email)',
        'email_unverified',
      );
    }
    return agencyId;
  }

  /**
   * A live key reaches the airlines' production systems and books for real: every operation on
   * one (create, edit, revoke, rotate, reveal) is for the agency's owners and admins. A developer
   * keeps full rights on test keys.
   */
  function requireLiveKeyRole(ctx: SessionContext, operation: Exclude<KeyOperation, 'list'>): void {
    if (ctx.role === 'owner' || ctx.role === 'admin') return;
    throw forbidden(
      `only the agency's owners and admins may ${OPERATION_WORDS[operation]} live keys (your role: ${ctx.role ?? 'none'})`,
      'role_forbidden',
    );
  }

  /** The agency of an existing key the caller may touch: 404 for another agency's key, then the live-key role rule. */
  async function agencyOfKey(ctx: SessionContext, id: string, operation: Exclude<KeyOperation, 'list' | 'create'>) {
    const agencyId = agencyOf(ctx, operation);
    const key = await apiKeys.get(id, agencyId);
    if (key.environment === 'live') requireLiveKeyRole(ctx, operation);
    return agencyId;
  }

  const actor = (ctx: SessionContext, ip: string | null) => ({ userId: ctx.userId, ip, via: 'portal' as const });

  return {
    list: async (ctx) => (await apiKeys.list(agencyOf(ctx, 'list'))).map(keyView),

    async create(ctx, body, ip) {
      const agencyId = agencyOf(ctx, 'create');
      const environment = body.environment ?? 'test';
      const agency = await findAgency(platform.db, agencyId);
      if (!agency?.verified_at) throw forbidden('the agency is not verified yet', 'agency_unverified');
      if (!config.keyEnvironments.includes(environment))
        throw badRequest(`environment ${environment} is not offered by this deployment`);
      if (environment === 'live') {
        if (!agency.live) throw forbidden('live keys can be created once the agency is live', 'agency_not_live');
        requireLiveKeyRole(ctx, 'create');
      }
      const { key, secret } = await apiKeys.create(
        { ...toRestrictions(body), agencyId, kind: 'portal', environment },
        actor(ctx, ip),
      );
      return { ...keyView(key), secret };
    },

    async update(ctx, id, body, ip) {
      const agencyId = await agencyOfKey(ctx, id, 'edit');
      if (!FIELDS.some((field) => body[field] !== undefined)) {
        throw badRequest(`request body must name at least one field to change: ${FIELDS.join(', ')}`, 'nothing_to_change');
      }
      return keyView(await apiKeys.update(id, agencyId, toRestrictions(body), actor(ctx, ip)));
    },

    async revoke(ctx, id, ip) {
      await apiKeys.revoke(id, await agencyOfKey(ctx, id, 'revoke'), actor(ctx, ip));
      return { status: 'revoked' };
    },

    async rotate(ctx, id, ip) {
      const { key, secret, replaces } = await apiKeys.rotate(id, await agencyOfKey(ctx, id, 'rotate'), actor(ctx, ip));
      return { ...keyView(key), secret, replaces };
    },

    async reveal(ctx, id, password, ip) {
      const agencyId = await agencyOfKey(ctx, id, 'reveal');
      await requireStepUp(ctx, password, ip);
      return { secret: await apiKeys.reveal(id, agencyId, actor(ctx, ip)) };
    },
  };
}
