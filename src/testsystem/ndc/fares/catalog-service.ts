// An ancillary an airline sells per passenger and journey or segment (bags, meals, Wi-Fi), as the
// ServiceList handler offers it and OrderCreate/OrderChange book it. The catalog is the profile's.

import type { DatedFlight } from '../network/schedule-service.js';
import type { PriceClassDef } from './price-class.js';

export interface FareFacts {
  priceClass: PriceClassDef;
  international: boolean;
}

/** What a service price depends on: the brand and whether the trip is international, from a trip or a priced journey. */
export type ServiceFareContext = FareFacts | { journey: FareFacts };

export const fareFacts = (ctx: ServiceFareContext): FareFacts => ('journey' in ctx ? ctx.journey : ctx);

export interface CatalogService {
  /** Ends the OfferItem id that sells it (`<offer>-BAG1`, `<offer>-WIFI-SEG2`): letters and digits. */
  id: string;
  name: string;
  rfic: string;
  rfisc: string;
  code: string;
  /** Sold once per journey (bags) or per flown segment (meals, Wi-Fi). */
  per: 'journey' | 'segment';
  /** Price per passenger in minor units of `currency`; null: not sold here (or included). */
  price(flight: DatedFlight, context: ServiceFareContext, currency: string): number | null;
}
