import type { Role } from '../../identity/account-service.js';
import { recordSecurityEvent } from '../../identity/security-events/store.js';
import type { SessionRow } from '../../platform/db/rows.js';
import { notFound, unauthorized } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Platform } from '../../platform/platform.js';
import { SESSION_POLICY } from '../policy.js';
import type { SessionContext } from '../../identity/sessions/session-context.js';
import * as store from './store.js';
import { hashToken, newToken } from './tokens.js';

export const SESSION_TOKEN_PREFIX = 'fas';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface SessionView {
  id: string;
  kind: 'user' | 'support';
  created_at: string;
  last_used_at: string;
  expires_at: string;
  idle_expires_at: string;
  mfa_verified_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

export function toSessionView(row: SessionRow): SessionView {
  const idle = new Date(Math.min(row.last_used_at.getTime() + SESSION_POLICY.idleMs, row.expires_at.getTime()));
  return {
    id: row.id,
    kind: row.kind,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    idle_expires_at: idle.toISOString(),
    mfa_verified_at: row.mfa_verified_at?.toISOString() ?? null,
    ip: row.ip,
    user_agent: row.user_agent,
  };
}

/** A session to open: whose, for which agency, of which kind, and whether a second factor was just verified. */
export interface OpenSessionInput {
  userId: string;
  agencyId: string | null;
  kind: 'user' | 'support';
  /** Support sessions only: why the operator acts for the agency. */
  supportReason?: string;
  mfaVerified: boolean;
  client: ClientInfo;
}

export interface SessionService {
  /** Opens a session and answers its token (shown once; only its hash is kept) and view. */
  open(input: OpenSessionInput): Promise<{ token: string; session: SessionView }>;
  /** The context of a live session, or the one 401 for anything else (unknown, revoked, expired, idle). */
  authenticate(token: string): Promise<SessionContext>;
  /** Records a second factor verified in the session now, and answers when. */
  markMfaVerified(sessionId: string): Promise<Date>;
  /** One session's view; 401 `invalid_session` when it does not exist. */
  get(sessionId: string): Promise<SessionView>;
  /** The user's own sessions still open (support sessions are listed by the admin API). */
  list(userId: string): Promise<SessionView[]>;
  /** Ends one of the caller's own sessions; someone else's answers 404 as if it did not exist. */
  revokeOwn(userId: string, sessionId: string, reason: 'logout' | 'revoked'): Promise<void>;
  /** Closes a support session, recorded as a security event the first time only; false when it was closed already. */
  closeSupport(sessionId: string, closedBy: string, client: ClientInfo): Promise<boolean>;
  /** The stored session row, whatever its state (null: none). */
  findRow(sessionId: string): Promise<SessionRow | null>;
}

const invalidSession = () => unauthorized('invalid or expired session', 'invalid_session');

/** Opens, authenticates, lists and ends portal sessions. Tokens are bearer secrets: only their hash is kept. */
export function createSessionService(platform: Pick<Platform, 'db' | 'clock'>): SessionService {
  const { db, clock } = platform;

  return {
    async open(input) {
      const now = clock();
      const token = newToken(SESSION_TOKEN_PREFIX);
      const lifetime = input.kind === 'support' ? SESSION_POLICY.supportAbsoluteMs : SESSION_POLICY.absoluteMs;
      const row = await store.insertSession(db, {
        id: newId(input.kind === 'support' ? 'sup' : 'ses'),
        token_hash: hashToken(token),
        user_id: input.userId,
        agency_id: input.agencyId,
        kind: input.kind,
        support_reason: input.supportReason ?? null,
        ip: input.client.ip,
        user_agent: input.client.userAgent?.slice(0, 300) ?? null,
        created_at: now,
        last_used_at: now,
        expires_at: new Date(now.getTime() + lifetime),
        mfa_verified_at: input.mfaVerified ? now : null,
      });
      return { token, session: toSessionView(row) };
    },

    async authenticate(token) {
      const row = await store.findSessionByTokenHash(db, hashToken(token));
      const now = clock();
      if (
        !row ||
        row.revoked_at !== null ||
        row.expires_at.getTime() <= now.getTime() ||
        row.last_used_at.getTime() + SESSION_POLICY.idleMs <= now.getTime()
      ) {
        throw invalidSession();
      }
      if (now.getTime() - row.last_used_at.getTime() >= SESSION_POLICY.touchEveryMs) await store.touchSession(db, row.id, now);
      const support = row.kind === 'support';
      return {
        sessionId: row.id,
        userId: row.user_id,
        agencyId: support ? row.agency_id : row.user_agency_id,
        role: support || row.user_agency_id === null ? null : (row.role as Role),
        permissions: row.permissions,
        supportSession: support ? { id: row.id, operatorUserId: row.user_id } : null,
        mfaVerifiedAt: row.mfa_verified_at,
        emailVerified: row.email_verified_at !== null,
      };
    },

    async markMfaVerified(sessionId) {
      const now = clock();
      await store.markMfaVerified(db, sessionId, now);
      return now;
    },

    async get(sessionId) {
      const row = await store.findSession(db, sessionId);
      if (!row) throw invalidSession();
      return toSessionView(row);
    },

    async list(userId) {
      const now = clock();
      return (await store.listLiveSessions(db, userId, 'user', now))
        .filter((row) => row.last_used_at.getTime() + SESSION_POLICY.idleMs > now.getTime())
        .map(toSessionView);
    },

    async revokeOwn(userId, sessionId, reason) {
      const row = await store.findSession(db, sessionId);
      if (!row || row.user_id !== userId || row.kind !== 'user') throw notFound('session not found', 'session_not_found');
      await store.revokeSession(db, sessionId, clock(), reason);
    },

    async closeSupport(sessionId, closedBy, client) {
      const row = await store.revokeSession(db, sessionId, clock(), 'closed');
      if (!row) return false;
      await recordSecurityEvent(db, {
        kind: 'support_session.closed',
        userId: row.user_id,
        agencyId: row.agency_id,
        ip: client.ip,
        detail: { supportSessionId: row.id, closedBy },
      });
      return true;
    },

    findRow: (sessionId) => store.findSession(db, sessionId),
  };
}
