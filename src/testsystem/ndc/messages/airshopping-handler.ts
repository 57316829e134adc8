// AirShopping: reads origin, destination, date, passengers, cabin and the direct-only preference from
// any schema-valid request shape, and answers with offers per origin-destination.

import type { AirlineProfile } from '../airline-profile.js';
import { normalizePtc, tripsOf } from '../fares/fare-pricing.js';
import { addDays, isValidDate, utcToLocal } from '../network/geo-time.js';
import type { MessageHandler } from './message-handler.js';
import { errorDocument, type NdcErrorSpec } from '../wire/ndc-errors.js';
import { child, list, text, type ParsedMessage } from '../wire/ndc-request-parser.js';
import type { OfferPax, StoredOffer } from '../offers/offer-store.js';
import { baggageAllowanceList, penaltyList, priceClassList } from './fare-xml-builder.js';
import { flightLists, journeyList, offerNode, paxList, paxSegmentList, ResponseIds } from './offer-xml-builder.js';
import { payloadAttributes } from '../wire/payload-attributes.js';
import { saleCurrency } from './requested-currency.js';
import { searchOffers, searchRoundTrip } from '../offers/shopping-service.js';
import { el, many, ndcDocument } from '../wire/xml-builder.js';

interface OdCriteria {
  origin: string;
  destination: string;
  date: string;
  cabinCodes: string[];
}

function odCriteria(parsed: ParsedMessage): OdCriteria[] {
  const criteria = child(parsed.root, 'Request', 'FlightRequest', 'FlightRequestOriginDestinationsCriteria');
  return list(criteria, 'OriginDestCriteria').map((od) => ({
    origin: (text(od, 'OriginDepCriteria', 'IATA_LocationCode') ?? '').toUpperCase(),
    destination: (text(od, 'DestArrivalCriteria', 'IATA_LocationCode') ?? '').toUpperCase(),
    date: text(od, 'OriginDepCriteria', 'Date') ?? '',
    cabinCodes: list(od, 'CabinType')
      .map((c) => text(c, 'CabinTypeCode') ?? '')
      .filter(Boolean),
  }));
}

function passengers(parsed: ParsedMessage): OfferPax[] {
  const pax = list(child(parsed.root, 'Request', 'PaxList'), 'Pax').map((p, i) => ({
    id: text(p, 'PaxID') ?? `PAX${i + 1}`,
    ptc: normalizePtc(text(p, 'PTC')),
  }));
  return pax.length > 0 ? pax : [{ id: 'PAX1', ptc: 'ADT' }];
}

/** The passenger types fared; any other is priced as the nearest one, with the airline's warning. */
const FARED_PTCS = new Set(['ADT', 'CHD', 'INF']);

/** The last local departure date on sale, seen from `now` at the origin. */
function lastSellingDate(profile: AirlineProfile, now: number, origin: string): string {
  const tz = profile.network.airports.get(origin)?.tz ?? 'UTC';
  return addDays(utcToLocal(now, tz).date, profile.sales.sellingWindowDays);
}

function unfaredPtcRequested(parsed: ParsedMessage): boolean {
  return list(child(parsed.root, 'Request', 'PaxList'), 'Pax').some((p) => !FARED_PTCS.has(text(p, 'PTC') ?? 'ADT'));
}

/** Two ODs, the second the first reversed: a round trip. */
function isRoundTrip(ods: OdCriteria[]): boolean {
  const [out, back] = ods;
  return ods.length === 2 && out!.origin === back!.destination && out!.destination === back!.origin;
}

function directOnly(parsed: ParsedMessage): boolean {
  const criteria = child(parsed.root, 'Request', 'FlightRelatedCriteria', 'FlightCriteria');
  return list(criteria, 'FlightCharacteristicsCriteria').some(
    (c) => text(c, 'CharacteristicCode') === 'Direct' && text(c, 'PrefLevel', 'PrefLevelCode') !== 'Preferred',
  );
}

