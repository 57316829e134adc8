// AA's money and policy rules as a seller sees them through the gateway (issue 20): a 24-hour
// cancellation refunds in full, holds are refused inside 7 days and accepted beyond, a search
// beyond the selling window is a 400 naming departure_date, and a party with a child is offered no
// exit-row seat. The gateway runs against the real AA test system, on the real clock.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../../orders/order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture();
});
afterAll(async () => f?.close());

const path = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=AA`;

interface OfferJson {
  offer_id: string;
  fare_brand_code: string | null;
  hold_available: boolean;
  payment_required_by: string | null;
  slices: { segments: unknown[] }[];
}

async function mainCabinOffer(days: number, passengers: Record<string, number> = { adults: 1 }): Promise<OfferJson> {
  const res = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(days), ...passengers });
  expect(res.statusCode, res.body).toBe(200);
  const offers = res.json().offers as OfferJson[];
  const offer = offers.find((o) => o.fare_brand_code === 'AADOM-MAIN' && o.slices.every((s) => s.segments.length === 1));
  if (!offer) throw new Error(`no non-stop Main Cabin offer ${days} days out`);
  return offer;
}

describe('AA rules through the gateway', () => {
  it('refunds a non-refundable Main Cabin ticket in full when cancelled within 24 hours of purchase', async () => {
    const offer = await mainCabinOffer(20);
    const created = await f.hold(offer.offer_id);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    const committed = await f.call('POST', path(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(committed.statusCode, committed.body).toBe(200);
    const quote = await f.call('POST', path(order.order_id, '/cancel'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().refund).toEqual({ amount: committed.json().total, currency: committed.json().currency });
    expect(quote.json().penalty.amount).toBe(0);
  });

  it('quotes a Main Cabin ticket cancelled after 24 hours as a trip credit, not cash', async () => {
    const offer = await mainCabinOffer(24);
    const created = await f.hold(offer.offer_id, {
      passengers: [{ ...PASSENGER, given_name: 'Katherine', family_name: 'Johnson', email: 'kj@example.com' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    const committed = await f.call('POST', path(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(committed.statusCode, committed.body).toBe(200);
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const quote = await f.call('POST', path(order.order_id, '/cancel'));
      expect(quote.statusCode, quote.body).toBe(200);
      const { refund, penalty, trip_credit: credit } = quote.json();
      expect(credit.currency).toBe(committed.json().currency);
      expect(credit.amount, 'the fare is kept as a trip credit').toBeGreaterThan(0);
      // The money paid is all accounted for: cash back (taxes), trip credit and what is kept.
      expect(refund.amount + credit.amount + penalty.amount).toBeCloseTo(committed.json().total, 2);
      expect(refund.amount).toBeLessThan(committed.json().total);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it('offers no hold inside 7 days of departure and refuses one; holds beyond', async () => {
    const soon = await mainCabinOffer(3);
    expect(soon.hold_available).toBe(false);
    expect(soon.payment_required_by).toBeNull();
    const refused = await f.hold(soon.offer_id);
    // The gateway refuses it itself, before AA is asked to book (test/orders/hold-refusal.test.ts).
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'hold_not_available', field: 'payment' });

    const later = await mainCabinOffer(20);
    expect(later.hold_available).toBe(true);
    expect(later.payment_required_by).not.toBeNull();
    // Another traveller: the first test already holds these flights for the fixture's passenger.
    const grace = { ...PASSENGER, given_name: 'Grace', family_name: 'Hopper', email: 'grace@example.com' };
    const held = await f.hold(later.offer_id, { passengers: [grace] });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().status).toBe('hold');
  });

  it('answers a search beyond the 331-day selling window with a 400 naming departure_date', async () => {
    const res = await f.search({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(340), adults: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('departure_date');
    expect(res.body).toContain('selling window');
  });

  it('offers a party with a child no exit-row seat, and adults travelling alone some', async () => {
    const exitSeats = async (days: number, passengers: Record<string, number>) => {
      const offer = await mainCabinOffer(days, passengers);
      const res = await f.call('GET', `/v1/offers/${encodeURIComponent(offer.offer_id)}/seats`);
      expect(res.statusCode, res.body).toBe(200);
      const maps = res.json().seat_maps as { seats: { available: boolean; characteristics: string[] }[] }[];
      return maps.flatMap((m) => m.seats).filter((s) => s.characteristics.includes('E'));
    };
    // Which exit seats are already sold depends on the flight and the day (the test system's
    // occupancy is seeded by both): the first day in a fortnight with one left for two adults.
    let days = 20;
    let adults = await exitSeats(days, { adults: 2 });
    while (!adults.some((s) => s.available) && days < 34) adults = await exitSeats(++days, { adults: 2 });
    expect(
      adults.some((s) => s.available),
      `no exit seat left for adults 20-${days} days out`,
    ).toBe(true);
    const family = await exitSeats(days, { adults: 1, children: 1 });
    expect(family.length).toBe(adults.length);
    expect(family.every((s) => !s.available)).toBe(true);
  });
});
