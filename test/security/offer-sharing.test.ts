import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSENGER } from '../orders/order-fixture.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

const AA_KEY = 'aa-test-subscription-key';

/**
 * Why an offer id searched by one agency may be booked by another (docs/security.md, "Offer ids
 * are not bound to an agency"): identical searches share one cached answer (the contract's rule
 * 4), so two agencies hold the same offer ids; an id names an airline offer and passenger counts,
 * nothing of the agency that searched; and what a booking makes belongs to the agency that books.
 */
describe('offer ids are shared between agencies, and nothing of one agency comes with them (hardening round 4)', () => {
  let aa: AaTestSystem;
  let t: TestApp;
  let first: string;
  let second: string;
  beforeAll(async () => {
    aa = await startAaTestSystem({ subscriptionKey: AA_KEY, logger: false });
    t = await buildTestApp({ env: { AA_TEST_SUBSCRIPTION_KEY: AA_KEY }, app: { testSystemUrls: { AA: aa.url } } });
    first = (await t.agencyWithKey()).secret;
    second = (await t.agencyWithKey()).secret;
  });
  afterAll(async () => {
    await t?.close();
    await aa?.close();
  });

  const call = (key: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });
  const search = { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(61), adults: 1 };

  it('two agencies searching alike get the same ids from the shared cache; one books the other’s id for itself only', async () => {
    const mine = await call(first, 'POST', '/v1/shopping/offers', search);
    expect(mine.statusCode, mine.body).toBe(200);
    const theirs = await call(second, 'POST', '/v1/shopping/offers', search);
    const ids = (res: typeof mine) => (res.json().offers as { offer_id: string }[]).map((o) => o.offer_id);
    // Rule 4: the second search is the first one's cached answer, ids and all.
    expect(ids(theirs)).toEqual(ids(mine));

    // The id carries no agency: its signed content decodes to airline offers, passenger counts, the
    // flights' dates and the total it was shown at (the moment of sale's checks) only.
    const [offerId] = ids(mine);
    const content = offerId!.split('|')[1]!.split('.').slice(1, -1).join('.');
    const decoded = Buffer.from(content, 'base64url').toString('utf8');
    expect(Object.keys(JSON.parse(decoded)).sort()).toEqual(['d', 'e', 'o', 'p', 't']);

    // The second agency books the first agency's id: the order is the second agency's alone.
    const held = await call(second, 'POST', '/v1/orders', {
      offer_id: offerId!,
      passengers: [PASSENGER],
      payment: { type: 'hold' },
    });
    expect(held.statusCode, held.body).toBe(201);
    const orderId = held.json().order_id as string;
    expect((await call(second, 'GET', `/v1/orders/${encodeURIComponent(orderId)}`)).statusCode).toBe(200);
    expect((await call(first, 'GET', `/v1/orders/${encodeURIComponent(orderId)}`)).statusCode).toBe(404);
    const firstList = (await call(first, 'GET', '/v1/orders')).json();
    expect(JSON.stringify(firstList)).not.toContain(orderId);
  });
});
