// The wire proof (issue 46, item 4): @duffel/api's own client, pointed at our Duffel test system,
// searches, books, holds and pays, picks seats, changes and cancels (to a refund and to airline
// credits), handles an airline-initiated change, pages through offers, and meets Duffel's errors
// and rate limit as the DuffelError it raises for Duffel itself.

import { DuffelError, type Duffel } from '@duffel/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuffelTestSystem } from '../../../src/testsystem/duffel/server.js';
import { client, control, searchSlice, startFixed, traveller, TRAVEL_DATE } from './duffel-test-helpers.js';

type Offer = Awaited<ReturnType<Duffel['offers']['get']>>['data'];
/** What DuffelError carries: Duffel's error objects, the meta and the answer's headers. */
interface ApiError {
  meta: { status: number; request_id: string };
  errors: { type: string; code: string }[];
  headers?: { get(name: string): string | null };
}

let system: DuffelTestSystem;
let duffel: ReturnType<typeof client>;
beforeAll(async () => {
  system = await startFixed();
  duffel = client(system);
});
afterAll(async () => system?.close());

async function search(origin = 'JFK', destination = 'LHR') {
  const request = await duffel.offerRequests.create({
    slices: [searchSlice(origin, destination)],
    passengers: [{ type: 'adult' }],
    cabin_class: 'economy',
    return_offers: false,
  });
  const offers: Offer[] = [];
  for await (const page of duffel.offers.listWithGenerator({ offer_request_id: request.data.id, limit: 4 }))
    offers.push(page.data);
  return { request: request.data, offers };
}

const offerOf = (offers: Offer[], owner: string, brand: string) =>
  offers.find((o) => o.owner.iata_code === owner && o.slices[0]!.fare_brand_name === brand)!;

async function book(offer: Offer, type: 'instant' | 'hold' = 'instant') {
  return duffel.orders.create({
    type: type as 'instant',
    selected_offers: [offer.id],
    passengers: [traveller(offer.passengers[0]!.id)],
    ...(type === 'instant'
      ? { payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }] }
      : {}),
  });
}

