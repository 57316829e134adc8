import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Offer, SearchQuery } from '../../src/connectors/connector-types.js';
import { joinedOffersJsonText, offerJson, offersJsonText } from '../../src/shopping/offer-view.js';
import { startRecordedAa, type RecordedAa } from '../connectors/recorded-aa.js';

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let wire: RecordedAa;
beforeAll(async () => {
  wire = await startRecordedAa();
});
afterAll(async () => wire?.close());

// Real answers of the AA test system: one-way, round trip (combined offers), multi-city, every
// passenger type, a long-haul route (taxes filed in another currency).
const QUERIES: SearchQuery[] = [
  {
    slices: [{ origin: 'JFK', destination: 'LAX', departureDate: day(12) }],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: null,
    maxConnections: null,
  },
  {
    slices: [{ origin: 'DFW', destination: 'ORD', departureDate: day(20) }],
    passengers: { adults: 2, children: 1, infants: 1 },
    cabin: null,
    maxConnections: 1,
  },
  {
    slices: [
      { origin: 'CLT', destination: 'MIA', departureDate: day(30) },
      { origin: 'MIA', destination: 'CLT', departureDate: day(37) },
    ],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: null,
    maxConnections: null,
  },
  {
    slices: [
      { origin: 'JFK', destination: 'LAX', departureDate: day(15) },
      { origin: 'LAX', destination: 'ORD', departureDate: day(18) },
      { origin: 'ORD', destination: 'JFK', departureDate: day(21) },
    ],
    passengers: { adults: 2, children: 2, infants: 0 },
    cabin: null,
    maxConnections: null,
  },
  {
    slices: [{ origin: 'LAX', destination: 'LHR', departureDate: day(40) }],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: null,
    maxConnections: null,
  },
];

describe('offer list JSON text made once per list', () => {
  it('is byte for byte what JSON.stringify makes of the offer views, on real test-system answers', async () => {
    const connector = wire.connector({ direct: true });
    let seen = 0;
    for (const query of QUERIES) {
      const result = await connector.search(query, { environment: 'test' });
      expect(result.ok).toBe(true);
      const offers = (result as { ok: true; value: Offer[] | null }).value ?? [];
      seen += offers.length;
      const text = offersJsonText(offers);
      expect(text).toBe(JSON.stringify(offers.map(offerJson)));
      // A second use (the stored answer after the streamed batch) gives the same text again.
      expect(offersJsonText(offers)).toBe(text);
      expect(JSON.parse(text)).toEqual(offers.map(offerJson));
    }
    // The answers were not empty: the comparison above covered real offers.
    expect(seen).toBeGreaterThan(100);
  });

  it('lists joined from their texts are the JSON of all their offers in order; empty lists add nothing', async () => {
    expect(offersJsonText([])).toBe('[]');
    expect(joinedOffersJsonText([])).toBe('[]');
    expect(joinedOffersJsonText([[], []])).toBe('[]');
    const result = await wire.connector({ direct: true }).search(QUERIES[0]!, { environment: 'test' });
    const offers = (result as { ok: true; value: Offer[] }).value;
    expect(offers.length).toBeGreaterThan(3);
    const [a, b, c] = [offers.slice(0, 1), offers.slice(1, 3), offers.slice(3)];
    expect(joinedOffersJsonText([a])).toBe(offersJsonText(a));
    for (const lists of [
      [a, b, c],
      [[], a, [], c],
      [b, []],
    ]) {
      expect(joinedOffersJsonText(lists)).toBe(JSON.stringify(lists.flat().map(offerJson)));
    }
  });
});
