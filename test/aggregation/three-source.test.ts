// Three sources in one gateway: AA and VS over NDC, Duffel over its JSON API, each against its own
// test system (no mock in between). One search answers all three; each source failing alone still
// answers with the others (Duffel's outage here); a Duffel offer books (instant, hold then pay), is cancelled to a refund,
// and an airline-initiated change reaches its order through Duffel's signed webhook.
import { createHmac } from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../src/testsystem/aa/server.js';
import { DUFFEL_TEST_DEVELOPMENT_TOKEN, type DuffelTestSystem } from '../../src/testsystem/duffel/server.js';
import type { VsTestSystem } from '../../src/testsystem/vs/server.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { startThreeTestSystems } from './three-test-systems.js';
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
  ({ aa, vs, duffel } = await startThreeTestSystems(secrets));
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
const history = async (id: string) =>
  (await call('GET', orderPath(id, '/history'))).json().entries as { action: string; actor: { kind: string } }[];
const eventTypes = async (id: string) =>
  ((await call('GET', `/v1/events?order_id=${encodeURIComponent(id)}`)).json().events as { type: string; created_at: string }[])
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((e) => e.type);
const shift = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 19);

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

  it.each(['AA', 'VS'] as const)('%s failing alone leaves the other airline and Duffel answering', async (down) => {
    const system = down === 'AA' ? aa : vs;
    const control = (method: 'POST' | 'DELETE', body?: unknown) =>
      request(`${system.url}/control/faults`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await control('POST', { kind: 'http5xx', messages: ['AirShopping'], status: 503 })).statusCode).toBe(201);
    try {
      const res = await search(down === 'AA' ? 49 : 50);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { offers: (OfferJson & { source: string })[]; connectors: { source: string; status: string }[] };
      expect(new Set(body.offers.map((o) => o.source))).toEqual(new Set(['AA', 'VS', 'DUFFEL'].filter((c) => c !== down)));
      expect(body.connectors.find((c) => c.source === down)?.status).toBe('failed');
    } finally {
      await control('DELETE');
    }
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
    // Not the offer the instant booking above took: Duffel books an offer once.
    const booked = offers.find((o) => o.airline === 'BA');
    const offer = offers.find((o) => o.hold_available && o !== booked);
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
    const before = order.segments[0];
    expect(after.json().segments[0].departing_at).toBe(shift(before.departing_at, 95));
    // Shown as the airline's change, with the flight as booked, until the agency accepts it.
    expect(after.json().segments[0].schedule_change).toMatchObject({
      previous: { departing_at: before.departing_at },
      kind: 'retimed',
    });
    expect(after.json().available_actions).toContain('accept_change');
    // Recorded as the airline's doing and announced to the agency's webhooks.
    const written = await history(order.order_id);
    expect(written.some((e) => e.actor.kind === 'airline')).toBe(true);
    expect(await eventTypes(order.order_id)).toEqual(['order.created', 'order.updated']);

    // The same event again (Duffel delivers at least once): acknowledged, not read again.
    const again = await post(event, sign(event, secrets.DUFFEL_WEBHOOK_SECRET!));
    expect(again.statusCode).toBe(200);
    expect(await history(order.order_id)).toHaveLength(written.length);
    expect(await eventTypes(order.order_id)).toEqual(['order.created', 'order.updated']);

    // acknowledge-changes accepts it at Duffel (POST /air/airline_initiated_changes/{id}/actions/accept).
    const acked = await call('POST', orderPath(order.order_id, '/acknowledge-changes'), {});
    expect(acked.statusCode, acked.body).toBe(200);
    expect(acked.json().segments[0].schedule_change).toBeNull();
    expect(acked.json().segments[0].departing_at).toBe(shift(before.departing_at, 95));
    expect(acked.json().available_actions).not.toContain('accept_change');
    const atDuffel = await request(`${duffel.url}/air/airline_initiated_changes?order_id=${duffelOrderId}`, {
      headers: { authorization: `Bearer ${DUFFEL_TEST_DEVELOPMENT_TOKEN}`, 'duffel-version': 'v2' },
    });
    const changes = ((await atDuffel.body.json()) as { data: { action_taken: string | null }[] }).data;
    expect(changes.map((c) => c.action_taken)).toEqual(['accepted']);
    expect(await eventTypes(order.order_id)).toEqual(['order.created', 'order.updated', 'order.updated']);
  });
});

