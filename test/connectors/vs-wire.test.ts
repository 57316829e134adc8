import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connector } from '../../src/connectors/connector.js';
import { createConnectorRegistry } from '../../src/connectors/connector-registry.js';
import { createOfferIdAuthenticator } from '../../src/connectors/offer-id-auth.js';
import { sourceConnectors } from '../../src/sources/connectors.js';
import { loadConfig } from '../../src/sources/load-config.js';
import { SOURCES } from '../../src/sources/table.js';
import { Keyring } from '../../src/platform/keyring/keyring.js';
import { Registry } from 'prom-client';
import { needsUpstream, upstreamMissing, withSkipReason } from '../helpers/upstream.js';
import { ndcSchemaErrors } from './ndc-schema-validator.js';
import { adult, ORDER_ANSWER_ROOT } from './order-wire-helpers.js';
import { startVsSampleReplay, vsSample, type VsSampleReplay } from './vs-sample-replay.js';
import type { VsTestSystem } from '../../src/testsystem/vs/server.js';
import { control, FIXED_NOW, KEY, TRAVEL_DATE } from '../testsystem/aa/aa-test-helpers.js';
import { startVs } from '../testsystem/vs/vs-test-helpers.js';

const ctx = { environment: 'test' as const };
const order = { airlineOrderId: 'VS932GXF77323', owner: 'VS' };
const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' });

/** The VS connector as the gateway registers it (config.vs, its test system at `url`), metrics and all. */
function vsConnector(url: string, env: Record<string, string>, clock: () => Date) {
  const registry = createConnectorRegistry(
    sourceConnectors(
      SOURCES,
      loadConfig(env),
      { VS: url },
      {
        clock,
        offerIds: createOfferIdAuthenticator(Keyring.parse(Keyring.generateText())),
      },
    ),
    new Registry(),
  );
  return { vs: registry.get('VS')!, close: () => registry.close() };
}

// The samples are upstream material: without them the whole file is skipped, naming why.
const missing = upstreamMissing('ndc-samples') ?? upstreamMissing('ndc-schemas');