describe('searching through @duffel/api', () => {
  it('finds Duffel Airways, British Airways and Iberia JFK→LHR, paged four at a time', async () => {
    const { request, offers } = await search();
    expect(request.id).toMatch(/^orq_0000[0-9A-Za-z]{18}$/);
    expect(new Set(offers.map((o) => o.owner.iata_code))).toEqual(new Set(['ZZ', 'BA', 'IB']));
    expect(offers.length).toBeGreaterThan(4);
    const listed = await duffel.offers.list({ offer_request_id: request.id, limit: 4, sort: 'total_amount' });
    expect(listed.data).toHaveLength(4);
    expect(listed.meta?.after).toBeTruthy();
    const amounts = listed.data.map((o) => Number(o.total_amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const ba = offers.filter((o) => o.owner.iata_code === 'BA');
    expect(new Set(ba.map((o) => o.slices[0]!.fare_brand_name))).toEqual(new Set(['Basic', 'Standard', 'Flex']));
    expect(new Set(ba.map((o) => o.slices[0]!.segments[0]!.marketing_carrier_flight_number))).toEqual(
      new Set(['178', '112', '174']),
    );
    const ib = offers.find((o) => o.owner.iata_code === 'IB')!;
    expect(ib.slices[0]!.segments[0]!.marketing_carrier.iata_code).toBe('IB');
    expect(ib.slices[0]!.segments[0]!.operating_carrier.iata_code).toBe('BA');
    for (const o of offers) expect((Number(o.base_amount) + Number(o.tax_amount)).toFixed(2)).toBe(o.total_amount);
    const basic = offerOf(offers, 'BA', 'Basic');
    expect(basic.total_currency).toBe('USD');
    expect(basic.conditions.refund_before_departure).toEqual({ allowed: false, penalty_amount: null, penalty_currency: null });
    expect(basic.slices[0]!.segments[0]!.passengers[0]!.baggages).toEqual([
      { type: 'checked', quantity: 0 },
      { type: 'carry_on', quantity: 1 },
    ]);
    const standard = offerOf(offers, 'BA', 'Standard');
    expect(standard.conditions.change_before_departure).toEqual({
      allowed: true,
      penalty_amount: '200.00',
      penalty_currency: 'USD',
    });
  });

  it('returns an offer with its available services and seat maps when asked', async () => {
    const { offers } = await search('LHR', 'MAD');
    const offer = offerOf(offers, 'IB', 'Basic');
    expect(offer.total_currency).toBe('GBP');
    const plain = await duffel.offers.get(offer.id);
    expect(plain.data.available_services).toEqual([]);
    const full = await duffel.offers.get(offer.id, { return_available_services: true });
    expect(full.data.available_services[0]).toMatchObject({
      type: 'baggage',
      total_currency: 'GBP',
      passenger_ids: [offer.passengers[0]!.id],
    });
    const maps = await duffel.seatMaps.get({ offer_id: offer.id });
    expect(maps.data).toHaveLength(1);
    expect(maps.data[0]!.segment_id).toBe(offer.slices[0]!.segments[0]!.id);
  });
});

describe('booking, holding and paying through @duffel/api', () => {
  it('books instantly with a seat and refuses a payment that is not the amount due', async () => {
    const { offers } = await search();
    const offer = offerOf(offers, 'BA', 'Basic');
    const maps = await duffel.seatMaps.get({ offer_id: offer.id });
    const seat = maps.data[0]!.cabins[0]!.rows.flatMap((r) => r.sections.flatMap((s) => s.elements)).find(
      (e) => e.type === 'seat' && e.available_services.length > 0,
    ) as { designator: string; available_services: { id: string; total_amount: string }[] };
    const due = (Number(offer.total_amount) + Number(seat.available_services[0]!.total_amount)).toFixed(2);

    const wrong = await duffel.orders
      .create({
        type: 'instant',
        selected_offers: [offer.id],
        passengers: [traveller(offer.passengers[0]!.id)],
        services: [{ id: seat.available_services[0]!.id, quantity: 1 }],
        payments: [{ type: 'balance', amount: offer.total_amount, currency: 'USD' }],
      })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(DuffelError);
    expect((wrong as ApiError).meta.status).toBe(422);
    expect((wrong as ApiError).errors[0]).toMatchObject({ type: 'validation_error', code: 'invalid_payment_amount' });
    expect((wrong as ApiError).meta.request_id).toMatch(/^[0-9A-Za-z]{20}$/);

    const order = await duffel.orders.create({
      type: 'instant',
      selected_offers: [offer.id],
      passengers: [traveller(offer.passengers[0]!.id)],
      services: [{ id: seat.available_services[0]!.id, quantity: 1 }],
      payments: [{ type: 'balance', amount: due, currency: 'USD' }],
    });
    expect(order.status).toBe(201);
    expect(order.data.id).toMatch(/^ord_/);
    expect(order.data.booking_reference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.data.total_amount).toBe(due);
    expect(order.data.payment_status).toMatchObject({ awaiting_payment: false });
    expect(order.data.documents?.[0]?.unique_identifier).toMatch(/^125\d{10}$/);
    expect(order.data.slices[0]!.segments[0]!.passengers[0]!.seat?.designator).toBe(seat.designator);
    expect((await duffel.orders.get(order.data.id)).data.booking_reference).toBe(order.data.booking_reference);

    const again = await book(offer).catch((e: unknown) => e);
    expect((again as ApiError).errors[0]!.code).toBe('offer_no_longer_available');
  });

  it('holds an order, then pays it with payments.create', async () => {
    const { offers } = await search();
    const offer = offerOf(offers, 'BA', 'Flex');
    expect(offer.payment_requirements.requires_instant_payment).toBe(false);
    const held = await book(offer, 'hold');
    expect(held.data.payment_status.awaiting_payment).toBe(true);
    expect(held.data.documents).toEqual([]);
    const payment = await duffel.payments.create({
      order_id: held.data.id,
      payment: { type: 'balance', amount: offer.total_amount, currency: offer.total_currency },
    });
    expect(payment.data).toMatchObject({ type: 'balance', amount: offer.total_amount, currency: 'USD' });
    const paid = await duffel.orders.get(held.data.id);
    expect(paid.data.payment_status.awaiting_payment).toBe(false);
    expect(paid.data.documents).toHaveLength(1);
    const twice = await duffel.payments
      .create({ order_id: held.data.id, payment: { type: 'balance', amount: offer.total_amount, currency: 'USD' } })
      .catch((e: unknown) => e);
    expect((twice as ApiError).errors[0]!.code).toBe('already_paid');
  });

  it('lists orders a page at a time and keeps metadata set with orders.update', async () => {
    const { offers } = await search('LHR', 'MAD');
    const order = await book(offerOf(offers, 'BA', 'Basic'));
    const updated = await duffel.orders.update(order.data.id, { metadata: { trip: 'madrid' } });
    expect(updated.data.metadata).toEqual({ trip: 'madrid' });
    const listed = await duffel.orders.list({ limit: 1 } as never);
    expect(listed.data[0]!.id).toBe(order.data.id);
  });
});

describe('changing and cancelling through @duffel/api', () => {
  it('changes a Flex order to the next day and confirms the change', async () => {
    const { offers } = await search();
    const order = await book(offerOf(offers, 'BA', 'Flex'));
    const request = await duffel.orderChangeRequests.create({
      order_id: order.data.id,
      slices: {
        remove: [{ slice_id: order.data.slices[0]!.id }],
        add: [{ origin: 'JFK', destination: 'LHR', departure_date: '2026-12-16', cabin_class: 'economy' }],
      },
    });
    const changeOffers = await duffel.orderChangeOffers.list({ order_change_request_id: request.data.id } as never);
    expect(changeOffers.data.length).toBe(3);
    const chosen = changeOffers.data[0]!;
    expect(chosen.penalty_amount).toBe('0.00');
    const created = await duffel.orderChanges.create({ selected_order_change_offer: chosen.id });
    // @duffel/api 4.30 types this answer as an order change offer; the wire carries an order change.
    const pending = created as unknown as {
      data: {
        id: string;
        confirmed_at: string | null;
        change_total_amount: string;
        change_total_currency: string;
        new_total_amount: string;
      };
    };
    expect(pending.data.confirmed_at).toBeNull();
    const due = Number(pending.data.change_total_amount);
    const confirmed = (await duffel.orderChanges.confirm(
      pending.data.id,
      due > 0
        ? { payment: { type: 'balance', amount: pending.data.change_total_amount, currency: pending.data.change_total_currency } }
        : {},
    )) as unknown as { data: { confirmed_at: string | null } };
    expect(confirmed.data.confirmed_at).not.toBeNull();
    const changed = await duffel.orders.get(order.data.id);
    expect(changed.data.slices[0]!.segments[0]!.departing_at.slice(0, 10)).toBe('2026-12-16');
    expect(changed.data.total_amount).toBe(pending.data.new_total_amount);
  });

  it('refuses to change a Basic fare', async () => {
    const { offers } = await search();
    const order = await book(offerOf(offers, 'BA', 'Basic'));
    const refused = await duffel.orderChangeRequests
      .create({
        order_id: order.data.id,
        slices: {
          remove: [{ slice_id: order.data.slices[0]!.id }],
          add: [{ origin: 'JFK', destination: 'LHR', departure_date: '2026-12-16', cabin_class: 'economy' }],
        },
      })
      .catch((e: unknown) => e);
    expect((refused as ApiError).errors[0]).toMatchObject({ type: 'invalid_state_error', code: 'order_change_not_allowed' });
  });

  it('cancels a Flex order to a refund and a Standard order to airline credits', async () => {
    const { offers } = await search();
    const flex = await book(offerOf(offers, 'BA', 'Flex'));
    const refundQuote = await duffel.orderCancellations.create({ order_id: flex.data.id });
    expect(refundQuote.data).toMatchObject({
      refund_to: 'balance',
      refund_amount: flex.data.total_amount,
      refund_currency: 'USD',
    });
    const confirmed = await duffel.orderCancellations.confirm(refundQuote.data.id);
    expect(confirmed.data.confirmed_at).not.toBeNull();
    expect((await duffel.orders.get(flex.data.id)).data.cancelled_at).not.toBeNull();

    const standard = await book(offerOf(offers, 'BA', 'Standard'));
    const creditQuote = await duffel.orderCancellations.create({ order_id: standard.data.id });
    expect(creditQuote.data.refund_to).toBe('airline_credits');
    const expected = (Number(standard.data.total_amount) - 200).toFixed(2);
    expect(creditQuote.data.refund_amount).toBe(expected);
    const done = await duffel.orderCancellations.confirm(creditQuote.data.id);
    expect(done.data.airline_credits).toHaveLength(1);
    expect(done.data.airline_credits[0]).toMatchObject({
      credit_amount: expected,
      credit_currency: 'USD',
      passenger_id: standard.data.passengers[0]!.id,
    });
    const credits = await duffel.orderCancellations.create({ order_id: standard.data.id }).catch((e: unknown) => e);
    expect((credits as ApiError).errors[0]!.code).toBe('already_cancelled');
  });

  it('shows an airline-initiated schedule change and accepts it', async () => {
    const { offers } = await search();
    const order = await book(offerOf(offers, 'BA', 'Basic'));
    const before = order.data.slices[0]!.segments[0]!.departing_at;
    const made = await control(system, 'POST', `/control/orders/${order.data.id}/schedule-change`, { minutes: 90 });
    expect(made.status).toBe(201);
    const listed = await duffel.airlineInitiatedChanges.list(order.data.id as never);
    expect(listed.data).toHaveLength(1);
    const change = listed.data[0]!;
    expect(change.removed[0]!.segments[0]!.departing_at).toBe(before);
    expect(change.added[0]!.segments[0]!.departing_at).toBe(`${TRAVEL_DATE}T09:55:00`);
    expect(change.available_actions).toContain('accept');
    const accepted = await duffel.airlineInitiatedChanges.accept(change.id);
    expect(accepted.data).toMatchObject({ action_taken: 'accepted', available_actions: [] });
    const now = await duffel.orders.get(order.data.id);
    expect(now.data.slices[0]!.segments[0]!.departing_at).toBe(`${TRAVEL_DATE}T09:55:00`);
    expect(now.data.airline_initiated_changes[0]!.action_taken).toBe('accepted');
  });
});

describe("Duffel's errors and rate limit through @duffel/api", () => {
  it('raises DuffelError with an authentication error for a wrong token', async () => {
    const wrong = await client(system, 'duffel_test_wrong')
      .offerRequests.get('orq_0000AAAAAAAAAAAAAAAAAA')
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(DuffelError);
    expect((wrong as ApiError).meta.status).toBe(401);
    expect((wrong as ApiError).errors[0]).toMatchObject({ type: 'authentication_error', code: 'access_token_not_found' });
  });

  it('answers 429 rate_limit_exceeded with the reset time once the limit is spent', async () => {
    await control(system, 'POST', '/control/rate-limit', { limit: 2, windowSeconds: 60 });
    try {
      const first = await duffel.offers.get('off_0000AAAAAAAAAAAAAAAAAA').catch((e: unknown) => e as ApiError);
      expect(first.headers?.get('ratelimit-limit')).toBe('2');
      expect(first.headers?.get('ratelimit-remaining')).toBe('1');
      await duffel.offers.get('off_0000AAAAAAAAAAAAAAAAAA').catch(() => {});
      const limited = (await duffel.offers.get('off_0000AAAAAAAAAAAAAAAAAA').catch((e: unknown) => e)) as ApiError;
      expect(limited.meta.status).toBe(429);
      expect(limited.errors[0]).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
      expect(limited.headers?.get('ratelimit-remaining')).toBe('0');
      expect(Date.parse(limited.headers!.get('ratelimit-reset')!)).toBeGreaterThan(Date.now() - 1000);
    } finally {
      await control(system, 'DELETE', '/control/rate-limit');
    }
  });

  it('answers an injected airline error on the next call only', async () => {
    await control(system, 'POST', '/control/faults', {
      status: 502,
      type: 'airline_error',
      code: 'airline_unavailable',
      path: '/air/offer_requests',
    });
    const failed = (await duffel.offerRequests
      .create({ slices: [searchSlice('LHR', 'MAD')], passengers: [{ type: 'adult' }], return_offers: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(failed.meta.status).toBe(502);
    expect(failed.errors[0]).toMatchObject({ type: 'airline_error', code: 'airline_unavailable' });
    const next = await duffel.offerRequests.create({
      slices: [searchSlice('LHR', 'MAD')],
      passengers: [{ type: 'adult' }],
      return_offers: false,
    });
    expect(next.status).toBe(201);
  });
});
