import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeRoutes } from '../helpers/probe-routes.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * What the gate costs the database for a key it has not seen yet (or whose cache entry just
 * lapsed): one lookup, however many of the key's requests arrive together. Counted on the
 * database client (REQUEST_COSTS on), attributed to the route.
 */
let t: TestApp;
const ROUTE = '/v1/probe/whoami';

beforeAll(async () => {
  t = await buildTestApp({ isolated: true, env: { REQUEST_COSTS: 'true' }, routes: probeRoutes });
});
afterAll(async () => t?.close());

/**
 * A new key, once its creation's cache eviction has come back from the bus (Redis echoes it to
 * this instance too): a request after an eviction never shares a read that began before it.
 */
async function newKey() {
  let heard: () => void = () => {};
  const echoed = new Promise<void>((resolve) => (heard = resolve));
  t.platform.broadcast.subscribe('api-key-evict', () => heard());
  const made = await t.agencyWithKey();
  await echoed;
  return made;
}

const queries = () => t.platform.costs.byRoute().get(ROUTE)?.dbQueries ?? 0;
const whoami = (secret: string) => t.app.inject({ method: 'GET', url: ROUTE, headers: { 'x-api-key': secret } });

describe('key lookups', () => {
  it('reads a new key once for 20 requests that arrive together, then not at all', async () => {
    // A subscription the bus answers late (a loaded machine) drops the whole cache on purpose
    // (key-cache.ts, onMissedMessages): a round during which that happened is measured again.
    let missed = 0;
    t.platform.broadcast.onMissedMessages(() => missed++);
    for (let round = 1; ; round++) {
      const missedBefore = missed;
      const { secret, keyId } = await newKey();
      const before = queries();
      const answers = await Promise.all(Array.from({ length: 20 }, () => whoami(secret)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
      expect(answers.every((res) => res.json().apiKey.id === keyId)).toBe(true);
      const first = queries() - before;
      await Promise.all(Array.from({ length: 20 }, () => whoami(secret)));
      if (missed !== missedBefore && round < 3) continue;
      expect(first).toBe(1);
      expect(queries() - before).toBe(1);
      break;
    }
  });

  it('reads an unknown key once too, and refuses every request', async () => {
    const { secret } = await newKey();
    const madeUp = `${secret.slice(0, -4)}${secret.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const before = queries();
    const answers = await Promise.all(Array.from({ length: 20 }, () => whoami(madeUp)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(401));
    expect(queries() - before).toBe(1);
  });

  it('reads a revoked key again: the next request is refused at once', async () => {
    const { secret, keyId } = await t.agencyWithKey();
    expect((await whoami(secret)).statusCode).toBe(200);
    await t.gateway.apiKeys.revoke(keyId, undefined);
    const after = await Promise.all(Array.from({ length: 5 }, () => whoami(secret)));
    expect(after.map((res) => res.statusCode)).toEqual(Array(5).fill(401));
  });
});
