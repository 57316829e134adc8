// AA's money and policy rules on the wire (issue 20): cancellation money, holds, the September 11
// fee, international taxes and the selling window. Orders go through the real AA connector, so the
// XML both ways is AA's and the gateway's; references are the samples in samples-aa-17.2.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Offer } from '../../../src/connectors/connector-types.js';
import type { OrderRef } from '../../../src/connectors/order-types.js';
import { KEY, startRecordedAa, type RecordedAa } from '../../connectors/recorded-aa.js';
import { ADA, airShoppingRq, control, post as postWithKey, shopBrand, TEST_CARD as CARD } from './aa-test-helpers.js';

const NOW = '2026-11-20T12:00:00Z';
const FAR = '2026-12-15';
const ctx = { environment: 'test' as const };

let wire: RecordedAa;
beforeAll(async () => {
  wire = await startRecordedAa();
});
afterAll(async () => wire?.close());
beforeEach(async () => {
  await control(wire.aa, 'POST', '/control/reset');
  await control(wire.aa, 'POST', '/control/clock', { now: NOW });
});

const post = (system: RecordedAa['aa'], message: string, body: string) => postWithKey(system, message, body, KEY);
const advanceHours = (hours: number) => control(wire.aa, 'POST', '/control/clock', { advanceSeconds: hours * 3600 });

const shop = (origin: string, destination: string, date: string, brand: string) =>
  shopBrand(wire.connector({ direct: true }), { origin, destination, date, brand });

async function priced(offer: Offer): Promise<Offer> {
  const answer = await wire.connector({ direct: true }).price([offer.offerId], ctx);
  if (!answer.ok) throw new Error(answer.failure.message);
  return answer.value.offer;
}

async function book(offer: Offer, payment: 'hold' | 'card') {
  const connector = wire.connector({ direct: true });
  const priced = await connector.price([offer.offerId], ctx);
  if (!priced.ok) throw new Error(priced.failure.message);
  return connector.createOrder(
    {
      offerId: priced.value.offer.offerId,
      passengers: [ADA],
      contact: { email: 'ada@example.com', phone: null },
      extras: [],
      payment: payment === 'hold' ? { type: 'hold' } : CARD,
      expectedTotal: priced.value.offer.total,
      sellerReference: null,
    },
    ctx,
  );
}

async function ticketed(origin: string, destination: string, date: string, brand: string) {
  const created = await book(await shop(origin, destination, date, brand), 'card');
  if (!created.ok) throw new Error(created.failure.message);
  expect(created.value.status).toBe('ticketed');
  return created.value;
}

/** The cancellation quote as AA sent it: the differential type, and what it returns or keeps. */
async function cancelQuote(ref: OrderRef) {
  const connector = wire.connector();
  const quote = await connector.cancelQuote(ref, ctx);
  if (!quote.ok) throw new Error(quote.failure.message);
  const xml = wire.traffic.filter((t) => t.message === 'OrderReshop').at(-1)!.response;
  const diff = /<DifferentialTypeCode>(\w+)<\/DifferentialTypeCode><DiffPrice><Price><TotalAmount CurCode="USD">-?([\d.]+)</.exec(
    xml,
  );
  return { quote: quote.value, type: diff?.[1], amount: Number(diff?.[2]) };
}

const refOf = (o: { airlineOrderId: string; owner: string }): OrderRef => ({ airlineOrderId: o.airlineOrderId, owner: o.owner });
const minor = (decimal: number) => Math.round(decimal * 100);

