import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_ROUTE, SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import { signupRoutes, verificationRoutes } from './accounts/routes.js';
import { inviteAcceptRoutes, inviteRoutes } from './invites/routes.js';
import { keyRoutes } from './keys/routes.js';
import { mfaRoutes } from './mfa/routes.js';
import { passwordChangeRoutes, passwordResetRoutes } from './passwords/routes.js';
import { securityEventRoutes } from './security/routes.js';
import { createPortalServices, type PortalServices } from './services.js';
import { loginRoutes, sessionRoutes } from './sessions/routes.js';
import { sessionHook } from './sessions/session-auth.js';
import './sessions/session-context.js';
import { subscribeRoutes } from './subscribe/routes.js';
import { supportRoutes } from './support/routes.js';

export interface PortalDecoration {
  services: PortalServices;
  /** onRequest hook that requires a session bearer token and sets `request.session`; for any plugin's routes. */
  authenticate(request: FastifyRequest): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    portal: PortalDecoration;
  }
}

/**
 * The developer portal (`/v1/dev`), the admin API (`/v1/admin`) and `POST /v1/subscribe`.
 * Wrapped with fastify-plugin so `app.portal` and `request.session` are visible app-wide; the
 * session hook itself stays inside the scope of the session-authenticated routes.
 */
export const portalPlugin = fp(
  async (app) => {
    const services = createPortalServices(app.platform, app.services);
    const authenticate = sessionHook(services.sessions);
    app.decorate('portal', { services, authenticate });
    app.decorateRequest('session', null);
    app.addHook('onClose', async () => services.mailer.close());

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
      scoped.addHook('onRequest', authenticate);
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
  { name: 'portal' },
);
