import type { Role } from '../../identity/account-service.js';

/**
 * Who is behind a session-authenticated request. On a support session `userId` is the operator,
 * `agencyId` the agency served and `supportSession` says so, so anything the request changes can
 * be recorded as "support on the agency's behalf".
 */
export interface SessionContext {
  sessionId: string;
  userId: string;
  /** The agency the session acts for; null for a platform account outside any agency. */
  agencyId: string | null;
  /** The user's role in that agency; null on support sessions and for platform accounts. */
  role: Role | null;
  /** Platform permissions of the user (the operator, on a support session). */
  permissions: string[];
  supportSession: { id: string; operatorUserId: string } | null;
  /** When a second factor was last verified in this session. */
  mfaVerifiedAt: Date | null;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the portal's session hook on `/v1/dev` and `/v1/admin` routes; null elsewhere. */
    session: SessionContext | null;
  }
}
