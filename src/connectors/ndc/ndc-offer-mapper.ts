import type { Baggage, Cabin, Money, Offer, OfferSlice, PassengerCounts, PassengerPrice, Segment } from '../connector-types.js';
import { departureDatesOf, hasPartnerOperatedConnection } from '../offer-facts.js';
import { airlineInstant } from './airline-instant.js';
import type { NdcAirlineProfile } from './ndc-airline-profile.js';
import { encodeNdcOfferId, type OfferPart } from './offer-ref.js';
import { PASSENGER_TYPE } from './passengers.js';
import type { DataLists } from './ndc-data-lists.js';
import { readTaxLines } from './tax-lines.js';
import { itemConditions, strictestOf } from './fare-conditions.js';
import { cabinOf } from './ndc-cabins.js';
import { amount, durationMinutes, list, listAll, node, text, texts, textsAll, type Parsed } from './ndc-xml.js';

/**
 * Our segment id: marketing flight, city pair and local date (`AA2687-JFKLAX-20261212`). The
 * airline's own segment ids are only unique inside one response and are renumbered by the next
 * message, so a seat map could not be matched to a searched segment by them.
 */
export function stableSegmentId(marketing: Parsed): string {
  const date = (text(node(marketing.Dep).AircraftScheduledDateTime) ?? '').slice(0, 10).replaceAll('-', '');
  const from = text(node(marketing.Dep).IATA_LocationCode) ?? '';
  const to = text(node(marketing.Arrival).IATA_LocationCode) ?? '';
  return `${text(marketing.CarrierDesigCode) ?? ''}${text(marketing.MarketingCarrierFlightNumberText) ?? ''}-${from}${to}-${date}`;
}

/** The stable id of one of a response's own PaxSegment ids. */
export function stableIdOf(paxSegmentId: string, lists: DataLists): string {
  const paxSeg = lists.paxSegments.get(paxSegmentId) ?? {};
  const marketing = lists.marketing.get(text(paxSeg.DatedMarketingSegmentRefId) ?? paxSegmentId);
  return marketing ? stableSegmentId(marketing) : paxSegmentId;
}

// Many offers of one answer fly the same segments (one per fare brand): each segment is read once.
const segmentCache = new WeakMap<DataLists, Map<string, Segment | null>>();

/**
 * One PaxSegment of a response as the DataLists describe it. Offers, order views and reshop offers
 * all read their segments here, so a flight shows the same fields whichever message carried it.
 */
export function readSegment(paxSegmentId: string, lists: DataLists): Segment | null {
  let cache = segmentCache.get(lists);
  if (!cache) segmentCache.set(lists, (cache = new Map()));
  const known = cache.get(paxSegmentId);
  if (known !== undefined) return known;
  const paxSeg = lists.paxSegments.get(paxSegmentId) ?? {};
  const marketing = lists.marketing.get(text(paxSeg.DatedMarketingSegmentRefId) ?? paxSegmentId);
  let segment: Segment | null = null;
  if (marketing) {
    const operating = lists.operating.get(text(marketing.DatedOperatingSegmentRefId) ?? '') ?? {};
    const leg = lists.legs.get(text(operating.DatedOperatingLegRefID) ?? '') ?? {};
    const dep = node(marketing.Dep);
    const arr = node(marketing.Arrival);
    const marketingCarrier = text(marketing.CarrierDesigCode) ?? '';
    const segCabin = node(node(paxSeg.CabinTypeAssociationChoice).SegmentCabinType);
    segment = {
      segmentId: stableSegmentId(marketing),
      origin: text(dep.IATA_LocationCode) ?? '',
      destination: text(arr.IATA_LocationCode) ?? '',
      departingAt: text(dep.AircraftScheduledDateTime) ?? '',
      arrivingAt: text(arr.AircraftScheduledDateTime) ?? '',
      marketingCarrier,
      marketingFlightNumber: text(marketing.MarketingCarrierFlightNumberText) ?? '',
      operatingCarrier: text(operating.CarrierDesigCode) ?? marketingCarrier,
      operatingCarrierName: text(operating.CarrierName),
      operatingFlightNumber: text(operating.OperatingCarrierFlightNumberText),
      aircraft:
        text(node(leg.IATA_AircraftType).IATA_AircraftTypeCode) ?? text(node(leg.CarrierAircraftType).CarrierAircraftTypeCode),
      cabin: cabinOf(text(segCabin.CabinTypeCode)),
      cabinMarketingName: text(segCabin.CabinTypeName),
      bookingClass: text(paxSeg.MarketingCarrierRBD_Code),
      durationMinutes: durationMinutes(operating.Duration),
    };
  }
  cache.set(paxSegmentId, segment);
  return segment;
}