describe('cancellation money (aa.com 24-hour rule, trip credit, flexible brands)', () => {
  it('refunds a Main Cabin ticket in full within 24 hours of purchase when bought 2+ days ahead', async () => {
    const order = await ticketed('JFK', 'LAX', FAR, 'AADOM-MAIN');
    await advanceHours(23);
    const { quote, type, amount } = await cancelQuote(refOf(order));
    expect(type).toBe('Refund');
    expect(minor(amount)).toBe(order.total.amountMinor);
    expect(quote.refund).toEqual(order.total);
    expect(quote.credit.amountMinor).toBe(0);
    expect(quote.penalty.amountMinor).toBe(0);
  });

  it('turns a Main Cabin ticket into a trip credit after 24 hours, and cancels without cash back', async () => {
    const order = await ticketed('JFK', 'LAX', FAR, 'AADOM-MAIN');
    await advanceHours(25);
    const { quote, type, amount } = await cancelQuote(refOf(order));
    expect(type).toBe('Residual');
    expect(minor(amount)).toBe(order.total.amountMinor);
    expect(quote.refund.amountMinor).toBe(0);
    expect(quote.credit).toEqual(order.total);
    const closed = await wire.connector().acceptCancel(refOf(order), quote.quoteId, ctx);
    expect(closed.ok && closed.value?.status).toBe('cancelled');
  });

  it('gives no 24-hour refund for a ticket bought the day before departure', async () => {
    const order = await ticketed('JFK', 'LAX', '2026-11-21', 'AADOM-MAIN');
    const { type, amount } = await cancelQuote(refOf(order));
    expect(type).toBe('Residual');
    expect(minor(amount)).toBe(order.total.amountMinor);
  });

  it('refunds Main Cabin Flexible in cash after 24 hours; Basic Economy keeps the fare and returns the taxes', async () => {
    const flexible = await ticketed('JFK', 'LAX', FAR, 'AADOM-MAINFL');
    const basic = await ticketed('JFK', 'LAX', FAR, 'AADOM-BASIC');
    await advanceHours(30);
    const flex = await cancelQuote(refOf(flexible));
    expect(flex.type).toBe('Refund');
    expect(flex.quote.refund).toEqual(flexible.total);
    const be = await cancelQuote(refOf(basic));
    expect(be.type).toBe('Refund');
    const taxes = basic.total.amountMinor - be.quote.penalty.amountMinor;
    expect(be.quote.refund.amountMinor).toBe(taxes);
    expect(be.quote.penalty.amountMinor).toBeGreaterThan(taxes);
  });
});

describe('holds (7 days before departure at least; ticket by the end of the next day)', () => {
  it('offers a hold 25 days out with a payment limit at 23:59 local the next day', async () => {
    const answer = await post(wire.aa, 'AirShopping', airShoppingRq('JFK', 'LAX', FAR));
    // 2026-11-20 12:00Z is 07:00 in New York: ticket by 2026-11-21 23:59 EST = 2026-11-22 04:59Z.
    const limits = new Set([...answer.body.matchAll(/<PaymentTimeLimitDateTime>([^<]+)</g)].map((m) => m[1]));
    expect([...limits]).toEqual(['2026-11-22T04:59:00Z']);
    const offer = await shop('JFK', 'LAX', FAR, 'AADOM-MAIN');
    // The gateway gives every instant in UTC with milliseconds (the airline's own text above has none).
    expect(offer.paymentDeadline).toBe('2026-11-22T04:59:00.000Z');
    expect(offer.holdable).toBe(true);
    const held = await book(offer, 'hold');
    expect(held.ok && held.value.status).toBe('hold');
  });

  it('sells a flight 3 days out only paid at once: no payment limit, and a hold is refused', async () => {
    const answer = await post(wire.aa, 'AirShopping', airShoppingRq('JFK', 'LAX', '2026-11-23'));
    expect(answer.body).toContain('<OfferID>');
    expect(answer.body).not.toContain('PaymentTimeLimit');
    const offer = await shop('JFK', 'LAX', '2026-11-23', 'AADOM-MAIN');
    expect(offer.paymentDeadline).toBeNull();
    expect(offer.holdable).toBe(false);
    const held = await book(offer, 'hold');
    expect(held.ok).toBe(false);
    expect(held.ok ? null : held.failure.message).toContain('Reservation hold not allowed');
    const paid = await book(await shop('JFK', 'LAX', '2026-11-23', 'AADOM-MAIN'), 'card');
    expect(paid.ok && paid.value.status).toBe('ticketed');
  });

  it('takes a hold’s payment once: paid while its tickets are deferred, a second payment is refused and nothing more is charged', async () => {
    const held = await book(await shop('JFK', 'LAX', FAR, 'AADOM-MAIN'), 'hold');
    if (!held.ok) throw new Error(held.failure.message);
    expect((await control(wire.aa, 'POST', `/control/orders/${held.value.pnr}/defer-ticketing`)).status).toBe(200);
    const connector = wire.connector({ direct: true });
    const ref: OrderRef = { airlineOrderId: held.value.airlineOrderId, owner: held.value.owner };
    const pay = () => connector.changeOrder(ref, { extras: [], payment: CARD, amount: held.value.total }, ctx);
    const first = await pay();
    expect(first.ok && [first.value.status, first.value.paymentDeadline, first.value.tickets]).toEqual(['hold', null, []]);
    const second = await pay();
    expect(second.ok).toBe(false);
    expect(second.ok ? null : second.failure.message).toContain(`Order ${held.value.airlineOrderId} is already paid`);
    const state = (await (await control(wire.aa, 'GET', `/control/orders/${held.value.pnr}`)).json()) as {
      paidCents: number;
      totalCents: number;
    };
    expect(state.paidCents).toBe(state.totalCents);
  });
});

