// AA's brands and booking classes on the wire (issue 20, point 7): Basic Economy books in B (the
// JFK-LHR sample), brand codes by region (AADOM-, AAAT-), Main Plus and First Flexible beside the
// sample's brands, and First only where every flight has a First cabin.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { airShoppingRq, post, startFixedServer, TRAVEL_DATE } from './aa-test-helpers.js';

let system: AaTestSystem;
beforeAll(async () => {
  system = await startFixedServer();
});
afterAll(async () => system?.close());

interface BrandedOffer {
  code: string;
  cabins: string[];
  rbds: string[];
}

/** Each offer's brand code (through its price class) with the cabin and booking class of each flight. */
async function brandedOffers(origin: string, destination: string): Promise<BrandedOffer[]> {
  const { body } = await post(system, 'AirShopping', airShoppingRq(origin, destination, TRAVEL_DATE));
  const codes = new Map(
    [...body.matchAll(/<PriceClass>([\s\S]*?)<\/PriceClass>/g)].map((m) => [
      /<PriceClassID>(\w+)</.exec(m[1]!)?.[1],
      /<Code>([\w-]+)</.exec(m[1]!)?.[1] ?? '',
    ]),
  );
  return [...body.matchAll(/<Offer>([\s\S]*?)<\/Offer>/g)].map((m) => {
    const offer = m[1]!;
    const item = /<OfferItem>([\s\S]*?)<\/OfferItem>/.exec(offer)?.[1] ?? '';
    return {
      code: codes.get(/<PriceClassRefID>(\w+)</.exec(offer)?.[1]) ?? '',
      cabins: [...item.matchAll(/<FareComponent>[\s\S]*?<CabinTypeCode>(\d)</g)].map((c) => c[1]!),
      rbds: [...item.matchAll(/<RBD_Code>(\w)</g)].map((c) => c[1]!),
    };
  });
}

describe('brands and booking classes', () => {
  it('books Basic Economy in B and names brands by region, as AA does', async () => {
    const home = await brandedOffers('JFK', 'LAX');
    const basic = home.filter((o) => o.code === 'AADOM-BASIC');
    expect(basic.length).toBeGreaterThan(0);
    expect(basic.every((o) => o.rbds.every((r) => r === 'B'))).toBe(true);
    expect(home.filter((o) => o.code === 'AADOM-MAIN').every((o) => !o.rbds.includes('B'))).toBe(true);
    const codes = new Set(home.map((o) => o.code));
    for (const code of ['AADOM-MAIN', 'AADOM-MAINPLUS', 'AADOM-MAINFL', 'AADOM-FIR', 'AADOM-FIRFL'])
      expect(codes).toContain(code);
    const london = new Set((await brandedOffers('JFK', 'LHR')).map((o) => o.code));
    expect(london).toContain('AAAT-BASIC');
    expect([...london].every((c) => c.startsWith('AAAT-'))).toBe(true);
  });

  it('sells First only when every flight has a First cabin', async () => {
    for (const [from, to] of [
      ['MIA', 'GRU'],
      ['JFK', 'LHR'],
      ['JFK', 'LAX'],
    ] as const) {
      const first = (await brandedOffers(from, to)).filter((o) => /-FIR(FL)?$/.test(o.code));
      expect(first.every((o) => o.cabins.every((c) => c === '1'))).toBe(true);
    }
  });
});
