import type { FastifyPluginAsync } from 'fastify';
import type { Platform } from '../platform/platform.js';
import { airportRoutes } from './airport-routes.js';
import { referenceRoutes } from './reference-routes.js';
import { createAviationService } from './service.js';
import { registerAviationJobs } from './sync-job.js';

/** `/v1/aviation` and `/v1/reference`: imported reference data, served in the envelope. */
export const aviationRoutes: FastifyPluginAsync<{ platform: Platform }> = async (app, { platform }) => {
  const service = createAviationService(platform);
  await service.state.refresh();
  app.addHook('onClose', async () => service.state.close());
  registerAviationJobs(platform, service.state);
  await app.register(airportRoutes, { service });
  await app.register(referenceRoutes, { service });
};
