import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { setUnmatchedSurface } from '../platform/http/error-handler.js';
import { API_KEY_ENVELOPE_ROUTE, SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { airportCodesOf, type AirportCodes } from './airport-codes.js';
import { airportRoutes } from './airport-routes.js';
import { dashboardAirlineRoutes } from './dashboard-airline-routes.js';
import { referenceRoutes } from './reference-routes.js';
import { createAviationService, type AviationService } from './service.js';
import { registerAviationJobs } from './sync-job.js';

export interface Aviation {
  plugin: FastifyPluginAsync;
  aviation: AviationService;
  /** Which airport codes the imported data knows (the search warns of one it does not). */
  airportCodes: AirportCodes;
}

/** `/v1/aviation` and `/v1/reference`: imported reference data, served in the envelope; the dashboard's airline names `/v1/dev/airlines`. */
export function createAviation({ platform }: { platform: Platform }): Aviation {
  const aviation = createAviationService(platform);
  const plugin = fp(
    async (app) => {
      // Public data any request for the same path answers again: the request log notes the
      // answer instead of keeping it (a 100 km radius answer is ~24 KB, and keeping every one cost
      // most of the route's throughput on embedded storage: docs/operations/request-log.md).
      setRoutePolicy(app, { ...API_KEY_ENVELOPE_ROUTE, meter: 'aviation', answerLogged: 'noted' });
      // Unknown paths under these prefixes answer 404/405 in the envelope too.
      await setUnmatchedSurface(app, '/v1/aviation', 'envelope');
      await setUnmatchedSurface(app, '/v1/reference', 'envelope');
      // The data is loaded in the background: a large data set may take longer than a plugin may
      // (avvio's 10 s on a busy machine), and reads arriving meanwhile wait for it (DatasetState).
      aviation.state.refresh().catch((err: unknown) => platform.logger.error({ err }, 'could not load aviation data'));
      app.addHook('onClose', async () => aviation.state.close());
      registerAviationJobs(platform, aviation.state);
      await app.register(airportRoutes, { service: aviation });
      await app.register(referenceRoutes, { service: aviation });
      // The dashboard's airline names on a portal session: not metered (docs/dashboard.md), so the
      // aviation meter set above is undone here.
      await app.register(async (dashboard) => {
        setRoutePolicy(dashboard, { ...SESSION_ROUTE, meter: undefined, answerLogged: undefined });
        await dashboard.register(dashboardAirlineRoutes, { state: aviation.state });
      });
    },
    { name: 'aviation', encapsulate: true },
  );
  return { plugin, aviation, airportCodes: airportCodesOf(aviation.state) };
}
