// VS's brands and taxes agree with the aircraft and with what VS's own answers charge: the tax lines
// of a VS trip are computed from the tables and compared, code by code, with the samples' amounts.
import { describe, expect, it } from 'vitest';
import type { CabinCode } from '../../../src/testsystem/ndc/network/aircraft.js';
import { vsBrandByName, VS_BRANDS } from '../../../src/testsystem/vs/fares/brands.js';
import { vsTaxLines, type TaxSegment, type VsPtc } from '../../../src/testsystem/vs/fares/tax-lines.js';
import { APD_BAND_BY_COUNTRY, apdRatesOn } from '../../../src/testsystem/vs/fares/taxes-data.js';
import { greatCircleKm } from '../../../src/testsystem/ndc/network/geo-time.js';
import { VS_AIRPORTS } from '../../../src/testsystem/vs/network/airports-data.js';
import { VS_FLEET, VS_OWN_TYPES } from '../../../src/testsystem/vs/network/fleet-data.js';
import { needsUpstream } from '../../helpers/upstream.js';
import { blocks, firstText, readSample, taxPence, texts } from './vs-sample-reader.js';

const seg = (origin: string, destination: string, cabin: CabinCode, date: string): TaxSegment => ({
  origin,
  destination,
  cabin,
  date,
});

/** Tax pence by code for a return trip priced as two one-ways. */
function returnTrip(out: TaxSegment, back: TaxSegment, ptc: VsPtc): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const line of [...vsTaxLines([out], ptc, 'GBP'), ...vsTaxLines([back], ptc, 'GBP')])
    sum[line.code] = (sum[line.code] ?? 0) + line.amount;
  return sum;
}

