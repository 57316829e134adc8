// Round trips as AA answers them (issue 20, point 3): every offer covers both directions and is
// priced as one round trip (samples-aa-17.2 AirShoppingRS_JFKDFW_2ADT_1CNN_RoundTrip.xml: 110
// offers, each with two journeys), and the September 11 fee is paid once per direction.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { offerPriceRq, offersIn, post, roundTripRq, startFixedServer, xsdErrors } from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system?.close());

const offersOf = (xml: string) => [...xml.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].map((m) => m[1]!);
const journeysOf = (offer: string) => [...offer.matchAll(/<JourneyPriceClass><PaxJourneyRefID>(\w+)</g)].map((m) => m[1]!);

describe('round trips', () => {
  it('answers JFK-DFW-JFK with offers that each cover both directions, priced as one trip', async () => {
    const res = await post(system, 'AirShopping', roundTripRq('JFK', 'DFW', '2026-12-15', '2026-12-20'));
    expect(await xsdErrors('IATA_AirShoppingRS', res.body)).toEqual([]);
    const offers = offersOf(res.body);
    expect(offers.length).toBeGreaterThan(20);
    expect(offers.length).toBeLessThanOrEqual(240);
    for (const offer of offers) expect(new Set(journeysOf(offer)).size).toBe(2);
    // Each OD names the journeys that fly it: outbound ones under OD1, return ones under OD2.
    const od = (id: string) =>
      new Set(
        [
          ...(
            new RegExp(`<OriginDestID>${id}</OriginDestID>((?:<PaxJourneyRefID>\\w+</PaxJourneyRefID>)+)`).exec(res.body)?.[1] ??
            ''
          ).matchAll(/>(\w+)</g),
        ].map((m) => m[1]),
      );
    for (const offer of offers) {
      const [out, back] = journeysOf(offer);
      expect(od('OD1').has(out)).toBe(true);
      expect(od('OD2').has(back)).toBe(true);
    }
    // The September 11 fee once per one-way trip: USD 11.20 for the round trip.
    const ay = /<Tax>(?:(?!<\/Tax>)[\s\S])*<TaxCode>AY<\/TaxCode>/.exec(offers[0]!)?.[0] ?? '';
    expect(/<Amount[^>]*>([\d.]+)</.exec(ay)?.[1]).toBe('11.20');
  });

  it('prices and keeps both directions through OfferPrice', async () => {
    const res = await post(system, 'AirShopping', roundTripRq('JFK', 'DFW', '2026-12-15', '2026-12-20'));
    const offer = offersIn(res.body)[0]!;
    const priced = await post(system, 'OfferPrice', offerPriceRq(offer.offerId, offer.items));
    expect(await xsdErrors('IATA_OfferPriceRS', priced.body)).toEqual([]);
    expect(offersIn(priced.body)[0]?.total).toBe(offer.total);
    expect(new Set(journeysOf(priced.body)).size).toBe(2);
  });
});