/** A fare component's cabin (code and the airline's name for it on the aircraft) and booking class. */
interface FareOfSegment {
  cabin: Cabin | null;
  cabinName: string | null;
  rbd: string | null;
}

/** A segment as this offer sells it: the cabin and booking class of its fare where the segment has none. */
function segmentOf(paxSegmentId: string, lists: DataLists, fare: Map<string, FareOfSegment>): Segment | null {
  const base = readSegment(paxSegmentId, lists);
  if (!base) return null;
  const fromFare = fare.get(paxSegmentId);
  return {
    ...base,
    cabin: base.cabin ?? fromFare?.cabin ?? null,
    cabinMarketingName: base.cabinMarketingName ?? fromFare?.cabinName ?? null,
    bookingClass: base.bookingClass ?? fromFare?.rbd ?? null,
  };
}

// Offers of one answer share a handful of allowance sets: each set is read once per answer.
const baggageCache = new WeakMap<DataLists, Map<string, Baggage>>();

function baggageOf(offer: Parsed, lists: DataLists, firstPax: string | null): Baggage {
  const ids: string[] = [];
  for (const a of list(offer.BaggageAssociations)) {
    const pax = texts(a.PaxRefID);
    if (!firstPax || pax.length === 0 || pax.includes(firstPax)) ids.push(...texts(a.BaggageAllowanceRefID));
  }
  let cache = baggageCache.get(lists);
  if (!cache) baggageCache.set(lists, (cache = new Map()));
  // NUL cannot appear in well-formed XML text; an id that has one anyway skips the cache.
  const key = ids.join('\0');
  if (ids.some((id) => id.includes('\0'))) return readBaggage(ids, lists);
  let baggage = cache.get(key);
  if (!baggage) cache.set(key, (baggage = readBaggage(ids, lists)));
  // A copy per offer, as before: offers never share a mutable object through the cache.
  return { ...baggage };
}

function readBaggage(ids: string[], lists: DataLists): Baggage {
  const allowances = ids.map((id) => lists.baggage.get(id)).filter((b): b is Parsed => !!b);
  const qty = (type: RegExp) => {
    const found = allowances.find((b) => type.test(text(b.TypeCode) ?? ''));
    const n = found ? Number(text(node(found.PieceAllowance).TotalQty)) : NaN;
    return Number.isFinite(n) ? n : null;
  };
  const description = allowances.flatMap((b) => texts(b.DescText)).join('; ');
  return { checkedBags: qty(/checked/i), carryOnBags: qty(/carry/i), description: description || null };
}

const sum = (moneys: (Money | null)[], currency: string): Money => ({
  amountMinor: moneys.reduce((s, m) => s + (m?.amountMinor ?? 0), 0),
  currency,
});

const addId = (ids: Set<string>, id: string | null) => {
  if (id !== null) ids.add(id);
};

/** An amount multiplied by `factor`; zero in `currency` when there is none. */
const times = (m: Money | null, factor: number, currency: string): Money =>
  m ? { amountMinor: m.amountMinor * factor, currency: m.currency } : { amountMinor: 0, currency };

export interface MappedOffer {
  offer: Offer;
  part: OfferPart;
}

/** The part of an airline's profile the offer mapper reads: its code, and how its price classes name brands. */
export type MapperDialect = Pick<NdcAirlineProfile, 'code' | 'brandOf' | 'clockZone'>;

/** Each segment's cabin and booking class as the offer's fare components give them, first mention wins. */
function fareBySegmentOf(components: Parsed[]): Map<string, FareOfSegment> {
  const fareBySegment = new Map<string, FareOfSegment>();
  for (const fc of components) {
    const cabinType = node(fc.CabinType);
    const entry = {
      cabin: cabinOf(text(cabinType.CabinTypeCode)),
      cabinName: text(cabinType.CabinTypeName),
      rbd: text(node(fc.RBD).RBD_Code),
    };
    for (const seg of texts(fc.PaxSegmentRefID)) if (!fareBySegment.has(seg)) fareBySegment.set(seg, entry);
  }
  return fareBySegment;
}

/** A slice with the response's own PaxSegment ids, which fare components refer to. */
interface SlicedJourney {
  slice: OfferSlice;
  paxSegmentIds: string[];
}

