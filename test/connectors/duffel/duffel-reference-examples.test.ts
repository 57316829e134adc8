// The Duffel mappers on Duffel's own reference examples (API v2), each page cited in
// fixtures/README.md: https://duffel.com/docs/api/v2/offers, .../v2/orders, .../v2/order-cancellations,
// .../v2/airline-initiated-changes and .../v2/webhooks. What a user of the gateway would see of each:
// amounts and currencies, segments with their marketing and operating flights, the owner airline,
// conditions, services, tickets, refunds and credits, and the order a webhook names.
import { describe, expect, it } from 'vitest';
import { servicesOf } from '../../../src/connectors/duffel/duffel-extras-mapper.js';
import { offerOf } from '../../../src/connectors/duffel/duffel-offer-mapper.js';
import { airlineOrderOf, creditTotal } from '../../../src/connectors/duffel/duffel-order-mapper.js';
import { duffelEventId, readDuffelWebhook } from '../../../src/connectors/duffel/duffel-webhook-reader.js';
import { REFERENCE_AIRLINE_INITIATED_CHANGE } from './fixtures/airline-initiated-change.js';
import { REFERENCE_OFFER } from './fixtures/offer.js';
import { REFERENCE_CANCELLATION } from './fixtures/order-cancellation.js';
import { REFERENCE_ORDER } from './fixtures/order.js';
import { PASSENGER_ID, SEGMENT_ID } from './fixtures/reference-pieces.js';
import { AIRLINE_INITIATED_CHANGE_EVENT, ORDER_CREATED_EVENT, PING_EVENT } from './fixtures/webhook-events.js';

const gbp = (amountMinor: number) => ({ amountMinor, currency: 'GBP' });
const OFFER_ID = 'DUFFEL|off_00009htYpSCXrwaB9DnUm0|reference';

