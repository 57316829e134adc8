import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { startVsTestSystem, type VsTestSystem } from '../../src/testsystem/vs/server.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { PASSENGER } from '../orders/order-fixture.js';
import { daysAhead } from './shopping-fixture.js';

const AA_KEY = 'aa-test-subscription-key';
const VS_KEY = 'vs-test-subscription-key';

interface OfferJson {
  offer_id: string;
  airline: string;
  fare_brand: string | null;
  fare_brand_code: string | null;
  total: { amount: number; currency: string };
}

/** The gateway with both airlines' test systems in-process, as `npm start` runs them. */
describe('AA and VS through one gateway', () => {
  let aa: AaTestSystem;
  let vs: VsTestSystem;
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    aa = await startAaTestSystem({ subscriptionKey: AA_KEY, logger: false });
    vs = await startVsTestSystem({ subscriptionKey: VS_KEY, logger: false });
    t = await buildTestApp({
      env: { AA_TEST_SUBSCRIPTION_KEY: AA_KEY, VS_TEST_SUBSCRIPTION_KEY: VS_KEY },
      app: { testSystemUrls: { AA: aa.url, VS: vs.url } },
    });
    key = (await t.agencyWithKey()).secret;
  });
  afterAll(async () => {
    await t?.close();
    await vs?.close();
    await aa?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(
      payload === undefined
        ? { method, url, headers: { 'x-api-key': key } }
        : { method, url, headers: { 'x-api-key': key }, payload },
    );
  const orderPath = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=VS`;

  it('a JFK→LHR search shows AA and VS offers together, both connectors answered', async () => {
    const res = await call('POST', '/v1/shopping/offers', {
      origin: 'JFK',
      destination: 'LHR',
      departure_date: daysAhead(30),
      adults: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { offers: OfferJson[]; connectors: { airline: string; status: string; offers: number }[] };
    expect(body.connectors.map((c) => `${c.airline}:${c.status}`).sort()).toEqual(['AA:answered', 'VS:answered']);
    for (const airline of ['AA', 'VS']) {
      const mine = body.offers.filter((o) => o.airline === airline);
      expect(mine.length, airline).toBeGreaterThan(0);
      expect(mine.every((o) => o.offer_id.startsWith(`${airline}|`))).toBe(true);
      expect(body.connectors.find((c) => c.airline === airline)!.offers).toBe(mine.length);
    }
    expect(body.offers.filter((o) => o.airline === 'VS').map((o) => o.fare_brand_code)).toContain('CLASSIC_FLEX');
  });

  it('a VS offer prices, holds, is paid by card, and cancels with its refund', async () => {
    const found = await call('POST', '/v1/shopping/offers', {
      origin: 'JFK',
      destination: 'LHR',
      departure_date: daysAhead(40),
      adults: 1,
      max_connections: 0,
    });
    const offer = (found.json() as { offers: OfferJson[] }).offers.find(
      (o) => o.airline === 'VS' && o.fare_brand_code === 'CLASSIC_FLEX',
    )!;
    expect(offer, found.body).toBeDefined();

    const priced = await call('POST', '/v1/offers/price', { offer_id: offer.offer_id });
    expect(priced.statusCode, priced.body).toBe(200);
    const pricedOffer = priced.json() as OfferJson;
    expect(pricedOffer).toMatchObject({ airline: 'VS', fare_brand: 'Economy Classic Flex', fare_brand_code: 'CLASSIC_FLEX' });

    const held = await call('POST', '/v1/orders', {
      offer_id: pricedOffer.offer_id,
      passengers: [PASSENGER],
      payment: { type: 'hold' },
    });
    expect(held.statusCode, held.body).toBe(201);
    const order = held.json();
    expect(order).toMatchObject({ airline: 'VS', status: 'hold' });
    expect(order.order_id).toMatch(/^VS-/);
    expect(order.airline_order_id).toMatch(/^VS932/);
    expect(order.payment_deadline).toBeTruthy();

    const paid = await call('POST', orderPath(order.order_id, '/commit'), {
      payment: { type: 'card', card: { number: '4111111111111111', expiry: '1230', holder_name: 'Ada Lovelace' } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('ticketed');
    expect(paid.json().tickets[0].ticket_number).toMatch(/^932\d{10}$/);

    const quote = await call('POST', orderPath(order.order_id, '/cancel'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().refund.amount).toBeGreaterThan(0);
    const cancelled = await call('POST', orderPath(order.order_id, '/cancel/confirm'), {
      cancellation_quote_id: quote.json().cancellation_quote_id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');

    // The order is listed under its airline.
    const listed = await call('GET', '/v1/orders?airline=VS');
    expect(listed.json().orders.map((o: { order_id: string }) => o.order_id)).toContain(order.order_id);
  });

  it("a VS order paid by card carries the seller's 3-D Secure 2 result to VS, which books on Y and refuses N", async () => {
    const found = await call('POST', '/v1/shopping/offers', {
      origin: 'JFK',
      destination: 'LHR',
      departure_date: daysAhead(45),
      adults: 1,
      max_connections: 0,
    });
    const offer = (found.json() as { offers: OfferJson[] }).offers.find(
      (o) => o.airline === 'VS' && o.fare_brand_code === 'CLASSIC',
    )!;
    expect(offer, found.body).toBeDefined();
    const card = { number: '4111111111111111', expiry: '1230', holder_name: 'Ada Lovelace' };
    const authentication = {
      authentication_value: 'AAABBJkZUQAAAABjRWWZEEFgFz8=',
      ds_transaction_id: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
      eci: '05',
      version: '2.2.0',
    };
    const book = (auth: Record<string, unknown>) =>
      call('POST', '/v1/orders', {
        offer_id: offer.offer_id,
        passengers: [PASSENGER],
        payment: { type: 'card', card, authentication: auth },
      });
    const stored = async () => (await call('GET', '/v1/orders?airline=VS')).json().orders.length as number;
    const before = await stored();

    // Incomplete data is refused by the gateway before VS is asked.
    const incomplete = await book({ ...authentication, status: undefined });
    expect(incomplete.statusCode, incomplete.body).toBe(400);
    expect(incomplete.json()).toMatchObject({ error: 'payment.authentication.status is required' });

    // A card holder not authenticated (N): VS refuses the payment, nothing is booked.
    const refused = await book({ ...authentication, status: 'N' });
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().error).toContain('3-D Secure payment refused: card holder not authenticated (TrxStatusText N)');
    expect(await stored()).toBe(before);

    const booked = await book({ ...authentication, status: 'Y' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ airline: 'VS', status: 'ticketed' });
    // VS kept the authentication's result with the booking (never the authentication value itself).
    const atVs = (await fetch(`${vs.url}/control/orders/${booked.json().airline_order_id}`).then((r) => r.json())) as {
      securePayments: unknown[];
    };
    expect(atVs.securePayments).toEqual([
      {
        directoryServerTrxId: authentication.ds_transaction_id,
        eci: '05',
        status: 'Y',
        cents: Math.round(booked.json().total * 100),
      },
    ]);
  });
});
