import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_ROUTE, setRoutePolicy } from '../platform/http/route-policy.js';
import type { Mailer } from '../platform/mail.js';
import type { Platform } from '../platform/platform.js';
import { redisFallbackNotice } from '../platform/redis-fallback-notice.js';
import { createMeter, type Meter } from './metering/meter.js';
import { addMeterHooks } from './metering/meter-hooks.js';
import { createMemoryCounter } from './metering/memory-counter.js';
import { createRedisCounter } from './metering/redis-counter.js';
import { createTermsService, type TermsService } from './terms/service.js';
import { planRoutes } from './plans/routes.js';
import { termsRoutes } from './terms/routes.js';
import { createUsageService, type UsageService } from './usage/service.js';
import { usageRoutes } from './usage/routes.js';

export const METER_FLUSH_JOB = 'billing.meter-flush';
export const BATCH_PRUNE_JOB = 'billing.batch-prune';

export interface BillingOptions {
  platform: Platform;
  /** Where the going-live notice goes; the platform's mailer unless a test passes its own. */
  mailer?: Mailer;
}

export interface Billing {
  plugin: FastifyPluginAsync;
  terms: TermsService;
  meter: Meter;
  usage: UsageService;
}

/**
 * Plans, metering and standing checks (docs/plans.md): the meter on every route whose policy
 * declares a `meter`, its flush job, and the portal and admin routes of account terms and usage.
 * Register the plugin after the API-key gate's (`auth`) and the session gate.
 */
export function createBilling({ platform, mailer = platform.mailer }: BillingOptions): Billing {
  const clock = () => platform.clock();
  const terms = createTermsService({ ...platform, mailer, clock });
  // With Redis, served requests it cannot take are counted in this instance's memory meanwhile.
  const fallbackCounter = platform.redis ? createMemoryCounter() : undefined;
  const counter =
    platform.redis && fallbackCounter
      ? createRedisCounter(platform.redis, platform.config.redisPrefix, {
          logger: platform.logger,
          fallback: {
            counter: fallbackCounter,
            notice: redisFallbackNotice(
              platform,
              'billing',
              'Redis unavailable: served requests are counted in this instance until it is back; portal keys and searches under a ceiling answer 503',
            ),
          },
        })
      : createMemoryCounter();
  const meter = createMeter({
    db: platform.db,
    counter,
    ...(fallbackCounter ? { fallbackCounter } : {}),
    terms,
    docsUrl: `${platform.config.publicUrl}/docs`,
    clock,
  });
  const usage = createUsageService({ db: platform.db, terms, flush: () => meter.flush(), clock });

  // Not encapsulated at the top, like the API-key gate: the meter's hooks must see every route of
  // the app registered after it, and run after the gate's (hence the dependency on `auth`). Its
  // own routes sit in a scope.
  const plugin = fp(
    async (app: FastifyInstance) => {
      addMeterHooks(app, meter);
      // Every instance flushes: batches are cut atomically and written once, whoever writes them.
      platform.scheduler.add({
        name: METER_FLUSH_JOB,
        intervalMs: platform.config.billing.usageFlushSeconds * 1000,
        run: () => meter.flush(),
      });
      platform.scheduler.add({ name: BATCH_PRUNE_JOB, intervalMs: 3_600_000, oncePerCluster: true, run: () => meter.prune() });
      // Graceful shutdown writes what this instance counted (in memory, it would be lost otherwise).
      // Counts left in Redis when it is away are written by the next flush of any instance.
      app.addHook('onClose', async () => {
        await meter.flush().catch((err: unknown) => platform.logger.warn({ err }, 'usage not flushed at close'));
      });

      await app.register(async (scoped) => {
        setRoutePolicy(scoped, SESSION_ROUTE);
        await scoped.register(termsRoutes, { terms, clock, defaultSearchRate: platform.config.search.rateLimitPerMinute });
        await scoped.register(usageRoutes, { usage });
        await scoped.register(planRoutes);
      });
    },
    { name: 'billing', dependencies: ['auth', 'session-gate'] },
  );
  return { plugin, terms, meter, usage };
}
