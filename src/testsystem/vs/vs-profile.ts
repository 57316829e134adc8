// Virgin Atlantic as the NDC core plays it: VS's network (LHR and MAN long-haul, Delta-operated
// legs sold as VS), its brands with their bags, seats, change and refund rules, UK APD, VS's
// surcharges and US taxes, GBP and USD points of sale, holds as VS offers them, ticket prefix 932
// and VS's words (dialect.ts). Everything the core asks of VS goes through this object.

import { numberedServiceItems } from '../ndc/fares/service-item-ids.js';
import { numberedSeatItems } from '../ndc/fares/seat-item-ids.js';
import { DEV_VS_NOTIFY_SECRET } from '../../platform/config.js';
import type { AirlineProfile } from '../ndc/airline-profile.js';
import type { PriceClassDef } from '../ndc/fares/price-class.js';
import { VS_CANCEL, VS_CARRIER_NAME, VS_OWNER_CODE, VS_REQUEST_CHILD_ORDER, VS_TICKET_PREFIX } from './vs-dialect.js';
import { VS_BRANDS } from './fares/brands.js';
import { vsAdultBase, vsChangeFee, vsFareBasis, vsPaxBase } from './fares/vs-fare-model.js';
import { vsCancelFee, vsComponentRestrictions } from './fares/vs-fare-rules.js';
import { vsTaxes } from './fares/vs-taxes.js';
import { VS_AIRPORTS, VS_GATEWAYS } from './network/airports-data.js';
import { VS_FLEET } from './network/fleet-data.js';
import { DELTA_OPERATOR, VS_TIMETABLE } from './network/timetable-data.js';
import { VS_IDS } from './vs-ids.js';
import { VS_SALES } from './vs-sales.js';
import { VS_FREE_SEAT_ITEM_NUMBER, VS_SEAT_ITEM_NUMBERS, VS_SEATS } from './vs-seats.js';
import { VS_SERVICES } from './vs-services.js';
import { VS_ERRORS, VS_KEY_CHECK, VS_TEXTS } from './vs-words.js';

/** VS's brands as the core's price classes (no trip credit: VS refunds, less a penalty or not). */
const PRICE_CLASSES: readonly PriceClassDef[] = VS_BRANDS.map((b) => ({
  id: b.id,
  name: b.name,
  cabins: b.cabins,
  rbds: b.rbds,
  // Every VS brand may change for a fee (vsChangeFee gives it per currency).
  changeFeeCents: b.changeFee.USD,
  refundable: b.cancel === 'refund',
  tripCredit: false,
  checkedBagsDomestic: b.checkedBags.pieces,
  checkedBagsInternational: b.checkedBags.pieces,
  // Upper's pieces weigh up to 32 kg, the others' 23 kg (brands.ts).
  checkedBagKg: b.checkedBags.pieces > 0 ? b.checkedBags.kg : undefined,
  seatSelectionFree: b.seatSelection !== 'paid',
  descriptions: b.descriptions,
  displayOrder: b.displayOrder,
}));

const brandsIn = (code: string) => VS_BRANDS.filter((b) => b.cabinTypeCode === code).map((b) => b.id);

export const VS_PROFILE: AirlineProfile = {
  code: VS_OWNER_CODE,
  name: VS_CARRIER_NAME,
  ownerCode: VS_OWNER_CODE,
  // VS writes an offer's time limits on London's clock with no offset.
  timeLimitClock: 'Europe/London',
  ticketPrefix: VS_TICKET_PREFIX,
  ids: VS_IDS,
  serviceItems: numberedServiceItems(VS_SERVICES.map((s) => s.id)),
  seatItems: numberedSeatItems(VS_SEAT_ITEM_NUMBERS, VS_FREE_SEAT_ITEM_NUMBER),
  // VS's samples: items priced per passenger (offerprice_multipax_with_upsell_offers_RS.xml), penalties
  // in a PenaltyList (OC_NonRFC_OrderReshopCancelRS.xml), 3-D Secure 2 in the card (orderchangeRQ_paid_seats_3DS2.xml).
  wire: {
    offerItemPrice: 'perPax',
    cancelPenalty: { shape: 'penaltyList', id: VS_CANCEL.penaltyId, text: VS_CANCEL.penaltyText },
    securePayment: 'checked',
    // VS's own AirShoppingRQ samples list these children out of the schema's order (request-leniency.ts).
    requestChildOrder: VS_REQUEST_CHILD_ORDER,
    // Every VS shopping answer: PaxSegment/MarketingCarrierRBD_Code with the cabin, none in the fare component.
    bookingClassOn: 'paxSegment',
  },
  storage: { schema: 'vs_test_system', migrationLockId: 4_720_613 },
  network: {
    airports: VS_AIRPORTS,
    aircraft: VS_FLEET,
    timetable: () => [...VS_TIMETABLE],
    // The UK gateways, and Delta's airports where its legs meet VS's.
    connectPoints: [...VS_GATEWAYS, 'ATL', 'JFK', 'BOS'],
    minConnectMinutes: { LHR: 90, MAN: 75, ATL: 90, JFK: 120, BOS: 90 },
    homeCountries: new Set(['GB']),
    carrierNames: { [VS_OWNER_CODE]: VS_CARRIER_NAME, [DELTA_OPERATOR.code]: DELTA_OPERATOR.name },
  },
  fares: {
    priceClasses: PRICE_CLASSES,
    // VS flies no First: a First search finds nothing.
    classesForCabinCode: { '1': [], '2': brandsIn('2'), '3': brandsIn('2'), '4': brandsIn('4'), '5': brandsIn('5') },
    classForCabin: { F: 'UPPER', J: 'UPPER', W: 'PREMIUM', Y: 'CLASSIC' },
    // PriceClassID PC1, PC2 … by brand; VS sends no price class Code (every shopping sample).
    priceClassKey: (def) => ({ id: `PC${def.displayOrder}`, code: null }),
    changeFee: vsChangeFee,
    cancelFee: vsCancelFee,
    componentRestrictions: vsComponentRestrictions,
    fareBasis: vsFareBasis,
    adultBase: vsAdultBase,
    paxBase: vsPaxBase,
    taxes: vsTaxes,
    roundTripFactor: () => 1,
    filingCurrency: (country) => (country === 'GB' ? 'GBP' : 'USD'),
    // VS's two currencies of sale, either on request (airshoppingrq_specific_currency_code.xml).
    requestedCurrencies: ['GBP', 'USD'],
  },
  services: VS_SERVICES,
  seats: VS_SEATS,
  sales: VS_SALES,
  errors: VS_ERRORS,
  texts: VS_TEXTS,
  keyCheck: VS_KEY_CHECK,
  // Route triggers on pairs no ordinary search uses: Manchester to points VS flies from London only,
  // and Delta-only legs.
  scenarios: {
    routeFaults: { 'MAN-JNB': 'slow', 'MAN-DEL': 'timeout', 'MAN-BOM': 'http5xx', 'MAN-TLV': 'malformed' },
    expiredOfferRoute: 'EWR-ATL',
    priceChangeRoute: 'ATL-DEN',
    priceChangePct: 8,
    soldOutRoute: 'BOS-MSP',
    ghostFlightRoute: 'ATL-MSY',
  },
  notify: { signatureHeader: 'x-airline-signature', devSecret: DEV_VS_NOTIFY_SECRET },
};
