import type { Generated } from 'kysely';
import type { UserRole } from './column-types.js';

/** Portal sessions, sign-in challenges, recovery codes, e-mail verification, password resets, invitations (declared by hand from the migrations named; ../tables.ts says how). */
export interface PortalTables {
  // 0003_portal, 0007_password_resets, 0008_agency_invites
  sessions: {
    id: string;
    token_hash: string;
    user_id: string;
    agency_id: string | null;
    kind: 'user' | 'support';
    support_reason: string | null;
    ip: string | null;
    user_agent: string | null;
    created_at: Date;
    last_used_at: Date;
    expires_at: Date;
    mfa_verified_at: Date | null;
    revoked_at: Date | null;
    revoked_reason: string | null;
  };
  login_challenges: {
    id: string;
    token_hash: string;
    user_id: string;
    ip: string | null;
    created_at: Date;
    expires_at: Date;
    attempts: Generated<number>;
    consumed_at: Date | null;
  };
  recovery_codes: {
    user_id: string;
    code_hash: string;
    used_at: Date | null;
  };
  email_verifications: {
    token_hash: string;
    user_id: string;
    email: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  password_resets: {
    token_hash: string;
    user_id: string;
    created_at: Date;
    expires_at: Date;
    used_at: Date | null;
  };
  agency_invites: {
    id: string;
    agency_id: string;
    email: string;
    role: Exclude<UserRole, 'owner'>;
    token_hash: string;
    invited_by: string;
    created_at: Date;
    expires_at: Date;
    accepted_at: Date | null;
    revoked_at: Date | null;
  };
}
