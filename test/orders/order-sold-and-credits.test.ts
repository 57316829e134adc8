// What an order carries after the sale (issue 32 items 2 and 3), end to end over the real AA and VS
// test systems: brand, cabin, class and bags per segment, tax lines per passenger, tickets with
// coupon states, available_actions by status and fare, and the trip credit an AA Main Cabin ticket
// keeps when cancelled after 24 hours (coupons open, list filter, the order read on order.cancelled).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsForOrder } from '../../src/orders/event-outbox-store.js';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({ withVs: true });
});
afterAll(async () => f?.close());

const path = (id: string, tail = '', airline = 'AA') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=${airline}`;

interface OfferJson {
  offer_id: string;
  airline: string;
  fare_brand: string | null;
  fare_brand_code: string | null;
  slices: { segments: { operating_carrier: string }[] }[];
}

async function offerOf(origin: string, destination: string, days: number, pick: (o: OfferJson) => boolean): Promise<OfferJson> {
  const res = await f.search({ origin, destination, departure_date: daysAhead(days), adults: 1 });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (res.json().offers as OfferJson[]).find((o) => pick(o) && o.slices.every((s) => s.segments.length === 1));
  if (!offer) throw new Error(`no offer ${origin}-${destination} in ${days} days`);
  return offer;
}

const aaBrand = (code: string) => (o: OfferJson) => o.fare_brand_code === code;

async function book(offerId: string, payment: 'hold' | 'agency_account', given: string) {
  const res = await f.call('POST', '/v1/orders', {
    offer_id: offerId,
    passengers: [{ ...PASSENGER, given_name: given, email: `${given.toLowerCase()}@example.com` }],
    payment: { type: payment },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('available_actions', () => {
  it('differ for a held, a ticketed and a cancelled Main Cabin order, and Basic Economy offers no change', async () => {
    const held = await book((await offerOf('JFK', 'LAX', 21, aaBrand('AADOM-MAIN'))).offer_id, 'hold', 'Hedy');
    expect(held.status).toBe('hold');
    expect(held.available_actions).toEqual(['pay', 'cancel', 'change', 'seats', 'add_services']);

    const paid = await f.call('POST', path(held.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(paid.statusCode, paid.body).toBe(200);
    // Main Cabin cancels to a trip credit, not money: no `refund`.
    expect(paid.json().available_actions).toEqual(['cancel', 'change', 'seats', 'add_services']);

    const basic = await book((await offerOf('JFK', 'LAX', 22, aaBrand('AADOM-BASIC'))).offer_id, 'agency_account', 'Rosalind');
    expect(basic.status).toBe('ticketed');
    expect(basic.conditions.change.allowed).toBe(false);
    expect(basic.available_actions).not.toContain('change');
    expect(basic.available_actions).toContain('cancel');

    const cancelled = await f.call('POST', path(held.order_id, '/cancel/confirm'), {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    // Inside 24 hours of purchase AA refunded in full with the cancellation: the order says so, nothing is left to do.
    expect(cancelled.json()).toMatchObject({ refund: { method: 'original_form_of_payment' }, available_actions: [] });
    const refunded = await f.call('POST', path(held.order_id, '/refund'));
    expect(refunded.statusCode, refunded.body).toBeLessThan(300);
    const after = await f.call('GET', path(held.order_id));
    expect(after.json()).toMatchObject({ status: 'refunded', available_actions: [] });
  });

  it('offers accept_change while an airline schedule change is not acknowledged', async () => {
    const order = await book((await offerOf('JFK', 'LAX', 23, aaBrand('AADOM-MAIN'))).offer_id, 'agency_account', 'Evelyn');
    expect(order.available_actions).not.toContain('accept_change');
    const shifted = await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}/schedule-change`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ minutes: 50 }),
    });
    expect(shifted.status).toBe(200);
    const refreshed = await f.call('GET', `${path(order.order_id)}&refresh=true`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().available_actions).toEqual(['cancel', 'change', 'seats', 'add_services', 'accept_change']);
    const accepted = await f.call('POST', path(order.order_id, '/acknowledge-changes'));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().available_actions).not.toContain('accept_change');
  });
});

