import type { Connector } from '../connectors/connector.js';
import type { NdcConnectorOptions } from '../connectors/ndc/ndc-connector.js';
import { ndcAirlineConfig, type AirlineConfig } from '../platform/config-airline-variables.js';
import type { InProcessNdcTestSystem, NdcTestSystemOptions } from '../testsystem/ndc/server.js';
import { defineSource, type Source } from './source.js';

/** What differs between two airlines reached directly over NDC 21.3. */
export interface NdcAirlineRow {
  code: string;
  slug: string;
  name: string;
  /** The public secret its in-process test system signs notifications with. */
  devNotifySecret: string;
  /** What the reference says of a live call without `<CODE>_LIVE_URL`. */
  liveUnset?: string;
  connector(options: NdcConnectorOptions): Connector & { close(): Promise<void> };
  testSystem: {
    description: string;
    defaultPort: number;
    start(options: NdcTestSystemOptions): Promise<InProcessNdcTestSystem>;
  };
}

/**
 * The row of an airline reached directly over NDC 21.3: its `<CODE>_*` variables, its connector
 * with its test system's or live endpoint's URL and subscription key, its test system on the NDC
 * core, and its notifications at `POST /v1/airlines/<slug>/notifications`.
 */
export function ndcAirlineSource(row: NdcAirlineRow): Source {
  return defineSource<AirlineConfig>({
    code: row.code,
    slug: row.slug,
    name: row.name,
    kind: 'airline',
    config: ndcAirlineConfig(row.code, row.name, row.devNotifySecret, row.liveUnset),
    connector: ({ settings, testSystemUrl, clock, offerIds }) =>
      row.connector({
        testUrl: testSystemUrl,
        testSubscriptionKey: settings.testSubscriptionKey,
        liveUrl: settings.liveUrl,
        liveSubscriptionKey: settings.liveSubscriptionKey,
        clock,
        offerIds,
      }),
    testSystem: {
      description: row.testSystem.description,
      defaultPort: row.testSystem.defaultPort,
      credentialVariable: `${row.code}_TEST_SUBSCRIPTION_KEY`,
      calledAt: (url) => `POST ${url}/ndc/21.3/<Message>`,
      start: (settings, { host, port, logger, storage, config }) =>
        row.testSystem.start({
          host,
          port,
          subscriptionKey: settings.testSubscriptionKey,
          schemaDir: config.ndcSchemaDir,
          logger,
          // <CODE>_NOTIFY_URL: the gateway's notifications route, signed with <CODE>_NOTIFY_SECRET.
          notify: { url: settings.signing.notifyUrl, secret: settings.signing.secret },
          storage,
          retentionDays: settings.testRetentionDays,
        }),
    },
    pushesTo: `/v1/airlines/${row.slug}/notifications`,
  });
}
