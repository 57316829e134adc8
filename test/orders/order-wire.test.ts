import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer } from '../../src/connectors/connector-types.js';
import type { PassengerInput } from '../../src/connectors/order-types.js';
import { day, expectSchemaValid, ORDER_ANSWER_ROOT } from '../connectors/order-wire-helpers.js';
import { startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';

/** The gateway's order id, sent as the seller's own booking reference. */
const SELLER_REFERENCE = 'AA-ord_wireTest000000000001';

let wire: RecordedAa;
beforeAll(async () => {
  wire = await startRecordedAa();
});
afterAll(async () => wire?.close());

const PAX: PassengerInput[] = [
  {
    passengerId: 'PAX1',
    type: 'adult',
    givenName: 'Ada',
    familyName: 'Lovelace',
    bornOn: '1985-12-10',
    gender: 'f',
    email: 'ada@example.com',
    phone: '+15550100',
  },
];

describe('order messages on the wire', () => {
  it('every order request and answer validates against the unmodified 21.3 schemas, both ways', async () => {
    const aaConnector = wire.connector();
    const ctx = { environment: 'test' as const };
    const found = await aaConnector.search(
      {
        slices: [{ origin: 'JFK', destination: 'LAX', departureDate: day(22) }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: 0,
      },
      ctx,
    );
    const offers = (found.ok ? found.value : null) ?? [];
    const shopped = offers.find((o) => o.fareBrandCode?.includes('MAINFL')) as Offer;
    const priced = await aaConnector.price([shopped.offerId], ctx);
    if (!priced.ok) throw new Error(priced.failure.message);
    const offerId = priced.value.offer.offerId;
    const maps = await aaConnector.seatMaps({ kind: 'offer', offerId }, ctx);
    const seat = maps.ok ? maps.value[0]!.seats.find((s) => s.available && s.price !== null) : undefined;
    const services = await aaConnector.services({ kind: 'offer', offerId }, ctx);
    const service = services.ok ? services.value.find((s) => s.segmentIds.length > 0) : undefined;
    const extras = await aaConnector.priceExtras(
      { kind: 'offer', offerId },
      [
        ...(seat ? [{ kind: 'seat' as const, segmentId: seat.segmentId, passengerId: 'PAX1', designator: seat.designator }] : []),
        ...(service
          ? [
              {
                kind: 'service' as const,
                serviceId: service.serviceId,
                passengerId: 'PAX1',
                segmentId: service.segmentIds[0] ?? null,
              },
            ]
          : []),
      ],
      ctx,
    );
    expect(extras.ok ? extras.value.length : extras.failure.message).toBe(2);
    const created = await aaConnector.createOrder(
      {
        offerId,
        passengers: PAX,
        contact: { email: 'ada@example.com', phone: null },
        extras: extras.ok ? extras.value : [],
        payment: { type: 'hold' },
        expectedTotal: priced.value.offer.total,
        sellerReference: SELLER_REFERENCE,
      },
      ctx,
    );
    if (!created.ok) throw new Error(created.failure.message);
    const order = created.value;
    // AA keeps the seller's reference: OrderRetrieve by it finds this booking; an unknown one finds none.
    const byReference = await aaConnector.findOrderBySellerReference(SELLER_REFERENCE, ctx);
    expect(byReference.ok && byReference.value?.airlineOrderId).toBe(order.airlineOrderId);
    expect(await aaConnector.findOrderBySellerReference('AA-ord_neverBookedHere00000', ctx)).toEqual({ ok: true, value: null });
    expect(order.status).toBe('hold');
    expect(order.extras.map((e) => e.kind).sort()).toEqual(['seat', 'service']);
    const ref = { airlineOrderId: order.airlineOrderId, owner: order.owner };
    expect((await aaConnector.retrieveOrder(ref, ctx)).ok).toBe(true);
    const quote = await aaConnector.quoteOrder(ref, ctx);
    expect(quote.ok && quote.value.total.amountMinor).toBe(order.total.amountMinor);
    const paid = await aaConnector.changeOrder(
      ref,
      {
        extras: [],
        payment: {
          type: 'card',
          card: { number: '4111111111111111', expiry: '1230', holderName: 'ADA LOVELACE', securityCode: '123' },
        },
        amount: order.total,
      },
      ctx,
    );
    expect(paid.ok ? paid.value.tickets.map((t) => t.ticketNumber)[0] : paid.ok).toMatch(/^001\d{10}$/);
    const later = await aaConnector.reshopOrder(
      ref,
      { slices: [{ origin: 'JFK', destination: 'LAX', departureDate: day(24) }], cabin: null },
      ctx,
    );
    if (!later.ok) throw new Error(later.failure.message);
    const reissued = await aaConnector.acceptReshopOffers(ref, [later.value[0]!.offer.offerId], { type: 'agency_account' }, ctx);
    expect(reissued.ok ? reissued.value.order.segments[0]!.departingAt.slice(0, 10) : reissued.failure.message).toBe(day(24));
    // The answer to an airline's change notification (nothing pending here: the airline changes nothing).
    const flightItems = reissued.ok ? reissued.value.order.flightItemIds : [];
    expect(flightItems.length).toBeGreaterThan(0);
    const accepted = await aaConnector.acceptChange(ref, flightItems, ctx);
    expect(accepted.ok ? accepted.value.status : accepted.failure.message).toBe('ticketed');
    const acceptance = wire.traffic.find((t) => t.message === 'OrderChange' && t.request.includes('<AcceptChange>'));
    expect(acceptance?.request).toContain(`<OrderItemRefID>${flightItems[0]}</OrderItemRefID>`);
    const cancel = await aaConnector.cancelQuote(ref, ctx);
    if (!cancel.ok) throw new Error(cancel.failure.message);
    expect(cancel.value.refund.amountMinor).toBeGreaterThan(0);
    const closed = await aaConnector.acceptCancel(ref, cancel.value.quoteId, ctx);
    expect(closed.ok && closed.value?.status).toBe('refunded');
    const missing = await aaConnector.retrieveOrder({ airlineOrderId: 'AA-NOPE', owner: 'AA' }, ctx);
    expect(missing.ok).toBe(false);
    await aaConnector.close();

    const orderTraffic = wire.traffic.filter((t) => t.message in ORDER_ANSWER_ROOT);
    const create = orderTraffic.find((t) => t.message === 'OrderCreate')!;
    expect(create.request).toContain(`<BookingID>${SELLER_REFERENCE}</BookingID>`);
    const lookups = orderTraffic.filter((t) => t.message === 'OrderRetrieve' && t.request.includes('BookingRefFilterCriteria'));
    expect(lookups).toHaveLength(2);
    expect(new Set(orderTraffic.map((t) => t.message))).toEqual(new Set(Object.keys(ORDER_ANSWER_ROOT)));
    await expectSchemaValid(orderTraffic);
    // A whole servicing tour plus a libxml2 pass over every message: ~28 s on a quiet 2-core box.
  }, 120_000);

  it('a flight that does not operate is refused at OrderCreate with AA text; the cascade line is the same refusal', async () => {
    const aaConnector = wire.connector({ direct: true });
    const ctx = { environment: 'test' as const };
    const found = await aaConnector.search(
      {
        slices: [{ origin: 'DFW', destination: 'SAT', departureDate: day(23) }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: 0,
      },
      ctx,
    );
    const first = ((found.ok ? found.value : null) ?? []).sort((a, b) =>
      a.slices[0]!.segments[0]!.departingAt.localeCompare(b.slices[0]!.segments[0]!.departingAt),
    )[0]!;
    const priced = await aaConnector.price([first.offerId], ctx);
    if (!priced.ok) throw new Error(priced.failure.message);
    const refused = await aaConnector.createOrder(
      {
        offerId: priced.value.offer.offerId,
        passengers: PAX,
        contact: { email: 'ada@example.com', phone: null },
        extras: [],
        payment: { type: 'hold' },
        expectedTotal: null,
      },
      ctx,
    );
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.failure.kind).toBe('refused');
    expect(refused.failure.message).toBe('[325] Error during booking process. Code: 21, message: Rebooked segment unavailable');
    await aaConnector.close();
  });
});
