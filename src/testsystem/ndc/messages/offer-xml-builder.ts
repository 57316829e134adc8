// The flight half of NDC answers: DataLists (segments, journeys, passengers, price classes, baggage,
// penalties) and Offer elements for stored offers. Children are listed in 21.3 schema order.

import type { AirlineProfile } from '../airline-profile.js';
import { formatAmount, tripsOf, type PtcPrice } from '../fares/fare-pricing.js';
import { cabinTypeOn, type PriceClassDef } from '../fares/price-class.js';
import type { CabinCode } from '../network/aircraft.js';
import { isoDuration } from '../network/geo-time.js';
import type { StoredOffer } from '../offers/offer-store.js';
import type { DatedFlight } from '../network/schedule-service.js';
import { el, many, type XmlNode, timeLimitText } from '../wire/xml-builder.js';

/** An NDC amount: minor units of `currency` as its ISO 4217 decimal text, with `CurCode`. */
export function amount(name: string, minor: number, currency: string): XmlNode {
  return el(name, formatAmount(minor, currency), { CurCode: currency });
}

/** A flight as a fare sells it: the booking class and cabin (fares/fare-pricing.ts's PricedSegment). */
export interface SoldFlight {
  flight: DatedFlight;
  rbd: string;
  cabin: CabinCode;
}

/**
 * Assigns response-local ids to flights, journeys and price classes shared by the offers, for the
 * airline whose answer this is (the builders below read its codes and names from here). A flight is
 * one DatedMarketingSegment; its PaxSegment is one per flight, or, where the airline names the
 * booking class there (profile.wire.bookingClassOn 'paxSegment', VS), one per flight, class and cabin
 * sold, each pointing to the flight's DatedMarketingSegment as VS's answers do.
 */
export class ResponseIds {
  readonly flights = new Map<string, { n: number; flight: DatedFlight }>();
  readonly paxSegments = new Map<string, { id: string; n: number; sold: SoldFlight | null }>();
  readonly journeys = new Map<string, { id: string; flights: DatedFlight[]; segmentIds: string[] }>();
  readonly priceClasses = new Map<string, { def: PriceClassDef; code: string | null }>();

  constructor(readonly profile: AirlineProfile) {}

  /** The PaxSegment id of a flight, as sold in `sold` where the airline names the class on the segment. */
  segment(flight: DatedFlight, sold?: SoldFlight): string {
    let entry = this.flights.get(flight.key);
    if (!entry) {
      entry = { n: this.flights.size + 1, flight };
      this.flights.set(flight.key, entry);
    }
    const bySold = sold && this.profile.wire.bookingClassOn === 'paxSegment' ? sold : null;
    const key = bySold ? `${flight.key}|${bySold.rbd}|${bySold.cabin}` : flight.key;
    let segment = this.paxSegments.get(key);
    if (!segment) {
      segment = { id: `SEG${this.paxSegments.size + 1}`, n: entry.n, sold: bySold };
      this.paxSegments.set(key, segment);
    }
    return segment.id;
  }

  /** The PaxJourney id of these flights (as sold, where given: one per flight). */
  journey(flights: DatedFlight[], sold?: readonly SoldFlight[]): string {
    const segmentIds = flights.map((f, i) => this.segment(f, sold?.[i]));
    const key = segmentIds.join(',');
    let entry = this.journeys.get(key);
    if (!entry) {
      entry = { id: `FLT${this.journeys.size + 1}`, flights, segmentIds };
      this.journeys.set(key, entry);
    }
    return entry.id;
  }

  priceClass(def: PriceClassDef, flights: readonly DatedFlight[]): string {
    const { id, code } = this.profile.fares.priceClassKey(def, flights);
    this.priceClasses.set(id, { def, code });
    return id;
  }
}

/** The free checked bags of an offer's brand: pieces, and the most each may weigh where the brand says. */
export interface CheckedBagAllowance {
  pieces: number;
  kg: number | undefined;
}

