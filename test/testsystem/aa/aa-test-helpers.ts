// Shared helpers for the AA test-system tests: a started server, NDC request builders, and a real
// XML Schema check with libxml2 (xmllint) against the unmodified 21.3 schema files.

import type { Connector } from '../../../src/connectors/connector.js';
import type { Offer } from '../../../src/connectors/connector-types.js';
import type { PassengerInput } from '../../../src/connectors/order-types.js';
import { startAaTestSystem, type AaTestSystem } from '../../../src/testsystem/aa/server.js';
import { NDC_SCHEMA_DIR } from '../../helpers/upstream.js';
import { ndcSchemaErrors } from '../../connectors/ndc-schema-validator.js';

export const SCHEMA_DIR = NDC_SCHEMA_DIR;
export const KEY = 'test-subscription-key';
export const FIXED_NOW = '2026-11-20T12:00:00Z';
export const TRAVEL_DATE = '2026-12-15';

/** A card the test systems accept, as the connector takes a payment. */
export const TEST_CARD = {
  type: 'card' as const,
  card: { number: '4111111111111111', expiry: '1230', holderName: 'ADA LOVELACE', securityCode: '123' },
};

/** One adult, as the connector takes a passenger. */
export const ADA: PassengerInput = {
  passengerId: 'PAX1',
  type: 'adult',
  givenName: 'Ada',
  familyName: 'Lovelace',
  bornOn: '1985-12-10',
  gender: 'f',
  email: 'ada@example.com',
  phone: null,
};
const MSG = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage';
const CNS = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes';

export async function startFixedServer(options: { schemaDir?: string } = {}): Promise<AaTestSystem> {
  const system = await startAaTestSystem({ subscriptionKey: KEY, schemaDir: options.schemaDir ?? SCHEMA_DIR, logger: false });
  await control(system, 'POST', '/control/clock', { now: FIXED_NOW });
  return system;
}

