import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ConnectorRegistry } from '../connectors/connector-registry.js';
import { API_KEY_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Platform } from '../platform/platform.js';
import { createHealthService, type HealthService } from './health-service.js';
import { monitoringRoutes } from './monitoring-routes.js';

export interface MonitoringOptions {
  platform: Platform;
  connectors: ConnectorRegistry;
}

export interface Monitoring {
  plugin: FastifyPluginAsync;
  /** The airlines' health records; `probeAll()` is what the scheduled probe runs. */
  health: HealthService;
}

/** Airline health: `/v1/monitoring/airlines`, read from records a scheduled probe keeps fresh. */
export function createMonitoring({ platform, connectors }: MonitoringOptions): Monitoring {
  const health = createHealthService(platform, connectors);
  const plugin = fp(
    async (app) => {
      setRoutePolicy(app, { ...API_KEY_ROUTE, meter: 'monitoring' });
      if (health.enabled) {
        platform.scheduler.add({
          name: 'airline-probe',
          intervalMs: health.intervalSeconds * 1000,
          runOnStart: true,
          run: () => health.probeAll(),
        });
      }
      await app.register(monitoringRoutes, { health });
    },
    { name: 'monitoring', dependencies: ['connectors'], encapsulate: true },
  );
  return { plugin, health };
}
