import type { Cabin, SearchQuery } from '../connector-types.js';
import { paxList, paxListXml } from './aa-passengers.js';
import { buildMessage, type XmlNode } from './ndc-xml.js';

/** IATA PADIS 9873 cabin codes, as the 21.3 samples and AA's traffic use them. */
export const CABIN_CODE: Record<Cabin, string> = { first: '1', business: '2', premium_economy: '4', economy: '5' };

export interface Seller {
  orgId: string;
  name: string;
}

export function distributionChain(seller: Seller): XmlNode {
  return {
    DistributionChainLink: { Ordinal: '1', OrgRole: 'Seller', ParticipatingOrg: { Name: seller.name, OrgID: seller.orgId } },
  };
}

/** IATA_AirShoppingRQ for every slice of the query; element order follows the 21.3 schema. */
export function airShoppingRequest(query: SearchQuery, seller: Seller): string {
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
  };
  return buildMessage('IATA_AirShoppingRQ', { DistributionChain: distributionChain(seller), Request: request });
}
