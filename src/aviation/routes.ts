import type { FastifyPluginAsync } from 'fastify';
import { setUnmatchedSurface } from '../platform/http/error-handler.js';
import { API_KEY_ENVELOPE_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { airportRoutes } from './airport-routes.js';
import { referenceRoutes } from './reference-routes.js';
import { createAviationService } from './service.js';
import { registerAviationJobs } from './sync-job.js';

/** `/v1/aviation` and `/v1/reference`: imported reference data, served in the envelope. */
export const aviationRoutes: FastifyPluginAsync<{ platform: Platform }> = async (app, { platform }) => {
  setRoutePolicy(app, API_KEY_ENVELOPE_ROUTE);
  // Unknown paths under these prefixes answer 404/405 in the envelope too.
  await setUnmatchedSurface(app, '/v1/aviation', 'envelope');
  await setUnmatchedSurface(app, '/v1/reference', 'envelope');
  const service = createAviationService(platform);
  await service.state.refresh();
  app.addHook('onClose', async () => service.state.close());
  registerAviationJobs(platform, service.state);
  await app.register(airportRoutes, { service });
  await app.register(referenceRoutes, { service });
};
