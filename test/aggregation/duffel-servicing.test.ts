// A Duffel-sold order serviced through the gateway's own API, against the Duffel test system (no
// mock in between): a change of date through Duffel's change requests and offers, cancellations to a
// refund and to airline credits, bags and a seat chosen at booking and a bag added after, Duffel left
// out for live keys without DUFFEL_ACCESS_TOKEN, and the passenger details Duffel's airlines need
// refused as our 400 before any Duffel call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUFFEL_TEST_DEVELOPMENT_TOKEN,
  startDuffelTestSystem,
  type DuffelTestSystem,
} from '../../src/testsystem/duffel/server.js';
import { findAgencyOrder, insertOrder } from '../../src/orders/order-store.js';
import { generatedNotifySecrets } from '../helpers/notify-secrets.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

interface OfferJson {
  offer_id: string;
  airline: string;
  fare_brand: string | null;
  total_amount: number;
  currency: string;
  slices: { segments: { segment_id: string }[] }[];
}
interface OrderJson {
  order_id: string;
  airline_order_id: string;
  status: string;
  total: number;
  currency: string;
  segments: { segment_id: string; departing_at: string }[];
  extras: {
    kind: string;
    passenger_id: string;
    segment_id: string | null;
    designator: string | null;
    price: { amount: number };
  }[];
  credits: { passenger_id: string; amount: number; currency: string; expires_at: string; status: string }[];
  refund: { amount: number; currency: string } | null;
  tickets: { ticket_number: string; document_type: string; document_type_code: string | null }[];
  last_change: { charged: { amount: number; currency: string }; penalty: { amount: number; currency: string } | null } | null;
}

const PASSENGER = {
  born_on: '1985-12-10',
  email: 'ada@example.com',
  phone: '+442071234567',
  gender: 'f',
};

let t: TestApp;
let key: string;
let testAgency: string;
let duffel: DuffelTestSystem;
let people = 0;

beforeAll(async () => {
  const secrets = generatedNotifySecrets();
  duffel = await startDuffelTestSystem({ logger: false, webhooks: { url: null, secret: secrets.DUFFEL_WEBHOOK_SECRET } });
  t = await buildTestApp({
    env: {
      ...secrets,
      SEARCH_RATE_LIMIT_PER_MINUTE: '1000',
      SEARCH_CACHE_TTL_SECONDS: '0',
      // Live keys reach AA only (nothing listens there): Duffel has no DUFFEL_ACCESS_TOKEN.
      AA_LIVE_URL: 'http://127.0.0.1:9',
      AA_LIVE_SUBSCRIPTION_KEY: 'aa-live-subscription-key',
    },
    app: { testSystemUrls: { DUFFEL: duffel.url } },
  });
  const agency = await t.agencyWithKey();
  key = agency.secret;
  testAgency = agency.agencyId;
});
afterAll(async () => {
  await t?.close();
  await duffel?.close();
});

const call = (method: string, url: string, payload?: unknown, apiKey = key) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-api-key': apiKey },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const orderPath = (id: string, tail = '') => `/v1/orders/${encodeURIComponent(id)}${tail}?airline=DUFFEL`;
/** The order as Duffel's API answers it (the test system's development token). */
const duffelOrder = async (id: string) =>
  (
    (await (
      await fetch(`${duffel.url}/air/orders/${id}`, {
        headers: { authorization: `Bearer ${DUFFEL_TEST_DEVELOPMENT_TOKEN}`, 'duffel-version': 'v2' },
      })
    ).json()) as { data: { total_amount: string } }
  ).data;

