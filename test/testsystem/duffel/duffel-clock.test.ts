// The test clock moves Duffel's deadlines: offers expire 30 minutes after the search, a hold must be
// paid by payment_required_by, a cancellation quote lasts 15 minutes.

import type { Duffel } from '@duffel/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuffelTestSystem } from '../../../src/testsystem/duffel/server.js';
import { client, control, searchSlice, startFixed, traveller } from './duffel-test-helpers.js';

type Offer = Awaited<ReturnType<Duffel['offers']['get']>>['data'];
interface ApiError {
  errors: { code: string }[];
}

let system: DuffelTestSystem;
let duffel: Duffel;
beforeAll(async () => {
  system = await startFixed();
  duffel = client(system);
});
afterAll(async () => system?.close());

async function baOffer(brand: string): Promise<Offer> {
  const request = await duffel.offerRequests.create({
    slices: [searchSlice('LHR', 'JFK')],
    passengers: [{ type: 'adult' }],
    return_offers: false,
  });
  const offers = await duffel.offers.list({ offer_request_id: request.data.id, limit: 200 });
  return offers.data.find((o) => o.owner.iata_code === 'BA' && o.slices[0]!.fare_brand_name === brand)!;
}

const advance = (seconds: number) => control(system, 'POST', '/control/clock', { advanceSeconds: seconds });

describe('deadlines on the test clock', () => {
  it('refuses to book an offer 30 minutes after the search', async () => {
    const offer = await baOffer('Basic');
    await advance(31 * 60);
    const late = await duffel.orders
      .create({
        type: 'instant',
        selected_offers: [offer.id],
        passengers: [traveller(offer.passengers[0]!.id)],
        payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
      })
      .catch((e: unknown) => e as ApiError);
    expect((late as ApiError).errors[0]!.code).toBe('offer_no_longer_available');
  });

  it('refuses to pay a hold after payment_required_by', async () => {
    const offer = await baOffer('Flex');
    const held = await duffel.orders.create({
      type: 'hold' as 'instant',
      selected_offers: [offer.id],
      passengers: [traveller(offer.passengers[0]!.id)],
    });
    const payBy = Date.parse(held.data.payment_status.payment_required_by!);
    const now = Date.parse(String((await control(system, 'GET', '/control/state')).body.now));
    await advance(Math.ceil((payBy - now) / 1000) + 1);
    const late = await duffel.payments
      .create({
        order_id: held.data.id,
        payment: { type: 'balance', amount: offer.total_amount, currency: offer.total_currency },
      })
      .catch((e: unknown) => e as ApiError);
    expect((late as ApiError).errors[0]!.code).toBe('order_expired');
  });

  it('refuses to confirm a cancellation quote after 15 minutes', async () => {
    const offer = await baOffer('Flex');
    const order = await duffel.orders.create({
      type: 'instant',
      selected_offers: [offer.id],
      passengers: [traveller(offer.passengers[0]!.id)],
      payments: [{ type: 'balance', amount: offer.total_amount, currency: offer.total_currency }],
    });
    const quote = await duffel.orderCancellations.create({ order_id: order.data.id });
    expect(quote.data.refund_currency).toBe('GBP');
    await advance(16 * 60);
    const late = await duffel.orderCancellations.confirm(quote.data.id).catch((e: unknown) => e as ApiError);
    expect((late as ApiError).errors[0]!.code).toBe('order_cancellation_expired');
    expect((await duffel.orders.get(order.data.id)).data.cancelled_at).toBeNull();
  });
});