function validate(profile: AirlineProfile, ods: OdCriteria[], pax: OfferPax[], now: number): NdcErrorSpec | null {
  const errors = profile.errors;
  if (ods.length === 0) return errors.badRequest('At least one OriginDestCriteria is required', 'OriginDestCriteria');
  const today = new Date(now).toISOString().slice(0, 10);
  for (const od of ods) {
    if (!/^[A-Z]{3}$/.test(od.origin) || !/^[A-Z]{3}$/.test(od.destination)) {
      return errors.badRequest('Origin and destination must be 3-letter IATA location codes', 'IATA_LocationCode');
    }
    if (!isValidDate(od.date)) return errors.badRequest('A departure date is required (YYYY-MM-DD)', 'OriginDepCriteria/Date');
    if (od.date < today) return errors.badRequest(`Departure date ${od.date} is in the past`, 'OriginDepCriteria/Date');
    if (od.date > lastSellingDate(profile, now, od.origin))
      return errors.badRequest(
        `Departure date ${od.date} is beyond the selling window (${profile.sales.sellingWindowDays} days)`,
        'OriginDepCriteria/Date',
      );
  }
  const adults = pax.filter((p) => p.ptc === 'ADT').length;
  if (adults === 0) return errors.badRequest('At least one adult passenger is required', 'PaxList');
  if (pax.filter((p) => p.ptc === 'INF').length > adults)
    return errors.badRequest('Each infant must travel with an adult', 'PaxList');
  if (pax.length > 9) return errors.badRequest('At most 9 passengers per request', 'PaxList');
  return null;
}

export const airShoppingHandler: MessageHandler = {
  message: 'AirShopping',
  requestRoot: 'IATA_AirShoppingRQ',
  responseRoot: 'IATA_AirShoppingRS',
  route(parsed) {
    const od = odCriteria(parsed)[0];
    return od ? `${od.origin}-${od.destination}` : undefined;
  },
  handle(parsed, deps) {
    const ods = odCriteria(parsed);
    const pax = passengers(parsed);
    const { profile } = deps;
    const invalid = validate(profile, ods, pax, deps.clock.now());
    if (invalid) return { status: 200, body: errorDocument(this.responseRoot, [invalid]) };
    const direct = directOnly(parsed);
    // The whole request is priced in one currency: of its point of commencement (fare-currency.ts),
    // or the one it asks for where the airline sells in it (requested-currency.ts).
    const { currency, warning } = saleCurrency(profile, parsed, ods[0]?.origin ?? '', deps.pricing.currencyOverride);
    const inputs = ods.map((od) => ({ ...od, pax, directOnly: direct, currency }));
    // A round trip is answered with offers covering both directions; other trips one offer set per OD.
    const roundTrip = isRoundTrip(ods);
    const perOd = roundTrip
      ? [{ od: ods[0]!, offers: searchRoundTrip(deps, inputs[0]!, inputs[1]!) }]
      : ods.map((od, i) => ({ od, offers: searchOffers(deps, inputs[i]!) }));
    const empty = perOd.find((p) => p.offers.length === 0);
    if (empty) {
      const { origin, destination, date } = empty.od;
      return { status: 200, body: errorDocument(this.responseRoot, [profile.errors.noFlights(origin, destination, date)]) };
    }
    const ids = new ResponseIds(profile);
    const all: StoredOffer[] = perOd.flatMap((p) => p.offers);
    const offerNodes = all.map((o) => offerNode('Offer', o, ids));
    // Each OD lists the journeys that fly it: trip n of every offer of its set (n = 1 for the way back).
    const journeysOf = (offers: StoredOffer[], trip: number) => [
      ...new Set(
        offers.map((o) => {
          const sold = tripsOf(o.journey)[trip] ?? [];
          return ids.journey(
            sold.map((s) => s.flight),
            sold,
          );
        }),
      ),
    ];
    const originDests = ods.map((od, i) =>
      el('OriginDest', [
        el('DestCode', od.destination),
        el('OriginCode', od.origin),
        el('OriginDestID', `OD${i + 1}`),
        ...many('PaxJourneyRefID', roundTrip ? journeysOf(all, i) : journeysOf(perOd[i]!.offers, 0)),
      ]),
    );
    const body = ndcDocument(this.responseRoot, [
      el('Response', [
        el('DataLists', [
          baggageAllowanceList(profile, all),
          ...flightLists(ids),
          el('OriginDestList', originDests),
          journeyList(ids),
          paxList(pax),
          paxSegmentList(ids),
          penaltyList(profile, all),
          priceClassList(ids),
        ]),
        el('OffersGroup', [el('CarrierOffers', offerNodes)]),
        unfaredPtcRequested(parsed) ? el('Warning', [el('DescText', profile.texts.notFaredWarning), el('LangCode', 'EN')]) : null,
        warning ? el('Warning', [el('DescText', warning), el('LangCode', 'EN')]) : null,
      ]),
      payloadAttributes(deps.clock.now()),
    ]);
    return { status: 200, body };
  },
};