/** `BAG2`, or `BAG2_32KG` where the brand states a weight: one allowance per distinct pair in an answer. */
export function bagId(bags: CheckedBagAllowance): string {
  return bags.kg === undefined ? `BAG${bags.pieces}` : `BAG${bags.pieces}_${bags.kg}KG`;
}

/** `CAB1`, or `CAB2_12KG` where the brand states a weight: one carry-on allowance per distinct one in an answer. */
export function carryOnId(bags: { pieces: number; kg?: number }): string {
  return bags.kg === undefined ? `CAB${bags.pieces}` : `CAB${bags.pieces}_${bags.kg}KG`;
}

export function checkedBags(offer: StoredOffer): CheckedBagAllowance {
  const def = offer.journey.priceClass;
  return {
    pieces: offer.journey.international ? def.checkedBagsInternational : def.checkedBagsDomestic,
    kg: def.checkedBagKg,
  };
}

function penaltyIds(offer: StoredOffer): string[] {
  const def = offer.journey.priceClass;
  return [`PEN_CHG_${def.id}`, `PEN_CXL_${def.id}`];
}

function priceNode(p: PtcPrice, currency: string): XmlNode {
  return el('Price', [
    amount('BaseAmount', p.baseCents, currency),
    el('TaxSummary', [
      ...p.taxes.map((t) =>
        el('Tax', [
          amount('Amount', t.cents, currency),
          t.country ? el('Country', [el('CountryCode', t.country)]) : null,
          t.filed ? amount('FiledAmount', t.filed.cents, t.filed.currency) : null,
          el('TaxCode', t.code),
          el('TaxName', t.name),
        ]),
      ),
      amount('TotalTaxAmount', p.taxCents, currency),
    ]),
    amount('TotalAmount', p.totalCents, currency),
  ]);
}

/**
 * An offer item prices every passenger of its type: the per-passenger price times their number (the
 * core's, AA's). VS prices one passenger of the item (profile.wire.offerItemPrice 'perPax',
 * offerprice_multipax_with_upsell_offers_RS.xml: two adults on one item at 626.81 each, the offer 2440.86).
 */
function forAll(p: PtcPrice): PtcPrice {
  const n = p.count;
  return {
    ...p,
    baseCents: p.baseCents * n,
    taxCents: p.taxCents * n,
    totalCents: p.totalCents * n,
    taxes: p.taxes.map((t) => ({ ...t, cents: t.cents * n, filed: t.filed && { ...t.filed, cents: t.filed.cents * n } })),
  };
}

