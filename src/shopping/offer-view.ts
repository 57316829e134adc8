import type { Money, Offer } from '../connectors/connector-types.js';
import { conditionsJson } from './conditions-view.js';
import type { OfferJson } from './offer-schema.js';
import { hasPartnerOperatedConnection } from '../connectors/offer-facts.js';
import { toDecimal } from '../platform/money.js';
import { segmentJson } from './segment-view.js';
import { taxLineJson } from './tax-line-view.js';

/** Integer minor units to the decimal the API shows (ISO 4217 digits, platform/money.ts). */
export function decimal(money: Money): number {
  return toDecimal(money);
}

export { hasPartnerOperatedConnection };

export function offerJson(offer: Offer): OfferJson {
  return {
    offer_id: offer.offerId,
    airline: offer.airline,
    source: offer.source,
    total_amount: decimal(offer.total),
    currency: offer.total.currency,
    base_amount: offer.base ? decimal(offer.base) : null,
    tax_amount: offer.taxes ? decimal(offer.taxes) : null,
    passengers: offer.passengerPrices.map((p) => ({
      type: p.passengerType,
      count: p.count,
      base_amount: decimal(p.base),
      tax_amount: decimal(p.taxes),
      total_amount: decimal(p.total),
      taxes: p.taxLines.map(taxLineJson),
    })),
    expires_at: offer.expiresAt,
    payment_required_by: offer.paymentDeadline,
    hold_available: offer.holdable,
    fare_brand: offer.fareBrand,
    fare_brand_code: offer.fareBrandCode,
    cabin: offer.cabin,
    partner_operated_connection: hasPartnerOperatedConnection(offer),
    slices: offer.slices.map((slice) => ({
      origin: slice.origin,
      destination: slice.destination,
      duration_minutes: slice.durationMinutes,
      segments: slice.segments.map(segmentJson),
    })),
    baggage: {
      checked_bags: offer.baggage.checkedBags,
      carry_on_bags: offer.baggage.carryOnBags,
      description: offer.baggage.description,
    },
    conditions: conditionsJson(offer),
  };
}

// A list's JSON text, made once per list: a streamed search sends each connector's batch as it
// comes and then stores the whole answer, which is joined from the same texts rather than
// serializing every offer again.
const listTexts = new WeakMap<readonly Offer[], string>();

/**
 * `JSON.stringify(offers.map(offerJson))`, remembered for this array (offers and their lists are
 * not changed once a connector has handed them out). One JSON.stringify of the whole list is
 * cheaper than offer by offer, and a compiled fast-json-stringify serializer of OfferSchema was no
 * faster than JSON.stringify (bench/results/2026-11-26.md, "the search path's CPU, per stage").
 */
export function offersJsonText(offers: readonly Offer[]): string {
  let text = listTexts.get(offers);
  if (text === undefined) listTexts.set(offers, (text = JSON.stringify(offers.map(offerJson))));
  return text;
}

/** The JSON array of these lists' offers, in order, joined from each list's text (offersJsonText). */
export function joinedOffersJsonText(lists: readonly (readonly Offer[])[]): string {
  const filled = lists.filter((list) => list.length > 0);
  if (filled.length === 1) return offersJsonText(filled[0]!);
  return `[${filled.map((list) => offersJsonText(list).slice(1, -1)).join(',')}]`;
}
