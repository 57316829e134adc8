import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, shoppingFixture, type ShoppingFixture } from './shopping-fixture.js';

interface Segment {
  segment_id: string;
  origin: string;
  destination: string;
  operating_carrier: string;
  marketing_carrier: string;
  cabin: string | null;
}
interface Offer {
  offer_id: string;
  airline: string;
  total_amount: number;
  currency: string;
  expires_at: string;
  fare_brand: string | null;
  partner_operated_connection: boolean;
  cabin: string | null;
  passengers: { type: string; count: number; total_amount: number }[];
  slices: { origin: string; destination: string; segments: Segment[] }[];
  baggage: { checked_bags: number | null };
  conditions: { change: unknown; refund: unknown };
}

let f: ShoppingFixture;
beforeAll(async () => {
  f = await shoppingFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

const date = daysAhead(21);
// A Tuesday to Thursday three weeks or more ahead: small markets lose their later frequencies on
// Saturdays (src/testsystem/aa/network/timetable-builder.ts), so a spoke-to-spoke two-stop trip is
// only certain midweek, whatever day the suite runs.
const midweek = (() => {
  for (let days = 21; ; days++) {
    const day = daysAhead(days);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 4) return day;
  }
})();
const offersOf = (res: { json(): unknown }) => (res.json() as { offers: Offer[] }).offers;

describe('POST /v1/shopping/offers against the AA test system', () => {
  it('one-way: normalized offers, per-connector status, rate-limit headers', async () => {
    const res = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: date, adults: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe('1000');
    expect(res.headers['ratelimit-remaining']).toBeDefined();
    const body = res.json();
    expect(body.search_id).toMatch(/^srch_/);
    expect(body.cached).toBe(false);
    expect(body.connectors).toEqual([expect.objectContaining({ airline: 'AA', status: 'answered' })]);
    const offers = body.offers as Offer[];
    expect(offers.length).toBeGreaterThan(0);
    expect(body.connectors[0].offers).toBe(offers.length);
    for (const o of offers) {
      expect(o.offer_id.startsWith('AA|')).toBe(true);
      expect(o.offer_id).toContain('.');
      expect(o.airline).toBe('AA');
      expect(typeof o.total_amount).toBe('number');
      expect(o.currency).toBe('USD');
      expect(Date.parse(o.expires_at)).toBeGreaterThan(Date.now());
      expect(o.fare_brand).toBeTruthy();
      expect(o.slices[0]!.origin).toBe('JFK');
      expect(o.slices[0]!.destination).toBe('LAX');
      for (const s of o.slices[0]!.segments) expect(s.operating_carrier).toMatch(/^[A-Z0-9]{2}$/);
      expect(o.passengers[0]).toMatchObject({ type: 'adult', count: 1, total_amount: o.total_amount });
    }
    expect(offers.some((o) => o.baggage.checked_bags !== null && o.conditions.change !== null)).toBe(true);
    expect(new Set(offers.map((o) => o.fare_brand)).size).toBeGreaterThan(1);
  });

  it('round trip: return_date adds the way back', async () => {
    const res = await f.search({
      origin: 'ORD',
      destination: 'MIA',
      departure_date: date,
      return_date: daysAhead(28),
      adults: 1,
    });
    expect(res.statusCode).toBe(200);
    const offers = offersOf(res);
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) {
      expect(o.slices.map((s) => [s.origin, s.destination])).toEqual([
        ['ORD', 'MIA'],
        ['MIA', 'ORD'],
      ]);
    }
  });

  it('multi-city: one slice per leg in travel order', async () => {
    const res = await f.search({
      adults: 1,
      slices: [
        { origin: 'JFK', destination: 'LAX', departure_date: date },
        { origin: 'LAX', destination: 'DFW', departure_date: daysAhead(24) },
        { origin: 'DFW', destination: 'JFK', departure_date: daysAhead(27) },
      ],
    });
    expect(res.statusCode).toBe(200);
    const offers = offersOf(res);
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect(o.slices.map((s) => s.origin)).toEqual(['JFK', 'LAX', 'DFW']);
  });

  it('adults, children and infants: breakdown by passenger type adds up to the total', async () => {
    const res = await f.search({ origin: 'DFW', destination: 'LHR', departure_date: date, adults: 2, children: 1, infants: 1 });
    expect(res.statusCode).toBe(200);
    const offer = offersOf(res)[0]!;
    expect(offer.passengers.map((p) => [p.type, p.count])).toEqual([
      ['adult', 2],
      ['child', 1],
      ['infant', 1],
    ]);
    const sum = offer.passengers.reduce((s, p) => s + p.total_amount, 0);
    expect(sum).toBeCloseTo(offer.total_amount, 2);
  });

  it('cabin: business searches answer business offers', async () => {
    const res = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: date, adults: 1, cabin: 'business' });
    expect(res.statusCode).toBe(200);
    const offers = offersOf(res);
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.cabin === 'business' || o.cabin === 'first')).toBe(true);
  });

  it('max_connections: 0 keeps non-stops only; a two-stop-only route then has no offers', async () => {
    const nonstop = offersOf(
      await f.search({ origin: 'JFK', destination: 'LAX', departure_date: date, adults: 1, max_connections: 0 }),
    );
    expect(nonstop.length).toBeGreaterThan(0);
    expect(nonstop.every((o) => o.slices.every((s) => s.segments.length === 1))).toBe(true);
    const all = offersOf(await f.search({ origin: 'FLG', destination: 'LFT', departure_date: midweek, adults: 1 }));
    expect(all.some((o) => o.slices[0]!.segments.length === 3)).toBe(true);
    const res = await f.search({ origin: 'FLG', destination: 'LFT', departure_date: midweek, adults: 1, max_connections: 1 });
    expect(res.statusCode).toBe(200);
    expect(offersOf(res).every((o) => o.slices[0]!.segments.length <= 2)).toBe(true);
  });

  it('a route no connected airline flies: offers null (not an empty array), and it is not cached', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await f.search({ origin: 'JFK', destination: 'ULN', departure_date: date, adults: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-cache']).toBe('MISS');
      expect(res.json().offers).toBeNull();
      expect(res.json().connectors[0].status).toBe('answered');
    }
  });

  it('partner-operated connections are withheld by default and included on request; every segment names its operator', async () => {
    const search = { origin: 'DFW', destination: 'EDI', departure_date: date, adults: 1 };
    const withheld = await f.search(search);
    expect(withheld.statusCode).toBe(200);
    const kept = (withheld.json().offers ?? []) as Offer[];
    expect(kept.every((o) => !o.partner_operated_connection)).toBe(true);
    expect(
      kept.every((o) => o.slices.every((s) => s.segments.length === 1 || s.segments.every((g) => g.operating_carrier === 'AA'))),
    ).toBe(true);

    const included = offersOf(await f.search({ ...search, include_partner_operated: true }));
    const partner = included.filter((o) => o.partner_operated_connection);
    expect(partner.length).toBeGreaterThan(0);
    expect(partner[0]!.slices[0]!.segments.some((s) => s.operating_carrier === 'BA' && s.marketing_carrier === 'AA')).toBe(true);
  });

  it('non-stop codeshares are unaffected by the partner filter', async () => {
    const offers = offersOf(
      await f.search({ origin: 'JFK', destination: 'LHR', departure_date: date, adults: 1, max_connections: 0 }),
    );
    expect(offers.some((o) => o.slices[0]!.segments[0]!.operating_carrier === 'BA')).toBe(true);
  });

  it('identical searches inside the TTL come from cache, bytes unchanged', async () => {
    const search = { origin: 'CLT', destination: 'PHX', departure_date: date, adults: 1 };
    const first = await f.search(search);
    const second = await f.search(search);
    expect(first.headers['x-cache']).toBe('MISS');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.json()).toEqual({ ...first.json(), cached: true });
    // The answer of the search run now is the stored bytes with their first field changed: byte for byte.
    expect(first.body.startsWith('{"cached":false,"search_id":')).toBe(true);
    expect(second.body).toBe(`{"cached":true,${first.body.slice('{"cached":false,'.length)}`);
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
  });

  it('outage: 502 all airline connections failed with the connector marked failed; recovery is not poisoned by cache', async () => {
    const search = { origin: 'ORD', destination: 'DFW', departure_date: date, adults: 1 };
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['AirShopping'], status: 503 });
    try {
      const down = await f.search(search);
      expect(down.statusCode).toBe(502);
      expect(down.json().error).toBe('all airline connections failed — please retry later');
      expect(down.json().connectors).toEqual([expect.objectContaining({ airline: 'AA', status: 'failed' })]);
      expect(down.headers['ratelimit-remaining']).toBeDefined();
    } finally {
      await f.control('DELETE', '/control/faults');
    }
    const up = await f.search(search);
    expect(up.statusCode).toBe(200);
    expect(up.headers['x-cache']).toBe('MISS');
    expect(offersOf(up).length).toBeGreaterThan(0);
  });

  it('a malformed airline answer counts as a failure, not a crash', async () => {
    const res = await f.search({ origin: 'DFW', destination: 'LAW', departure_date: date, adults: 1 });
    expect(res.statusCode).toBe(502);
    expect(res.json().connectors[0]).toMatchObject({ status: 'failed', error: expect.stringMatching(/could not be read/) });
  });
});
