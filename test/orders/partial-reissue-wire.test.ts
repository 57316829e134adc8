import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndcSchemaErrors } from '../connectors/ndc-schema-validator.js';
import {
  adult,
  bookRoundTripForTwo,
  bookThroughConnector,
  ctx,
  day,
  expectSchemaValid,
  ORDER_ANSWER_ROOT,
} from '../connectors/order-wire-helpers.js';
import { startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';

let wire: RecordedAa;
beforeAll(async () => {
  wire = await startRecordedAa();
});
afterAll(async () => wire?.close());

describe('partial reissue on the wire', () => {
  it('the return of a round trip: OrderReshop retaining the outbound, AcceptRepricedOrder reissues only it; both ways validate against 21.3', async () => {
    const aa = wire.connector();
    const { order, ref } = await bookRoundTripForTwo(aa);
    const [out, back] = order.segments.map((s) => s.segmentId) as [string, string];
    const oldTickets = order.tickets.map((t) => t.ticketNumber);
    const start = wire.traffic.length;

    const journeys = await aa.retrieveOrderJourneys!(ref, ctx);
    if (!journeys.ok) throw new Error(journeys.failure.message);
    expect(journeys.value.journeys).toEqual([[out], [back]]);
    // Handed the order as just read, the reshop asks the airline nothing more than OrderReshop.
    const reshop = await aa.reshopOrder(
      ref,
      {
        slices: [{ origin: 'LAX', destination: 'JFK', departureDate: day(33) }],
        cabin: null,
        segmentIds: [back],
        asRead: journeys.value.asRead,
      },
      ctx,
    );
    if (!reshop.ok) throw new Error(reshop.failure.message);
    expect(wire.traffic.slice(start).map((t) => t.message)).toEqual(['OrderRetrieve', 'OrderReshop']);
    expect(reshop.value.length).toBeGreaterThan(0);
    // Each offer replaces the return only: one new slice, LAX-JFK on the new date.
    for (const o of reshop.value) {
      expect(o.offer.slices).toHaveLength(1);
      expect(o.offer.slices[0]).toMatchObject({ origin: 'LAX', destination: 'JFK' });
      expect(o.offer.slices[0]!.segments[0]!.departingAt.slice(0, 10)).toBe(day(33));
    }
    const choice = reshop.value[0]!;
    const changed = await aa.acceptReshopOffers(ref, [choice.offer.offerId], { type: 'agency_account' }, ctx);
    if (!changed.ok) throw new Error(changed.failure.message);
    const segments = changed.value.order.segments;
    expect(segments).toHaveLength(2);
    expect(segments[0]!.segmentId).toBe(out);
    expect(segments[1]!.segmentId).not.toBe(back);
    expect(segments[1]!.segmentId).toBe(choice.offer.slices[0]!.segments[0]!.segmentId);
    expect(segments.every((s) => s.status === 'confirmed')).toBe(true);
    expect(changed.value.order.status).toBe('ticketed');
    // What AA charged: the offer's amount due, the change fee within it.
    expect(changed.value.charged).toEqual({ amount: choice.amountDue, penalty: choice.penalty });
    // Reissued: two new tickets, neither of the old numbers; the old ones are exchanged.
    const newTickets = changed.value.order.tickets.map((t) => t.ticketNumber);
    expect(newTickets).toHaveLength(2);
    expect(newTickets.filter((n) => oldTickets.includes(n))).toEqual([]);
    await aa.close();

    const traffic = wire.traffic.slice(start).filter((t) => t.message in ORDER_ANSWER_ROOT);
    const reshopExchange = traffic.find((t) => t.message === 'OrderReshop')!;
    expect(reshopExchange.request).toContain('<AddOfferItems>');
    expect(reshopExchange.request).toContain('<RetainServiceID>');
    expect(reshopExchange.response).toContain('<FutureStatusCode>CANCELLED</FutureStatusCode>');
    expect(traffic.find((t) => t.message === 'OrderChange')!.request).toContain('<AcceptRepricedOrder>');
    await expectSchemaValid(traffic);
  });

  it('the airline itself refuses changing one flight of a connection (RetainServiceID keeping its other flight), in a valid error answer', async () => {
    const aa = wire.connector();
    const { order, ref } = await bookThroughConnector(
      aa,
      [{ origin: 'FLG', destination: 'DFW', departureDate: day(27) }],
      [adult('PAX1', 'Ada')],
      {
        pick: (o) => (o.fareBrandCode?.includes('MAINFL') ?? false) && o.slices[0]!.segments.length === 2,
        maxConnections: 1,
      },
    );
    const [first, second] = order.segments.map((s) => s.segmentId) as [string, string];
    const journeys = await aa.retrieveOrderJourneys!(ref, ctx);
    expect(journeys.ok && journeys.value.journeys).toEqual([[first, second]]);
    const start = wire.traffic.length;
    const refused = await aa.reshopOrder(
      ref,
      { slices: [{ origin: 'FLG', destination: 'PHX', departureDate: day(28) }], cabin: null, segmentIds: [first] },
      ctx,
    );
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.failure).toMatchObject({ kind: 'refused' });
    expect(!refused.ok && refused.failure.message).toMatch(/journey is reissued whole/);
    await aa.close();
    const exchange = wire.traffic.slice(start).find((t) => t.message === 'OrderReshop')!;
    expect(await ndcSchemaErrors(exchange.request, 'IATA_OrderReshopRQ')).toEqual([]);
    expect(await ndcSchemaErrors(exchange.response, 'IATA_OrderReshopRS')).toEqual([]);
  });
});
