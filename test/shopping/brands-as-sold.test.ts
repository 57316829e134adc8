// Brands as sold (issue 47, item 5), realism checks over both airlines through the gateway's API
// against the AA and VS test systems over NDC: what a brand includes is what the airline sells.
// - VS Economy Light pays for any seat it chooses, standard ones included (help.virginatlantic.com
//   "Advanced seat assignment"); Economy Classic chooses a standard seat free (0B5 at 0.00).
// - VS Upper: two checked bags of 32 kg and two cabin bags of 12 kg; Economy one bag of 10 kg
//   (offerprice_multipax_with_upsell_offers_RS.xml: BAGA3, CAB3, CAB1).
// - AA: one carry-on bag and a personal item on every brand, transatlantic Basic Economy too; the
//   personal item is not a second carry-on (aa.com "Carry-on bag policy").
// - AA names the premium cabins of its A321T and 777-300ER Flagship First and Flagship Business,
//   and plain First elsewhere (aa.com "Flagship First", "Flagship Business").

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';
import { daysAhead } from './shopping-fixture.js';

interface SegmentJson {
  segment_id: string;
  aircraft: string | null;
  cabin: string | null;
  cabin_marketing_name: string | null;
}
interface OfferJson {
  offer_id: string;
  airline: string;
  fare_brand: string | null;
  baggage: { checked_bags: number | null; carry_on_bags: number | null; description: string | null };
  slices: { segments: SegmentJson[] }[];
}
interface SeatJson {
  seat: string;
  available: boolean;
  characteristics: string[];
  price_amount: number | null;
  currency: string | null;
}

let f: OrderFixture;
let fromLondon: OfferJson[];
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const res = await f.search({ origin: 'LHR', destination: 'JFK', departure_date: daysAhead(33), adults: 1, max_connections: 0 });
  expect(res.statusCode, res.body).toBe(200);
  fromLondon = res.json().offers;
});
afterAll(async () => f?.close());

const brand = (offers: OfferJson[], airline: string, name: string): OfferJson => {
  const found = offers.find((o) => o.airline === airline && o.fare_brand === name);
  if (!found) throw new Error(`no ${airline} ${name} among ${[...new Set(offers.map((o) => `${o.airline} ${o.fare_brand}`))]}`);
  return found;
};

async function economySeats(offer: OfferJson): Promise<SeatJson[]> {
  const res = await f.call('GET', `/v1/offers/${encodeURIComponent(offer.offer_id)}/seats`);
  expect(res.statusCode, res.body).toBe(200);
  const maps = res.json().seat_maps as { cabin: string | null; seats: SeatJson[] }[];
  return maps.filter((m) => m.cabin === 'economy').flatMap((m) => m.seats.filter((s) => s.available));
}

describe('VS brands as sold (realism)', () => {
  it('Economy Light pays for every seat it chooses, a standard one GBP 25; Economy Classic chooses a standard seat free', async () => {
    const light = await economySeats(brand(fromLondon, 'VS', 'Economy Light'));
    expect(light.length).toBeGreaterThan(0);
    for (const s of light) expect(s.price_amount, s.seat).toBeGreaterThan(0);
    expect(light.map((s) => s.price_amount)).toContain(25);
    expect(new Set(light.map((s) => s.currency))).toEqual(new Set(['GBP']));

    const classic = await economySeats(brand(fromLondon, 'VS', 'Economy Classic'));
    expect(classic.some((s) => s.price_amount === 0)).toBe(true);
    expect(classic.some((s) => (s.price_amount ?? 0) > 0)).toBe(true);
  });

  it('a Light seat is booked at the price the seat map showed', async () => {
    const offer = brand(fromLondon, 'VS', 'Economy Light');
    const seat = (await economySeats(offer)).find((s) => s.price_amount === 25)!;
    const segmentId = offer.slices[0]!.segments[0]!.segment_id;
    const created = await f.call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [PASSENGER],
      payment: { type: 'hold' },
      seats: [{ passenger_id: 'PAX1', segment_id: segmentId, designator: seat.seat }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const extras = created.json().extras as { kind: string; designator: string; price: { amount: number; currency: string } }[];
    expect(extras).toEqual([
      expect.objectContaining({ kind: 'seat', designator: seat.seat, price: { amount: 25, currency: 'GBP' } }),
    ]);
  });

  it('Upper: two checked bags of 32 kg and two cabin bags of 12 kg; Economy Classic one of 23 kg and one cabin bag of 10 kg', () => {
    const upper = brand(fromLondon, 'VS', 'Upper').baggage;
    expect(upper).toMatchObject({ checked_bags: 2, carry_on_bags: 2 });
    expect(upper.description).toContain('32KG');
    expect(upper.description).toContain('HAND BAGGAGE 12KG');
    expect(upper.description).not.toContain('23KG');

    const classic = brand(fromLondon, 'VS', 'Economy Classic').baggage;
    expect(classic).toMatchObject({ checked_bags: 1, carry_on_bags: 1 });
    expect(classic.description).toContain('23KG');
    expect(classic.description).toContain('HAND BAGGAGE 10KG');
  });
});

describe('AA brands as sold (realism)', () => {
  it('transatlantic Basic Economy: one carry-on bag, the personal item beside it not counted as a second', () => {
    const basic = brand(fromLondon, 'AA', 'Basic Economy').baggage;
    expect(basic).toMatchObject({ checked_bags: 0, carry_on_bags: 1 });
    expect(basic.description).toMatch(/one carry-on bag .*plus one personal item/i);
  });

  /** Non-stop offers of one adult from `origin` to `destination`, `days` ahead. */
  async function nonStops(origin: string, destination: string, days: number): Promise<OfferJson[]> {
    const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1, max_connections: 0 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().offers as OfferJson[];
  }

  it('Flagship First and Flagship Business on the A321T; First on an aircraft without the Flagship product', async () => {
    const transcon = await nonStops('JFK', 'LAX', 34);
    const first = brand(transcon, 'AA', 'First').slices[0]!.segments[0]!;
    expect(first).toMatchObject({ cabin: 'first', cabin_marketing_name: 'Flagship First' });
    const business = brand(transcon, 'AA', 'Business').slices[0]!.segments[0]!;
    expect(business).toMatchObject({ cabin: 'business', cabin_marketing_name: 'Flagship Business' });

    const plain = brand(await nonStops('DFW', 'ORD', 34), 'AA', 'First').slices[0]!.segments[0]!;
    expect(plain).toMatchObject({ cabin: 'first', cabin_marketing_name: 'First' });
  });

  it('the order shows the cabin name it was sold with', async () => {
    const business = brand(await nonStops('JFK', 'LAX', 35), 'AA', 'Business');
    const created = await f.hold(business.offer_id);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().segments[0]).toMatchObject({ cabin: 'business', cabin_marketing_name: 'Flagship Business' });
  });
});
