// The fourth source's row: everything the gateway needs to sell from it, added to the table alone.

import type { ConfigVariable } from '../../../src/platform/config-variable-kinds.js';
import type { SourceSettings } from '../../../src/platform/source-config.js';
import { defineSource, type SourcePush } from '../../../src/sources/source.js';
import { createFourthConnector, FOURTH_CODE } from './fourth-connector.js';
import { startFourthServer, type FourthServer } from './fourth-server.js';

export interface FourthSettings extends SourceSettings {
  /** FOURTH_TEST_KEY: what every call to its test system carries. */
  testKey: string;
}

const VARIABLES: ConfigVariable[] = [
  {
    name: 'FOURTH_TEST_KEY',
    topic: 'airlines',
    value: { kind: 'text', default: 'fourth-development-key' },
    description: 'the key the fourth test system expects (development default)',
  },
  {
    name: 'FOURTH_TEST_URL',
    topic: 'airlines',
    value: { kind: 'url', protocols: ['http:', 'https:'] },
    unset: 'in-process',
    description: 'a separately running fourth test system',
  },
  {
    name: 'FOURTH_TEST_PORT',
    topic: 'airlines',
    value: { kind: 'int', default: 0, min: 0, max: 65535 },
    description: 'loopback port of the in-process fourth test system',
  },
  {
    name: 'FOURTH_PUSH_SECRET',
    topic: 'airlines',
    value: { kind: 'text', default: '' },
    description: 'the secret the fourth source signs its pushed events with (none: nothing is taken)',
  },
];

/** The fourth source's pushes: JSON events of its own, `{ "event": "<id>", "orders": ["<order id>"] }`. */
const FOURTH_PUSH: SourcePush = {
  path: '/v1/sources/fourth/events',
  header: 'x-fourth-signature',
  contentType: 'application/json',
  wrongType: 'a fourth-source event is JSON',
  what: 'the event',
  refusedWithout: 'no events are taken from the fourth source (FOURTH_PUSH_SECRET)',
  eventId: (body) => {
    try {
      const event = JSON.parse(body) as { event?: unknown };
      return typeof event.event === 'string' ? event.event : null;
    } catch {
      return null;
    }
  },
  notAnEvent: 'the body is not a fourth-source event (JSON with event)',
  eventMemoryMs: 3600 * 1000,
  operation: {
    operationId: 'receiveFourthEvent',
    summary: "The fourth source's pushed events",
    description: 'Signed JSON events naming orders the fourth source changed.',
  },
};

/** Every fourth test system the row started, newest last: what a test asks what the source was asked. */
export const startedFourthServers: FourthServer[] = [];

export const FOURTH_SOURCE = defineSource<FourthSettings>({
  code: FOURTH_CODE,
  slug: 'fourth',
  name: 'The Fourth Source',
  kind: 'aggregator',
  config: {
    code: FOURTH_CODE,
    variables: VARIABLES,
    read: (r) => ({
      testKey: r.text('FOURTH_TEST_KEY'),
      testSystemUrl: r.url('FOURTH_TEST_URL'),
      testSystemPort: r.int('FOURTH_TEST_PORT'),
      testRetentionDays: null,
      live: null,
      signing: r.text('FOURTH_PUSH_SECRET')
        ? {
            variable: 'FOURTH_PUSH_SECRET',
            secret: r.text('FOURTH_PUSH_SECRET'),
            development: null,
            notifyUrl: null,
            notifyUrlVariable: 'FOURTH_NOTIFY_URL',
          }
        : null,
    }),
  },
  connector: ({ settings, testSystemUrl }) => createFourthConnector({ testUrl: testSystemUrl, key: settings.testKey }),
  testSystem: {
    description: 'the fourth test system',
    defaultPort: 8099,
    credentialVariable: 'FOURTH_TEST_KEY',
    calledAt: (url) => `POST ${url}/search`,
    async start(settings, { port }) {
      const server = await startFourthServer({ port, key: settings.testKey });
      startedFourthServers.push(server);
      return server;
    },
  },
  push: FOURTH_PUSH,
});
