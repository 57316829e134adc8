/**
 * Child process of bench/shopping-three-sources.ts (and the mixed bench): the AA, VS and Duffel
 * test systems together in one process of their own (memory only), so no source's work is in the
 * gateway's CPU time. Duffel's rate limit is raised out of the way: a bench's searches come faster
 * than its default 120 requests a minute, and waiting one out would measure the wait.
 * Prints one JSON line, `{"aa": url, "vs": url, "duffel": url}`, when all listen; SIGTERM ends it.
 *
 *   node --import tsx bench/lib/airline-test-systems-server.ts <aaSubscriptionKey> <vsSubscriptionKey>
 */
import { startAaTestSystem } from '../../src/testsystem/aa/server.js';
import { startDuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import { startVsTestSystem } from '../../src/testsystem/vs/server.js';

const [aaKey, vsKey] = process.argv.slice(2);
if (!aaKey || !vsKey) {
  console.log('bench/lib/airline-test-systems-server.ts is a child of bench/shopping-three-sources.ts; run that one.');
} else {
  const aa = await startAaTestSystem({ host: '127.0.0.1', subscriptionKey: aaKey, logger: false });
  const vs = await startVsTestSystem({ host: '127.0.0.1', subscriptionKey: vsKey, logger: false });
  const duffel = await startDuffelTestSystem({
    host: '127.0.0.1',
    logger: false,
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
  });
  process.once('SIGTERM', () => void Promise.all([aa.close(), vs.close(), duffel.close()]).then(() => process.exit(0)));
  console.log(JSON.stringify({ aa: aa.url, vs: vs.url, duffel: duffel.url }));
}