describe('VS brands', () => {
  it('sell every cabin every VS aircraft has, and only cabins an aircraft has', () => {
    const cabins = new Set(VS_OWN_TYPES.flatMap((t) => VS_FLEET[t]?.cabins.map((c) => c.cabin) ?? []));
    for (const cabin of cabins)
      expect(
        VS_BRANDS.some((b) => b.cabins[0] === cabin),
        cabin,
      ).toBe(true);
    for (const b of VS_BRANDS) expect(cabins.has(b.cabins[0] as CabinCode), b.id).toBe(true);
  });

  it('price Economy Classic at 1 and rise in display order, flexible brands free to change and refundable', () => {
    expect(VS_BRANDS.find((b) => b.id === 'CLASSIC')?.multiplier).toBe(1);
    const order = [...VS_BRANDS].sort((a, b) => a.displayOrder - b.displayOrder);
    for (let i = 1; i < order.length; i++) expect(order[i]?.multiplier ?? 0).toBeGreaterThan(order[i - 1]?.multiplier ?? 0);
    for (const b of VS_BRANDS) {
      expect(b.flexible === (b.cancel === 'refund'), b.id).toBe(true);
      expect(b.flexible === (b.changeFee.GBP === 0), b.id).toBe(true);
    }
  });

  it('have the names, change fees, cancellation rule and fare-basis brand letter VS answers with', () => {
    needsUpstream('ndc-samples');
    let checked = 0;
    for (const file of [
      'airshopping/AirShoppingRS_Instant_Purchase_Service_Added_Order.xml',
      'airshopping/shop_for_flexible_fares_RS.xml',
      'offerprice/offerprice_multipax_with_upsell_offers_RS.xml',
      'offerprice/OfferPriceRS_Instant_Purchase_Service_Added_Order.xml',
    ]) {
      const xml = readSample(file);
      const names = new Map(blocks(xml, 'PriceClass').map((pc) => [firstText(pc, 'PriceClassID'), firstText(pc, 'Name') ?? '']));
      for (const fc of blocks(xml, 'FareComponent')) {
        const name = names.get(firstText(fc, 'PriceClassRefID')) ?? '';
        const brand = vsBrandByName(name);
        expect(brand, `${file}: ${name}`).toBeDefined();
        const fareBasis = firstText(fc, 'FareBasisCode') ?? '';
        const fee = Math.round(Number(firstText(blocks(fc, 'ChangeRestrictions')[0] ?? '', 'Amount')) * 100);
        const cancellable = firstText(blocks(fc, 'CancelRestrictions')[0] ?? '', 'AllowedModificationInd') === 'true';
        expect(cancellable, `${file}: ${name} ${fareBasis}`).toBe(brand?.flexible);
        // South African fares (OG/KG/ZG…) carry their own change fee; the rest carry the brand's.
        if (!/^.G0571|^.G15D1/.test(fareBasis)) {
          expect(fee, `${file}: ${name} ${fareBasis}`).toBe(brand?.changeFee.GBP);
          if (/^[A-Z]{2}\d{2}[A-Z][CE][A-Z][A-Z]$/.test(fareBasis))
            expect(fareBasis[6], `${name} ${fareBasis}`).toBe(brand?.fareBasisBrandLetter);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

describe('UK APD', () => {
  it('bands the samples’ destinations by distance from London: B up to 5,500 miles, C beyond', () => {
    const lhr = VS_AIRPORTS.get('LHR');
    for (const a of VS_AIRPORTS.values()) {
      const band = APD_BAND_BY_COUNTRY[a.country];
      if (!lhr || !band) continue;
      const miles = greatCircleKm(lhr.lat, lhr.lon, a.lat, a.lon) / 1.609;
      // The band goes by the country's capital: allow 150 miles either side of the airport.
      if (band === 'B') expect(miles, a.code).toBeLessThan(5_650);
      if (band === 'C') expect(miles, a.code).toBeGreaterThan(5_350);
    }
    expect(apdRatesOn('2026-03-31').from).toBe('2025-04-01');
    expect(apdRatesOn('2026-04-01').from).toBe('2026-04-01');
  });
});

describe('VS tax lines', () => {
  it('reproduce LHR-JNB-LHR May 2025 in every cabin, for adults and under-16s (AirShopping/OfferPrice samples)', () => {
    needsUpstream('ndc-samples');
    const shop = readSample('airshopping/AirShoppingRS_Instant_Purchase_Service_Added_Order.xml');
    const price = readSample('offerprice/OfferPriceRS_Instant_Purchase_Service_Added_Order.xml');
    const item = (xml: string, basis: string, pax: string): string =>
      blocks(xml, 'OfferItem').find((i) => texts(i, 'FareBasisCode').includes(basis) && texts(i, 'PaxRefID').includes(pax)) ?? '';
    const cases: [string, string, CabinCode, string, VsPtc][] = [
      [shop, 'OG0571LA', 'Y', 'ADULT_1', 'ADT'],
      [shop, 'OG0571LA', 'Y', 'CHILD_1', 'CHD'],
      [shop, 'OG0571LA', 'Y', 'YOUNG_1', 'GBE'],
      [price, 'KG0571KA', 'W', 'ADULT_1', 'ADT'],
      [price, 'KG0571KA', 'W', 'CHILD_1', 'CHD'],
      [price, 'ZG0571KA', 'J', 'ADULT_1', 'ADT'],
    ];
    for (const [xml, basis, cabin, pax, ptc] of cases) {
      const expected = taxPence(blocks(item(xml, basis, pax), 'TaxSummary')[0] ?? '');
      expect(Object.keys(expected).length, `${basis} ${pax}`).toBeGreaterThan(5);
      expect(
        returnTrip(seg('LHR', 'JNB', cabin, '2025-05-07'), seg('JNB', 'LHR', cabin, '2025-05-14'), ptc),
        `${basis} ${pax}`,
      ).toEqual(expected);
    }
  });

  it('charge LHR-DEL 2023 APD and YQ by cabin, lap infants only UB and the infant YQ (offerprice upsell sample)', () => {
    needsUpstream('ndc-samples');
    const xml = readSample('offerprice/offerprice_multipax_with_upsell_offers_RS.xml');
    const cases: [string, CabinCode, string, VsPtc][] = [
      ['EL10BCSB', 'Y', 'ADULT_1', 'ADT'],
      ['EL10BCSB', 'Y', 'CHILD_1', 'CHD'],
      ['EL10BCSB', 'Y', 'INFANT_1', 'INF'],
      ['KL10BCJB', 'W', 'ADULT_1', 'ADT'],
      ['KL10BCJB', 'W', 'CHILD_1', 'CHD'],
      ['ZS10BCJB', 'J', 'ADULT_1', 'ADT'],
    ];
    for (const [basis, cabin, pax, ptc] of cases) {
      const offerItem =
        blocks(xml, 'OfferItem').find((i) => texts(i, 'FareBasisCode').includes(basis) && texts(i, 'PaxRefID').includes(pax)) ??
        '';
      const expected = taxPence(blocks(offerItem, 'TaxSummary')[0] ?? '');
      const got = Object.fromEntries(
        vsTaxLines([seg('LHR', 'DEL', cabin, '2023-09-05')], ptc, 'GBP').map((l) => [l.code, l.amount]),
      );
      // UB is Heathrow's charge of the year of departure (GBP 55.81 in 2023, uk-airport-charges.ts).
      expect(Object.keys(got).sort(), `${basis} ${pax}`).toEqual(Object.keys(expected).sort());
      expect(got, `${basis} ${pax}`).toEqual(expected);
    }
  });

  it('add the US arrival taxes on a trip to the US and the 9/11 fee and PFC on one from it', () => {
    const to = vsTaxLines([seg('LHR', 'MCO', 'Y', '2026-06-01')], 'ADT', 'USD').map((l) => l.code);
    expect(to).toEqual(['GB', 'UB', 'US', 'XA', 'XY', 'YC', 'YQ']);
    const from = vsTaxLines([seg('JFK', 'LHR', 'Y', '2026-06-01')], 'ADT', 'USD');
    expect(from.map((l) => l.code)).toEqual(['US', 'AY', 'XF', 'YQ']);
    expect(from.find((l) => l.code === 'AY')?.amount).toBe(560);
  });
});
