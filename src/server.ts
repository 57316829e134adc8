import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { startDraining } from './health/drain.js';
import { answersOnItsSocket } from './health/own-socket-probe.js';
import { NO_TEST_SYSTEM, watchSharedAirline, type SharedAirlineWatch } from './health/shared-airline.js';
import type { Config } from './platform/config.js';
import type { StreamError } from './platform/http/error-codes/stream-errors.js';
import { watchResponsesInFlight, type ResponsesInFlight } from './platform/http/responses-in-flight.js';
import { listenTargets, portUnavailable } from './platform/listen-ports.js';
import { createPlatform, type Platform } from './platform/platform.js';
import { checkBeforeOpening } from './platform/start-checks.js';
import { endOpenEventStreams } from './shopping/event-stream.js';
import { startInProcessTestSystems, type InProcessTestSystems } from './sources/in-process-test-systems.js';
import { SOURCES } from './sources/table.js';
import { developmentSecretSources, NOTIFY_SECRET_COMMAND } from './platform/notify-secrets.js';

/** Addresses that only this machine reaches: a gateway bound to one takes no request from elsewhere. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** The terminal event of a search stream that a shutdown ends before its search did. */
export const SHUTTING_DOWN_EVENT: StreamError = {
  error: 'the server is shutting down; please search again',
  code: 'server_shutting_down',
};

/** The gateway as seen from this machine (a wildcard bind is reached on loopback). */
function ownUrl(app: FastifyInstance): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** What runs once the gateway listens: the CLI's first-run key, admin channel and banner. */
export interface ServeHooks {
  /** Called once the gateway answers on its socket; what it returns is closed at shutdown, before storage. */
  onStarted?(started: {
    platform: Platform;
    app: FastifyInstance;
    /** Where test keys reach each source's test system, by source code (null: none). */
    testSystemUrls: Readonly<Record<string, string | null>>;
  }): Promise<{ close(): Promise<void> }>;
}

/**
 * The process: platform, app, background jobs, listening socket, and a graceful shutdown that
 * leaves the balancer's rotation, stops accepting, lets in-flight requests finish, then closes
 * storage.
 *
 * On SIGTERM readiness first answers 503 (`shutdown: draining`) for SHUTDOWN_READY_DELAY_MS (5 s
 * by default) while the instance still serves everything: a balancer checking readiness stops
 * sending it requests before its socket closes, so no client meets a refused connection. SIGINT
 * (Ctrl-C at a terminal, where no balancer is watching) skips that wait.
 *
 * SHUTDOWN_GRACE_MS (25 s by default) then bounds the rest. Open search streams get its first
 * half to finish on their own (a default search ends within SEARCH_TIMEOUT_MS, 12 s); any still
 * open then ends with a terminal `error` event, code `server_shutting_down`, so its client knows
 * to search again rather than seeing a cut connection.
 */
export async function serve(config: Readonly<Config>, hooks: ServeHooks = {}): Promise<FastifyInstance> {
  // Secrets fit for the storage and free ports, before anything opens: a busy port is reported
  // at once, not after a first start made a database.
  await checkBeforeOpening(config);
  const platform = await createPlatform(config, { defaultMetrics: true });
  const log = platform.logger;
  let app: FastifyInstance;
  let inFlight: ResponsesInFlight;
  let started: { close(): Promise<void> } | undefined;
  // Test keys need "the source's test system": each source's runs here unless <CODE>_TEST_URL
  // names a running one (src/sources/in-process-test-systems.ts).
  let testSystems: InProcessTestSystems | undefined;
  let airline: SharedAirlineWatch | undefined;
  try {
    testSystems = await startInProcessTestSystems(SOURCES, config, { logger: log, database: platform.database });
    // Gateways sharing a database must share one test system per source: readiness fails while they do not.
    // With IN_PROCESS_TEST_SYSTEMS=false a source without <CODE>_TEST_URL has none, the same on every gateway.
    airline = await watchSharedAirline(
      platform,
      Object.fromEntries(
        SOURCES.map((s) => [
          s.code,
          config.sources[s.code]!.testSystemUrl ?? (config.inProcessTestSystems ? null : NO_TEST_SYSTEM),
        ]),
      ),
    );
    app = await buildApp(platform, { sources: SOURCES, testSystemUrls: testSystems.urls() });
    inFlight = watchResponsesInFlight(app.server);
    await app.listen({ port: config.port, host: config.host });
    // The in-process test systems push their changes to this gateway, now that it has a port.
    testSystems.pointAt(ownUrl(app));
    if (!(await answersOnItsSocket(app))) log.warn('the gateway did not answer a request on its own socket in time');
    started = await hooks.onStarted?.({ platform, app, testSystemUrls: testSystems.urls() });
  } catch (err) {
    await started?.close();
    await airline?.leave();
    await testSystems?.close();
    await platform.close();
    // Another process can take a port after checkBeforeOpening: the bind says it as the check would.
    throw portUnavailable(err, listenTargets(config)) ?? err;
  }
  const development = developmentSecretSources(config);
  if (development.size > 0 && !LOOPBACK_HOSTS.has(config.host))
    log.warn(
      { host: config.host, variables: [...development.values()] },
      'NOTIFICATION SECRETS ARE THE PUBLIC DEVELOPMENT ONES: this gateway listens beyond loopback, so it takes ' +
        'notifications signed with them from this machine only (its in-process test systems); set each variable ' +
        `(\`${NOTIFY_SECRET_COMMAND}\`) before anyone else sends it notifications`,
    );
  platform.scheduler.start();
  log.info(
    {
      storage: platform.database.kind,
      redis: platform.redis ? 'on' : 'off',
      testSystems: testSystems.urls(),
    },
    'gateway ready',
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    startDraining(platform);
    const readyDelayMs = signal === 'SIGTERM' ? config.shutdownReadyDelayMs : 0;
    // What the shutdown is waiting for, so a forced exit says which step ran out of time.
    let waitingFor = 'the ready delay';
    const force = setTimeout(() => {
      log.error({ waitingFor }, `shutdown did not finish in time (still waiting for ${waitingFor}); exiting`);
      process.exit(1);
    }, readyDelayMs + config.shutdownGraceMs).unref();
    try {
      if (readyDelayMs > 0) {
        log.info({ signal, readyDelayMs }, 'shutting down: readiness answers 503, still serving while the balancer moves away');
        await new Promise((resolve) => setTimeout(resolve, readyDelayMs));
      }
      log.info({ signal }, 'shutting down: no new requests, finishing in-flight ones');
      waitingFor = 'in-flight requests';
      // Each keep-alive connection closes with its last response, or app.close() would wait out
      // its keep-alive time-out (responses-in-flight.ts).
      inFlight.closeEachWithItsResponse();
      const closing = app.close();
      let drainTimer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        closing.then(() => true),
        new Promise<boolean>((resolve) => (drainTimer = setTimeout(() => resolve(false), config.shutdownGraceMs / 2))),
      ]);
      clearTimeout(drainTimer);
      if (!drained) {
        const ended = endOpenEventStreams(app.server, 'error', SHUTTING_DOWN_EVENT);
        if (ended > 0) log.info({ streams: ended }, 'ended open search streams: server shutting down');
      }
      await closing;
      waitingFor = 'the test systems and storage to close';
      await started?.close();
      await airline?.leave();
      await testSystems?.close();
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
