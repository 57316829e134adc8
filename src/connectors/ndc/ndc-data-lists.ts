import { list, node, text, type Parsed } from './ndc-xml.js';

/** The DataLists of an NDC response, indexed by id so offers can resolve their references. */
export interface DataLists {
  marketing: Map<string, Parsed>;
  operating: Map<string, Parsed>;
  legs: Map<string, Parsed>;
  paxSegments: Map<string, Parsed>;
  journeys: Map<string, Parsed>;
  priceClasses: Map<string, Parsed>;
  baggage: Map<string, Parsed>;
  penalties: Map<string, Parsed>;
  pax: Map<string, Parsed>;
  services: Map<string, Parsed>;
}

function index(listNode: unknown, item: string, idField: string): Map<string, Parsed> {
  const out = new Map<string, Parsed>();
  for (const entry of list(node(listNode)[item])) {
    const id = text(entry[idField]);
    if (id !== null) out.set(id, entry);
  }
  return out;
}

export function readDataLists(dataLists: unknown): DataLists {
  const d = node(dataLists);
  return {
    marketing: index(d.DatedMarketingSegmentList, 'DatedMarketingSegment', 'DatedMarketingSegmentId'),
    operating: index(d.DatedOperatingSegmentList, 'DatedOperatingSegment', 'DatedOperatingSegmentId'),
    legs: index(d.DatedOperatingLegList, 'DatedOperatingLeg', 'DatedOperatingLegID'),
    paxSegments: index(d.PaxSegmentList, 'PaxSegment', 'PaxSegmentID'),
    journeys: index(d.PaxJourneyList, 'PaxJourney', 'PaxJourneyID'),
    priceClasses: index(d.PriceClassList, 'PriceClass', 'PriceClassID'),
    baggage: index(d.BaggageAllowanceList, 'BaggageAllowance', 'BaggageAllowanceID'),
    penalties: index(d.PenaltyList, 'Penalty', 'PenaltyID'),
    pax: index(d.PaxList, 'Pax', 'PaxID'),
    services: index(d.ServiceDefinitionList, 'ServiceDefinition', 'ServiceDefinitionID'),
  };
}
