// Fare conditions a seller can act on, end to end over both airlines' test systems: what a change
// costs, whether the fare difference is paid, and what a cancellation gives back (the money, a
// credit, the taxes or nothing), per slice and per passenger type, the same on the searched offer,
// the priced offer and the order; and the itemised taxes of search offers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderFixture, type OrderFixture } from '../orders/order-fixture.js';
import { daysAhead } from './shopping-fixture.js';

interface Condition {
  allowed: boolean;
  fee_amount: number | null;
  fee_currency: string | null;
  fare_difference_applies?: boolean | null;
  method?: string;
}
interface Conditions {
  change: Condition | null;
  refund: Condition | null;
  by_slice: { origin: string; destination: string; change: Condition | null; refund: Condition | null }[];
  by_passenger_type: { type: string; change: Condition | null; refund: Condition | null }[];
}
interface OfferJson {
  offer_id: string;
  airline: string;
  fare_brand: string | null;
  currency: string;
  passengers: { type: string; tax_amount: number; taxes: { code: string; amount: number }[] }[];
  slices: { origin: string; destination: string }[];
  conditions: Conditions;
}

let f: OrderFixture;
let transatlantic: OfferJson[];
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
  const res = await f.search({ origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), adults: 1, children: 1 });
  expect(res.statusCode, res.body).toBe(200);
  transatlantic = res.json().offers as OfferJson[];
});
afterAll(async () => f?.close());

const brand = (offers: OfferJson[], airline: string, name: string): OfferJson => {
  const found = offers.find((o) => o.airline === airline && o.fare_brand === name);
  if (!found) throw new Error(`no ${airline} ${name} among ${[...new Set(offers.map((o) => `${o.airline} ${o.fare_brand}`))]}`);
  return found;
};

describe('conditions per brand', () => {
  it('AA: Basic Economy no changes and the taxes back; Main Cabin free changes, fare difference, a trip credit; Main Cabin Flexible refunded to the card', () => {
    const basic = brand(transatlantic, 'AA', 'Basic Economy').conditions;
    expect(basic.change).toEqual({ allowed: false, fee_amount: null, fee_currency: null, fare_difference_applies: null });
    expect(basic.refund).toEqual({ allowed: false, fee_amount: null, fee_currency: null, method: 'taxes_only' });

    const main = brand(transatlantic, 'AA', 'Main Cabin').conditions;
    expect(main.change).toEqual({ allowed: true, fee_amount: 0, fee_currency: 'USD', fare_difference_applies: true });
    expect(main.refund).toEqual({ allowed: false, fee_amount: null, fee_currency: null, method: 'credit' });

    const flexible = brand(transatlantic, 'AA', 'Main Cabin Flexible').conditions;
    expect(flexible.change).toMatchObject({ allowed: true, fee_amount: 0 });
    expect(flexible.refund).toEqual({ allowed: true, fee_amount: 0, fee_currency: 'USD', method: 'original_form_of_payment' });
  });

  it("VS: Economy Light changes for a fee and gives the taxes back; Classic refunds less VS's penalty; Delight Flex changes free and refunds in full", () => {
    const light = brand(transatlantic, 'VS', 'Economy Light').conditions;
    expect(light.change).toEqual({ allowed: true, fee_amount: 260, fee_currency: 'USD', fare_difference_applies: true });
    expect(light.refund).toEqual({ allowed: false, fee_amount: null, fee_currency: null, method: 'taxes_only' });

    const classic = brand(transatlantic, 'VS', 'Economy Classic').conditions;
    expect(classic.change).toMatchObject({ allowed: true, fee_amount: 65, fee_currency: 'USD' });
    expect(classic.refund).toEqual({ allowed: true, fee_amount: 325, fee_currency: 'USD', method: 'original_form_of_payment' });

    const delight = brand(transatlantic, 'VS', 'Economy Delight Flex').conditions;
    expect(delight.change).toMatchObject({ allowed: true, fee_amount: 0 });
    expect(delight.refund).toMatchObject({ allowed: true, fee_amount: 0, method: 'original_form_of_payment' });
  });

  it('each slice and passenger type has its own entry; a one-way of one brand repeats the whole-trip conditions', () => {
    for (const o of transatlantic) {
      const c = o.conditions;
      expect(c.by_slice.map((s) => [s.origin, s.destination])).toEqual(o.slices.map((s) => [s.origin, s.destination]));
      expect(c.by_slice[0]).toMatchObject({ change: c.change, refund: c.refund });
      expect(c.by_passenger_type.map((p) => p.type)).toEqual(o.passengers.map((p) => p.type));
      for (const p of c.by_passenger_type) expect(p).toMatchObject({ change: c.change, refund: c.refund });
    }
  });
});

