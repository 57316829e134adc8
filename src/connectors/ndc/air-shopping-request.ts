import type { SearchQuery } from '../connector-types.js';
import { paxList } from './passengers.js';
import { COMMON_NS, MESSAGE_NS } from './ndc-xml.js';
import { CABIN_CODE, type Seller } from './seller.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** `<name>value</name>`, the value escaped as the XML builder escapes it; empty is `<name/>`, as the builder writes it. */
function element(name: string, value: string): string {
  return value === '' ? `<${name}/>` : `<${name}>${value.replace(/[&<>"']/g, (c) => ESCAPES[c]!)}</${name}>`;
}

/**
 * IATA_AirShoppingRQ for every slice of the query; element order follows the 21.3 schema. Written
 * as text rather than through buildMessage (ndc-xml.ts): every search sends one, and the generic
 * builder cost more than any other part of making it. The bytes are the builder's: the message
 * root in the message namespace, each top-level part's children re-declaring the common one.
 */
export function airShoppingRequest(query: SearchQuery, seller: Seller): string {
  const common = ` xmlns="${COMMON_NS}"`;
  const cabin = query.cabin
    ? `<CabinType>${element('CabinTypeCode', CABIN_CODE[query.cabin])}<PrefLevel><PrefLevelCode>Required</PrefLevelCode></PrefLevel></CabinType>`
    : '';
  const connections = query.maxConnections === null ? '' : '<ConnectionCriteriaRefID>CONN1</ConnectionCriteriaRefID>';
  let criteria = '';
  query.slices.forEach((slice, i) => {
    criteria +=
      `<OriginDestCriteria>${cabin}${connections}` +
      `<DestArrivalCriteria>${element('IATA_LocationCode', slice.destination)}</DestArrivalCriteria>` +
      `<OriginDepCriteria>${element('Date', slice.departureDate)}${element('IATA_LocationCode', slice.origin)}</OriginDepCriteria>` +
      `<OriginDestID>OD${i + 1}</OriginDestID></OriginDestCriteria>`;
  });
  const related =
    query.maxConnections === null
      ? ''
      : `<FlightRelatedCriteria${common}><ConnectionCriteria><ConnectionCriteriaID>CONN1</ConnectionCriteriaID>` +
        `${element('MaximumConnectionQty', String(query.maxConnections))}</ConnectionCriteria></FlightRelatedCriteria>`;
  const pax = paxList(query.passengers)
    .map((p) => `<Pax>${element('PaxID', p.id)}${element('PTC', p.ptc)}</Pax>`)
    .join('');
  // A requested currency as VS's airshoppingrq_specific_currency_code.xml asks it (21.3's
  // ResponseParameters, after PaxList); AA takes the same element and answers as it sells.
  const currency = query.currency
    ? `<ResponseParameters${common}><CurParameter>${element('CurCode', query.currency)}</CurParameter></ResponseParameters>`
    : '';
  return (
    `<?xml version="1.0" encoding="UTF-8"?><IATA_AirShoppingRQ xmlns="${MESSAGE_NS}">` +
    `<DistributionChain><DistributionChainLink${common}><Ordinal>1</Ordinal><OrgRole>Seller</OrgRole>` +
    `<ParticipatingOrg>${element('Name', seller.name)}${element('OrgID', seller.orgId)}</ParticipatingOrg></DistributionChainLink></DistributionChain>` +
    `<Request>${related}<FlightRequest${common}><FlightRequestOriginDestinationsCriteria>${criteria}</FlightRequestOriginDestinationsCriteria></FlightRequest>` +
    `<PaxList${common}>${pax}</PaxList>${currency}</Request></IATA_AirShoppingRQ>`
  );
}
