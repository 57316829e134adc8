import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_ROUTE, SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { signupRoutes, verificationRoutes } from './accounts/routes.js';
import { inviteAcceptRoutes, inviteRoutes } from './invites/routes.js';
import { keyRoutes } from './keys/routes.js';
import { mfaRoutes } from './mfa/routes.js';
import { passwordChangeRoutes, passwordResetRoutes } from './passwords/routes.js';
import { securityEventRoutes } from './security/routes.js';
import { createPortalServices, type PortalOptions, type PortalServices } from './services.js';
import { loginRoutes, sessionRoutes } from './sessions/routes.js';
import { subscribeRoutes } from './subscribe/routes.js';
import { supportRoutes } from './support/routes.js';

export interface PortalFeatureOptions extends PortalOptions {
  platform: Platform;
}

export interface Portal {
  plugin: FastifyPluginAsync;
  /** `services.sessions` is what the session gate (src/identity/sessions/session-gate.ts) verifies tokens with. */
  services: PortalServices;
}

/**
 * The developer portal (`/v1/dev`), the admin API (`/v1/admin`) and `POST /v1/subscribe`. Its
 * session routes declare the `session` policy; the app-wide session gate checks their token.
 */
export function createPortal({ platform, identity, apiKeys }: PortalFeatureOptions): Portal {
  const services = createPortalServices(platform, { identity, apiKeys });
  const plugin = fp(
    async (app) => {
      // The forms a visitor without a session fills in: subscribe, sign up, verify, log in, reset, accept.
      await app.register(async (open) => {
        setRoutePolicy(open, PUBLIC_ROUTE);
        await open.register(subscribeRoutes, { services });
        await open.register(signupRoutes, { services });
        await open.register(loginRoutes, { services });
        await open.register(passwordResetRoutes, { services });
        await open.register(inviteAcceptRoutes, { services });
      });
      await app.register(async (scoped) => {
        setRoutePolicy(scoped, SESSION_ROUTE);
        await scoped.register(sessionRoutes, { services });
        await scoped.register(verificationRoutes, { services });
        await scoped.register(mfaRoutes, { services });
        await scoped.register(passwordChangeRoutes, { services });
        await scoped.register(keyRoutes, { services });
        await scoped.register(inviteRoutes, { services });
        await scoped.register(securityEventRoutes, { services });
        await scoped.register(supportRoutes, { services });
      });
    },
    { name: 'portal', dependencies: ['session-gate'], encapsulate: true },
  );
  return { plugin, services };
}