/** The offer's slices in departure order; null when a journey has a segment the lists lack, or there is none. */
function slicesOf(
  offer: Parsed,
  items: Parsed[],
  lists: DataLists,
  fareBySegment: Map<string, FareOfSegment>,
): SlicedJourney[] | null {
  // The journeys of the offer, each once, in order of first mention.
  const journeyIds = new Set<string>();
  for (const j of list(node(offer.JourneyOverview).JourneyPriceClass)) addId(journeyIds, text(j.PaxJourneyRefID));
  for (const i of items) {
    for (const s of list(i.Service)) addId(journeyIds, text(node(node(s.OfferServiceAssociation).PaxJourneyRef).PaxJourneyRefID));
  }

  const sliced: SlicedJourney[] = [];
  for (const journeyId of journeyIds) {
    const journey = lists.journeys.get(journeyId);
    if (!journey) continue;
    const paxSegmentIds = texts(journey.PaxSegmentRefID);
    const segments = paxSegmentIds.map((id) => segmentOf(id, lists, fareBySegment));
    if (segments.length === 0 || segments.some((s) => s === null)) return null;
    const segs = segments as Segment[];
    sliced.push({
      slice: {
        origin: segs[0]!.origin,
        destination: segs[segs.length - 1]!.destination,
        durationMinutes: durationMinutes(journey.Duration),
        segments: segs,
      },
      paxSegmentIds,
    });
  }
  if (sliced.length === 0) return null;
  sliced.sort((a, b) => a.slice.segments[0]!.departingAt.localeCompare(b.slice.segments[0]!.departingAt));
  return sliced;
}

/** One offer item's price, in the offer's currency, with the passengers it covers. */
interface PriceRow {
  id: string;
  pax: string[];
  total: Money | null;
  base: Money | null;
  taxes: Money | null;
  price: Parsed;
}

/** The offer's total, its items' price rows and the price per passenger type. */
function pricesOf(
  offer: Parsed,
  items: Parsed[],
  lists: DataLists,
  passengers: PassengerCounts,
): { total: Money; priceRows: PriceRow[]; passengerPrices: PassengerPrice[] } {
  const total =
    amount(node(offer.TotalPrice).TotalAmount) ??
    sum(
      items.map((i) => amount(node(i.Price).TotalAmount)),
      'USD',
    );
  const currency = total.currency;
  const priceRows: PriceRow[] = items.map((item) => {
    const price = node(item.Price);
    const pax = [...new Set(textsAll(list(item.FareDetail), 'PaxRefID'))];
    return {
      id: text(item.OfferItemID)!,
      pax,
      total: amount(price.TotalAmount, currency),
      base: amount(price.BaseAmount, currency),
      taxes: amount(node(price.TaxSummary).TotalTaxAmount, currency),
      price,
    };
  });
  // An item's price covers all of its passengers in 21.3; some airlines quote it per passenger,
  // which shows as item totals that only add up to the offer total once multiplied.
  const itemsSum = priceRows.reduce((s, r) => s + (r.total?.amountMinor ?? 0), 0);
  const perPax =
    itemsSum !== total.amountMinor &&
    priceRows.reduce((s, r) => s + (r.total?.amountMinor ?? 0) * Math.max(1, r.pax.length), 0) === total.amountMinor;

  const passengerPrices: PassengerPrice[] = priceRows.map((r) => {
    const ptc = text(lists.pax.get(r.pax[0] ?? '')?.PTC) ?? ptcFromOrder(r.pax[0], passengers);
    const n = Math.max(1, r.pax.length);
    const factor = perPax ? n : 1;
    return {
      passengerType: PASSENGER_TYPE[ptc as keyof typeof PASSENGER_TYPE] ?? 'adult',
      count: n,
      base: times(r.base, factor, currency),
      taxes: times(r.taxes, factor, currency),
      total: times(r.total, factor, currency),
      taxLines: readTaxLines(r.price, currency, factor),
    };
  });
  return { total, priceRows, passengerPrices };
}

/** The fare brand of the offer's first price class the lists describe. */
function brandOfOffer(offer: Parsed, components: Parsed[], lists: DataLists, airline: MapperDialect) {
  const classIds = [
    text(node(offer.JourneyOverview).PriceClassRefID),
    ...list(node(offer.JourneyOverview).JourneyPriceClass).map((j) => text(j.PriceClassRefID)),
    ...components.map((c) => text(c.PriceClassRefID)),
  ].filter((id): id is string => id !== null);
  const priceClass = classIds.map((id) => lists.priceClasses.get(id)).find((p) => p !== undefined);
  return priceClass ? airline.brandOf(priceClass) : null;
}

type ItemConditions = ReturnType<typeof itemConditions>;

// Offers of one answer repeat a handful of fare rules (one per brand and cabin): an item's
// conditions are read once per distinct restrictions and penalties, and the offers share the result
// (nothing changes a condition once read). Reading them was a quarter of the mapping's time.
const conditionsCache = new WeakMap<DataLists, Map<string, ItemConditions>>();

