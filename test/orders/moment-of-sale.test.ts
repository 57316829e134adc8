import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalLogin, portalUser } from '../helpers/portal-sessions.js';
import { airlineCalls, daysAhead } from '../shopping/shopping-fixture.js';
import { orderFixture, PASSENGER, type OrderFixture } from './order-fixture.js';

// Issue 45, items 1, 2 and 4: what a booking is refused before the airline (passenger types against
// ages, names, counts), and the price a seller is charged (never a rise it did not show or state).

let f: OrderFixture;
let dashboard: Record<string, string>;

beforeAll(async () => {
  f = await orderFixture({ withVs: true });
  dashboard = await portalLogin(f, (await portalUser(f, { agencyId: f.agencyId })).email);
});
afterAll(async () => f?.close());

interface SearchedOffer {
  offer_id: string;
  total_amount: number;
  currency: string;
  slices: { segments: { departing_at: string }[] }[];
}

/** A searched offer with one flight per slice, for the passengers given. */
async function offerFor(search: Record<string, unknown>): Promise<SearchedOffer> {
  const res = await f.search(search);
  expect(res.statusCode, res.body).toBe(200);
  const offers = (res.json().offers ?? []) as SearchedOffer[];
  const pick = offers.find((o) => o.slices.every((s) => s.segments.length === 1)) ?? offers[0];
  if (!pick) throw new Error(`no offer for ${JSON.stringify(search)}`);
  return pick;
}

const book = (body: Record<string, unknown>) => f.call('POST', '/v1/orders', { payment: { type: 'hold' }, ...body });
const bookOnDashboard = (body: Record<string, unknown>) =>
  f.app.inject({ method: 'POST', url: '/v1/dev/orders', headers: dashboard, payload: { payment: { type: 'hold' }, ...body } });
const orderCount = async () => ((await f.call('GET', '/v1/orders?limit=100')).json().orders as unknown[]).length;

/** The date `years` whole years before `date` (YYYY-MM-DD), moved by `days`. */
function yearsBefore(date: string, years: number, days = 0): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const flightDate = (o: SearchedOffer, slice = 0) => o.slices[slice]!.segments[0]!.departing_at.slice(0, 10);

