/**
 * Child process of bench/shopping-two-airlines.ts: the AA and VS test systems together in one
 * process of their own (memory only), so neither airline's work is in the gateway's CPU time.
 * Prints one JSON line, `{"aa": url, "vs": url}`, when both listen; SIGTERM ends it.
 *
 *   node --import tsx bench/lib/airline-test-systems-server.ts <aaSubscriptionKey> <vsSubscriptionKey>
 */
import { startAaTestSystem } from '../../src/testsystem/aa/server.js';
import { startVsTestSystem } from '../../src/testsystem/vs/server.js';

const [aaKey, vsKey] = process.argv.slice(2);
if (!aaKey || !vsKey) {
  console.log('bench/lib/airline-test-systems-server.ts is a child of bench/shopping-two-airlines.ts; run that one.');
} else {
  const aa = await startAaTestSystem({ host: '127.0.0.1', subscriptionKey: aaKey, logger: false });
  const vs = await startVsTestSystem({ host: '127.0.0.1', subscriptionKey: vsKey, logger: false });
  process.once('SIGTERM', () => void Promise.all([aa.close(), vs.close()]).then(() => process.exit(0)));
  console.log(JSON.stringify({ aa: aa.url, vs: vs.url }));
}
