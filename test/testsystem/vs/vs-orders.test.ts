// Orders on the VS test system as a seller makes them: a hold paid later, an instant purchase, a
// cancellation with refund (Economy Classic Flex, OC_RFC_*) and without (Economy Classic keeps VS's
// GBP 250 penalty, OC_NonRFC_*), and a change of date. Tickets are 932…, orders VS932<PNR><yy>;
// every answer validates against the full 21.3 schemas.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PricedExtra } from '../../../src/connectors/order-types.js';
import type { VsTestSystem } from '../../../src/testsystem/vs/server.js';
import {
  acceptCancelRq,
  acceptReshopRq,
  airShoppingRq,
  all,
  cancelQuoteRq,
  control,
  extrasRq,
  first,
  minor,
  offerRequest,
  offersIn,
  orderCreateRq,
  orderRetrieveRq,
  payRq,
  postValid,
  reshopDateRq,
  startVs,
} from './vs-test-helpers.js';

let vs: VsTestSystem;
beforeAll(async () => {
  vs = await startVs();
});
afterAll(async () => vs.close());

/** The first non-stop LHR-JFK offer of a brand (PriceClassID PC<display order>). */
async function shop(pc: string, origin = 'LHR', destination = 'JFK', date = '2026-12-15') {
  const res = await postValid(vs, 'AirShopping', airShoppingRq(origin, destination, date), 'IATA_AirShoppingRS');
  expect(res.schemaErrors).toEqual([]);
  const xml = [...res.body.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].map((m) => m[1]!);
  const index = xml.findIndex((o) => o.includes(`<PriceClassRefID>${pc}<`));
  return offersIn(res.body)[index]!;
}

/** An offer's total as a GBP payment. */
const inGbp = (offer: { total: number }) => ({ amountMinor: Math.round(offer.total * 100), currency: 'GBP' });

async function buy(pc: string) {
  const offer = await shop(pc);
  const total = inGbp(offer);
  const created = await postValid(vs, 'OrderCreate', orderCreateRq(offer, total), 'IATA_OrderViewRS');
  expect(created.schemaErrors).toEqual([]);
  return { offer, total, orderId: first(created.body, 'OrderID')!, body: created.body };
}

async function cancel(orderId: string) {
  const quote = await postValid(vs, 'OrderReshop', cancelQuoteRq(orderId), 'IATA_OrderReshopRS');
  expect(quote.schemaErrors).toEqual([]);
  const done = await postValid(vs, 'OrderChange', acceptCancelRq(orderId, first(quote.body, 'OfferID')!), 'IATA_OrderViewRS');
  expect(done.schemaErrors).toEqual([]);
  return { quote: quote.body, done: done.body };
}