describe('trip credits', () => {
  it('an AA Main Cabin ticket cancelled after 24 hours keeps its value as a credit: open coupons, expiry, list filter, the order order.cancelled names', async () => {
    const order = await book((await offerOf('JFK', 'LAX', 24, aaBrand('AADOM-MAIN'))).offer_id, 'agency_account', 'Katherine');
    expect(order.status).toBe('ticketed');
    expect(order.credits).toEqual([]);
    const ticket = order.tickets[0];
    const issuedOn = new Date().toISOString().slice(0, 10);
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const quote = await f.call('POST', path(order.order_id, '/cancel'));
      expect(quote.statusCode, quote.body).toBe(200);
      const credit = quote.json().trip_credit;
      expect(credit.amount).toBeGreaterThan(0);

      const done = await f.call('POST', path(order.order_id, '/cancel/confirm'), {});
      expect(done.statusCode, done.body).toBe(200);
      const view = done.json();
      expect(view.status).toBe('cancelled');
      const expiry = `${Number(issuedOn.slice(0, 4)) + 1}${issuedOn.slice(4)}T23:59:59.000Z`;
      expect(view.credits).toEqual([
        {
          credit_id: `crd_${ticket.ticket_number}`,
          passenger_id: ticket.passenger_id,
          ticket_number: ticket.ticket_number,
          amount: credit.amount,
          currency: credit.currency,
          expires_at: expiry,
          status: 'available',
        },
      ]);
      // AA keeps the unused ticket open for the credit: not void, not refunded.
      const coupons = view.tickets.find((t: { ticket_number: string }) => t.ticket_number === ticket.ticket_number).coupons;
      expect(coupons.map((c: { state: string }) => c.state)).toEqual(coupons.map(() => 'open'));
      expect(view.available_actions).toEqual([]);

      // Nothing goes back to the card, and the answers say why.
      const eligibility = await f.call('GET', path(order.order_id, '/refund-eligibility'));
      expect(eligibility.statusCode, eligibility.body).toBe(200);
      expect(eligibility.json()).toMatchObject({ eligible: false, reason: expect.stringContaining('trip credit') });
      const refused = await f.call('POST', path(order.order_id, '/refund'));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'nothing_to_refund', error: expect.stringContaining('trip credit') });

      // Stored: the plain read shows it too.
      expect((await f.call('GET', path(order.order_id))).json().credits).toEqual(view.credits);

      const listed = await f.call('GET', '/v1/orders?has_credit=true&limit=100');
      expect(listed.statusCode, listed.body).toBe(200);
      const ids = listed.json().orders.map((o: { order_id: string }) => o.order_id);
      expect(ids).toContain(order.order_id);
      expect(listed.json().orders.every((o: { credits: unknown[] }) => o.credits.length > 0)).toBe(true);

      // order.cancelled keeps the contract's flat ten-field body; the order it names, read then, carries the credit.
      const events = await eventsForOrder(f.platform.db, order.order_id);
      const cancelledEvent = events.find((e) => e.event === 'order.cancelled');
      expect(cancelledEvent?.payload).toMatchObject({ order_id: order.order_id, status: 'cancelled' });
      const onEvent = await f.call('GET', path(String(cancelledEvent?.payload.order_id)));
      expect(onEvent.json().credits).toEqual(view.credits);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it('an AA Main Cabin Flexible ticket cancelled after 24 hours refunds: no credit, coupons refunded, not listed by has_credit', async () => {
    const order = await book((await offerOf('JFK', 'LAX', 26, aaBrand('AADOM-MAINFL'))).offer_id, 'agency_account', 'Barbara');
    expect(order.available_actions).toContain('refund');
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const done = await f.call('POST', path(order.order_id, '/cancel/confirm'), {});
      expect(done.statusCode, done.body).toBe(200);
      const view = done.json();
      expect(view.credits).toEqual([]);
      expect(view.tickets[0].coupons.map((c: { state: string }) => c.state)).toEqual(
        view.tickets[0].coupons.map(() => 'refunded'),
      );
      // The coupons are refunded with the cancellation: the order says what came back, nothing is left to do.
      expect(view).toMatchObject({ refund: { method: 'original_form_of_payment' }, available_actions: [] });
      const listed = await f.call('GET', '/v1/orders?has_credit=true&limit=100');
      expect(listed.json().orders.map((o: { order_id: string }) => o.order_id)).not.toContain(order.order_id);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });
});