/** A refusal before any airline call: the status, code and field, no OrderCreate, and no order stored. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; body: string; json(): Record<string, unknown> }>,
  status: number,
  code: string,
  field?: string,
) {
  const [before, creates, prices] = [await orderCount(), await airlineCalls(f, 'createOrder'), await airlineCalls(f, 'price')];
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  if (field) expect(res.json().field).toBe(field);
  expect(await airlineCalls(f, 'createOrder')).toBe(creates);
  if (status === 400) expect(await airlineCalls(f, 'price')).toBe(prices);
  expect(await orderCount()).toBe(before);
  return res.json();
}

describe('a fare that fits the traveller (passenger types against ages)', () => {
  it('refuses a 51-year-old booked as an infant, through the API and the dashboard', async () => {
    const offer = await offerFor({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(30), adults: 1, infants: 1 });
    const passengers = [PASSENGER, { ...PASSENGER, given_name: 'Bob', type: 'infant', born_on: '1975-03-02' }];
    const api = await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers }),
      400,
      'passenger_type_mismatch',
      'passengers[1].type',
    );
    expect(api.error).toMatch(/book them as `adult`/);
    await expectRefused(
      () => bookOnDashboard({ offer_id: offer.offer_id, passengers }),
      400,
      'passenger_type_mismatch',
      'passengers[1].type',
    );
  });

  it('refuses a one-year-old booked alone as an adult', async () => {
    const offer = await offerFor({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(31), adults: 1 });
    const baby = { ...PASSENGER, born_on: yearsBefore(flightDate(offer), 1) };
    const res = await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [baby] }),
      400,
      'passenger_type_mismatch',
      'passengers[0].type',
    );
    expect(res.error).toMatch(/lap infant/);
  });

  it('books an adult with a lap infant when the ages fit, and refuses an infant who turns 2 before the return', async () => {
    const out = 30;
    const offer = await offerFor({
      origin: 'JFK',
      destination: 'LAX',
      departure_date: daysAhead(out),
      return_date: daysAhead(out + 6),
      adults: 1,
      infants: 1,
    });
    // Second birthday three days after the outbound, before the return.
    const turningTwo = { ...PASSENGER, given_name: 'Eve', type: 'infant', born_on: yearsBefore(flightDate(offer), 2, 3) };
    const res = await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [PASSENGER, turningTwo] }),
      400,
      'passenger_type_mismatch',
      'passengers[1].type',
    );
    expect(res.error).toMatch(/book them as `child`/);
    const baby = { ...turningTwo, born_on: yearsBefore(flightDate(offer), 1) };
    const ok = await book({ offer_id: offer.offer_id, passengers: [PASSENGER, baby] });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a lap infant whose only companion is under 16', async () => {
    const offer = await offerFor({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(33), adults: 1, infants: 1 });
    const teen = { ...PASSENGER, born_on: yearsBefore(flightDate(offer), 13) };
    const baby = { ...PASSENGER, given_name: 'Eve', type: 'infant', born_on: yearsBefore(flightDate(offer), 1) };
    await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [teen, baby] }),
      400,
      'passengers_unaccompanied',
      'passengers[1].type',
    );
  });

  it('VS: a young person of 13 is an adult fare but may not travel alone; a child typed adult is refused', async () => {
    const offer = await offerFor({ origin: 'LHR', destination: 'JFK', departure_date: daysAhead(40), adults: 1 });
    const thirteen = { ...PASSENGER, born_on: yearsBefore(flightDate(offer), 13) };
    const res = await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [thirteen] }),
      400,
      'passengers_unaccompanied',
      'passengers[0].born_on',
    );
    expect(res.error).toMatch(/VS carries passengers under 14/);
    const nine = { ...PASSENGER, born_on: yearsBefore(flightDate(offer), 9) };
    await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [nine] }),
      400,
      'passenger_type_mismatch',
      'passengers[0].type',
    );
  });

  it('refuses passengers that are not those the offer was priced for', async () => {
    const offer = await offerFor({ origin: 'JFK', destination: 'LAX', departure_date: daysAhead(34), adults: 1 });
    const two = [PASSENGER, { ...PASSENGER, given_name: 'Bob' }];
    const res = await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: two }),
      400,
      'passenger_count_mismatch',
      'passengers',
    );
    expect(res.error).toMatch(/priced for 1 adults, 0 children, 0 infants/);
  });
});

describe('client errors decided before the airline (names)', () => {
  it.each([
    ['a digit', 'Ada1', 'given_name'],
    ['U+0001', 'Ada\u0001', 'given_name'],
    ['an escape (U+001B)', 'Love\u001blace', 'family_name'],
    ['U+FFFE', '\uFFFELovelace', 'family_name'],
    ['a right-to-left override', 'Ada\u202E', 'given_name'],
    ['a symbol', 'Ada<b>', 'given_name'],
  ])('refuses a name with %s, naming the field', async (_what, name, field) => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 35);
    const passenger = { ...PASSENGER, [field]: name };
    await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [passenger] }),
      400,
      'invalid_name',
      `passengers[0].${field}`,
    );
  });

  it("takes names of any script with hyphens, apostrophes and periods, and refuses a card holder's name with digits", async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 36);
    const named = { ...PASSENGER, given_name: 'Zoë-Ann St. Clair', family_name: "O'Brien" };
    const res = await book({ offer_id: offer.offer_id, passengers: [named] });
    expect(res.statusCode, res.body).toBe(201);
    const card = { type: 'card', card: { number: '4111111111111111', expiry: '1230', holder_name: 'ADA 1OVELACE' } };
    const other = await f.offer('JFK', 'LAX', /MAIN$/, 37);
    await expectRefused(
      () => book({ offer_id: other.offer_id, passengers: [PASSENGER], payment: card }),
      400,
      'invalid_name',
      'payment.card.holder_name',
    );
  });
});

describe('airline ids a client sends back are judged before the airline', () => {
  it('refuses seat, service, cancellation and change quote ids holding control characters or markup, naming the field', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 44);
    for (const [extras, field] of [
      [{ seats: [{ segment_id: 'SEG1\u0001', passenger_id: 'PAX1', designator: '12C' }] }, 'seats/0/segment_id'],
      [{ services: [{ service_id: '<x>bag</x>\u001b', passenger_id: 'PAX1' }] }, 'services/0/service_id'],
      [{ seats: [{ segment_id: 'SEG1', passenger_id: 'PAX 1', designator: '12C' }] }, 'seats/0/passenger_id'],
    ] as const) {
      const res = await expectRefused(
        () => book({ offer_id: offer.offer_id, passengers: [PASSENGER], ...extras }),
        400,
        'invalid_request',
      );
      expect(JSON.stringify(res)).toContain(field.split('/').pop()!);
    }
    const held = await f.hold(offer.offer_id);
    expect(held.statusCode, held.body).toBe(201);
    const id = encodeURIComponent(held.json().order_id as string);
    const cancel = await f.call('POST', `/v1/orders/${id}/cancel?airline=AA`, { passenger_ids: ['PAX1\u0000'] });
    expect(cancel.statusCode, cancel.body).toBe(400);
    expect(cancel.body).toContain('passenger_ids');
    // The ids a confirmation names: a cancellation quote id (an unknown one goes to the airline as
    // its own quote id) and a reshop offer id, never written into the airline's XML as sent.
    const calls = async () => {
      let n = 0;
      for (const op of ['cancelQuote', 'acceptCancel', 'changeOrder']) n += await airlineCalls(f, op);
      return n;
    };
    const before = await calls();
    for (const quoteId of ['Q1\u0001', 'Q1<x/>\u001b', 'Q 1', 'Q'.repeat(201)]) {
      for (const [url, headers] of [
        [`/v1/orders/${id}/cancel/confirm?airline=AA`, { 'x-api-key': f.key }],
        [`/v1/dev/orders/${id}/cancel`, dashboard],
      ] as const) {
        const res = await f.app.inject({ method: 'POST', url, headers, payload: { cancellation_quote_id: quoteId } });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toContain('cancellation_quote_id');
      }
    }
    // A reshop offer id the gateway did not issue is the offer's 404, as for a booking (it was a 502).
    const reshop = await f.call('POST', `/v1/orders/${id}/change/confirm?airline=AA`, { offer_id: 'AA|x\u0001<y/>' });
    expect(reshop.statusCode, reshop.body).toBe(404);
    expect(reshop.json().code).toBe('offer_not_available');
    // A change quote id goes to the airline too: held to the same bounds, on both routes.
    for (const quoteId of ['Q1\u0001', 'Q'.repeat(201)]) {
      for (const [url, headers] of [
        [`/v1/orders/${id}/change/confirm?airline=AA`, { 'x-api-key': f.key }],
        [`/v1/dev/orders/${id}/change/confirm`, dashboard],
      ] as const) {
        const payload = { offer_id: 'AA|x', change_quote_id: quoteId };
        const res = await f.app.inject({ method: 'POST', url, headers, payload });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toContain('change_quote_id');
      }
    }
    expect(await calls()).toBe(before);
    expect((await f.call('GET', `/v1/orders/${id}?airline=AA`)).json().status).toBe('hold');
  });
});

describe('a price rise is never charged silently', () => {
  it('refuses a searched ORD→BOS offer whose price rose 8 %, with both amounts and the priced offer, which then books at its price', async () => {
    const offer = await offerFor({ origin: 'ORD', destination: 'BOS', departure_date: daysAhead(30), adults: 1 });
    const refused = await expectRefused(() => book({ offer_id: offer.offer_id, passengers: [PASSENGER] }), 409, 'price_changed');
    expect(refused.shown_amount).toBe(offer.total_amount);
    expect(refused.shown_currency).toBe(offer.currency);
    expect(refused.total_amount as number).toBeGreaterThan(offer.total_amount);
    expect(refused.offer_id).toEqual(expect.any(String));
    expect(refused.offer_id).not.toBe(offer.offer_id);
    // The priced offer books at the price the refusal named; stating the old amount is refused again.
    const stale = await expectRefused(
      () =>
        book({ offer_id: refused.offer_id, passengers: [PASSENGER], total_amount: offer.total_amount, currency: offer.currency }),
      409,
      'price_changed',
    );
    expect(stale.shown_amount).toBe(offer.total_amount);
    const res = await book({
      offer_id: refused.offer_id,
      passengers: [PASSENGER],
      total_amount: refused.total_amount,
      currency: refused.currency,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total).toBe(refused.total_amount);
  });

  it('the dashboard refuses the same rise', async () => {
    const offer = await offerFor({ origin: 'ORD', destination: 'BOS', departure_date: daysAhead(31), adults: 1 });
    await expectRefused(() => bookOnDashboard({ offer_id: offer.offer_id, passengers: [PASSENGER] }), 409, 'price_changed');
  });

  it('an amount stated with the booking must be the price; the price shown books as before', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 38);
    const wrong = await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [PASSENGER], total_amount: offer.total_amount - 1, currency: 'USD' }),
      409,
      'price_changed',
    );
    expect(wrong.total_amount).toBe(offer.total_amount);
    const res = await book({
      offer_id: offer.offer_id,
      passengers: [PASSENGER],
      total_amount: offer.total_amount,
      currency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total).toBe(offer.total_amount);
  });

  it('paying a hold: an amount stated that is not what the airline asks is refused, with no payment', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 39);
    const held = await book({ offer_id: offer.offer_id, passengers: [PASSENGER] });
    expect(held.statusCode, held.body).toBe(201);
    const id = held.json().order_id as string;
    const changes = await airlineCalls(f, 'changeOrder');
    const pay = (amount: number) =>
      f.call('POST', `/v1/orders/${id}/commit?airline=AA`, {
        payment: { type: 'agency_account' },
        total_amount: amount,
        currency: 'USD',
      });
    const refused = await pay(offer.total_amount + 10);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'price_changed',
      shown_amount: offer.total_amount + 10,
      total_amount: offer.total_amount,
    });
    expect(await airlineCalls(f, 'changeOrder')).toBe(changes);
    expect((await f.call('GET', `/v1/orders/${id}?airline=AA`)).json().status).toBe('hold');
    const paid = await pay(offer.total_amount);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('ticketed');
  });

  it('paying a hold whose price the airline raised since: refused with both amounts and no payment; the new amount stated pays it', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 47);
    const held = await book({ offer_id: offer.offer_id, passengers: [PASSENGER] });
    expect(held.statusCode, held.body).toBe(201);
    const id = held.json().order_id as string;
    const raised = (await f.control('POST', `/control/orders/${held.json().airline_order_id}/reprice`, { pct: 8 })) as {
      totalCents: number;
    };
    const newTotal = raised.totalCents / 100;
    expect(newTotal).toBeGreaterThan(offer.total_amount);
    const changes = await airlineCalls(f, 'changeOrder');
    const commit = (body: Record<string, unknown> = {}) =>
      f.call('POST', `/v1/orders/${id}/commit?airline=AA`, { payment: { type: 'agency_account' }, ...body });
    const refused = await commit();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'price_changed',
      shown_amount: offer.total_amount,
      shown_currency: 'USD',
      total_amount: newTotal,
      currency: 'USD',
    });
    expect(refused.json().offer_id).toBeUndefined();
    expect(await airlineCalls(f, 'changeOrder')).toBe(changes);
    expect((await f.call('GET', `/v1/orders/${id}?airline=AA`)).json().status).toBe('hold');
    const paid = await commit({ total_amount: newTotal, currency: 'USD' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'ticketed', total: newTotal });
  });
});

describe('paid extras are charged at the amount stated, or not at all', () => {
  type SeatMaps = {
    seat_maps: { segment_id: string; seats: { seat: string; available: boolean; price_amount: number | null }[] }[];
  };
  const paidSeat = async (id: string) => {
    const maps = (await f.call('GET', `/v1/offers/${encodeURIComponent(id)}/seats`)).json() as SeatMaps;
    const map = maps.seat_maps[0]!;
    const seat = map.seats.find((s) => s.available && (s.price_amount ?? 0) > 0);
    if (!seat) throw new Error(`no paid seat on ${id}`);
    return { segment_id: map.segment_id, designator: seat.seat, price: seat.price_amount! };
  };

  it('a booking with a paid seat: the amount stated must be the fare plus the seat', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 45);
    const seat = await paidSeat(offer.offer_id);
    const seats = [{ segment_id: seat.segment_id, passenger_id: 'PAX1', designator: seat.designator }];
    const fareOnly = await expectRefused(
      () => book({ offer_id: offer.offer_id, passengers: [PASSENGER], seats, total_amount: offer.total_amount, currency: 'USD' }),
      409,
      'price_changed',
    );
    expect(fareOnly).toMatchObject({ shown_amount: offer.total_amount, currency: 'USD' });
    const withSeat = Math.round((offer.total_amount + seat.price) * 100) / 100;
    expect(fareOnly.total_amount).toBe(withSeat);
    const res = await book({ offer_id: offer.offer_id, passengers: [PASSENGER], seats, total_amount: withSeat, currency: 'USD' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().total).toBe(withSeat);
  });

  it('PUT with a payment: another amount than the seat is refused with nothing added or paid; the seat price pays it', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAINFL/, 46);
    const held = await book({ offer_id: offer.offer_id, passengers: [PASSENGER], payment: { type: 'agency_account' } });
    expect(held.statusCode, held.body).toBe(201);
    const id = held.json().order_id as string;
    const seat = await paidSeat(id);
    const put = (amount: number) =>
      f.call('PUT', `/v1/orders/${encodeURIComponent(id)}?airline=AA`, {
        seats: [{ segment_id: seat.segment_id, passenger_id: 'PAX1', designator: seat.designator }],
        payment: { type: 'agency_account' },
        total_amount: amount,
        currency: 'USD',
      });
    const changes = await airlineCalls(f, 'changeOrder');
    const refused = await put(seat.price - 1);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'price_changed', shown_amount: seat.price - 1, total_amount: seat.price });
    expect(await airlineCalls(f, 'changeOrder')).toBe(changes);
    const after = (await f.call('GET', `/v1/orders/${encodeURIComponent(id)}?airline=AA`)).json();
    expect(after.extras).toEqual([]);
    expect(after.total).toBe(held.json().total);
    const paid = await put(seat.price);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().extras.map((e: { designator: string }) => e.designator)).toEqual([seat.designator]);
    expect(paid.json().pending_upsell).toBeNull();
  });
});

describe('seats and services of a cancelled order', () => {
  it('are 409 order_closed on the dashboard and the API, as servicing answers, with no airline call', async () => {
    const offer = await f.offer('JFK', 'LAX', /MAIN$/, 41);
    const held = await book({ offer_id: offer.offer_id, passengers: [PASSENGER] });
    const id = held.json().order_id as string;
    const cancelled = await f.call('DELETE', `/v1/orders/${id}?airline=AA`);
    expect(cancelled.statusCode, cancelled.body).toBe(204);
    for (const path of ['seats', 'services']) {
      const calls = await airlineCalls(f, path === 'seats' ? 'seatMaps' : 'services');
      const res = await f.app.inject({ method: 'GET', url: `/v1/dev/orders/${id}/${path}`, headers: dashboard });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('order_closed');
      const api = await f.call('GET', `/v1/offers/${id}/${path}`);
      expect(api.statusCode, api.body).toBe(409);
      expect(api.json().code).toBe('order_closed');
      expect(await airlineCalls(f, path === 'seats' ? 'seatMaps' : 'services')).toBe(calls);
    }
  });
});