export function offerNode(name: 'Offer' | 'PricedOffer', offer: StoredOffer, ids: ResponseIds): XmlNode {
  const { profile } = ids;
  // One PaxJourney per one-way trip: a round trip is one offer over two journeys, as AA answers it.
  const journeyIds = tripsOf(offer.journey).map((trip) =>
    ids.journey(
      trip.map((s) => s.flight),
      trip,
    ),
  );
  const classOnSegment = profile.wire.bookingClassOn === 'paxSegment';
  const pcId = ids.priceClass(
    offer.journey.priceClass,
    offer.journey.segments.map((s) => s.flight),
  );
  const allPax = offer.pax.map((p) => p.id);
  const def = offer.journey.priceClass;
  const perPax = profile.wire.offerItemPrice === 'perPax';
  const { componentRestrictions } = profile.fares;
  const items = offer.items.map((item) => {
    const price = offer.journey.perPtc.find((p) => p.ptc === item.ptc) as PtcPrice;
    return el('OfferItem', [
      // One pair on the item, unless the airline states them per fare component.
      componentRestrictions
        ? null
        : el('CancelRestrictions', [
            el('AllowedModificationInd', def.refundable ? 'true' : 'false'),
            el('DescText', profile.texts.cancelRestriction(def)),
          ]),
      componentRestrictions
        ? null
        : el('ChangeRestrictions', [
            el('AllowedModificationInd', def.changeFeeCents === null ? 'false' : 'true'),
            el('DescText', profile.texts.changeRestriction(def)),
          ]),
      el('FareDetail', [
        ...offer.journey.segments.map((s) =>
          el('FareComponent', [
            // Cabin and class on the fare component (AA), or on the PaxSegment it refers to (VS).
            classOnSegment ? null : cabinTypeNode(profile, s.flight, s.cabin),
            ...(componentRestrictions?.(def, offer.journey.currency, s.flight.pattern.origin, s.flight.pattern.destination) ??
              []),
            el('FareBasisCode', s.fareBasis),
            el('PaxSegmentRefID', ids.segment(s.flight, s)),
            el('PriceClassRefID', pcId),
            classOnSegment ? null : el('RBD', [el('RBD_Code', s.rbd)]),
          ]),
        ),
        ...many('PaxRefID', item.paxIds),
        // VS's fare details carry no Price: the item's is the passenger's already.
        perPax ? null : priceNode(price, offer.journey.currency),
      ]),
      el('MandatoryInd', 'true'),
      el('OfferItemID', item.offerItemId),
      el('OwnerCode', profile.ownerCode),
      // No payment time limit means no hold: the airline sells the offer only paid at once (profile.sales).
      offer.paymentDueAt === null
        ? null
        : el('PaymentTimeLimit', [
            el('PaymentTimeLimitDate', [
              el('PaymentTimeLimitDateTime', timeLimitText(offer.paymentDueAt, profile.timeLimitClock)),
            ]),
          ]),
      priceNode(perPax ? price : forAll(price), offer.journey.currency),
      ...item.paxIds.flatMap((paxId) =>
        journeyIds.map((journeyId, n) =>
          el('Service', [
            el('OfferServiceAssociation', [el('PaxJourneyRef', [el('PaxJourneyRefID', journeyId)])]),
            el('PaxRefID', paxId),
            el('ServiceID', n === 0 ? `${item.offerItemId}-${paxId}` : `${item.offerItemId}-${paxId}-${n + 1}`),
          ]),
        ),
      ),
    ]);
  });
  return el(name, [
    el('BaggageAssociations', [
      el('BaggageAllowanceRefID', bagId(checkedBags(offer))),
      el('BaggageAllowanceRefID', carryOnId(profile.texts.carryOn(offer.journey.priceClass))),
      ...many('PaxRefID', allPax),
    ]),
    el(
      'JourneyOverview',
      journeyIds.map((journeyId) => el('JourneyPriceClass', [el('PaxJourneyRefID', journeyId), el('PriceClassRefID', pcId)])),
    ),
    el('OfferExpirationTimeLimitDateTime', timeLimitText(offer.expiresAt, profile.timeLimitClock)),
    el('OfferID', offer.offerId),
    ...items,
    el('OwnerCode', profile.ownerCode),
    ...many('PenaltyRefID', penaltyIds(offer)),
    el('TotalPrice', [amount('TotalAmount', offer.journey.totalCents, offer.journey.currency)]),
    el('ValidatingCarrierCode', profile.code),
  ]);
}

/** A flight's CabinType: the NDC code and the airline's name for that cabin on its aircraft. */
export function cabinTypeNode(profile: AirlineProfile, flight: DatedFlight, cabin: CabinCode, name = 'CabinType'): XmlNode {
  const cabinType = cabinTypeOn(profile.network.aircraft[flight.pattern.aircraft], cabin);
  return el(name, [el('CabinTypeCode', cabinType.code), el('CabinTypeName', cabinType.name)]);
}

function point(name: 'Arrival' | 'Dep', code: string, local: string): XmlNode {
  return el(name, [el('AircraftScheduledDateTime', local), el('IATA_LocationCode', code)]);
}

