// Ancillaries AA sells per passenger and segment (or journey): checked bags, priority boarding,
// meals on longer flights, Wi-Fi and Admirals Club day passes, with AA's published price levels.

import {
  fareFacts as facts,
  type CatalogService,
  type FareFacts,
  type ServiceFareContext,
} from '../../ndc/fares/catalog-service.js';
import { fromUsdCents } from '../../ndc/fares/fare-currency.js';
import type { DatedFlight } from '../../ndc/network/schedule-service.js';

const freeBags = (trip: FareFacts): number =>
  trip.international ? trip.priceClass.checkedBagsInternational : trip.priceClass.checkedBagsDomestic;

const longerThan = (km: number) => (flight: DatedFlight) => flight.pattern.distanceKm > km;

/** An AA service priced in USD cents of the fare model (filed in the trip's currency, below). */
type AaService = Omit<CatalogService, 'price'> & {
  priceCents(flight: DatedFlight, context: ServiceFareContext): number | null;
};

const AA_SERVICE_ROWS: readonly AaService[] = [
  {
    id: 'BAG1',
    name: 'First checked bag',
    rfic: 'C',
    rfisc: '0CC',
    code: 'BAGS',
    per: 'journey',
    priceCents: (_f, ctx) => (freeBags(facts(ctx)) >= 1 ? null : facts(ctx).international ? 7500 : 4000),
  },
  {
    id: 'BAG2',
    name: 'Second checked bag',
    rfic: 'C',
    rfisc: '0CD',
    code: 'BAGS',
    per: 'journey',
    priceCents: (_f, ctx) => (freeBags(facts(ctx)) >= 2 ? null : facts(ctx).international ? 10000 : 4500),
  },
  {
    id: 'PRIO',
    name: 'Priority boarding',
    rfic: 'G',
    rfisc: '0BX',
    code: 'PRIO',
    per: 'segment',
    priceCents: (f) => (f.pattern.distanceKm > 2000 ? 2900 : 1900),
  },
  {
    id: 'MEAL',
    name: 'Main Cabin meal purchase',
    rfic: 'G',
    rfisc: '0B3',
    code: 'MEAL',
    per: 'segment',
    priceCents: (f, ctx) => (longerThan(1800)(f) && ['BE', 'MAIN', 'MAINFL'].includes(facts(ctx).priceClass.id) ? 1299 : null),
  },
  {
    id: 'WIFI',
    name: 'Inflight Wi-Fi pass',
    rfic: 'G',
    rfisc: '0CL',
    code: 'WIFI',
    per: 'segment',
    priceCents: (f) => (f.pattern.aircraft === 'E175' ? null : 1000),
  },
  {
    id: 'LOUNGE',
    name: 'Admirals Club day pass',
    rfic: 'E',
    rfisc: '0BR',
    code: 'LOUNGE',
    per: 'segment',
    priceCents: (f, ctx) => (['BUS', 'FIRST'].includes(facts(ctx).priceClass.id) && longerThan(4500)(f) ? null : 7900),
  },
];

export const AA_SERVICES: readonly CatalogService[] = AA_SERVICE_ROWS.map(({ priceCents, ...service }) => ({
  ...service,
  price(flight, context, currency) {
    const cents = priceCents(flight, context);
    return cents === null ? null : fromUsdCents(cents, currency);
  },
}));
