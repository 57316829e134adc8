// A refund done on AA's side carries its amount the NDC 21.3 way (OrderItem/PriceDifferential,
// DifferentialTypeCode Refund, DiffPrice/Price/DueByAirlineAmount); the connector reads it and a
// refresh shows it as the order's refund.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../src/connectors/connector-types.js';
import type { PassengerInput } from '../../src/connectors/order-types.js';
import { ndcSchemaErrors } from '../connectors/ndc-schema-validator.js';
import { startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';
import { orderFixture, type OrderFixture } from './order-fixture.js';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const PAX: PassengerInput[] = [
  {
    passengerId: 'PAX1',
    type: 'adult',
    givenName: 'Grace',
    familyName: 'Hopper',
    bornOn: '1986-12-09',
    gender: 'f',
    email: 'grace@example.com',
    phone: null,
  },
];
const CARD = { number: '4111111111111111', expiry: '1230', holderName: 'GRACE HOPPER', securityCode: '123' };

describe('refund amounts on the wire', () => {
  let wire: RecordedAa;
  beforeAll(async () => {
    wire = await startRecordedAa();
  });
  afterAll(async () => wire?.close());

  it('an order refunded at AA answers OrderRetrieve with the refund per item, schema-valid, read as the order refund', async () => {
    const aa = wire.connector();
    const ctx = { environment: 'test' as const };
    const found = await aa.search(
      {
        slices: [{ origin: 'ORD', destination: 'MIA', departureDate: day(25) }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: 0,
      },
      ctx,
    );
    const shopped = ((found.ok ? found.value : null) ?? []).find((o) => o.fareBrandCode?.includes('MAINFL')) as Offer;
    const priced = await aa.price([shopped.offerId], ctx);
    if (!priced.ok) throw new Error(priced.failure.message);
    const created = await aa.createOrder(
      {
        offerId: priced.value.offer.offerId,
        passengers: PAX,
        contact: { email: 'grace@example.com', phone: null },
        extras: [],
        payment: { type: 'hold' },
        expectedTotal: priced.value.offer.total,
        sellerReference: 'AA-ord_refundWire0000000001',
      },
      ctx,
    );
    if (!created.ok) throw new Error(created.failure.message);
    const ref = { airlineOrderId: created.value.airlineOrderId, owner: created.value.owner };
    const paid = await aa.changeOrder(
      ref,
      { extras: [], payment: { type: 'card', card: CARD }, amount: created.value.total },
      ctx,
    );
    if (!paid.ok) throw new Error(paid.failure.message);
    expect(paid.value.status).toBe('ticketed');
    expect(paid.value.refund, 'nothing refunded yet: no refund in the view').toBeUndefined();

    const refunded = await fetch(`${wire.aa.url}/control/orders/${ref.airlineOrderId}/refund`, { method: 'POST' });
    expect(refunded.status).toBe(200);
    const read = await aa.retrieveOrder(ref, ctx);
    if (!read.ok) throw new Error(read.failure.message);
    expect(read.value.status).toBe('refunded');
    expect(read.value.refund).toEqual(created.value.total);
    await aa.close();

    const answer = wire.traffic.filter((t) => t.message === 'OrderRetrieve').at(-1)!.response;
    expect(answer).toContain('<DifferentialTypeCode>Refund</DifferentialTypeCode>');
    expect(answer).toMatch(/<DueByAirlineAmount CurCode="USD">\d+\.\d{2}<\/DueByAirlineAmount>/);
    expect(await ndcSchemaErrors(answer, 'IATA_OrderViewRS')).toEqual([]);
  });
});

describe('refund amounts through the gateway', () => {
  let f: OrderFixture;
  beforeAll(async () => {
    f = await orderFixture();
  });
  afterAll(async () => f?.close());

  it('GET ?refresh=true of an order AA refunded on its side shows refund with amount and currency', async () => {
    const offer = await f.offer('JFK', 'LAX');
    const created = await f.hold(offer.offer_id, { payment: { type: 'agency_account' } });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order.status).toBe('ticketed');
    expect(order.refund).toBeNull();

    await f.control('POST', `/control/orders/${order.pnr}/refund`);
    const refreshed = await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}?airline=AA&refresh=true`);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const view = refreshed.json();
    expect(view.status).toBe('refunded');
    expect(view.refund).toMatchObject({ amount: order.total, currency: order.currency });
    expect(typeof view.refund.refunded_at).toBe('string');

    // Read again without refresh: the stored order keeps it.
    const stored = (await f.call('GET', `/v1/orders/${encodeURIComponent(order.order_id)}?airline=AA`)).json();
    expect(stored.refund).toEqual(view.refund);
  });
});
