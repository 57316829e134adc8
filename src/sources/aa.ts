import { createAaConnector } from '../connectors/aa/aa-connector.js';
import { DEV_AA_NOTIFY_SECRET } from '../platform/config-variables.js';
import { ndcAirlineSource } from './ndc-airline-source.js';

/** American Airlines, reached directly over NDC 21.3 (src/connectors/aa/, src/testsystem/aa/). */
export const AA_SOURCE = ndcAirlineSource({
  code: 'AA',
  slug: 'aa',
  name: 'American Airlines',
  devNotifySecret: DEV_AA_NOTIFY_SECRET,
  connector: createAaConnector,
  testSystem: {
    description: "the AA test system: American Airlines' NDC 21.3 test environment, stood in for locally",
    defaultPort: 8090,
    // Loaded when started: a command that only reads the configuration never loads a test system's server.
    start: async (options) => (await import('../testsystem/aa/server.js')).startAaTestSystem(options),
  },
});
