// Manual runs of the AA test system on its own: `npx tsx src/testsystem/aa/main.ts`.
// The gateway starts it in-process instead; the CLI has `flightagg testsystem aa`.

import pino from 'pino';
import { startAaTestSystem } from './server.js';

const logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const system = await startAaTestSystem({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 4010),
  subscriptionKey: process.env.AA_TEST_SUBSCRIPTION_KEY ?? 'aa-test-subscription-key',
  schemaDir: process.env.NDC_SCHEMA_DIR,
  logger,
});
logger.info({ url: system.url }, 'AA test system listening');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void system.close().then(() => process.exit(0));
  });
}
