/**
 * Child process of bench/shopping-two-airlines.ts: the gateway as `flightagg serve` builds it
 * (platform from the environment, the app, listening on PORT), but with no test system in-process:
 * `serve` runs one for each airline whose <CODE>_TEST_URL is unset, so it cannot be a gateway with
 * AA's connector alone. Here AA_TEST_URL is AA's, and VS_TEST_URL, when set, VS's; unset, the VS
 * connector has no test endpoint and a test key's search asks AA only (search-service.ts, `consulted`).
 * Background jobs (monitoring, sweeps) are not started: the bench measures searches.
 *
 *   DATA_DIR=... PORT=... AA_TEST_URL=... [VS_TEST_URL=...] node --import tsx bench/lib/gateway-server.ts
 */
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { createPlatform } from '../../src/platform/platform.js';

const config = loadConfig();
const platform = await createPlatform(config, { defaultMetrics: true });
const app = await buildApp(platform, { aaTestSystemUrl: config.aa.testSystemUrl, vsTestSystemUrl: config.vs.testSystemUrl });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => platform.close())
      .then(() => process.exit(0)),
);
