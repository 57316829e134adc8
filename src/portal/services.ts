import type { ApiKeyService } from '../auth/api-keys/key-service.js';
import { findAgency } from '../identity/agencies/store.js';
import type { Identity } from '../identity/identity.js';
import { findUser } from '../identity/users/store.js';
import type { Platform } from '../platform/platform.js';
import { clientAddressLimit, clientFailureBudget } from '../platform/rate-limit/client-address-limit.js';
import type { Role } from '../identity/account-service.js';
import { createCredentialService } from './accounts/credentials.js';
import { createSignupService, type SignupService } from './accounts/service.js';
import { createInviteService, type InviteService } from './invites/service.js';
import { createPortalKeyService, type PortalKeyService } from './keys/service.js';
import { createMfaService, type MfaService, type MfaStatus } from './mfa/service.js';
import { createPasswordService, type PasswordService } from './passwords/service.js';
import { createSecurityService, type SecurityService } from './security/service.js';
import { createLoginService, type LoginService } from './sessions/login.js';
import { createSessionService, type SessionService, type SessionView } from './sessions/service.js';
import type { SessionContext } from '../identity/sessions/session-context.js';
import { createStepUp } from './sessions/step-up.js';
import { createSubscribeService, type SubscribeService } from './subscribe/service.js';
import { createSupportService, type SupportService } from './support/service.js';

export interface PortalOptions {
  /** Accounts and passwords: the portal's sign-up, sign-in and invitations act on them. */
  identity: Identity;
  /** The agency's keys, managed from the portal. */
  apiKeys: ApiKeyService;
}

/** GET /v1/dev/me: the account, the agency the session acts for, the second factor, the session. */
export interface MeView {
  id: string;
  email: string;
  email_verified: boolean;
  role: Role | null;
  permissions: string[];
  agency: { id: string; name: string; live: boolean; verified: boolean } | null;
  mfa: MfaStatus;
  session: SessionView;
  /** On a support session: who acts for which agency; null otherwise. */
  support_session: { id: string; operator_user_id: string; agency_id: string } | null;
}

export interface PortalServices {
  /** Portal sessions: open, authenticate, list, end. */
  sessions: SessionService;
  /** Sign-in by password, then second factor when the account has one. */
  login: LoginService;
  /** The second factor: TOTP enrolment, recovery codes, step-up verification. */
  mfa: MfaService;
  /** Sign-up and e-mail verification. */
  signup: SignupService;
  /** The agency's API keys, under the portal's rules. */
  keys: PortalKeyService;
  /** Security logs, acknowledgements and account unlocks. */
  security: SecurityService;
  /** Operators' support sessions for an agency. */
  support: SupportService;
  /** Teammate invitations. */
  invites: InviteService;
  /** Password change and reset. */
  passwords: PasswordService;
  /** The public "keep me posted" form. */
  subscribe: SubscribeService;
  /** GET /v1/dev/me: the account, the agency the session acts for, the second factor, the session. */
  describeMe(ctx: SessionContext): Promise<MeView>;
}

/** Everything the portal's routes call, wired once per app with explicit dependencies. */
export function createPortalServices(platform: Platform, { identity, apiKeys }: PortalOptions): PortalServices {
  const { mailer } = platform;
  const { passwords } = identity;
  const credentials = createCredentialService(platform, { passwords, mailer });
  const sessions = createSessionService(platform);
  const requireStepUp = createStepUp(credentials, platform.clock);
  const mfa = createMfaService(platform, { credentials, sessions, requireStepUp });
  const login = createLoginService(platform, {
    credentials,
    sessions,
    mfa,
    failures: clientFailureBudget(platform, {
      name: 'login-failures',
      what: 'failed sign-ins',
      perHour: platform.config.loginFailuresPerHour,
    }),
  });
  const perHour = platform.config.publicFormsPerHour;

  return {
    sessions,
    login,
    mfa,
    signup: createSignupService(platform, {
      identity,
      mailer,
      limit: clientAddressLimit(platform, { name: 'signup', what: 'sign-ups', perHour }),
    }),
    keys: createPortalKeyService(platform, apiKeys, requireStepUp),
    security: createSecurityService(platform),
    support: createSupportService(platform, sessions),
    invites: createInviteService(platform, { passwords, mailer }),
    passwords: createPasswordService(platform, {
      passwords,
      mailer,
      requireStepUp,
      limit: clientAddressLimit(platform, { name: 'password-reset', what: 'password reset requests', perHour }),
    }),
    subscribe: createSubscribeService(
      platform,
      mailer,
      clientAddressLimit(platform, { name: 'subscribe', what: 'subscriptions', perHour }),
    ),

    async describeMe(ctx) {
      const [user, agency, mfaStatus, session] = await Promise.all([
        findUser(platform.db, ctx.userId),
        ctx.agencyId ? findAgency(platform.db, ctx.agencyId) : Promise.resolve(null),
        mfa.status(ctx.userId),
        sessions.get(ctx.sessionId),
      ]);
      return {
        id: ctx.userId,
        email: user?.email ?? '',
        email_verified: ctx.emailVerified,
        role: ctx.role,
        permissions: ctx.permissions,
        agency: agency ? { id: agency.id, name: agency.name, live: agency.live, verified: agency.verified_at !== null } : null,
        mfa: mfaStatus,
        session,
        support_session:
          ctx.supportSession && ctx.agencyId
            ? { id: ctx.supportSession.id, operator_user_id: ctx.supportSession.operatorUserId, agency_id: ctx.agencyId }
            : null,
      };
    },
  };
}