export function flightLists(ids: ResponseIds): XmlNode[] {
  const { profile } = ids;
  const flights = [...ids.flights.values()];
  const aircraft = (flight: DatedFlight) => profile.network.aircraft[flight.pattern.aircraft]!;
  const names = profile.network.carrierNames;
  return [
    el(
      'DatedMarketingSegmentList',
      flights.map(({ n, flight }) =>
        el('DatedMarketingSegment', [
          point('Arrival', flight.pattern.destination, flight.arrLocal),
          el('CarrierDesigCode', profile.code),
          el('CarrierName', profile.name),
          el('DatedMarketingSegmentId', `DMS${n}`),
          el('DatedOperatingSegmentRefId', `DOS${n}`),
          point('Dep', flight.pattern.origin, flight.depLocal),
          el('MarketingCarrierFlightNumberText', flight.pattern.flightNumber),
        ]),
      ),
    ),
    el(
      'DatedOperatingLegList',
      flights.map(({ n, flight }) =>
        el('DatedOperatingLeg', [
          point('Arrival', flight.pattern.destination, flight.arrLocal),
          el('CarrierAircraftType', [
            el('CarrierAircraftTypeCode', aircraft(flight).iataCode),
            el('CarrierAircraftTypeName', aircraft(flight).name),
          ]),
          el('DatedOperatingLegID', `LEG${n}`),
          point('Dep', flight.pattern.origin, flight.depLocal),
          el('DistanceMeasure', String(Math.round(flight.pattern.distanceKm * 0.621371)), { UnitCode: 'Miles' }),
          el('IATA_AircraftType', [el('IATA_AircraftTypeCode', aircraft(flight).iataCode)]),
        ]),
      ),
    ),
    el(
      'DatedOperatingSegmentList',
      flights.map(({ n, flight }) =>
        el('DatedOperatingSegment', [
          el('CarrierDesigCode', flight.pattern.operatingCarrier),
          el(
            'CarrierName',
            names[flight.pattern.operatingCarrier] === undefined || flight.pattern.operatingCarrier === profile.code
              ? flight.pattern.operatorName
              : names[flight.pattern.operatingCarrier],
          ),
          el('DatedOperatingLegRefID', `LEG${n}`),
          el('DatedOperatingSegmentId', `DOS${n}`),
          el('Duration', isoDuration(flight.pattern.blockMinutes)),
          el('OperatingCarrierFlightNumberText', flight.pattern.operatingFlightNumber),
        ]),
      ),
    ),
  ];
}

export function journeyList(ids: ResponseIds): XmlNode {
  return el(
    'PaxJourneyList',
    [...ids.journeys.values()].map((j) => {
      const first = j.flights[0] as DatedFlight;
      const last = j.flights.at(-1) as DatedFlight;
      return el('PaxJourney', [
        el('Duration', isoDuration(Math.round((last.arrUtc - first.depUtc) / 60000))),
        el('PaxJourneyID', j.id),
        ...many('PaxSegmentRefID', j.segmentIds),
      ]);
    }),
  );
}

export function paxList(pax: readonly { id: string; ptc: string }[]): XmlNode {
  return el(
    'PaxList',
    pax.map((p) => el('Pax', [el('PaxID', p.id), el('PTC', p.ptc)])),
  );
}

export function paxSegmentList(ids: ResponseIds): XmlNode {
  return el(
    'PaxSegmentList',
    [...ids.paxSegments.values()].map(({ id, n, sold }) =>
      el('PaxSegment', [
        sold ? el('CabinTypeAssociationChoice', [cabinTypeNode(ids.profile, sold.flight, sold.cabin, 'SegmentCabinType')]) : null,
        el('DatedMarketingSegmentRefId', `DMS${n}`),
        sold ? el('MarketingCarrierRBD_Code', sold.rbd) : null,
        el('PaxSegmentID', id),
      ]),
    ),
  );
}
