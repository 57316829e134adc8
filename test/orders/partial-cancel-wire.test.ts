import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookRoundTripForTwo, ctx, expectSchemaValid, ORDER_ANSWER_ROOT } from '../connectors/order-wire-helpers.js';
import { startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';

let wire: RecordedAa;
beforeAll(async () => {
  wire = await startRecordedAa();
});
afterAll(async () => wire?.close());

describe('partial cancellation on the wire', () => {
  it('a passenger, then a segment: DeleteOrderItem quotes and AcceptCancelledOffer validate against the 21.3 schemas both ways', async () => {
    const aa = wire.connector();
    const { order, ref } = await bookRoundTripForTwo(aa);
    const start = wire.traffic.length;

    const paxQuote = await aa.partialCancelQuote(ref, { passengerIds: ['PAX2'], segmentIds: [], extraIds: [] }, ctx);
    if (!paxQuote.ok) throw new Error(paxQuote.failure.message);
    expect(paxQuote.value.refund.amountMinor).toBe(order.total.amountMinor / 2);
    const one = await aa.acceptCancel(ref, paxQuote.value.quoteId, ctx);
    expect(one.ok && one.value?.passengers.map((p) => p.passengerId)).toEqual(['PAX1']);

    const back = order.segments[1]!.segmentId;
    const segQuote = await aa.partialCancelQuote(ref, { passengerIds: [], segmentIds: [back], extraIds: [] }, ctx);
    if (!segQuote.ok) throw new Error(segQuote.failure.message);
    const left = await aa.acceptCancel(ref, segQuote.value.quoteId, ctx);
    expect(left.ok && left.value?.status).toBe('ticketed');
    expect(left.ok && left.value?.segments.map((s) => s.status)).toEqual(['confirmed', 'cancelled']);
    await aa.close();

    const traffic = wire.traffic.slice(start).filter((t) => t.message in ORDER_ANSWER_ROOT);
    const reshops = traffic.filter((t) => t.message === 'OrderReshop');
    expect(reshops).toHaveLength(2);
    expect(reshops[0]!.request).toContain('<RetainServiceID>');
    expect(reshops[0]!.response).toContain('<FutureStatusCode>CANCELLED</FutureStatusCode>');
    expect(traffic.filter((t) => t.message === 'OrderChange').every((t) => t.request.includes('<AcceptCancelledOffer>'))).toBe(
      true,
    );
    await expectSchemaValid(traffic);
  });
});
