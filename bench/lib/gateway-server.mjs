// Child process of the shopping benches: the gateway as `flightagg serve` builds it (platform from
// the environment, the app, listening on PORT), compiled from dist/ as `npm start` runs it, but
// with no test system in-process: `serve` runs one for each airline whose <CODE>_TEST_URL is unset,
// so it cannot be a gateway with AA's connector alone. Here AA_TEST_URL is AA's and VS_TEST_URL,
// when set, VS's; unset, the VS connector has no test endpoint and a test key's search asks AA only
// (search-service.ts, `consulted`). Background jobs (monitoring, sweeps) are not started: the
// benches measure searches. Plain JavaScript, so nothing compiles TypeScript in this process.
//
//   DATA_DIR=... PORT=... AA_TEST_URL=... [VS_TEST_URL=...] node bench/lib/gateway-server.mjs
import path from 'node:path';
import { importCompiled } from '../../bin/compile-sources.js';

const root = path.resolve(import.meta.dirname, '../..');
const compiled = (file) => importCompiled(root, file);
const { buildApp } = await compiled('app.js');
const { loadConfig } = await compiled('sources/load-config.js');
const { createPlatform } = await compiled('platform/platform.js');

const config = loadConfig();
const platform = await createPlatform(config, { defaultMetrics: true });
const testSystemUrls = Object.fromEntries(Object.entries(config.sources).map(([code, source]) => [code, source.testSystemUrl]));
const app = await buildApp(platform, { testSystemUrls });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => platform.close())
      .then(() => process.exit(0)),
);