/** A fresh BA offer of `brand` JFK→LHR (Duffel books an offer request once: one search per order). */
async function baOffer(brand: string, days: number): Promise<OfferJson> {
  const res = await call('POST', '/v1/shopping/offers', {
    origin: 'JFK',
    destination: 'LHR',
    departure_date: daysAhead(days),
    adults: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  const offer = (res.json().offers as OfferJson[]).find((o) => o.airline === 'BA' && o.fare_brand === brand);
  if (!offer) throw new Error(`no BA ${brand} offer in ${days} days`);
  return offer;
}

async function book(offer: OfferJson, extra: Record<string, unknown> = {}): Promise<OrderJson> {
  people++;
  const created = await call('POST', '/v1/orders', {
    offer_id: offer.offer_id,
    passengers: [{ ...PASSENGER, given_name: 'Ada', family_name: `Lovelace${'abcdefghij'[people]}` }],
    payment: { type: 'agency_account' },
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  expect(created.json()).toMatchObject({ status: 'ticketed', source: 'DUFFEL', airline: 'BA' });
  return created.json() as OrderJson;
}

describe('changing a Duffel order', () => {
  it('a Flex order moves to another date: change quote, confirm; the order shows the new flights and what was charged', async () => {
    const order = await book(await baOffer('Flex', 50));
    const newDate = daysAhead(53);
    const quote = await call('POST', orderPath(order.order_id, '/change'), { action: 'reissue', departure_date: newDate });
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json();
    const offers = q.offers as {
      offer_id: string;
      total_amount: number;
      amount_due: { amount: number; currency: string };
      penalty: { amount: number; currency: string };
      slices: OfferJson['slices'];
    }[];
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.map((o) => o.offer_id)).toContain(q.quote_id);
    // The dearest offer: a change Duffel charges for (the cheapest may cost nothing on a Flex fare).
    const chosen = offers.reduce((a, b) => (b.amount_due.amount > a.amount_due.amount ? b : a));
    expect(chosen.offer_id).toMatch(/^DUFFEL\|/);

    const changed = await call('POST', orderPath(order.order_id, '/change/confirm'), {
      offer_id: chosen.offer_id,
      change_quote_id: q.quote_id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json() as OrderJson;
    expect(after.status).toBe('ticketed');
    expect(after.segments.map((s) => s.departing_at.slice(0, 10))).toEqual([newDate]);
    expect(after.segments[0]!.segment_id).not.toBe(order.segments[0]!.segment_id);
    // The new total is the change offer's and Duffel's own; the order's tickets were reissued.
    expect(after.total).toBe(chosen.total_amount);
    expect(after.total).toBe(Number((await duffelOrder(order.airline_order_id)).total_amount));
    expect(after.tickets[0]!.ticket_number).not.toBe(order.tickets[0]!.ticket_number);
    // What Duffel charged for the change (the change offer's change_total_amount, its penalty within
    // it): in the confirm answer and the history's reissued entry.
    expect(chosen.amount_due.amount).toBeGreaterThan(0);
    expect(after.last_change).toEqual({
      charged: chosen.amount_due,
      penalty: chosen.penalty,
      changed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const history = (await call('GET', orderPath(order.order_id, '/history'))).json() as {
      entries: { action: string; detail: Record<string, unknown> }[];
    };
    const minor = (m: { amount: number; currency: string }) => ({
      amountMinor: Math.round(m.amount * 100),
      currency: m.currency,
    });
    expect(history.entries.find((e) => e.action === 'reissued')!.detail).toMatchObject({
      charged: minor(chosen.amount_due),
      penalty: minor(chosen.penalty),
    });
  });

  it("a Basic fare's change is refused with the carrier's refusal (502), the order unchanged", async () => {
    const order = await book(await baOffer('Basic', 55));
    const quote = await call('POST', orderPath(order.order_id, '/change'), { action: 'reissue', departure_date: daysAhead(57) });
    expect(quote.statusCode, quote.body).toBe(502);
    expect(quote.json()).toMatchObject({ code: 'airline_refused' });
    expect(quote.json().error).toMatch(/Basic fare does not allow changes/);
    const read = (await call('GET', orderPath(order.order_id))).json() as OrderJson & { available_actions: string[] };
    expect(read.segments).toEqual(order.segments);
    expect(read.available_actions).not.toContain('change');
  });
});

describe('cancelling a Duffel order: a quote, then confirm', () => {
  it('Flex refunds to the original form of payment', async () => {
    const order = await book(await baOffer('Flex', 60));
    const quote = await call('POST', orderPath(order.order_id, '/cancel'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().refund.amount).toBe(order.total);
    expect(quote.json().refund_method).toBe('original_form_of_payment');
    expect(quote.json().trip_credit.amount).toBe(0);
    const done = await call('POST', orderPath(order.order_id, '/cancel/confirm'), {
      cancellation_quote_id: quote.json().cancellation_quote_id,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('cancelled');
    expect(done.json().credits).toEqual([]);
    // The refund Duffel made is recorded: 202, the order refunded by the quoted amount.
    const refunded = await call('POST', orderPath(order.order_id, '/refund'));
    expect(refunded.statusCode, refunded.body).toBe(202);
    const after = (await call('GET', orderPath(order.order_id))).json() as OrderJson;
    expect(after).toMatchObject({ status: 'refunded', refund: { amount: quote.json().refund.amount, currency: order.currency } });
  });

  it("Standard leaves an airline credit per passenger, in the order's credits with its expiry", async () => {
    const order = await book(await baOffer('Standard', 62));
    const quote = await call('POST', orderPath(order.order_id, '/cancel'), {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().refund.amount).toBe(0);
    expect(quote.json().refund_method).toBe('credit');
    const credit = quote.json().trip_credit.amount as number;
    expect(credit).toBeGreaterThan(0);
    const done = await call('POST', orderPath(order.order_id, '/cancel/confirm'), {
      cancellation_quote_id: quote.json().cancellation_quote_id,
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json() as OrderJson;
    expect(after.status).toBe('cancelled');
    expect(after.credits).toEqual([
      {
        passenger_id: 'PAX1',
        ticket_number: order.tickets[0]!.ticket_number,
        credit_id: `crd_${order.tickets[0]!.ticket_number}`,
        amount: credit,
        currency: order.currency,
        expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        status: 'available',
      },
    ]);
    // Duffel's own expiry (a year on), not one the gateway made up.
    const year = Date.parse(after.credits[0]!.expires_at) - Date.now();
    expect(year).toBeGreaterThan(360 * 86_400_000);
    const refund = await call('GET', orderPath(order.order_id, '/refund-eligibility'));
    expect(refund.json()).toMatchObject({ eligible: false });
  });
});

describe('bags and seats of a Duffel order', () => {
  it('a bag and a seat chosen at booking, then a bag added after: the order shows them and their amounts', async () => {
    const offer = await baOffer('Standard', 65);
    const services = await call('GET', `/v1/offers/${encodeURIComponent(offer.offer_id)}/services`);
    expect(services.statusCode, services.body).toBe(200);
    const bag = (services.json() as { service_id: string; price_amount: number }[])[0]!;
    const seats = await call('GET', `/v1/offers/${encodeURIComponent(offer.offer_id)}/seats`);
    expect(seats.statusCode, seats.body).toBe(200);
    const map = (
      seats.json().seat_maps as {
        segment_id: string;
        seats: { seat: string; available: boolean; price_amount: number | null }[];
      }[]
    )[0]!;
    const seat = map.seats.find((s) => s.available && (s.price_amount ?? 0) > 0)!;
    const atBooking = bag.price_amount + seat.price_amount!;

    const order = await book(offer, {
      services: [{ service_id: bag.service_id, passenger_id: 'PAX1' }],
      seats: [{ segment_id: map.segment_id, passenger_id: 'PAX1', designator: seat.seat }],
      total_amount: Math.round((offer.total_amount + atBooking) * 100) / 100,
      currency: offer.currency,
    });
    expect(order.total).toBeCloseTo(offer.total_amount + atBooking, 2);
    expect(order.extras).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'service',
          passenger_id: 'PAX1',
          price: expect.objectContaining({ amount: bag.price_amount }),
        }),
        expect.objectContaining({ kind: 'seat', designator: seat.seat, segment_id: map.segment_id }),
      ]),
    );

    const later = await call('GET', `/v1/offers/${encodeURIComponent(order.order_id)}/services`);
    expect(later.statusCode, later.body).toBe(200);
    const second = (later.json() as { service_id: string; price_amount: number }[])[0]!;
    const quote = await call('POST', orderPath(order.order_id, '/change'), {
      action: 'ancillaries',
      services: [{ service_id: second.service_id, passenger_id: 'PAX1' }],
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().amount_due.amount).toBe(second.price_amount);
    const added = await call('POST', orderPath(order.order_id, '/change/confirm'), { offer_id: quote.json().quote_id });
    expect(added.statusCode, added.body).toBe(200);
    const after = added.json() as OrderJson;
    expect(after.extras.filter((e) => e.kind === 'service')).toHaveLength(2);
    expect(after.total).toBeCloseTo(order.total + second.price_amount, 2);
    // The seat and the first bag are still there, and the ticket is joined by the bag's EMD.
    expect(after.extras.some((e) => e.kind === 'seat' && e.designator === seat.seat)).toBe(true);
    expect(after.tickets.find((d) => d.document_type === 'emd')?.document_type_code).toBe('J');
  });

  it('a bag chosen on a hold waits as the pending upsell; commit pays the hold its price, then the bag', async () => {
    const offer = await baOffer('Standard', 67);
    people++;
    const held = await call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [{ ...PASSENGER, given_name: 'Ada', family_name: 'Byron' }],
      payment: { type: 'hold' },
    });
    expect(held.statusCode, held.body).toBe(201);
    const order = held.json() as OrderJson;
    const bag = (
      (await call('GET', `/v1/offers/${encodeURIComponent(order.order_id)}/services`)).json() as {
        service_id: string;
        price_amount: number;
      }[]
    )[0];
    expect(bag, 'a bag for the held order').toBeDefined();
    const upsell = await call('PUT', orderPath(order.order_id), {
      services: [{ service_id: bag!.service_id, passenger_id: 'PAX1' }],
    });
    expect(upsell.statusCode, upsell.body).toBe(200);
    expect(upsell.json().pending_upsell.total.amount).toBe(bag!.price_amount);
    const paid = await call('POST', orderPath(order.order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'ticketed', pending_upsell: null });
    expect((paid.json() as OrderJson).extras.filter((e) => e.kind === 'service')).toHaveLength(1);
  });
});

describe('Duffel and live keys without DUFFEL_ACCESS_TOKEN', () => {
  it('a live search leaves Duffel out (no connectors entry); a Duffel offer or order with a live key is refused naming the setting', async () => {
    const liveAgency = await t.agencyWithKey({ environment: 'live' });
    const live = liveAgency.secret;
    const res = await call(
      'POST',
      '/v1/shopping/offers',
      { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(70), adults: 1 },
      live,
    );
    expect((res.json().connectors as { source: string }[]).map((c) => c.source)).toEqual(['AA']);
    const offer = await baOffer('Flex', 70);
    const priced = await call('POST', '/v1/offers/price', { offer_id: offer.offer_id }, live);
    expect(priced.statusCode, priced.body).toBe(502);
    expect(priced.json()).toMatchObject({ code: 'airline_not_configured' });
    expect(priced.json().error).toMatch(/DUFFEL_ACCESS_TOKEN/);
    const booked = await call(
      'POST',
      '/v1/orders',
      {
        offer_id: offer.offer_id,
        passengers: [{ ...PASSENGER, given_name: 'Live', family_name: 'Key' }],
        payment: { type: 'hold' },
      },
      live,
    );
    expect(booked.statusCode, booked.body).toBe(502);
    expect(booked.json().error).toMatch(/DUFFEL_ACCESS_TOKEN/);

    // A live Duffel order (booked while a token was set) is refused the same way, naming the setting.
    const order = await book(offer);
    const row = (await findAgencyOrder(t.platform.db, order.order_id, testAgency))!;
    const liveId = `${order.order_id}L`;
    await insertOrder(t.platform.db, { ...row, id: liveId, agency_id: liveAgency.agencyId, environment: 'live' });
    const refreshed = await call('GET', `${orderPath(liveId)}&refresh=true`, undefined, live);
    expect(refreshed.statusCode, refreshed.body).toBe(502);
    expect(refreshed.json()).toMatchObject({ code: 'airline_not_configured' });
    expect(refreshed.json().error).toMatch(/DUFFEL_ACCESS_TOKEN/);
    const cancel = await call('POST', orderPath(liveId, '/cancel'), {}, live);
    expect(cancel.statusCode, cancel.body).toBe(502);
    expect(cancel.json().error).toMatch(/DUFFEL_ACCESS_TOKEN/);
  });
});

describe("the passenger details Duffel's airlines need", () => {
  it('a passenger without gender or phone is a 400 naming our field, before any Duffel call', async () => {
    const offer = await baOffer('Flex', 75);
    const before = (await (await fetch(`${duffel.url}/control/state`)).json()) as { orders: number };
    const passenger = { ...PASSENGER, given_name: 'Mary', family_name: 'Somerville' };
    const { gender: _gender, ...noGender } = passenger;
    const { phone: _phone, ...noPhone } = passenger;
    const refused: [unknown, string][] = [
      [noGender, 'passengers[0].gender'],
      [{ ...passenger, gender: 'x' }, 'passengers[0].gender'],
      [noPhone, 'passengers[0].phone'],
      // Duffel's airlines take a phone number in international form: a national one cannot be dialled.
      [{ ...passenger, phone: '020 7123 4567' }, 'passengers[0].phone'],
    ];
    for (const [traveller, field] of refused) {
      const res = await call('POST', '/v1/orders', {
        offer_id: offer.offer_id,
        passengers: [traveller],
        payment: { type: 'agency_account' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'passenger_detail_required', field });
      expect(res.json().error).toContain(`${field}:`);
    }
    const after = (await (await fetch(`${duffel.url}/control/state`)).json()) as { orders: number };
    expect(after.orders).toBe(before.orders);
    // With a contact phone the passenger needs none of their own; spaces and brackets are the seller's to keep.
    const booked = await call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [noPhone],
      contact: { email: 'desk@example.com', phone: '+1 (212) 555-0100' },
      payment: { type: 'agency_account' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });
});

describe('paying for a Duffel offer', () => {
  it("a card is a 422 naming payment.type, before any Duffel call: Duffel is paid from the agency's balance", async () => {
    const offer = await baOffer('Flex', 77);
    const before = (await (await fetch(`${duffel.url}/control/state`)).json()) as { orders: number };
    const card = { number: '4111111111111111', expiry: '1230', holder_name: 'Mary Somerville', security_code: '123' };
    const res = await call('POST', '/v1/orders', {
      offer_id: offer.offer_id,
      passengers: [{ ...PASSENGER, given_name: 'Mary', family_name: 'Somerville' }],
      payment: { type: 'card', card },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: 'payment_type_unsupported' });
    expect(res.json().error).toContain('payment.type card');
    expect(res.json().error).toContain('agency_account');
    const after = (await (await fetch(`${duffel.url}/control/state`)).json()) as { orders: number };
    expect(after.orders).toBe(before.orders);

    // A hold paid by card: the same 422, the hold still unpaid; paid from the balance it is ticketed.
    const held = await call('POST', '/v1/orders', {
      offer_id: (await baOffer('Flex', 78)).offer_id,
      passengers: [{ ...PASSENGER, given_name: 'Mary', family_name: 'Anning' }],
      payment: { type: 'hold' },
    });
    expect(held.statusCode, held.body).toBe(201);
    const byCard = await call('POST', orderPath(held.json().order_id, '/commit'), { payment: { type: 'card', card } });
    expect(byCard.statusCode, byCard.body).toBe(422);
    expect(byCard.json()).toMatchObject({ code: 'payment_type_unsupported' });
    const paid = await call('POST', orderPath(held.json().order_id, '/commit'), { payment: { type: 'agency_account' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('ticketed');
  });
});
