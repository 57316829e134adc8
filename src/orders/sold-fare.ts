import type { Baggage, Money, Offer, PassengerPrice, TaxLine } from '../connectors/connector-types.js';
import type { AirlineOrder } from '../connectors/order-types.js';

/**
 * What the priced offer said of the fare sold, kept on the order at booking (`details.sold`) for
 * what an airline's OrderViewRS does not repeat: the fare brand, the baggage allowance and the
 * itemised taxes per passenger type. Cabin and booking class come from the airline's order view.
 */
export interface SoldFare {
  fareBrand: string | null;
  fareBrandCode: string | null;
  baggage: Baggage;
  passengerPrices: Pick<PassengerPrice, 'passengerType' | 'count' | 'taxLines'>[];
}

export function soldFareOf(offer: Offer): SoldFare {
  return {
    fareBrand: offer.fareBrand,
    fareBrandCode: offer.fareBrandCode,
    baggage: offer.baggage,
    passengerPrices: offer.passengerPrices.map((p) => ({ passengerType: p.passengerType, count: p.count, taxLines: p.taxLines })),
  };
}

const share = (m: Money, count: number): Money => ({ ...m, amountMinor: Math.round(m.amountMinor / count) });

/**
 * One passenger's tax lines: the offer itemises them for all passengers of a type together, each
 * paying the same fare, so a passenger's line is the type's divided by their number.
 */
export function passengerTaxLines(sold: SoldFare | undefined, type: AirlineOrder['passengers'][number]['type']): TaxLine[] {
  const price = sold?.passengerPrices.find((p) => p.passengerType === type);
  if (!price || price.count < 1) return [];
  return price.taxLines.map((t) => ({
    ...t,
    amount: share(t.amount, price.count),
    filed: t.filed ? share(t.filed, price.count) : null,
  }));
}
