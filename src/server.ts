import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './platform/config.js';
import { createPlatform } from './platform/platform.js';

// In-flight requests get this long to finish after SIGTERM before the process gives up on them.
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * The process: platform, app, background jobs, listening socket, and a graceful shutdown that
 * stops accepting, lets in-flight requests finish, then closes storage.
 */
export async function serve(config: Readonly<Config>): Promise<FastifyInstance> {
  const platform = await createPlatform(config, { defaultMetrics: true });
  const log = platform.logger;
  let app: FastifyInstance;
  try {
    app = await buildApp(platform, { aaTestSystemUrl: config.aa.testSystemUrl });
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await platform.close();
    throw err;
  }
  platform.scheduler.start();
  log.info({ storage: platform.database.kind, redis: platform.redis ? 'on' : 'off' }, 'gateway ready');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down: no new requests, finishing in-flight ones');
    const force = setTimeout(() => {
      log.error('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      await app.close();
      await platform.close();
      clearTimeout(force);
      log.info('stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  return app;
}