describe.skipIf(missing)(withSkipReason("the VS connector on the wire, with VS's published answers", missing), () => {
  let replay: VsSampleReplay;
  let vs: Connector & { close?(): Promise<void> };
  let close: () => Promise<void>;

  beforeAll(async () => {
    replay = await startVsSampleReplay();
    ({ vs, close } = vsConnector(replay.url, {}, () => new Date()));
  });
  afterAll(async () => {
    await close?.();
    await replay?.close();
  });

  /** Two adults LHR→TLV, answered with VS's shop_by_departure_time_RS.xml. */
  const searchLhrTlv = () => {
    replay.answer('AirShopping', 'airshopping/shop_by_departure_time_RS.xml');
    const query = {
      slices: [{ origin: 'LHR', destination: 'TLV', departureDate: '2023-07-29' }],
      passengers: { adults: 2, children: 0, infants: 0 },
      cabin: null,
      maxConnections: null,
    };
    return vs.search(query, ctx);
  };

  it('is registered beside AA, reachable with a test key only where a VS test system is configured', () => {
    expect(vs).toMatchObject({ code: 'VS', name: 'Virgin Atlantic' });
    expect(vs.configuredFor('test')).toBe(true);
    expect(vs.configuredFor('live')).toBe(false);
  });

  it('reads an AirShoppingRS into offers: VS brands as our brand code and cabin, per-passenger prices, holds, rules', async () => {
    const found = await searchLhrTlv();
    const offers = found.ok ? found.value! : [];
    expect(offers.map((o) => `${o.fareBrand}|${o.fareBrandCode}|${o.cabin}|${o.total.amountMinor}`)).toEqual([
      'Economy Light|LIGHT|economy|69762',
      'Economy Classic|CLASSIC|economy|75762',
      'Economy Delight|DELIGHT|economy|83762',
      'Economy Classic Flex|CLASSIC_FLEX|economy|85762',
      'Economy Light|LIGHT|economy|86562',
      'Economy Classic|CLASSIC|economy|92562',
      'Economy Delight Flex|DELIGHT_FLEX|economy|93762',
      'Economy Delight|DELIGHT|economy|100562',
      'Economy Classic Flex|CLASSIC_FLEX|economy|102562',
      'Economy Delight Flex|DELIGHT_FLEX|economy|110562',
    ]);
    const light = offers[0]!;
    expect(light.offerId).toMatch(/^VS\|2\./);
    expect(vs.offerFacts(light.offerId)).toMatchObject({ partnerOperatedConnection: false, airlineOffers: 1 });
    expect(light).toMatchObject({
      airline: 'VS',
      // The item's price is per passenger (GBP 348.81): two adults make the offer's GBP 697.62.
      passengerPrices: [{ passengerType: 'adult', count: 2, base: gbp(33200), taxes: gbp(36562), total: gbp(69762) }],
      expiresAt: '2023-04-04T05:04:25.000Z',
      holdable: true,
      paymentDeadline: '2023-04-07T23:59:00.000Z',
      baggage: { checkedBags: null, carryOnBags: 1, description: 'HAND BAGGAGE 10KG UP TO 115LCM' },
      changes: { allowed: true, fee: gbp(20000) },
      refunds: { allowed: false, fee: null },
    });
    expect(light.slices[0]!.segments[0]).toMatchObject({
      segmentId: 'VS457-LHRTLV-20230729',
      marketingCarrier: 'VS',
      operatingCarrierName: 'Virgin Atlantic Airways',
      bookingClass: 'T',
      durationMinutes: 320,
    });
  });

  it('reads an OfferPriceRS, a SeatAvailabilityRS and a ServiceListRS for a VS offer', async () => {
    const found = await searchLhrTlv();
    const offerId = found.ok ? found.value![0]!.offerId : '';

    replay.answer('OfferPrice', 'offerprice/offerprice_multipax_with_upsell_offers_RS.xml');
    const priced = await vs.price([offerId], ctx);
    expect(priced.ok && priced.value.offer).toMatchObject({
      airline: 'VS',
      total: gbp(228286),
      fareBrand: 'Economy Classic',
      fareBrandCode: 'CLASSIC',
      cabin: 'economy',
    });
    const adults = priced.ok ? priced.value.offer.passengerPrices[0]! : null;
    expect(adults).toMatchObject({ passengerType: 'adult', count: 2, total: gbp(117362) });
    expect(adults?.taxLines[0]).toEqual({
      code: 'GB',
      name: 'United Kingdom Air Passenger Duty APD',
      amount: gbp(17400),
      country: 'GB',
      filed: null,
    });

    replay.answer('SeatAvailability', 'seatavailability/seatavailabilityRS_multiple_seat_maps.xml');
    const maps = await vs.seatMaps({ kind: 'offer', offerId }, ctx);
    expect(maps.ok && maps.value.map((m) => [m.segmentId, m.cabin, m.seats.length])).toEqual([
      ['VS449-LHRJNB-20240210', 'economy', 216],
      ['VS450-JNBLHR-20240219', 'economy', 216],
    ]);
    const seat46D = maps.ok ? maps.value[0]!.seats.find((s) => s.designator === '46D') : null;
    expect(seat46D).toMatchObject({ available: true, price: gbp(3500) });

    replay.answer('ServiceList', 'servicelist/ServiceList_RS_OfferID.xml');
    const services = await vs.services({ kind: 'offer', offerId }, ctx);
    expect(services.ok && services.value.length).toBe(26);
    expect(services.ok && services.value[0]).toMatchObject({
      serviceId: 'e15be9aa-1923-406c-b742-8b00ad661649|27',
      code: 'AVML',
      name: 'Asian Vegetarian Meal',
      segmentIds: ['VS103-LHRATL-20240712', 'VS104-ATLLHR-20240719'],
    });
  });

  it('reads OrderViewRS answers: a hold (its deadline, fare bags not counted as extras), a ticketed order (932 tickets, paid seats)', async () => {
    const found = await searchLhrTlv();
    replay.answer('OrderCreate', 'ordercreate/orderviewRS_hold_booking.xml');
    const held = await vs.createOrder(
      {
        offerId: found.ok ? found.value![0]!.offerId : '',
        passengers: [adult('PAX1', 'Ada'), adult('PAX2', 'Byron')],
        contact: { email: 'ada@example.com', phone: '+44 20 7946 0000' },
        extras: [],
        payment: { type: 'hold' },
        expectedTotal: null,
        sellerReference: 'ord_vs_wire',
      },
      ctx,
    );
    expect(held.ok && held.value).toMatchObject({
      airlineOrderId: 'VS932GXF77323',
      owner: 'VS',
      pnr: 'GXF773',
      status: 'hold',
      total: gbp(179583),
      paymentDeadline: '2023-04-14T23:59:00.000Z',
      tickets: [],
      extras: [],
      flightItemIds: ['VS932GXF77323-1', 'VS932GXF77323-2', 'VS932GXF77323-3'],
    });
    expect(held.ok && held.value.passengers.map((p) => `${p.passengerId}:${p.type}`)).toEqual([
      'ADULT_1:adult',
      'CHILD_1:child',
      'YOUTH_1:adult',
    ]);
    expect(held.ok && held.value.segments.map((s) => `${s.segmentId}:${s.status}`)).toEqual([
      'VS302-LHRDEL-20231006:confirmed',
      'VS301-DELLHR-20231015:confirmed',
    ]);

    replay.answer('OrderRetrieve', 'orderretrieve/orderviewRS_paid_seats_and_ff_number.xml');
    const paid = await vs.retrieveOrder({ airlineOrderId: 'VS932GW78G623', owner: 'VS' }, ctx);
    expect(paid.ok && paid.value).toMatchObject({ status: 'ticketed', pnr: 'GW78G6', total: gbp(129562), paymentDeadline: null });
    expect(paid.ok && paid.value.tickets.map((t) => t.ticketNumber)).toEqual([
      '9321490014636',
      '9321490014637',
      '9320173449328',
      '9320173449329',
    ]);
    expect(paid.ok && paid.value.extras.map((x) => `${x.kind}:${x.passengerId}:${x.designator}:${x.price?.amountMinor}`)).toEqual(
      ['seat:ADULT_1:46D:3500', 'seat:ADULT_2:46F:3500'],
    );

    // Paying the hold: an OrderChange answered with VS's confirmed order.
    replay.answer(
      'OrderChange',
      'orderchange/orderchangeRS_orderviewRS_confirm_held_booking_with_gender_and_dob_online_seller.xml',
    );
    const ticketed = await vs.changeOrder(order, { extras: [], payment: { type: 'agency_account' }, amount: gbp(179583) }, ctx);
    expect(ticketed.ok && ticketed.value.status).toBe('ticketed');
    expect(ticketed.ok && ticketed.value.tickets.every((t) => t.ticketNumber.startsWith('932'))).toBe(true);
  });

  it("reads VS's reprice of a held order (NoChangeInd: the order's own price stands) and its reshop offers", async () => {
    replay.answer('OrderQuote', 'orderquote/orderreshopRS_reprice_held_booking_unticketed_booking.xml');
    replay.answer('OrderRetrieve', 'ordercreate/orderviewRS_hold_booking.xml');
    const quote = await vs.quoteOrder(order, ctx);
    expect(quote.ok && quote.value).toEqual({ total: gbp(179583), paymentDeadline: '2023-04-14T23:59:00.000Z', quoteId: null });

    replay.answer('OrderReshop', 'orderreshop/orderreshopRS_change_both_outbound_and_inbound_date.xml');
    const reshop = await vs.reshopOrder(
      order,
      { slices: [{ origin: 'LHR', destination: 'TLV', departureDate: '2023-09-03' }], cabin: null },
      ctx,
    );
    const offers = reshop.ok ? reshop.value : [];
    expect(offers.map((o) => o.offer.slices.map((s) => s.segments.map((g) => g.segmentId).join('+')))).toEqual([
      ['VS453-LHRTLV-20230903', 'VS454-TLVLHR-20230912'],
      ['VS457-LHRTLV-20230903', 'VS454-TLVLHR-20230912'],
    ]);
    // An even exchange: the new price is each passenger's new fare added up, nothing to pay.
    expect(offers[0]).toMatchObject({
      offer: { airline: 'VS', total: gbp(219253) },
      fareDifference: gbp(0),
      lowerFareDifference: null,
      penalty: gbp(0),
      amountDue: gbp(0),
    });
    expect(offers[0]!.offer.offerId).toMatch(/^VS\|R\./);

    replay.answer('OrderChange', 'orderchange/orderchangeRS_orderviewRS_change_itinerary_date_multipax.xml');
    const changed = await vs.acceptReshopOffers(order, [offers[0]!.offer.offerId], null, ctx);
    expect(changed.ok ? changed.value.order.airlineOrderId : changed.failure.message).toMatch(/^VS932/);
    // A reshop offer id of another airline is not VS's to accept.
    const foreign = await vs.acceptReshopOffers(order, [offers[0]!.offer.offerId.replace(/^VS/, 'AA')], null, ctx);
    expect(!foreign.ok && foreign.failure.kind).toBe('not_found');
  });

  it('reads both kinds of VS cancellation: refundable in full (OC_RFC) and less a penalty (OC_NonRFC)', async () => {
    replay.answer('OrderReshop', 'orderreshop/OC_RFC_OrderReshopCancelRS.xml');
    expect(await vs.cancelQuote(order, ctx)).toEqual({
      ok: true,
      value: {
        quoteId: '4ae1215e-5e82-4d45-ba3d-3ef0c617fcb8',
        refund: gbp(129332),
        credit: gbp(0),
        penalty: gbp(0),
        expiresAt: '2025-04-04T13:29:18.000Z',
      },
    });
    replay.answer('OrderChange', 'orderchange/OC_RFC_OrderChangeCancelRS.xml');
    const refunded = await vs.acceptCancel(order, '4ae1215e-5e82-4d45-ba3d-3ef0c617fcb8', ctx);
    expect(refunded.ok && refunded.value).toMatchObject({ status: 'cancelled', refund: gbp(129332), extras: [] });

    replay.answer('OrderReshop', 'orderreshop/OC_NonRFC_OrderReshopCancelRS.xml');
    const nonRefundable = await vs.cancelQuote(order, ctx);
    expect(nonRefundable.ok && nonRefundable.value).toMatchObject({ refund: gbp(209632), penalty: gbp(25000), credit: gbp(0) });
    replay.answer('OrderChange', 'orderchange/OC_NonRFC_OrderChangeCancelRS.xml');
    const cancelled = await vs.acceptCancel(order, '9bedb871-7920-485e-a419-ef73544a517c', ctx);
    expect(cancelled.ok && cancelled.value).toMatchObject({ status: 'cancelled', refund: gbp(209632) });

    // Cancelling one passenger: the quote is asked for that passenger's items only.
    replay.answer('OrderRetrieve', 'ordercreate/orderviewRS_hold_booking.xml');
    replay.answer('OrderReshop', 'orderreshop/OC_RFC_OrderReshopCancelRS.xml');
    const part = await vs.partialCancelQuote(order, { passengerIds: ['CHILD_1'], segmentIds: [], extraIds: [] }, ctx);
    expect(part.ok && part.value.refund).toEqual(gbp(129332));
    expect(replay.traffic.at(-1)!.request).toContain('<OrderItemRefID>VS932GXF77323-2</OrderItemRefID>');
  });

  it('prices seats and services for a booked VS order, and finds its services again by their item number', async () => {
    replay.answer('SeatAvailability', 'seatavailability/seatavailabilityRS_single_seat_map.xml');
    replay.answer('ServiceList', 'servicelist/ServiceList_RS_OrderID.xml');
    const maps = await vs.seatMaps({ kind: 'order', airlineOrderId: order.airlineOrderId, owner: 'VS' }, ctx);
    const free = maps.ok ? maps.value[0]!.seats.find((s) => s.available && s.price)! : null;
    const services = await vs.services({ kind: 'order', airlineOrderId: order.airlineOrderId, owner: 'VS' }, ctx);
    const meal = services.ok ? services.value.find((s) => s.code === 'AVML')! : null;
    // The seller chose the meal from an earlier answer: another a-la-carte offer id, the same number.
    const chosen = meal!.serviceId.replace(/^[^|]+/, 'an-earlier-offer');
    const priced = await vs.priceExtras(
      { kind: 'order', ref: order },
      [
        { kind: 'seat', passengerId: 'ADULT_1', segmentId: free!.segmentId, designator: free!.designator },
        { kind: 'service', passengerId: 'ADULT_1', serviceId: chosen, segmentId: null },
      ],
      ctx,
    );
    expect(priced.ok && priced.value.map((x) => [x.name, x.airlineItemId === meal!.serviceId || x.price])).toEqual([
      [`Seat ${free!.designator}`, free!.price],
      ['Asian Vegetarian Meal', true],
    ]);
    // VS's seat items (<uuid>_FA|<n>_<m>) go back to VS as they came, with the seat.
    const seatItem = priced.ok ? priced.value[0]!.airlineItemId : '';
    expect(seatItem).toMatch(/^[0-9a-f-]{36}_FA\|\d+_\d+$/);
    replay.answer('OrderChange', 'orderchange/orderviewRS_with_cabin_and_selling_class.xml');
    // Paid by card with the 3-D Secure 2 result of orderchangeRQ_paid_seats_3DS2.xml: VS carries it.
    expect(vs.carriesPaymentAuthentication).toBe(true);
    const paid = {
      type: 'card' as const,
      card: { number: '5201281234569736', expiry: '1223', holderName: 'DAVID SMITH', securityCode: '123' },
      authentication: {
        authenticationValue: 'ODQzNjgwNjU0ZjM3N2JmYTg0NTM',
        directoryServerTransactionId: 'c272b04f-6e7b-43a2-bb78-90f4fb94aa25',
        eci: '02',
        status: 'Y',
        version: '2.1.0',
      },
    };
    const added = await vs.changeOrder(order, { extras: priced.ok ? priced.value : [], payment: paid, amount: free!.price }, ctx);
    expect(added.ok && added.value.airlineOrderId).toMatch(/^VS932/);
    const sent = replay.traffic.at(-1)!.request;
    expect(sent).toMatch(
      new RegExp(`<OfferItemRefID>${seatItem.replace(/[|]/g, '\\|')}</OfferItemRefID>[\\s\\S]*?<SelectedSeat>`),
    );
    // The card's 3-D Secure elements, as VS's own sample writes them (the last test validates the request).
    const secure = (xml: string) =>
      /<SecurePaymentVersion2[\s\S]*<\/SecureProgram>/
        .exec(xml)![0]!
        .replace(/\s+xmlns="[^"]*"/g, '')
        .replace(/>\s+</g, '><');
    expect(secure(sent)).toBe(secure(vsSample('orderchange/orderchangeRQ_paid_seats_3DS2.xml')));
  });

  it("reads VS's OrderChangeNotifRQ: the order, its record locator and version, and the kind of change", () => {
    needsUpstream('ndc-samples');
    expect(vs.readChangeNotification!(vsSample('orderchangenotif/ocn_time_change_rq.xml'))).toEqual({
      ok: true,
      value: { orders: [{ airlineOrderId: 'VS932TRUZUO25', pnr: 'TRUZUO', version: 2 }], kinds: ['schedule_change'] },
    });
    expect(vs.readChangeNotification!(vsSample('orderchangenotif/ocn_flight_cancel_rq.xml'))).toEqual({
      ok: true,
      value: { orders: [{ airlineOrderId: 'VS932QZRQOY25', pnr: 'QZRQOY', version: 2 }], kinds: ['flight_cancelled'] },
    });
    // The same notification signed for AA is refused by VS's reader: it names carrier VS, not AA.
    const aaSays = vsSample('orderchangenotif/ocn_time_change_rq.xml').replace('<OrgID>VS</OrgID>', '<OrgID>AA</OrgID>');
    expect(vs.readChangeNotification!(aaSays)).toMatchObject({
      ok: false,
      failure: { message: 'the notification comes from carrier "AA", not VS' },
    });
  });

  it('probes VS on its own route, and every request it sent validates against its NDC 21.3 schema', async () => {
    replay.answer('AirShopping', 'airshopping/shop_with_direct_flight_filter_RS.xml');
    expect(await vs.probe({})).toEqual({ ok: true, value: { environment: 'test' } });
    expect(replay.traffic.at(-1)!.request).toMatch(/<IATA_LocationCode>LHR<\/IATA_LocationCode>.*<\/OriginDepCriteria>/s);
    await vs.findOrderBySellerReference('ord_vs_wire', ctx);

    const sent = new Set(replay.traffic.map((t) => t.message));
    expect(sent).toEqual(
      new Set([
        'AirShopping',
        'OfferPrice',
        'SeatAvailability',
        'ServiceList',
        'OrderCreate',
        'OrderRetrieve',
        'OrderQuote',
        'OrderReshop',
        'OrderChange',
      ]),
    );
    for (const { message, request, response } of replay.traffic) {
      expect({ message, errors: await ndcSchemaErrors(request, `IATA_${message}RQ`) }).toEqual({ message, errors: [] });
      // Every answer was one of VS's, of the root the message is answered with.
      expect(response).toContain(`<${ORDER_ANSWER_ROOT[message] ?? `IATA_${message}RS`} `);
    }
    // The schema checks (xmllint in WebAssembly) take seconds each on a loaded machine.
  }, 120_000);
});

