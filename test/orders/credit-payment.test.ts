// Paying with a trip credit (issue 47, item 8), end to end over the AA and VS test systems: an AA
// Main Cabin ticket cancelled after 24 hours leaves a credit; it pays a new AA booking of the same
// traveller by the original ticket (NDC AccountableDoc), the rest kept as a new credit; every
// refusal is a 422 naming payment.credit_id before anything is booked.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

const DAY_MS = 86_400_000;
let f: OrderFixture;
let aheadMs = 0;
beforeAll(async () => {
  f = await orderFixture({ withVs: true, clock: () => new Date(Date.now() + aheadMs) });
});
afterAll(async () => {
  await f?.control('DELETE', '/control/clock');
  await f?.close();
});

const GRACE = { ...PASSENGER, given_name: 'Grace', family_name: 'Hopper', born_on: '1976-12-09', email: 'grace@example.com' };

interface OfferJson {
  offer_id: string;
  airline: string;
  total_amount: number;
  fare_brand_code: string | null;
  slices: { segments: unknown[] }[];
}

async function offerOf(origin: string, destination: string, days: number, brand: RegExp): Promise<OfferJson> {
  const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (res.json().offers as OfferJson[]).find(
    (o) => brand.test(o.fare_brand_code ?? '') && o.slices.every((s) => s.segments.length === 1),
  );
  if (!offer) throw new Error(`no ${brand} offer ${origin}-${destination} in ${days} days`);
  return offer;
}

const pay = (offerId: string, creditId: string, passenger = GRACE) =>
  f.call('POST', '/v1/orders', {
    offer_id: offerId,
    passengers: [passenger],
    payment: { type: 'airline_credit', credit_id: creditId },
  });

