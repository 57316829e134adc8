import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineCalls, daysAhead, shoppingFixture, type ShoppingFixture } from '../shopping/shopping-fixture.js';

let f: ShoppingFixture;
beforeAll(async () => {
  f = await shoppingFixture({ env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

interface Offer {
  offer_id: string;
  total_amount: number;
  slices: { segments: { segment_id: string }[] }[];
}

/**
 * The first offer 18 days out, or on the next day with one: regional flights do not all operate
 * daily (the test system keeps AA's weekly patterns), so a thin route has days without a connection.
 */
async function firstOffer(origin: string, destination: string, extra: Record<string, unknown> = {}): Promise<Offer> {
  for (let days = 18; days < 25; days++) {
    const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1, ...extra });
    expect(res.statusCode).toBe(200);
    const offers = (res.json().offers ?? []) as Offer[];
    if (offers[0]) return offers[0];
  }
  throw new Error(`no offer ${origin}-${destination} 18-24 days out`);
}

const get = (url: string) => f.app.inject({ method: 'GET', url, headers: { 'x-api-key': f.key } });
const price = (payload: unknown) =>
  f.app.inject({ method: 'POST', url: '/v1/offers/price', headers: { 'x-api-key': f.key }, payload: payload as object });

describe('POST /v1/offers/price', () => {
  it('confirms price and terms of a searched offer', async () => {
    const offer = await firstOffer('JFK', 'LAX');
    const res = await price({ offer_id: offer.offer_id });
    expect(res.statusCode).toBe(200);
    const priced = res.json();
    expect(priced.offer_id).toMatch(/^AA\|/);
    expect(priced.airline).toBe('AA');
    expect(priced.total_amount).toBe(offer.total_amount);
    expect(priced.warnings).toEqual([]);
    expect(priced.priced_at).toBeTruthy();
    expect(priced.slices[0].segments[0].segment_id).toBe(offer.slices[0]!.segments[0]!.segment_id);
  });

  it('prices a round trip made of one airline offer per slice', async () => {
    const offer = await firstOffer('ORD', 'LAX', { return_date: daysAhead(25) });
    const res = await price({ offers: [{ offer_id: offer.offer_id }], airline: 'AA' });
    expect(res.statusCode).toBe(200);
    expect(res.json().slices).toHaveLength(2);
    expect(res.json().total_amount).toBeCloseTo(offer.total_amount, 2);
  });

  it('reports a price change as a warning', async () => {
    const offer = await firstOffer('ORD', 'BOS');
    const res = await price({ offer_id: offer.offer_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().total_amount).toBeGreaterThan(offer.total_amount);
    expect(res.json().warnings[0]).toMatch(/Price changed/);
  });

  it("the contract's 404 offer no longer available at airline, saying when, for an offer past its expires_at", async () => {
    // The test system's MIA-TPA offers are born expired.
    const offer = (await firstOffer('MIA', 'TPA')) as Offer & { expires_at: string };
    const res = await price({ offer_id: offer.offer_id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'offer_not_available',
      error: 'offer no longer available at airline',
      expired_at: new Date(offer.expires_at).toISOString(),
      detail: `the offer expired at ${new Date(offer.expires_at).toISOString()}: search again for a current offer (an offer lives as long as its expires_at)`,
    });
    for (const path of ['seats', 'services']) {
      const read = await get(`/v1/offers/${encodeURIComponent(offer.offer_id)}/${path}`);
      expect(read.statusCode, path).toBe(404);
      expect(read.json(), path).toMatchObject({ code: 'offer_not_available', expired_at: res.json().expired_at });
    }
  });

  it('400 offer_id is required; 400 unknown airline', async () => {
    expect((await price({})).json()).toMatchObject({ error: 'offer_id is required' });
    expect((await price({ offers: [{}] })).json()).toMatchObject({ error: 'offer_id is required' });
    for (const body of [{ offer_id: 'no-prefix-here' }, { offer_id: 'ZZ|abc.def' }, { offer_id: 'AA|1.x', airline: 'ZZ' }]) {
      const res = await price(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('unknown airline');
    }
  });

  it('at most 6 offers per call (one trip), 400 naming the field before any airline call; a repeated offer is priced once', async () => {
    const offer = await firstOffer('JFK', 'LAX');
    const before = await airlineCalls(f, 'price');
    const res = await price({ offers: Array.from({ length: 7 }, () => ({ offer_id: offer.offer_id })) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^offers /);
    expect(await airlineCalls(f, 'price')).toBe(before);

    const once = await price({ offer_id: offer.offer_id });
    const twice = await price({ offers: [{ offer_id: offer.offer_id }, { offer_id: offer.offer_id }] });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json().total_amount).toBe(once.json().total_amount);
    expect(twice.json().slices).toHaveLength(once.json().slices.length);
  });

  it('404 connection offer not found or expired for an id the gateway did not issue, before any airline call', async () => {
    const offer = await firstOffer('JFK', 'LAX');
    const before = await airlineCalls(f, 'price');
    const untagged = offer.offer_id.slice(0, offer.offer_id.lastIndexOf('.'));
    for (const id of [untagged, `${untagged}.${'A'.repeat(22)}`]) {
      const res = await price({ offer_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('connection offer not found or expired');
    }
    expect(await airlineCalls(f, 'price')).toBe(before);
  });

  it("502 with the carrier's own text when the airline fails", async () => {
    const offer = await firstOffer('PHX', 'DFW');
    await f.control('POST', '/control/faults', { kind: 'http5xx', messages: ['OfferPrice'] });
    try {
      const res = await price({ offer_id: offer.offer_id });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatch(/The service is temporarily unavailable/);
    } finally {
      await f.control('DELETE', '/control/faults');
    }
  });
});

describe('GET /v1/offers/{offerID}/seats and /services', () => {
  it('seat maps for every segment, each seat carrying segment_id; segment_id selects one', async () => {
    const offer = await firstOffer('FLG', 'LFT', { max_connections: 2 });
    const id = encodeURIComponent(offer.offer_id);
    expect(id).toContain('%7C');
    const res = await get(`/v1/offers/${id}/seats`);
    expect(res.statusCode).toBe(200);
    const maps = res.json().seat_maps as {
      segment_id: string;
      seats: { segment_id: string; available: boolean; seat: string }[];
    }[];
    const segments = offer.slices.flatMap((s) => s.segments.map((g) => g.segment_id));
    expect(maps.map((m) => m.segment_id).every((id) => segments.includes(id))).toBe(true);
    for (const m of maps) expect(m.seats.every((s) => s.segment_id === m.segment_id)).toBe(true);
    expect(maps.some((m) => m.seats.some((s) => s.available))).toBe(true);

    const one = await get(`/v1/offers/${id}/seats?segment_id=${encodeURIComponent(maps[0]!.segment_id)}&airline=AA`);
    expect(one.statusCode).toBe(200);
    expect(one.json().seat_maps.map((m: { segment_id: string }) => m.segment_id)).toEqual([maps[0]!.segment_id]);
  });

  it('404 seat_map_segment_not_found for a segment with no published map', async () => {
    const offer = await firstOffer('JFK', 'LAX');
    const res = await get(`/v1/offers/${encodeURIComponent(offer.offer_id)}/seats?segment_id=AA1-XXXYYY-20990101`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('seat_map_segment_not_found');
  });

  it('services: an array of priced ancillaries', async () => {
    const offer = await firstOffer('JFK', 'LAX');
    const res = await get(`/v1/offers/${encodeURIComponent(offer.offer_id)}/services`);
    expect(res.statusCode).toBe(200);
    const services = res.json() as { service_id: string; name: string; price_amount: number | null; currency: string | null }[];
    expect(Array.isArray(services)).toBe(true);
    expect(services.length).toBeGreaterThan(0);
    expect(services[0]).toMatchObject({ name: expect.any(String), currency: 'USD' });
  });

  it('unknown airline and expired offers on the GET paths', async () => {
    expect((await get('/v1/offers/nothing/services')).json()).toMatchObject({ error: 'unknown airline' });
    expect((await get('/v1/offers/nothing/seats')).statusCode).toBe(400);
    // Not an id this gateway issued: the contract's 404 for an unknown offer, no airline call.
    const gone = await get(`/v1/offers/${encodeURIComponent('AA|1.garbage')}/services`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('connection offer not found or expired');
  });
});
