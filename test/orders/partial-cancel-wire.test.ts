import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../src/connectors/connector-types.js';
import { ndcSchemaErrors } from '../connectors/ndc-schema-validator.js';
import { startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const ROOTS: Record<string, string> = {
  OrderReshop: 'IATA_OrderReshopRS',
  OrderChange: 'IATA_OrderViewRS',
  OrderRetrieve: 'IATA_OrderViewRS',
};

let wire: RecordedAa;
beforeAll(async () => {
  wire = await startRecordedAa();
});
afterAll(async () => wire?.close());

const pax = (id: string, givenName: string) => ({
  passengerId: id,
  type: 'adult' as const,
  givenName,
  familyName: 'Lovelace',
  bornOn: '1985-12-10',
  gender: null,
  email: null,
  phone: null,
});

describe('partial cancellation on the wire', () => {
  it('a passenger, then a segment: DeleteOrderItem quotes and AcceptCancelledOffer validate against the 21.3 schemas both ways', async () => {
    const aa = wire.connector();
    const ctx = { environment: 'test' as const };
    const found = await aa.search(
      {
        slices: [
          { origin: 'JFK', destination: 'LAX', departureDate: day(26) },
          { origin: 'LAX', destination: 'JFK', departureDate: day(31) },
        ],
        passengers: { adults: 2, children: 0, infants: 0 },
        cabin: null,
        maxConnections: 0,
      },
      ctx,
    );
    const offer = ((found.ok ? found.value : null) ?? []).find((o) => o.fareBrandCode?.includes('MAINFL')) as Offer;
    const priced = await aa.price([offer.offerId], ctx);
    if (!priced.ok) throw new Error(priced.failure.message);
    const created = await aa.createOrder(
      {
        offerId: priced.value.offer.offerId,
        passengers: [pax('PAX1', 'Ada'), pax('PAX2', 'Bob')],
        contact: { email: 'ada@example.com', phone: null },
        extras: [],
        payment: { type: 'agency_account' },
        expectedTotal: priced.value.offer.total,
      },
      ctx,
    );
    if (!created.ok) throw new Error(created.failure.message);
    const ref = { airlineOrderId: created.value.airlineOrderId, owner: created.value.owner };
    const start = wire.traffic.length;

    const paxQuote = await aa.partialCancelQuote(ref, { passengerIds: ['PAX2'], segmentIds: [], extraIds: [] }, ctx);
    if (!paxQuote.ok) throw new Error(paxQuote.failure.message);
    expect(paxQuote.value.refund.amountMinor).toBe(created.value.total.amountMinor / 2);
    const one = await aa.acceptCancel(ref, paxQuote.value.quoteId, ctx);
    expect(one.ok && one.value?.passengers.map((p) => p.passengerId)).toEqual(['PAX1']);

    const back = created.value.segments[1]!.segmentId;
    const segQuote = await aa.partialCancelQuote(ref, { passengerIds: [], segmentIds: [back], extraIds: [] }, ctx);
    if (!segQuote.ok) throw new Error(segQuote.failure.message);
    const left = await aa.acceptCancel(ref, segQuote.value.quoteId, ctx);
    expect(left.ok && left.value?.status).toBe('ticketed');
    expect(left.ok && left.value?.segments.map((s) => s.status)).toEqual(['confirmed', 'cancelled']);
    await aa.close();

    const traffic = wire.traffic.slice(start).filter((t) => t.message in ROOTS);
    const reshops = traffic.filter((t) => t.message === 'OrderReshop');
    expect(reshops).toHaveLength(2);
    expect(reshops[0]!.request).toContain('<RetainServiceID>');
    expect(reshops[0]!.response).toContain('<FutureStatusCode>CANCELLED</FutureStatusCode>');
    expect(traffic.filter((t) => t.message === 'OrderChange').every((t) => t.request.includes('<AcceptCancelledOffer>'))).toBe(
      true,
    );
    for (const t of traffic) {
      expect({ message: t.message, errors: await ndcSchemaErrors(t.request, `IATA_${t.message}RQ`) }).toEqual({
        message: t.message,
        errors: [],
      });
      expect({ message: `${t.message} answer`, errors: await ndcSchemaErrors(t.response, ROOTS[t.message]!) }).toEqual({
        message: `${t.message} answer`,
        errors: [],
      });
    }
  });
});
