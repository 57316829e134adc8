import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import type { CostTally } from './request-costs.js';
import { RequestDurations } from './request-durations.js';

/**
 * One registry per app, so tests that build many apps never share counters. Request counts are
 * the histogram's `_count` series: a separate counter would cost a second label lookup per request.
 */
export interface Metrics {
  registry: Registry;
  httpDuration: RequestDurations;
  /** A feature answered without Redis (in-process limiter, no cache, no broadcast) because Redis failed. */
  redisFallbacks: Counter<'feature'>;
  /** Pooled PostgreSQL connections that broke (server restart, network), by what the pool was doing. */
  databaseConnectionErrors: Counter<'state'>;
  /** Answers compressed, by coding; `cached="true"` for stored bytes, compressed once per entry and coding. */
  compressions: Counter<'encoding' | 'cached'>;
}

/**
 * Database statements and Redis commands by route template (`background` for jobs), read from the
 * tally's plain numbers when scraped, so counting them costs no metrics call per statement.
 */
function registerCostCounters(registry: Registry, tally: CostTally): void {
  const counter = (name: string, help: string, field: 'dbQueries' | 'redisCommands') =>
    new Counter({
      name,
      help,
      labelNames: ['route'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const [route, costs] of tally.byRoute()) if (costs[field] > 0) this.inc({ route }, costs[field]);
      },
    });
  counter(
    'flightagg_db_queries_total',
    'Statements sent to the database, by route template (background: jobs, start-up)',
    'dbQueries',
  );
  counter(
    'flightagg_redis_commands_total',
    'Commands sent to Redis, by route template (background: jobs, start-up)',
    'redisCommands',
  );
}

export function createMetrics(options: { defaultMetrics: boolean; costs?: CostTally }): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  if (options.costs) registerCostCounters(registry, options.costs);
  return {
    registry,
    httpDuration: new RequestDurations(registry),
    redisFallbacks: new Counter({
      name: 'flightagg_redis_fallback_total',
      help: 'Operations a feature did without Redis because Redis failed (see docs/operations.md per feature)',
      labelNames: ['feature'] as const,
      registers: [registry],
    }),
    databaseConnectionErrors: new Counter({
      name: 'flightagg_db_connection_errors_total',
      help: 'Pooled PostgreSQL connections lost (idle or in use); the pool replaces them',
      labelNames: ['state'] as const,
      registers: [registry],
    }),
    compressions: new Counter({
      name: 'flightagg_compressions_total',
      help: 'Answers compressed, by coding; cached="true": stored bytes (a cached search, a dashboard file), compressed once per entry and coding and sent as stored after',
      labelNames: ['encoding', 'cached'] as const,
      registers: [registry],
    }),
  };
}
