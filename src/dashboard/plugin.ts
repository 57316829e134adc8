import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Platform } from '../platform/platform.js';
import { DEFAULT_BUNDLE_DIR } from './bundle.js';
import { dashboardRoutes } from './routes.js';

export interface Dashboard {
  plugin: FastifyPluginAsync;
}

/**
 * The agency dashboard at /dashboard: the built single-page app (dashboard/), served from this
 * origin so it calls the portal API with no CORS and no token in a URL. It holds no logic of its
 * own on the server: everything it does goes through the public /v1/dev and /v1/admin API.
 */
export function createDashboard(options: { platform: Platform; bundleDir?: string }): Dashboard {
  const bundleDir = options.bundleDir ?? DEFAULT_BUNDLE_DIR;
  const plugin = fp(
    async (app) => {
      await app.register(dashboardRoutes, { bundleDir });
    },
    { name: 'dashboard', encapsulate: true },
  );
  return { plugin };
}
