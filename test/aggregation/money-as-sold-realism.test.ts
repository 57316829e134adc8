// Realism of the money a seller sees, through the gateway against the AA and VS test systems over
// NDC (issue 47, items 3 and 6): VS's YQ follows the VS-marketed fare whoever operates the flight,
// and a "taxes only" refund keeps it; both airlines sell UK departures in pounds, take the same
// Heathrow charge and convert US taxes at the same rate.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from '../orders/order-fixture.js';

interface TaxJson {
  code: string;
  amount: number;
  filed_amount: number | null;
  filed_currency: string | null;
}
interface OfferJson {
  offer_id: string;
  airline: string;
  currency: string;
  total_amount: number;
  base_amount: number | null;
  tax_amount: number | null;
  fare_brand: string | null;
  passengers: { type: string; taxes: TaxJson[] }[];
  slices: { segments: { operating_carrier: string; flight_number: string; departing_at: string }[] }[];
}

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

async function offersLhrJfk(days: number): Promise<OfferJson[]> {
  const res = await f.search({ origin: 'LHR', destination: 'JFK', departure_date: daysAhead(days), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().offers as OfferJson[];
}

const nonStop = (o: OfferJson) => o.slices.every((s) => s.segments.length === 1);
const operator = (o: OfferJson) => o.slices[0]!.segments[0]!.operating_carrier;
const tax = (o: OfferJson, code: string) => o.passengers[0]!.taxes.find((t) => t.code === code);

describe('money as sold, realism on both airlines', () => {
  it("VS's YQ follows the VS-marketed fare: a Delta-operated VS codeshare carries the same YQ as VS's own flight", async () => {
    const classic = (await offersLhrJfk(40)).filter(
      (o) => o.airline === 'VS' && o.fare_brand === 'Economy Classic' && nonStop(o),
    );
    const own = classic.find((o) => operator(o) === 'VS');
    const delta = classic.find((o) => operator(o) === 'DL');
    expect(own, 'a VS-operated Economy Classic non-stop').toBeDefined();
    expect(delta, 'a Delta-operated VS codeshare non-stop').toBeDefined();
    expect(tax(own!, 'YQ')?.amount).toBe(120);
    expect(tax(delta!, 'YQ')?.amount, 'YQ on the codeshare').toBe(120);
    expect(delta!.tax_amount).toBe(own!.tax_amount);
  });

  it('a reshop onto a Delta-operated VS codeshare costs what a search shows for it, YQ included: no difference made of the surcharge', async () => {
    const own = (await offersLhrJfk(43)).find(
      (o) => o.airline === 'VS' && o.fare_brand === 'Economy Classic' && nonStop(o) && operator(o) === 'VS',
    );
    expect(own, 'a VS-operated Economy Classic non-stop').toBeDefined();
    const created = await f.call('POST', '/v1/orders', {
      offer_id: own!.offer_id,
      passengers: [PASSENGER],
      payment: { type: 'agency_account' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as { order_id: string; total: number };
    const flight = (o: { slices: { segments: { flight_number: string }[] }[] }) => o.slices[0]!.segments[0]!.flight_number;
    const searched = (await offersLhrJfk(44)).filter(
      (o) => o.airline === 'VS' && o.fare_brand === 'Economy Classic' && nonStop(o) && operator(o) === 'DL',
    );
    expect(searched.length, 'Delta-operated Economy Classic non-stops').toBeGreaterThan(0);
    expect(tax(searched[0]!, 'YQ')?.amount).toBe(120);

    const reshop = await f.call('POST', `/v1/orders/${encodeURIComponent(order.order_id)}/reshop?airline=VS`, {
      slices: [{ departure_date: daysAhead(44) }],
    });
    expect(reshop.statusCode, reshop.body).toBe(200);
    const offers = reshop.json().offers as (OfferJson & { fare_difference: { amount: number; currency: string } })[];
    const ontoDelta = offers.filter((o) => nonStop(o) && operator(o) === 'DL');
    expect(ontoDelta.length, 'reshop offers onto a Delta-operated codeshare').toBeGreaterThan(0);
    for (const o of ontoDelta) {
      const same = searched.find((s) => flight(s) === flight(o));
      expect(same, `VS${flight(o)} in the search`).toBeDefined();
      expect({ flight: flight(o), total: o.total_amount }).toEqual({ flight: flight(o), total: same!.total_amount });
      expect(o.fare_difference).toEqual({
        amount: Math.round((o.total_amount - order.total) * 100) / 100,
        currency: 'GBP',
      });
    }
  });

  it('a "taxes only" Economy Light refund returns the government taxes and keeps VS\'s YQ with the fare', async () => {
    const light = (await offersLhrJfk(41)).find(
      (o) => o.airline === 'VS' && o.fare_brand === 'Economy Light' && nonStop(o) && operator(o) === 'VS',
    );
    expect(light).toBeDefined();
    const created = await f.call('POST', '/v1/orders', {
      offer_id: light!.offer_id,
      passengers: [PASSENGER],
      payment: { type: 'agency_account' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json() as { order_id: string; total: number; currency: string };
    // Past the 24 hours in which every ticket refunds in full.
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 }, 'VS');
    try {
      const quote = await f.call('POST', `/v1/orders/${encodeURIComponent(order.order_id)}/cancel?airline=VS`);
      expect(quote.statusCode, quote.body).toBe(200);
      const yq = tax(light!, 'YQ')!.amount;
      const governmentTaxes = Math.round((light!.tax_amount! - yq) * 100) / 100;
      expect(quote.json().refund).toEqual({ amount: governmentTaxes, currency: 'GBP' });
      expect(quote.json().penalty.amount).toBeCloseTo(light!.base_amount! + yq, 2);
    } finally {
      await f.control('DELETE', '/control/clock', undefined, 'VS');
    }
  });

  it('both airlines sell London departures in pounds, with one Heathrow charge and US taxes at one exchange rate', async () => {
    const offers = await offersLhrJfk(42);
    const aa = offers.find((o) => o.airline === 'AA' && nonStop(o));
    const vs = offers.find((o) => o.airline === 'VS' && nonStop(o));
    expect(aa, 'an AA non-stop LHR-JFK').toBeDefined();
    expect(vs).toBeDefined();
    expect(aa!.currency, 'AA files UK-origin fares in GBP').toBe('GBP');
    expect(vs!.currency).toBe('GBP');
    // The Heathrow passenger service charge is the airport's, not the airline's.
    expect(tax(aa!, 'UB')?.amount).toBe(tax(vs!, 'UB')?.amount);
    // The US arrival charges are levied in dollars; both airlines convert them at the same rate.
    for (const code of ['XA', 'XY', 'YC'])
      expect({ code, amount: tax(aa!, code)?.amount }).toEqual({ code, amount: tax(vs!, code)?.amount });
  });
});