export async function control(system: AaTestSystem, method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${system.url}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function post(system: AaTestSystem, message: string, body: string, key: string | null = KEY, signal?: AbortSignal) {
  const headers: Record<string, string> = { 'content-type': 'application/xml' };
  if (key !== null) headers['Ocp-Apim-Subscription-Key'] = key;
  const response = await fetch(`${system.url}/ndc/21.3/${message}`, { method: 'POST', headers, body, signal });
  return { status: response.status, body: await response.text() };
}

const distributionChain = `<DistributionChain><DistributionChainLink xmlns="${CNS}"><Ordinal>1</Ordinal><OrgRole>Seller</OrgRole><ParticipatingOrg><Name>Flightagg</Name><OrgID>91281035</OrgID></ParticipatingOrg></DistributionChainLink></DistributionChain>`;

export function airShoppingRq(
  origin: string,
  destination: string,
  date = TRAVEL_DATE,
  ptcs: string[] = ['ADT'],
  extra = '',
): string {
  const pax = ptcs.map((ptc, i) => `<Pax><PaxID>PAX${i + 1}</PaxID><PTC>${ptc}</PTC></Pax>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><IATA_AirShoppingRQ xmlns="${MSG}">${distributionChain}<Request>${extra}<FlightRequest xmlns="${CNS}"><FlightRequestOriginDestinationsCriteria><OriginDestCriteria><DestArrivalCriteria><IATA_LocationCode>${destination}</IATA_LocationCode></DestArrivalCriteria><OriginDepCriteria><Date>${date}</Date><IATA_LocationCode>${origin}</IATA_LocationCode></OriginDepCriteria></OriginDestCriteria></FlightRequestOriginDestinationsCriteria></FlightRequest><PaxList xmlns="${CNS}">${pax}</PaxList></Request></IATA_AirShoppingRQ>`;
}

export function offerPriceRq(offerId: string, items: { itemId: string; paxIds: string[] }[]): string {
  const selected = items
    .map(
      (i) =>
        `<SelectedOfferItem><OfferItemRefID>${i.itemId}</OfferItemRefID>${i.paxIds.map((p) => `<PaxRefID>${p}</PaxRefID>`).join('')}</SelectedOfferItem>`,
    )
    .join('');
  return `<IATA_OfferPriceRQ xmlns="${MSG}">${distributionChain}<Request><PricedOffer xmlns="${CNS}"><SelectedOfferList><SelectedOffer><OfferRefID>${offerId}</OfferRefID><OwnerCode>AA</OwnerCode>${selected}</SelectedOffer></SelectedOfferList></PricedOffer></Request></IATA_OfferPriceRQ>`;
}

export function offerRequest(message: 'SeatAvailability' | 'ServiceList', offerId: string): string {
  const root = message === 'SeatAvailability' ? 'IATA_SeatAvailabilityRQ' : 'IATA_ServiceListRQ';
  const core = message === 'SeatAvailability' ? 'SeatAvailCoreRequest' : 'ServiceListCoreRequest';
  return `<${root} xmlns="${MSG}">${distributionChain}<Request><${core} xmlns="${CNS}"><OfferRequest><Offer><OfferID>${offerId}</OfferID><OwnerCode>AA</OwnerCode></Offer></OfferRequest></${core}></Request></${root}>`;
}

/** Validates with libxml2 against the full, unmodified schema files: the proof the runtime shortcut is not. */
export function xsdErrors(root: string, xml: string): Promise<string[]> {
  return ndcSchemaErrors(xml, root);
}

export interface ShoppedOffer {
  offerId: string;
  items: { itemId: string; paxIds: string[] }[];
  total: number;
  flights: string[];
  operatingCarriers: string[];
}

/** Reads offers back from an AirShoppingRS with plain regular expressions, independent of our parser. */
export function offersIn(xml: string): ShoppedOffer[] {
  // Flights and operators by DatedMarketingSegment number (DMSn, operated as DOSn).
  const flightsByDms = new Map<string, string>();
  for (const m of xml.matchAll(
    /<DatedMarketingSegmentId>DMS(\d+)<\/DatedMarketingSegmentId>[\s\S]*?<MarketingCarrierFlightNumberText>(\d+)</g,
  ))
    flightsByDms.set(m[1]!, `AA${m[2]}`);
  const operatorsByDms = new Map<string, string>();
  for (const m of xml.matchAll(
    /<DatedOperatingSegment>\s*<CarrierDesigCode>(\w+)<\/CarrierDesigCode>[\s\S]*?<DatedOperatingSegmentId>DOS(\d+)</g,
  ))
    operatorsByDms.set(m[2]!, m[1] as string);
  // A PaxSegment names its DatedMarketingSegment (VS has one per flight and booking class); else SEGn is DMSn.
  const dmsOf = new Map<string, string>();
  for (const m of xml.matchAll(/<PaxSegment>([\s\S]*?)<\/PaxSegment>/g)) {
    const dms = /<DatedMarketingSegmentRefId>DMS(\d+)</.exec(m[1]!)?.[1];
    const seg = /<PaxSegmentID>(\w+)</.exec(m[1]!)?.[1];
    if (dms && seg) dmsOf.set(seg, dms);
  }
  const dms = (seg: string) => dmsOf.get(seg) ?? seg.slice(3);
  const segments = { get: (seg: string) => flightsByDms.get(dms(seg)) };
  const operators = { get: (seg: string) => operatorsByDms.get(dms(seg)) };
  return [...xml.matchAll(/<(?:Offer|PricedOffer)(?: xmlns="[^"]*")?>([\s\S]*?)<\/(?:Offer|PricedOffer)>/g)].map((m) => {
    const body = m[1] as string;
    const segRefs = [...new Set([...body.matchAll(/<PaxSegmentRefID>(SEG\d+)</g)].map((s) => s[1] as string))];
    return {
      offerId: /<OfferID>([^<]+)</.exec(body)?.[1] ?? '',
      items: [...body.matchAll(/<OfferItem>([\s\S]*?)<\/OfferItem>/g)].map((i) => ({
        itemId: /<OfferItemID>([^<]+)</.exec(i[1] as string)?.[1] ?? '',
        paxIds: [...new Set([...(i[1] as string).matchAll(/<Service>[\s\S]*?<PaxRefID>([^<]+)</g)].map((p) => p[1] as string))],
      })),
      total: Number(/<TotalPrice><TotalAmount[^>]*>([\d.]+)</.exec(body)?.[1]),
      flights: segRefs.map((s) => segments.get(s) ?? s),
      operatingCarriers: segRefs.map((s) => operators.get(s) ?? '?'),
    };
  });
}

/** SeatAvailabilityRQ with the segment sent by value (PaxSegmentRequest), no offer or order. */
export function seatAvailabilityBySegmentRq(
  flightNumber: number,
  origin: string,
  destination: string,
  depLocal: string,
  arrLocal: string,
): string {
  return `<IATA_SeatAvailabilityRQ xmlns="${MSG}">${distributionChain}<Request><DatedMarketingSegmentList xmlns="${CNS}"><DatedMarketingSegment><Arrival><AircraftScheduledDateTime>${arrLocal}</AircraftScheduledDateTime><IATA_LocationCode>${destination}</IATA_LocationCode></Arrival><CarrierDesigCode>AA</CarrierDesigCode><DatedMarketingSegmentId>DMS1</DatedMarketingSegmentId><DatedOperatingSegmentRefId>DOS1</DatedOperatingSegmentRefId><Dep><AircraftScheduledDateTime>${depLocal}</AircraftScheduledDateTime><IATA_LocationCode>${origin}</IATA_LocationCode></Dep><MarketingCarrierFlightNumberText>${flightNumber}</MarketingCarrierFlightNumberText></DatedMarketingSegment></DatedMarketingSegmentList><Pax xmlns="${CNS}"><PaxID>PAX1</PaxID><PTC>ADT</PTC></Pax><SeatAvailCoreRequest xmlns="${CNS}"><PaxSegmentRequest><PaxSegment><CabinTypeAssociationChoice><SegmentCabinType><CabinTypeCode>1</CabinTypeCode></SegmentCabinType></CabinTypeAssociationChoice><DatedMarketingSegmentRefId>DMS1</DatedMarketingSegmentRefId><PaxSegmentID>SEG1</PaxSegmentID></PaxSegment></PaxSegmentRequest></SeatAvailCoreRequest></Request></IATA_SeatAvailabilityRQ>`;
}

export function serviceListByOrderRq(orderId: string): string {
  return `<IATA_ServiceListRQ xmlns="${MSG}">${distributionChain}<Request><ServiceListCoreRequest xmlns="${CNS}"><OrderRequest><Order><OrderID>${orderId}</OrderID><OwnerCode>AA</OwnerCode></Order></OrderRequest></ServiceListCoreRequest></Request></IATA_ServiceListRQ>`;
}

/** A round trip: two OriginDestCriteria in one AirShoppingRQ. */
export function roundTripRq(origin: string, destination: string, out: string, back: string): string {
  const od = (o: string, d: string, date: string) =>
    `<OriginDestCriteria><DestArrivalCriteria><IATA_LocationCode>${d}</IATA_LocationCode></DestArrivalCriteria><OriginDepCriteria><Date>${date}</Date><IATA_LocationCode>${o}</IATA_LocationCode></OriginDepCriteria></OriginDestCriteria>`;
  return `<IATA_AirShoppingRQ xmlns="${MSG}">${distributionChain}<Request><FlightRequest xmlns="${CNS}"><FlightRequestOriginDestinationsCriteria>${od(origin, destination, out)}${od(destination, origin, back)}</FlightRequestOriginDestinationsCriteria></FlightRequest><PaxList xmlns="${CNS}"><Pax><PaxID>PAX1</PaxID><PTC>ADT</PTC></Pax></PaxList></Request></IATA_AirShoppingRQ>`;
}

/** Validates many documents (in the process's xmllint workers, two at a time); returns the errors per document name. */
export async function xsdErrorsMany(root: string, docs: { name: string; xml: string }[]): Promise<Map<string, string[]>> {
  const errors = await Promise.all(docs.map((d) => ndcSchemaErrors(d.xml, root)));
  return new Map(docs.map((d, i) => [d.name, errors[i]!]));
}

/** The offer of `brand` on a one-way, non-stop search for one adult (and `infants` lap infants), through a connector. */
export async function shopBrand(
  connector: Pick<Connector, 'search'>,
  {
    origin,
    destination,
    date,
    brand,
    infants = 0,
  }: { origin: string; destination: string; date: string; brand: string; infants?: number },
): Promise<Offer> {
  const found = await connector.search(
    {
      slices: [{ origin, destination, departureDate: date }],
      passengers: { adults: 1, children: 0, infants },
      cabin: null,
      maxConnections: 0,
    },
    { environment: 'test' },
  );
  if (!found.ok) throw new Error(found.failure.message);
  const offer = (found.value ?? []).find((o) => o.fareBrandCode === brand);
  if (!offer) throw new Error(`no ${brand} offer ${origin}-${destination} on ${date}`);
  return offer;
}
