import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
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
import { sessionHook } from './sessions/session-auth.js';
import './sessions/session-context.js';
import { subscribeRoutes } from './subscribe/routes.js';
import { supportRoutes } from './support/routes.js';

export interface PortalFeatureOptions extends PortalOptions {
  platform: Platform;
}

/** A hook that requires a session bearer token and sets `request.session`. */
export type SessionAuthenticator = (request: FastifyRequest) => Promise<void>;

export interface Portal {
  plugin: FastifyPluginAsync;
  services: PortalServices;
  /** onRequest hook for session-authenticated routes of any feature (orders' dashboard, webhooks). */
  authenticate: SessionAuthenticator;
}

/**
 * The developer portal (`/v1/dev`), the admin API (`/v1/admin`) and `POST /v1/subscribe`.
 * The plugin is not encapsulated so `request.session` is declared app-wide, for the other features'
 * session routes; the session hook itself stays inside the scope of the session-authenticated routes.
 */
export function createPortal({ platform, identity, apiKeys }: PortalFeatureOptions): Portal {
  const services = createPortalServices(platform, { identity, apiKeys });
  const authenticate = sessionHook(services.sessions);
  const plugin = fp(
    async (app) => {
      app.decorateRequest('session', null);

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
  return { plugin, services, authenticate };
}
