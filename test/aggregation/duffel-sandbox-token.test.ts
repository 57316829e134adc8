// DUFFEL_TEST_ACCESS_TOKEN (a duffel_test_ token) sends test keys to Duffel's own sandbox at
// DUFFEL_TEST_URL with that token instead of to our test system with its development token. Our
// Duffel test system stands in for the sandbox here (no test needs the internet): started to take
// only the configured token, it answers the search only if the gateway sends that token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDuffelTestSystem, type DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

const SANDBOX_TOKEN = 'duffel_test_sandboxStandIn0123456789';

let sandbox: DuffelTestSystem;
let t: TestApp;
let key: string;
beforeAll(async () => {
  sandbox = await startDuffelTestSystem({ logger: false, accessToken: SANDBOX_TOKEN, webhooks: { url: null, secret: '' } });
  t = await buildTestApp({
    env: { DUFFEL_TEST_ACCESS_TOKEN: SANDBOX_TOKEN, DUFFEL_TEST_URL: sandbox.url, SEARCH_CACHE_TTL_SECONDS: '0' },
  });
  key = (await t.agencyWithKey()).secret;
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

describe('test keys with DUFFEL_TEST_ACCESS_TOKEN', () => {
  it("reach Duffel's sandbox at DUFFEL_TEST_URL with that token: Duffel-sold offers, Duffel answered", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers',
      headers: { 'x-api-key': key },
      payload: { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), adults: 1, airlines: ['BA'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      offers: { source: string; airline: string }[];
      connectors: { source: string; status: string }[];
    };
    expect(body.connectors).toEqual([expect.objectContaining({ source: 'DUFFEL', status: 'answered' })]);
    expect(body.offers.length).toBeGreaterThan(0);
    expect(new Set(body.offers.map((o) => `${o.airline} via ${o.source}`))).toEqual(new Set(['BA via DUFFEL']));
  });
});
