// The airline-distribution review's list (issue 32, item 5), each rule against the AA test system
// over NDC, on the run's storage (PGlite, or PostgreSQL when DATABASE_URL is set): bag weights by
// brand, Main Cabin Flexible's booking classes, DFW block times, Flagship cabin names, no ticket for
// a domestic lap infant, UK APD by travel date, exit rows and Main Cabin Extra by stage length, no
// JFK arrival at night, what a cheaper change does with the difference, what Basic Economy gets
// back, and round trips pairing every outbound and return. Sources: docs/aa-test-system.md, "How
// close to AA".

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Offer } from '../../../src/connectors/connector-types.js';
import type { OrderRef, PassengerInput } from '../../../src/connectors/order-types.js';
import type { Platform } from '../../../src/platform/platform.js';
import { buildTimetable } from '../../../src/testsystem/aa/network/timetable-builder.js';
import { AIRPORTS } from '../../../src/testsystem/aa/network/airports-data.js';
import { localToUtc, zoneOffsetMinutes } from '../../../src/testsystem/ndc/network/geo-time.js';
import { KEY, startRecordedAa, type RecordedAa } from '../../connectors/recorded-aa.js';
import { createTestPlatform } from '../../helpers/test-platform.js';
import {
  ADA,
  airShoppingRq,
  control,
  offerRequest,
  offersIn,
  post as postWithKey,
  roundTripRq,
  shopBrand,
  TEST_CARD as CARD,
  xsdErrors,
} from './aa-test-helpers.js';

const NOW = '2026-11-20T12:00:00Z';
const FAR = '2026-12-15';
const ctx = { environment: 'test' as const };
const BABY: PassengerInput = {
  ...ADA,
  passengerId: 'PAX2',
  type: 'infant',
  givenName: 'Byron',
  bornOn: '2026-05-01',
  gender: 'm',
};

let platform: Platform;
let wire: RecordedAa;
beforeAll(async () => {
  platform = await createTestPlatform({ isolated: true });
  wire = await startRecordedAa({ storage: { database: platform.database } });
});
afterAll(async () => {
  await wire?.close();
  await platform?.close();
});
beforeEach(async () => {
  await control(wire.aa, 'POST', '/control/reset');
  await control(wire.aa, 'POST', '/control/clock', { now: NOW });
});

const post = (message: string, body: string) => postWithKey(wire.aa, message, body, KEY);
const shopXml = async (origin: string, destination: string, date = FAR, ptcs = ['ADT']) => {
  const answer = await post('AirShopping', airShoppingRq(origin, destination, date, ptcs));
  expect(answer.status).toBe(200);
  return answer.body;
};
const offerBodies = (xml: string) => [...xml.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].map((m) => m[1]!);
/** The PriceClassID an answer gives a brand code (`AADOM-FIR`). */
const classIdOf = (xml: string, code: string) => new RegExp(`<Code>${code}</Code>[\\s\\S]*?<PriceClassID>(\\w+)<`).exec(xml)?.[1];
const offersOfBrand = (xml: string, code: string) => {
  const id = classIdOf(xml, code);
  return id ? offerBodies(xml).filter((o) => o.includes(`<PriceClassRefID>${id}<`)) : [];
};
const minutesOf = (local: string) => {
  const [date, time] = local.split('T') as [string, string];
  const [h, m] = time.split(':').map(Number) as [number, number];
  return Date.parse(`${date}T00:00:00Z`) / 60_000 + h * 60 + m;
};
/** Each dated marketing segment of an answer: flight number, from, to, local departure and arrival. */
function segmentsIn(xml: string) {
  return [...xml.matchAll(/<DatedMarketingSegment>([\s\S]*?)<\/DatedMarketingSegment>/g)].map((m) => {
    const body = m[1]!;
    return {
      from: /<Dep><AircraftScheduledDateTime>[^<]+<\/AircraftScheduledDateTime><IATA_LocationCode>(\w+)</.exec(body)?.[1],
      to: /<Arrival><AircraftScheduledDateTime>[^<]+<\/AircraftScheduledDateTime><IATA_LocationCode>(\w+)</.exec(body)?.[1],
      dep: /<Dep><AircraftScheduledDateTime>([^<]+)</.exec(body)?.[1] ?? '',
      arr: /<Arrival><AircraftScheduledDateTime>([^<]+)</.exec(body)?.[1] ?? '',
    };
  });
}

