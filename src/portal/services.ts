import type { ApiKeyService } from '../auth/api-keys/key-service.js';
import { findAgency } from '../identity/agencies/store.js';
import type { Identity } from '../identity/identity.js';
import { findUser } from '../identity/users/store.js';
import type { Platform } from '../platform/platform.js';
import { clientAddressLimit, clientFailureBudget } from '../platform/rate-limit/client-address-limit.js';
import { createCredentialService } from './accounts/credentials.js';
import { createSignupService } from './accounts/service.js';
import { createInviteService } from './invites/service.js';
import { createPortalKeyService } from './keys/service.js';
import { createMfaService } from './mfa/service.js';
import { createPasswordService } from './passwords/service.js';
import { createSecurityService } from './security/service.js';
import { createLoginService } from './sessions/login.js';
import { createSessionService } from './sessions/service.js';
import type { SessionContext } from '../identity/sessions/session-context.js';
import { createStepUp } from './sessions/step-up.js';
import { createSubscribeService } from './subscribe/service.js';
import { createSupportService } from './support/service.js';

export interface PortalOptions {
  /** Accounts and passwords: the portal's sign-up, sign-in and invitations act on them. */
  identity: Identity;
  /** The agency's keys, managed from the portal. */
  apiKeys: ApiKeyService;
}

/** Everything the portal's routes call, wired once per app with explicit dependencies. */
export function createPortalServices(platform: Platform, { identity, apiKeys }: PortalOptions) {
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

    /** GET /v1/dev/me: the account, the agency the session acts for, the second factor, the session. */
    async describeMe(ctx: SessionContext) {
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

export type PortalServices = ReturnType<typeof createPortalServices>;
