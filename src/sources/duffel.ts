import {
  DUFFEL_VARIABLES,
  DUFFEL_DEVELOPMENT_TOKEN,
  readDuffelSettings,
  type DuffelSettings,
} from '../connectors/duffel/duffel-config.js';
import { createDuffelConnector, DUFFEL_API_URL } from '../connectors/duffel/duffel-connector.js';
import { DUFFEL_PUSH } from './duffel-push.js';
import { defineSource } from './source.js';

/**
 * Duffel: many airlines behind one JSON API (src/connectors/duffel/). Test keys reach Duffel's
 * sandbox when a `duffel_test_` token is set (at DUFFEL_TEST_URL or api.duffel.com), else our test
 * system with the development token; live keys reach api.duffel.com with the `duffel_live_` token.
 */
export const DUFFEL_SOURCE = defineSource<DuffelSettings>({
  code: 'DUFFEL',
  slug: 'duffel',
  name: 'Duffel',
  kind: 'aggregator',
  config: { code: 'DUFFEL', variables: DUFFEL_VARIABLES, read: (r) => readDuffelSettings(r) },
  connector: ({ settings, testSystemUrl, clock, offerIds }) =>
    createDuffelConnector({
      test: settings.testAccessToken
        ? { baseUrl: settings.testSystemUrl ?? DUFFEL_API_URL, token: settings.testAccessToken }
        : testSystemUrl
          ? { baseUrl: testSystemUrl, token: DUFFEL_DEVELOPMENT_TOKEN }
          : null,
      live: settings.accessToken ? { baseUrl: DUFFEL_API_URL, token: settings.accessToken } : null,
      searchTimeoutMs: settings.searchTimeoutMs,
      offerIds,
      clock,
    }),
  testSystem: {
    description: "the Duffel test system: Duffel's API v2 (Duffel Airways, British Airways, Iberia), stood in for locally",
    defaultPort: 8092,
    calledAt: (url) => `${url}/air/offer_requests`,
    // Loaded when started: a command that only reads the configuration never loads a test system's server.
    start: async (settings, { host, port, logger, storage }) =>
      (await import('../testsystem/duffel/server.js')).startDuffelTestSystem({
        host,
        port,
        logger,
        storage,
        accessToken: DUFFEL_DEVELOPMENT_TOKEN,
        webhooks: { url: settings.signing?.notifyUrl ?? null, secret: settings.signing?.secret ?? '' },
      }),
  },
  push: DUFFEL_PUSH,
});
