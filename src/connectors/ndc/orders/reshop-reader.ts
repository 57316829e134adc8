import { airlineInstant } from '../airline-instant.js';
import type { NdcAirlineProfile } from '../ndc-airline-profile.js';
import type { Money, Offer, OfferSlice } from '../../connector-types.js';
import type { CancelQuote, OrderQuote, ReshopOffer } from '../../order-types.js';
import { readSegment } from '../ndc-offer-mapper.js';
import { undescribedSegment } from './order-view-reader.js';
import { encodeReshopOfferId } from './reshop-offer-id.js';
import { readDataLists, type DataLists } from '../ndc-data-lists.js';
import { amount, list, node, text, texts, type Parsed } from '../ndc-xml.js';
import { priceIn, sumOf } from '../price-holders.js';

/** Zero in the currency of the amounts that are there: an absent fee on a CLP order is CLP 0, not USD 0. */
const zeroIn = (...known: (Money | null)[]): Money => ({ amountMinor: 0, currency: known.find((m) => m)?.currency ?? 'USD' });

function slicesOf(journeyIds: string[], lists: DataLists): OfferSlice[] {
  return journeyIds.map((jid) => {
    const journey = lists.journeys.get(jid) ?? {};
    // The same segment reader as offers and order views: stable segment id, aircraft, cabin, duration.
    const segments = texts(journey.PaxSegmentRefID).map((sid) => readSegment(sid, lists) ?? undescribedSegment(sid));
    return {
      origin: segments[0]?.origin ?? '',
      destination: segments.at(-1)?.destination ?? '',
      durationMinutes: null,
      segments,
    };
  });
}

/**
 * What a cheaper reshop offer does with the difference: 21.3's "Refund" differential returns it to
 * the form of payment, "Residual" (the other type a lower fare takes) keeps it for future use; the
 * airline's words from the offer's Desc (AA's test system: "…issued as a trip credit…").
 */
function lowerFare(difference: Money, diffs: Parsed[], offer: Parsed): ReshopOffer['lowerFareDifference'] {
  if (difference.amountMinor >= 0) return null;
  const refunded = diffs.some((d) => text(d.DifferentialTypeCode) === 'Refund');
  const description =
    list(offer.Desc)
      .flatMap((d) => texts(d.DescText))
      .join(' ') || null;
  return {
    method: refunded ? 'original_form_of_payment' : 'credit',
    amount: { ...difference, amountMinor: -difference.amountMinor },
    description,
  };
}

/**
 * The brand an offer reshops in: the price class its JourneyOverview names per journey (as in VS's
 * orderreshopRS_change_both_outbound_and_inbound_date.xml), read as in shopping; null when none.
 */
function brandOf(offer: Parsed, lists: DataLists, dialect: Pick<NdcAirlineProfile, 'brandOf'>) {
  const overview = node(offer.JourneyOverview);
  const ids = [text(overview.PriceClassRefID), ...list(overview.JourneyPriceClass).map((j) => text(j.PriceClassRefID))];
  const priceClass = ids.map((id) => lists.priceClasses.get(id ?? '')).find((p) => p !== undefined);
  return priceClass ? dialect.brandOf(priceClass) : null;
}

/** The reshop offers of an OrderReshopRS: new flights, fare difference, change fee, amount due, brand. */
export function readReshopOffers(
  root: Parsed,
  dialect: Pick<NdcAirlineProfile, 'code' | 'brandOf' | 'clockZone'>,
): ReshopOffer[] {
  const { code: airline, clockZone } = dialect;
  const response = node(root.Response);
  const lists = readDataLists(response.DataLists);
  const fee = amount(node(node(response.ChangeFees).Price).TotalAmount);
  return list(node(node(response.ReshopResults).ReshopOffers).Offer).map((o) => {
    const items = list(o.AddedOfferItem);
    const diffs = items.map((i) => node(node(i.ReshopPrice).PriceDifferential));
    // One differential for the whole offer on its first item (AA), or one per item and passenger (VS).
    const whole = node(diffs[0]?.NewPrice).Price !== undefined;
    const priced = (part: 'NewPrice' | 'DiffPrice') =>
      whole ? priceIn(node(diffs[0]![part]), 'TotalAmount') : sumOf(diffs.map((d) => priceIn(node(d[part]), 'TotalAmount')));
    const journeyIds = [
      ...new Set(
        items
          .flatMap((i) => list(i.Service))
          .flatMap((s) => texts(node(node(s.OfferServiceAssociation).PaxJourneyRef).PaxJourneyRefID)),
      ),
    ];
    const airlineOfferId = text(o.OfferID) ?? '';
    const owner = text(o.OwnerCode) ?? airline;
    const newPrice = priced('NewPrice');
    const brand = brandOf(o, lists, dialect);
    const dueAmount = amount(node(o.TotalPrice).TotalAmount);
    const zero = zeroIn(newPrice, dueAmount, fee);
    const total = newPrice ?? zero;
    const due = dueAmount ?? zero;
    const offer: Offer = {
      offerId: encodeReshopOfferId(airline, { offerId: airlineOfferId, owner, due, penalty: fee ?? zero }),
      airline,
      source: airline,
      total,
      base: null,
      taxes: null,
      passengerPrices: [],
      expiresAt: airlineInstant(text(o.OfferExpirationTimeLimitDateTime), clockZone),
      paymentDeadline: null,
      holdable: false,
      fareBrand: brand?.name ?? null,
      fareBrandCode: brand?.code ?? null,
      cabin: brand?.cabin ?? null,
      slices: slicesOf(journeyIds, lists),
      baggage: { checkedBags: null, carryOnBags: null, description: null },
      changes: null,
      refunds: null,
      conditionsBySlice: [],
      conditionsByPassengerType: [],
    };
    const fareDifference = priced('DiffPrice') ?? zero;
    return {
      offer,
      fareDifference,
      lowerFareDifference: lowerFare(fareDifference, diffs, o),
      penalty: fee ?? zero,
      amountDue: due,
    };
  });
}

