// Paid seats and services on documents of their own, through the gateway against the AA and VS test
// systems over NDC: an EMD-A per paid seat or service booked (and one for a service added later),
// on the order's documents beside the ticket; a voluntary cancellation that quotes and settles each
// EMD by the airline's rule (AA: back to the form of payment; VS: kept) instead of folding it into
// the fare's trip credit; and a flight the airline cancels, whose EMDs are refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture, ownNonStopOfBrand, type BrandedOffer } from './order-fixture.js';

type Airline = 'AA' | 'VS';
interface Money {
  amount: number;
  currency: string;
}
interface Doc {
  ticket_number: string;
  passenger_id: string;
  document_type: string;
  document_type_code: string | null;
  amount: Money | null;
  associated_ticket_number: string | null;
  coupons: { coupon_number: number; segment_id: string | null; state: string; extra_id: string | null }[];
}
interface Order {
  order_id: string;
  airline_order_id: string;
  status: string;
  total: number;
  currency: string;
  tickets: Doc[];
  extras: { extra_id: string | null; kind: string; segment_id: string | null; name: string; price: Money | null }[];
  credits: { amount: number }[];
  segments: { segment_id: string }[];
}
interface Priced {
  service_id: string;
  name: string;
  price_amount: number | null;
}

let f: OrderFixture;
beforeAll(async () => {
  f = await orderFixture({ withVs: true, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(async () => f?.close());

const enc = encodeURIComponent;
const path = (id: string, tail: string, airline: Airline) => `/v1/orders/${enc(id)}${tail}?airline=${airline}`;
const PREFIX: Record<Airline, string> = { AA: '001', VS: '932' };
const cents = (m: number) => Math.round(m * 100);
const emds = (o: Order) => o.tickets.filter((t) => t.document_type === 'emd');
const tickets = (o: Order) => o.tickets.filter((t) => t.document_type === 'ticket');
const emdTotal = (o: Order) => emds(o).reduce((s, e) => s + cents(e.amount!.amount), 0) / 100;

/** A one-adult non-stop of `brand` from `origin` to `destination`, `days` ahead (or the next two days). */
async function offerOf(airline: Airline, origin: string, destination: string, brand: RegExp, days: number) {
  for (let day = days; day < days + 3; day++) {
    const res = await f.search({ origin, destination, departure_date: daysAhead(day), adults: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const offer = ownNonStopOfBrand(res.json().offers as BrandedOffer[], airline, brand);
    if (offer) return offer.offer_id;
  }
  throw new Error(`no ${airline} ${brand} non-stop ${origin}-${destination}`);
}

/** A paid order with the first paid seat of the seat map and the first paid bag of the offer's services. */
async function bookWithSeatAndBag(airline: Airline, offerId: string): Promise<Order> {
  const maps = (await f.call('GET', `/v1/offers/${enc(offerId)}/seats?airline=${airline}`)).json() as {
    seat_maps: { segment_id: string; seats: { seat: string; available: boolean; price_amount: number | null }[] }[];
  };
  const map = maps.seat_maps[0]!;
  const seat = map.seats.find((s) => s.available && (s.price_amount ?? 0) > 0)!;
  expect(seat, 'a paid seat').toBeDefined();
  const services = (await f.call('GET', `/v1/offers/${enc(offerId)}/services?airline=${airline}`)).json() as Priced[];
  const bag = services.find((s) => /bag/i.test(s.name) && (s.price_amount ?? 0) > 0)!;
  expect(bag, JSON.stringify(services)).toBeDefined();
  const created = await f.call('POST', '/v1/orders', {
    offer_id: offerId,
    passengers: [PASSENGER],
    payment: { type: 'agency_account' },
    seats: [{ segment_id: map.segment_id, passenger_id: 'PAX1', designator: seat.seat }],
    services: [{ service_id: bag.service_id, passenger_id: 'PAX1' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as Order;
}

/** Every paid extra has one EMD-A: the airline's number, one open coupon naming the extra, its price. */
function expectEmdPerPaidExtra(order: Order, airline: Airline) {
  const [ticket, ...others] = tickets(order);
  expect(others).toEqual([]);
  expect(ticket).toMatchObject({ document_type_code: 'T', amount: null, associated_ticket_number: null });
  const paid = order.extras.filter((e) => (e.price?.amount ?? 0) > 0);
  expect(paid.length).toBeGreaterThan(0);
  expect(emds(order)).toHaveLength(paid.length);
  for (const extra of paid) {
    const emd = emds(order).find((d) => d.coupons.some((c) => c.extra_id === extra.extra_id));
    expect(emd, `EMD for ${extra.name}`).toBeDefined();
    expect(emd!.ticket_number).toMatch(new RegExp(`^${PREFIX[airline]}\\d{10}$`));
    expect(emd).toMatchObject({
      document_type_code: 'J',
      passenger_id: 'PAX1',
      amount: extra.price,
      associated_ticket_number: ticket!.ticket_number,
    });
    expect(emd!.coupons).toEqual([
      { coupon_number: 1, extra_id: extra.extra_id, segment_id: extra.segment_id, status: 'I', state: 'open' },
    ]);
  }
  expect(new Set(order.tickets.map((t) => t.ticket_number)).size).toBe(order.tickets.length);
}

/** Adds a paid service after booking (an ancillaries change, paid at confirm) and answers the order. */
async function addService(airline: Airline, order: Order): Promise<Order> {
  const services = (await f.call('GET', `/v1/offers/${enc(order.order_id)}/services?airline=${airline}`)).json() as Priced[];
  const bought = new Set(order.extras.map((e) => e.name));
  const next =
    services.find((s) => (s.price_amount ?? 0) > 0 && !bought.has(s.name)) ?? services.find((s) => (s.price_amount ?? 0) > 0)!;
  const quote = await f.call('POST', path(order.order_id, '/change', airline), {
    action: 'ancillaries',
    services: [{ service_id: next.service_id, passenger_id: 'PAX1' }],
  });
  expect(quote.statusCode, quote.body).toBe(200);
  const done = await f.call('POST', path(order.order_id, '/change/confirm', airline), { offer_id: quote.json().quote_id });
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as Order;
}

describe('EMDs for paid seats and services', () => {
  it('AA: an EMD-A per paid seat and bag, one more for a service added later; past 24 hours a Main Cabin cancel keeps the fare as a trip credit and refunds the EMDs', async () => {
    const order = await bookWithSeatAndBag('AA', await offerOf('AA', 'JFK', 'LAX', /-MAIN$/, 40));
    expect(order.status).toBe('ticketed');
    expectEmdPerPaidExtra(order, 'AA');
    expect(emds(order)).toHaveLength(2);
    const added = await addService('AA', order);
    expect(emds(added)).toHaveLength(3);
    expectEmdPerPaidExtra(added, 'AA');

    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const quote = await f.call('POST', path(order.order_id, '/cancel', 'AA'), {});
      expect(quote.statusCode, quote.body).toBe(200);
      const fare = (cents(added.total) - cents(emdTotal(added))) / 100;
      expect(quote.json()).toMatchObject({
        refund: { amount: emdTotal(added) },
        trip_credit: { amount: fare },
        penalty: { amount: 0 },
      });
      const confirmed = await f.call('POST', path(order.order_id, '/cancel/confirm', 'AA'), {
        cancellation_quote_id: quote.json().cancellation_quote_id,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const cancelled = confirmed.json() as Order;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.credits.reduce((s, c) => s + cents(c.amount), 0) / 100).toBe(fare);
      expect(tickets(cancelled)[0]!.coupons.map((c) => c.state)).toEqual(['open']);
      expect(emds(cancelled).flatMap((e) => e.coupons.map((c) => c.state))).toEqual(['refunded', 'refunded', 'refunded']);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it("VS: EMD-As numbered 932; past 24 hours a Classic cancel refunds the fare less VS's penalty and keeps the unused seat and bags", async () => {
    const order = await bookWithSeatAndBag('VS', await offerOf('VS', 'LHR', 'JFK', /^Economy Classic$/, 40));
    expect(order.status).toBe('ticketed');
    expectEmdPerPaidExtra(order, 'VS');
    const added = await addService('VS', order);
    expect(emds(added)).toHaveLength(3);
    expectEmdPerPaidExtra(added, 'VS');

    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 }, 'VS');
    try {
      const quote = await f.call('POST', path(order.order_id, '/cancel', 'VS'), {});
      expect(quote.statusCode, quote.body).toBe(200);
      const kept = emdTotal(added);
      // Economy Classic refunds the fare less GBP 250 a passenger (docs/vs-test-system.md, "Cancelling").
      expect(added.currency).toBe('GBP');
      expect(quote.json()).toMatchObject({
        refund: { amount: (cents(added.total) - cents(kept) - 25_000) / 100 },
        penalty: { amount: (25_000 + cents(kept)) / 100 },
        trip_credit: { amount: 0 },
      });
      const confirmed = await f.call('POST', path(order.order_id, '/cancel/confirm', 'VS'), {});
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const cancelled = confirmed.json() as Order;
      expect(tickets(cancelled)[0]!.coupons.map((c) => c.state)).toEqual(['refunded']);
      expect(emds(cancelled).flatMap((e) => e.coupons.map((c) => c.state))).toEqual(['void', 'void', 'void']);
      // The ticket refunded is the order refunded: the EMDs VS kept do not make it less so.
      expect(cancelled.status).toBe('cancelled');
      const refreshed = (await f.call('GET', `/v1/orders/${enc(order.order_id)}?refresh=true`)).json() as Order;
      expect(refreshed.status).toBe('refunded');
    } finally {
      await f.control('DELETE', '/control/clock', undefined, 'VS');
    }
  });

  it("AA: removing a paid bag past 24 hours refunds its EMD to the form of payment (not the Main Cabin fare's trip credit); the seat's stays open", async () => {
    const order = await bookWithSeatAndBag('AA', await offerOf('AA', 'JFK', 'LAX', /-MAIN$/, 42));
    const bag = order.extras.find((e) => e.kind === 'service')!;
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const removal = await f.call('POST', path(order.order_id, '/change', 'AA'), {
        action: 'ancillaries',
        remove_extra_ids: [bag.extra_id],
      });
      expect(removal.statusCode, removal.body).toBe(200);
      expect(removal.json()).toMatchObject({ refund: bag.price, trip_credit: { amount: 0 }, penalty: { amount: 0 } });
      const done = await f.call('POST', path(order.order_id, '/change/confirm', 'AA'), { offer_id: removal.json().quote_id });
      expect(done.statusCode, done.body).toBe(200);
      const after = done.json() as Order;
      const stateOf = (extraId: string | null) => emds(after).find((e) => e.coupons[0]!.extra_id === extraId)?.coupons[0]!.state;
      expect(emds(after)).toHaveLength(2);
      expect(emds(after).find((e) => e.coupons[0]!.extra_id === null)?.coupons[0]!.state).toBe('refunded');
      expect(stateOf(order.extras.find((e) => e.kind === 'seat')!.extra_id)).toBe('open');
      expect(after.credits).toEqual([]);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it('AA cancels the flight with no alternative: the refund owed returns the fare and every EMD, whose coupons are refunded', async () => {
    const order = await bookWithSeatAndBag('AA', await offerOf('AA', 'JFK', 'LAX', /-MAIN$/, 44));
    const booking = (await (await fetch(`${f.aa.url}/control/orders/${order.airline_order_id}`)).json()) as {
      flights: { key: string }[];
    };
    const flight = booking.flights[0]!.key;
    const date = flight.split('/')[1]!;
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const day of [date, next]) {
      // Every JFK departure: no non-stop, nor a connection's first flight, has seats.
      const res = await fetch(`${f.aa.url}/control/flights?origin=JFK&date=${day}`);
      for (const other of ((await res.json()) as { flights: { flight: string }[] }).flights.filter((o) => o.flight !== flight))
        await f.control('POST', '/control/inventory/close', { flightKey: other.flight });
    }
    await f.control('POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    try {
      const change = await fetch(`${f.aa.url}/control/schedule-changes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ flight, change: 'cancel' }),
      });
      expect(change.status, await change.clone().text()).toBe(200);
      const seen = (await f.call('GET', `/v1/orders/${enc(order.order_id)}?refresh=true`)).json() as Order;
      expect(seen.segments.map((s) => (s as { status?: string }).status)).toEqual(['cancelled']);
      const refund = await f.call('POST', path(order.order_id, '/refund', 'AA'));
      expect(refund.statusCode, refund.body).toBe(202);
      const refunded = (await f.call('GET', path(order.order_id, '', 'AA'))).json() as Order & { refund: Money };
      expect(refunded.status).toBe('refunded');
      expect(refunded.refund).toMatchObject({ amount: order.total, currency: order.currency });
      expect(emds(refunded).flatMap((e) => e.coupons.map((c) => c.state))).toEqual(['refunded', 'refunded']);
    } finally {
      await f.control('DELETE', '/control/clock');
    }
  });

  it('VS cancels the whole booking on its side: the EMDs are refunded unasked, the tickets voided, as a refresh finds', async () => {
    const order = await bookWithSeatAndBag('VS', await offerOf('VS', 'LHR', 'JFK', /^Economy Classic$/, 46));
    const cancel = await fetch(`${f.vs!.url}/control/orders/${order.airline_order_id}/airline-cancel`, { method: 'POST' });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect(((await cancel.json()) as { refundedCents: number }).refundedCents).toBe(cents(emdTotal(order)));
    const seen = (await f.call('GET', `/v1/orders/${enc(order.order_id)}?refresh=true`)).json() as Order;
    expect(seen.status).toBe('cancelled');
    expect(tickets(seen)[0]!.coupons.map((c) => c.state)).toEqual(['void']);
    expect(emds(seen).flatMap((e) => e.coupons.map((c) => c.state))).toEqual(['refunded', 'refunded']);
  });
});