describe("Duffel's offer example", () => {
  const offer = offerOf(REFERENCE_OFFER, OFFER_ID)!;

  it('names British Airways as the owner and Duffel as the source, with Duffel amounts in minor units', () => {
    expect(offer).toMatchObject({ offerId: OFFER_ID, airline: 'BA', source: 'DUFFEL' });
    expect(offer.total).toEqual(gbp(4500));
    expect(offer.base).toEqual(gbp(3020));
    expect(offer.taxes).toEqual(gbp(4080));
    expect(offer.passengerPrices).toEqual([
      { passengerType: 'adult', count: 1, base: gbp(3020), taxes: gbp(4080), total: gbp(4500), taxLines: [] },
    ]);
    expect(offer).toMatchObject({
      expiresAt: '2020-01-17T10:42:14.545Z',
      holdable: true,
      paymentDeadline: '2020-01-17T10:42:14Z',
      fareBrand: 'Basic',
      cabin: 'economy',
    });
  });

  it('keeps the marketing flight 1234 and the operating flight 4321 whole', () => {
    expect(offer.slices).toEqual([
      {
        origin: 'LHR',
        destination: 'JFK',
        durationMinutes: 146,
        segments: [
          {
            segmentId: SEGMENT_ID,
            origin: 'LHR',
            destination: 'JFK',
            departingAt: '2020-06-13T16:38:02',
            arrivingAt: '2020-06-13T16:38:02',
            marketingCarrier: 'BA',
            marketingFlightNumber: '1234',
            operatingCarrier: 'BA',
            operatingCarrierName: 'British Airways',
            operatingFlightNumber: '4321',
            aircraft: '380',
            cabin: 'economy',
            cabinMarketingName: 'Economy Basic',
            bookingClass: null,
            durationMinutes: 146,
          },
        ],
      },
    ]);
  });

  it('tells the owner from the operating carrier on a codeshare (the example sold as Iberia, flown by BA)', () => {
    const [slice] = REFERENCE_OFFER.slices;
    const iberia = { ...REFERENCE_OFFER.owner, name: 'Iberia', iata_code: 'IB', id: 'arl_00009VME7DAGiJjwomhv32' };
    const codeshare = offerOf(
      {
        ...REFERENCE_OFFER,
        owner: iberia,
        slices: [
          {
            ...slice!,
            segments: slice!.segments.map((s) => ({ ...s, marketing_carrier: iberia, marketing_carrier_flight_number: '4218' })),
          },
        ],
      },
      OFFER_ID,
    )!;
    expect(codeshare.airline).toBe('IB');
    expect(codeshare.slices[0]!.segments[0]).toMatchObject({
      marketingCarrier: 'IB',
      marketingFlightNumber: '4218',
      operatingCarrier: 'BA',
      operatingCarrierName: 'British Airways',
      operatingFlightNumber: '4321',
    });
  });

  it('reads the bags, the 100.00 GBP change and refund penalties, and the slice conditions', () => {
    expect(offer.baggage).toEqual({ checkedBags: 1, carryOnBags: 0, description: '1 checked, 0 carry-on' });
    expect(offer.changes).toEqual({ allowed: true, fee: gbp(10000), fareDifferenceApplies: null });
    expect(offer.refunds).toEqual({ allowed: true, fee: gbp(10000), method: 'original_form_of_payment' });
    expect(offer.conditionsBySlice).toEqual([
      {
        origin: 'LHR',
        destination: 'JFK',
        changes: { allowed: true, fee: gbp(10000), fareDifferenceApplies: null },
        refunds: null,
      },
    ]);
  });

  it('sells the 15.00 GBP checked bag to our passenger on the segment', () => {
    const ours = (id: string) => (id === PASSENGER_ID ? 'PAX1' : id);
    expect(servicesOf(REFERENCE_OFFER.available_services, ours)).toEqual([
      {
        serviceId: 'ase_00009UhD4ongolulWd9123',
        code: null,
        name: 'Checked bag up to 23 kg',
        description: 'checked bag, up to 1',
        category: 'baggage',
        price: gbp(1500),
        segmentIds: [SEGMENT_ID],
        passengerIds: ['PAX1'],
      },
    ]);
  });
});

describe("Duffel's order example", () => {
  it('is a ticketed British Airways booking RZPNX8 with its ticket, brand, flight and the bag bought', () => {
    const order = airlineOrderOf(REFERENCE_ORDER)!;
    expect(order).toMatchObject({
      airlineOrderId: 'ord_00009hthhsUZ8W4LxQgkjo',
      owner: 'BA',
      pnr: 'RZPNX8',
      status: 'ticketed',
      total: gbp(9080),
      paymentDeadline: null,
      notices: [],
      flightItemIds: ['sli_00009htYpSCXrwaB9Dn123'],
      segmentBrands: { [SEGMENT_ID]: { name: 'Basic', code: null } },
    });
    expect(order.passengers).toEqual([
      { passengerId: PASSENGER_ID, type: 'adult', givenName: 'Amelia', familyName: 'Earhart', bornOn: '1987-07-24' },
    ]);
    expect(order.segments).toHaveLength(1);
    expect(order.segments[0]).toMatchObject({
      status: 'confirmed',
      marketingCarrier: 'BA',
      marketingFlightNumber: '1234',
      operatingFlightNumber: '4321',
    });
    expect(order.tickets).toEqual([{ ticketNumber: '1', passengerId: PASSENGER_ID, kind: 'ticket', coupons: [] }]);
    expect(order.extras).toEqual([
      {
        extraId: 'ser_00009UhD4ongolulWd9123',
        kind: 'service',
        passengerId: PASSENGER_ID,
        segmentId: SEGMENT_ID,
        designator: null,
        name: 'Checked bag up to 23 kg',
        price: gbp(1500),
      },
    ]);
    expect(order.refund).toBeUndefined();
    expect(order.credits).toBeUndefined();
  });

  it('names a carry-on bag bought as a service as a carry-on bag, two of them as two', () => {
    const [bag] = REFERENCE_ORDER.services;
    const order = airlineOrderOf({
      ...REFERENCE_ORDER,
      services: [{ ...bag!, quantity: 2, metadata: { ...bag!.metadata, type: 'carry_on', maximum_weight_kg: null } }],
    })!;
    expect(order.extras[0]!.name).toBe('2 × Carry-on bag');
  });
});

