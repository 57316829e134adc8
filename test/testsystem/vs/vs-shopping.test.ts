// The VS test system shops and prices as Virgin Atlantic: JFK-LHR and LHR-JFK with VS's brands,
// filed in GBP from the UK and USD from the US, with UK APD, VS's YQ and the US taxes, and every
// answer valid against the full 21.3 schemas.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VsTestSystem } from '../../../src/testsystem/vs/server.js';
import { airShoppingRq, all, first, minor, offerPriceRq, offersIn, postValid, startVs, TRAVEL_DATE } from './vs-test-helpers.js';

let vs: VsTestSystem;
beforeAll(async () => {
  vs = await startVs();
});
afterAll(async () => vs.close());

const BRANDS = [
  'Economy Light',
  'Economy Classic',
  'Economy Classic Flex',
  'Economy Delight',
  'Economy Delight Flex',
  'Premium',
  'Premium Flex',
  'Upper',
  'Upper Flex',
];

/** Tax amounts of an offer's first item (one passenger's, as VS prices items), by code. */
function taxes(offerXml: string): Record<string, number> {
  const price = /<\/FareDetail>[\s\S]*?<TaxSummary>([\s\S]*?)<TotalTaxAmount/.exec(offerXml)![1]!;
  return Object.fromEntries(
    [...price.matchAll(/<Tax><Amount CurCode="\w+">([\d.]+)<\/Amount>[\s\S]*?<TaxCode>(\w+)</g)].map((m) => [m[2]!, minor(m[1])]),
  );
}

const offerXml = (body: string, brandPc: string) =>
  [...body.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].map((m) => m[1]!).find((o) => o.includes(`<PriceClassRefID>${brandPc}<`))!;