/** Conditions per offer item (one passenger type), per slice and over the whole trip. */
function conditionsPerItem(offer: Parsed, items: Parsed[], lists: DataLists, sliced: SlicedJourney[]): ItemConditions[] {
  let cache = conditionsCache.get(lists);
  if (!cache) conditionsCache.set(lists, (cache = new Map()));
  const penaltiesOf = (ids: string[]) => ids.map((id) => lists.penalties.get(id)).filter((p): p is Parsed => !!p);
  const offerPenaltyIds = texts(offer.PenaltyRefID);
  return items.map((item) => {
    const details = list(item.FareDetail);
    const itemComponents = listAll(details, 'FareComponent');
    const sliceComponents = sliced.map(({ paxSegmentIds }) =>
      itemComponents.filter((c) => texts(c.PaxSegmentRefID).some((id) => paxSegmentIds.includes(id))),
    );
    const penaltyIds = offerPenaltyIds.concat(textsAll(details, 'PenaltyRefID'));
    // Everything itemConditions reads: the item's restrictions, each slice's fare components'
    // restrictions, and the penalties (by id: one answer's lists give one penalty per id).
    const key = JSON.stringify([
      item.ChangeRestrictions,
      item.CancelRestrictions,
      penaltyIds,
      sliceComponents.map((components) => components.map((c) => [c.ChangeRestrictions, c.CancelRestrictions])),
    ]);
    let conditions = cache.get(key);
    if (!conditions) cache.set(key, (conditions = itemConditions(sliceComponents, item, penaltiesOf(penaltyIds))));
    return conditions;
  });
}

/** One NDC offer (an AirShoppingRS Offer or an OfferPriceRS PricedOffer) of `airline` in our shape. */
export function mapOffer(
  offer: Parsed,
  lists: DataLists,
  passengers: PassengerCounts,
  airline: MapperDialect,
): MappedOffer | null {
  const offerId = text(offer.OfferID);
  const owner = text(offer.OwnerCode) ?? airline.code;
  const items = list(offer.OfferItem);
  if (!offerId || items.length === 0) return null;

  const components = listAll(listAll(items, 'FareDetail'), 'FareComponent');
  const sliced = slicesOf(offer, items, lists, fareBySegmentOf(components));
  if (!sliced) return null;
  const slices = sliced.map((s) => s.slice);

  const { total, priceRows, passengerPrices } = pricesOf(offer, items, lists, passengers);
  const currency = total.currency;
  const brand = brandOfOffer(offer, components, lists, airline);
  const firstItem = items[0]!;

  const perItem = conditionsPerItem(offer, items, lists, sliced);
  const conditionsByPassengerType = passengerPrices.map((p, i) => ({ passengerType: p.passengerType, ...perItem[i]!.whole }));
  const overall = strictestOf(perItem.map((c) => c.whole));

  const part: OfferPart = { offerId, owner, items: priceRows.map((r) => ({ id: r.id, pax: r.pax })) };
  const expiresAt = airlineInstant(text(offer.OfferExpirationTimeLimitDateTime), airline.clockZone);
  const mapped: Offer = {
    offerId: encodeNdcOfferId(airline.code, {
      parts: [part],
      passengers,
      partnerConnection: hasPartnerOperatedConnection({ airline: owner, slices }),
      shown: total,
      departureDates: departureDatesOf(slices),
      expiresAt,
    }),
    airline: owner,
    source: airline.code,
    total,
    base: priceRows.every((r) => r.base)
      ? sum(
          passengerPrices.map((p) => p.base),
          currency,
        )
      : null,
    taxes: priceRows.every((r) => r.taxes)
      ? sum(
          passengerPrices.map((p) => p.taxes),
          currency,
        )
      : null,
    passengerPrices,
    expiresAt,
    paymentDeadline: airlineInstant(
      text(node(node(firstItem.PaymentTimeLimit).PaymentTimeLimitDate).PaymentTimeLimitDateTime),
      airline.clockZone,
    ),
    // An airline gives a payment time limit only to offers it holds unpaid; without one it sells paid at once.
    holdable: items.every((i) => text(node(node(i.PaymentTimeLimit).PaymentTimeLimitDate).PaymentTimeLimitDateTime) !== null),
    fareBrand: brand?.name ?? null,
    fareBrandCode: brand?.code ?? null,
    cabin: slices[0]!.segments[0]!.cabin ?? brand?.cabin ?? null,
    slices,
    baggage: baggageOf(offer, lists, priceRows[0]?.pax[0] ?? null),
    changes: overall.changes,
    refunds: overall.refunds,
    conditionsBySlice: slices.map((slice, k) => ({
      origin: slice.origin,
      destination: slice.destination,
      ...strictestOf(perItem.map((c) => c.slices[k]!)),
    })),
    conditionsByPassengerType,
  };
  return { offer: mapped, part };
}

/** The PTC of one of our own passenger ids (PAX1..), when the response carries no PaxList. */
function ptcFromOrder(paxId: string | undefined, counts: PassengerCounts): string {
  const n = Number(paxId?.replace(/^PAX/, '') ?? 1);
  if (n <= counts.adults) return 'ADT';
  return n <= counts.adults + counts.children ? 'CHD' : 'INF';
}
