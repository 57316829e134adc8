// The AA, VS and Duffel test systems for a gateway test over all three sources, each told the
// notification secret the gateway is given (`secrets`, from generatedNotifySecrets).
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { startDuffelTestSystem, type DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import { startVsTestSystem, type VsTestSystem } from '../../src/testsystem/vs/server.js';

export interface ThreeTestSystems {
  aa: AaTestSystem;
  vs: VsTestSystem;
  duffel: DuffelTestSystem;
}

/** Starts the three test systems on loopback ports, one after the other. */
export async function startThreeTestSystems(secrets: Record<string, string>): Promise<ThreeTestSystems> {
  const aa = await startAaTestSystem({
    subscriptionKey: 'aa-test-subscription-key',
    logger: false,
    notify: { secret: secrets.AA_NOTIFY_SECRET },
  });
  const vs = await startVsTestSystem({
    subscriptionKey: 'vs-test-subscription-key',
    logger: false,
    notify: { secret: secrets.VS_NOTIFY_SECRET },
  });
  const duffel = await startDuffelTestSystem({ logger: false, webhooks: { url: null, secret: secrets.DUFFEL_WEBHOOK_SECRET } });
  return { aa, vs, duffel };
}
