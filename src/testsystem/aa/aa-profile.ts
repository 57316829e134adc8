// American Airlines as the NDC core plays it: AA's network (hub banks, American Eagle, oneworld
// codeshares), its brands, fare model and taxes, seat products and ancillaries, its sales rules and
// its words. Everything here is AA's; the core (src/testsystem/ndc/) asks for it through this object.

import { dashedServiceItems } from '../ndc/fares/service-item-ids.js';
import { segmentTierSeatItems } from '../ndc/fares/seat-item-ids.js';
import { DEV_AA_NOTIFY_SECRET } from '../../platform/config.js';
import type { AirlineProfile } from '../ndc/airline-profile.js';
import { fromUsdCents } from '../ndc/fares/fare-currency.js';
import { uniqueHex } from '../ndc/offers/shopping-service.js';
import { AA_ERRORS, AA_KEY_CHECK, AA_TEXTS } from './aa-dialect.js';
import { AA_SCENARIOS } from './aa-scenarios.js';
import { aaAdultBase, aaPaxBase, aaRoundTripFactor } from './fares/aa-fare-model.js';
import { AA_SEATS } from './fares/aa-seats.js';
import { CLASS_FOR_CABIN, CLASSES_FOR_CABIN_CODE, fareBasisCode, PRICE_CLASSES, priceClassKey } from './fares/fare-rules.js';
import { taxesFor } from './fares/fare-taxes.js';
import { AA_SERVICES } from './fares/service-catalog.js';
import { AA_SALES } from './offers/sales-policy.js';
import { AIRCRAFT } from './network/aircraft-data.js';
import { AIRPORTS, HUBS } from './network/airports-data.js';
import { CARRIER_NAMES, PARTNERS } from './network/partners-data.js';
import { MIN_CONNECT_MINUTES } from './network/timetable-data.js';
import { buildTimetable } from './network/timetable-builder.js';

/**
 * Countries whose departures AA files in local currency (docs/aa-test-system.md, Currencies): UK-origin
 * fares are filed and sold in pounds, as every carrier sells them in the UK market.
 */
const LOCAL_FILING: Readonly<Record<string, string>> = { CL: 'CLP', JP: 'JPY', KR: 'KRW', GB: 'GBP' };

export const AA_PROFILE: AirlineProfile = {
  code: 'AA',
  name: 'American Airlines',
  ownerCode: 'AA',
  ticketPrefix: '001',
  ids: {
    offer: () => `AA${uniqueHex().slice(0, 20)}`,
    order: () => `AA-ORD-${uniqueHex()}`.slice(0, 20),
    quote: () => `AAQ${uniqueHex().slice(0, 17)}`,
  },
  serviceItems: dashedServiceItems(() => `AA${uniqueHex().slice(0, 20)}`),
  seatItems: segmentTierSeatItems(() => `AA${uniqueHex().slice(0, 20)}`),
  wire: {
    offerItemPrice: 'allPax',
    cancelPenalty: { shape: 'changeFees' },
    securePayment: 'ignored',
    bookingClassOn: 'fareComponent',
  },
  storage: { schema: 'aa_test_system', migrationLockId: 4_720_612 },
  network: {
    airports: AIRPORTS,
    aircraft: AIRCRAFT,
    timetable: buildTimetable,
    connectPoints: [...HUBS, ...PARTNERS.map((p) => p.gateway)],
    minConnectMinutes: MIN_CONNECT_MINUTES,
    homeCountries: new Set(['US', 'PR', 'VI']),
    carrierNames: CARRIER_NAMES,
  },
  fares: {
    priceClasses: PRICE_CLASSES,
    classesForCabinCode: CLASSES_FOR_CABIN_CODE,
    classForCabin: CLASS_FOR_CABIN,
    priceClassKey,
    changeFee: (def, currency) => (def.changeFeeCents === null ? null : fromUsdCents(def.changeFeeCents, currency)),
    fareBasis: fareBasisCode,
    adultBase: aaAdultBase,
    paxBase: aaPaxBase,
    taxes: taxesFor,
    roundTripFactor: aaRoundTripFactor,
    filingCurrency: (country) => LOCAL_FILING[country ?? ''] ?? 'USD',
    // AA prices in the point of sale's currency whatever the request asks (docs/aa-test-system.md, Currencies).
    requestedCurrencies: [],
  },
  services: AA_SERVICES,
  seats: AA_SEATS,
  sales: AA_SALES,
  errors: AA_ERRORS,
  texts: AA_TEXTS,
  keyCheck: AA_KEY_CHECK,
  scenarios: AA_SCENARIOS,
  notify: { signatureHeader: 'x-airline-signature', devSecret: DEV_AA_NOTIFY_SECRET },
};
