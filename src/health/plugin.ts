import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { healthRoutes } from './routes.js';

export interface Health {
  plugin: FastifyPluginAsync;
}

/** Liveness and readiness: `/v1/health` and `/v1/health/ready`. */
export function createHealth({ platform }: { platform: Platform }): Health {
  const plugin = fp(
    async (app) => {
      // Load balancers and orchestrators probe these without credentials.
      setRoutePolicy(app, PUBLIC_ROUTE);
      await app.register(healthRoutes, { platform });
    },
    { name: 'health', encapsulate: true },
  );
  return { plugin };
}