const shop = (origin: string, destination: string, date: string, brand: string, infants = 0) =>
  shopBrand(wire.connector({ direct: true }), { origin, destination, date, brand, infants });

async function ticketed(offer: Offer, passengers: PassengerInput[] = [ADA]) {
  const connector = wire.connector({ direct: true });
  const priced = await connector.price([offer.offerId], ctx);
  if (!priced.ok) throw new Error(priced.failure.message);
  const created = await connector.createOrder(
    {
      offerId: priced.value.offer.offerId,
      passengers,
      contact: { email: 'ada@example.com', phone: null },
      extras: [],
      payment: CARD,
      expectedTotal: priced.value.offer.total,
      sellerReference: null,
    },
    ctx,
  );
  if (!created.ok) throw new Error(created.failure.message);
  expect(created.value.status).toBe('ticketed');
  return { order: created.value, priced: priced.value.offer };
}

const refOf = (o: { airlineOrderId: string; owner: string }): OrderRef => ({ airlineOrderId: o.airlineOrderId, owner: o.owner });
const lastAnswer = (message: string) => wire.traffic.filter((t) => t.message === message).at(-1)!.response;

describe('bags, booking classes and cabins', () => {
  it('allows Business and First checked bags of 32 kg / 70 lb, the other brands 23 kg / 50 lb', async () => {
    const xml = await shopXml('JFK', 'LAX');
    expect(await xsdErrors('IATA_AirShoppingRS', xml)).toEqual([]);
    const allowance = (id: string) =>
      new RegExp(`<BaggageAllowanceID>${id}</BaggageAllowanceID>([\\s\\S]*?)</BaggageAllowance>`).exec(xml)?.[1];
    for (const brand of ['AADOM-FIR', 'AADOM-FIRFL']) {
      for (const offer of offersOfBrand(xml, brand)) expect(offer).toContain('<BaggageAllowanceRefID>BAG2_32KG<');
    }
    expect(allowance('BAG2_32KG')).toContain('2 free checked bags up to 70LB 32KG');
    expect(allowance('BAG2_32KG')).toContain(
      '<WeightAllowance><MaximumWeightMeasure>32</MaximumWeightMeasure><WeightUnitOfMeasurement>KGM</WeightUnitOfMeasurement></WeightAllowance>',
    );
    expect(allowance('BAG2_32KG')).toContain('<MaximumWeightMeasure>70</MaximumWeightMeasure><WeightUnitOfMeasurement>LBR<');
    for (const offer of offersOfBrand(xml, 'AADOM-MAINPLUS')) expect(offer).toContain('<BaggageAllowanceRefID>BAG1_23KG<');
    expect(allowance('BAG1_23KG')).toContain('1 free checked bag up to 50LB 23KG');
    // No weight on an allowance of no bags.
    expect(allowance('BAG0_23KG')).not.toContain('WeightAllowance');
    // The seller sees it in the offer's baggage.
    expect((await shop('JFK', 'LAX', FAR, 'AADOM-FIR')).baggage.description).toContain('70LB 32KG');
    expect((await shop('DFW', 'LHR', FAR, 'AAAT-BUS')).baggage).toMatchObject({ checkedBags: 2 });
    expect((await shop('DFW', 'LHR', FAR, 'AAAT-BUS')).baggage.description).toContain('70LB 32KG');
    expect((await shop('DFW', 'LHR', FAR, 'AAAT-MAIN')).baggage.description).toContain('50LB 23KG');
  });

  it('never sells Main Cabin Flexible in B, Basic Economy’s booking class', async () => {
    const seen = new Set<string>();
    for (const [from, to] of [
      ['JFK', 'LAX'],
      ['DFW', 'ORD'],
      ['ORD', 'BOS'],
      ['CLT', 'MIA'],
    ] as const) {
      const xml = await shopXml(from, to, '2026-11-21');
      const rbds = (code: string) =>
        offersOfBrand(xml, code).flatMap((o) => [...o.matchAll(/<RBD_Code>(\w)</g)].map((m) => m[1]!));
      for (const rbd of rbds('AADOM-MAINFL')) seen.add(rbd);
      expect(new Set(rbds('AADOM-BASIC'))).toEqual(new Set(['B']));
    }
    expect(seen.size).toBeGreaterThan(0);
    expect(seen.has('B')).toBe(false);
  });

  it('names the premium cabins Flagship First and Flagship Business on the A321T and the 777-300ER', async () => {
    const transcon = await shopXml('JFK', 'LAX');
    const first = offersOfBrand(transcon, 'AADOM-FIR').find((o) => o.includes('<CabinTypeCode>1<'))!;
    expect(first).toContain('<CabinTypeCode>1</CabinTypeCode><CabinTypeName>Flagship First</CabinTypeName>');
    const business = offersOfBrand(transcon, 'AADOM-BUS').find(
      (o) => !/<PaxSegmentRefID>[^<]+<\/PaxSegmentRefID>[\s\S]*<PaxSegmentRefID>/.test(o),
    );
    expect(business).toContain('<CabinTypeCode>2</CabinTypeCode><CabinTypeName>Flagship Business</CabinTypeName>');
    // The seat map of that offer says so too.
    const seats = await post(
      'SeatAvailability',
      offerRequest('SeatAvailability', offersIn(`<Offer>${first}</Offer>`)[0]!.offerId),
    );
    expect(seats.body).toContain('<CabinTypeName>Flagship First</CabinTypeName>');
    const london = await shopXml('DFW', 'LHR');
    expect(london).toContain('<IATA_AircraftTypeCode>77W</IATA_AircraftTypeCode>');
    expect(london).toContain('<CabinTypeName>Flagship Business</CabinTypeName>');
    // An ordinary domestic First cabin keeps its plain name.
    const shuttle = await shopXml('DCA', 'ORD');
    expect(shuttle).toContain('<CabinTypeCode>1</CabinTypeCode><CabinTypeName>First</CabinTypeName>');
    expect(shuttle).not.toContain('Flagship');
  });
});

