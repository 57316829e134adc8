// Two Duffel test systems on one PostgreSQL database, as two processes sharing its store would be:
// an offer raced from both is booked once, a hold paid from both is paid once, a cancellation
// confirmed from both is confirmed once, and the rate limit and the injected faults set through one
// hold on the other.

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DUFFEL_TEST_DEVELOPMENT_TOKEN, type DuffelTestSystem } from '../../../src/testsystem/duffel/server.js';
import { isolatedDatabase } from '../../helpers/test-platform.js';
import { control, searchSlice, startFixed, traveller } from './duffel-test-helpers.js';

const skip = inject('databaseUrl')
  ? null
  : 'a store shared by two test systems needs PostgreSQL (this run is on embedded PGlite)';

interface Answer {
  status: number;
  headers: Headers;
  body: { data?: Record<string, unknown> & { id: string }; errors?: { type: string; code: string }[] };
}

describe.skipIf(skip !== null)(`the Duffel test system on a store shared by two${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let first: DuffelTestSystem;
  let second: DuffelTestSystem;

  beforeAll(async () => {
    const storage = { databaseUrl: await isolatedDatabase(inject('databaseUrl')!), dataDir: 'memory://' };
    first = await startFixed({ storage });
    second = await startFixed({ storage });
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  async function air(system: DuffelTestSystem, method: string, path: string, data?: unknown): Promise<Answer> {
    const res = await fetch(`${system.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${DUFFEL_TEST_DEVELOPMENT_TOKEN}`,
        'duffel-version': 'v2',
        accept: 'application/json',
        ...(data === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(data === undefined ? {} : { body: JSON.stringify({ data }) }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Answer['body'] };
  }

  /** A BA offer JFK→LHR found through the first, with its passenger and amount. */
  async function baOffer() {
    const search = await air(first, 'POST', '/air/offer_requests?return_offers=true', {
      slices: [searchSlice('JFK', 'LHR')],
      passengers: [{ type: 'adult' }],
    });
    expect(search.status).toBe(201);
    const offers = search.body.data!.offers as {
      id: string;
      owner: { iata_code: string };
      passengers: { id: string }[];
      total_amount: string;
      total_currency: string;
    }[];
    return offers.find((o) => o.owner.iata_code === 'BA')!;
  }

  const codes = (answers: Answer[]) => answers.filter((a) => a.status !== 201).map((a) => a.body.errors?.[0]?.code);

  it('books an offer raced from both once: one order, every other answer offer_no_longer_available', async () => {
    const offer = await baOffer();
    const book = (system: DuffelTestSystem) =>
      air(system, 'POST', '/air/orders', {
        type: 'instant',
        selected_offers: [offer.id],
        passengers: [traveller(offer.passengers[0]!.id)],
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
      });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => book(i % 2 === 0 ? first : second)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(codes(answers)).toEqual(Array.from({ length: 7 }, () => 'offer_no_longer_available'));
    for (const system of [first, second]) {
      const orders = await air(system, 'GET', '/air/orders');
      expect((orders.body.data as unknown as { id: string }[]).map((o) => o.id)).toEqual([
        answers.find((a) => a.status === 201)!.body.data!.id,
      ]);
    }
  });

  it('pays a hold raced from both once, and confirms its cancellation raced from both once', async () => {
    const offer = await baOffer();
    const held = await air(second, 'POST', '/air/orders', {
      type: 'hold',
      selected_offers: [offer.id],
      passengers: [traveller(offer.passengers[0]!.id)],
    });
    expect(held.status).toBe(201);
    const orderId = held.body.data!.id;
    const payment = { type: 'balance', amount: held.body.data!.total_amount, currency: held.body.data!.total_currency };
    const paid = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        air(i % 2 === 0 ? first : second, 'POST', '/air/payments', { order_id: orderId, payment }),
      ),
    );
    expect(paid.filter((a) => a.status === 201)).toHaveLength(1);
    expect(codes(paid)).toEqual(Array.from({ length: 5 }, () => 'already_paid'));

    const quote = await air(first, 'POST', '/air/order_cancellations', { order_id: orderId });
    expect(quote.status).toBe(201);
    const confirmed = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        air(i % 2 === 0 ? first : second, 'POST', `/air/order_cancellations/${quote.body.data!.id}/actions/confirm`),
      ),
    );
    expect(confirmed.filter((a) => a.status === 200)).toHaveLength(1);
    expect(confirmed.filter((a) => a.status !== 200).map((a) => a.body.errors?.[0]?.code)).toEqual(
      Array.from({ length: 5 }, () => 'already_confirmed'),
    );
    const payments = await air(first, 'GET', `/air/orders/${orderId}`);
    expect(payments.body.data).toMatchObject({ payment_status: { awaiting_payment: false } });
    expect(payments.body.data!.cancelled_at).not.toBeNull();
  });

  it('counts one rate limit across both: the limit set through one is spent by requests to either', async () => {
    expect((await control(first, 'POST', '/control/rate-limit', { limit: 4, windowSeconds: 60 })).status).toBe(200);
    try {
      expect((await control(second, 'GET', '/control/state')).body.rateLimit).toEqual({ limit: 4, windowMs: 60_000 });
      const answers: Answer[] = [];
      for (const system of [first, second, first, second, first, second])
        answers.push(await air(system, 'GET', '/air/offers/off_0000AAAAAAAAAAAAAAAAAA'));
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 429, 429]);
      expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['3', '2', '1', '0', '0', '0']);
      expect(answers[5]!.body.errors![0]).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    } finally {
      await control(second, 'DELETE', '/control/rate-limit');
    }
    expect((await control(first, 'GET', '/control/state')).body.rateLimit).toEqual({ limit: 120, windowMs: 60_000 });
    expect((await air(first, 'GET', '/air/offers/off_0000AAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('answers a fault injected through one on the next calls to either, as many times as asked', async () => {
    const injected = await control(first, 'POST', '/control/faults', { status: 503, code: 'airline_unavailable', times: 2 });
    expect(injected.status).toBe(201);
    expect((await control(second, 'GET', '/control/state')).body.faults).toMatchObject([{ status: 503, remaining: 2 }]);
    const answers: Answer[] = [];
    for (const system of [second, first, second])
      answers.push(await air(system, 'GET', '/air/offers/off_0000AAAAAAAAAAAAAAAAAA'));
    expect(answers.map((a) => [a.status, a.body.errors?.[0]?.code])).toEqual([
      [503, 'airline_unavailable'],
      [503, 'airline_unavailable'],
      [404, 'not_found'],
    ]);
    expect((await control(first, 'GET', '/control/state')).body.faults).toEqual([]);

    await control(second, 'POST', '/control/faults', { times: 5 });
    expect((await control(first, 'DELETE', '/control/faults')).status).toBe(204);
    expect((await air(second, 'GET', '/air/offers/off_0000AAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });
});