describe('sources and airlines: the rules of docs/connectors.md with Duffel', () => {
  it('an airlines filter naming an airline only Duffel sells asks Duffel alone and keeps its BA offers', async () => {
    const res = await call('POST', '/v1/shopping/offers', {
      origin: 'JFK',
      destination: 'LHR',
      departure_date: daysAhead(43),
      adults: 1,
      airlines: ['BA'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { offers: (OfferJson & { source: string })[]; connectors: { source: string }[] };
    expect(body.connectors.map((c) => c.source)).toEqual(['DUFFEL']);
    expect(body.offers.length).toBeGreaterThan(0);
    expect(new Set(body.offers.map((o) => [o.airline, o.source].join(' via ')))).toEqual(new Set(['BA via DUFFEL']));
  });

  it("offer routes take the source or the offer's owner as airline; order routes and the order list take the owner or the source", async () => {
    const offer = duffelOffers((await search(44)).json().offers as OfferJson[]).find((o) => o.airline === 'BA')!;
    // Pricing a Duffel offer naming its owner (BA) reaches Duffel; naming another source is refused.
    const priced = await call('POST', '/v1/offers/price', { offer_id: offer.offer_id, airline: 'BA' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({ airline: 'BA', source: 'DUFFEL' });
    const mismatch = await call('POST', '/v1/offers/price', { offer_id: offer.offer_id, airline: 'VS' });
    expect(mismatch.statusCode, mismatch.body).toBe(400);
    expect(mismatch.json().code).toBe('airline_mismatch');

    const created = await call('POST', '/v1/orders', {
      offer_id: priced.json().offer_id,
      passengers: [{ ...PASSENGER, given_name: 'Mary', family_name: 'Somerville' }],
      payment: { type: 'hold' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().order_id as string;
    expect(created.json()).toMatchObject({ airline: 'BA', source: 'DUFFEL' });
    for (const airline of ['BA', 'DUFFEL']) {
      const read = await call('GET', `/v1/orders/${encodeURIComponent(id)}?airline=${airline}`);
      expect(read.statusCode, `${airline}: ${read.body}`).toBe(200);
    }
    for (const airline of ['IB', 'AA']) {
      const read = await call('GET', `/v1/orders/${encodeURIComponent(id)}?airline=${airline}`);
      expect(read.statusCode, airline).toBe(400);
      expect(read.json().error).toBe('airline does not match the order');
    }
    const listed = async (airline: string) =>
      ((await call('GET', `/v1/orders?airline=${airline}&limit=100`)).json().orders as { order_id: string }[]).map(
        (o) => o.order_id,
      );
    expect(await listed('BA')).toContain(id);
    expect(await listed('DUFFEL')).toContain(id);
    expect(await listed('AA')).not.toContain(id);
    expect(await listed('IB')).not.toContain(id);
  });
});

describe("Duffel's errors and payments as the seller sees them", () => {
  let offer: OfferJson;
  beforeAll(async () => {
    offer = duffelOffers((await search(48)).json().offers as OfferJson[]).find((o) => o.airline === 'BA')!;
  });
  // A traveller of their own for each booking: after an outage the gateway holds the passengers and
  // flights of a booking whose outcome it does not know (409 order_conflict).
  const travellers = ['Emmy', 'Sophie', 'Hertha', 'Lise', 'Rosalind', 'Chien'];
  const book = (payment: unknown = { type: 'agency_account' }) =>
    call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [{ ...PASSENGER, given_name: travellers.shift() }],
      payment,
    });

  it("Duffel's offer_no_longer_available is the contract's 404, and nothing is booked", async () => {
    const before = ((await call('GET', '/v1/orders?airline=DUFFEL&limit=100')).json().orders as unknown[]).length;
    expect(
      (
        await duffelControl('POST', '/control/faults', {
          status: 422,
          type: 'invalid_state_error',
          code: 'offer_no_longer_available',
          path: '/air/orders',
        })
      ).status,
    ).toBe(201);
    const gone = await book();
    expect(gone.statusCode, gone.body).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'offer no longer available at airline', code: 'offer_not_available' });
    expect(((await call('GET', '/v1/orders?airline=DUFFEL&limit=100')).json().orders as unknown[]).length).toBe(before);
  });

  it("an airline's error through Duffel is a 502 with the airline's words; Duffel's outage a retryable 502", async () => {
    await duffelControl('POST', '/control/faults', {
      status: 422,
      type: 'airline_error',
      code: 'airline_unknown',
      message: 'The airline declined the booking',
      path: '/air/orders',
    });
    const refused = await book();
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json()).toMatchObject({ code: 'airline_refused' });
    expect(refused.json().error).toContain('The airline declined the booking');

    await duffelControl('POST', '/control/faults', {
      status: 503,
      type: 'api_error',
      code: 'service_unavailable',
      path: '/air/orders',
    });
    const down = await book();
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json()).toMatchObject({ code: 'airline_unavailable' });
  });

  it("Duffel's validation error names the field as the seller wrote it", async () => {
    await duffelControl('POST', '/control/faults', {
      status: 422,
      type: 'validation_error',
      code: 'validation_format',
      message: 'Phone number is not valid for this airline',
      field: 'phone_number',
      pointer: '/passengers/0/phone_number',
      path: '/air/orders',
    });
    const invalid = await book();
    expect(invalid.statusCode, invalid.body).toBe(502);
    expect(invalid.json()).toMatchObject({ code: 'airline_refused' });
    expect(invalid.json().error).toContain('Phone number is not valid for this airline (field passengers[0].phone');
  });

  it('a 3-D Secure result for a Duffel offer is 422 as for AA, before anything is booked', async () => {
    const tds = await book({
      type: 'card',
      card: { number: '4111111111111111', expiry: '1230', holder_name: 'A L' },
      authentication: { authentication_value: 'AAAB', ds_transaction_id: 'f2', eci: '05', status: 'Y' },
    });
    expect(tds.statusCode, tds.body).toBe(422);
    expect(tds.json().code).toBe('payment_authentication_unsupported');
  });
});
