// Both airlines' test systems for a gateway test, started the way the gateway starts them
// in-process (src/server.ts): AA's and VS's on loopback ports with the development subscription
// keys the test config gives the connectors, and the AppOptions that point the gateway at them.

import type { AppOptions } from '../../src/app.js';
import { startAaTestSystem } from '../../src/testsystem/aa/server.js';
import type { InProcessNdcTestSystem, NdcTestSystemOptions } from '../../src/testsystem/ndc/server.js';
import { startVsTestSystem } from '../../src/testsystem/vs/server.js';
import { NDC_SCHEMA_DIR } from './upstream.js';

export interface TestSystems {
  aa: InProcessNdcTestSystem;
  vs: InProcessNdcTestSystem;
  /** buildApp / buildTestApp options reaching both. */
  app: Pick<AppOptions, 'aaTestSystemUrl' | 'vsTestSystemUrl'>;
  close(): Promise<void>;
}

/** AA and VS test systems (memory only unless `options` says otherwise), with the config's default keys. */
export async function startTestSystems(
  options: Partial<Omit<NdcTestSystemOptions, 'subscriptionKey'>> = {},
): Promise<TestSystems> {
  const common = { schemaDir: NDC_SCHEMA_DIR, logger: false as const, ...options };
  const aa = await startAaTestSystem({ ...common, subscriptionKey: 'aa-test-subscription-key' });
  const vs = await startVsTestSystem({ ...common, subscriptionKey: 'vs-test-subscription-key' }).catch(async (err: unknown) => {
    await aa.close();
    throw err;
  });
  return {
    aa,
    vs,
    app: { aaTestSystemUrl: aa.url, vsTestSystemUrl: vs.url },
    async close() {
      await Promise.all([aa.close(), vs.close()]);
    },
  };
}
