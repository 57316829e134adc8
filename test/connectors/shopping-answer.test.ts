import fs from 'node:fs';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airShoppingRequest } from '../../src/connectors/ndc/air-shopping-request.js';
import { parseXml, type Parsed } from '../../src/connectors/ndc/ndc-xml.js';
import { readShoppingAnswer } from '../../src/connectors/ndc/offer-responses.js';
import { AA_PROFILE } from '../../src/connectors/aa/aa-profile.js';
import type { Offer, SearchQuery } from '../../src/connectors/connector-types.js';
import { validateSearch } from '../../src/shopping/search-validation.js';
import { startAaTestSystem, type AaTestSystem } from '../../src/testsystem/aa/server.js';
import { NDC_SAMPLES_DIR, needsUpstream } from '../helpers/upstream.js';
import { daysAhead } from '../shopping/shopping-fixture.js';

const KEY = 'aa-test-subscription-key';

/** The offers read offer by offer, and what was handed out early. */
function offerByOffer(xml: string, query: SearchQuery) {
  const early: Offer[][] = [];
  const answer = readShoppingAnswer(query, AA_PROFILE, { size: 20, emit: (offers) => early.push(offers) });
  const root = parseXml(xml, answer.options).IATA_AirShoppingRS as Parsed;
  return { offers: answer.offers(root), early };
}

/** The offers as a plain search reads them (nothing waits for the first ones): the whole answer, then mapped. */
function plain(xml: string, query: SearchQuery): Offer[] {
  const answer = readShoppingAnswer(query, AA_PROFILE);
  return answer.offers(parseXml(xml, answer.options).IATA_AirShoppingRS as Parsed);
}

let aa: AaTestSystem;
beforeAll(async () => {
  aa = await startAaTestSystem({ subscriptionKey: KEY, logger: false });
});
afterAll(async () => aa?.close());

async function shop(body: Parameters<typeof validateSearch>[0]): Promise<{ xml: string; query: SearchQuery }> {
  const { query } = validateSearch(body, new Date());
  const res = await request(`${aa.url}/ndc/21.3/AirShopping`, {
    method: 'POST',
    headers: { 'content-type': 'application/xml', 'ocp-apim-subscription-key': KEY },
    body: airShoppingRequest(query, { orgId: 'T', name: 'Test' }),
  });
  expect(res.statusCode).toBe(200);
  return { xml: await res.body.text(), query };
}

describe('AirShopping answers read offer by offer (a stream) or whole (a plain search)', () => {
  it('give the same offers either way: one-way, families, round trip, multi-city', async () => {
    const searches = [
      { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(12), adults: 1 },
      { origin: 'DFW', destination: 'ORD', departure_date: daysAhead(14), adults: 2, children: 1, infants: 1 },
      { origin: 'CLT', destination: 'MIA', departure_date: daysAhead(16), return_date: daysAhead(20), adults: 1 },
      {
        slices: [
          { origin: 'PHX', destination: 'PHL', departure_date: daysAhead(18) },
          { origin: 'PHL', destination: 'BOS', departure_date: daysAhead(21) },
          { origin: 'BOS', destination: 'PHX', departure_date: daysAhead(25) },
        ],
        adults: 1,
      },
    ];
    for (const body of searches) {
      const { xml, query } = await shop(body);
      const expected = plain(xml, query);
      expect(expected.length, JSON.stringify(body)).toBeGreaterThan(0);
      const { offers, early } = offerByOffer(xml, query);
      expect(offers).toEqual(expected);
      if (query.slices.length === 1) {
        // The first 20, handed out while the rest was still unread: the same objects the answer starts with.
        expect(early).toHaveLength(1);
        expect(early[0]).toHaveLength(20);
        early[0]!.forEach((offer, i) => expect(offer).toBe(offers[i]));
      } else {
        expect(early).toEqual([]);
      }
    }
  });

  it("give the same offers either way on every published 21.3 answer (other airlines' shapes)", () => {
    needsUpstream('ndc-samples');
    const dir = path.join(NDC_SAMPLES_DIR, 'airshopping');
    const files = fs.readdirSync(dir).filter((f) => /RS\.xml$/i.test(f));
    expect(files.length).toBeGreaterThan(5);
    const query: SearchQuery = {
      slices: [{ origin: 'LHR', destination: 'JFK', departureDate: '2023-06-08' }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: null,
      maxConnections: null,
    };
    let read = 0;
    for (const file of files) {
      const xml = fs.readFileSync(path.join(dir, file), 'utf8');
      const expected = plain(xml, query);
      expect(offerByOffer(xml, query).offers, file).toEqual(expected);
      read += expected.length;
    }
    expect(read).toBeGreaterThan(50);
  });

  it('hand nothing out early when the DataLists come after the offers or the answer carries an error', async () => {
    const { xml, query } = await shop({ origin: 'ORD', destination: 'BOS', departure_date: daysAhead(13), adults: 1 });
    // The DataLists moved behind the OffersGroup: tolerated, read at the end, nothing early.
    const start = xml.indexOf('<DataLists');
    const end = xml.indexOf('</DataLists>') + '</DataLists>'.length;
    const reordered = xml.replace('</Response>', `${xml.slice(start, end)}</Response>`).replace(xml.slice(start, end), '');
    expect(reordered.indexOf('<DataLists')).toBeGreaterThan(reordered.indexOf('<OffersGroup'));
    const late = offerByOffer(reordered, query);
    expect(late.early).toEqual([]);
    expect(late.offers).toEqual(plain(xml, query));

    // An Error before the Response: whatever the answer holds, nothing leaves before it is judged.
    const withError = xml.replace('<Response>', '<Error><Code>911</Code><DescText>partial</DescText></Error><Response>');
    expect(offerByOffer(withError, query).early).toEqual([]);
  });
});