/** Per-passenger tax lines of the first offer item of each offer: code → amount (and filed amount). */
function taxLines(xml: string): Map<string, { amount: number; filed: string | null; country: string | null }>[] {
  return [...xml.matchAll(/<OfferItem>([\s\S]*?)<\/OfferItem>/g)].map((item) => {
    const fare = /<FareDetail>([\s\S]*?)<\/FareDetail>/.exec(item[1] as string)?.[1] ?? '';
    return new Map(
      [...fare.matchAll(/<Tax>([\s\S]*?)<\/Tax>/g)].map((t) => {
        const body = t[1] as string;
        return [
          /<TaxCode>(\w+)</.exec(body)?.[1] ?? '',
          {
            amount: Number(/<Amount[^>]*>([\d.]+)</.exec(body)?.[1]),
            filed: /<FiledAmount CurCode="(\w+)">([\d.]+)</.exec(body)?.slice(1).join(' ') ?? null,
            country: /<CountryCode>(\w+)</.exec(body)?.[1] ?? null,
          },
        ];
      }),
    );
  });
}

describe('taxes (JFK–LHR and JFK–DCA–DFW in samples-aa-17.2)', () => {
  it('charges the September 11 fee once per one-way trip, also on a connection', async () => {
    const answer = await post(wire.aa, 'AirShopping', airShoppingRq('JFK', 'DFW', FAR));
    const connecting = [...answer.body.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].find(
      (m) => new Set([...(m[1] as string).matchAll(/<PaxSegmentRefID>(SEG\d+)</g)].map((s) => s[1])).size === 2,
    );
    expect(connecting).toBeDefined();
    const [lines] = taxLines(connecting![0]);
    expect(lines?.get('AY')?.amount).toBe(5.6);
    expect(lines?.get('XF')?.amount).toBe(9);
    expect(lines?.get('ZP')?.amount).toBe(10.6);
  });

  it('adds AA’s YR surcharge, US facility charge and fees leaving New York for London', async () => {
    const answer = await post(wire.aa, 'AirShopping', airShoppingRq('JFK', 'LHR', FAR, ['ADT'], ''));
    const lines = taxLines(answer.body)[0]!;
    expect(lines.get('YR')).toEqual({ amount: 200, filed: null, country: null });
    expect(lines.get('AY')?.amount).toBe(5.6);
    expect(lines.get('XF')?.amount).toBe(4.5);
    expect(lines.get('US')?.country).toBe('US');
    expect(lines.has('GB')).toBe(false);
    // The connector itemises them on the priced offer (a search carries the totals only).
    const adult = (await priced(await shop('JFK', 'LHR', FAR, 'AAAT-MAIN'))).passengerPrices[0]!;
    expect(adult.taxLines.find((t) => t.code === 'YR')).toEqual({
      code: 'YR',
      name: 'AA YR surcharge',
      amount: { amountMinor: 20_000, currency: 'USD' },
      country: null,
      filed: null,
    });
    expect(adult.taxLines.reduce((s, t) => s + t.amount.amountMinor, 0)).toBe(adult.taxes.amountMinor);
  });

  it('charges UK APD by class and age leaving London at the 2026/27 rates (band B), in pounds as UK-origin fares are sold', async () => {
    const family = await post(wire.aa, 'AirShopping', airShoppingRq('LHR', 'JFK', FAR, ['ADT', 'CHD', 'INF']));
    const economy = [...family.body.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].find((m) =>
      [...m[1]!.matchAll(/<CabinTypeCode>(\d)</g)].every((c) => c[1] === '5'),
    );
    const items = taxLines((economy ?? [''])[0]!);
    const [adult, child, infant] = items;
    expect(adult?.get('GB')).toEqual({ amount: 102, filed: null, country: 'GB' });
    // Heathrow's charge from the table both airlines share (uk-airport-charges.ts).
    expect(adult?.get('UB')).toEqual({ amount: 48.89, filed: null, country: 'GB' });
    // AA's USD 200 YR at the test systems' one rate (USD 1.30 per GBP).
    expect(adult?.get('YR')?.amount).toBe(153.85);
    expect(child?.has('GB')).toBe(false);
    expect(infant?.has('GB')).toBe(false);
    expect(infant?.has('YR')).toBe(false);
    const business = await post(
      wire.aa,
      'AirShopping',
      airShoppingRq('LHR', 'JFK', FAR).replace(
        '<OriginDestCriteria>',
        '<OriginDestCriteria><CabinType><CabinTypeCode>2</CabinTypeCode><PrefLevel><PrefLevelCode>Required</PrefLevelCode></PrefLevel></CabinType>',
      ),
    );
    expect(taxLines(business.body)[0]?.get('GB')?.amount).toBe(244);
    const fromLondon = await priced(await shop('LHR', 'JFK', FAR, 'AAAT-MAIN'));
    expect(fromLondon.passengerPrices[0]!.taxLines.find((t) => t.code === 'GB')).toMatchObject({
      country: 'GB',
      amount: { amountMinor: 10_200, currency: 'GBP' },
      filed: null,
    });
  });
});

