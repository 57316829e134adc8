import type { Role } from '../account-service.js';

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
    /** Set by the session gate on every route whose policy is `session`; null elsewhere. */
    session: SessionContext | null;
  }
}