/**
 * The cancellation quote: refund versus the cancellation fee, and the value kept as a trip credit:
 * a price differential of 21.3's type "Residual" (kept by the airline for future use). Airlines
 * say it in one of two 21.3 shapes: the refund as the offer's TotalPrice and the fee as ChangeFees
 * (AA), or, with no TotalPrice, the refund as each deleted item's "Refund" differential
 * (DiffPrice/FareDetail/Price/DueByAirlineAmount) and the fee as the penalties its fare details
 * name (PenaltyList, VS's OC_NonRFC_* answers; OC_RFC_* ones name none: refundable in full).
 */
export function readCancelQuote(root: Parsed, clockZone: string): CancelQuote | null {
  const response = node(root.Response);
  const offer = node(node(node(response.ReshopResults).ReshopOffers).Offer);
  const quoteId = text(offer.OfferID);
  if (!quoteId) return null;
  const differentials = list(offer.DeleteOrderItem).map((i) => node(i.PriceDifferential));
  const refunds = differentials.filter((d) => text(d.DifferentialTypeCode) === 'Refund');
  const refund =
    amount(node(offer.TotalPrice).TotalAmount) ?? sumOf(refunds.map((d) => priceIn(node(d.DiffPrice), 'DueByAirlineAmount')));
  const penalties = readDataLists(response.DataLists).penalties;
  const named = refunds.flatMap((d) => list(node(d.DiffPrice).FareDetail)).flatMap((f) => texts(f.PenaltyRefID));
  const penalty =
    amount(node(node(response.ChangeFees).Price).TotalAmount) ??
    sumOf(named.map((id) => amount(node(penalties.get(id)?.Price).TotalAmount)));
  const residual = differentials
    .filter((d) => text(d.DifferentialTypeCode) === 'Residual')
    .map((d) => amount(node(node(d.DiffPrice).Price).TotalAmount))
    .find((m) => m !== null);
  const zero = zeroIn(refund, penalty, residual ?? null);
  return {
    quoteId,
    refund: refund ?? zero,
    credit: residual ? { ...residual, amountMinor: Math.abs(residual.amountMinor) } : zero,
    penalty: penalty ?? zero,
    expiresAt: airlineInstant(text(offer.OfferExpirationTimeLimitDateTime), clockZone),
  };
}

/**
 * The held order's price now, from an OrderQuote's answer: its RepricedOffer (AA), or 'unchanged'
 * when the airline says only that nothing changed (21.3's NoChangeInd, VS's answer to a reprice of
 * an unticketed hold); null when it says neither.
 */
export function readRepricedOrder(root: Parsed, clockZone: string): OrderQuote | 'unchanged' | null {
  const results = node(node(root.Response).ReshopResults);
  if (text(node(results.NoChangeInd).NoChangeInd) === 'true' || text(results.NoChangeInd) === 'true') return 'unchanged';
  const repriced = node(results.RepricedOffer);
  const total = amount(node(repriced.TotalPrice).TotalAmount);
  if (!total) return null;
  const deadline =
    list(repriced.RepricedOfferItem)
      .map((i) => airlineInstant(text(node(node(i.PaymentTimeLimit).PaymentTimeLimitDate).PaymentTimeLimitDateTime), clockZone))
      .find(Boolean) ?? null;
  return { total, paymentDeadline: deadline, quoteId: text(repriced.OfferRefID) };
}