describe('paying with a trip credit', () => {
  it('pays a new AA booking of the same traveller with the credit, keeps the rest as a new credit, and refuses what it cannot pay', async () => {
    const sold = await f.call('POST', '/v1/orders', {
      offer_id: (await offerOf('JFK', 'LAX', 24, /^AADOM-MAIN$/)).offer_id,
      passengers: [GRACE],
      payment: { type: 'agency_account' },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const first = sold.json();
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    const cancelled = await f.call('POST', `/v1/orders/${encodeURIComponent(first.order_id)}/cancel/confirm?airline=AA`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [credit] = cancelled.json().credits;
    expect(credit).toMatchObject({ status: 'available', credit_id: `crd_${credit.ticket_number}` });

    // Refused before any booking, each naming the field and why.
    const refusals: [Promise<{ statusCode: number; json(): Record<string, unknown> }>, string][] = [
      [pay((await offerOf('JFK', 'LAX', 30, /BASIC/)).offer_id, credit.credit_id, PASSENGER), 'other_traveller'],
      [pay((await offerOf('JFK', 'LAX', 31, /FIR$/)).offer_id, credit.credit_id), 'insufficient'],
      [pay((await offerOf('LHR', 'JFK', 32, /./)).offer_id, credit.credit_id), 'other_airline'],
      [pay((await offerOf('JFK', 'LAX', 33, /BASIC/)).offer_id, 'crd_0010000000000'), 'not_found'],
    ];
    for (const [answer, reason] of refusals) {
      const res = await answer;
      expect(res.statusCode, reason).toBe(422);
      expect(res.json()).toMatchObject({ code: 'credit_not_usable', field: 'payment.credit_id', reason });
    }
    const insufficient = await pay((await offerOf('JFK', 'LAX', 31, /FIR$/)).offer_id, credit.credit_id);
    expect(insufficient.json()).toMatchObject({ credit_amount: credit.amount, currency: 'USD' });
    expect(insufficient.json().amount_due as number).toBeGreaterThan(credit.amount);
    const vs = await pay((await offerOf('LHR', 'JFK', 32, /./)).offer_id, credit.credit_id);
    expect(vs.json().error).toContain('pays only AA flights, not this VS booking');
    expect((await f.call('GET', '/v1/orders?limit=100')).json().orders).toHaveLength(1);

    // The same traveller, a cheaper AA fare: paid by the old ticket, the rest a new credit on the new ticket.
    const cheaper = await offerOf('JFK', 'LAX', 30, /BASIC/);
    expect(cheaper.total_amount).toBeLessThan(credit.amount);
    const paid = await pay(cheaper.offer_id, credit.credit_id);
    expect(paid.statusCode, paid.body).toBe(201);
    const order = paid.json();
    expect(order.status).toBe('ticketed');
    const newTicket = order.tickets[0].ticket_number as string;
    expect(order.credits).toEqual([
      {
        credit_id: `crd_${newTicket}`,
        passenger_id: 'PAX1',
        ticket_number: newTicket,
        amount: Math.round((credit.amount - cheaper.total_amount) * 100) / 100,
        currency: 'USD',
        expires_at: expect.any(String),
        status: 'available',
      },
    ]);
    const old = (await f.call('GET', `/v1/orders/${encodeURIComponent(first.order_id)}`)).json();
    expect(old.credits).toEqual([{ ...credit, status: 'used' }]);
    expect(old.tickets[0].coupons.map((c: { state: string }) => c.state)).toEqual(['exchanged']);
    const history = (await f.call('GET', `/v1/orders/${encodeURIComponent(first.order_id)}/history`)).json();
    expect(history.entries.at(-1)).toMatchObject({ action: 'credit_used', detail: { paid_order_id: order.order_id } });
    expect((await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event)).toEqual(['order.created']);

    // Spent, it pays nothing more; the new credit pays until it expires, 12 months on.
    const again = await pay((await offerOf('JFK', 'LAX', 34, /BASIC/)).offer_id, credit.credit_id);
    expect([again.statusCode, again.json().reason]).toEqual([422, 'used']);
    const later = await offerOf('JFK', 'LAX', 35, /BASIC/);
    aheadMs = 400 * DAY_MS;
    const expired = await pay(later.offer_id, `crd_${newTicket}`);
    expect([expired.statusCode, expired.json().reason]).toEqual([422, 'expired']);
  });

  it("pays a hold's commit with a credit of the order's own traveller; another traveller's credit is refused naming the field", async () => {
    aheadMs = 0;
    const sold = await f.call('POST', '/v1/orders', {
      offer_id: (await offerOf('JFK', 'LAX', 26, /^AADOM-MAIN$/)).offer_id,
      passengers: [GRACE],
      payment: { type: 'agency_account' },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    const cancelled = await f.call(
      'POST',
      `/v1/orders/${encodeURIComponent(sold.json().order_id)}/cancel/confirm?airline=AA`,
      {},
    );
    const [credit] = cancelled.json().credits;
    expect(credit.status).toBe('available');

    const adaHold = await f.hold((await offerOf('JFK', 'LAX', 36, /BASIC/)).offer_id);
    expect(adaHold.statusCode, adaHold.body).toBe(201);
    const refused = await f.call('POST', `/v1/orders/${encodeURIComponent(adaHold.json().order_id)}/commit?airline=AA`, {
      payment: { type: 'airline_credit', credit_id: credit.credit_id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'credit_not_usable', field: 'payment.credit_id', reason: 'other_traveller' });

    const graceHold = await f.call('POST', '/v1/orders', {
      offer_id: (await offerOf('JFK', 'LAX', 37, /BASIC/)).offer_id,
      passengers: [GRACE],
      payment: { type: 'hold' },
    });
    expect(graceHold.statusCode, graceHold.body).toBe(201);
    const hold = graceHold.json();
    const committed = await f.call('POST', `/v1/orders/${encodeURIComponent(hold.order_id)}/commit?airline=AA`, {
      payment: { type: 'airline_credit', credit_id: credit.credit_id },
    });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().status).toBe('ticketed');
    expect(committed.json().credits).toEqual([
      expect.objectContaining({
        ticket_number: committed.json().tickets[0].ticket_number,
        amount: Math.round((credit.amount - hold.total) * 100) / 100,
        status: 'available',
      }),
    ]);
    const old = (await f.call('GET', `/v1/orders/${encodeURIComponent(sold.json().order_id)}`)).json();
    expect(old.credits).toEqual([{ ...credit, status: 'used' }]);
    expect((await eventsForOrder(f.platform.db, hold.order_id)).map((e) => e.event)).toEqual(['order.created', 'order.ticketed']);
  });
});
