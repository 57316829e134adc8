// A user's clone has no ../shared: the AA test system then checks requests structurally only. Every
// message the connector sends must still be accepted, or the gateway's own flows break on a fresh
// clone (OrderQuoteRQ carries Payload, not Request, and was refused with [911] before).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { buildTestApp, type TestApp } from '../../helpers/test-app.js';
import { daysAhead } from '../../shopping/shopping-fixture.js';

const SUBSCRIPTION_KEY = 'structural-mode-key';
let aa: AaTestSystem;
let t: TestApp;
let key: string;

beforeAll(async () => {
  aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, schemaDir: '/nonexistent/schemas-21.3', logger: false });
  t = await buildTestApp({ env: { AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY }, app: { testSystemUrls: { AA: aa.url } } });
  key = (await t.agencyWithKey()).secret;
});

afterAll(async () => {
  await t?.close();
  await aa?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });

describe('the AA test system without its schema folder', () => {
  it('accepts every message of search, price, seats, services, hold, quote, change, reshop and cancel', async () => {
    const search = await call('POST', '/v1/shopping/offers', {
      origin: 'JFK',
      destination: 'LAX',
      departure_date: daysAhead(30),
      adults: 1,
    });
    expect(search.statusCode, search.body).toBe(200);
    // A flexible Main Cabin fare: Basic Economy refuses changes, which is not what this test is about.
    const offers = search.json().offers as { offer_id: string; fare_brand_code?: string | null }[];
    const offer = offers.find((o) => /MAINFL/.test(o.fare_brand_code ?? ''));
    if (!offer) throw new Error(`no flexible Main Cabin offer: ${offers.map((o) => o.fare_brand_code).join(',')}`);

    const priced = await call('POST', '/v1/offers/price', { offer_id: offer.offer_id });
    expect(priced.statusCode, priced.body).toBe(200);
    const offerId = encodeURIComponent(offer.offer_id);
    expect((await call('GET', `/v1/offers/${offerId}/seats`)).statusCode).toBe(200);
    const services = await call('GET', `/v1/offers/${offerId}/services`);
    expect(services.statusCode).toBe(200);
    const bag = (services.json() as { service_id: string; price_amount: number | null; segment_ids: string[] }[]).find(
      (s) => (s.price_amount ?? 0) > 0 && s.segment_ids.length === 0,
    );
    if (!bag) throw new Error(`no priced whole-journey service: ${services.body.slice(0, 300)}`);

    const order = await call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [{ given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com' }],
      payment: { type: 'hold' },
    });
    expect(order.statusCode, order.body).toBe(201);
    // Servicing paths name the airline (marked R in the contract).
    const path = (suffix: string) => `/v1/orders/${encodeURIComponent(order.json().order_id)}${suffix}?airline=AA`;

    const quote = await call('POST', path('/quote'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    // An extra bag through the change quote and its confirmation (OrderQuote, then OrderChange).
    const ancillaries = await call('POST', path('/change'), {
      action: 'ancillaries',
      services: [{ service_id: bag.service_id, passenger_id: 'PAX1' }],
    });
    expect(ancillaries.statusCode, ancillaries.body).toBe(200);
    const added = await call('POST', path('/change/confirm'), { offer_id: ancillaries.json().quote_id });
    expect(added.statusCode, added.body).toBe(200);
    const reshop = await call('POST', path('/reshop'), {});
    expect(reshop.statusCode, reshop.body).toBe(200);
    expect((await call('GET', `${path('')}&refresh=true`)).statusCode).toBe(200);

    const cancelQuote = await call('POST', path('/cancel'), {});
    expect(cancelQuote.statusCode, cancelQuote.body).toBe(200);
    const cancelled = await call('POST', path('/cancel/confirm'), {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });
});