describe('schedule', () => {
  it('flies DFW-ORD in 2h20 north and 2h40 south, DFW-AUS in 1h05, as AA schedules them', async () => {
    const block = async (from: string, to: string) => {
      const xml = await shopXml(from, to);
      // All three airports keep Central time: local arrival minus local departure is the block time.
      const own = segmentsIn(xml).filter((s) => s.from === from && s.to === to);
      expect(own.length).toBeGreaterThan(0);
      return new Set(own.map((s) => minutesOf(s.arr) - minutesOf(s.dep)));
    };
    expect(await block('DFW', 'ORD')).toEqual(new Set([140]));
    expect(await block('ORD', 'DFW')).toEqual(new Set([160]));
    expect(await block('DFW', 'AUS')).toEqual(new Set([65]));
    expect(await block('AUS', 'DFW')).toEqual(new Set([65]));
  });

  it('lands no flight at JFK between 01:00 and 03:00 local, winter or summer', async () => {
    for (const date of [FAR, '2027-07-01']) {
      for (const origin of ['LAX', 'DFW', 'SFO', 'PHX', 'MIA', 'LHR']) {
        const xml = await shopXml(origin, 'JFK', date);
        const arrivals = segmentsIn(xml).filter((s) => s.to === 'JFK');
        expect(arrivals.length).toBeGreaterThan(0);
        for (const s of arrivals) {
          const minute = minutesOf(s.arr) % 1440;
          expect(minute < 60 || minute >= 180, `${origin}-JFK arriving ${s.arr}`).toBe(true);
        }
      }
    }
    // And across the whole timetable, on both daylight-saving regimes.
    const jfk = AIRPORTS.get('JFK')!;
    for (const p of buildTimetable().filter((f) => f.destination === 'JFK')) {
      for (const date of ['2026-12-15', '2027-07-01']) {
        const arrives = localToUtc(date, p.depMinutes, AIRPORTS.get(p.origin)!.tz) + p.blockMinutes * 60_000;
        const minute = (((Math.round(arrives / 60_000) + zoneOffsetMinutes(jfk.tz, arrives)) % 1440) + 1440) % 1440;
        expect(minute < 60 || minute >= 180, `${p.origin}-JFK ${p.flightNumber}`).toBe(true);
      }
    }
  });
});

