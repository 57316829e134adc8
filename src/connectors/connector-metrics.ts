import { Counter, Histogram, type Registry } from 'prom-client';
import type { Connector } from './connector.js';
import type { ConnectorResult } from './connector-failure.js';

interface ConnectorMetrics {
  calls: Counter<'airline' | 'operation' | 'outcome'>;
  duration: Histogram<'airline' | 'operation'>;
  errors: Counter<'airline' | 'operation' | 'kind'>;
}

/** One set per registry; several apps built on one platform (tests) share it rather than clash. */
function metricsIn(registry: Registry): ConnectorMetrics {
  const existing = registry.getSingleMetric('airline_calls_total');
  if (existing) {
    return {
      calls: existing as ConnectorMetrics['calls'],
      duration: registry.getSingleMetric('airline_call_duration_seconds') as ConnectorMetrics['duration'],
      errors: registry.getSingleMetric('airline_errors_total') as ConnectorMetrics['errors'],
    };
  }
  return {
    calls: new Counter({
      name: 'airline_calls_total',
      help: 'Calls to airline connectors, by outcome (ok or failure kind)',
      labelNames: ['airline', 'operation', 'outcome'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'airline_call_duration_seconds',
      help: 'Airline connector call latency, including the airline itself',
      labelNames: ['airline', 'operation'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers: [registry],
    }),
    errors: new Counter({
      name: 'airline_errors_total',
      help: 'Failed airline connector calls, by failure kind',
      labelNames: ['airline', 'operation', 'kind'],
      registers: [registry],
    }),
  };
}

// Properties that are not airline calls: neither timed nor counted.
const NOT_CALLS = new Set([
  'code',
  'name',
  'close',
  'then',
  'configuredFor',
  'offerFacts',
  'readChangeNotification',
  'reshopAmountDue',
]);

/**
 * The same connector with every call counted and timed. A Proxy rather than a hand-written
 * wrapper, so methods added to the Connector interface later (orders) are measured too.
 */
export function instrumentConnector<C extends Connector>(connector: C, registry: Registry): C {
  const m = metricsIn(registry);
  return new Proxy(connector, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || typeof prop !== 'string' || NOT_CALLS.has(prop)) return value;
      return async (...args: unknown[]) => {
        const stop = m.duration.startTimer({ airline: target.code, operation: prop });
        const result = (await (value as (...a: unknown[]) => Promise<ConnectorResult<unknown>>).apply(
          target,
          args,
        )) as ConnectorResult<unknown>;
        stop();
        const outcome = result.ok ? 'ok' : result.failure.kind;
        m.calls.inc({ airline: target.code, operation: prop, outcome });
        if (!result.ok) m.errors.inc({ airline: target.code, operation: prop, kind: result.failure.kind });
        return result;
      };
    },
  });
}
