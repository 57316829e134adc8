import type { Money, Offer, PassengerCounts, PassengerPrice, PassengerTypeConditions, SliceQuery } from '../connector-types.js';
import { strictestOf } from './fare-conditions.js';
import { departureDatesOf, hasPartnerOperatedConnection } from '../offer-facts.js';
import { encodeNdcOfferId } from './offer-ref.js';
import type { MappedOffer } from './ndc-offer-mapper.js';
import { addTaxLines } from './tax-lines.js';

// Combinations kept per search: enough choice across brands and times, bounded for the answer's size.
const MAX_COMBINATIONS = 64;

const addMoney = (a: Money | null, b: Money | null): Money | null =>
  a && b ? { amountMinor: a.amountMinor + b.amountMinor, currency: a.currency } : null;

const earliest = (values: (string | null)[]) => values.filter((v): v is string => v !== null).sort()[0] ?? null;

/** The trip's conditions per passenger type: each type's conditions of the parts, across the slices. */
function combinePassengerTypes(offers: Offer[]): PassengerTypeConditions[] {
  const types = [...new Set(offers.flatMap((o) => o.conditionsByPassengerType.map((c) => c.passengerType)))];
  return types.map((passengerType) => ({
    passengerType,
    ...strictestOf(
      offers.map(
        (o) => o.conditionsByPassengerType.find((c) => c.passengerType === passengerType) ?? { changes: null, refunds: null },
      ),
    ),
  }));
}

function combinePassengers(lists: PassengerPrice[][]): PassengerPrice[] {
  const byType = new Map<string, PassengerPrice>();
  for (const p of lists.flat()) {
    const known = byType.get(p.passengerType);
    byType.set(
      p.passengerType,
      known
        ? {
            ...known,
            base: addMoney(known.base, p.base)!,
            taxes: addMoney(known.taxes, p.taxes)!,
            total: addMoney(known.total, p.total)!,
            taxLines: addTaxLines(known.taxLines, p.taxLines),
          }
        : { ...p },
    );
  }
  return [...byType.values()];
}

/** One offer of `airline` for the whole trip out of one airline offer per slice; prices and limits add up. */
export function combine(parts: MappedOffer[], passengers: PassengerCounts, airline: string): Offer {
  const offers = parts.map((p) => p.offer);
  const first = offers[0]!;
  const brands = [...new Set(offers.map((o) => o.fareBrand))];
  const slices = offers.flatMap((o) => o.slices);
  const total = offers.slice(1).reduce((sum, o) => addMoney(sum, o.total)!, first.total);
  const expiresAt = earliest(offers.map((o) => o.expiresAt));
  return {
    ...first,
    offerId: encodeNdcOfferId(airline, {
      parts: parts.map((p) => p.part),
      passengers,
      partnerConnection: hasPartnerOperatedConnection({ airline: first.airline, slices }),
      shown: total,
      departureDates: departureDatesOf(slices),
      expiresAt,
    }),
    total,
    base: offers.slice(1).reduce((sum, o) => addMoney(sum, o.base), first.base),
    taxes: offers.slice(1).reduce((sum, o) => addMoney(sum, o.taxes), first.taxes),
    passengerPrices: combinePassengers(offers.map((o) => o.passengerPrices)),
    expiresAt,
    // One part that must be paid at once makes the whole trip pay-now.
    paymentDeadline: offers.every((o) => o.holdable) ? earliest(offers.map((o) => o.paymentDeadline)) : null,
    holdable: offers.every((o) => o.holdable),
    fareBrand: brands.length === 1 ? (brands[0] ?? null) : brands.join(' / '),
    fareBrandCode: offers.every((o) => o.fareBrandCode === first.fareBrandCode) ? first.fareBrandCode : null,
    slices,
    // The strictest combination of the parts: one booking, so one fee per passenger, the highest part's.
    ...strictestOf(offers),
    conditionsBySlice: offers.flatMap((o) => o.conditionsBySlice),
    conditionsByPassengerType: combinePassengerTypes(offers),
  };
}

/** Cheapest first, but taking brands in turn so the picks are not all the same fare. */
function diverse(offers: MappedOffer[], n: number): MappedOffer[] {
  const byBrand = new Map<string, MappedOffer[]>();
  for (const o of [...offers].sort((a, b) => a.offer.total.amountMinor - b.offer.total.amountMinor)) {
    const brand = o.offer.fareBrand ?? '';
    byBrand.set(brand, [...(byBrand.get(brand) ?? []), o]);
  }
  const out: MappedOffer[] = [];
  const queues = [...byBrand.values()];
  for (let i = 0; out.length < n && queues.some((q) => q.length > i); i++) {
    for (const q of queues) if (q[i] && out.length < n) out.push(q[i]!);
  }
  return out;
}

/**
 * Whole-trip offers from an answer. Offers that already cover every slice are kept as they are;
 * offers for single slices (how AA answers round trips and multi-city) are combined one per
 * slice, a bounded number of combinations, cheapest first.
 */
export function wholeTripOffers(
  mapped: MappedOffer[],
  slices: SliceQuery[],
  passengers: PassengerCounts,
  airline: string,
): Offer[] {
  if (slices.length <= 1) return mapped.map((m) => m.offer);
  const complete = mapped.filter((m) => m.offer.slices.length === slices.length).map((m) => m.offer);
  const bySlice = slices.map((q) =>
    mapped.filter(
      (m) =>
        m.offer.slices.length === 1 && m.offer.slices[0]!.origin === q.origin && m.offer.slices[0]!.destination === q.destination,
    ),
  );
  if (bySlice.some((group) => group.length === 0)) return complete;
  const perSlice = Math.max(1, Math.floor(MAX_COMBINATIONS ** (1 / slices.length)));
  let combos: MappedOffer[][] = [[]];
  for (const group of bySlice) combos = combos.flatMap((c) => diverse(group, perSlice).map((o) => [...c, o]));
  const combined = combos.map((parts) => combine(parts, passengers, airline));
  return [...complete, ...combined].sort((a, b) => a.total.amountMinor - b.total.amountMinor);
}
