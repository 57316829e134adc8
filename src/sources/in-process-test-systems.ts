import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { pushPathOf, type InProcessTestSystem, type SourceTable } from './source.js';

/** The test systems a gateway runs beside itself, by source code. */
export interface InProcessTestSystems {
  /** The URL test keys reach per source: `<CODE>_TEST_URL`, the in-process one, or null (none). */
  urls(): Record<string, string | null>;
  /** Each source's in-process test system, by code (only those the gateway runs). */
  readonly running: Readonly<Record<string, InProcessTestSystem>>;
  /** Points each in-process test system that pushes at the gateway's own route for it (unless `<CODE>_NOTIFY_URL` says elsewhere). */
  pointAt(gatewayUrl: string): void;
  close(): Promise<void>;
}

/**
 * Test keys need "the source's test system": unless `<CODE>_TEST_URL` names a running one, each
 * source that has a test system runs it here, on a loopback port (`<CODE>_TEST_PORT`), speaking
 * its protocol over HTTP exactly as it would as a separate process. Their bookings live in the
 * gateway's database, in a schema of their own (aa_test_system, ...), so a restart keeps them.
 * IN_PROCESS_TEST_SYSTEMS=false runs none: a source without `<CODE>_TEST_URL` then has no test
 * system (its URL is null), and a test-key call to it answers 502 `airline_not_configured` naming the variable.
 */
export async function startInProcessTestSystems(
  sources: SourceTable,
  config: Readonly<Config>,
  options: { logger: Logger; database: Database },
): Promise<InProcessTestSystems> {
  const running: Record<string, InProcessTestSystem> = {};
  const close = async () => {
    await Promise.all(Object.values(running).map((system) => system.close()));
  };
  try {
    for (const source of sources) {
      const settings = config.sources[source.code]!;
      if (!source.testSystem || settings.testSystemUrl || !config.inProcessTestSystems) continue;
      running[source.code] = await source.testSystem.start(settings, {
        host: '127.0.0.1',
        port: settings.testSystemPort,
        logger: options.logger,
        storage: { database: options.database },
        config,
      });
    }
  } catch (err) {
    await close();
    throw err;
  }
  return {
    running,
    urls: () =>
      Object.fromEntries(sources.map((s) => [s.code, config.sources[s.code]!.testSystemUrl ?? running[s.code]?.url ?? null])),
    pointAt(gatewayUrl) {
      for (const source of sources) {
        const system = running[source.code];
        if (!system?.notifyTo || !pushPathOf(source) || config.sources[source.code]!.signing?.notifyUrl) continue;
        system.notifyTo(`${gatewayUrl}${pushPathOf(source)}`);
      }
    },
    close,
  };
}