describe('VS shopping', () => {
  it('shows every VS brand London to New York in GBP, with UK APD, the LHR charge, VS YQ and US arrival taxes', async () => {
    const res = await postValid(vs, 'AirShopping', airShoppingRq('LHR', 'JFK'), 'IATA_AirShoppingRS');
    expect(res.status).toBe(200);
    expect(res.schemaErrors).toEqual([]);
    expect(all(res.body, 'Name')).toEqual(expect.arrayContaining(BRANDS));
    // VS sends no price class Code (every shopping sample).
    expect(res.body).not.toMatch(/<PriceClass><Code>/);
    expect(new Set(all(res.body, 'CarrierDesigCode'))).toEqual(new Set(['VS', 'DL']));
    expect(res.body).toMatch(/<TotalAmount CurCode="GBP">/);
    expect(res.body).not.toMatch(/CurCode="USD"/);
    // Economy Classic (PC2): APD band B reduced rate from April 2026, UB GBP 48.89, YQ GBP 120.
    const classic = taxes(offerXml(res.body, 'PC2'));
    expect(classic).toMatchObject({ GB: 10_200, UB: 4_889, YQ: 12_000 });
    expect(Object.keys(classic)).toEqual(expect.arrayContaining(['US', 'XA', 'XY', 'YC']));
    // Upper pays APD's standard rate.
    expect(taxes(offerXml(res.body, 'PC8')).GB).toBe(24_400);
    const price = (pc: string) => minor(first(offerXml(res.body, pc), 'TotalAmount'));
    expect(price('PC1')).toBeLessThan(price('PC2'));
    expect(price('PC2')).toBeLessThan(price('PC3'));
    expect(price('PC6')).toBeLessThan(price('PC8'));
  });

  it('shows VS brands New York to London in USD, with the US departure taxes and no APD', async () => {
    const res = await postValid(vs, 'AirShopping', airShoppingRq('JFK', 'LHR'), 'IATA_AirShoppingRS');
    expect(res.schemaErrors).toEqual([]);
    expect(all(res.body, 'Name')).toEqual(expect.arrayContaining(BRANDS));
    expect(res.body).toMatch(/<TotalAmount CurCode="USD">/);
    expect(res.body).not.toMatch(/CurCode="GBP"/);
    const classic = taxes(offerXml(res.body, 'PC2'));
    expect(classic).toMatchObject({ US: 2_340, AY: 560, XF: 450, YQ: 15_600 });
    expect(classic.GB).toBeUndefined();
    // Delta-operated JFK-LHR flights are sold under VS numbers, operated by DL.
    expect(offersIn(res.body).some((o) => o.operatingCarriers.includes('DL'))).toBe(true);
  });

  it('prices an offer at its shopped total with a fresh expiry, and holds it until 23:59 UTC three days on', async () => {
    const shop = await postValid(
      vs,
      'AirShopping',
      airShoppingRq('LHR', 'JFK', TRAVEL_DATE, ['ADT', 'ADT']),
      'IATA_AirShoppingRS',
    );
    const offer = offersIn(shop.body)[0]!;
    const priced = await postValid(vs, 'OfferPrice', offerPriceRq(offer.offerId, offer.items), 'IATA_OfferPriceRS');
    expect(priced.schemaErrors).toEqual([]);
    expect(offersIn(priced.body)[0]!.total).toBe(offer.total);
    expect(first(priced.body, 'OwnerCode')).toBe('VS');
    // VS writes its time limits in London's local time with no offset (the gateway reads them on VS's clock).
    expect(first(priced.body, 'PaymentTimeLimitDateTime')).toBe('2026-11-23T23:59:00');
    // VS's offer ids: <uuid>|<token><sequence>.
    expect(offer.offerId).toMatch(/^[0-9a-f-]{36}\|[A-Za-z0-9]{22}\d{3}$/);
  });

  it('prices each offer item per passenger, as VS does (offerprice_multipax_with_upsell_offers_RS.xml), in AirShopping and OfferPrice', async () => {
    const shop = await postValid(
      vs,
      'AirShopping',
      airShoppingRq('LHR', 'JFK', TRAVEL_DATE, ['ADT', 'ADT', 'CHD']),
      'IATA_AirShoppingRS',
    );
    expect(shop.schemaErrors).toEqual([]);
    const offer = offersIn(shop.body)[0]!;
    const priced = await postValid(vs, 'OfferPrice', offerPriceRq(offer.offerId, offer.items), 'IATA_OfferPriceRS');
    expect(priced.schemaErrors).toEqual([]);
    for (const body of [shop.body, priced.body]) {
      const first = /<(?:Offer|PricedOffer)(?: [^>]*)?>([\s\S]*?)<\/(?:Offer|PricedOffer)>/.exec(body)![1]!;
      const items = [...first.matchAll(/<OfferItem>([\s\S]*?)<\/OfferItem>/g)].map((m) => {
        const fareDetail = /<FareDetail>([\s\S]*?)<\/FareDetail>/.exec(m[1]!)![1]!;
        const price = /<\/FareDetail>[\s\S]*?<Price>([\s\S]*?)<\/Price>/.exec(m[1]!)![1]!;
        return {
          pax: all(fareDetail, 'PaxRefID'),
          fareDetailPriced: fareDetail.includes('<Price>'),
          total: minor(/<TotalAmount CurCode="GBP">([\d.]+)<\/TotalAmount>\s*$/.exec(price)![1]),
        };
      });
      // Two adults on one item, priced at one adult's fare; the child on its own item at less.
      expect(items.map((i) => i.pax.length)).toEqual([2, 1]);
      expect(items[1]!.total).toBeLessThan(items[0]!.total);
      expect(items.some((i) => i.fareDetailPriced)).toBe(false);
      const offerTotal = minor(/<TotalPrice><TotalAmount CurCode="GBP">([\d.]+)</.exec(first)![1]);
      expect(items.reduce((sum, i) => sum + i.total * i.pax.length, 0)).toBe(offerTotal);
    }
  });

  it('answers a route VS does not fly, and an unknown offer, with VS errors that validate', async () => {
    const none = await postValid(vs, 'AirShopping', airShoppingRq('LHR', 'DFW'), 'IATA_AirShoppingRS');
    expect(none.schemaErrors).toEqual([]);
    expect(first(none.body, 'DescText')).toMatch(/^No availability for the requested journey/);
    expect(first(none.body, 'OwnerName')).toBe('VS');
    const gone = await postValid(
      vs,
      'OfferPrice',
      offerPriceRq('nope', [{ itemId: 'nope-1', paxIds: ['PAX1'] }]),
      'IATA_OfferPriceRS',
    );
    expect(gone.schemaErrors).toEqual([]);
    expect(first(gone.body, 'DescText')).toMatch(/^Offer has expired or is invalid/);
  });
});