describe('a trip of two brands', () => {
  // AA answers a trip that is not a round trip one offer set per slice; the gateway combines them,
  // brands in turn, so a trip can fly Basic Economy out and Main Cabin on.
  it('shows each slice its own fare, and the whole trip the strictest', async () => {
    const res = await f.search({
      adults: 1,
      slices: [
        { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(45) },
        { origin: 'LAX', destination: 'DFW', departure_date: daysAhead(52) },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const offers = res.json().offers as OfferJson[];
    const mixed = offers.find((o) => o.airline === 'AA' && o.fare_brand === 'Basic Economy / Main Cabin');
    expect(mixed, [...new Set(offers.map((o) => o.fare_brand))].join(', ')).toBeDefined();
    const c = mixed!.conditions;
    expect(c.by_slice.map((s) => [s.origin, s.destination, s.change?.allowed, s.refund?.method])).toEqual([
      ['JFK', 'LAX', false, 'taxes_only'],
      ['LAX', 'DFW', true, 'credit'],
    ]);
    expect(c.change).toMatchObject({ allowed: false, fee_amount: null });
    expect(c.refund).toMatchObject({ allowed: false, method: 'taxes_only' });
    expect(c.by_passenger_type).toEqual([{ type: 'adult', change: c.change, refund: c.refund }]);
  });
});

describe('the same conditions on the priced offer and the order', () => {
  for (const [airline, name] of [
    ['AA', 'Main Cabin'],
    ['VS', 'Economy Classic'],
  ] as const) {
    it(`${airline} ${name}`, async () => {
      const offer = brand(transatlantic, airline, name);
      const priced = await f.call('POST', '/v1/offers/price', { offer_id: offer.offer_id });
      expect(priced.statusCode, priced.body).toBe(200);
      expect(priced.json().conditions).toEqual(offer.conditions);

      const held = await f.hold(priced.json().offer_id, {
        passengers: [
          { given_name: 'Ada', family_name: 'Lovelace', born_on: '1985-12-10', email: 'ada@example.com', type: 'adult' },
          { given_name: 'Byron', family_name: 'Lovelace', born_on: '2018-03-01', type: 'child' },
        ],
      });
      expect(held.statusCode, held.body).toBe(201);
      expect(held.json().conditions).toEqual(offer.conditions);
      const read = await f.call('GET', `/v1/orders/${encodeURIComponent(held.json().order_id)}`);
      expect(read.json().conditions).toEqual(offer.conditions);
    });
  }
});

describe('taxes on search offers', () => {
  it('every passenger type of every offer itemises its taxes, adding up to its tax amount', () => {
    for (const o of transatlantic) {
      for (const p of o.passengers) {
        expect(p.taxes.length, `${o.airline} ${o.fare_brand} ${p.type}`).toBeGreaterThan(0);
        const sum = p.taxes.reduce((s, t) => s + t.amount, 0);
        expect(Math.round(sum * 100)).toBe(Math.round(p.tax_amount * 100));
      }
    }
    // Both airlines collect the US international departure tax from JFK.
    for (const airline of ['AA', 'VS']) {
      expect(transatlantic.find((o) => o.airline === airline)!.passengers[0]!.taxes.map((t) => t.code)).toContain('US');
    }
  });
});