describe('a requested currency (ResponseParameters/CurParameter)', () => {
  it("prices in the point of sale's currency whatever the request asks, and says so", async () => {
    const asked = airShoppingRq('LHR', 'JFK', FAR).replace(
      '</Request>',
      '<ResponseParameters xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes"><CurParameter><CurCode>USD</CurCode></CurParameter></ResponseParameters></Request>',
    );
    const answer = await post(wire.aa, 'AirShopping', asked);
    expect(answer.body).toContain('<OfferID>');
    expect(new Set([...answer.body.matchAll(/CurCode="(\w+)"/g)].map((m) => m[1]))).toEqual(new Set(['GBP']));
    expect(answer.body).toContain('<DescText>Requested currency USD not supported. Fares returned in GBP.</DescText>');
  });
});

describe('selling window (331 days)', () => {
  it('sells 331 days ahead and answers AA’s error beyond', async () => {
    const last = await post(wire.aa, 'AirShopping', airShoppingRq('JFK', 'LAX', '2027-10-17'));
    expect(last.body).toContain('<OfferID>');
    const beyond = await post(wire.aa, 'AirShopping', airShoppingRq('JFK', 'LAX', '2027-10-18'));
    expect(beyond.status).toBe(200);
    expect(beyond.body).not.toContain('<OfferID>');
    expect(beyond.body).toContain('beyond the selling window');
  });
});
