// Orders on the VS test system as a seller makes them: a hold paid later, an instant purchase, a
// cancellation with refund (Economy Classic Flex, OC_RFC_*) and without (Economy Classic keeps VS's
// GBP 250 penalty, OC_NonRFC_*), and a change of date. Tickets are 932…, orders VS932<PNR><yy>;
// every answer validates against the full 21.3 schemas.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VsTestSystem } from '../../../src/testsystem/vs/server.js';
import {
  acceptCancelRq,
  acceptReshopRq,
  airShoppingRq,
  all,
  cancelQuoteRq,
  control,
  first,
  minor,
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

  it('refunds a cancelled Economy Classic Flex ticket in full after the free 24 hours', async () => {
    const { orderId, total } = await buy('PC3');
    await control(vs, 'POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    const { quote, done } = await cancel(orderId);
    expect(quote).toContain('<DifferentialTypeCode>Refund</DifferentialTypeCode>');
    expect(minor(/<ChangeFees[^>]*>[\s\S]*?<TotalAmount CurCode="GBP">([\d.]+)</.exec(quote)![1])).toBe(0);
    expect(minor(/<TotalPrice><TotalAmount CurCode="GBP">([\d.]+)</.exec(quote)![1])).toBe(total.amountMinor);
    expect(done).toContain('<StatusCode>CLOSED</StatusCode>');
    expect(all(done, 'CouponStatusCode')).toEqual(['RF']);
  });

  it('keeps VS penalty of GBP 250 when a non-refundable Economy Classic ticket is cancelled', async () => {
    const { orderId, total } = await buy('PC2');
    await control(vs, 'POST', '/control/clock', { advanceSeconds: 25 * 3600 });
    const { quote, done } = await cancel(orderId);
    expect(minor(/<ChangeFees[^>]*>[\s\S]*?<TotalAmount CurCode="GBP">([\d.]+)</.exec(quote)![1])).toBe(25_000);
    expect(minor(/<TotalPrice><TotalAmount CurCode="GBP">([\d.]+)</.exec(quote)![1])).toBe(total.amountMinor - 25_000);
    expect(done).toContain('<StatusCode>CLOSED</StatusCode>');
    const state = (await (await control(vs, 'GET', `/control/orders/${orderId}`)).json()) as { refundedCents: number };
    expect(state.refundedCents).toBe(total.amountMinor - 25_000);
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
