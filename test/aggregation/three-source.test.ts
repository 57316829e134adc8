// Three sources in one gateway: AA and VS over NDC, Duffel over its JSON API, each against its own
// test system (no mock in between). One search answers all three; each source failing alone still
// answers with the others (Duffel's outage here); a Duffel offer books (instant, hold then pay), is cancelled to a refund,
// and an airline-initiated change reaches its order through Duffel's signed webhook.
import { createHmac } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { startDuffelTestSystem, type DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import { startVsTestSystem, type VsTestSystem } from '../../src/testsystem/vs/server.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

interface OfferJson {
  offer_id: string;
  airline: string;
  total_amount: number;
  hold_available?: boolean;
  slices: { segments: { segment_id: string; marketing_carrier: string; operating_carrier: string }[] }[];
}

const PASSENGER = {
  given_name: 'Ada',
  family_name: 'Lovelace',
  born_on: '1985-12-10',
  email: 'ada@example.com',
  phone: '+442071234567',
  gender: 'f',
};

let t: TestApp;
let key: string;
let aa: AaTestSystem;
let vs: VsTestSystem;
let duffel: DuffelTestSystem;
let secrets: Record<string, string>;

beforeAll(async () => {
  secrets = generatedNotifySecrets();
  aa = await startAaTestSystem({
    subscriptionKey: 'aa-test-subscription-key',
    logger: false,
    notify: { secret: secrets.AA_NOTIFY_SECRET },
  });
  vs = await startVsTestSystem({
    subscriptionKey: 'vs-test-subscription-key',
    logger: false,
    notify: { secret: secrets.VS_NOTIFY_SECRET },
  });
  duffel = await startDuffelTestSystem({ logger: false, webhooks: { url: null, secret: secrets.DUFFEL_WEBHOOK_SECRET } });
  t = await buildTestApp({
    env: { ...secrets, SEARCH_RATE_LIMIT_PER_MINUTE: '1000', SEARCH_CACHE_TTL_SECONDS: '0' },
    app: { testSystemUrls: { AA: aa.url, VS: vs.url, DUFFEL: duffel.url } },
  });
  key = (await t.agencyWithKey()).secret;
});
afterAll(async () => {
  await t?.close();
  await Promise.all([aa?.close(), vs?.close(), duffel?.close()]);
});

const call = (method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-api-key': key },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const search = (days: number) =>
  call('POST', '/v1/shopping/offers', { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(days), adults: 1 });
const orderPath = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=DUFFEL`;
const duffelControl = async (method: 'POST' | 'DELETE', path: string, body?: unknown) => {
  const res = await request(`${duffel.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
};
const duffelOffers = (offers: OfferJson[]) => offers.filter((o) => o.offer_id.startsWith('DUFFEL|'));

describe('one search, three sources', () => {
  it('JFK→LHR answers AA, VS and Duffel-sold offers in one answer, Duffel offers naming their owner airline', async () => {
    const res = await search(40);
    expect(res.statusCode, res.body).toBe(200);
    const offers = res.json().offers as OfferJson[];
    const sources = new Set(offers.map((o) => o.offer_id.split('|')[0]));
    expect([...sources].sort()).toEqual(['AA', 'DUFFEL', 'VS']);
    const sold = duffelOffers(offers);
    expect(sold.length).toBeGreaterThan(0);
    // Duffel sells other airlines' fares: the owner is BA, IB or Duffel Airways, never "DUFFEL".
    for (const o of sold) expect(o.airline).toMatch(/^[A-Z0-9]{2}$/);
    expect(sold.some((o) => o.airline === 'BA')).toBe(true);
  });

  it('the SSE stream carries the three sources too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/shopping/offers/stream',
      headers: { 'x-api-key': key, accept: 'text/event-stream' },
      payload: { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(41), adults: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const source of ['AA|', 'VS|', 'DUFFEL|']) expect(res.body).toContain(source);
  });

  it('Duffel failing alone leaves AA and VS answering', async () => {
    const fault = await duffelControl('POST', '/control/faults', {
      status: 500,
      type: 'api_error',
      code: 'internal_server_error',
      path: '/air/offer_requests',
      times: 5,
    });
    expect(fault.status).toBe(201);
    const without = await search(42);
    expect(without.statusCode, without.body).toBe(200);
    const offers = without.json().offers as OfferJson[];
    expect(duffelOffers(offers)).toEqual([]);
    expect(offers.some((o) => o.airline === 'AA')).toBe(true);
    expect(offers.some((o) => o.airline === 'VS')).toBe(true);
    await duffelControl('DELETE', '/control/faults');
  });
});

describe('monitoring', () => {
  it('has three rows, Duffel probed like the airlines', async () => {
    await t.platform.scheduler.runNow('airline-probe');
    const res = await call('GET', '/v1/monitoring/airlines');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().airlines as { airline: string }[];
    expect(rows.map((r) => r.airline).sort()).toEqual(['AA', 'DUFFEL', 'VS']);
  });
});

describe('a Duffel order', () => {
  let offers: OfferJson[];
  beforeAll(async () => {
    const res = await search(45);
    offers = duffelOffers(res.json().offers as OfferJson[]);
  });

  it('books instantly, paid from the balance: ticketed, source DUFFEL, owner airline kept; seats of the offer are shown', async () => {
    const offer = offers.find((o) => o.airline === 'BA')!;
    const seats = await call('GET', `/v1/offers/${encodeURIComponent(offer.offer_id)}/seats`);
    expect(seats.statusCode, seats.body).toBe(200);
    expect(seats.json().seat_maps.length).toBeGreaterThan(0);

    const created = await call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [PASSENGER],
      payment: { type: 'agency_account' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().order_id).toMatch(/^DUFFEL-ord_/);
    expect(created.json()).toMatchObject({ status: 'ticketed' });
    expect(created.json().pnr).toMatch(/^[A-Z0-9]{6}$/);

    const quote = await call('POST', orderPath(created.json().order_id, '/cancel'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    const cancelled = await call('POST', orderPath(created.json().order_id, '/cancel/confirm'), {
      cancellation_quote_id: quote.json().cancellation_quote_id,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
  });

  it('is held with its payment deadline, then paid: ticketed', async () => {
    const offer = offers.find((o) => o.hold_available);
    expect(offer, 'a holdable Duffel offer').toBeDefined();
    const held = await call('POST', '/v1/orders', {
      offer_id: offer!.offer_id,
      passengers: [PASSENGER],
      payment: { type: 'hold' },
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().status).toBe('hold');
    const paid = await call('POST', orderPath(held.json().order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('ticketed');
  });

  it("an airline-initiated change reaches the order through Duffel's signed webhook, re-read from Duffel", async () => {
    // Duffel books an offer request once: a new search for a new order.
    const offer = duffelOffers((await search(47)).json().offers as OfferJson[]).find((o) => o.airline === 'BA')!;
    const traveller = { ...PASSENGER, given_name: 'Grace', family_name: 'Hopper' };
    const created = await call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [traveller],
      payment: { type: 'agency_account' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    const duffelOrderId = order.airline_order_id as string;
    const changed = await duffelControl('POST', `/control/orders/${duffelOrderId}/schedule-change`, { minutes: 95 });
    expect(changed.status).toBe(201);

    // The event as Duffel sends it; its payload is not trusted, only the order id it names.
    const event = JSON.stringify({
      id: 'wev_0000TestScheduleChange1',
      type: 'order.airline_initiated_change_detected',
      api_version: 'v2',
      live_mode: false,
      data: { object: { id: 'aic_forged', order_id: duffelOrderId } },
    });
    const sign = (body: string, secret: string, at = Math.floor(Date.now() / 1000)) =>
      `t=${at},v1=${createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')}`;
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/sources/duffel/webhooks',
        headers: { 'content-type': 'application/json', 'x-duffel-signature': signature },
        payload: body,
      });

    const forged = await post(event, sign(event, 'not-the-secret-at-all'));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'invalid_signature' });
    const stale = await post(event, sign(event, secrets.DUFFEL_WEBHOOK_SECRET!, Math.floor(Date.now() / 1000) - 3600));
    expect(stale.statusCode).toBe(401);

    const taken = await post(event, sign(event, secrets.DUFFEL_WEBHOOK_SECRET!));
    expect(taken.statusCode, taken.body).toBe(200);
    const after = await call('GET', orderPath(order.order_id));
    expect(after.statusCode).toBe(200);
    const before = order.segments[0].departing_at as string;
    expect(after.json().segments[0].departing_at).not.toBe(before);

    // The same event again (Duffel delivers at least once): acknowledged, not read again.
    const again = await post(event, sign(event, secrets.DUFFEL_WEBHOOK_SECRET!));
    expect(again.statusCode).toBe(200);
  });
});
