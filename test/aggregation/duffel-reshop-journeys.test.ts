// A Duffel round trip reshopped journey by journey, against the Duffel test system (no mock in
// between): the connector lists the order's slices as its journeys, so new dates ask Duffel's order
// change request to remove each slice and add each new one on its own way, and the change offers fly
// out and home; Duffel itself refuses a change request whose added slices drop a removed slice's way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUFFEL_TEST_DEVELOPMENT_TOKEN,
  startDuffelTestSystem,
  type DuffelTestSystem,
} from '../../src/testsystem/duffel/server.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

interface Segment {
  segment_id: string;
  origin: string;
  destination: string;
  departing_at: string;
}
interface Order {
  order_id: string;
  airline_order_id: string;
  status: string;
  segments: Segment[];
}
interface ReshopOffer {
  offer_id: string;
  slices: { origin: string; destination: string; segments: Segment[] }[];
}

let t: TestApp;
let key: string;
let duffel: DuffelTestSystem;

beforeAll(async () => {
  const secrets = generatedNotifySecrets();
  duffel = await startDuffelTestSystem({ logger: false, webhooks: { url: null, secret: secrets.DUFFEL_WEBHOOK_SECRET } });
  t = await buildTestApp({
    env: { ...secrets, SEARCH_RATE_LIMIT_PER_MINUTE: '1000', SEARCH_CACHE_TTL_SECONDS: '0' },
    app: { testSystemUrls: { DUFFEL: duffel.url } },
  });
  key = (await t.agencyWithKey()).secret;
});
afterAll(async () => {
  await t?.close();
  await duffel?.close();
});

const call = (method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-api-key': key },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const orderPath = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=DUFFEL`;
const duffelApi = (method: string, path: string, data?: unknown) =>
  fetch(`${duffel.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${DUFFEL_TEST_DEVELOPMENT_TOKEN}`,
      'duffel-version': 'v2',
      'content-type': 'application/json',
    },
    ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
  });
const way = (s: { origin: string; destination: string }) => `${s.origin}-${s.destination}`;

/** A ticketed JFK–LHR–JFK round trip of the airline's changeable fare, sold through Duffel. */
async function roundTrip(airline: 'BA' | 'ZZ', out: number, back: number): Promise<Order> {
  const res = await call('POST', '/v1/shopping/offers', {
    origin: 'JFK',
    destination: 'LHR',
    departure_date: daysAhead(out),
    return_date: daysAhead(back),
    adults: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (
    res.json().offers as { offer_id: string; airline: string; source: string; slices: unknown[]; fare_brand: string | null }[]
  ).find((o) => o.source === 'DUFFEL' && o.airline === airline && o.slices.length === 2 && o.fare_brand !== 'Basic');
  if (!offer) throw new Error(`no Duffel ${airline} round trip JFK-LHR`);
  const created = await call('POST', '/v1/orders', {
    offer_id: offer.offer_id,
    passengers: [
      {
        given_name: 'Ada',
        family_name: `Round${airline}`,
        born_on: '1985-12-10',
        email: 'ada@example.com',
        phone: '+442071234567',
        gender: 'f',
      },
    ],
    payment: { type: 'agency_account' },
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json().status).toBe('ticketed');
  return created.json() as Order;
}

describe('a Duffel round trip reshopped with new dates', () => {
  for (const airline of ['BA', 'ZZ'] as const) {
    it(`${airline} JFK–LHR–JFK: every change offer flies out and home on the new dates, and confirming one keeps the flight home`, async () => {
      const order = await roundTrip(airline, 40, 47);
      expect(order.segments.map(way)).toEqual(['JFK-LHR', 'LHR-JFK']);
      const reshop = await call('POST', orderPath(order.order_id, '/reshop'), {
        slices: [{ departure_date: daysAhead(42) }, { departure_date: daysAhead(50) }],
      });
      expect(reshop.statusCode, reshop.body).toBe(200);
      const offers = reshop.json().offers as ReshopOffer[];
      expect(offers.length).toBeGreaterThan(0);
      for (const o of offers) {
        expect(o.slices.map(way)).toEqual(['JFK-LHR', 'LHR-JFK']);
        expect(o.slices.map((s) => s.segments[0]!.departing_at.slice(0, 10))).toEqual([daysAhead(42), daysAhead(50)]);
      }
      const confirmed = await call('POST', orderPath(order.order_id, '/change/confirm'), { offer_id: offers[0]!.offer_id });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const after = confirmed.json() as Order;
      expect(after.segments.map(way)).toEqual(['JFK-LHR', 'LHR-JFK']);
      expect(after.segments.map((s) => s.departing_at.slice(0, 10))).toEqual([daysAhead(42), daysAhead(50)]);
      // Duffel holds both slices of the new itinerary.
      const held = (await (await duffelApi('GET', `/air/orders/${order.airline_order_id}`)).json()) as {
        data: { slices: { origin: { iata_code: string }; destination: { iata_code: string } }[] };
      };
      expect(held.data.slices.map((s) => `${s.origin.iata_code}-${s.destination.iata_code}`)).toEqual(['JFK-LHR', 'LHR-JFK']);
    });
  }

  it('Duffel refuses a change request whose added slices do not replace the removed slices’ ways (422 validation_error)', async () => {
    const order = await roundTrip('BA', 60, 66);
    const held = (await (await duffelApi('GET', `/air/orders/${order.airline_order_id}`)).json()) as {
      data: { id: string; slices: { id: string }[] };
    };
    const remove = held.data.slices.map((s) => ({ slice_id: s.id }));
    for (const [add, field] of [
      [[{ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(61) }], 'slices.add'],
      [
        [
          { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(61) },
          { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(67) },
        ],
        'slices.add.1.origin',
      ],
    ] as const) {
      const res = await duffelApi('POST', '/air/order_change_requests', {
        order_id: held.data.id,
        slices: { remove, add },
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { errors: { type: string; code: string; message: string; source: { field: string } }[] };
      expect(body.errors[0]).toMatchObject({ type: 'validation_error', source: { field } });
      expect(body.errors[0]!.message).toMatch(/LHR-JFK/);
    }
    // Nothing changed: Duffel still holds the round trip as sold.
    const read = (await call('GET', orderPath(order.order_id))).json() as Order;
    expect(read.segments).toEqual(order.segments);
  });
});