describe('seats', () => {
  /** Main Cabin seat map of the first non-stop Main Cabin offer on a route: exit seats' items and the MCE price. */
  /** The SeatAvailability answer of a non-stop offer of `brand` (the `n`-th) for two adults, with its MCE item and price. */
  async function mainCabinSeats(origin: string, destination: string, brand: string, n = 0) {
    const xml = await shopXml(origin, destination, FAR, ['ADT', 'ADT']);
    const nonStops = offersIn(
      offersOfBrand(xml, brand)
        .map((o) => `<Offer>${o}</Offer>`)
        .join(''),
    ).filter((o) => o.flights.length === 1);
    const answer = await post('SeatAvailability', offerRequest('SeatAvailability', nonStops[n % nonStops.length]!.offerId));
    expect(answer.status).toBe(200);
    const body = answer.body;
    const mceItem = /<OfferItemID>([^<]*-MCE)<\/OfferItemID>/.exec(body)?.[1];
    const mceBase = Number(
      new RegExp(`<OfferItemID>${mceItem}</OfferItemID>[\\s\\S]*?<BaseAmount[^>]*>([\\d.]+)<`).exec(body)?.[1],
    );
    /** The item each free exit-row seat is sold through. */
    const exitItems = [...body.matchAll(/<Seat>([\s\S]*?)<\/Seat>/g)]
      .map((m) => m[1]!)
      .filter((s) => s.includes('<SeatCharacteristicCode>E</SeatCharacteristicCode>') && s.includes('<OccupationStatusCode>F<'))
      .map((s) => /<OfferItemRefID>([^<]+)</.exec(s)?.[1]);
    return { body, mceItem, mceBase, exitItems, flights: nonStops.length };
  }

  it('sells exit-row seats as Main Cabin Extra (090)', async () => {
    // The Eagle E175's exit row (12) is behind its extra-legroom rows (7-10): sold as Main Cabin Extra
    // all the same. Loads are seeded per flight: the first flight with a free exit seat is looked at.
    let seen = 0;
    for (let n = 0; n < 3 && seen === 0; n++) {
      const { body, mceItem, exitItems } = await mainCabinSeats('DFW', 'ACT', 'AADOM-MAIN', n);
      expect(body).toContain('<IATA_AircraftTypeCode>E75<');
      expect(mceItem).toBeDefined();
      expect(new Set(exitItems)).toEqual(new Set(exitItems.length > 0 ? [mceItem] : []));
      seen += exitItems.length;
      expect(await xsdErrors('IATA_SeatAvailabilityRS', body)).toEqual([]);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('prices Main Cabin Extra by stage length', async () => {
    const short = await mainCabinSeats('DFW', 'AUS', 'AADOM-MAIN');
    const medium = await mainCabinSeats('DFW', 'ORD', 'AADOM-MAIN');
    const transcon = await mainCabinSeats('JFK', 'LAX', 'AADOM-MAIN');
    const ocean = await mainCabinSeats('DFW', 'LHR', 'AAAT-MAIN');
    expect([short.mceBase, medium.mceBase, transcon.mceBase, ocean.mceBase]).toEqual([25, 39, 79, 129]);
  });
});

describe('lap infants', () => {
  it('tickets no lap infant on a domestic trip, and tickets one abroad', async () => {
    const home = await ticketed(await shop('JFK', 'LAX', FAR, 'AADOM-MAIN', 1), [ADA, BABY]);
    expect(home.order.tickets.map((t) => t.passengerId)).toEqual(['PAX1']);
    const read = await wire.connector({ direct: true }).retrieveOrder(refOf(home.order), ctx);
    expect(read.ok && read.value.tickets.map((t) => t.passengerId)).toEqual(['PAX1']);
    const abroad = await ticketed(await shop('JFK', 'LHR', FAR, 'AAAT-MAIN', 1), [ADA, BABY]);
    expect(abroad.order.tickets.map((t) => t.passengerId).sort()).toEqual(['PAX1', 'PAX2']);
  });
});

describe('UK APD at the rate in force on the travel date', () => {
  /** The GB tax line's amount (UK departures are filed in pounds) of the first Main Cabin (economy) offer of a search. */
  const apd = async (origin: string, destination: string, date: string, code: string) => {
    const offer = offersOfBrand(await shopXml(origin, destination, date), code)[0] ?? '';
    const gb = /<Tax>((?:(?!<\/Tax>)[\s\S])*<TaxCode>GB<\/TaxCode>)/.exec(offer)?.[1] ?? '';
    return /<Amount CurCode="GBP">([\d.]+)</.exec(gb)?.[1] ?? null;
  };

  it('charges the 2025/26 rate up to 31 March 2026 and the 2026/27 rate from 1 April', async () => {
    await control(wire.aa, 'POST', '/control/clock', { now: '2026-03-10T12:00:00Z' });
    expect(await apd('LHR', 'JFK', '2026-03-31', 'AAAT-MAIN')).toBe('90.00');
    expect(await apd('LHR', 'JFK', '2026-04-01', 'AAAT-MAIN')).toBe('102.00');
    expect(await apd('LHR', 'JFK', '2026-03-31', 'AAAT-BUS')).toBe('216.00');
    expect(await apd('LHR', 'JFK', '2026-04-01', 'AAAT-BUS')).toBe('244.00');
  });
});

describe('reshop to a cheaper flight', () => {
  /** Books `brand` JFK-LAX 3 days out, reshops it 25 days out (cheaper: advance purchase), returns the answer. */
  async function reshopCheaper(brand: string) {
    const { order } = await ticketed(await shop('JFK', 'LAX', '2026-11-23', brand));
    const offers = await wire
      .connector()
      .reshopOrder(refOf(order), { slices: [{ origin: 'JFK', destination: 'LAX', departureDate: FAR }], cabin: null }, ctx);
    if (!offers.ok) throw new Error(offers.failure.message);
    const cheaper = offers.value.filter((o) => o.fareDifference.amountMinor < 0);
    expect(cheaper.length).toBeGreaterThan(0);
    const xml = lastAnswer('OrderReshop');
    expect(await xsdErrors('IATA_OrderReshopRS', xml)).toEqual([]);
    const lower = offerBodies(xml).filter((o) => /<DiffPrice><Price><TotalAmount CurCode="USD">-/.test(o));
    return { lower, cheaper };
  }

  it('keeps the difference of a Main Cabin ticket as a trip credit, and says so', async () => {
    const { lower, cheaper } = await reshopCheaper('AADOM-MAIN');
    expect(lower.length).toBe(cheaper.length);
    // The seller's reshop offer carries it: credit, the amount, AA's words.
    for (const o of cheaper) {
      expect(o.lowerFareDifference).toEqual({
        method: 'credit',
        amount: { ...o.fareDifference, amountMinor: -o.fareDifference.amountMinor },
        description: expect.stringContaining('issued as a trip credit'),
      });
    }
    for (const offer of lower) {
      expect(offer).toContain('<DifferentialTypeCode>Residual</DifferentialTypeCode>');
      const amount = /<DiffPrice><Price><TotalAmount CurCode="USD">-([\d.]+)</.exec(offer)?.[1];
      expect(offer).toContain(
        `<Desc><DescText>New fare is lower: the difference of USD ${amount} is issued as a trip credit; it is not refunded</DescText></Desc>`,
      );
    }
  });

  it('refunds the difference of a Main Cabin Flexible ticket to the form of payment', async () => {
    const { lower, cheaper } = await reshopCheaper('AADOM-MAINFL');
    for (const o of cheaper) expect(o.lowerFareDifference?.method).toBe('original_form_of_payment');
    const dearer = await wire.connector().reshopOrder(
      refOf((await ticketed(await shop('JFK', 'LAX', FAR, 'AADOM-MAINFL'))).order),
      {
        slices: [{ origin: 'JFK', destination: 'LAX', departureDate: '2026-11-23' }],
        cabin: null,
      },
      ctx,
    );
    if (!dearer.ok) throw new Error(dearer.failure.message);
    const more = dearer.value.filter((x) => x.fareDifference.amountMinor >= 0);
    expect(more.length).toBeGreaterThan(0);
    for (const o of more) expect(o.lowerFareDifference).toBeNull();
    for (const offer of lower) {
      expect(offer).toContain('<DifferentialTypeCode>Refund</DifferentialTypeCode>');
      expect(offer).toMatch(
        /<DescText>New fare is lower: the difference of USD [\d.]+ is refunded to the original form of payment</,
      );
    }
  });
});

describe('Basic Economy cancelled after 24 hours', () => {
  it('gets back only the per-flight and airport charges (ZP, AY, XF), not the 7.5% US tax', async () => {
    const { order, priced } = await ticketed(await shop('JFK', 'LAX', FAR, 'AADOM-BASIC'));
    const lines = priced.passengerPrices[0]!.taxLines;
    expect(lines.map((t) => t.code).sort()).toEqual(['AY', 'US', 'XF', 'ZP']);
    const charges = lines.filter((t) => ['ZP', 'AY', 'XF'].includes(t.code)).reduce((s, t) => s + t.amount.amountMinor, 0);
    await control(wire.aa, 'POST', '/control/clock', { advanceSeconds: 30 * 3600 });
    const quote = await wire.connector().cancelQuote(refOf(order), ctx);
    if (!quote.ok) throw new Error(quote.failure.message);
    expect(quote.value.refund.amountMinor).toBe(charges);
    expect(quote.value.penalty.amountMinor).toBe(order.total.amountMinor - charges);
    expect(quote.value.credit.amountMinor).toBe(0);
    const closed = await wire.connector().acceptCancel(refOf(order), quote.value.quoteId, ctx);
    expect(closed.ok && closed.value?.status).toBe('refunded');
    const state = (await (
      await control(wire.aa, 'GET', `/control/orders/${encodeURIComponent(order.airlineOrderId)}`)
    ).json()) as {
      refundedCents: number;
    };
    expect(state.refundedCents).toBe(charges);
  });
});

describe('round trips', () => {
  it('pairs every outbound and every return itinerary of a brand, not only the first four of each', async () => {
    /** The flight numbers of an offer's fare components, in order (outbound first, then the return). */
    const flightNumbers = (xml: string, offer: string) => {
      const numbers = new Map(
        [
          ...xml.matchAll(
            /<DatedMarketingSegmentId>DMS(\d+)<\/DatedMarketingSegmentId>[\s\S]*?<MarketingCarrierFlightNumberText>(\d+)</g,
          ),
        ].map((m) => [`SEG${m[1]}`, m[2]!]),
      );
      const fares = /<FareDetail>([\s\S]*?)<\/FareDetail>/.exec(offer)?.[1] ?? '';
      return [...fares.matchAll(/<PaxSegmentRefID>(\w+)</g)].map((m) => numbers.get(m[1]!) ?? m[1]!);
    };
    const itineraries = async (from: string, to: string, date: string) => {
      const xml = await shopXml(from, to, date);
      return new Set(offersOfBrand(xml, 'AADOM-MAIN').map((o) => flightNumbers(xml, o).join('+')));
    };
    const outs = await itineraries('JFK', 'DFW', FAR);
    const backs = await itineraries('DFW', 'JFK', '2026-12-20');
    expect(outs.size).toBeGreaterThan(4);
    expect(backs.size).toBeGreaterThan(4);

    const res = await post('AirShopping', roundTripRq('JFK', 'DFW', FAR, '2026-12-20'));
    expect(await xsdErrors('IATA_AirShoppingRS', res.body)).toEqual([]);
    const all = offerBodies(res.body);
    expect(all.length).toBeLessThanOrEqual(240);
    const main = offersOfBrand(res.body, 'AADOM-MAIN');
    expect(main.length).toBeLessThanOrEqual(30);
    const seenOut = new Set<string>();
    const seenBack = new Set<string>();
    for (const offer of main) {
      // An offer's FareComponents list the outbound flights, then the return flights.
      const numbers = flightNumbers(res.body, offer);
      const split = numbers.findIndex(
        (n, i) => i > 0 && outs.has(numbers.slice(0, i).join('+')) && backs.has(numbers.slice(i).join('+')),
      );
      expect(split).toBeGreaterThan(0);
      seenOut.add(numbers.slice(0, split).join('+'));
      seenBack.add(numbers.slice(split).join('+'));
    }
    expect(seenOut).toEqual(outs);
    expect(seenBack).toEqual(backs);
  });

  it('reaches the seller as the airline priced it: one airline offer per round trip, not two one-ways combined', async () => {
    const connector = wire.connector({ direct: true });
    const found = await connector.search(
      {
        slices: [
          { origin: 'JFK', destination: 'LHR', departureDate: FAR },
          { origin: 'LHR', destination: 'JFK', departureDate: '2026-12-22' },
        ],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: null,
        maxConnections: 0,
      },
      ctx,
    );
    if (!found.ok) throw new Error(found.failure.message);
    const offers = found.value ?? [];
    expect(offers.length).toBeGreaterThan(0);
    const airline = await post('AirShopping', roundTripRq('JFK', 'LHR', FAR, '2026-12-22'));
    const airlineTotals = new Set(offersIn(airline.body).map((o) => Math.round(o.total * 100)));
    for (const offer of offers) {
      expect(offer.slices.map((s) => `${s.origin}-${s.destination}`)).toEqual(['JFK-LHR', 'LHR-JFK']);
      expect(connector.offerFacts(offer.offerId)?.airlineOffers).toBe(1);
      // Abroad a round trip is 15% under two one-ways: the total is the airline's round-trip price.
      expect(airlineTotals.has(offer.total.amountMinor)).toBe(true);
    }
  });
});