describe("Duffel's order cancellation example", () => {
  const cancelled = { ...REFERENCE_ORDER, cancelled_at: REFERENCE_CANCELLATION.confirmed_at, available_actions: [] };

  it('refunded in cash (refund_to arc_bsp_cash): the 90.80 GBP refund and no credit', () => {
    const order = airlineOrderOf({ ...cancelled, cancellation: REFERENCE_CANCELLATION })!;
    expect(order.status).toBe('refunded');
    expect(order.refund).toEqual(gbp(9080));
    expect(order.credits).toBeUndefined();
    expect(order.segments.map((s) => s.status)).toEqual(['cancelled']);
  });

  it('refunded as airline credits: cancelled with the passenger’s 90.80 GBP credit and no cash', () => {
    const order = airlineOrderOf({ ...cancelled, cancellation: { ...REFERENCE_CANCELLATION, refund_to: 'airline_credits' } })!;
    expect(order.status).toBe('cancelled');
    expect(order.refund).toBeUndefined();
    expect(order.credits).toEqual([
      {
        passengerId: PASSENGER_ID,
        // The passenger's e-ticket in the order's documents (Duffel's example numbers it "1").
        ticketNumber: '1',
        amount: gbp(9080),
        issuedOn: '2022-10-11',
        expiresAt: null,
        status: 'available',
      },
    ]);
    expect(creditTotal(REFERENCE_CANCELLATION.airline_credits, 'USD')).toEqual(gbp(9080));
  });
});

describe("Duffel's airline-initiated change example", () => {
  it('once accepted, leaves no notice; still pending, names the flight removed and the one added', () => {
    const accepted = airlineOrderOf({ ...REFERENCE_ORDER, airline_initiated_changes: [REFERENCE_AIRLINE_INITIATED_CHANGE] })!;
    expect(accepted.notices).toEqual([]);
    const pending = airlineOrderOf({
      ...REFERENCE_ORDER,
      airline_initiated_changes: [{ ...REFERENCE_AIRLINE_INITIATED_CHANGE, action_taken: null, action_taken_at: null }],
    })!;
    expect(pending.notices).toEqual([
      `Airline-initiated change aic_0000A3tQSmKyqOrcySrGbo: ${SEGMENT_ID} replaced by BA1234 2020-06-13T17:38:02`,
    ]);
  });
});

describe("Duffel's webhook events", () => {
  it('order.created names its order; the event id is read', () => {
    const body = JSON.stringify(ORDER_CREATED_EVENT);
    expect(duffelEventId(body)).toBe('wev_0000A4tQSmKyqOrcySrGbo');
    expect(readDuffelWebhook(body)).toEqual({
      ok: true,
      value: { orders: [{ airlineOrderId: 'ord_0000ABd6wggSct7BoraU1o', pnr: null, version: null }], kinds: ['other'] },
    });
  });

  it('order.airline_initiated_change_detected names its order as a schedule change', () => {
    expect(readDuffelWebhook(JSON.stringify(AIRLINE_INITIATED_CHANGE_EVENT))).toEqual({
      ok: true,
      value: { orders: [{ airlineOrderId: 'ord_0000A3tQSmKyqOrcySrGbo', pnr: null, version: null }], kinds: ['schedule_change'] },
    });
  });

  it('a ping names no order', () => {
    expect(readDuffelWebhook(JSON.stringify(PING_EVENT))).toEqual({ ok: true, value: { orders: [], kinds: [] } });
  });
});
