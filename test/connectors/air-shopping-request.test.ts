import { describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../src/connectors/connector-types.js';
import { paxList, paxListXml } from '../../src/connectors/ndc/passengers.js';
import { airShoppingRequest } from '../../src/connectors/ndc/air-shopping-request.js';
import { CABIN_CODE, distributionChain, type Seller } from '../../src/connectors/ndc/seller.js';
import { buildMessage, type XmlNode } from '../../src/connectors/ndc/ndc-xml.js';

/** The request as the generic builder writes it: the shape the schema-validated wire tests proved. */
function builtRequest(query: SearchQuery, seller: Seller): string {
  const criteria = query.slices.map((slice, i) => ({
    CabinType: query.cabin ? { CabinTypeCode: CABIN_CODE[query.cabin], PrefLevel: { PrefLevelCode: 'Required' } } : undefined,
    ConnectionCriteriaRefID: query.maxConnections === null ? undefined : 'CONN1',
    DestArrivalCriteria: { IATA_LocationCode: slice.destination },
    OriginDepCriteria: { Date: slice.departureDate, IATA_LocationCode: slice.origin },
    OriginDestID: `OD${i + 1}`,
  }));
  const request: XmlNode = {
    FlightRelatedCriteria:
      query.maxConnections === null
        ? undefined
        : { ConnectionCriteria: { ConnectionCriteriaID: 'CONN1', MaximumConnectionQty: String(query.maxConnections) } },
    FlightRequest: { FlightRequestOriginDestinationsCriteria: { OriginDestCriteria: criteria as XmlNode[] } },
    PaxList: paxListXml(paxList(query.passengers)),
    ResponseParameters: query.currency ? { CurParameter: { CurCode: query.currency } } : undefined,
  };
  return buildMessage('IATA_AirShoppingRQ', { DistributionChain: distributionChain(seller), Request: request });
}

const seller = { orgId: 'FLIGHTAGG', name: 'Flight Aggregation Gateway' };
const slice = (origin: string, destination: string, departureDate: string) => ({ origin, destination, departureDate });

const QUERIES: SearchQuery[] = [
  {
    slices: [slice('JFK', 'LAX', '2026-12-01')],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: null,
    maxConnections: null,
  },
  {
    slices: [slice('JFK', 'LAX', '2026-12-01'), slice('LAX', 'JFK', '2026-12-08')],
    passengers: { adults: 2, children: 1, infants: 1 },
    cabin: 'business',
    maxConnections: 1,
  },
  {
    slices: [slice('DFW', 'ORD', '2027-01-02'), slice('ORD', 'BOS', '2027-01-05'), slice('BOS', 'DFW', '2027-01-09')],
    passengers: { adults: 3, children: 3, infants: 2 },
    cabin: 'premium_economy',
    maxConnections: 0,
  },
  {
    slices: [slice('CLT', 'MIA', '2026-12-20')],
    passengers: { adults: 1, children: 0, infants: 0 },
    cabin: 'first',
    maxConnections: null,
  },
  {
    slices: [slice('PHX', 'PHL', '2026-12-21')],
    passengers: { adults: 1, children: 2, infants: 0 },
    cabin: null,
    maxConnections: 2,
  },
  {
    slices: [slice('LHR', 'JFK', '2026-12-22'), slice('JFK', 'LHR', '2026-12-29')],
    passengers: { adults: 1, children: 1, infants: 0 },
    cabin: null,
    maxConnections: null,
    currency: 'USD',
  },
];

describe('IATA_AirShoppingRQ', () => {
  it('is byte for byte what the generic XML builder writes, for every option a search can set', () => {
    for (const query of QUERIES) expect(airShoppingRequest(query, seller)).toBe(builtRequest(query, seller));
  });

  it('escapes every value it writes, and writes an empty one as the builder does', () => {
    const odd = { orgId: `A&B<"'>`, name: '' };
    const query = QUERIES[1]!;
    const xml = airShoppingRequest(query, odd);
    expect(xml).toBe(builtRequest(query, odd));
    expect(xml).toContain('<OrgID>A&amp;B&lt;&quot;&apos;&gt;</OrgID>');
    expect(xml).toContain('<Name/>');
  });

  it("asks for a requested currency as VS's airshoppingrq_specific_currency_code.xml does, after PaxList", () => {
    const xml = airShoppingRequest(QUERIES.at(-1)!, seller);
    expect(xml).toMatch(
      /<\/PaxList><ResponseParameters xmlns="[^"]+"><CurParameter><CurCode>USD<\/CurCode><\/CurParameter><\/ResponseParameters><\/Request>/,
    );
    expect(airShoppingRequest(QUERIES[0]!, seller)).not.toContain('ResponseParameters');
  });
});
