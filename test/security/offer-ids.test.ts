import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAaConnector } from '../../src/connectors/aa/aa-connector.js';
import { createOfferIdAuthenticator } from '../../src/connectors/offer-id-auth.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { KEY, startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';
import { airlineCalls, daysAhead } from '../shopping/shopping-fixture.js';

/**
 * Finding 4 and part of 11: offer ids carry what later calls need, so the gateway only reads ids
 * it issued (an HMAC tag under a keyring key of purpose offer-ids) and bounds everything in them
 * before building anything from it. A bad id is the contract's 404 for an unknown offer, answered
 * quickly and without an airline call.
 */

const UNKNOWN = 'connection offer not found or expired';

/** The content and tag of a v2 id, and its JSON payload. */
function parts(id: string): { content: string; tag: string; payload: { o: unknown[]; p: number[]; x?: number } } {
  const dot = id.lastIndexOf('.');
  const content = id.slice(0, dot);
  const payload = JSON.parse(Buffer.from(content.slice('AA|2.'.length), 'base64url').toString('utf8'));
  return { content, tag: id.slice(dot + 1), payload };
}

const contentOf = (payload: unknown) => `AA|2.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
const randomTag = () => crypto.randomBytes(16).toString('base64url');

let f: OrderFixture;
let realId: string;

beforeAll(async () => {
  f = await orderFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const res = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(18), adults: 1 });
  expect(res.statusCode).toBe(200);
  realId = (res.json().offers as { offer_id: string }[])[0]!.offer_id;
});
afterAll(async () => f?.close());

const price = (payload: unknown) => f.call('POST', '/v1/offers/price', payload);
const path = (id: string, what: 'seats' | 'services') => f.call('GET', `/v1/offers/${encodeURIComponent(id)}/${what}`);

/** Connector calls of the offer operations, summed: proof a request reached no airline. */
async function calls(): Promise<number> {
  const counts = await Promise.all(['price', 'seatMaps', 'services'].map((op) => airlineCalls(f, op)));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Every offer endpoint answers the id with the unknown-offer 404, quickly, and no airline is
 * called; booking it is a 404 with no order created at the airline (the connector test below
 * shows such ids send nothing at all).
 */
async function refusedEverywhere(id: string): Promise<void> {
  const before = await calls();
  const started = Date.now();
  const answers = [await price({ offer_id: id }), await path(id, 'seats'), await path(id, 'services')];
  for (const res of answers) {
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error).toBe(UNKNOWN);
  }
  expect(await calls()).toBe(before);
  const orders = await airlineCalls(f, 'createOrder');
  const order = await f.hold(id);
  expect(order.statusCode, order.body).toBe(404);
  expect(order.json().error).toBe(UNKNOWN);
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(await airlineCalls(f, 'createOrder')).toBe(orders);
  // Booking it was refused before the re-price, too: nothing reached the airline at all.
  expect(await calls()).toBe(before);
}

describe('offer ids are issued by the gateway and authenticated', () => {
  it('a searched id is v2 with a 128-bit tag, short enough for a path, and still prices, shows seats and services, and books', async () => {
    expect(realId).toMatch(/^AA\|2\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(realId.length).toBeLessThan(900);
    const priced = await price({ offer_id: realId });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().offer_id).toMatch(/^AA\|2\..+\.[A-Za-z0-9_-]{22}$/);
    expect((await path(realId, 'seats')).statusCode).toBe(200);
    expect((await path(realId, 'services')).statusCode).toBe(200);
    // The priced offer's id is itself an id the gateway issued.
    expect((await path(priced.json().offer_id, 'services')).statusCode).toBe(200);
    const order = await f.hold(realId);
    expect(order.statusCode, order.body).toBe(201);
  });

  it('a forged id (valid content, no tag or a made-up tag) is an unknown offer', async () => {
    const { payload } = parts(realId);
    await refusedEverywhere(contentOf(payload));
    await refusedEverywhere(`${contentOf(payload)}.${randomTag()}`);
  });

  it('a real id with one passenger count changed, keeping its tag, is an unknown offer', async () => {
    const { payload, tag } = parts(realId);
    await refusedEverywhere(`${contentOf({ ...payload, p: [2, 0, 0] })}.${tag}`);
  });

  it('an id of the retired version 1 is an unknown offer', async () => {
    const { payload } = parts(realId);
    await refusedEverywhere(`AA|1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`);
  });
});

describe('out-of-bounds ids answer 4xx at once and never reach the airline', () => {
  it('1,000,000 adults (the 110-byte id of the finding, and with a tag)', async () => {
    const { payload } = parts(realId);
    const huge = { ...payload, p: [1_000_000, 0, 0] };
    await refusedEverywhere(`AA|1.${Buffer.from(JSON.stringify(huge)).toString('base64url')}`);
    await refusedEverywhere(`${contentOf(huge)}.${randomTag()}`);
  });

  it('0 passengers', async () => {
    const { payload, tag } = parts(realId);
    await refusedEverywhere(`${contentOf({ ...payload, p: [0, 0, 0] })}.${tag}`);
  });

  it('300 repeated parts: too long to be an id', async () => {
    const { payload, tag } = parts(realId);
    const id = `${contentOf({ ...payload, o: Array.from({ length: 300 }, () => payload.o[0]) })}.${tag}`;
    const before = await calls();
    const started = Date.now();
    const res = await price({ offer_id: id });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^offer_id /);
    const seats = await path(id, 'seats');
    expect(seats.statusCode).toBeGreaterThanOrEqual(400);
    expect(seats.statusCode).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await calls()).toBe(before);
  });

  it('a body of ids just under 1 MiB is refused without an airline call', async () => {
    const before = await calls();
    const offers = Array.from({ length: Math.floor(1_000_000 / (realId.length + 16)) }, () => ({ offer_id: realId }));
    const res = await price({ offers });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await calls()).toBe(before);
  });
});

describe('the largest trip a search allows', () => {
  it('six slices for nine passengers with lap infants: every id fits the bound, and one prices', async () => {
    const route = ['JFK', 'LAX', 'ORD', 'MIA', 'DFW', 'BOS', 'PHX'];
    const slices = route.slice(0, 6).map((origin, i) => ({
      origin,
      destination: route[i + 1]!,
      departure_date: daysAhead(20 + i),
    }));
    const res = await f.search({ slices, adults: 4, children: 1, infants: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const offers = res.json().offers as { offer_id: string; slices: unknown[] }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect(o.offer_id.length).toBeLessThanOrEqual(900);
    const longest = offers.map((o) => o.offer_id).sort((a, b) => b.length - a.length)[0]!;
    expect((await path(longest, 'services')).statusCode).toBe(200);
    const priced = await price({ offer_id: offers[0]!.offer_id });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().slices).toHaveLength(6);

    // Two such trips priced together would be twelve airline calls: refused, naming the field.
    const before = await calls();
    const both = await price({ offers: [{ offer_id: offers[0]!.offer_id }, { offer_id: offers[1]!.offer_id }] });
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe('offers priced together must cover at most 6 slices (these hold 12 airline offers)');
    expect(await calls()).toBe(before);
  });
});

describe('connector: ids under key rotation, and no NDC traffic for ids it did not issue', () => {
  let aa: RecordedAa;
  beforeAll(async () => {
    aa = await startRecordedAa();
  });
  afterAll(async () => aa?.close());

  const key = () => crypto.randomBytes(32).toString('base64');
  const connectorWith = (keyring: Keyring) =>
    createAaConnector({
      testUrl: aa.aa.url,
      testSubscriptionKey: KEY,
      liveUrl: null,
      liveSubscriptionKey: null,
      offerIds: createOfferIdAuthenticator(keyring),
    });

  it('an id issued under the old key still prices after a new key of the purpose is added; without the old key it is unknown', async () => {
    const text = Keyring.generateText();
    const before = connectorWith(Keyring.parse(text));
    const rotated = connectorWith(Keyring.parse(`${text}\no2:offer-ids:${key()}`));
    const oldKeyGone = connectorWith(Keyring.parse(text.replace(/^offer-ids-[^:]+:offer-ids:.*$/m, `o3:offer-ids:${key()}`)));
    try {
      const searched = await before.search(
        {
          slices: [{ origin: 'JFK', destination: 'LAX', departureDate: daysAhead(15) }],
          passengers: { adults: 1, children: 0, infants: 0 },
          cabin: null,
          maxConnections: null,
        },
        { environment: 'test' },
      );
      if (!searched.ok || !searched.value) throw new Error('search failed');
      const id = searched.value[0]!.offerId;

      const priced = await rotated.price([id], { environment: 'test' });
      expect(priced.ok).toBe(true);
      // New ids are signed with the newest key: the connector that lacks it does not know them.
      const newId = priced.ok ? priced.value.offer.offerId : '';
      expect(rotated.offerFacts(newId)).not.toBeNull();
      expect(before.offerFacts(newId)).toBeNull();

      const refused = await oldKeyGone.price([id], { environment: 'test' });
      expect(refused).toMatchObject({ ok: false, failure: { kind: 'not_found' } });
    } finally {
      await Promise.all([before.close(), rotated.close(), oldKeyGone.close()]);
    }
  });

  it('a forged or out-of-bounds id sends nothing to the airline', async () => {
    const connector = aa.connector();
    try {
      const forged = [
        'AA|1.' +
          Buffer.from(JSON.stringify({ o: [['X', 'AA', [['~1', ['PAX1']]]]], p: [1_000_000, 0, 0] })).toString('base64url'),
        `${contentOf({ o: [['X', 'AA', [['~1', ['PAX1']]]]], p: [1, 0, 0] })}.${randomTag()}`,
        aa.offerIds.sign(contentOf({ o: [['X', 'AA', [['~1', ['PAX1']]]]], p: [1_000_000, 0, 0] })),
        aa.offerIds.sign(contentOf({ o: [['X', 'AA', [['~1', ['PAX1']]]]], p: [0, 0, 0] })),
        aa.offerIds.sign(contentOf({ o: [['X', 'AA', [['~1', ['PAX1']]]]], p: [1, 0, 2] })),
        aa.offerIds.sign(contentOf({ o: [['X', 'AA', [['~1', ['PAX1']]]]], p: [5, 4, 1] })),
        aa.offerIds.sign(contentOf({ o: Array.from({ length: 7 }, () => ['X', 'AA', [['~1', ['PAX1']]]]), p: [1, 0, 0] })),
        aa.offerIds.sign(contentOf({ o: [['X', 'AA', Array.from({ length: 3 }, () => ['~1', ['PAX1']])]], p: [1, 0, 0] })),
      ];
      const sent = aa.traffic.length;
      for (const id of forged) {
        expect(connector.offerFacts(id)).toBeNull();
        expect(await connector.price([id], { environment: 'test' })).toMatchObject({ ok: false, failure: { kind: 'not_found' } });
        expect(await connector.services({ kind: 'offer', offerId: id }, { environment: 'test' })).toMatchObject({ ok: false });
        expect(await connector.seatMaps({ kind: 'offer', offerId: id }, { environment: 'test' })).toMatchObject({ ok: false });
        const order = await connector.createOrder(
          {
            offerId: id,
            passengers: [],
            contact: { email: PASSENGER.email, phone: null },
            extras: [],
            payment: { type: 'hold' },
            expectedTotal: null,
          },
          { environment: 'test' },
        );
        expect(order).toMatchObject({ ok: false, failure: { kind: 'not_found' } });
      }
      expect(aa.traffic.length).toBe(sent);
    } finally {
      await connector.close();
    }
  });

  it('a forged reshop offer id (say, nothing due) changes no order and sends nothing', async () => {
    const connector = aa.connector();
    try {
      const content = `AA|R.${Buffer.from(JSON.stringify({ o: 'X', w: 'AA', d: 0, c: 'USD' })).toString('base64url')}`;
      const sent = aa.traffic.length;
      for (const id of [content, `${content}.${randomTag()}`]) {
        const res = await connector.acceptReshopOffers({ airlineOrderId: 'ABC123', owner: 'AA' }, [id], null, {
          environment: 'test',
        });
        expect(res).toMatchObject({ ok: false, failure: { kind: 'not_found' } });
      }
      expect(aa.traffic.length).toBe(sent);
      // The same content signed by this gateway is read (and goes to the airline, which knows no such order).
      const signed = await connector.acceptReshopOffers(
        { airlineOrderId: 'ABC123', owner: 'AA' },
        [aa.offerIds.sign(content)],
        null,
        {
          environment: 'test',
        },
      );
      expect(signed.ok).toBe(false);
      expect(aa.traffic.length).toBe(sent + 1);
    } finally {
      await connector.close();
    }
  });
});
