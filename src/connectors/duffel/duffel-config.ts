import type { ConfigTopic, ConfigVariable } from '../../platform/config-variable-kinds.js';
import { int, url, text, OPTIONAL } from '../../platform/config-variable-kinds.js';
import type { ConfigReader, SourceSettings } from '../../platform/source-config.js';
import { testSystemCommandVariables } from '../../platform/config-airline-variables.js';

/** The token our Duffel test system takes (like AA's `aa-test-subscription-key`): public, test only. */
export const DUFFEL_DEVELOPMENT_TOKEN = 'duffel_test_development_token';
/** The public secret the in-process Duffel test system signs its webhooks with; refused on shared storage and live. */
export const DEV_DUFFEL_WEBHOOK_SECRET = 'duffel-webhook-development-secret';

/** Duffel's settings (config.sources.DUFFEL). */
export interface DuffelSettings extends SourceSettings {
  /** A `duffel_live_` token: serves live keys; null leaves Duffel out of live searches. */
  accessToken: string | null;
  /** A `duffel_test_` token: test keys reach Duffel's sandbox instead of our test system. */
  testAccessToken: string | null;
  /** The aggregator's search budget (SEARCH_TIMEOUT_MS): Duffel's supplier time-out is set from it. */
  searchTimeoutMs: number;
}

const topic: ConfigTopic = 'airlines';

export const DUFFEL_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'DUFFEL_ACCESS_TOKEN',
    topic,
    value: OPTIONAL,
    unset: 'Duffel left out of live searches',
    description:
      'Duffel access token for live keys: a `duffel_live_` token (any other is refused at start); unset, live searches leave Duffel out and a live call to a Duffel offer answers 502 `airline_not_configured` (docs/connectors.md)',
  },
  {
    name: 'DUFFEL_TEST_ACCESS_TOKEN',
    topic,
    value: OPTIONAL,
    unset: 'test keys reach our Duffel test system',
    description:
      "a `duffel_test_` token (any other is refused at start): test keys then reach Duffel's own sandbox (at `DUFFEL_TEST_URL`, else `https://api.duffel.com`) instead of our test system",
  },
  {
    name: 'DUFFEL_TEST_URL',
    topic,
    value: url('http:', 'https:'),
    unset: 'in-process',
    description:
      "a separately running Duffel test system (`flightagg testsystem duffel`), or with `DUFFEL_TEST_ACCESS_TOKEN` where Duffel's sandbox is reached; every instance of a cluster must reach the same one",
  },
  {
    name: 'DUFFEL_TEST_PORT',
    topic,
    value: int(0, 0, 65535),
    unset: '`0` (any free port)',
    description: 'loopback port of the in-process Duffel test system',
  },
  {
    name: 'DUFFEL_WEBHOOK_SECRET',
    topic: 'airline-sweeps',
    value: text(DEV_DUFFEL_WEBHOOK_SECRET),
    unset: 'development secret',
    description:
      "the secret of the webhook made in Duffel's dashboard pointing at `POST /v1/sources/duffel/webhooks`: Duffel signs each event with it (`X-Duffel-Signature`, HMAC-SHA256), at least 16 characters; **required, and not the development one, on shared storage (`DATABASE_URL`) and when `DUFFEL_ACCESS_TOKEN` is set**. The development secret is taken only on embedded storage with the in-process test system, and only from this machine (a loopback peer, no proxy header)",
  },
  {
    name: 'DUFFEL_NOTIFY_URL',
    topic: 'airline-sweeps',
    value: url('http:', 'https:'),
    description:
      "where a separately run Duffel test system sends its webhooks (the gateway's `/v1/sources/duffel/webhooks`); an in-process one is pointed at its gateway",
  },
  // `flightagg testsystem duffel`'s own storage (DUFFEL_TEST_DATABASE_URL, DUFFEL_TEST_DATA_DIR).
  ...testSystemCommandVariables('DUFFEL'),
];

/** Duffel's settings from its variables; a token of the wrong kind for its environment is a problem at start. */
export function readDuffelSettings(r: ConfigReader): DuffelSettings {
  const accessToken = r.optional('DUFFEL_ACCESS_TOKEN');
  const testAccessToken = r.optional('DUFFEL_TEST_ACCESS_TOKEN');
  // Duffel's token prefix says its mode: a test token serving live keys (or the reverse) is refused.
  if (accessToken !== null && !accessToken.startsWith('duffel_live_')) {
    r.problems.push(
      'DUFFEL_ACCESS_TOKEN must be a live token (duffel_live_...): it serves live keys; a duffel_test_ token goes in DUFFEL_TEST_ACCESS_TOKEN',
    );
  }
  if (testAccessToken !== null && !testAccessToken.startsWith('duffel_test_')) {
    r.problems.push('DUFFEL_TEST_ACCESS_TOKEN must be a test token (duffel_test_...): test keys never spend live money');
  }
  return {
    testSystemUrl: r.url('DUFFEL_TEST_URL'),
    testSystemPort: r.int('DUFFEL_TEST_PORT'),
    testRetentionDays: null,
    live: accessToken !== null ? 'DUFFEL_ACCESS_TOKEN' : null,
    signing: {
      variable: 'DUFFEL_WEBHOOK_SECRET',
      secret: r.text('DUFFEL_WEBHOOK_SECRET'),
      development: DEV_DUFFEL_WEBHOOK_SECRET,
      notifyUrl: r.url('DUFFEL_NOTIFY_URL'),
      notifyUrlVariable: 'DUFFEL_NOTIFY_URL',
    },
    accessToken,
    testAccessToken,
    searchTimeoutMs: r.int('SEARCH_TIMEOUT_MS'),
  };
}