describe('a change to a cheaper itinerary', () => {
  it('AA Main Cabin keeps the difference as a trip credit on the new ticket, as the reshop offer stated; nothing goes back to the card', async () => {
    // Bought close to departure (dear), changed to a date two months on (cheaper).
    const order = await book((await offerOf('JFK', 'LAX', 3, aaBrand('AADOM-MAIN'))).offer_id, 'agency_account', 'Grace');
    const reshop = await f.call('POST', path(order.order_id, '/reshop'), { slices: [{ departure_date: daysAhead(62) }] });
    expect(reshop.statusCode, reshop.body).toBe(200);
    const offers = reshop.json().offers as {
      offer_id: string;
      fare_difference: { amount: number; currency: string };
      fare_difference_returned: { method: string; amount: number } | null;
      amount_due: { amount: number };
    }[];
    const cheaper = offers.find((o) => o.fare_difference.amount < 0);
    if (!cheaper) throw new Error(`no cheaper offer: ${offers.map((o) => o.fare_difference.amount).join(', ')}`);
    expect(cheaper.fare_difference_returned).toMatchObject({ method: 'credit', amount: -cheaper.fare_difference.amount });
    expect(cheaper.amount_due.amount).toBe(0);

    const quote = await f.call('POST', path(order.order_id, '/change'), { action: 'reissue' });
    expect(quote.statusCode, quote.body).toBe(200);
    const changed = await f.call('POST', path(order.order_id, '/change/confirm'), {
      offer_id: cheaper.offer_id,
      change_quote_id: quote.json().quote_id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await f.call('GET', path(order.order_id))).json();
    expect(after.status).toBe('ticketed');
    expect(after.credits).toEqual([
      {
        credit_id: `crd_${after.tickets[0].ticket_number}`,
        passenger_id: after.tickets[0].passenger_id,
        ticket_number: after.tickets[0].ticket_number,
        amount: -cheaper.fare_difference.amount,
        currency: cheaper.fare_difference.currency,
        expires_at: expect.stringMatching(/T23:59:59\.000Z$/),
        status: 'available',
      },
    ]);
    const atAirline = (await (await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}`)).json()) as {
      refundedCents: number;
    };
    expect(atAirline.refundedCents).toBe(0);
    const listed = await f.call('GET', '/v1/orders?has_credit=true&limit=100');
    expect(listed.json().orders.map((o: { order_id: string }) => o.order_id)).toContain(order.order_id);
  });
});

describe('what was sold', () => {
  it('a VS order shows brand, cabin, class and bags per segment, tax lines per passenger, and tickets with coupon states', async () => {
    const offer = await offerOf(
      'LHR',
      'JFK',
      30,
      (o) => o.airline === 'VS' && o.slices[0]!.segments[0]!.operating_carrier === 'VS',
    );
    const order = await book(offer.offer_id, 'agency_account', 'Mary');
    expect(order).toMatchObject({ airline: 'VS', status: 'ticketed' });
    const pax = order.passengers[0];
    for (const s of order.segments) {
      expect(s.fare_brand).toBe(offer.fare_brand);
      expect(s.fare_brand_code).toBe(offer.fare_brand_code);
      expect(s.cabin).not.toBeNull();
      expect(s.booking_class).toMatch(/^[A-Z]$/);
      expect(s.baggage).toEqual([expect.objectContaining({ passenger_id: pax.passenger_id })]);
      expect(s.baggage[0].checked_bags).toEqual(expect.any(Number));
    }
    expect(pax.tax_lines.length).toBeGreaterThan(0);
    expect(pax.tax_lines[0]).toMatchObject({ code: expect.any(String), amount: expect.any(Number) });
    expect(order.tickets).toHaveLength(1);
    expect(order.tickets[0]).toMatchObject({ passenger_id: pax.passenger_id, document_type: 'ticket' });
    expect(order.tickets[0].coupons.every((c: { state: string }) => c.state === 'open')).toBe(true);
    const read = (await f.call('GET', path(order.order_id, '', 'VS'))).json();
    expect(read.segments.map((s: { baggage: unknown }) => s.baggage)).toEqual(
      order.segments.map((s: { baggage: unknown }) => s.baggage),
    );
  });
});
