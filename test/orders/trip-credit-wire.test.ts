// A trip credit on the wire (NDC 21.3): after AA's test system accepts the cancellation of a Main
// Cabin ticket past 24 hours, its OrderViewRS keeps the coupons open, states the value kept per
// passenger as the flight item's "Residual" PriceDifferential and the ticket's original issue date,
// schema-valid; the connector reads it as the order's credit. The order view names the brand sold.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../src/connectors/connector-types.js';
import type { PassengerInput } from '../../src/connectors/order-types.js';
import { ndcSchemaErrors } from '../connectors/ndc-schema-validator.js';
import { startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const PAX: PassengerInput[] = [
  {
    passengerId: 'PAX1',
    type: 'adult',
    givenName: 'Annie',
    familyName: 'Easley',
    bornOn: '1983-04-23',
    gender: 'f',
    email: 'annie@example.com',
    phone: null,
  },
];

describe('trip credit on the wire', () => {
  let wire: RecordedAa;
  beforeAll(async () => {
    wire = await startRecordedAa();
  });
  afterAll(async () => wire?.close());

  it('a Main Cabin cancellation after 24 hours answers with open coupons and a Residual differential, read as a credit', async () => {
    const aa = wire.connector();
    const ctx = { environment: 'test' as const };
    const found = await aa.search(
      {
        slices: [{ origin: 'ORD', destination: 'MIA', departureDate: day(30) }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: 0,
      },
      ctx,
    );
    const shopped = ((found.ok ? found.value : null) ?? []).find((o) => o.fareBrandCode === 'AADOM-MAIN') as Offer;
    const priced = await aa.price([shopped.offerId], ctx);
    if (!priced.ok) throw new Error(priced.failure.message);
    const created = await aa.createOrder(
      {
        offerId: priced.value.offer.offerId,
        passengers: PAX,
        contact: { email: 'annie@example.com', phone: null },
        extras: [],
        payment: { type: 'agency_account' },
        expectedTotal: priced.value.offer.total,
        sellerReference: 'AA-ord_tripCreditWire00000001',
      },
      ctx,
    );
    if (!created.ok) throw new Error(created.failure.message);
    expect(created.value.status).toBe('ticketed');
    expect(created.value.credits).toBeUndefined();
    expect(created.value.tickets[0]!.kind).toBe('ticket');
    // The order view names the brand sold on each segment (the fare component's price class), as the offer did.
    expect(created.value.segmentBrands).toEqual(
      Object.fromEntries(
        created.value.segments.map((s) => [s.segmentId, { name: shopped.fareBrand, code: shopped.fareBrandCode }]),
      ),
    );
    const ref = { airlineOrderId: created.value.airlineOrderId, owner: created.value.owner };
    const issuedOn = new Date().toISOString().slice(0, 10);
    await fetch(`${wire.aa.url}/control/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 25 * 3600 }),
    });
    try {
      const quote = await aa.cancelQuote(ref, ctx);
      if (!quote.ok) throw new Error(quote.failure.message);
      expect(quote.value.credit.amountMinor).toBeGreaterThan(0);
      const accepted = await aa.acceptCancel(ref, quote.value.quoteId, ctx);
      if (!accepted.ok) throw new Error(accepted.failure.message);
      const read = await aa.retrieveOrder(ref, ctx);
      if (!read.ok) throw new Error(read.failure.message);
      expect(read.value.status).toBe('cancelled');
      expect(read.value.tickets[0]!.coupons.map((c) => c.status)).toEqual(['I']);
      expect(read.value.credits).toEqual([
        {
          passengerId: 'PAX1',
          ticketNumber: created.value.tickets[0]!.ticketNumber,
          amount: quote.value.credit,
          issuedOn,
          expiresAt: `${Number(issuedOn.slice(0, 4)) + 1}${issuedOn.slice(4)}T23:59:59.000Z`,
          status: 'available',
        },
      ]);
    } finally {
      await fetch(`${wire.aa.url}/control/clock`, { method: 'DELETE' });
      await aa.close();
    }
    const answer = wire.traffic.filter((t) => t.message === 'OrderRetrieve').at(-1)!.response;
    expect(answer).toContain('<DifferentialTypeCode>Residual</DifferentialTypeCode>');
    expect(answer).toContain(`<IssueDate>${issuedOn}</IssueDate>`);
    expect(await ndcSchemaErrors(answer, 'IATA_OrderViewRS')).toEqual([]);
  });
});
