// Every source's test system for a gateway test, started from the table of sources the way the
// gateway starts them in-process (src/sources/in-process-test-systems.ts): on loopback ports with
// the development keys the test config gives the connectors, and the AppOptions that point the
// gateway at them.

import type { AppOptions } from '../../src/app.js';
import type { InProcessTestSystem, SourceTable } from '../../src/sources/source.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { SOURCES } from '../../src/sources/table.js';
import type { TestSystemStorage } from '../../src/testsystem/ndc/storage/open-storage.js';
import { NDC_SCHEMA_DIR } from './upstream.js';

export interface TestSystems {
  /** Each source's test system by source code (`AA`, `VS`, ...). */
  bySource: Readonly<Record<string, InProcessTestSystem>>;
  /** buildApp / buildTestApp options reaching them all. */
  app: Pick<AppOptions, 'testSystemUrls'>;
  close(): Promise<void>;
}

/**
 * A test system for each source of `sources` that has one (memory only unless `storage` says
 * otherwise), with the configuration's default keys; `env` sets variables as an operator would.
 */
export async function startTestSystems(
  options: { storage?: TestSystemStorage; env?: Record<string, string>; sources?: SourceTable } = {},
): Promise<TestSystems> {
  const sources = options.sources ?? SOURCES;
  const config = loadConfig({ NDC_SCHEMA_DIR, ...options.env }, sources);
  const bySource: Record<string, InProcessTestSystem> = {};
  const close = async () => {
    await Promise.all(Object.values(bySource).map((system) => system.close()));
  };
  try {
    for (const source of sources) {
      if (!source.testSystem) continue;
      bySource[source.code] = await source.testSystem.start(config.sources[source.code]!, {
        host: '127.0.0.1',
        port: 0,
        logger: false,
        storage: options.storage,
        config,
      });
    }
  } catch (err) {
    await close();
    throw err;
  }
  return {
    bySource,
    app: { testSystemUrls: Object.fromEntries(Object.entries(bySource).map(([code, system]) => [code, system.url])) },
    close,
  };
}