// The same connector against the VS test system: each shape VS's samples have and the test system
// now answers in (items priced per passenger, seat items <uuid>_FA|<n>_<m>, 3-D Secure 2 in the
// card, the cancellation penalty in a PenaltyList) read as it reads the samples.
const noSchemas = upstreamMissing('ndc-schemas');

describe.skipIf(noSchemas)(
  withSkipReason("the VS connector on the wire, with the VS test system's own answers", noSchemas),
  () => {
    let system: VsTestSystem;
    let vs: Connector;
    let close: () => Promise<void>;

    beforeAll(async () => {
      system = await startVs();
      ({ vs, close } = vsConnector(system.url, { VS_TEST_SUBSCRIPTION_KEY: KEY }, () => new Date(FIXED_NOW)));
    });
    afterAll(async () => {
      await close?.();
      await system?.close();
    });

    it('books per-passenger priced items with a paid seat and 3-D Secure 2, then cancels less VS penalty', async () => {
      const found = await vs.search(
        {
          slices: [{ origin: 'LHR', destination: 'JFK', departureDate: TRAVEL_DATE }],
          passengers: { adults: 2, children: 0, infants: 0 },
          cabin: null,
          maxConnections: 0,
        },
        ctx,
      );
      const classic = (found.ok ? found.value! : []).find((o) => o.fareBrandCode === 'CLASSIC')!;
      // Two adults on one item priced for one of them: read as two, adding up to the offer's total.
      expect(classic.passengerPrices).toHaveLength(1);
      expect(classic.passengerPrices[0]!.count).toBe(2);
      expect(classic.passengerPrices[0]!.total.amountMinor).toBe(classic.total.amountMinor);
      const priced = await vs.price([classic.offerId], ctx);
      expect(priced.ok && priced.value.offer.passengerPrices[0]!.total).toEqual(classic.total);
      const offerId = priced.ok ? priced.value.offer.offerId : '';

      const maps = await vs.seatMaps({ kind: 'offer', offerId }, ctx);
      const seats = maps.ok ? maps.value[0]!.seats : [];
      const paidSeat = seats.find((s) => s.available && s.price?.amountMinor === 3_500)!;
      const extras = await vs.priceExtras(
        { kind: 'offer', offerId },
        [
          {
            kind: 'seat',
            passengerId: 'PAX1',
            segmentId: maps.ok ? maps.value[0]!.segmentId : '',
            designator: paidSeat.designator,
          },
        ],
        ctx,
      );
      expect(extras.ok && extras.value[0]!.airlineItemId).toMatch(/^[0-9a-f-]{36}_FA\|5_22$/);

      const created = await vs.createOrder(
        {
          offerId,
          passengers: [adult('PAX1', 'Ada'), adult('PAX2', 'Byron')],
          contact: { email: 'ada@example.com', phone: null },
          extras: extras.ok ? extras.value : [],
          payment: {
            type: 'card',
            card: { number: '4111111111111111', expiry: '1228', holderName: 'ADA LOVELACE', securityCode: '737' },
            authentication: {
              authenticationValue: 'AAABBJkZUQAAAABjRWWZEEFgFz8=',
              directoryServerTransactionId: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b',
              eci: '05',
              status: 'Y',
              version: '2.2.0',
            },
          },
          expectedTotal: classic.total,
          sellerReference: 'ord_vs_shapes',
        },
        ctx,
      );
      const orderId = created.ok ? created.value.airlineOrderId : created.failure.message;
      const state = async () =>
        (await (await control(system, 'GET', `/control/orders/${orderId}`)).json()) as {
          paidCents: number;
          extras: { name: string; cents: number }[];
          securePayments: { eci: string; status: string; directoryServerTrxId: string; cents: number }[];
        };
      const paid = classic.total.amountMinor + 3_500;
      expect(await state()).toMatchObject({
        paidCents: paid,
        extras: [{ name: `Seat ${paidSeat.designator}`, cents: 3_500 }],
        securePayments: [{ eci: '05', status: 'Y', directoryServerTrxId: 'f25084f0-5b16-4c0a-ae5d-b24808a95e4b', cents: paid }],
      });

      // Past the free 24 hours, Economy Classic keeps GBP 250 a passenger, and VS keeps the unused
      // paid seat's EMD (GBP 35): both in VS's PenaltyList.
      await control(system, 'POST', '/control/clock', { advanceSeconds: 25 * 3600 });
      const ref = { airlineOrderId: orderId, owner: 'VS' };
      const quote = await vs.cancelQuote(ref, ctx);
      const kept = 50_000 + 3_500;
      expect(quote.ok && quote.value).toMatchObject({ refund: gbp(paid - kept), penalty: gbp(kept), credit: gbp(0) });
      const cancelled = await vs.acceptCancel(ref, quote.ok ? quote.value.quoteId : '', ctx);
      // Its tickets' coupons refunded (RF), the seat's EMD kept (V): the order reads as refunded, by
      // the amount the PenaltyList left.
      expect(cancelled.ok && cancelled.value).toMatchObject({ status: 'refunded', refund: gbp(paid - kept) });
      const emd = cancelled.ok ? cancelled.value?.tickets.find((t) => t.kind === 'emd') : undefined;
      expect(emd).toMatchObject({ emd: { typeCode: 'J', amount: gbp(3_500) }, coupons: [{ status: 'V' }] });
    });
  },
);
