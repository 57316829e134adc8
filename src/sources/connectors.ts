import type { ClosableConnector, SharedConnectorDeps } from '../connectors/connector-registry.js';
import type { Config } from '../platform/config.js';
import type { SourceTable } from './source.js';

/**
 * Every source's connector, in table order, each from its own settings and the test system its
 * test keys reach (`testSystemUrls` by code: the in-process one or `<CODE>_TEST_URL`; absent: none).
 */
export function sourceConnectors(
  sources: SourceTable,
  config: Readonly<Config>,
  testSystemUrls: Readonly<Partial<Record<string, string | null>>>,
  shared: SharedConnectorDeps,
): ClosableConnector[] {
  return sources.map((source) => {
    const settings = config.sources[source.code];
    if (!settings) throw new Error(`the configuration has no settings for source ${source.code}: load it with the same table`);
    const connector = source.connector({ ...shared, settings, testSystemUrl: testSystemUrls[source.code] ?? null });
    if (connector.code !== source.code || connector.kind !== source.kind) {
      throw new Error(`source ${source.code} (${source.kind})'s connector calls itself ${connector.code} (${connector.kind})`);
    }
    return connector;
  });
}
