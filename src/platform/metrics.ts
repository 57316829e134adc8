import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One registry per app, so tests that build many apps never share counters. Request counts are
 * the histogram's `_count` series: a separate counter would cost a second label lookup per request.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
}

export function createMetrics(options: { defaultMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route template and status; its _count is the request count',
      labelNames,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
