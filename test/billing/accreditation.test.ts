import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { PASSENGER, startBilling, type BillingHarness } from './billing-harness.js';

const SUBSCRIPTION_KEY = 'aa-test-subscription-key';

let aa: AaTestSystem;
let h: BillingHarness;
beforeAll(async () => {
  aa = await startAaTestSystem({ subscriptionKey: SUBSCRIPTION_KEY, logger: false });
  // Live keys reach "production", which here is the same test system.
  h = await startBilling({
    env: {
      AA_TEST_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY,
      AA_LIVE_URL: aa.url,
      AA_LIVE_SUBSCRIPTION_KEY: SUBSCRIPTION_KEY,
      // A gateway that reaches a live airline must not take its change notifications on the public development secret.
      AA_NOTIFY_SECRET: 'accreditation-test-notify-secret',
    },
    app: { testSystemUrls: { AA: aa.url } },
  });
});
afterAll(async () => {
  await h?.close();
  await aa?.close();
});

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const airlineOrders = async () =>
  ((await (await fetch(`${aa.url}/control/state`)).json()) as { store: { orders: number } }).store.orders;

async function agencyKey(environment: 'test' | 'live', iataNumber: string | null) {
  const agency = await h.gateway.identity.createAgency({ name: `Accreditation ${environment}`, live: true });
  if (iataNumber) await h.billing.terms.change(agency.id, { iataNumber }, { via: 'cli' });
  const { secret } = await h.gateway.apiKeys.create({ agencyId: agency.id, kind: 'agency', environment }, { via: 'cli' });
  return secret;
}

function call(secret: string, method: 'POST' | 'GET', url: string, payload?: object): Promise<LightMyRequestResponse> {
  return h.app.inject({ method, url, headers: { 'x-api-key': secret }, ...(payload ? { payload } : {}) });
}

async function offerId(secret: string, days: number): Promise<string> {
  const res = await call(secret, 'POST', '/v1/shopping/offers', {
    origin: 'JFK',
    destination: 'LAX',
    departure_date: daysAhead(days),
    adults: 1,
  });
  expect(res.statusCode).toBe(200);
  const offers = res.json().offers as { offer_id: string; slices: { segments: unknown[] }[] }[];
  return offers.find((o) => o.slices.every((s) => s.segments.length === 1))!.offer_id;
}

// The check is the orders feature's, given billing's rule by the app (createOrders' requireAccreditation).
describe('ticketing in production needs an accreditation number', () => {
  it('a live-key order that pays now answers 403 accreditation_required before any airline call; a hold is allowed', async () => {
    const live = await agencyKey('live', null);
    const offer = await offerId(live, 60);
    const before = await airlineOrders();
    const paid = await call(live, 'POST', '/v1/orders', {
      offer_id: offer,
      passengers: [PASSENGER],
      payment: { type: 'agency_account' },
    });
    expect(paid.statusCode).toBe(403);
    expect(paid.json()).toMatchObject({ code: 'accreditation_required' });
    expect(await airlineOrders()).toBe(before);

    const hold = await call(live, 'POST', '/v1/orders', { offer_id: offer, passengers: [PASSENGER], payment: { type: 'hold' } });
    expect(hold.statusCode).toBe(201);
    const commit = await call(
      live,
      'POST',
      `/v1/orders/${encodeURIComponent(hold.json().order_id as string)}/commit?airline=AA`,
      {
        payment: { type: 'agency_account' },
      },
    );
    expect(commit.statusCode, commit.body).toBe(403);
    expect(commit.json().code).toBe('accreditation_required');
  });

  it('an accredited agency tickets with a live key, and test keys never need the number', async () => {
    const accredited = await agencyKey('live', '12345678');
    const paid = await call(accredited, 'POST', '/v1/orders', {
      offer_id: await offerId(accredited, 61),
      passengers: [PASSENGER],
      payment: { type: 'agency_account' },
    });
    expect(paid.statusCode).toBe(201);

    const test = await agencyKey('test', null);
    const testPaid = await call(test, 'POST', '/v1/orders', {
      offer_id: await offerId(test, 62),
      passengers: [PASSENGER],
      payment: { type: 'agency_account' },
    });
    expect(testPaid.statusCode).toBe(201);
  });
});
