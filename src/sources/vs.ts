import { createVsConnector } from '../connectors/vs/vs-connector.js';
import { DEV_VS_NOTIFY_SECRET } from '../platform/config-variables.js';
import { ndcAirlineSource } from './ndc-airline-source.js';

/** Virgin Atlantic, reached directly over NDC 21.3.3 (src/connectors/vs/, src/testsystem/vs/). */
export const VS_SOURCE = ndcAirlineSource({
  code: 'VS',
  slug: 'vs',
  name: 'Virgin Atlantic',
  devNotifySecret: DEV_VS_NOTIFY_SECRET,
  liveUnset: 'a live call answers 502 and searches leave VS out (docs/connectors.md)',
  connector: createVsConnector,
  testSystem: {
    description: "the VS test system: Virgin Atlantic's NDC 21.3.3 test environment, stood in for locally",
    defaultPort: 8091,
    // Loaded when started: a command that only reads the configuration never loads a test system's server.
    start: async (options) => (await import('../testsystem/vs/server.js')).startVsTestSystem(options),
  },
});
