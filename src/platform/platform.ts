import type { Logger } from 'pino';
import { createLocalBroadcast, createRedisBroadcast, type Broadcast } from './broadcast.js';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/database.js';
import { migrate, type MigrationResult } from './db/migrate.js';
import type { Keyring } from './keyring/keyring.js';
import { loadKeyring } from './keyring/keyring-loader.js';
import { registerKeyring } from './keyring/keyring-store.js';
import { createLogger } from './logger.js';
import { createMailer, type Mailer } from './mail.js';
import { Scheduler } from './jobs/scheduler.js';
import { createMetrics, type Metrics } from './metrics.js';
import { connectRedis, type Redis } from './redis.js';
import { CostTally } from './request-costs.js';
import { startTracing, type Tracing } from './tracing/start-tracing.js';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * Everything the features share, built once per process (or per test) and handed to buildApp:
 * no module opens its own connections or reads the environment.
 */
export interface Platform {
  readonly config: Readonly<Config>;
  readonly database: Database;
  readonly db: Db;
  readonly keyring: Keyring;
  readonly redis: Redis | null;
  readonly broadcast: Broadcast;
  readonly metrics: Metrics;
  /** Database statements and Redis commands, per request and per route (request-costs.ts). */
  readonly costs: CostTally;
  readonly logger: Logger;
  /** The one way out for e-mail: SMTP_URL, or the DATA_DIR/outbox folder. */
  readonly mailer: Mailer;
  /** Background jobs; features add theirs while the app is built, server.ts starts them. */
  readonly scheduler: Scheduler;
  /** What the start-up migration run found and applied. */
  readonly migrations: MigrationResult;
  /** OpenTelemetry, when OTEL_* turns it on (docs/operations/tracing.md); flushed at close. */
  readonly tracing: Tracing;
  /** Now, as the service sees it; tests move it. */
  clock(): Date;
  close(): Promise<void>;
}

export interface PlatformOptions {
  logger?: Logger;
  /** Overrides config.dataDir for storage only, e.g. `memory://` in tests. */
  storageDir?: string;
  /** Embedded storage only: a dump to start from (see Database.dump). */
  storageTemplate?: Blob;
  defaultMetrics?: boolean;
  clock?: () => Date;
  /** Traces every span to this exporter, tracing on whatever the config says (tests: InMemorySpanExporter). */
  spanExporter?: SpanExporter;
}

export async function createPlatform(config: Readonly<Config>, options: PlatformOptions = {}): Promise<Platform> {
  // First, so the start-up's own database round trips and log lines can be traced too.
  const tracing = await startTracing(config.tracing, options.spanExporter ? { exporter: options.spanExporter } : {});
  try {
    return await openPlatform(config, options, tracing);
  } catch (err) {
    // A start that fails (storage unreachable, a bad keyring) stops tracing too: its exporter's
    // spans are flushed and nothing of it keeps the process waiting.
    await tracing.close();
    throw err;
  }
}

async function openPlatform(config: Readonly<Config>, options: PlatformOptions, tracing: Tracing): Promise<Platform> {
  const logger = options.logger ?? createLogger(config.logLevel, undefined, { traceIds: tracing.enabled });
  const { keyring } = loadKeyring({ keyring: config.keyring, dataDir: config.dataDir });
  const costs = new CostTally(config.requestCosts);
  const metrics = createMetrics({ defaultMetrics: options.defaultMetrics ?? false, costs });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.storageDir ?? config.dataDir,
    ...(options.storageTemplate ? { template: options.storageTemplate } : {}),
    onConnectionError: (err, state) => {
      metrics.databaseConnectionErrors.inc({ state });
      logger.warn({ err: { message: err.message, code: (err as { code?: string }).code }, state }, 'database connection lost');
    },
    onQuery: costs.dbQuery,
    poolMax: config.pgPoolMax,
  });
  let redis: Redis | null = null;
  let migrations: MigrationResult;
  try {
    migrations = await migrate(database);
    const { missing } = await registerKeyring(database.db, keyring);
    if (missing.length > 0)
      logger.error(
        { missing },
        'KEYRING lacks keys the database holds active (restored with another keyring?): this instance is not ready and records none of its own keys',
      );
    redis = config.redisUrl
      ? await connectRedis(config.redisUrl, { logger, role: 'commands', onCommand: costs.redisCommand })
      : null;
  } catch (err) {
    redis?.disconnect();
    await database.close();
    throw err;
  }
  const broadcast =
    redis && config.redisUrl
      ? await createRedisBroadcast(config.redisUrl, config.redisPrefix, redis, { logger, metrics })
      : createLocalBroadcast();

  const scheduler = new Scheduler(database, logger);
  const mailer = createMailer({ config, logger });
  return {
    config,
    database,
    db: database.db,
    keyring,
    redis,
    broadcast,
    metrics,
    costs,
    logger,
    mailer,
    scheduler,
    migrations,
    tracing,
    clock: options.clock ?? (() => new Date()),
    async close() {
      await scheduler.stop();
      mailer.close();
      await broadcast.close();
      redis?.disconnect();
      await database.close();
      await tracing.close();
    },
  };
}