describe('VS orders', () => {
  it('holds an offer unpaid until 23:59 UTC on the third day, then tickets it when OrderChange pays', async () => {
    const offer = await shop('PC2');
    const held = await postValid(vs, 'OrderCreate', orderCreateRq(offer, null), 'IATA_OrderViewRS');
    expect(held.schemaErrors).toEqual([]);
    const orderId = first(held.body, 'OrderID')!;
    expect(orderId).toMatch(/^VS932[A-Z0-9]{6}26$/);
    expect(first(held.body, 'PaymentTimeLimitDateTime')).toBe('2026-11-23T23:59:00Z');
    expect(held.body).not.toContain('<TicketDocInfo>');
    const paid = await postValid(vs, 'OrderChange', payRq(orderId, inGbp(offer)), 'IATA_OrderViewRS');
    expect(paid.schemaErrors).toEqual([]);
    expect(all(paid.body, 'TicketNumber')).toEqual([expect.stringMatching(/^932\d{10}$/)]);
    const state = (await (await control(vs, 'GET', `/control/orders/${orderId}`)).json()) as { status: string; currency: string };
    expect(state).toMatchObject({ status: 'TICKETED', currency: 'GBP' });
  });

  it('refuses a hold on a departure inside three days, and sells it paid at once', async () => {
    const offer = await shop('PC2', 'LHR', 'JFK', '2026-11-22');
    const refused = await postValid(vs, 'OrderCreate', orderCreateRq(offer, null), 'IATA_OrderViewRS');
    expect(refused.schemaErrors).toEqual([]);
    expect(first(refused.body, 'DescText')).toBe('Hold is not available for this offer');
    const bought = await postValid(vs, 'OrderCreate', orderCreateRq(offer, inGbp(offer)), 'IATA_OrderViewRS');
    expect(bought.schemaErrors).toEqual([]);
    expect(all(bought.body, 'TicketNumber')).toHaveLength(1);
  });

  it('refunds a cancelled Economy Classic Flex ticket in full after the free 24 hours, naming no penalty (OC_RFC_*)', async () => {
    const { orderId, total } = await buy('PC3');
    await control(vs, 'POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    const { quote, done } = await cancel(orderId);
    expect(quote).toContain('<DifferentialTypeCode>Refund</DifferentialTypeCode>');
    // VS's shape: the refund is the differential's DueByAirlineAmount; no ChangeFees, no offer TotalPrice, no PenaltyList.
    expect(minor(first(quote, 'DueByAirlineAmount')!)).toBe(total.amountMinor);
    for (const absent of ['<ChangeFees', '<TotalPrice>', '<PenaltyList>', '<PenaltyRefID>']) expect(quote).not.toContain(absent);
    expect(done).toContain('<StatusCode>CLOSED</StatusCode>');
    expect(minor(first(done, 'DueByAirlineAmount')!)).toBe(total.amountMinor);
    expect(done).not.toContain('<PenaltyList>');
    expect(all(done, 'CouponStatusCode')).toEqual(['RF']);
  });

  it('keeps VS penalty of GBP 250 when a non-refundable Economy Classic ticket is cancelled, in a PenaltyList (OC_NonRFC_*)', async () => {
    const { orderId, total } = await buy('PC2');
    await control(vs, 'POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    const { quote, done } = await cancel(orderId);
    for (const answer of [quote, done]) {
      const penalty = /<PenaltyList><Penalty>([\s\S]*?)<\/Penalty><\/PenaltyList>/.exec(answer)![1]!;
      expect(first(penalty, 'DescText')).toBe('Adult Cancellation Penalty');
      expect(first(penalty, 'PenaltyID')).toBe('PEN1-REFUND');
      expect(first(penalty, 'TypeCode')).toBe('Cancellation');
      expect(minor(first(penalty, 'TotalAmount')!)).toBe(25_000);
      // The refund's fare detail names it; what comes back is the total less the penalty.
      expect(answer).toMatch(
        /<DiffPrice><FareDetail><PaxRefID>[^<]+<\/PaxRefID><PenaltyRefID>PEN1-REFUND<\/PenaltyRefID><Price>/,
      );
      expect(minor(first(answer, 'DueByAirlineAmount')!)).toBe(total.amountMinor - 25_000);
      expect(answer).not.toContain('<ChangeFees');
    }
    expect(quote).not.toContain('<TotalPrice>');
    expect(done).toContain('<StatusCode>CLOSED</StatusCode>');
    const state = (await (await control(vs, 'GET', `/control/orders/${orderId}`)).json()) as { refundedCents: number };
    expect(state.refundedCents).toBe(total.amountMinor - 25_000);
  });

  it("sells seats by VS's <uuid>_FA|<n>_<m> items, paid with 3-D Secure 2 (orderchangeRQ_paid_seats_3DS2.xml), refusing an unauthenticated card", async () => {
    const { orderId, offer } = await buy('PC2');
    const map = await postValid(
      vs,
      'SeatAvailability',
      offerRequest('SeatAvailability', offer.offerId),
      'IATA_SeatAvailabilityRS',
    );
    const seatOf = (number: string) => {
      const m = new RegExp(
        `<ColumnID>([A-K])</ColumnID><OccupationStatusCode>F</OccupationStatusCode><OfferItemRefID>([^<]+_FA\\|${number})</OfferItemRefID><RowNumber>(\\d+)<`,
      ).exec(map.body)!;
      return { designator: `${m[3]}${m[1]}`, itemId: m[2]! };
    };
    const preferred = seatOf('5_22');
    const standard = seatOf('6_23');
    const seat = (s: { designator: string; itemId: string }, passengerId: string, amountMinor: number): PricedExtra => ({
      request: { kind: 'seat', segmentId: 'SEG1', passengerId, designator: s.designator },
      airlineOfferId: first(map.body, 'OfferID')!,
      airlineItemId: s.itemId,
      name: `Seat ${s.designator}`,
      price: { amountMinor, currency: 'GBP' },
    });
    const extras = [seat(preferred, 'PAX1', 3_500)];
    const threeDs = {
      authenticationValue: 'ODQzNjgwNjU0ZjM3N2JmYTg0NTM',
      directoryServerTransactionId: 'c272b04f-6e7b-43a2-bb78-90f4fb94aa25',
      eci: '05',
      version: '2.1.0',
    };
    const gbp35 = { amountMinor: 3_500, currency: 'GBP' };
    const state = async () =>
      (await (await control(vs, 'GET', `/control/orders/${orderId}`)).json()) as {
        extras: { name: string; cents: number }[];
        securePayments?: { eci: string; status: string; cents: number }[];
      };

    const refused = await postValid(
      vs,
      'OrderChange',
      extrasRq(orderId, extras, gbp35, { ...threeDs, status: 'N' }),
      'IATA_OrderViewRS',
    );
    expect(refused.schemaErrors).toEqual([]);
    expect(first(refused.body, 'DescText')).toBe('3-D Secure payment refused: card holder not authenticated (TrxStatusText N)');
    expect(await state()).toMatchObject({ extras: [] });
    expect((await state()).securePayments).toBeUndefined();

    const paid = await postValid(
      vs,
      'OrderChange',
      extrasRq(orderId, extras, gbp35, { ...threeDs, status: 'Y' }),
      'IATA_OrderViewRS',
    );
    expect(paid.schemaErrors).toEqual([]);
    expect(paid.body).toContain(`<SeatOnLeg><Seat><ColumnID>${preferred.designator.slice(-1)}</ColumnID>`);
    // A Standard seat is VS's free item: taken at 0.00 with no payment.
    const free = await postValid(vs, 'OrderChange', extrasRq(orderId, [seat(standard, 'PAX1', 0)], null), 'IATA_OrderViewRS');
    expect(free.schemaErrors).toEqual([]);
    expect(await state()).toMatchObject({
      extras: [{ name: `Seat ${standard.designator}`, cents: 0 }],
      securePayments: [{ eci: '05', status: 'Y', cents: 3_500, directoryServerTrxId: threeDs.directoryServerTransactionId }],
    });
  });

  it('changes the date of a ticketed order: reshop offers of the same brand, the difference and fee paid', async () => {
    await control(vs, 'POST', '/control/clock', { now: '2026-11-20T12:00:00Z' });
    const { orderId, body } = await buy('PC2');
    const items = [...body.matchAll(/<OrderItemID>([^<]+)</g)].map((m) => m[1]!);
    const reshop = await postValid(
      vs,
      'OrderReshop',
      reshopDateRq(orderId, items, { origin: 'LHR', destination: 'JFK', date: '2026-12-16' }),
      'IATA_OrderReshopRS',
    );
    expect(reshop.schemaErrors).toEqual([]);
    const offerId = first(reshop.body, 'OfferID')!;
    // VS's reshop offers are bare UUIDs; Economy Classic changes for GBP 50 per passenger.
    expect(offerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(minor(/<ChangeFees[^>]*>[\s\S]*?<TotalAmount CurCode="GBP">([\d.]+)</.exec(reshop.body)![1])).toBe(5_000);
    const due = minor(/<TotalPrice><TotalAmount CurCode="GBP">([\d.]+)</.exec(reshop.body)![1]);
    const changed = await postValid(
      vs,
      'OrderChange',
      acceptReshopRq(orderId, offerId, due > 0 ? { amountMinor: due, currency: 'GBP' } : null),
      'IATA_OrderViewRS',
    );
    expect(changed.schemaErrors).toEqual([]);
    expect(changed.body).toMatch(/<AircraftScheduledDateTime>2026-12-16T/);
    const read = await postValid(vs, 'OrderRetrieve', orderRetrieveRq(orderId), 'IATA_OrderViewRS');
    expect(read.body).toMatch(/<AircraftScheduledDateTime>2026-12-16T/);
    expect(read.body).not.toMatch(/<AircraftScheduledDateTime>2026-12-15T/);
  });
});
