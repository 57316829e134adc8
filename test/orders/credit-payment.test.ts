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

  it("pays a ticketed order's paid seat (PUT), bag (ancillaries confirm) and date change (reissue) with credits of its traveller", async () => {
    aheadMs = 0;
    // Three AA Main Cabin tickets of Grace cancelled after 24 hours: a credit for each payment.
    const sold: { order_id: string }[] = [];
    for (const days of [40, 41, 42]) {
      const res = await f.call('POST', '/v1/orders', {
        offer_id: (await offerOf('JFK', 'LAX', days, /^AADOM-MAIN$/)).offer_id,
        passengers: [GRACE],
        payment: { type: 'agency_account' },
      });
      expect(res.statusCode, res.body).toBe(201);
      sold.push(res.json());
    }
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    const credits: { credit_id: string; amount: number }[] = [];
    for (const s of sold) {
      const res = await f.call('POST', `/v1/orders/${encodeURIComponent(s.order_id)}/cancel/confirm?airline=AA`, {});
      credits.push(res.json().credits[0]);
    }
    const shopped = await offerOf('JFK', 'LAX', 44, /MAINFL/);
    const booked = await f.call('POST', '/v1/orders', {
      offer_id: shopped.offer_id,
      passengers: [GRACE],
      payment: { type: 'agency_account' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json();
    const url = (tail = '') => `/v1/orders/${encodeURIComponent(order.order_id)}${tail}?airline=AA`;
    const byCredit = (i: number) => ({ type: 'airline_credit', credit_id: credits[i]!.credit_id });
    const residual = (i: number, paid: number) => Math.round((credits[i]!.amount - paid) * 100) / 100;
    const creditUsedBy = async (i: number) => {
      const old = (await f.call('GET', `/v1/orders/${encodeURIComponent(sold[i]!.order_id)}`)).json();
      const history = (await f.call('GET', `/v1/orders/${encodeURIComponent(sold[i]!.order_id)}/history`)).json();
      return [old.credits[0].status, history.entries.at(-1).action, history.entries.at(-1).detail.paid_order_id];
    };

    // A paid seat through PUT, paid by the first credit; the rest a credit on the order's ticket.
    const maps = (await f.call('GET', `/v1/offers/${encodeURIComponent(order.order_id)}/seats`)).json();
    const map = maps.seat_maps[0];
    const seat = map.seats.find(
      (s: { available: boolean; price_amount: number | null }) => s.available && (s.price_amount ?? 0) > 0,
    );
    const seats = [{ segment_id: map.segment_id, passenger_id: 'PAX1', designator: seat.seat }];
    const unknown = await f.call('PUT', url(), {
      seats,
      payment: { type: 'airline_credit', credit_id: 'crd_0010000000000' },
    });
    expect([unknown.statusCode, unknown.json().code, unknown.json().field]).toEqual([
      422,
      'credit_not_usable',
      'payment.credit_id',
    ]);
    const put = await f.call('PUT', url(), { seats, payment: byCredit(0) });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().extras).toHaveLength(1);
    const ticket = put.json().tickets[0].ticket_number;
    expect(put.json().credits).toEqual([
      expect.objectContaining({ ticket_number: ticket, amount: residual(0, seat.price_amount), status: 'available' }),
    ]);
    expect(await creditUsedBy(0)).toEqual(['used', 'credit_used', order.order_id]);

    // A bag through an ancillaries change: a spent credit is refused naming the field, another pays.
    const services = (await f.call('GET', `/v1/offers/${encodeURIComponent(shopped.offer_id)}/services`)).json();
    const bag = (services as { service_id: string; price_amount: number | null; segment_ids: string[] }[]).find(
      (s) => (s.price_amount ?? 0) > 0 && s.segment_ids.length === 0,
    )!;
    const quote = await f.call('POST', url('/change'), {
      action: 'ancillaries',
      services: [{ service_id: bag.service_id, passenger_id: 'PAX1' }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const due = quote.json().amount_due.amount as number;
    const spent = await f.call('POST', url('/change/confirm'), { offer_id: quote.json().quote_id, payment: byCredit(0) });
    expect(spent.statusCode, spent.body).toBe(422);
    expect(spent.json()).toMatchObject({ code: 'credit_not_usable', field: 'payment.credit_id', reason: 'used' });
    const bagPaid = await f.call('POST', url('/change/confirm'), { offer_id: quote.json().quote_id, payment: byCredit(1) });
    expect(bagPaid.statusCode, bagPaid.body).toBe(200);
    expect(bagPaid.json().extras).toHaveLength(2);
    expect(bagPaid.json().credits).toEqual([
      expect.objectContaining({
        ticket_number: ticket,
        amount: Math.round((residual(0, seat.price_amount) + residual(1, due)) * 100) / 100,
        status: 'available',
      }),
    ]);
    expect(await creditUsedBy(1)).toEqual(['used', 'credit_used', order.order_id]);

    // A date change whose fare costs more, paid by the third credit; the rest a credit on the new ticket.
    // The airline's fares move with the date and its clock: the order's own day first, then nearer
    // days (dearer as departure comes closer) until one costs more but less than the credit.
    type ReshopOffer = { offer_id: string; amount_due: { amount: number } };
    let dearer: ReshopOffer | undefined;
    for (const days of [undefined, 30, 21, 14, 10, 7]) {
      const reshop = await f.call(
        'POST',
        url('/reshop'),
        days === undefined ? {} : { slices: [{ departure_date: daysAhead(days) }] },
      );
      expect(reshop.statusCode, reshop.body).toBe(200);
      dearer = (reshop.json().offers as ReshopOffer[]).find(
        (o) => o.amount_due.amount > 0 && o.amount_due.amount < credits[2]!.amount,
      );
      if (dearer) break;
    }
    expect(dearer, 'a reshop offer dearer than the ticket, cheaper than the third credit').toBeDefined();
    const change = await f.call('POST', url('/change'), { action: 'reissue' });
    expect(change.statusCode, change.body).toBe(200);
    const reissued = await f.call('POST', url('/change/confirm'), {
      offer_id: dearer!.offer_id,
      change_quote_id: change.json().quote_id,
      payment: byCredit(2),
    });
    expect(reissued.statusCode, reissued.body).toBe(200);
    const eTickets = (reissued.json().tickets as { ticket_number: string; document_type: string }[]).filter(
      (t) => t.document_type === 'ticket',
    );
    expect(eTickets).toHaveLength(1);
    const newTicket = eTickets[0]!.ticket_number;
    expect(newTicket).not.toBe(ticket);
    // The value kept on the exchanged ticket goes with the traveller to the new one: one credit.
    expect(reissued.json().credits).toEqual([
      expect.objectContaining({
        credit_id: `crd_${newTicket}`,
        amount:
          Math.round((residual(0, seat.price_amount) + residual(1, due) + residual(2, dearer!.amount_due.amount)) * 100) / 100,
        status: 'available',
      }),
    ]);
    expect(await creditUsedBy(2)).toEqual(['used', 'credit_used', order.order_id]);
    const history = (await f.call('GET', url('/history'))).json();
    expect(history.entries.map((e: { action: string }) => e.action).slice(-3)).toEqual([
      'extras_added',
      'extras_added',
      'reissued',
    ]);
    expect((await eventsForOrder(f.platform.db, order.order_id)).map((e) => e.event)).toEqual([
      'order.created',
      'order.updated',
      'order.updated',
      'order.updated',
    ]);
  });
});
